import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, german, open } from './support';

/** Each static page with its English heading and the catalogue that translates it. */
const PAGES = [
  { path: '/about', heading: 'Our Story', catalogue: 'content' },
  { path: '/collections', heading: 'Collections', catalogue: 'collections' },
  { path: '/support/size-guide', heading: 'Size Guide', catalogue: 'content' },
  { path: '/support/shipping', heading: 'Shipping Info', catalogue: 'content' },
  { path: '/support/returns', heading: 'Returns', catalogue: 'content' },
  { path: '/support/faq', heading: 'Frequently Asked Questions', catalogue: 'content' },
  { path: '/privacy', heading: 'Privacy Policy', catalogue: 'content' },
  { path: '/terms', heading: 'Terms of Service', catalogue: 'content' },
] as const;

const LANGUAGES = [
  { lang: 'en', text: (english: string) => english },
  { lang: 'de', text: (english: string, catalogue: string) => german(english, catalogue) },
] as const;

for (const { lang, text } of LANGUAGES) {
  test(`static pages render their heading and pass axe (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    for (const { path, heading, catalogue } of PAGES) {
      await open(page, `${path}?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1, path).toHaveText(text(heading, catalogue));
      await expect(page, path).toHaveTitle(`${text(heading, catalogue)} · No Pain, No Gain`);
      await expect(page.getByRole('main'), `${path} has content`).not.toBeEmpty();
      await waitForSettled(page);
      await expectNoSeriousA11yViolations(page, `${path} (${lang})`);
    }
  });
}

/** The collections page loads its categories; analyse once that is over. */
async function waitForSettled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('size guide: both tables with the SPEC values', async ({ page }) => {
  await open(page, '/support/size-guide');
  const tops = page.getByRole('table', { name: /^Tops/ });
  const bottoms = page.getByRole('table', { name: /^Bottoms/ });
  const row = (table: typeof tops, size: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: size, exact: true }) });
  const TOPS = { S: ['104', '68'], M: ['110', '71'], L: ['116', '74'], XL: ['122', '77'] };
  for (const [size, cells] of Object.entries(TOPS)) await expect(row(tops, size).getByRole('cell')).toHaveText(cells);
  const BOTTOMS = { S: ['76–81', '20'], M: ['81–86', '21'], L: ['86–91', '22'], XL: ['91–96', '23'] };
  for (const [size, cells] of Object.entries(BOTTOMS)) await expect(row(bottoms, size).getByRole('cell')).toHaveText(cells);
  await expect(page.getByRole('main')).toContainText('Size down for a regular fit.');
});

test('collections: the three tiles and the categories of published products', async ({ page }) => {
  await open(page, '/collections');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^New Arrivals/ })).toHaveAttribute('href', '/shop?sort=new');
  await expect(main.getByRole('link', { name: /^Best Sellers/ })).toHaveAttribute('href', '/shop?sort=best');
  await expect(main.getByRole('link', { name: /^Gym Wear/ })).toHaveAttribute('href', '/shop?category=T-Shirts');
  const categories = main.getByRole('region', { name: 'Shop by Category' }).getByRole('link');
  await expect(categories.first()).toBeVisible();
  const hrefs = await categories.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^\/shop\?category=[a-z]+$/);
  expect(new Set(hrefs).size, 'each category once').toBe(hrefs.length);
});

test('about: the calls to action lead to the shop and the collections', async ({ page }) => {
  await open(page, '/about');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Shop Collection' })).toHaveAttribute('href', '/shop');
  await main.getByRole('link', { name: 'Explore Collections' }).click();
  await expect(page).toHaveURL('/collections');
});

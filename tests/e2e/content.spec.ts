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
  { path: '/impressum', heading: 'Legal notice', catalogue: 'content' },
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

/** Issue 20 §1: the legal notice is at most two clicks from every page; here it is one, from the footer. */
const MAIN_PAGES = ['/', '/shop', '/shop/iron-oversized-tee', '/collections', '/cart', '/auth', '/about', '/contact', '/support/faq', '/privacy', '/terms'];

/**
 * A catalogue text as a pattern, each placeholder standing for the company's data: the test holds
 * for the demo data and for the real data set in src/config/company.ts alike.
 */
const withData = (text: string) => new RegExp(text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '\\S.*'));

for (const { lang, text } of LANGUAGES) {
  test(`the legal notice: one click from each page's footer, every § 5 DDG item and the VSBG statement (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    const linkName = lang === 'en' ? 'Legal notice' : german('Legal notice');
    for (const path of MAIN_PAGES) {
      await open(page, `${path}?lang=${lang}`);
      await page.getByRole('contentinfo').getByRole('link', { name: linkName, exact: true }).click();
      await expect(page, `from ${path}`).toHaveURL(/\/impressum$/);
      await expect(page.getByRole('heading', { level: 1 }), `from ${path}`).toHaveText(text('Legal notice', 'content'));
    }

    const main = page.getByRole('main');
    for (const heading of ['Information according to § 5 DDG', 'Represented by', 'Contact', 'Commercial register', 'VAT ID', 'Consumer dispute resolution']) {
      await expect(main.getByRole('heading', { level: 2, name: text(heading, 'content') })).toBeVisible();
    }
    // Name with legal form, and a street address (no PO box).
    await expect(main).toContainText(/GmbH|AG|UG|KG|e\.K\./);
    await expect(main).toContainText(/\d{5} \S+/);
    await expect(main).not.toContainText(/Postfach|P\.?O\.? Box/i);
    for (const label of ['Legal form: {legalForm}', 'Managing directors: {directors}', 'Register court: {court}', 'Registration number: {registerNumber}']) {
      await expect(main).toContainText(withData(text(label, 'content')));
    }
    await expect(main).toContainText(/Amtsgericht \S+/);
    await expect(main).toContainText(/HR[AB] \d+/);
    await expect(main).toContainText(/§ 27a.*DE\d{9}/);
    // Quick electronic contact: phone and e-mail, both as links.
    await expect(main.locator('a[href^="tel:+"]')).toHaveCount(1);
    await expect(main.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(main).toContainText(text('We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board.', 'content'));
    // The EU's ODR platform closed on 20 July 2025: neither linked nor named.
    await expect(main.locator('a[href*="europa.eu"]')).toHaveCount(0);
    await expect(main).not.toContainText(/ODR|online dispute resolution|Online-Streitbeilegung/i);
    await expectNoSeriousA11yViolations(page, `/impressum (${lang})`);
  });
}

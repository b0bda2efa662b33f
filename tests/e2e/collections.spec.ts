import { expect, test, type Page } from '@playwright/test';
import { ANON_KEY, API_URL, expectNoSeriousA11yViolations, german, open } from './support';

/** SPEC §2 Collections: three tiles and "Shop by Category", each leading into the shop. */

const TILES = [
  ['New Arrivals', '/shop?sort=new'],
  ['Best Sellers', '/shop?sort=best'],
  ['Gym Wear', '/shop?category=T-Shirts'],
] as const;

let categories: string[];

test.beforeAll(async ({ request }) => {
  const res = await request.get(`${API_URL}/rest/v1/products`, {
    params: { select: 'category', status: 'eq.published' },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(res.ok(), `GET categories: ${res.status()}`).toBe(true);
  categories = [...new Set(((await res.json()) as { category: string }[]).map((r) => r.category))].sort();
  expect(categories.length).toBeGreaterThan(0);
});

/**
 * The shop (built separately) says how many products match ("12 products"); where it does, the
 * link must lead to a non-empty list.
 */
async function expectShopFindsSomething(page: Page, where: string) {
  const count = page.getByRole('main').getByText(/^\d+ products?$/);
  if (
    !(await count
      .first()
      .isVisible({ timeout: 10_000 })
      .catch(() => false))
  )
    return;
  const n = Number.parseInt((await count.first().textContent()) ?? '0', 10);
  expect(n, `products found for ${where}`).toBeGreaterThan(0);
}

test('the three tiles lead to their shop lists', async ({ page }) => {
  for (const [name, href] of TILES) {
    await open(page, '/collections');
    const tile = page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(tile).toHaveAttribute('href', href);
    await tile.click();
    await expect(page).toHaveURL(href);
    await expectShopFindsSomething(page, href);
  }
});

test('"Shop by Category" links every published category to the shop', async ({ page }) => {
  await open(page, '/collections');
  const section = page.getByRole('region', { name: 'Shop by Category' });
  const links = section.getByRole('link');
  await expect(links).toHaveCount(categories.length);
  const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
  expect(hrefs.sort()).toEqual(categories.map((c) => `/shop?category=${encodeURIComponent(c)}`).sort());
  await expectNoSeriousA11yViolations(page, '/collections');

  for (const category of categories) {
    await open(page, '/collections');
    await section
      .getByRole('link')
      .and(page.locator(`[href="/shop?category=${encodeURIComponent(category)}"]`))
      .click();
    await expect(page).toHaveURL(`/shop?category=${encodeURIComponent(category)}`);
    await expectShopFindsSomething(page, category);
  }
});

test('German collections: same links, German names', async ({ page }) => {
  await open(page, '/collections?lang=de');
  const section = page.getByRole('region', { name: german('Shop by Category', 'collections') });
  await expect(section.getByRole('link')).toHaveCount(categories.length);
  if (categories.includes('clothing')) await expect(section.getByRole('link', { name: german('Clothing') })).toHaveAttribute('href', '/shop?category=clothing');
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${german('Best Sellers', 'collections')}`) })).toHaveAttribute('href', '/shop?sort=best');
});

import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ANON_KEY, API_URL, expectCartCount, expectNoSeriousA11yViolations, expectNoSidewaysScroll, german, LOCALE_KEY, open } from './support';

/**
 * /shop against the seeded catalogue: what the cards show is checked against the same rows read
 * through the public REST API (same filters, same order, same tie-breaks as the app asks for).
 */

const PAGE_SIZE = 12;
type Row = { slug: string; title: string; min_price: number | null; category: string; tags: string[]; featured: boolean };

const ORDER = {
  newest: 'created_at.desc.nullslast,created_at.desc,id.asc',
  priceAsc: 'min_price.asc.nullslast,created_at.desc,id.asc',
  priceDesc: 'min_price.desc.nullslast,created_at.desc,id.asc',
  titleAsc: 'title.asc.nullslast,created_at.desc,id.asc',
  best: 'units_sold.desc.nullslast,created_at.desc,id.asc',
};

/** Every published product matching the PostgREST filters, in the given order. */
async function listing(request: APIRequestContext, filters: Record<string, string> = {}, order = ORDER.newest): Promise<Row[]> {
  const res = await request.get(`${API_URL}/rest/v1/product_listing`, {
    params: { select: 'slug,title,min_price,category,tags,featured', status: 'eq.published', order, ...filters },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(res.ok(), `GET product_listing: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Row[];
}

const pageOf = (rows: Row[], page = 1) => rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
const results = (page: Page) => page.getByRole('region', { name: 'Products' });
const cards = (page: Page) => results(page).getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 2 });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
const countText = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/** The cards are exactly these rows (titles in order) and the count is the API's total. */
async function expectShown(page: Page, rows: Row[], total: number) {
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await expect(cardTitles(page)).toHaveText(rows.map((r) => r.title));
  await expect(page.getByRole('main').getByText(/^\d+ products?$/)).toHaveText(countText(total));
}

/** The price each card shows first (its lowest), in euros. */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).allInnerTexts();
  return texts.map((text) => {
    const match = /€([\d,]+\.\d{2})/.exec(text);
    expect(match, `a price in the card:\n${text}`).toBeTruthy();
    return Number(match![1].replace(/,/g, ''));
  });
}

const isSorted = (values: number[], direction: 'asc' | 'desc') => values.every((v, i) => i === 0 || (direction === 'asc' ? values[i - 1] <= v : values[i - 1] >= v));

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the plain shop: newest first, 12 cards, the exact count, the title; no a11y violations', async ({ page, request }) => {
  const all = await listing(request);
  expect(all.length).toBeGreaterThan(PAGE_SIZE);
  const errors = collectPageErrors(page);
  await open(page, '/shop');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop');
  await expect(page).toHaveTitle(/^Shop · /);
  await expectShown(page, pageOf(all), all.length);
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  await expectNoSeriousA11yViolations(page, '/shop results');
  expect(errors).toEqual([]);
});

test('filters write the URL, the cards match the API, and a filter change resets the page', async ({ page, request }) => {
  await open(page, '/shop?page=2');
  await expectShown(page, pageOf(await listing(request), 2), (await listing(request)).length);

  await sidebar(page).getByRole('radio', { name: 'Clothing' }).click();
  await expect(page).toHaveURL(/\/shop\?category=clothing$/);
  const clothing = await listing(request, { category: 'eq.clothing' });
  await expectShown(page, pageOf(clothing), clothing.length);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clothing');

  await sidebar(page).getByRole('button', { name: 'M', exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?category=clothing&size=M$/);
  const clothingM = await listing(request, { category: 'eq.clothing', sizes: 'cs.{M}' });
  await expectShown(page, pageOf(clothingM), clothingM.length);

  await sidebar(page).getByRole('button', { name: /Black/ }).click();
  await sidebar(page).getByRole('checkbox', { name: 'In stock only' }).check();
  await expect(page).toHaveURL(/\/shop\?category=clothing&size=M&color=Black&inStock=true$/);
  const narrowed = await listing(request, { category: 'eq.clothing', sizes: 'cs.{M}', colors: 'cs.{Black}', in_stock: 'is.true' });
  await expectShown(page, pageOf(narrowed), narrowed.length);

  await sidebar(page).getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(sidebar(page).getByRole('radio', { name: 'All' })).toBeChecked();
});

test('a filter change on page 2 goes back to page 1', async ({ page, request }) => {
  const all = await listing(request);
  await open(page, '/shop?sortField=title&sortDirection=asc&page=2');
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await sidebar(page).getByRole('radio', { name: 'Accessories' }).click();
  await expect(page).toHaveURL(/\/shop\?category=accessories&sortField=title&sortDirection=asc$/);
  const accessories = await listing(request, { category: 'eq.accessories' }, ORDER.titleAsc);
  await expectShown(page, pageOf(accessories), accessories.length);
  expect(accessories.length).toBeLessThan(all.length);
});

test('sorting by price, both ways, shows the prices in order across pages', async ({ page, request }) => {
  await open(page, '/shop');
  const sort = page.getByRole('combobox', { name: 'Sort by' });

  await sort.selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sortField=price&sortDirection=asc/);
  const asc = await listing(request, {}, ORDER.priceAsc);
  await expectShown(page, pageOf(asc), asc.length);
  const first = await shownPrices(page);
  expect(isSorted(first, 'asc'), `non-decreasing: ${first}`).toBe(true);
  await results(page).getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expectShown(page, pageOf(asc, 2), asc.length);
  const second = await shownPrices(page);
  expect(isSorted([...first, ...second], 'asc'), `non-decreasing over two pages: ${[...first, ...second]}`).toBe(true);

  await sort.selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL(/\/shop\?sortField=price&sortDirection=desc$/);
  const desc = await listing(request, {}, ORDER.priceDesc);
  await expectShown(page, pageOf(desc), desc.length);
  const prices = await shownPrices(page);
  expect(isSorted(prices, 'desc'), `non-increasing: ${prices}`).toBe(true);
});

test('sorting by name A–Z follows the server order', async ({ page, request }) => {
  await open(page, '/shop');
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name: A–Z' });
  await expect(page).toHaveURL(/\/shop\?sortField=title&sortDirection=asc$/);
  const rows = await listing(request, {}, ORDER.titleAsc);
  await expectShown(page, pageOf(rows), rows.length);
  const titles = rows.map((r) => r.title.toLowerCase());
  expect(titles.slice(0, PAGE_SIZE)).toEqual([...titles.slice(0, PAGE_SIZE)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
});

test('pagination: 12 per page, page 2 is different, the count is exact, links work without JS routing', async ({ page, request }) => {
  const all = await listing(request);
  const pages = Math.ceil(all.length / PAGE_SIZE);
  await open(page, '/shop');
  const nav = page.getByRole('navigation', { name: 'Pagination' });
  await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: `Page ${pages}` })).toHaveAttribute('href', `/shop?page=${pages}`);
  const firstPage = await cardTitles(page).allTextContents();
  await nav.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  await expectShown(page, pageOf(all, 2), all.length);
  const secondPage = await cardTitles(page).allTextContents();
  expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);
  await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // A page past the last one becomes the last page.
  await open(page, '/shop?page=999');
  await expect(page).toHaveURL(new RegExp(`/shop\\?page=${pages}$`));
  await expectShown(page, pageOf(all, pages), all.length);
});

test('back and forward restore the filters', async ({ page, request }) => {
  await open(page, '/shop');
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await sidebar(page).getByRole('radio', { name: 'Clothing' }).click();
  await expect(page).toHaveURL(/category=clothing$/);
  await sidebar(page).getByRole('button', { name: 'L', exact: true }).click();
  await expect(page).toHaveURL(/category=clothing&size=L$/);
  const clothingL = await listing(request, { category: 'eq.clothing', sizes: 'cs.{L}' });
  await expectShown(page, pageOf(clothingL), clothingL.length);

  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?category=clothing$/);
  await expect(sidebar(page).getByRole('button', { name: 'L', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(sidebar(page).getByRole('radio', { name: 'Clothing' })).toBeChecked();
  const clothing = await listing(request, { category: 'eq.clothing' });
  await expectShown(page, pageOf(clothing), clothing.length);

  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(sidebar(page).getByRole('radio', { name: 'All' })).toBeChecked();

  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/category=clothing&size=L$/);
  await expect(sidebar(page).getByRole('button', { name: 'L', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectShown(page, pageOf(clothingL), clothingL.length);
});

test('the price slider commits once when a thumb is let go', async ({ page, request }) => {
  await open(page, '/shop');
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  const max = sidebar(page).getByRole('slider', { name: 'Maximum price' });
  const track = sidebar(page).locator('[data-part="track"]');
  await max.scrollIntoViewIfNeeded();
  const thumb = (await max.boundingBox())!;
  const box = (await track.boundingBox())!;
  const before = await page.evaluate(() => history.length);
  await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width * (1 - 0.06 * i), thumb.y + thumb.height / 2);
  await page.mouse.up();
  await expect(page).toHaveURL(/\/shop\?maxPrice=\d+$/);
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  const limit = Number(new URL(page.url()).searchParams.get('maxPrice'));
  expect(limit % 5).toBe(0);
  await expect(sidebar(page).getByText(`€0 – €${limit}`)).toBeVisible();
  const rows = await listing(request, { min_price: `lte.${limit * 100}` });
  await expectShown(page, pageOf(rows), rows.length);
  for (const price of await shownPrices(page)) expect(price).toBeLessThanOrEqual(limit);
});

test.describe('links from elsewhere (aliases)', () => {
  test('category=apparel is clothing; category=T-Shirts is clothing tagged t-shirt', async ({ page, request }) => {
    const clothing = await listing(request, { category: 'eq.clothing' });
    await open(page, '/shop?category=apparel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clothing');
    await expectShown(page, pageOf(clothing), clothing.length);

    const tees = await listing(request, { category: 'eq.clothing', tags: 'ov.{t-shirt}' });
    expect(tees.length).toBeGreaterThan(0);
    await open(page, '/shop?category=T-Shirts');
    await expectShown(page, pageOf(tees), tees.length);
    const chip = page.getByRole('button', { name: 'Remove filter: #t-shirt' });
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(page).toHaveURL(/\/shop\?category=clothing$/);
    await expectShown(page, pageOf(clothing), clothing.length);
  });

  test('category=new and sort=new are newest first; sort=best is best sellers; featured=true', async ({ page, request }) => {
    const newest = await listing(request);
    for (const path of ['/shop?category=new', '/shop?sort=new']) {
      await open(page, path);
      await expectShown(page, pageOf(newest), newest.length);
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    }

    await open(page, '/shop?sort=best');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('best');
    await expect(page.getByRole('combobox', { name: 'Sort by' }).locator('option:checked')).toHaveText('Best sellers');
    const best = await listing(request, {}, ORDER.best);
    await expectShown(page, pageOf(best), best.length);

    const featured = await listing(request, { featured: 'is.true' });
    expect(featured.length).toBeGreaterThan(0);
    await open(page, '/shop?featured=true');
    await expectShown(page, pageOf(featured), featured.length);
    await page.getByRole('button', { name: 'Remove filter: Featured' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expectShown(page, pageOf(newest), newest.length);
  });

  test('a search link shows its chip and the matching products', async ({ page, request }) => {
    await open(page, '/shop?q=tee');
    await expect(page.getByRole('button', { name: 'Remove filter: Search: tee' })).toBeVisible();
    const rows = await listing(request, { or: '(title.ilike.*tee*,description.ilike.*tee*,title_de.ilike.*tee*,description_de.ilike.*tee*)' });
    expect(rows.length).toBeGreaterThan(0);
    await expectShown(page, pageOf(rows), rows.length);
  });
});

test('nonsense parameters are ignored: the shop renders without errors', async ({ page, request }) => {
  const errors = collectPageErrors(page);
  const all = await listing(request);
  await open(page, `/shop?page=abc&minPrice=-5&maxPrice=abc&sortField=evil&sortDirection=sideways&category=nope&inStock=maybe&size=&q=${'x'.repeat(150)}&featured=1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop');
  await expectShown(page, pageOf(all), all.length);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await open(page, '/shop?minPrice=150&maxPrice=20&page=0&tag=');
  await expectShown(page, pageOf(all), all.length);
  expect(errors).toEqual([]);
});

test('nothing found: the empty state with Clear all; a failed load: Try Again', async ({ page, request }) => {
  await open(page, '/shop?q=zzz-no-such-product&size=XL');
  await expect(results(page).getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(results(page).getByText('Try adjusting your filters or search terms')).toBeVisible();
  await expect(page.getByRole('main').getByText('0 products')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/shop empty');
  await results(page).getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  const all = await listing(request);
  await expectShown(page, pageOf(all), all.length);

  await page.route('**/rest/v1/product_listing**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }));
  await sidebar(page).getByRole('radio', { name: 'Equipment' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(alert).toContainText("We're having trouble loading the products. Please try again.");
  await expectNoSeriousA11yViolations(page, '/shop error');
  await page.unroute('**/rest/v1/product_listing**');
  await alert.getByRole('button', { name: 'Try Again' }).click();
  const equipment = await listing(request, { category: 'eq.equipment' });
  await expectShown(page, pageOf(equipment), equipment.length);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters open in a panel, apply at once, and the page never scrolls sideways', async ({ page, request }) => {
    await open(page, '/shop');
    await expect(results(page)).toHaveAttribute('aria-busy', 'false');
    await expect(sidebar(page)).toBeHidden();
    await expectNoSidewaysScroll(page, '/shop on a phone', 390);

    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel).toBeVisible();
    await panel.getByRole('radio', { name: 'Accessories' }).check();
    await expect(page).toHaveURL(/\/shop\?category=accessories$/);
    const accessories = await listing(request, { category: 'eq.accessories' });
    await expect(panel.getByRole('button', { name: `Show ${countText(accessories.length)}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/shop filter panel');
    await panel.getByRole('button', { name: `Show ${countText(accessories.length)}` }).click();
    await expect(panel).toBeHidden();
    await expectShown(page, pageOf(accessories), accessories.length);
  });
});

test.describe('quick add', () => {
  type ProductRow = { slug: string; title: string; variants: { size: string | null; color: string | null; inventory: number }[] };

  async function products(request: APIRequestContext): Promise<ProductRow[]> {
    const res = await request.get(`${API_URL}/rest/v1/products`, {
      params: { select: 'slug,title,variants(size,color,inventory)', status: 'eq.published' },
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
    });
    expect(res.ok()).toBe(true);
    return (await res.json()) as ProductRow[];
  }
  const distinct = (values: (string | null)[]) => new Set(values.filter(Boolean)).size;
  const card = (page: Page, title: string): Locator => cards(page).filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

  test('a product with one variant goes into the cart; one with several sizes opens its page', async ({ page, request }) => {
    const all = await products(request);
    const single = all.find((p) => distinct(p.variants.map((v) => v.size)) <= 1 && distinct(p.variants.map((v) => v.color)) <= 1 && p.variants.some((v) => v.inventory > 0));
    const several = all.find((p) => distinct(p.variants.map((v) => v.size)) > 1);
    expect(single, 'a seeded product with one variant in stock').toBeTruthy();
    expect(several, 'a seeded product with several sizes').toBeTruthy();

    await open(page, `/shop?q=${encodeURIComponent(single!.title)}`);
    await expectCartCount(page, 0);
    await card(page, single!.title).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toContainText(single!.title);
    await expectCartCount(page, 1);
    await page.keyboard.press('Escape');

    await open(page, `/shop?q=${encodeURIComponent(several!.title)}`);
    await card(page, several!.title).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${several!.slug}$`));
    await expectCartCount(page, 1);
  });
});

test('in German: headings, count, sort, filters and colours', async ({ page, request }) => {
  await page.addInitScript((key) => localStorage.setItem(key, 'de'), LOCALE_KEY);
  const clothing = await listing(request, { category: 'eq.clothing' });
  await open(page, '/shop?category=clothing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(german('Clothing'));
  await expect(page.getByRole('main').getByText(`${clothing.length} Produkte`)).toBeVisible();
  const sort = page.getByRole('combobox', { name: german('Sort by', 'shop') });
  await expect(sort.locator('option:checked')).toHaveText(german('Newest first', 'shop'));
  const filters = page.getByRole('complementary', { name: german('Filters', 'shop') });
  await expect(filters.getByRole('group', { name: german('Size', 'shop') })).toBeVisible();
  await expect(filters.getByRole('button', { name: 'Knochenweiß' })).toBeVisible();
  await expect(filters.getByRole('button', { name: 'Blutrot' })).toBeVisible();
  await expect(filters.getByText('0 € – 200 €+')).toBeVisible();
  await expect(filters.getByRole('checkbox', { name: german('In stock only', 'shop') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: german('Pagination', 'shop') }).getByRole('link', { name: german('Next', 'shop') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/shop in German');
});

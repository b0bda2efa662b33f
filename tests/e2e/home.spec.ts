import { expect, test, type Page } from '@playwright/test';
import { ANON_KEY, API_URL, cartButton, expectCartCount, expectNoSeriousA11yViolations, expectNoSidewaysScroll, german, open } from './support';

/** SPEC §2 Home / §7 Featured: the home page's featured block against the seeded catalogue. */

type FeaturedRow = { id: string; slug: string; title: string; title_de: string | null; currency: string; variants: { price: number; inventory: number }[] };

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

let featured: FeaturedRow[];

test.beforeAll(async ({ request }) => {
  const res = await request.get(`${API_URL}/rest/v1/products`, {
    params: {
      select: 'id,slug,title,title_de,currency,variants(price,inventory)',
      status: 'eq.published',
      featured: 'eq.true',
      order: 'created_at.desc,id.asc',
      limit: '6',
    },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(res.ok(), `GET featured products: ${res.status()}`).toBe(true);
  featured = (await res.json()) as FeaturedRow[];
  expect(featured.length, 'the seed has featured products').toBeGreaterThan(0);
});

const section = (page: Page, name = 'Featured') => page.getByRole('region', { name });
const cardFor = (page: Page, title: string) =>
  section(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('the featured grid shows up to 6 seeded featured products with their prices', async ({ page }) => {
  await open(page, '/');
  const block = section(page);
  const cards = block.getByRole('list', { name: 'Featured products' }).getByRole('article');
  await expect(cards).toHaveCount(Math.min(6, featured.length));
  for (const product of featured) {
    const card = cardFor(page, product.title);
    await expect(card, product.title).toHaveCount(1);
    const lowest = Math.min(...product.variants.map((v) => v.price));
    await expect(card).toContainText(money(lowest, product.currency));
    await expect(card.getByRole('link', { name: product.title })).toHaveAttribute('href', `/shop/${product.slug}`);
  }
  await expect(block.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/shop?featured=true');
  // Below the hero: the images wait until they are scrolled near, and keep their box.
  for (const img of await block.locator('img').all()) {
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('width', /\d+/);
  }
  await expectNoSeriousA11yViolations(page, '/ with the featured products');
});

test('Add to Cart on a featured card opens the drawer with that product and counts it', async ({ page }) => {
  const product = featured.find((p) => p.variants.some((v) => v.inventory > 0));
  test.skip(!product, 'no featured product in stock');
  await open(page, '/');
  await expectCartCount(page, 0);
  await cardFor(page, product!.title).getByRole('button', { name: 'Add to Cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1);
  await expect(drawer).toContainText(product!.title);
  await expectCartCount(page, 1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // A second add raises the same line.
  await cardFor(page, product!.title).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1);
  await expectCartCount(page, 2);
  await page.keyboard.press('Escape');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
});

test('a featured title opens its product page', async ({ page }) => {
  const product = featured[0];
  await open(page, '/');
  await cardFor(page, product.title).getByRole('link', { name: product.title }).click();
  await expect(page).toHaveURL(`/shop/${product.slug}`);
});

test('German home: texts, German product titles and prices', async ({ page }) => {
  await open(page, '/?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: german('No Pain, No Gain', 'home') })).toBeVisible();
  await expect(page.getByRole('heading', { name: german('From TikTok to Empire', 'home') })).toBeVisible();
  const block = section(page, german('Featured', 'home'));
  await expect(block.getByRole('heading', { level: 2 })).toHaveText('Highlights');
  await expect(block.getByRole('link', { name: german('View all', 'home') })).toHaveAttribute('href', '/shop?featured=true');
  const cards = block.getByRole('list', { name: german('Featured products', 'home') }).getByRole('article');
  await expect(cards).toHaveCount(Math.min(6, featured.length));
  for (const product of featured) {
    await expect(block.getByRole('heading', { name: product.title_de || product.title, exact: true })).toBeVisible();
  }
  // German prices: "34,99 €".
  await expect(cards.first()).toContainText(/\d,\d\d\s€/);
  await expectNoSeriousA11yViolations(page, '/?lang=de');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the featured block moves nothing while it loads (CLS ≤ 0.05) and fits the screen', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await open(page, '/');
    await expect(section(page).getByRole('article').first()).toBeAttached();
    await section(page).scrollIntoViewIfNeeded();
    await expect(section(page).getByRole('article')).toHaveCount(Math.min(6, featured.length));
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls, 'cumulative layout shift of the home page').toBeLessThanOrEqual(0.05);
    await expectNoSidewaysScroll(page, 'the home page on a phone', 360);
  });
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ANON_KEY, API_URL, expectCartCount, expectNoSeriousA11yViolations, german, open } from './support';

/** The product page against the seeded catalogue: variants, quantity, cart, SEO, German, related. */

type ApiVariant = { id: string; sku: string; size: string | null; color: string | null; price: number; inventory: number };
type ApiProduct = {
  id: string;
  slug: string;
  title: string;
  title_de: string | null;
  category: string;
  meta_title: string | null;
  meta_description: string | null;
  description: string | null;
  variants: ApiVariant[];
};

async function product(request: APIRequestContext, slug: string): Promise<ApiProduct> {
  const res = await request.get(`${API_URL}/rest/v1/products`, {
    params: { select: 'id,slug,title,title_de,category,meta_title,meta_description,description,variants(id,sku,size,color,price,inventory)', slug: `eq.${slug}` },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(res.ok(), `GET product ${slug}: ${res.status()}`).toBe(true);
  const [row] = (await res.json()) as ApiProduct[];
  expect(row, `seeded product ${slug}`).toBeTruthy();
  return row;
}

const TEE = 'iron-oversized-tee';
const main = (page: Page) => page.getByRole('main');
const sizeGroup = (page: Page) => main(page).getByRole('group', { name: /^Size/ });
const colorGroup = (page: Page) => main(page).getByRole('group', { name: /^Color/ });
const qty = (page: Page) => main(page).getByRole('spinbutton', { name: 'Quantity' });

test('variants: sold-out sizes are disabled; the quantity stays within 1 and the variant’s stock', async ({ page, request }) => {
  const tee = await product(request, TEE);
  const soldOut = tee.variants.find((v) => v.inventory === 0 && v.size && v.color);
  expect(soldOut, 'the seed has a sold-out size of the tee').toBeTruthy();
  // The in-stock variant with the least stock: the quantity must stop there.
  const scarce = tee.variants.filter((v) => v.inventory > 0).sort((a, b) => a.inventory - b.inventory)[0];

  await open(page, `/shop/${TEE}`);
  await expect(main(page).getByRole('heading', { level: 1, name: tee.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the product page');

  await colorGroup(page).getByRole('button', { name: soldOut!.color!, exact: true }).click();
  await expect(sizeGroup(page).getByRole('button', { name: `${soldOut!.size}, Sold out` })).toBeDisabled();

  await colorGroup(page).getByRole('button', { name: scarce.color!, exact: true }).click();
  await sizeGroup(page).getByRole('button', { name: scarce.size!, exact: true }).click();
  await expect(sizeGroup(page).getByRole('button', { name: scarce.size!, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(main(page).getByText(scarce.sku)).toBeVisible();

  await expect(main(page).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await qty(page).fill('999');
  await expect(qty(page)).toHaveValue(String(scarce.inventory));
  await expect(main(page).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  await qty(page).fill('0');
  await expect(qty(page)).toHaveValue('1');
  await main(page).getByRole('button', { name: 'Increase quantity' }).click();
  await expect(qty(page)).toHaveValue(scarce.inventory > 1 ? '2' : '1');
});

test('Add to Cart: the toast names quantity and title, and the drawer opens with the line', async ({ page, request }) => {
  const tee = await product(request, TEE);
  await open(page, `/shop/${TEE}`);
  await expect(main(page).getByRole('heading', { level: 1, name: tee.title })).toBeVisible();
  await main(page).getByRole('button', { name: 'Increase quantity' }).click();
  await main(page).getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`2 x ${tee.title} added to your cart.`)).toBeVisible();
  const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').filter({ hasText: tee.title })).toBeVisible();
  await expectCartCount(page, 2);
});

test('Buy Now lands on /cart with the line', async ({ page, request }) => {
  const tee = await product(request, TEE);
  await open(page, `/shop/${TEE}`);
  await main(page).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/cart');
  await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toHaveCount(0);
  await expect(main(page).getByText(tee.title).first()).toBeVisible();
  await expectCartCount(page, 1);
});

test('an unknown slug: Product Not Found, and Continue Shopping leads to the shop', async ({ page }) => {
  await open(page, '/shop/no-such-product-here');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
  await expect(main(page).getByText("The product you're looking for doesn't exist or has been removed.")).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'product not found');
  await main(page).getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/shop');
});

test('SEO: title, meta description and a Product JSON-LD with offers', async ({ page, request }) => {
  const tee = await product(request, TEE);
  await open(page, `/shop/${TEE}`);
  await expect(main(page).getByRole('heading', { level: 1, name: tee.title })).toBeVisible();
  // The seeded meta title ends in the brand; the page names it once.
  await expect(page).toHaveTitle(`${(tee.meta_title || tee.title).replace(/ \| No Pain, No Gain$/, '')} · No Pain, No Gain`);
  const expected = (tee.meta_description || tee.description || '').trim().slice(0, 160);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', expected);
  const script = page.locator('script[type="application/ld+json"]');
  await expect(script).toHaveCount(1);
  const data = JSON.parse((await script.textContent()) ?? '{}');
  expect(data['@type']).toBe('Product');
  expect(data.name).toBe(tee.title);
  expect(data.brand).toEqual({ '@type': 'Brand', name: 'No Pain, No Gain' });
  const prices = tee.variants.map((v) => v.price);
  expect(data.offers).toMatchObject({
    '@type': 'AggregateOffer',
    lowPrice: (Math.min(...prices) / 100).toFixed(2),
    highPrice: (Math.max(...prices) / 100).toFixed(2),
    offerCount: tee.variants.length,
    availability: 'https://schema.org/InStock',
  });
  expect(data.url).toBe(new URL(`/shop/${TEE}`, page.url()).href);
  // Seeded approved reviews: the rating is in the data.
  await expect.poll(async () => JSON.parse((await script.textContent()) ?? '{}').aggregateRating?.reviewCount ?? 0).toBeGreaterThan(0);
  // Leaving the page takes the script with it.
  await main(page).getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/shop');
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
});

test('German: texts and the German title', async ({ page, request }) => {
  const tee = await product(request, TEE);
  await open(page, `/shop/${TEE}?lang=de`);
  await expect(main(page).getByRole('heading', { level: 1, name: tee.title_de || tee.title })).toBeVisible();
  await expect(main(page).getByRole('button', { name: german('Add to Cart', 'product') })).toBeVisible();
  await expect(main(page).getByRole('button', { name: german('Buy Now', 'product') })).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 2, name: german('Reviews', 'product') })).toBeVisible();
  await expect(main(page).getByRole('group', { name: new RegExp(`^${german('Size', 'product')}`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the product page in German');
  await main(page)
    .getByRole('button', { name: german('Add to Cart', 'product') })
    .click();
  const toast = german('{qty} x {title} added to your cart.')
    .replace('{qty}', '1')
    .replace('{title}', tee.title_de || tee.title);
  await expect(page.getByText(toast)).toBeVisible();
});

test('related products link to other products of the same category', async ({ page, request }) => {
  const tee = await product(request, TEE);
  await open(page, `/shop/${TEE}`);
  const related = main(page).getByRole('region', { name: 'You May Also Like' });
  await expect(related.getByRole('article').first()).toBeVisible();
  const hrefs = await related
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.length).toBeLessThanOrEqual(4);
  for (const href of hrefs) {
    expect(href).toMatch(/^\/shop\/[\w-]+$/);
    const slug = href.replace('/shop/', '');
    expect(slug).not.toBe(TEE);
    expect((await product(request, slug)).category).toBe(tee.category);
  }
  // Following one opens that product.
  await related.getByRole('heading').getByRole('link').first().click();
  await expect(page).toHaveURL((url) => url.pathname === hrefs[0]);
  await expect(main(page).getByRole('heading', { level: 1 })).not.toHaveText(tee.title);
});

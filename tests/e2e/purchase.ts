import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LOCAL_SERVICE_ROLE_KEY } from '../../server/config.ts';
import { PAYMENT_METHODS, PAYMENT_METHODS_NOT_OFFERED } from '../../src/config/shop.ts';
import { ANON_KEY, API_URL, german, type SeedVariant } from './support';

/**
 * Helpers for the checkout and orders journeys: variants read by SKU, stock set as the service
 * role (a journey makes the condition it needs rather than hoping the seed has it), purchases made
 * through the API (when a journey needs an order but is not about buying it), the dev outbox, and
 * moving focus with the Tab key only.
 */

/** The storefront, as the checkout's return URLs must name it (the function accepts its own site only). */
export const SITE_URL = 'http://localhost:5173';
/** The local hosted payment page: /_dev/checkout/{session id} on the API host. */
export const PAYMENT_PAGE = new RegExp(`^${API_URL.replace(/[.]/g, '\\.')}/_dev/checkout/cs_local_[A-Za-z0-9_]+$`);

const SERVICE = { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };

export type StockVariant = SeedVariant & { inventory: number; slug: string; titleDe: string | null };

/** One variant by its SKU, with its product's slug and titles and its current stock. */
export async function variantBySku(request: APIRequestContext, sku: string): Promise<StockVariant> {
  const res = await request.get(`${API_URL}/rest/v1/variants`, {
    params: { select: 'id,price,sku,product_id,size,color,inventory,products!inner(slug,title,title_de,currency)', sku: `eq.${sku}` },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(res.ok(), `GET variant ${sku}: ${res.status()} ${await res.text()}`).toBe(true);
  const rows = (await res.json()) as (Omit<StockVariant, 'title' | 'titleDe' | 'currency' | 'slug'> & {
    products: { slug: string; title: string; title_de: string | null; currency: string };
  })[];
  expect(rows, `the seed has the variant ${sku}`).toHaveLength(1);
  const { products, ...variant } = rows[0];
  return { ...variant, slug: products.slug, title: products.title, titleDe: products.title_de, currency: products.currency };
}

/** Sets a variant's stock as the service role (the storefront's roles may not). */
export async function setInventory(request: APIRequestContext, variantId: string, inventory: number): Promise<void> {
  const res = await request.patch(`${API_URL}/rest/v1/variants`, {
    params: { id: `eq.${variantId}` },
    data: { inventory },
    headers: { ...SERVICE, Prefer: 'return=representation' },
  });
  expect(res.ok(), `PATCH variant ${variantId}: ${res.status()} ${await res.text()}`).toBe(true);
  expect(((await res.json()) as { inventory: number }[]).map((r) => r.inventory)).toEqual([inventory]);
}

/** A variant's stock now. */
export async function inventoryOf(request: APIRequestContext, variantId: string): Promise<number> {
  const res = await request.get(`${API_URL}/rest/v1/variants`, { params: { select: 'inventory', id: `eq.${variantId}` }, headers: SERVICE });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { inventory: number }[])[0].inventory;
}

export type StoredOrder = {
  id: string;
  order_number: string;
  user_id: string | null;
  customer_email: string | null;
  status: string;
  subtotal: number;
  shipping: number;
  total: number;
  currency: string;
  shipping_region: string | null;
  locale: string;
  checkout_session_id: string;
  shipping_address: AddressInput | null;
  refunded_total: number;
};

/** The order a checkout session became, as the service role sees it (undefined while there is none). */
export async function orderOfSession(request: APIRequestContext, sessionId: string): Promise<StoredOrder | undefined> {
  const res = await request.get(`${API_URL}/rest/v1/orders`, { params: { select: '*', checkout_session_id: `eq.${sessionId}` }, headers: SERVICE });
  expect(res.ok(), `GET orders: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as StoredOrder[])[0];
}

/** A delivery address in each shipping region, as a shopper types it on the payment page. */
export const ADDRESSES = {
  DE: { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE' },
  EU: { name: 'Anna Gruber', line1: 'Mariahilfer Straße 1', postalCode: '1060', city: 'Wien', country: 'AT' },
  UK: { name: 'Oliver Smith', line1: '10 Downing Street', postalCode: 'SW1A 2AA', city: 'London', country: 'GB' },
  US: { name: 'Jane Doe', line1: '350 Fifth Avenue', postalCode: '10118', city: 'New York', country: 'US' },
} as const;

/** The payment page's address labels (supabase/functions/_shared/address.ts ADDRESS_LABELS); optional fields add "(optional)". */
export const ADDRESS_FIELD_LABELS = {
  en: {
    email: 'Email',
    name: 'Full name',
    line1: 'Address line 1',
    line2: 'Address line 2 (optional)',
    postalCode: 'Postcode',
    city: 'City',
    country: 'Country',
    phone: 'Phone (optional)',
    pay: 'Pay',
  },
  de: {
    email: 'E-Mail',
    name: 'Vor- und Nachname',
    line1: 'Adresszeile 1',
    line2: 'Adresszeile 2 (freiwillig)',
    postalCode: 'Postleitzahl',
    city: 'Ort',
    country: 'Land',
    phone: 'Telefon (freiwillig)',
    pay: 'Bezahlen',
  },
} as const;

export type AddressInput = { name: string; line1: string; line2?: string; postalCode: string; city: string; country: string; phone?: string };

/**
 * A field of the payment page by its accessible name. The labels carry a required mark ("*",
 * aria-hidden), so a label's text is not its name: read them by role.
 */
export const paymentField = (page: Page, name: string): Locator => page.getByRole('main').getByRole('textbox', { name, exact: true });
export const countrySelect = (page: Page, lang: 'en' | 'de' = 'en'): Locator =>
  page.getByRole('main').getByRole('combobox', { name: ADDRESS_FIELD_LABELS[lang].country, exact: true });

/** Fills the payment page's shipping address (the country only when the region offers a choice). */
export async function fillAddress(page: Page, address: AddressInput, lang: 'en' | 'de' = 'en'): Promise<void> {
  const labels = ADDRESS_FIELD_LABELS[lang];
  for (const field of ['name', 'line1', 'line2', 'postalCode', 'city', 'phone'] as const) {
    await paymentField(page, labels[field]).fill(address[field] ?? '');
  }
  const country = countrySelect(page, lang);
  if ((await country.inputValue()) !== address.country) await country.selectOption(address.country);
}

/**
 * Types the shipping address with the keyboard only: Tab to each field (Tab into a filled field
 * selects its text, so typing replaces it; an empty value clears it), the country chosen by typing
 * its name when the region offers more than one.
 */
export async function typeAddress(page: Page, address: AddressInput, { lang = 'en', countryName }: { lang?: 'en' | 'de'; countryName?: string } = {}): Promise<void> {
  const labels = ADDRESS_FIELD_LABELS[lang];
  for (const field of ['name', 'line1', 'line2', 'postalCode', 'city'] as const) {
    const input = paymentField(page, labels[field]);
    await tabTo(page, input, { max: 5 });
    await page.keyboard.press('ControlOrMeta+A');
    const value = address[field] ?? '';
    if (value) await page.keyboard.type(value);
    else await page.keyboard.press('Delete');
    await expect(input).toHaveValue(value);
  }
  const country = countrySelect(page, lang);
  await tabTo(page, country, { max: 3 });
  if ((await country.inputValue()) !== address.country) {
    expect(countryName, `the name of ${address.country} to type`).toBeTruthy();
    await page.keyboard.type(countryName!);
  }
  await expect(country).toHaveValue(address.country);
  const phone = paymentField(page, labels.phone);
  await tabTo(page, phone, { max: 3 });
  await page.keyboard.press('ControlOrMeta+A');
  if (address.phone) await page.keyboard.type(address.phone);
  else await page.keyboard.press('Delete');
}

/** The shipping-address values the payment page offers now. */
export async function addressOnPage(page: Page, lang: 'en' | 'de' = 'en'): Promise<AddressInput> {
  const labels = ADDRESS_FIELD_LABELS[lang];
  const value = (field: 'name' | 'line1' | 'line2' | 'postalCode' | 'city' | 'phone') => paymentField(page, labels[field]).inputValue();
  return {
    name: await value('name'),
    line1: await value('line1'),
    line2: await value('line2'),
    postalCode: await value('postalCode'),
    city: await value('city'),
    country: await countrySelect(page, lang).inputValue(),
    phone: await value('phone'),
  };
}

/**
 * A guest buys through the API exactly as the storefront and the payment page do: the checkout
 * function makes the session, the payment page's form is posted with the test card. For journeys
 * that need someone else's paid order, not the purchase itself. `lines` buys several variants at once.
 */
export async function guestPurchase(
  request: APIRequestContext,
  {
    variant,
    qty = 1,
    lines,
    email,
    region = 'DE',
    locale = 'en',
  }: { variant?: { id: string }; qty?: number; lines?: { variant: { id: string }; qty: number }[]; email: string; region?: 'DE' | 'EU' | 'UK' | 'US'; locale?: 'en' | 'de' },
): Promise<{ sessionId: string; order: StoredOrder }> {
  const items = (lines ?? [{ variant: variant!, qty }]).map((line) => ({ variantId: line.variant.id, qty: line.qty }));
  const created = await request.post(`${API_URL}/functions/v1/create-checkout-session`, {
    data: { userId: null, email: null, items, successUrl: `${SITE_URL}/orders`, cancelUrl: `${SITE_URL}/cart`, shippingRegion: region, locale },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(created.ok(), `create-checkout-session: ${created.status()} ${await created.text()}`).toBe(true);
  const { url, sessionId } = (await created.json()) as { url: string; sessionId: string };
  expect(url).toMatch(PAYMENT_PAGE);
  const paid = await request.post(`${url}/pay`, {
    form: {
      email,
      ...ADDRESSES[region],
      number: '4242 4242 4242 4242',
      expiry: `12/${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`,
      cvc: '123',
    },
    maxRedirects: 0,
  });
  expect(paid.status(), `paying ${sessionId}: ${await paid.text()}`).toBe(303);
  expect(paid.headers().location).toBe(`${SITE_URL}/orders?session_id=${sessionId}`);
  const order = await orderOfSession(request, sessionId);
  expect(order, `the order of ${sessionId}`).toBeTruthy();
  return { sessionId, order: order! };
}

export type ShippingRate = { code: 'DE' | 'EU' | 'UK' | 'US'; standard_rate: number; free_from: number };

/** The shipping rates the shop charges for a cart in `currency` (public.shipping_rates), by region code. */
export async function shippingRates(request: APIRequestContext, currency = 'EUR'): Promise<Record<ShippingRate['code'], ShippingRate>> {
  const res = await request.get(`${API_URL}/rest/v1/shipping_rates`, {
    params: { select: 'code:region,standard_rate,free_from', currency: `eq.${currency}` },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(res.ok(), `GET shipping_rates: ${res.status()}`).toBe(true);
  return Object.fromEntries(((await res.json()) as ShippingRate[]).map((r) => [r.code, r])) as Record<ShippingRate['code'], ShippingRate>;
}

/** What a region charges for a subtotal: its standard rate, or nothing from its threshold on. */
export const shippingFor = (rate: ShippingRate, subtotal: number): number => (subtotal >= rate.free_from ? 0 : rate.standard_rate);

export type Mail = { id: string; to: string; subject: string; text: string; html: string; created_at: string };

/** Every mail to an address in the dev outbox, newest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const res = await request.get(`${API_URL}/_dev/mail`, { params: { to }, headers: { Accept: 'application/json' } });
  expect(res.ok(), `GET /_dev/mail: ${res.status()}`).toBe(true);
  return (await res.json()) as Mail[];
}

/** Waits for the order confirmation to an address and checks it is the only mail there. */
export async function expectOneConfirmationMail(request: APIRequestContext, to: string, orderNumber: string, subject: string): Promise<Mail> {
  await expect.poll(async () => (await mailsTo(request, to)).length, { message: `a mail to ${to}`, timeout: 15_000 }).toBeGreaterThan(0);
  const mails = await mailsTo(request, to);
  expect(
    mails.map((m) => m.subject),
    `the mails to ${to}`,
  ).toEqual([subject]);
  expect(mails[0].text).toContain(orderNumber);
  return mails[0];
}

/** Amounts as the storefront and the payment page write them: "€79.99" / "79,99 €". */
export const money = (cents: number, currency = 'EUR', lang: 'en' | 'de' = 'en') =>
  new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency }).format(cents / 100);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails after
 * `max` presses, naming what had the focus last.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}): Promise<void> {
  await expect(target, 'the element to tab to is on the page').toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if ((await target.and(page.locator(':focus')).count()) > 0) return;
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(`Tab did not reach ${target} in ${max} presses; the focus is on ${focused}`);
}

/** The cart page's order summary. */
export const orderSummary = (page: Page, name = 'Order summary'): Locator => page.getByRole('main').getByRole('region', { name });

// ── The review step (docs/adr/0024): between the cart's Checkout and the payment page ───────────

/** The review step's words: the order button's exactly as § 312j (3) BGB has it in German. */
export const REVIEW = {
  en: { heading: 'Review your order', order: 'Your order', button: 'Place order and pay', back: 'Back to cart', checkout: 'Checkout', summary: 'Order summary' },
  de: {
    heading: german('Review your order', 'checkout'),
    order: german('Your order', 'checkout'),
    button: 'Zahlungspflichtig bestellen',
    back: german('Back to cart', 'checkout'),
    checkout: german('Checkout', 'checkout'),
    summary: german('Order summary', 'checkout'),
  },
} as const;

/** The cart's Checkout button (it opens the review step). */
export const cartCheckoutButton = (page: Page, lang: 'en' | 'de' = 'en'): Locator =>
  orderSummary(page, REVIEW[lang].summary).getByRole('button', { name: REVIEW[lang].checkout, exact: true });
/** The review step's order summary ("Your order"), which ends with the order button. */
export const reviewOrder = (page: Page, lang: 'en' | 'de' = 'en'): Locator => page.getByRole('main').getByRole('region', { name: REVIEW[lang].order });
/** The order button: the only one that creates a checkout session. */
export const orderButton = (page: Page, lang: 'en' | 'de' = 'en'): Locator => reviewOrder(page, lang).getByRole('button', { name: REVIEW[lang].button, exact: true });
/** Why the order button did not lead to the payment page (under the button). */
export const reviewAlert = (page: Page, lang: 'en' | 'de' = 'en'): Locator => reviewOrder(page, lang).getByRole('alert');

/** On the review step: the delivery address filled in, then the order button (to the payment page, unless refused). */
export async function placeOrder(page: Page, address: AddressInput, lang: 'en' | 'de' = 'en'): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: REVIEW[lang].heading })).toBeVisible();
  await fillAddress(page, address, lang);
  await orderButton(page, lang).click();
}

/** From the cart: Checkout, the review step with `address`, the order button — on the payment page. */
export async function checkoutToPayment(page: Page, address: AddressInput, lang: 'en' | 'de' = 'en'): Promise<void> {
  await cartCheckoutButton(page, lang).click();
  await placeOrder(page, address, lang);
  await expect(page).toHaveURL(PAYMENT_PAGE, { timeout: 20_000 });
}

/** The payment page of a session opened with the review step's address: shown read-only, no address fields. */
export async function expectConfirmedAddress(page: Page, address: AddressInput, lang: 'en' | 'de' = 'en'): Promise<void> {
  const shown = page.getByRole('region', { name: lang === 'de' ? 'Lieferadresse' : 'Delivery address' }).locator('address');
  await expect(shown).toContainText(address.name);
  await expect(shown).toContainText(address.line1);
  await expect(shown).toContainText(`${address.postalCode} ${address.city}`);
  await expect(paymentField(page, ADDRESS_FIELD_LABELS[lang].name)).toHaveCount(0);
}

/** The value of a row of a <dl> (the cart's and an order's totals) by its term. */
export const summaryValue = (scope: Locator, term: string): Locator =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');

/** A row's amount on the payment page's order table (Subtotal, Shipping, Total). */
export const paymentRow = (page: Page, label: string): Locator =>
  page
    .locator('tfoot tr')
    .filter({ has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) })
    .locator('td');

/** The lines of a cart (drawer or page). */
export const cartLines = (scope: Locator, name = 'Items in your cart'): Locator => scope.getByRole('list', { name }).getByRole('listitem');

/** English words of the purchase's screens that a German shopper must not meet. */
export const ENGLISH_OF_THE_PURCHASE = [
  'Checkout',
  'Order summary',
  'Review your order',
  'Place order and pay',
  'Delivery address',
  'Pay',
  'Card number',
  'Thank you for your order!',
  'Subtotal',
  'Shipping',
  'Total',
];

/**
 * Fails if the page says any of the English words: in its visible text (ignoring case, since
 * headings and buttons are upper-cased by CSS), its accessible labels or its title, as whole words
 * ("Pay" is not found in "PayPal").
 */
export async function expectNoEnglish(page: Page, where: string, words = ENGLISH_OF_THE_PURCHASE): Promise<void> {
  const text = await page.evaluate(() => {
    const names = ['aria-label', 'title', 'alt', 'placeholder'];
    const labels = [...document.querySelectorAll(names.map((n) => `[${n}]`).join(','))].flatMap((el) => names.map((n) => el.getAttribute(n) ?? ''));
    return [document.title, document.body.innerText, ...labels].join('\n');
  });
  const literal = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Brand names stay as they are in every language ("Google Pay" is no English "Pay").
  const brands = new RegExp([...PAYMENT_METHODS, ...PAYMENT_METHODS_NOT_OFFERED].map(literal).join('|'), 'g');
  const unbranded = text.replace(brands, '');
  const found = words.filter((w) => new RegExp(`(^|[^\\p{L}])${literal(w)}($|[^\\p{L}])`, 'iu').test(unbranded));
  expect(found, `English text on ${where}:\n${text}`).toEqual([]);
}

export const SHIPPING_REGIONS = ['DE', 'EU', 'UK', 'US'] as const;
export type ShippingRegion = (typeof SHIPPING_REGIONS)[number];
/** The storefront's languages: the payment page, the order and its confirmation e-mail use it. */
export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

export interface CartLine {
  variantId: string;
  qty: number;
}

export interface CheckoutRequest {
  userId: string | null;
  email: string | null;
  items: CartLine[];
  successUrl: string;
  cancelUrl: string;
  shippingRegion: ShippingRegion;
  locale: Locale;
  /**
   * The delivery address confirmed on the storefront's review step (docs/adr/0024), as sent: its
   * fields are checked by the address rules (per field) and by the database, not here.
   */
  shippingAddress?: Record<string, unknown>;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The database's own rule (private.is_email_address), so a valid address here is valid there. */
const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;
const FIELDS = new Set(['userId', 'email', 'items', 'successUrl', 'cancelUrl', 'shippingRegion', 'locale', 'shippingAddress']);
const ADDRESS_KEYS = new Set(['name', 'line1', 'line2', 'postalCode', 'city', 'country', 'phone']);
export const MAX_LINES = 50;
export const MAX_QTY = 99;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** A return URL must be an http(s) URL on the storefront's own origin: the checkout is no open redirect. */
function parseReturnUrl(field: string, value: unknown, siteOrigin: string): Parsed<string> {
  if (typeof value !== 'string' || value.length === 0) return fail(`${field} is required`);
  if (value.length > 2000) return fail(`${field} is too long`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(`${field} must be an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail(`${field} must be an http(s) URL`);
  if (url.username || url.password) return fail(`${field} must not carry credentials`);
  if (url.origin !== siteOrigin) return fail(`${field} must be on the shop's site (${siteOrigin})`);
  return { ok: true, value: url.toString() };
}

function parseItems(value: unknown): Parsed<CartLine[]> {
  if (!Array.isArray(value)) return fail('items must be a list of {variantId, qty}');
  if (value.length === 0) return fail('Your cart is empty.');
  if (value.length > MAX_LINES) return fail(`A cart holds at most ${MAX_LINES} lines`);
  const items: CartLine[] = [];
  for (const [i, item] of value.entries()) {
    const at = `items[${i}]`;
    if (!isObject(item)) return fail(`${at} must be an object {variantId, qty}`);
    const extra = Object.keys(item).find((k) => k !== 'variantId' && k !== 'qty');
    if (extra) return fail(`${at} has an unknown field "${extra}"`);
    if (typeof item.variantId !== 'string' || !UUID.test(item.variantId)) return fail(`${at}.variantId must be a UUID`);
    if (typeof item.qty !== 'number' || !Number.isInteger(item.qty) || item.qty < 1 || item.qty > MAX_QTY) {
      return fail(`${at}.qty must be a whole number from 1 to ${MAX_QTY}`);
    }
    items.push({ variantId: item.variantId.toLowerCase(), qty: item.qty });
  }
  return { ok: true, value: items };
}

/** The function's body, checked field by field; the first problem is reported in words a developer can act on. */
export function parseCheckoutRequest(body: unknown, siteUrl: string): Parsed<CheckoutRequest> {
  if (!isObject(body)) return fail('The body must be a JSON object');
  const unknown = Object.keys(body).find((k) => !FIELDS.has(k));
  if (unknown) return fail(`Unknown field "${unknown}"`);

  const { userId = null, email = null, shippingRegion = 'DE', locale = 'en' } = body;
  if (userId !== null && (typeof userId !== 'string' || !UUID.test(userId))) return fail('userId must be a UUID or null');
  if (email !== null && (typeof email !== 'string' || !isEmail(email.trim()))) return fail('email must be a valid email address or null');
  if (typeof shippingRegion !== 'string' || !SHIPPING_REGIONS.includes(shippingRegion.toUpperCase() as ShippingRegion)) {
    return fail(`shippingRegion must be one of ${SHIPPING_REGIONS.join(', ')}`);
  }
  if (typeof locale !== 'string' || !LOCALES.includes(locale as Locale)) return fail(`locale must be 'en' or 'de'`);
  const items = parseItems(body.items);
  if (!items.ok) return items;
  const siteOrigin = new URL(siteUrl).origin;
  const successUrl = parseReturnUrl('successUrl', body.successUrl, siteOrigin);
  if (!successUrl.ok) return successUrl;
  const cancelUrl = parseReturnUrl('cancelUrl', body.cancelUrl, siteOrigin);
  if (!cancelUrl.ok) return cancelUrl;
  const { shippingAddress = null } = body;
  if (shippingAddress !== null && !isObject(shippingAddress)) return fail('shippingAddress must be an object {name, line1, line2?, postalCode, city, country, phone?} or null');
  const unknownAddressKey = shippingAddress && Object.keys(shippingAddress).find((k) => !ADDRESS_KEYS.has(k));
  if (unknownAddressKey) return fail(`shippingAddress has an unknown field "${unknownAddressKey}"`);

  return {
    ok: true,
    value: {
      userId: userId === null ? null : (userId as string).toLowerCase(),
      email: email === null ? null : (email as string).trim().toLowerCase(),
      items: items.value,
      successUrl: successUrl.value,
      cancelUrl: cancelUrl.value,
      shippingRegion: shippingRegion.toUpperCase() as ShippingRegion,
      locale: locale as Locale,
      ...(shippingAddress ? { shippingAddress } : {}),
    },
  };
}

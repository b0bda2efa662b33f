/**
 * Checkout and order rules shared by the machines, the views and the API layer: shipping regions
 * (their rates come from the database's `shipping_regions`, the table `price_cart` charges by), the
 * checkout function's body, order shapes and the order status badge.
 */

import { countryName, SHIPPING_COUNTRIES } from '../supabase/functions/_shared/address.ts';

/** A country's name in the shop's language (the payment page's names, fixed rather than Intl.DisplayNames). */
export { countryName };

export const SHIPPING_REGIONS = ['DE', 'EU', 'UK', 'US'] as const;
export type ShippingRegion = (typeof SHIPPING_REGIONS)[number];
export const DEFAULT_SHIPPING_REGION: ShippingRegion = 'DE';
export const isShippingRegion = (value: unknown): value is ShippingRegion =>
  typeof value === 'string' && (SHIPPING_REGIONS as readonly string[]).includes(value);

/** One row of `shipping_regions`, in cents of the catalogue's currency (EUR). */
export type ShippingRate = {
  region: ShippingRegion;
  standardRate: number;
  expressRate: number;
  freeFrom: number;
  /** The VAT rate a delivery to the region contains, when the region is one EU country (DE); otherwise null. */
  vatRateBasisPoints?: number | null;
};

/** A VAT rate in basis points (1900 = 19 %) and the cents of VAT an amount contains at it. */
export type VatContained = { rateBasisPoints: number; amount: number };

/**
 * The VAT contained in a gross amount: round(gross × rate / (100 % + rate)), half up — the rule of
 * `public.vat_contained` (docs/adr/0023-vat-in-prices.md), in integer arithmetic so it is exact.
 */
export function vatContained(gross: number, rateBasisPoints: number): number {
  return Math.floor((2 * gross * rateBasisPoints + 10_000 + rateBasisPoints) / (2 * (10_000 + rateBasisPoints)));
}

/**
 * What the cart can say about VAT while it knows only the region: Germany's rate for DE; for the
 * other member states the rate of the country chosen at payment; exports outside the EU carry none.
 */
export type CartVat = ({ kind: 'contained' } & VatContained) | { kind: 'destination' } | { kind: 'export' };

export function cartVat(region: ShippingRegion, total: number, rateBasisPoints: number | null | undefined): CartVat | null {
  if (region === 'EU') return { kind: 'destination' };
  if (region === 'UK' || region === 'US') return { kind: 'export' };
  if (rateBasisPoints === null || rateBasisPoints === undefined) return null;
  return { kind: 'contained', rateBasisPoints, amount: vatContained(total, rateBasisPoints) };
}

/** The member states besides Germany: they ship at the EU rate. */
const EU_COUNTRIES = new Set([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
]);

/**
 * The region a geolocated country ships at: Germany, the EU, the UK, and everything else at the
 * USA/Canada rate (SPEC §9 lists no cheaper "worldwide" rate). No country known: Germany, the shop's home.
 */
export function regionForCountry(country: string | null | undefined): ShippingRegion {
  const code = country?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(code)) return DEFAULT_SHIPPING_REGION;
  if (code === 'DE') return 'DE';
  if (EU_COUNTRIES.has(code)) return 'EU';
  if (code === 'GB' || code === 'UK') return 'UK';
  return 'US';
}

export type ShippingQuote = {
  /** Cents charged for shipping (0 from the free-shipping threshold on). */
  shipping: number;
  /** The region's free-shipping threshold, in cents. */
  freeFrom: number;
  /** Cents still missing for free shipping (0 when it already is free). */
  missingForFree: number;
  /** Subtotal plus shipping: what the checkout will charge. */
  total: number;
  /** The VAT the total contains, as far as the region tells. */
  vat?: CartVat | null;
};

/** `price_cart`'s rule: the region's standard rate, free when the subtotal reaches the threshold. */
export function quoteShipping(rates: readonly ShippingRate[] | null, region: ShippingRegion, subtotal: number): ShippingQuote | null {
  const rate = rates?.find((r) => r.region === region);
  if (!rate) return null;
  const free = subtotal >= rate.freeFrom;
  const shipping = free ? 0 : rate.standardRate;
  const total = subtotal + shipping;
  return { shipping, freeFrom: rate.freeFrom, missingForFree: free ? 0 : rate.freeFrom - subtotal, total, vat: cartVat(region, total, rate.vatRateBasisPoints) };
}

export const LOCALES = ['en', 'de'] as const;
export type ShopLocale = (typeof LOCALES)[number];

/** A cart line as the checkout needs it; the title names a line the function refuses. */
export type CheckoutLine = { variantId: string; qty: number; title: string };

/**
 * SPEC §7's body of create-checkout-session, plus the shipping region, the e-mail language and the
 * delivery address confirmed on the review step (docs/adr/0024; without it the payment page asks).
 */
export type CheckoutRequest = {
  userId: string | null;
  email: string | null;
  items: { variantId: string; qty: number }[];
  successUrl: string;
  cancelUrl: string;
  shippingRegion: ShippingRegion;
  locale: ShopLocale;
  shippingAddress?: ShippingAddress;
};

export type CheckoutBuyer = { userId: string | null; email: string | null };

export function checkoutRequest(
  lines: readonly CheckoutLine[],
  buyer: CheckoutBuyer,
  origin: string,
  shippingRegion: ShippingRegion,
  locale: ShopLocale,
  shippingAddress?: ShippingAddress,
): CheckoutRequest {
  return {
    userId: buyer.userId,
    email: buyer.email,
    items: lines.map(({ variantId, qty }) => ({ variantId, qty })),
    successUrl: `${origin}/orders`,
    cancelUrl: `${origin}/cart`,
    shippingRegion,
    locale,
    ...(shippingAddress ? { shippingAddress } : {}),
  };
}

// ── The review step's delivery address (docs/adr/0024) ─────────────────────────────────────────

/** The address form's fields, in the order of the form (and of the database's checks). */
export const ADDRESS_FIELDS = ['name', 'line1', 'line2', 'postalCode', 'city', 'country', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
/** The form as typed: every field a string ('' when empty). */
export type AddressDraft = Record<AddressField, string>;
export const EMPTY_ADDRESS: AddressDraft = { name: '', line1: '', line2: '', postalCode: '', city: '', country: '', phone: '' };

/** The countries each region ships to (public.shipping_countries, as the payment page lists them). */
export const regionCountries = (region: ShippingRegion): readonly string[] => SHIPPING_COUNTRIES[region];

/** The draft with a country of `region`: a region of one country has it chosen; a country of another region is cleared. */
export function draftForRegion(draft: AddressDraft, region: ShippingRegion): AddressDraft {
  const countries = regionCountries(region);
  if (countries.length === 1) return draft.country === countries[0] ? draft : { ...draft, country: countries[0] };
  return countries.includes(draft.country) ? draft : { ...draft, country: '' };
}

/** Nothing typed yet (a preset country does not count): a stored address may fill it. */
export const isBlankDraft = (draft: AddressDraft) => ADDRESS_FIELDS.every((field) => field === 'country' || draft[field].trim() === '');

/**
 * The customer's last address on a new review: all of it when its country ships in the region,
 * else only who receives it (name, phone) — an address abroad would only be refused.
 */
export function prefillDraft(draft: AddressDraft, last: ShippingAddress | null, region: ShippingRegion): AddressDraft {
  if (!last || !isBlankDraft(draft)) return draft;
  const whom = { ...draft, name: last.name, phone: last.phone ?? '' };
  if (!regionCountries(region).includes(last.country)) return whom;
  return { ...whom, line1: last.line1, line2: last.line2 ?? '', postalCode: last.postalCode, city: last.city, country: last.country };
}

/** The draft as the function takes it: trimmed, empty optional fields left out (the database normalises the rest). */
export function addressOfDraft(draft: AddressDraft): ShippingAddress {
  const value = (field: AddressField) => draft[field].trim();
  return {
    name: value('name'),
    line1: value('line1'),
    ...(value('line2') ? { line2: value('line2') } : {}),
    postalCode: value('postalCode'),
    city: value('city'),
    country: value('country').toUpperCase(),
    ...(value('phone') ? { phone: value('phone') } : {}),
  };
}

/** One problem of the address as the checkout function words it (in the request's language); `address` is the whole address. */
export type AddressFieldError = { field: AddressField | 'address'; message: string };

/** The checkout function refused the delivery address (400 code invalid_address): what is wrong, per field. */
export class AddressRefusalError extends Error {
  constructor(
    readonly fields: AddressFieldError[],
    message: string,
  ) {
    super(message);
    this.name = 'AddressRefusalError';
  }
}

export type StockRefusalCode = 'sold_out' | 'insufficient_stock' | 'unavailable';

/** The checkout function refused a line of the cart (409): which one, and how many are left. */
export class StockRefusalError extends Error {
  constructor(
    readonly code: StockRefusalCode,
    readonly variantId: string,
    readonly available: number,
    message: string,
  ) {
    super(message);
    this.name = 'StockRefusalError';
  }
}

/** What went wrong starting a checkout (SPEC §8 plus the refused line and a lost connection). */
export type CheckoutFailure =
  | { kind: 'stock'; code: StockRefusalCode; variantId: string; available: number; title: string }
  /** 'Failed to create checkout session': the function answered with an error. */
  | { kind: 'failed'; message: string }
  /** 'No checkout URL received'. */
  | { kind: 'noUrl' }
  /** The request never got an answer: nothing happened, the cart is as it was. */
  | { kind: 'network' }
  /** 'Something went wrong': anything else. */
  | { kind: 'unknown' };

const kindOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { kind?: unknown }).kind : undefined);
const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

export function checkoutFailure(error: unknown, lines: readonly CheckoutLine[]): CheckoutFailure {
  if (error instanceof StockRefusalError) {
    const title = lines.find((line) => line.variantId === error.variantId)?.title ?? '';
    return { kind: 'stock', code: error.code, variantId: error.variantId, available: error.available, title };
  }
  const kind = kindOf(error);
  if (kind === 'network') return { kind: 'network' };
  if (kind === 'invalid' || kind === 'conflict' || kind === 'unauthorized' || kind === 'not_found') return { kind: 'failed', message: messageOf(error) };
  return { kind: 'unknown' };
}

// ── Orders ────────────────────────────────────────────────────────────────────────────────────

export type OrderStatus = 'pending' | 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

/** A card of the orders list (SPEC §7 Orders). */
export type OrderSummary = {
  id: string;
  orderNumber: string;
  status: string;
  /** ISO timestamp. */
  createdAt: string;
  /** Cents of `currency`. */
  total: number;
  currency: string;
  checkoutSessionId: string | null;
};

export type OrderLine = {
  /** The title when it was ordered, in English (the catalogue's own language). */
  title: string;
  /** The product's German title today; null when it has none (or is no longer shown). */
  titleDe: string | null;
  size: string | null;
  color: string | null;
  qty: number;
  unitPrice: number;
  lineTotal: number;
  image: string | null;
};

/** A line's title on a page in `locale`: the German one on German pages where there is one. */
export const lineTitle = (line: Pick<OrderLine, 'title' | 'titleDe'>, locale: string): string =>
  (locale === 'de' && line.titleDe?.trim()) || line.title;

/** Where an order goes (ADR 0021): `country` is ISO 3166-1 alpha-2, upper case. */
export type ShippingAddress = {
  name: string;
  line1: string;
  line2?: string;
  postalCode: string;
  city: string;
  country: string;
  phone?: string;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The address as the database stores it (jsonb), or null when it has none or it is not one. */
export function parseShippingAddress(value: unknown): ShippingAddress | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const [name, line1, postalCode, city, country] = [raw.name, raw.line1, raw.postalCode, raw.city, raw.country].map(text);
  if (!name || !line1 || !city || !country) return null;
  const line2 = text(raw.line2);
  const phone = text(raw.phone);
  return { name, line1, ...(line2 ? { line2 } : {}), postalCode: postalCode ?? '', city, country: country.toUpperCase(), ...(phone ? { phone } : {}) };
}

/** The carriers `ship_order` accepts. */
export const CARRIERS = ['dhl', 'dpd', 'ups', 'royal_mail', 'usps', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const isCarrier = (value: unknown): value is Carrier => typeof value === 'string' && (CARRIERS as readonly string[]).includes(value);

/** One order with its lines: order detail, and what a checkout session's order shows. */
export type OrderDetail = OrderSummary & {
  subtotal: number;
  shipping: number;
  shippingRegion: ShippingRegion | null;
  /** The buyer's e-mail (shown to a guest, to invite them to an account with it). */
  email: string | null;
  lines: OrderLine[];
  /** Null for orders placed before addresses were kept. */
  shippingAddress: ShippingAddress | null;
  /** Cents of `currency` paid back so far. */
  refundedTotal: number;
  carrier: Carrier | null;
  trackingNumber: string | null;
  /** The carrier's tracking page for the number; null for another carrier (the number is shown alone). */
  trackingUrl: string | null;
  /** ISO timestamp. */
  shippedAt: string | null;
  /** The VAT the total contains (destination country's rate); null for exports and orders of unknown destination. */
  vat?: VatContained | null;
};

/** One step of `order_timeline` as a customer gets it (kind and date only). */
export type OrderTimelineEntry = { kind: string; at: string };

/** The steps a customer is shown, with their dates; e-mails sent and internal moves are not among them. */
export const CUSTOMER_STEPS = ['paid', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type CustomerStep = (typeof CUSTOMER_STEPS)[number];

/** The customer's steps of a timeline, oldest first. */
export const customerSteps = (timeline: readonly OrderTimelineEntry[]): { kind: CustomerStep; at: string }[] =>
  timeline
    .filter((entry): entry is { kind: CustomerStep; at: string } => (CUSTOMER_STEPS as readonly string[]).includes(entry.kind) && !Number.isNaN(Date.parse(entry.at)))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));

/** SPEC §4 badge colours; any other status is neutral. */
export type StatusTone = 'warning' | 'info' | 'success' | 'danger' | 'neutral';
const TONES: Record<string, StatusTone> = { processing: 'warning', shipped: 'info', delivered: 'success', cancelled: 'danger' };
export const statusTone = (status: string): StatusTone => (Object.hasOwn(TONES, status) ? TONES[status] : 'neutral');
/** A status the shop has no name for, readable: `on_hold` → `On hold`. */
export const capitalise = (text: string) => {
  const words = text.replace(/[_-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : words;
};

/** The order numbers the database issues (`NPNG-100001`); anything else is not looked up. */
export const ORDER_NUMBER = /^NPNG-[0-9]{1,12}$/;
/** Checkout session ids as the database stores them (Stripe's `cs_test_…`, the local `cs_local_…`). */
export const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

export const parseOrderNumber = (value: string | null | undefined): string | null => {
  const text = value?.trim().toUpperCase() ?? '';
  return ORDER_NUMBER.test(text) ? text : null;
};
export const parseSessionId = (value: string | null | undefined): string | null => (value && CHECKOUT_SESSION_ID.test(value) ? value : null);

/** SPEC §4/§9: the order of a checkout session is looked up this often, this far apart. */
export const ORDER_POLL_ATTEMPTS = 6;
export const ORDER_POLL_INTERVAL_MS = 1500;

/** Newest first, each order once (a polled order may also come with the list). */
export function mergeOrders(current: readonly OrderSummary[], incoming: readonly OrderSummary[]): OrderSummary[] {
  const byId = new Map<string, OrderSummary>();
  for (const order of [...current, ...incoming]) byId.set(order.id, { ...byId.get(order.id), ...order });
  return [...byId.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** The summary part of a detailed order (the list keeps no lines). */
export const summaryOf = ({ id, orderNumber, status, createdAt, total, currency, checkoutSessionId }: OrderSummary): OrderSummary => ({
  id,
  orderNumber,
  status,
  createdAt,
  total,
  currency,
  checkoutSessionId,
});

/** A customer's orders (SPEC §7 Orders): shapes, the steps shown, and how the list is merged. */
import type { ShippingAddress } from './address';
import type { Carrier } from './shipment';
import type { ShippingRegion } from './shipping';
import type { VatContained } from './vat';

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

/** What every order line says, in the shop, the admin and the guest confirmation: cents of the order's currency. */
export type LineFigures = {
  /** The title when it was ordered, in English (the catalogue's own language). */
  title: string;
  size: string | null;
  color: string | null;
  qty: number;
  unitPrice: number;
  lineTotal: number;
  image: string | null;
};

export type OrderLine = LineFigures & {
  /** The product's German title today; null when it has none (or is no longer shown). */
  titleDe: string | null;
};

/** A line's title on a page in `locale`: the German one on German pages where there is one. */
export const lineTitle = (line: Pick<OrderLine, 'title' | 'titleDe'>, locale: string): string => (locale === 'de' && line.titleDe?.trim()) || line.title;
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

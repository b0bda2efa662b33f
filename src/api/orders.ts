import { parseShippingAddress } from '../../domain/address';
import type { LineFigures, OrderDetail, OrderLine, OrderSummary, OrderTimelineEntry } from '../../domain/orders';
import { isCarrier } from '../../domain/shipment';
import { isShippingRegion } from '../../domain/shipping';
import type { VatContained } from '../../domain/vat';
import { supabase } from './client';
import { toApiError } from './errors';

const SUMMARY_COLUMNS = 'id,order_number,status,created_at,total,currency,checkout_session_id';
/** The lines with their product's German title (null when the product is not published any more or gone). */
const DETAIL_COLUMNS = `${SUMMARY_COLUMNS},subtotal,shipping,shipping_region,customer_email,shipping_address,refunded_total,carrier,tracking_number,tracking_url,shipped_at,vat_rate_basis_points,vat_amount,order_items(title,size,color,qty,unit_price,line_total,image,products(title_de))`;

type SummaryRow = { id: string; order_number: string; status: string; created_at: string; total: number; currency: string; checkout_session_id: string | null };
type ItemRow = {
  title: string;
  size: string | null;
  color: string | null;
  qty: number;
  unit_price: number;
  line_total: number;
  image: string | null;
  products: { title_de: string | null } | null;
};
type DetailRow = SummaryRow & {
  subtotal: number;
  shipping: number;
  shipping_region: string | null;
  customer_email: string | null;
  shipping_address: unknown;
  refunded_total: number | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipped_at: string | null;
  vat_rate_basis_points: number | null;
  vat_amount: number | null;
  order_items: ItemRow[] | null;
};

const summaryFrom = (row: SummaryRow): OrderSummary => ({
  id: row.id,
  orderNumber: row.order_number,
  status: row.status,
  createdAt: row.created_at,
  total: row.total,
  currency: row.currency,
  checkoutSessionId: row.checkout_session_id,
});

/** A blank German title is none, as in the catalogue. */
const germanTitle = (title: string | null | undefined) => (title?.trim() ? title : null);

const lineFrom = (row: ItemRow): OrderLine => ({
  title: row.title,
  titleDe: germanTitle(row.products?.title_de),
  size: row.size,
  color: row.color,
  qty: row.qty,
  unitPrice: row.unit_price,
  lineTotal: row.line_total,
  image: row.image,
});

/**
 * SPEC §7 Orders: the customer's orders newest first — those placed signed in and those placed
 * (as a guest) with their e-mail. Row level security decides; the filter says what the page wants.
 */
export async function fetchOrders({ userId, email }: { userId: string; email: string | null }): Promise<OrderSummary[]> {
  let query = supabase().from('orders').select(SUMMARY_COLUMNS);
  const address = email?.trim().toLowerCase();
  // An address with a character that means something in an or-filter is matched by user id only.
  query = address && /^[^,()"\\\s]+$/.test(address) ? query.or(`user_id.eq.${userId},customer_email.eq.${address}`) : query.eq('user_id', userId);
  const { data, error } = await query.order('created_at', { ascending: false });
  if (error) throw toApiError(error);
  return ((data ?? []) as SummaryRow[]).map(summaryFrom);
}

/** A tracking page is followed only when it is a web address (it is opened in a new tab). */
const webAddress = (url: string | null) => (url && /^https:\/\//i.test(url) ? url : null);

/** The VAT an order's total contains, as the database stored it (docs/adr/0023); none for an export. */
export const vatFrom = (row: { vat_rate_basis_points: number | null; vat_amount: number | null }): VatContained | null =>
  row.vat_rate_basis_points !== null && row.vat_amount !== null ? { rateBasisPoints: row.vat_rate_basis_points, amount: row.vat_amount } : null;

const detailFrom = (row: DetailRow): OrderDetail => ({
  ...summaryFrom(row),
  subtotal: row.subtotal,
  shipping: row.shipping,
  shippingRegion: isShippingRegion(row.shipping_region) ? row.shipping_region : null,
  email: row.customer_email,
  lines: (row.order_items ?? []).map(lineFrom),
  shippingAddress: parseShippingAddress(row.shipping_address),
  refundedTotal: row.refunded_total ?? 0,
  carrier: isCarrier(row.carrier) ? row.carrier : null,
  trackingNumber: row.tracking_number,
  trackingUrl: row.tracking_number ? webAddress(row.tracking_url) : null,
  shippedAt: row.shipped_at,
  vat: vatFrom(row),
});

/** One of the customer's orders with its lines; null when it is not theirs or does not exist. */
export async function fetchOrderByNumber({ orderNumber }: { orderNumber: string }): Promise<OrderDetail | null> {
  const { data, error } = await supabase()
    .from('orders')
    .select(DETAIL_COLUMNS)
    .eq('order_number', orderNumber)
    // The lines in the cart's order (`position`), as the e-mail and the session look-up list them.
    .order('position', { referencedTable: 'order_items' })
    .maybeSingle();
  if (error) throw toApiError(error);
  return data ? detailFrom(data as unknown as DetailRow) : null;
}

/** The dates of an order's steps, oldest first (the database gives a customer kinds and dates only). */
export async function fetchOrderTimeline({ orderId }: { orderId: string }): Promise<OrderTimelineEntry[]> {
  const { data, error } = await supabase().rpc('order_timeline', { order_id: orderId });
  if (error) throw toApiError(error);
  return (Array.isArray(data) ? (data as unknown[]) : []).flatMap((entry) => {
    const { kind, at } = (entry ?? {}) as { kind?: unknown; at?: unknown };
    return typeof kind === 'string' && typeof at === 'string' ? [{ kind, at }] : [];
  });
}

type SessionOrder = {
  id: string;
  orderNumber: string;
  status: string;
  createdAt: string;
  subtotal: number;
  shipping: number;
  total: number;
  currency: string;
  shippingRegion: string | null;
  shippingAddress?: unknown;
  email: string | null;
  vatRateBasisPoints?: number | null;
  vatAmount?: number | null;
  items: (LineFigures & { titleDe?: string | null })[];
};

/**
 * SPEC §7 Order by session: a guest's order a checkout session became, or null while it is not
 * there yet — and always null for an account's order, which is read signed in (ADR 0021): the
 * session id (handed only to the payer's browser) is the proof, and it shows that one order only.
 */
export async function fetchOrderBySession({ sessionId }: { sessionId: string }): Promise<OrderDetail | null> {
  const { data, error } = await supabase().rpc('order_by_checkout_session', { session_id: sessionId });
  if (error) throw toApiError(error);
  const order = data as SessionOrder | null;
  if (!order) return null;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt,
    total: order.total,
    currency: order.currency,
    checkoutSessionId: sessionId,
    subtotal: order.subtotal,
    shipping: order.shipping,
    shippingRegion: isShippingRegion(order.shippingRegion) ? order.shippingRegion : null,
    email: order.email,
    lines: (order.items ?? []).map((item) => ({ ...item, titleDe: germanTitle(item.titleDe) })),
    shippingAddress: parseShippingAddress(order.shippingAddress),
    refundedTotal: 0,
    carrier: null,
    trackingNumber: null,
    trackingUrl: null,
    shippedAt: null,
    vat: vatFrom({ vat_rate_basis_points: order.vatRateBasisPoints ?? null, vat_amount: order.vatAmount ?? null }),
  };
}

/** Whether a checkout session's order belongs to an account, so its success link asks to sign in. */
export async function checkoutSessionNeedsSignIn({ sessionId }: { sessionId: string }): Promise<boolean> {
  const { data, error } = await supabase().rpc('checkout_session_needs_sign_in', { session_id: sessionId });
  if (error) throw toApiError(error);
  return data === true;
}

/**
 * Back from paying, signed in: the order of the checkout session among those this customer may
 * read (row level security decides), else a guest order of that session (paid before signing in).
 */
export async function fetchOwnOrderBySession({ sessionId }: { sessionId: string }): Promise<OrderDetail | null> {
  const { data, error } = await supabase()
    .from('orders')
    .select(DETAIL_COLUMNS)
    .eq('checkout_session_id', sessionId)
    .order('position', { referencedTable: 'order_items' })
    .maybeSingle();
  if (error) throw toApiError(error);
  return data ? detailFrom(data as unknown as DetailRow) : fetchOrderBySession({ sessionId });
}

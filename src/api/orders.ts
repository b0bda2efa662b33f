import { isShippingRegion, type OrderDetail, type OrderLine, type OrderSummary } from '../../machines/orders';
import { supabase } from './client';
import { toApiError } from './errors';

const SUMMARY_COLUMNS = 'id,order_number,status,created_at,total,currency,checkout_session_id';
/** The lines with their product's German title (null when the product is not published any more or gone). */
const DETAIL_COLUMNS = `${SUMMARY_COLUMNS},subtotal,shipping,shipping_region,customer_email,order_items(title,size,color,qty,unit_price,line_total,image,products(title_de))`;

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
type DetailRow = SummaryRow & { subtotal: number; shipping: number; shipping_region: string | null; customer_email: string | null; order_items: ItemRow[] | null };

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
  if (!data) return null;
  const row = data as unknown as DetailRow;
  return {
    ...summaryFrom(row),
    subtotal: row.subtotal,
    shipping: row.shipping,
    shippingRegion: isShippingRegion(row.shipping_region) ? row.shipping_region : null,
    email: row.customer_email,
    lines: (row.order_items ?? []).map(lineFrom),
  };
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
  email: string | null;
  items: {
    title: string;
    titleDe?: string | null;
    size: string | null;
    color: string | null;
    qty: number;
    unitPrice: number;
    lineTotal: number;
    image: string | null;
  }[];
};

/**
 * SPEC §7 Order by session: the order a checkout session became, or null while it is not there yet.
 * A database function answers it for signed-in shoppers and guests alike: the session id (handed
 * only to the payer's browser) is the proof, and it shows that one order only (ADR 0013).
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
  };
}

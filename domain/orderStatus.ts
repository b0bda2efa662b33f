/** An order's status: one list, one table of the moves an admin may make, and how a badge shows it. */

export const ORDER_STATUSES = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const isOrderStatus = (value: unknown): value is OrderStatus => typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * Where an admin may move an order by a plain status change (the database enforces the same table:
 * private.order_status_moves, supabase/migrations/20251127000000_ship_and_refund.sql). A paid or
 * processing order is cancelled only by refunding it (cancelByRefund); `refunded` is set by a
 * refund only. Shipped goods cannot be cancelled.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['cancelled'],
  paid: ['processing', 'shipped'],
  processing: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
};
export const nextStatuses = (status: string): readonly OrderStatus[] => (isOrderStatus(status) ? ORDER_TRANSITIONS[status] : []);
/** Changes that need a confirmation first (a pending order's cancel; a paid one's goes through cancelByRefund). */
export const needsConfirmation = (status: OrderStatus) => status === 'cancelled';
/** Shipping goes through the ship dialog (carrier and tracking number), never a bare status change. */
export const shipsWithDialog = (status: OrderStatus) => status === 'shipped';
/** An order not yet shipped is cancelled by refunding what is left (request_refund with cancel). */
export const cancelByRefund = (status: string) => status === 'paid' || status === 'processing';
/** Statuses whose payment can be given back, in part or whole (request_refund's not_refundable otherwise). */
export const isRefundableStatus = (status: string) => status === 'paid' || status === 'processing' || status === 'shipped' || status === 'delivered';

/** SPEC §4 badge colours; any other status is neutral. */
export type StatusTone = 'warning' | 'info' | 'success' | 'danger' | 'neutral';
const TONES: Record<string, StatusTone> = { processing: 'warning', shipped: 'info', delivered: 'success', cancelled: 'danger' };
export const statusTone = (status: string): StatusTone => (Object.hasOwn(TONES, status) ? TONES[status] : 'neutral');
/** A status the shop has no name for, readable: `on_hold` → `On hold`. */
export const capitalise = (text: string) => {
  const words = text.replace(/[_-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : words;
};

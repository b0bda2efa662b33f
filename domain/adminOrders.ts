/** Orders as the admin reads them: the list, the detail with its refunds, timeline and withdrawals. */
import type { ShippingAddress } from './address';
import type { LineFigures } from './orders';
import { cancelByRefund, isRefundableStatus, nextStatuses, type OrderStatus } from './orderStatus';
import { type AdminRefund, type RefundDraftLine, type RefundMode, refundableAmount, refundableQty } from './refunds';
import type { VatContained } from './vat';

export type TimelineKind = 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'refunded' | 'refund_failed' | 'email_sent';
/** One order_timeline entry, oldest first; `data` as the database wrote it (read with care: it is JSON). */
export type TimelineEvent = { kind: string; at: string; data: Record<string, unknown>; actor: string | null };

export type AdminOrderRow = {
  id: string;
  orderNumber: string;
  email: string | null;
  total: number;
  currency: string;
  status: string;
  createdAt: string;
};
export type AdminOrderLine = LineFigures & {
  id: string;
  sku: string | null;
};
export type AdminOrderDetail = AdminOrderRow & {
  subtotal: number;
  shipping: number;
  shippingRegion: string | null;
  updatedAt: string;
  lines: AdminOrderLine[];
  /** Null for orders placed before addresses were kept. */
  shippingAddress: ShippingAddress | null;
  refundedTotal: number;
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's page for the number (set by ship_order); null for another carrier. */
  trackingUrl: string | null;
  shippedAt: string | null;
  /** The VAT the total contains; null for exports and orders of unknown destination. */
  vat?: VatContained | null;
  /** This order's refunds, oldest first. */
  refunds: AdminRefund[];
  timeline: TimelineEvent[];
  /** Withdrawals declared for this order through the withdrawal function (ADR 0025), oldest first. */
  withdrawals: AdminWithdrawal[];
};
/** A withdrawal as the admin sees it, on the order and in /admin/withdrawals. */
export type AdminWithdrawal = {
  id: string;
  orderNumber: string;
  /** When the declaration reached the shop. */
  receivedAt: string;
  /** The address the confirmation of receipt went to; null once the customer's account was deleted. */
  email: string | null;
  name: string | null;
  /** The consumer's own words (which items, anything else). */
  statement: string | null;
  /** Received more than 14 days after delivery: accepted, and the seller judges it. */
  late: boolean;
  deliveredAt: string | null;
};
export type AdminOrderQuery = { status: OrderStatus | 'all'; page: number };

/** Whether the order offers a Refund (some line left, some money left, no refund under way). */
export const canRefund = (order: AdminOrderDetail) =>
  isRefundableStatus(order.status) &&
  refundableAmount(order) > 0 &&
  !order.refunds.some((r) => r.status === 'pending') &&
  order.lines.some((line) => refundableQty(line, order.refunds) > 0);

/** Whether "Cancel and refund" is offered: not shipped yet, money left, no refund under way. */
export const canCancelByRefund = (order: AdminOrderDetail) => cancelByRefund(order.status) && refundableAmount(order) > 0 && !order.refunds.some((r) => r.status === 'pending');

export const canShip = (order: AdminOrderDetail) => nextStatuses(order.status).includes('shipped') && !order.refunds.some((r) => r.status === 'pending');

/** The order's lines with something left to refund, none chosen yet (a cancel takes them all). */
export const refundDraftLines = (order: AdminOrderDetail, mode: RefundMode): RefundDraftLine[] =>
  order.lines
    .map((line) => ({ line, max: refundableQty(line, order.refunds) }))
    .filter(({ max }) => max > 0)
    .map(({ line, max }) => ({ itemId: line.id, title: line.title, size: line.size, color: line.color, unitPrice: line.unitPrice, max, qty: mode === 'cancel' ? max : 0 }));

/** Refunds (request_refund, the refund-order function): their rows, what is left to give back, the dialog's rules. */

export const REFUND_KINDS = ['cancel', 'partial', 'unfulfillable'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
export type RefundStatus = 'pending' | 'succeeded' | 'failed';
/** Why a payment could not become an order (settle_checkout_session). */
export type UnfulfillableReason = 'unavailable' | 'price_changed' | 'sold_out';
export const REFUND_REASON_MAX = 500;

export type RefundLine = { itemId: string; qty: number };
/** A refunds row as the admin reads it. */
export type AdminRefund = {
  id: string;
  orderId: string | null;
  kind: RefundKind;
  amount: number;
  currency: string;
  lines: RefundLine[];
  reason: string;
  status: RefundStatus;
  failure: string | null;
  attempts: number;
  createdAt: string;
};

/** What refund-order is sent: a new refund, or Retry of a failed one. */
export type RefundRequest = { orderId: string; lines: RefundLine[]; reason: string; cancel: boolean } | { refundId: string };

/** How much of one order line can still be refunded: ordered minus what succeeded or pending refunds took (private.refundable_qty). */
export function refundableQty(line: { id: string; qty: number }, refunds: readonly AdminRefund[]): number {
  const taken = refunds
    .filter((r) => r.status === 'pending' || r.status === 'succeeded')
    .flatMap((r) => r.lines)
    .filter((l) => l.itemId === line.id)
    .reduce((sum, l) => sum + l.qty, 0);
  return Math.max(0, line.qty - taken);
}

/** What is left of the money paid (request_refund's remaining). */
export const refundableAmount = (order: { total: number; refundedTotal: number }) => Math.max(0, order.total - order.refundedTotal);

/** A partial refund's amount: the chosen quantities at the prices paid. */
export const refundAmount = (lines: readonly { unitPrice: number; qty: number }[]) => lines.reduce((sum, l) => sum + l.unitPrice * l.qty, 0);

/** One order line in the refund dialog: how many to give back, up to what is left of it. */
export type RefundDraftLine = {
  itemId: string;
  title: string;
  size: string | null;
  color: string | null;
  unitPrice: number;
  /** Ordered minus already refunded (refundableQty). */
  max: number;
  qty: number;
};
/** A partial refund names lines; a cancel refunds everything left (the database picks the lines). */
export type RefundMode = 'partial' | 'cancel';
export type RefundErrors = { lines?: 'required'; reason?: 'required' | 'too_long' };

/** A quantity as the admin may set it: a whole number from 0 to what is left. */
export const clampQty = (qty: number, max: number) => (Number.isFinite(qty) ? Math.min(max, Math.max(0, Math.trunc(qty))) : 0);

/** request_refund's rules, said before it does: a reason (≤ 500 after trimming), and for a partial refund at least one line. */
export function validateRefund(mode: RefundMode, lines: readonly RefundDraftLine[], reason: string): RefundErrors {
  const errors: RefundErrors = {};
  if (mode === 'partial' && !lines.some((l) => l.qty > 0)) errors.lines = 'required';
  const trimmed = reason.trim();
  if (trimmed === '') errors.reason = 'required';
  else if (trimmed.length > REFUND_REASON_MAX) errors.reason = 'too_long';
  return errors;
}

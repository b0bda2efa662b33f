import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BadgeTone } from '../../../ui/Badge';

const STATUS: Record<string, { label: MessageDescriptor; tone: BadgeTone }> = {
  pending: { label: msg({ message: 'In progress', context: 'refund status' }), tone: 'warning' },
  succeeded: { label: msg({ message: 'Refunded', context: 'refund status' }), tone: 'success' },
  failed: { label: msg({ message: 'Failed', context: 'refund status' }), tone: 'danger' },
};
const KIND: Record<string, MessageDescriptor> = {
  cancel: msg({ message: 'Cancellation', context: 'refund kind' }),
  partial: msg({ message: 'Partial refund', context: 'refund kind' }),
  unfulfillable: msg({ message: 'Automatic', context: 'refund kind' }),
};
/** Why a payment could not become an order (settle_checkout_session's reasons). */
const UNFULFILLABLE: Record<string, MessageDescriptor> = {
  unavailable: msg`A product was no longer available when the payment arrived`,
  price_changed: msg`A price changed while the customer was paying`,
  sold_out: msg`Sold out before the payment arrived`,
};

export const refundStatusLabel = (i18n: I18n, status: string) => (Object.hasOwn(STATUS, status) ? i18n._(STATUS[status].label) : status);
export const refundStatusTone = (status: string): BadgeTone => (Object.hasOwn(STATUS, status) ? STATUS[status].tone : 'neutral');
export const refundKindLabel = (i18n: I18n, kind: string) => (Object.hasOwn(KIND, kind) ? i18n._(KIND[kind]) : kind);
/** An automatic refund's reason in words; an admin's own reason as written. */
export const refundReasonText = (i18n: I18n, kind: string, reason: string) =>
  kind === 'unfulfillable' && Object.hasOwn(UNFULFILLABLE, reason) ? i18n._(UNFULFILLABLE[reason]) : reason;

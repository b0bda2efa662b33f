import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { capitalise, type OrderStatus } from '../../domain/orderStatus';

const STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'order status' }),
  paid: msg({ message: 'Paid', context: 'order status' }),
  processing: msg({ message: 'Processing', context: 'order status' }),
  shipped: msg({ message: 'Shipped', context: 'order status' }),
  delivered: msg({ message: 'Delivered', context: 'order status' }),
  cancelled: msg({ message: 'Cancelled', context: 'order status' }),
  refunded: msg({ message: 'Refunded', context: 'order status' }),
};

/** An order's status in the shopper's language; a status the shop doesn't know is shown capitalised (SPEC §4). */
export const orderStatusLabel = (i18n: I18n, status: string) => (Object.hasOwn(STATUS_LABELS, status) ? i18n._(STATUS_LABELS[status as OrderStatus]) : capitalise(status));

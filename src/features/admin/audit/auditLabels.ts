import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditAction, AuditEntity } from '../../../../domain/auditTrail';
import { orderStatusLabel } from '../../../ui/orderStatusLabel';

export const ENTITY_LABELS: Record<AuditEntity, MessageDescriptor> = {
  product: msg({ message: 'Product', context: 'audit entity' }),
  variant: msg({ message: 'Variant', context: 'audit entity' }),
  review: msg({ message: 'Review', context: 'audit entity' }),
  order: msg({ message: 'Order', context: 'audit entity' }),
  refund: msg({ message: 'Refund', context: 'audit entity' }),
};

export const ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  insert: msg({ message: 'Created', context: 'audit action' }),
  update: msg({ message: 'Changed', context: 'audit action' }),
  delete: msg({ message: 'Deleted', context: 'audit action' }),
};

/** The recorded columns (supabase/migrations/20251202000300_audit_trail.sql) as an admin names them. */
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  slug: msg({ message: 'Slug', context: 'audit field' }),
  title: msg({ message: 'Title', context: 'audit field' }),
  subtitle: msg({ message: 'Subtitle', context: 'audit field' }),
  description: msg({ message: 'Description', context: 'audit field' }),
  title_de: msg({ message: 'Title (German)', context: 'audit field' }),
  subtitle_de: msg({ message: 'Subtitle (German)', context: 'audit field' }),
  description_de: msg({ message: 'Description (German)', context: 'audit field' }),
  category: msg({ message: 'Category', context: 'audit field' }),
  tags: msg({ message: 'Tags', context: 'audit field' }),
  currency: msg({ message: 'Currency', context: 'audit field' }),
  featured: msg({ message: 'Featured', context: 'audit field' }),
  status: msg({ message: 'Status', context: 'audit field' }),
  meta_title: msg({ message: 'Meta title', context: 'audit field' }),
  meta_description: msg({ message: 'Meta description', context: 'audit field' }),
  og_image: msg({ message: 'Social image', context: 'audit field' }),
  sku: msg({ message: 'SKU', context: 'audit field' }),
  size: msg({ message: 'Size', context: 'audit field' }),
  color: msg({ message: 'Colour', context: 'audit field' }),
  price: msg({ message: 'Price', context: 'audit field' }),
  compare_at_price: msg({ message: 'Compare-at price', context: 'audit field' }),
  inventory: msg({ message: 'Stock', context: 'audit field' }),
  barcode: msg({ message: 'Barcode', context: 'audit field' }),
  archived_at: msg({ message: 'Archived', context: 'audit field' }),
  rating: msg({ message: 'Rating', context: 'audit field' }),
  carrier: msg({ message: 'Carrier', context: 'audit field' }),
  tracking_number: msg({ message: 'Tracking number', context: 'audit field' }),
  refunded_total: msg({ message: 'Refunded', context: 'audit field' }),
  kind: msg({ message: 'Kind', context: 'audit field' }),
  amount: msg({ message: 'Amount', context: 'audit field' }),
  lines: msg({ message: 'Lines', context: 'audit field' }),
  reason: msg({ message: 'Reason', context: 'audit field' }),
  failure: msg({ message: 'Failure', context: 'audit field' }),
};

export const fieldLabel = (i18n: I18n, field: string) => (Object.hasOwn(FIELD_LABELS, field) ? i18n._(FIELD_LABELS[field]) : field);

/** Status values of products, reviews and refunds (orders use the shop's order status labels). */
const STATUS_VALUES: Record<string, MessageDescriptor> = {
  draft: msg`Draft`,
  published: msg`Published`,
  archived: msg`Archived`,
  approved: msg({ message: 'Approved', context: 'review status' }),
  rejected: msg({ message: 'Rejected', context: 'review status' }),
  succeeded: msg({ message: 'Succeeded', context: 'refund status' }),
  failed: msg({ message: 'Failed', context: 'refund status' }),
  cancel: msg({ message: 'Cancel and refund', context: 'refund kind' }),
  partial: msg({ message: 'Partial refund', context: 'refund kind' }),
  unfulfillable: msg({ message: 'Automatic refund', context: 'refund kind' }),
};

/** A status or kind value in the admin's language; an order status through the shop's labels. */
export function statusValueLabel(i18n: I18n, entity: AuditEntity, value: string): string {
  if (entity === 'order') return orderStatusLabel(i18n, value);
  if (value === 'pending') return i18n._(msg({ message: 'Pending', context: 'review status' }));
  return Object.hasOwn(STATUS_VALUES, value) ? i18n._(STATUS_VALUES[value]) : value;
}

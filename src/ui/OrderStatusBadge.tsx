import { useLingui } from '@lingui/react';
import { statusTone } from '../../domain/orderStatus';
import { Badge } from './Badge';
import { orderStatusLabel } from './orderStatusLabel';

export type OrderStatusBadgeProps = {
  /** The order's status as stored ('processing', 'shipped', …). */
  status: string;
};

/** SPEC §4: processing yellow, shipped blue, delivered green, cancelled red, anything else neutral. */
export function OrderStatusBadge({ status }: OrderStatusBadgeProps) {
  const { i18n } = useLingui();
  return <Badge tone={statusTone(status)}>{orderStatusLabel(i18n, status)}</Badge>;
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderSummary } from '../../../domain/orders';
import { css, cx } from '../../../styled-system/css';
import { ButtonLink } from '../../ui/ButtonLink';
import { card } from '../../ui/Card';
import { LongDate } from '../../ui/LongDate';
import { Price } from '../../ui/Price';
import { OrderStatusBadge } from '../../ui/OrderStatusBadge';

export type OrderCardProps = {
  order: OrderSummary;
};

/** SPEC §2 Orders: one order of the list: number, status, date, total and its details. */
export function OrderCard({ order }: OrderCardProps) {
  const { t } = useLingui();
  const { orderNumber, status, createdAt, total, currency } = order;
  return (
    <article aria-labelledby={`order-${order.id}`} className={cx(card, css({ display: 'grid', gap: '3' }))}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
        <h2 id={`order-${order.id}`} className={css({ fontWeight: 'bold', fontSize: 'lg', overflowWrap: 'anywhere' })}>
          {t`Order ${orderNumber}`}
        </h2>
        <OrderStatusBadge status={status} />
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' })}>
        <div className={css({ display: 'grid', gap: '1' })}>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            <Trans>
              Placed on <LongDate iso={createdAt} />
            </Trans>
          </p>
          <p className={css({ fontWeight: 'bold', fontSize: 'lg' })}>
            <Price cents={total} currency={currency} />
          </p>
        </div>
        <ButtonLink href={`/orders/${encodeURIComponent(orderNumber)}`} variant="outline" size="sm" aria-label={t`View Details of order ${orderNumber}`}>
          {t`View Details`}
        </ButtonLink>
      </div>
    </article>
  );
}

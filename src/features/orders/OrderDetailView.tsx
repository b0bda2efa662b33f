import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderDetailStatus } from '../../../machines/orderDetailMachine';
import { customerSteps, type OrderDetail, type OrderTimelineEntry } from '../../../domain/orders';
import { css, cx } from '../../../styled-system/css';
import { BackLink } from '../../ui/BackLink';
import { ButtonLink } from '../../ui/ButtonLink';
import { card } from '../../ui/Card';
import { LongDate } from '../../ui/LongDate';
import { Page } from '../../ui/Page';
import { RetryAlert } from '../../ui/RetryAlert';
import { shippingRegionLabel } from '../../ui/shippingRegionLabels';
import { Spinner } from '../../ui/Spinner';
import { DeliveryAddress } from './DeliveryAddress';
import { OrderLines } from './OrderLines';
import { OrderProgress } from './OrderProgress';
import { ShipmentTracking } from './ShipmentTracking';
import { OrderStatusBadge } from '../../ui/OrderStatusBadge';
import { OrderTotals } from './OrderTotals';
import { WithdrawFromOrder } from './WithdrawFromOrder';

export type OrderDetailViewProps = {
  status: OrderDetailStatus;
  /** The number asked for (normalised); null when the address holds no order number at all. */
  orderNumber: string | null;
  /** The order, with status found. */
  order: OrderDetail | null;
  /** The dates of the order's steps (from its timeline; empty while they load or when they could not). */
  timeline: OrderTimelineEntry[];
  onRetry: () => void;
};

const sectionTitle = css({ textStyle: 'heading', fontSize: 'lg', letterSpacing: 'wide', mb: '2' });

/**
 * /orders/{orderNumber}: one order's status, date, destination, shipment and tracking, delivery
 * address, the dates of its steps, lines and totals (with what was refunded).
 */
export function OrderDetailView({ status, orderNumber: requested, order, timeline, onRetry }: OrderDetailViewProps) {
  const { t, i18n } = useLingui();
  const back = <BackLink href="/orders" label={t`Back to orders`} />;
  if (status === 'notFound' || (status === 'found' && !order)) {
    return (
      <Page title={t`Order not found`} back={back} width="narrow">
        <div className={cx(card, css({ display: 'grid', gap: '5', justifyItems: 'start' }))}>
          <p>{t`It may belong to another account, or the link is mistyped.`}</p>
          <ButtonLink href="/orders" variant="outline">
            {t`View your orders`}
          </ButtonLink>
        </div>
      </Page>
    );
  }
  const orderNumber = order?.orderNumber ?? requested;
  const title = orderNumber ? t`Order ${orderNumber}` : t`Order`;
  if (status !== 'found' || !order) {
    return (
      <Page title={title} back={back} width="narrow">
        {status === 'failed' ? (
          <RetryAlert onRetry={onRetry}>
            <p>{t`We couldn't load this order.`}</p>
          </RetryAlert>
        ) : (
          <Spinner label={t`Loading your order...`} />
        )}
      </Page>
    );
  }
  const { status: orderStatus, createdAt, shippingRegion, lines, subtotal, shipping, total, currency, shippingAddress, refundedTotal } = order;
  const { carrier, trackingNumber, trackingUrl, shippedAt } = order;
  const region = shippingRegion && shippingRegionLabel(i18n, shippingRegion);
  const shipped = carrier !== null || trackingNumber !== null || shippedAt !== null;
  return (
    <Page title={title} back={back} width="narrow">
      <div className={css({ display: 'grid', gap: '6' })}>
        <div className={cx(card, css({ display: 'grid', gap: '2' }))}>
          <div>
            <OrderStatusBadge status={orderStatus} />
          </div>
          <p className={css({ color: 'fg.muted' })}>
            <Trans>
              Placed on <LongDate iso={createdAt} />
            </Trans>
          </p>
          {region && <p>{t`Ship to: ${region}`}</p>}
        </div>
        {shipped && <ShipmentTracking carrier={carrier} trackingNumber={trackingNumber} trackingUrl={trackingUrl} shippedAt={shippedAt} />}
        {shippingAddress && <DeliveryAddress address={shippingAddress} />}
        <OrderProgress steps={customerSteps(timeline)} />
        <section aria-labelledby="order-items-heading">
          <h2 id="order-items-heading" className={sectionTitle}>
            {t`Items`}
          </h2>
          <OrderLines lines={lines} currency={currency} />
        </section>
        <OrderTotals subtotal={subtotal} shipping={shipping} total={total} currency={currency} refunded={refundedTotal} vat={order.vat} />
        <WithdrawFromOrder orderNumber={order.orderNumber} />
      </div>
    </Page>
  );
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type AdminOrderDetail, canCancelByRefund, canRefund, canShip } from '../../../../domain/adminOrders';
import { nextStatuses, type OrderStatus } from '../../../../domain/orderStatus';
import { CARRIER_NAMES, isCarrier } from '../../../../domain/shipment';
import type { AdminOrderStatus, AdminOrderStep } from '../../../../machines/adminOrderMachine';
import { isShippingRegion } from '../../../../domain/shipping';
import { css, cx } from '../../../../styled-system/css';
import { BackLink } from '../../../ui/BackLink';
import { Button } from '../../../ui/Button';
import { card } from '../../../ui/Card';
import { IMAGE_DISPLAYS, responsiveImage } from '../../../ui/images';
import { OrderStatusBadge } from '../../../ui/OrderStatusBadge';
import { pageHeading } from '../../../ui/Page';
import { Price } from '../../../ui/Price';
import { VatLine } from '../../../ui/VatLine';
import { RetryAlert } from '../../../ui/RetryAlert';
import { shippingRegionLabel } from '../../../ui/shippingRegionLabels';
import { Spinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { VariantDetails } from '../../../ui/VariantDetails';
import { DateTime } from '../shared/DateTime';
import { CancelOrderDialog } from './CancelOrderDialog';
import { OrderRefunds } from './OrderRefunds';
import { OrderTimeline } from './OrderTimeline';
import { RefundDialog, type RefundDialogProps } from './RefundDialog';
import { ShipOrderDialog, type ShipOrderDialogProps } from './ShipOrderDialog';
import { ShippingAddressBlock } from './ShippingAddressBlock';
import { OrderWithdrawals } from '../withdrawals/OrderWithdrawals';

/** The ship dialog as the page shows it (open while the machine is shipping). */
export type ShipDialogState = Omit<ShipOrderDialogProps, 'open' | 'orderNumber'>;
/** The refund or cancel-and-refund dialog (open while the machine is refunding or cancelling). */
export type RefundDialogState = Omit<RefundDialogProps, 'open' | 'orderNumber' | 'currency'>;

export type AdminOrderViewProps = {
  status: AdminOrderStatus;
  /** The number asked for (normalised); null when the address holds no order number at all. */
  orderNumber: string | null;
  /** The order, when loaded. */
  order: AdminOrderDetail | null;
  /** What the status actions are doing, when loaded. */
  step: AdminOrderStep | null;
  /** The status being confirmed or written. */
  pending: OrderStatus | null;
  onRetry: () => void;
  onStatusChange: (to: OrderStatus) => void;
  onConfirm: () => void;
  onDismiss: () => void;
  /** The open ship dialog, when shipping. */
  ship: ShipDialogState | null;
  /** The open refund dialog, when refunding or cancelling. */
  refund: RefundDialogState | null;
  /** The failed refund being retried from the list. */
  retryingId: string | null;
  onShip: () => void;
  onRefund: () => void;
  onCancelRefund: () => void;
  onRetryRefund: (refundId: string) => void;
  onCopyAddress: (text: string) => void;
};

/** Each move as an action; "Mark as shipped" opens the ship dialog, a pending order's cancel asks first. */
const ACTION_LABELS: Partial<Record<OrderStatus, MessageDescriptor>> = {
  processing: msg`Mark as processing`,
  shipped: msg`Mark as shipped`,
  delivered: msg`Mark as delivered`,
  cancelled: msg`Cancel order`,
};
/** Why an order has no moves left. */
const FINAL_NOTES: Partial<Record<string, MessageDescriptor>> = {
  delivered: msg`Delivered orders are complete.`,
  cancelled: msg`This order was cancelled.`,
  refunded: msg`This order was refunded.`,
};
const OTHER_FINAL_NOTE = msg`This order's status cannot be changed here.`;

const sectionTitle = css({ textStyle: 'heading', fontSize: 'lg', letterSpacing: 'wide', mb: '3' });
const cell = css({ px: '3', py: '3', textAlign: 'left', verticalAlign: 'top', borderBottomWidth: '1px', borderColor: 'border' });
const headCell = css({ fontSize: 'xs', textTransform: 'uppercase', letterSpacing: 'wide', color: 'fg.muted', whiteSpace: 'nowrap', verticalAlign: 'bottom' });
const numberCell = css({ textAlign: 'right', whiteSpace: 'nowrap' });
const totalsRow = css({ display: 'flex', justifyContent: 'space-between', gap: '4', py: '1.5' });
const wrapping = css({ whiteSpace: 'normal', maxW: 'full' });
const imageBox = css({ w: '14', h: '14', borderRadius: 'md', flexShrink: 0 });

/** /admin/orders/{orderNumber}: one order with its lines and totals, and the moves its status allows. */
export function AdminOrderView(props: AdminOrderViewProps) {
  const { status, orderNumber: requested, order, step, pending, onRetry, onStatusChange, onConfirm, onDismiss } = props;
  const { ship, refund, retryingId, onShip, onRefund, onCancelRefund, onRetryRefund, onCopyAddress } = props;
  const { t, i18n } = useLingui();
  const orderNumber = order?.orderNumber ?? requested;
  const title = status === 'notFound' ? t`Order not found` : orderNumber ? t`Order ${orderNumber}` : t`Order`;
  useDocumentTitle(title);
  const back = (
    <div className={css({ _print: { display: 'none' } })}>
      <BackLink href="/admin/orders" label={t`Back to Orders`} />
    </div>
  );
  const head = (
    <div className={css({ display: 'grid', gap: '4', justifyItems: 'start' })}>
      {back}
      <h1 className={cx(pageHeading, css({ overflowWrap: 'anywhere' }))}>{title}</h1>
    </div>
  );

  if (status === 'notFound' || (status === 'loaded' && !order)) {
    return (
      <div className={css({ display: 'grid', gap: '5' })}>
        {head}
        <p>{t`No order has this number. It may have been mistyped.`}</p>
      </div>
    );
  }
  if (status !== 'loaded' || !order) {
    return (
      <div className={css({ display: 'grid', gap: '5' })}>
        {head}
        {status === 'failed' ? (
          <RetryAlert onRetry={onRetry}>
            <p>{t`Failed to load this order.`}</p>
          </RetryAlert>
        ) : (
          <Spinner label={t`Loading order...`} />
        )}
      </div>
    );
  }

  // Shipping goes through its dialog, and only while no refund is under way.
  const moves = nextStatuses(order.status).filter((to) => to !== 'shipped' || canShip(order));
  const refundable = canRefund(order);
  const cancellable = canCancelByRefund(order);
  const refundPending = order.refunds.some((r) => r.status === 'pending');
  const busy = step !== 'idle' && step !== 'confirming';
  const carrier = order.carrier && (isCarrier(order.carrier) ? (order.carrier === 'other' ? t`Other carrier` : CARRIER_NAMES[order.carrier]) : order.carrier);
  const region = order.shippingRegion && (isShippingRegion(order.shippingRegion) ? shippingRegionLabel(i18n, order.shippingRegion) : order.shippingRegion);
  const { currency } = order;
  return (
    <div className={css({ display: 'grid', gap: '6', minW: '0' })}>
      {head}
      <div className={cx(card, css({ display: 'grid', gap: '5', md: { gridTemplateColumns: '1fr auto' } }))}>
        <dl className={css({ display: 'grid', gap: '2', gridTemplateColumns: 'auto 1fr', columnGap: '4', alignItems: 'baseline', minW: '0' })}>
          <dt className={css({ color: 'fg.muted' })}>{t`Status`}</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
          <dt className={css({ color: 'fg.muted' })}>{t`Placed`}</dt>
          <dd>
            <DateTime iso={order.createdAt} />
          </dd>
          <dt className={css({ color: 'fg.muted' })}>{t`Customer`}</dt>
          <dd className={css({ overflowWrap: 'anywhere' })}>{order.email ?? t`Guest`}</dd>
          <dt className={css({ color: 'fg.muted' })}>{t`Ship to`}</dt>
          <dd>{region || t`Not recorded`}</dd>
          {order.shippedAt && (
            <>
              <dt className={css({ color: 'fg.muted' })}>{t`Shipped`}</dt>
              <dd>
                <DateTime iso={order.shippedAt} />
              </dd>
            </>
          )}
          {carrier && (
            <>
              <dt className={css({ color: 'fg.muted' })}>{t`Carrier`}</dt>
              <dd>{carrier}</dd>
            </>
          )}
          {order.trackingNumber && (
            <>
              <dt className={css({ color: 'fg.muted' })}>{t`Tracking number`}</dt>
              <dd className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline', overflowWrap: 'anywhere' })}>
                <span className={css({ fontFamily: 'mono' })}>{order.trackingNumber}</span>
                {order.trackingUrl && (
                  <a
                    href={order.trackingUrl}
                    rel="noopener noreferrer"
                    className={css({ color: 'accent.text', textDecoration: 'underline', textUnderlineOffset: '3px', _hover: { color: 'fg' } })}
                  >
                    {t`Track parcel`}
                  </a>
                )}
              </dd>
            </>
          )}
        </dl>
        <section
          aria-labelledby="order-actions-heading"
          className={css({ display: 'grid', gap: '3', alignContent: 'start', md: { justifyItems: 'end' }, _print: { display: 'none' } })}
        >
          <h2 id="order-actions-heading" className={css({ srOnly: true })}>
            {t`Fulfilment`}
          </h2>
          {moves.length + Number(refundable) + Number(cancellable) > 0 && (
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', md: { justifyContent: 'flex-end' } })}>
              {moves.map((to) => {
                const label = ACTION_LABELS[to];
                return (
                  <Button
                    key={to}
                    variant={to === 'cancelled' ? 'danger' : 'solid'}
                    disabled={busy}
                    onClick={() => (to === 'shipped' ? onShip() : onStatusChange(to))}
                    // German labels are long: on a phone they wrap instead of widening the page.
                    className={wrapping}
                  >
                    {step === 'updating' && pending === to ? t`Updating...` : label ? i18n._(label) : to}
                  </Button>
                );
              })}
              {refundable && (
                <Button variant="outline" disabled={busy} onClick={onRefund} className={wrapping}>
                  {t`Refund`}
                </Button>
              )}
              {cancellable && (
                <Button variant="danger" disabled={busy} onClick={onCancelRefund} className={wrapping}>
                  {t`Cancel and refund`}
                </Button>
              )}
            </div>
          )}
          {moves.length === 0 && !refundPending && <p className={css({ color: 'fg.muted' })}>{i18n._(FINAL_NOTES[order.status] ?? OTHER_FINAL_NOTE)}</p>}
          {refundPending && <p className={css({ color: 'fg.muted' })}>{t`A refund of this order is in progress; shipping and further refunds wait for it.`}</p>}
          {step === 'reloading' && <Spinner label={t`Loading the order...`} />}
          {step === 'refreshing' && <Spinner label={t`Loading the current status...`} />}
        </section>
      </div>

      <OrderWithdrawals withdrawals={order.withdrawals} />

      <ShippingAddressBlock address={order.shippingAddress} email={order.email} onCopy={onCopyAddress} />

      <div className={css({ minW: '0' })}>
        <h2 id="order-lines-heading" className={sectionTitle}>
          {t`Items`}
        </h2>
        <section
          aria-labelledby="order-lines-heading"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1)
          tabIndex={0}
          className={css({ overflowX: 'auto', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', bg: 'surface' })}
        >
          <table className={css({ w: 'full', minW: '2xl', borderCollapse: 'collapse' })}>
            <thead>
              <tr>
                <th scope="col" className={cx(cell, headCell)}>{t`Product`}</th>
                <th scope="col" className={cx(cell, headCell)}>{t`SKU`}</th>
                <th scope="col" className={cx(cell, headCell, numberCell)}>{t`Qty`}</th>
                <th scope="col" className={cx(cell, headCell, numberCell)}>{t`Unit price`}</th>
                <th scope="col" className={cx(cell, headCell, numberCell)}>{t`Line total`}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line, index) => (
                // Lines have no id of their own; an order's lines never change order.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={index}>
                  <th scope="row" className={cx(cell, css({ fontWeight: 'normal' }))}>
                    <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start' })}>
                      {line.image ? (
                        <img
                          {...responsiveImage(line.image, IMAGE_DISPLAYS.adminOrderLine)}
                          alt=""
                          loading="lazy"
                          decoding="async"
                          className={cx(imageBox, css({ objectFit: 'cover', bg: 'surface.raised' }))}
                        />
                      ) : (
                        <div aria-hidden="true" className={cx(imageBox, css({ bg: 'surface.raised' }))} />
                      )}
                      <div className={css({ display: 'grid', gap: '1', minW: '0' })}>
                        <span className={css({ fontWeight: 'bold', overflowWrap: 'anywhere' })}>{line.title}</span>
                        <VariantDetails size={line.size} color={line.color} />
                      </div>
                    </div>
                  </th>
                  <td className={cx(cell, css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere' }))}>{line.sku ?? '—'}</td>
                  <td className={cx(cell, numberCell)}>{line.qty}</td>
                  <td className={cx(cell, numberCell)}>
                    <Price cents={line.unitPrice} currency={currency} />
                  </td>
                  <td className={cx(cell, numberCell, css({ fontWeight: 'bold' }))}>
                    <Price cents={line.lineTotal} currency={currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>

      <dl className={css({ w: 'full', maxW: { md: 'sm' }, ml: { md: 'auto' } })}>
        <div className={totalsRow}>
          <dt>{t`Subtotal`}</dt>
          <dd>
            <Price cents={order.subtotal} currency={currency} />
          </dd>
        </div>
        <div className={totalsRow}>
          <dt>{t`Shipping`}</dt>
          <dd>{order.shipping === 0 ? <Trans>Free</Trans> : <Price cents={order.shipping} currency={currency} />}</dd>
        </div>
        <div className={cx(totalsRow, css({ borderTopWidth: '1px', borderColor: 'border', mt: '2', pt: '3', fontWeight: 'bold', fontSize: 'lg' }))}>
          <dt>{t`Total`}</dt>
          <dd>
            <Price cents={order.total} currency={currency} />
          </dd>
        </div>
        {order.refundedTotal > 0 && (
          <div className={cx(totalsRow, css({ color: 'fg.muted' }))}>
            <dt>{t`Refunded`}</dt>
            <dd>
              −<Price cents={order.refundedTotal} currency={currency} />
            </dd>
          </div>
        )}
        {order.vat && (
          <div className={totalsRow}>
            <dt className={css({ srOnly: true })}>{t`VAT`}</dt>
            <dd className={css({ ml: 'auto', fontSize: 'sm', color: 'fg.muted' })}>
              <VatLine vat={{ kind: 'contained', ...order.vat }} currency={currency} />
            </dd>
          </div>
        )}
      </dl>

      <OrderRefunds
        refunds={order.refunds}
        currency={currency}
        total={order.total}
        refundedTotal={order.refundedTotal}
        busy={busy}
        retryingId={step === 'retrying' ? retryingId : null}
        onRetry={onRetryRefund}
      />
      <OrderTimeline events={order.timeline} currency={currency} />

      <CancelOrderDialog open={step === 'confirming' && pending === 'cancelled'} orderNumber={order.orderNumber} onConfirm={onConfirm} onDismiss={onDismiss} />
      {ship && <ShipOrderDialog open={step === 'shipping'} orderNumber={order.orderNumber} {...ship} />}
      {refund && <RefundDialog open={step === 'refunding' || step === 'cancelling'} orderNumber={order.orderNumber} currency={currency} {...refund} />}
    </div>
  );
}

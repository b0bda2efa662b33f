import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderPollingStatus } from '../../../machines/orderPollingMachine';
import type { OrderDetail } from '../../../domain/orders';
import { css, cx } from '../../../styled-system/css';
import { ButtonLink } from '../../ui/ButtonLink';
import { card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { CheckoutNotice } from './CheckoutNotice';
import { DeliveryAddress } from './DeliveryAddress';
import { OrderLines } from './OrderLines';
import { OrderTotals } from './OrderTotals';
import { WithdrawFromOrder } from './WithdrawFromOrder';

export type GuestConfirmationViewProps = {
  /** Where the lookup of the order just paid for stands. */
  status: OrderPollingStatus;
  /** The order, once found. */
  order: OrderDetail | null;
  /** The sign-in page, coming back here. */
  signInHref: string;
  onRefresh: () => void;
};

/**
 * Back from paying without an account: the order once the shop has it (number, where it goes,
 * lines, totals, where the confirmation went) and an invitation to an account; until then a calm
 * notice. An account's order is not shown here: its owner signs in to see it.
 */
export function GuestConfirmationView({ status, order, signInHref, onRefresh }: GuestConfirmationViewProps) {
  const { t } = useLingui();
  if (status === 'signInNeeded') {
    return (
      <Page title={t`Order confirmation`} width="narrow">
        <div className={cx(card, css({ display: 'grid', gap: '4', justifyItems: 'start' }))}>
          <p>{t`This order belongs to an account. Sign in to see it.`}</p>
          <ButtonLink href={signInHref}>{t`Sign in`}</ButtonLink>
        </div>
      </Page>
    );
  }
  if (status !== 'found' || !order) {
    return (
      <Page title={t`Order confirmation`} width="narrow">
        <CheckoutNotice status={status === 'found' ? 'looking' : status} orderNumber={null} onRefresh={onRefresh} />
      </Page>
    );
  }
  const { orderNumber, email, lines, subtotal, shipping, total, currency, shippingAddress } = order;
  return (
    <Page title={t`Thank you for your order!`} lead={t`Order ${orderNumber}`} width="narrow">
      <div className={css({ display: 'grid', gap: '6' })}>
        {email && (
          <p role="status" className={css({ overflowWrap: 'anywhere' })}>
            <Trans>A confirmation was sent to {email}.</Trans>
          </p>
        )}
        {shippingAddress && <DeliveryAddress address={shippingAddress} />}
        <section aria-labelledby="order-items-heading">
          <h2 id="order-items-heading" className={css({ textStyle: 'heading', fontSize: 'lg', letterSpacing: 'wide', mb: '2' })}>
            {t`Items`}
          </h2>
          <OrderLines lines={lines} currency={currency} />
        </section>
        <OrderTotals subtotal={subtotal} shipping={shipping} total={total} currency={currency} vat={order.vat} />
        <WithdrawFromOrder orderNumber={orderNumber} />
        <div className={cx(card, css({ display: 'grid', gap: '4' }))}>
          <p className={css({ overflowWrap: 'anywhere' })}>
            {email ? (
              <Trans>Create an account with {email} to see this order and track future ones.</Trans>
            ) : (
              <Trans>Create an account to see your orders and track future ones.</Trans>
            )}
          </p>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
            <ButtonLink href="/auth?tab=signup">{t`Create Account`}</ButtonLink>
            <ButtonLink href={signInHref} variant="outline">
              {t`Sign in`}
            </ButtonLink>
          </div>
        </div>
      </div>
    </Page>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderPollingStatus } from '../../../machines/orderPollingMachine';
import type { OrderDetail } from '../../../machines/orders';
import { css, cx } from '../../../styled-system/css';
import { ButtonLink } from '../../ui/ButtonLink';
import { card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { CheckoutNotice } from './CheckoutNotice';
import { OrderLines } from './OrderLines';
import { OrderTotals } from './OrderTotals';

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
 * Back from paying without an account: the order once the shop has it (number, lines, totals,
 * where the confirmation went) and an invitation to an account; until then a calm notice.
 */
export function GuestConfirmationView({ status, order, signInHref, onRefresh }: GuestConfirmationViewProps) {
  const { t } = useLingui();
  if (status !== 'found' || !order) {
    return (
      <Page title={t`Order confirmation`} width="narrow">
        <CheckoutNotice status={status === 'found' ? 'looking' : status} orderNumber={null} onRefresh={onRefresh} />
      </Page>
    );
  }
  const { orderNumber, email, lines, subtotal, shipping, total, currency } = order;
  return (
    <Page title={t`Thank you for your order!`} lead={t`Order ${orderNumber}`} width="narrow">
      <div className={css({ display: 'grid', gap: '6' })}>
        {email && (
          <p role="status" className={css({ overflowWrap: 'anywhere' })}>
            <Trans>A confirmation was sent to {email}.</Trans>
          </p>
        )}
        <section aria-labelledby="order-items-heading">
          <h2 id="order-items-heading" className={css({ textStyle: 'heading', fontSize: 'lg', letterSpacing: 'wide', mb: '2' })}>
            {t`Items`}
          </h2>
          <OrderLines lines={lines} currency={currency} />
        </section>
        <OrderTotals subtotal={subtotal} shipping={shipping} total={total} currency={currency} />
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

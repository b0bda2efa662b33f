import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { OrdersStatus } from '../../../machines/ordersMachine';
import type { OrderSummary } from '../../../domain/orders';
import { css, cx } from '../../../styled-system/css';
import { BackLink } from '../../ui/BackLink';
import { ButtonLink } from '../../ui/ButtonLink';
import { card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { RetryAlert } from '../../ui/RetryAlert';
import { Spinner } from '../../ui/Spinner';
import { OrderCard } from './OrderCard';

export type OrdersViewProps = {
  status: OrdersStatus;
  /** Newest first. */
  orders: OrderSummary[];
  /** Back from paying: how the lookup of that order stands (a CheckoutNotice), above the list. */
  notice?: ReactNode;
  onRetry: () => void;
};

/**
 * SPEC §2 Orders: the signed-in customer's orders, one card each. An order found by polling shows
 * even while the rest are loading or could not be.
 */
export function OrdersView({ status, orders, notice, onRetry }: OrdersViewProps) {
  const { t } = useLingui();
  return (
    <Page title={t`My Orders`} back={<BackLink href="/account" label={t`Back to account`} />} width="narrow">
      <div className={css({ display: 'grid', gap: '6' })}>
        {notice}
        {status === 'loading' && <Spinner label={t`Loading your orders...`} />}
        {status === 'failed' && (
          <RetryAlert onRetry={onRetry}>
            <p>{t`We couldn't load your orders.`}</p>
          </RetryAlert>
        )}
        {orders.length > 0 ? (
          <ul aria-label={t`Your orders`} className={css({ listStyle: 'none', display: 'grid', gap: '4' })}>
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        ) : (
          status === 'loaded' && (
            <div className={cx(card, css({ display: 'grid', gap: '5', justifyItems: 'center', textAlign: 'center', py: '12' }))}>
              <p className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
                <Trans>No orders yet</Trans>
              </p>
              <ButtonLink href="/shop">
                <Trans>Start Shopping</Trans>
              </ButtonLink>
            </div>
          )
        )}
      </div>
    </Page>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderPollingStatus } from '../../../machines/orderPollingMachine';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

export type CheckoutNoticeProps = {
  /** Where the lookup of the order just paid for stands. */
  status: OrderPollingStatus;
  /** The order's number once it is found. */
  orderNumber: string | null;
  /** Looks again (after six lookups found nothing). */
  onRefresh: () => void;
};

const box = css({ borderWidth: '1px', borderRadius: 'lg', p: '4', display: 'grid', gap: '3', justifyItems: 'start' });

/**
 * Back from paying: "Confirming your order…" while the shop looks for it, then a thank-you, or — if
 * it is not there yet — a calm note that it will appear shortly (never an error). One live region
 * throughout, so each change is announced.
 */
export function CheckoutNotice({ status, orderNumber, onRefresh }: CheckoutNoticeProps) {
  const { t } = useLingui();
  return (
    <div role="status">
      {status === 'looking' || status === 'waiting' ? (
        <Spinner label={t`Confirming your order…`} announce={false} />
      ) : status === 'found' ? (
        <div className={cx(box, css({ borderColor: 'success' }))}>
          <p className={css({ fontWeight: 'semibold' })}>
            <Trans>Thank you! Your order {orderNumber} is confirmed.</Trans>
          </p>
        </div>
      ) : (
        <div className={cx(box, css({ borderColor: 'border.strong' }))}>
          <p>
            <Trans>Your payment was received; your order will appear here shortly.</Trans>
          </p>
          <Button variant="outline" size="sm" onClick={onRefresh}>
            <Trans>Refresh</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}

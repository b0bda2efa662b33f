import { useLingui } from '@lingui/react/macro';
import type { AdminWithdrawal } from '../../../../domain/adminOrders';
import { css } from '../../../../styled-system/css';
import { DateTime } from '../shared/DateTime';
import { LateBadge } from './LateBadge';

const term = css({ fontWeight: 'semibold' });

/** The order's withdrawals on its admin page: when each was received, whether late, and the customer's words. */
export function OrderWithdrawals({ withdrawals }: { withdrawals: AdminWithdrawal[] }) {
  const { t } = useLingui();
  if (withdrawals.length === 0) return null;
  return (
    <section aria-labelledby="order-withdrawals-heading" className={css({ display: 'grid', gap: '3', borderWidth: '2px', borderColor: 'warning', borderRadius: 'lg', p: '4' })}>
      <h2 id="order-withdrawals-heading" className={css({ textStyle: 'heading', fontSize: 'lg' })}>
        {t`Withdrawal`}
      </h2>
      {withdrawals.map((withdrawal) => (
        <dl key={withdrawal.id} className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' }, columnGap: '4', rowGap: '1' })}>
          <dt className={term}>{t`Received`}</dt>
          <dd className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
            <DateTime iso={withdrawal.receivedAt} />
            {withdrawal.late && <LateBadge />}
          </dd>
          {withdrawal.deliveredAt && (
            <>
              <dt className={term}>{t`Delivered`}</dt>
              <dd>
                <DateTime iso={withdrawal.deliveredAt} />
              </dd>
            </>
          )}
          <dt className={term}>{t`From`}</dt>
          <dd className={css({ overflowWrap: 'anywhere' })}>{[withdrawal.name, withdrawal.email].filter(Boolean).join(', ') || t`Deleted`}</dd>
          <dt className={term}>{t`Statement`}</dt>
          <dd className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>{withdrawal.statement ?? t`The whole order (no items named)`}</dd>
        </dl>
      ))}
    </section>
  );
}

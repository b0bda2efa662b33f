import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminRefund } from '../../../../domain/refunds';
import { css, cx } from '../../../../styled-system/css';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Price } from '../../../ui/Price';
import { cell, headCell, muted, tableRegion } from '../shared/adminTable';
import { DateTime } from '../shared/DateTime';
import { refundKindLabel, refundReasonText, refundStatusLabel, refundStatusTone } from './refundLabels';

export type OrderRefundsProps = {
  refunds: AdminRefund[];
  currency: string;
  total: number;
  refundedTotal: number;
  /** Another action runs: Retry waits. */
  busy: boolean;
  /** The refund being retried now. */
  retryingId: string | null;
  onRetry: (refundId: string) => void;
};

const numberCell = css({ textAlign: 'right', whiteSpace: 'nowrap' });

/** The order's refunds (oldest first) and how much of the payment went back; a failed one says why and offers Retry. */
export function OrderRefunds({ refunds, currency, total, refundedTotal, busy, retryingId, onRetry }: OrderRefundsProps) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="order-refunds-heading" className={css({ display: 'grid', gap: '3', minW: '0', _print: { display: 'none' } })}>
      <h2 id="order-refunds-heading" className={css({ textStyle: 'heading', fontSize: 'lg', letterSpacing: 'wide' })}>
        {t`Refunds`}
      </h2>
      <p>
        <Trans>
          Refunded <Price cents={refundedTotal} currency={currency} /> of <Price cents={total} currency={currency} /> paid
        </Trans>
      </p>
      {refunds.length === 0 ? (
        <p className={muted}>{t`Nothing has been refunded.`}</p>
      ) : (
        <div className={tableRegion}>
          <table className={css({ w: 'full', borderCollapse: 'collapse' })}>
            <thead>
              <tr>
                <th scope="col" className={cx(cell, headCell)}>{t`Date`}</th>
                <th scope="col" className={cx(cell, headCell, numberCell)}>{t`Amount`}</th>
                <th scope="col" className={cx(cell, headCell)}>{t`Reason`}</th>
                <th scope="col" className={cx(cell, headCell)}>{t`Status`}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((refund) => (
                <tr key={refund.id}>
                  <td className={cx(cell, css({ whiteSpace: 'nowrap' }))}>
                    <DateTime iso={refund.createdAt} />
                  </td>
                  <td className={cx(cell, numberCell)}>
                    <Price cents={refund.amount} currency={refund.currency} />
                  </td>
                  <td className={cx(cell, css({ overflowWrap: 'anywhere', minW: '40' }))}>
                    <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>{refundKindLabel(i18n, refund.kind)}</span>
                    {refundReasonText(i18n, refund.kind, refund.reason)}
                  </td>
                  <td className={cell}>
                    <div className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
                      <Badge tone={refundStatusTone(refund.status)}>{refundStatusLabel(i18n, refund.status)}</Badge>
                      {refund.status === 'failed' && (
                        <>
                          {refund.failure && <span className={css({ fontSize: 'sm', color: 'danger', overflowWrap: 'anywhere' })}>{refund.failure}</span>}
                          <Button size="sm" variant="outline" disabled={busy} onClick={() => onRetry(refund.id)}>
                            {retryingId === refund.id ? t`Retrying...` : t`Retry refund`}
                          </Button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

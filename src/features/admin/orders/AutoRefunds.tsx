import { useLingui } from '@lingui/react/macro';
import type { AdminRefund } from '../../../../domain/refunds';
import { css, cx } from '../../../../styled-system/css';
import { Badge } from '../../../ui/Badge';
import { Price } from '../../../ui/Price';
import { cell, headCell, muted, tableRegion } from '../shared/adminTable';
import { DateTime } from '../shared/DateTime';
import { refundReasonText, refundStatusLabel, refundStatusTone } from './refundLabels';

export type AutoRefundsProps = {
  /** Null while loading. */
  refunds: AdminRefund[] | null;
  /** Why they could not be loaded. */
  error: string | null;
};

const numberCell = css({ textAlign: 'right', whiteSpace: 'nowrap' });

/**
 * "Payments refunded automatically": payments that could not become an order (a product gone, a
 * price changed, sold out) and were paid back at once. A failed one stands out: that customer has
 * not had their money back yet.
 */
export function AutoRefunds({ refunds, error }: AutoRefundsProps) {
  const { t, i18n } = useLingui();
  if (error) return <p className={muted}>{t`Payments refunded automatically could not be loaded.`}</p>;
  if (!refunds || refunds.length === 0) return null;
  const failed = refunds.filter((r) => r.status === 'failed').length;
  return (
    <div className={css({ display: 'grid', gap: '3', minW: '0' })}>
      <h2 id="auto-refunds-heading" className={css({ textStyle: 'heading', fontSize: 'lg', letterSpacing: 'wide' })}>
        {t`Payments refunded automatically`}
      </h2>
      <p className={muted}>{t`These payments could not become an order, so the money went back to the customer without one.`}</p>
      {failed > 0 && (
        <p role="alert" className={css({ color: 'danger', fontWeight: 'bold' })}>
          {t`Some of these refunds failed: those customers have not had their money back. Check the payment provider.`}
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1) */}
      <section tabIndex={0} aria-labelledby="auto-refunds-heading" className={tableRegion}>
        <table className={css({ w: 'full', minW: 'xl', borderCollapse: 'collapse' })}>
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
              <tr key={refund.id} className={refund.status === 'failed' ? css({ bg: 'danger/10' }) : undefined}>
                <td className={cx(cell, css({ whiteSpace: 'nowrap' }))}>
                  <DateTime iso={refund.createdAt} />
                </td>
                <td className={cx(cell, numberCell)}>
                  <Price cents={refund.amount} currency={refund.currency} />
                </td>
                <td className={cx(cell, css({ overflowWrap: 'anywhere' }))}>{refundReasonText(i18n, refund.kind, refund.reason)}</td>
                <td className={cell}>
                  <div className={css({ display: 'grid', gap: '1', justifyItems: 'start' })}>
                    <Badge tone={refundStatusTone(refund.status)}>{refundStatusLabel(i18n, refund.status)}</Badge>
                    {refund.status === 'failed' && refund.failure && <span className={css({ fontSize: 'sm', color: 'danger', overflowWrap: 'anywhere' })}>{refund.failure}</span>}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { ADMIN_PAGE_SIZE } from '../../../../domain/adminLists';
import type { AdminWithdrawal } from '../../../../domain/adminOrders';
import type { AdminWithdrawalsStatus } from '../../../../machines/adminWithdrawalsMachine';
import { css, cx } from '../../../../styled-system/css';
import { ButtonLink } from '../../../ui/ButtonLink';
import { pageHeading } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { adminOrderHref } from '../orders/url';
import { cell, headCell, muted, tableRegion } from '../shared/adminTable';
import { DateTime } from '../shared/DateTime';
import { LoadFailed } from '../shared/LoadFailed';
import { Pagination } from '../shared/Pagination';
import { LateBadge } from './LateBadge';
import { adminWithdrawalsHref, refundHref } from './url';

export type AdminWithdrawalsViewProps = {
  status: AdminWithdrawalsStatus;
  page: number;
  /** The page's withdrawals, newest first. */
  rows: AdminWithdrawal[];
  total: number;
  onRetry: () => void;
};

const orderLink = css({ color: 'accent.text', fontWeight: 'bold', textDecoration: 'underline', textUnderlineOffset: '3px', whiteSpace: 'nowrap', _hover: { color: 'fg' } });

/** /admin/withdrawals: every withdrawal newest first (order, e-mail, received, late), each with a way to its order's refund. */
export function AdminWithdrawalsView({ status, page, rows, total, onRetry }: AdminWithdrawalsViewProps) {
  const { t, i18n } = useLingui();
  const captionId = useId();
  useDocumentTitle(t`Withdrawals`);
  const number = new Intl.NumberFormat(i18n.locale);
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const currentText = number.format(page);
  const pagesText = number.format(pages);

  let body: ReactNode;
  if (status === 'loading') {
    body = <Spinner label={t`Loading withdrawals...`} />;
  } else if (status === 'failed') {
    body = <LoadFailed message={t`Failed to load withdrawals. Please try again.`} onRetry={onRetry} />;
  } else if (rows.length === 0 && total > 0) {
    body = (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start', py: '4' })}>
        <p>{t`There are no withdrawals on this page.`}</p>
        <ButtonLink href={adminWithdrawalsHref(1)} variant="outline" size="sm">
          {t`Go to the first page`}
        </ButtonLink>
      </div>
    );
  } else if (rows.length === 0) {
    body = <p className={css({ py: '4', fontWeight: 'semibold' })}>{t`No withdrawals yet.`}</p>;
  } else {
    body = (
      <>
        <p className={muted}>{plural(total, { one: '# withdrawal', other: '# withdrawals' })}</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1) */}
        <section aria-labelledby={captionId} tabIndex={0} className={tableRegion}>
          <table className={css({ w: 'full', minW: '2xl', borderCollapse: 'collapse' })}>
            <caption id={captionId} className={css({ srOnly: true })}>
              {t`Withdrawals, page ${currentText} of ${pagesText}`}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={cx(cell, headCell)}>{t`Order number`}</th>
                <th scope="col" className={cx(cell, headCell)}>{t`Email`}</th>
                <th scope="col" className={cx(cell, headCell)}>{t`Received`}</th>
                <th scope="col" className={cx(cell, headCell)}>{t`Period`}</th>
                <th scope="col" className={cx(cell, headCell)}>
                  <span className={css({ srOnly: true })}>{t`Actions`}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const orderNumber = row.orderNumber;
                return (
                  <tr key={row.id}>
                    <th scope="row" className={cell}>
                      <Link href={adminOrderHref(orderNumber)} className={orderLink}>
                        {orderNumber}
                      </Link>
                    </th>
                    <td className={cx(cell, css({ overflowWrap: 'anywhere', minW: '48' }))}>{row.email ?? <span className={muted}>{t`Deleted`}</span>}</td>
                    <td className={cx(cell, css({ whiteSpace: 'nowrap' }))}>
                      <DateTime iso={row.receivedAt} />
                    </td>
                    <td className={cell}>{row.late ? <LateBadge /> : <span className={muted}>{t`In time`}</span>}</td>
                    <td className={cx(cell, css({ textAlign: 'right' }))}>
                      <ButtonLink href={refundHref(orderNumber)} variant="outline" size="sm" aria-label={t`Refund ${orderNumber}`}>
                        {t`Refund`}
                      </ButtonLink>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
        <Pagination page={page} pages={pages} href={adminWithdrawalsHref} />
      </>
    );
  }

  return (
    <div className={css({ display: 'grid', gap: '5', minW: '0' })}>
      <h1 className={pageHeading}>{t`Withdrawals`}</h1>
      <p className={muted}>
        {t`Withdrawals customers declared with the withdrawal function, newest first. "Late" means received more than 14 days after delivery: the law leaves it to you whether to accept it.`}
      </p>
      {body}
    </div>
  );
}

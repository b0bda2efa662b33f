import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { Link } from 'wouter';
import { ADMIN_PAGE_SIZE } from '../../../../domain/adminLists';
import type { AdminOrderQuery, AdminOrderRow } from '../../../../domain/adminOrders';
import { isOrderStatus, ORDER_STATUSES } from '../../../../domain/orderStatus';
import { pageCount } from '../../../../domain/paging';
import type { AdminRefund } from '../../../../domain/refunds';
import type { AdminOrdersStatus } from '../../../../machines/adminOrdersMachine';
import { css, cx } from '../../../../styled-system/css';
import { ButtonLink } from '../../../ui/ButtonLink';
import { OrderStatusBadge } from '../../../ui/OrderStatusBadge';
import { orderStatusLabel } from '../../../ui/orderStatusLabel';
import { pageHeading } from '../../../ui/Page';
import { Price } from '../../../ui/Price';
import { Spinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { cardTable, cardTableRegion, cell, headCell, muted, selectInput } from '../shared/adminTable';
import { DateTime } from '../shared/DateTime';
import { LoadFailed } from '../shared/LoadFailed';
import { Pagination } from '../shared/Pagination';
import { AutoRefunds } from './AutoRefunds';
import { adminOrderHref, adminOrdersHref } from './url';

export type AdminOrdersViewProps = {
  status: AdminOrdersStatus;
  /** The query shown (the URL's): the filter's value and the page the links lead on from. */
  query: AdminOrderQuery;
  /** The page's orders, newest first. */
  rows: AdminOrderRow[];
  /** Orders matching the filter over all pages. */
  total: number;
  onStatusChange: (status: AdminOrderQuery['status']) => void;
  onRetry: () => void;
  /** Payments refunded automatically (no order was made); null while loading. */
  autoRefunds: AdminRefund[] | null;
  autoRefundsError: string | null;
  /** CSV export of the filtered list (issue 24). */
  csvTools?: ReactNode;
};

const numberCell = css({ textAlign: 'right', whiteSpace: 'nowrap' });
const orderLink = css({
  color: 'accent.text',
  fontWeight: 'bold',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  whiteSpace: 'nowrap',
  _hover: { color: 'fg' },
});

/** /admin/orders: every order newest first (number, customer, total, status, date), filtered by status, a page at a time. */
export function AdminOrdersView({ status, query, rows, total, onStatusChange, onRetry, autoRefunds, autoRefundsError, csvTools }: AdminOrdersViewProps) {
  const { t, i18n } = useLingui();
  const ids = { filter: useId(), caption: useId() };
  useDocumentTitle(t`Orders`);
  const number = new Intl.NumberFormat(i18n.locale);
  const pages = pageCount(total, ADMIN_PAGE_SIZE);
  const currentText = number.format(query.page);
  const pagesText = number.format(pages);
  const filtered = query.status !== 'all';

  let body: ReactNode;
  if (status === 'loading') {
    body = <Spinner label={t`Loading orders...`} />;
  } else if (status === 'failed') {
    body = <LoadFailed message={t`Failed to load orders. Please try again.`} onRetry={onRetry} />;
  } else if (rows.length === 0 && total > 0) {
    // A page past the last one (an old link, or orders that moved to another status meanwhile).
    body = (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start', py: '4' })}>
        <p>{t`There are no orders on this page.`}</p>
        <ButtonLink href={adminOrdersHref({ ...query, page: 1 })} variant="outline" size="sm">
          {t`Go to the first page`}
        </ButtonLink>
      </div>
    );
  } else if (rows.length === 0) {
    body = <p className={css({ py: '4', fontWeight: 'semibold' })}>{filtered ? t`No orders with this status.` : t`No orders yet.`}</p>;
  } else {
    body = (
      <>
        <p className={muted}>{plural(total, { one: '# order', other: '# orders' })}</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1) */}
        <section aria-labelledby={ids.caption} tabIndex={0} className={cardTableRegion}>
          {/* On a phone each order is a card: number, customer, total, status and date without sideways scrolling. */}
          <table className={cx(cardTable, css({ md: { minW: '2xl' } }))}>
            <caption id={ids.caption} className={css({ srOnly: true })}>
              {t`Orders, page ${currentText} of ${pagesText}`}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={cx(cell, headCell)}>{t`Order number`}</th>
                <th scope="col" className={cx(cell, headCell)}>{t`Customer`}</th>
                <th scope="col" className={cx(cell, headCell, numberCell)}>{t`Total`}</th>
                <th scope="col" className={cx(cell, headCell)}>{t`Status`}</th>
                <th scope="col" className={cx(cell, headCell)}>{t`Date`}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" className={cell}>
                    <Link href={adminOrderHref(row.orderNumber)} className={orderLink}>
                      {row.orderNumber}
                    </Link>
                  </th>
                  <td data-label={t`Customer`} className={cx(cell, css({ overflowWrap: 'anywhere', md: { minW: '48' } }))}>
                    {row.email ?? <span className={muted}>{t`Guest`}</span>}
                  </td>
                  <td data-label={t`Total`} className={cx(cell, numberCell)}>
                    <Price cents={row.total} currency={row.currency} />
                  </td>
                  <td data-label={t`Status`} className={cell}>
                    <OrderStatusBadge status={row.status} />
                  </td>
                  <td data-label={t`Date`} className={cx(cell, muted, css({ whiteSpace: 'nowrap' }))}>
                    <DateTime iso={row.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <Pagination page={query.page} pages={pages} href={(page) => adminOrdersHref({ ...query, page })} />
      </>
    );
  }

  return (
    <div className={css({ display: 'grid', gap: '5', minW: '0' })}>
      <h1 className={pageHeading}>{t`Orders`}</h1>
      {csvTools}
      <div className={css({ display: 'grid', gap: '1.5', maxW: 'xs' })}>
        <label htmlFor={ids.filter} className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
          {t`Status`}
        </label>
        <select id={ids.filter} className={selectInput} value={query.status} onChange={(e) => onStatusChange(isOrderStatus(e.target.value) ? e.target.value : 'all')}>
          <option value="all">{t`All`}</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {orderStatusLabel(i18n, value)}
            </option>
          ))}
        </select>
      </div>
      {body}
      <AutoRefunds refunds={autoRefunds} error={autoRefundsError} />
    </div>
  );
}

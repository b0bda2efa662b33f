import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import {
  type AttentionPanel,
  bestDay,
  DASHBOARD_PERIODS,
  type DashboardDays,
  dashboardHref,
  hasSales,
  nothingNeedsAttention,
  type SalesPanel,
  type StockPanel,
  type StockVariant,
  type TopProduct,
} from '../../../../domain/adminDashboard';
import type { DashboardPanel, PanelStatus } from '../../../../machines/adminDashboardMachine';
import { css, cx } from '../../../../styled-system/css';
import { pageHeading } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { adminOrderHref, adminOrdersHref } from '../orders/url';
import { muted } from '../shared/adminTable';
import { DateTime } from '../shared/DateTime';
import { LoadFailed } from '../shared/LoadFailed';
import { useDashboardFormat } from './formatting';
import { SalesChart } from './SalesChart';

export type Panel<T> = { status: PanelStatus; data: T | null };

export type AdminDashboardViewProps = {
  days: DashboardDays;
  sales: Panel<SalesPanel>;
  top: Panel<TopProduct[]>;
  stock: Panel<StockPanel>;
  attention: Panel<AttentionPanel>;
  onRetry: (panel: DashboardPanel) => void;
};

const card = css({
  display: 'grid',
  gap: '4',
  alignContent: 'start',
  p: { base: '4', md: '5' },
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  bg: 'surface',
  minW: '0',
});
const cardHeading = css({ fontSize: 'lg', fontWeight: 'bold' });
const link = css({ color: 'accent.text', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '3px', _hover: { color: 'fg' } });
const figure = css({ fontSize: '2xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' });
const listRow = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border', minW: '0' });
const wrapText = css({ overflowWrap: 'anywhere', minW: '0' });

/** One panel: its heading, then its loading, failed or loaded body; it fails and retries alone. */
function PanelCard({
  id,
  title,
  panel,
  loading,
  failed,
  onRetry,
  children,
}: {
  id: string;
  title: string;
  panel: Panel<unknown>;
  loading: string;
  failed: string;
  onRetry: () => void;
  children: () => ReactNode;
}) {
  return (
    <section aria-labelledby={id} aria-busy={panel.status === 'loading'} data-panel={id} data-status={panel.status} className={card}>
      <h2 id={id} className={cardHeading}>
        {title}
      </h2>
      {panel.status === 'loading' && <Spinner label={loading} />}
      {panel.status === 'failed' && <LoadFailed message={failed} onRetry={onRetry} />}
      {panel.status === 'loaded' && panel.data !== null && children()}
    </section>
  );
}

function Change({ pct }: { pct: number | null }) {
  const { t } = useLingui();
  const f = useDashboardFormat();
  if (pct === null) return <span className={muted}>{t`nothing in the period before`}</span>;
  const color = pct > 0 ? 'success' : pct < 0 ? 'danger' : 'fg.muted';
  return <span className={css({ color, fontWeight: 'semibold', fontSize: 'sm' })}>{t`${f.change(pct)} on the period before`}</span>;
}

function Sales({ sales }: { sales: SalesPanel }) {
  const { t } = useLingui();
  const f = useDashboardFormat();
  const days = sales.days;
  const revenue = f.money(sales.current.total.revenue, sales.currency);
  const orders = sales.current.total.orders;
  const best = bestDay(sales.current.series);
  const change = sales.change.revenue === null ? t`nothing in the ${days} days before` : t`${f.change(sales.change.revenue)} on the ${days} days before`;
  const ordersText = plural(orders, { one: '# order', other: '# orders' });
  const summary = best
    ? t`Revenue ${revenue} from ${ordersText} in the last ${days} days, ${change}; best day ${f.longDay(best.day)} with ${f.money(best.revenue, sales.currency)}.`
    : t`Revenue ${revenue} from ${ordersText} in the last ${days} days, ${change}.`;
  return (
    <>
      <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
        <div className={css({ display: 'grid', gap: '1' })}>
          <dt className={muted}>{t`Revenue`}</dt>
          <dd className={figure} data-testid="revenue-total">
            {revenue}
          </dd>
          <dd>
            <Change pct={sales.change.revenue} />
          </dd>
        </div>
        <div className={css({ display: 'grid', gap: '1' })}>
          <dt className={muted}>{t`Orders`}</dt>
          <dd className={figure} data-testid="orders-total">
            {f.number(orders)}
          </dd>
          <dd>
            <Change pct={sales.change.orders} />
          </dd>
        </div>
      </dl>
      <p className={muted} data-testid="sales-summary">
        {summary}
      </p>
      {hasSales(sales) ? <SalesChart sales={sales} summary={summary} /> : <p className={css({ fontWeight: 'semibold' })}>{t`No sales in this period or the one before.`}</p>}
      <p className={muted}>{t`Paid orders by the day they were placed (Berlin time), less refunds; shipping and VAT included.`}</p>
    </>
  );
}

function Top({ top, currency }: { top: TopProduct[]; currency: string }) {
  const { t } = useLingui();
  const f = useDashboardFormat();
  if (top.length === 0) return <p className={css({ fontWeight: 'semibold' })}>{t`No products sold in this period.`}</p>;
  return (
    <ol className={css({ display: 'grid' })}>
      {top.map((p, i) => (
        <li key={p.productId} className={listRow}>
          <span className={wrapText}>
            <span className={muted}>{i + 1}. </span>
            <Link href={`/admin/products/${encodeURIComponent(p.productId)}/edit`} className={link}>
              {p.title}
            </Link>{' '}
            <span className={muted}>{plural(p.units, { one: '# sold', other: '# sold' })}</span>
          </span>
          <span className={css({ fontWeight: 'semibold', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}>{f.money(p.revenue, currency)}</span>
        </li>
      ))}
    </ol>
  );
}

function variantName(v: StockVariant) {
  return [v.size, v.color].filter(Boolean).join(' / ');
}

function Stock({ stock }: { stock: StockPanel }) {
  const { t } = useLingui();
  const f = useDashboardFormat();
  const threshold = stock.threshold;
  const item = (v: StockVariant, right: ReactNode) => (
    <li key={v.variantId} className={listRow} data-sku={v.sku}>
      <span className={wrapText}>
        <Link href={`/admin/products/${encodeURIComponent(v.productId)}/edit`} className={link}>
          {v.title}
        </Link>{' '}
        <span className={muted}>
          {variantName(v) && `${variantName(v)} · `}
          {v.sku}
        </span>
      </span>
      <span className={css({ whiteSpace: 'nowrap', fontSize: 'sm', fontWeight: 'semibold' })}>{right}</span>
    </li>
  );
  return (
    <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' } })}>
      <div className={css({ display: 'grid', gap: '2', alignContent: 'start', minW: '0' })}>
        <h3 className={css({ fontWeight: 'bold' })}>{t`Low stock (${threshold} or fewer): ${f.number(stock.lowCount)}`}</h3>
        {stock.low.length === 0 ? (
          <p className={muted}>{t`No variant is running low.`}</p>
        ) : (
          <ul data-testid="low-stock">{stock.low.map((v) => item(v, plural(v.inventory, { one: '# left', other: '# left' })))}</ul>
        )}
        {stock.lowCount > stock.low.length && <p className={muted}>{t`Showing the ${stock.low.length} lowest.`}</p>}
      </div>
      <div className={css({ display: 'grid', gap: '2', alignContent: 'start', minW: '0' })}>
        <h3 className={css({ fontWeight: 'bold' })}>{t`Sold out: ${f.number(stock.soldOutCount)}`}</h3>
        {stock.soldOut.length === 0 ? (
          <p className={muted}>{t`Nothing is sold out.`}</p>
        ) : (
          <ul data-testid="sold-out">{stock.soldOut.map((v) => item(v, plural(v.waiting, { one: '# waiting', other: '# waiting' })))}</ul>
        )}
        {stock.soldOutCount > stock.soldOut.length && <p className={muted}>{t`Showing ${stock.soldOut.length}, most waited for first.`}</p>}
      </div>
    </div>
  );
}

function Attention({ attention }: { attention: AttentionPanel }) {
  const { t } = useLingui();
  const f = useDashboardFormat();
  if (nothingNeedsAttention(attention)) return <p className={css({ fontWeight: 'semibold' })}>{t`Nothing needs your attention.`}</p>;
  const rows: { key: string; label: string; count: number; href: string }[] = [
    { key: 'unshipped', label: t`Paid orders not shipped after 2 days`, count: attention.unshipped, href: adminOrdersHref({ status: 'paid', page: 1 }) },
    { key: 'reviews', label: t`Reviews waiting for moderation`, count: attention.pendingReviews, href: '/admin/reviews' },
    { key: 'withdrawals', label: t`Withdrawals not yet refunded`, count: attention.openWithdrawals, href: '/admin/withdrawals' },
    { key: 'refunds', label: t`Refunds that failed`, count: attention.refundFailures, href: adminOrdersHref({ status: 'all', page: 1 }) },
  ];
  return (
    <>
      <ul>
        {rows.map((row) => (
          <li key={row.key} className={listRow} data-attention={row.key}>
            {row.count > 0 ? (
              <Link href={row.href} className={cx(link, wrapText)}>
                {row.label}
              </Link>
            ) : (
              <span className={cx(muted, wrapText)}>{row.label}</span>
            )}
            <span className={cx(figure, css({ fontSize: 'lg', color: row.count > 0 ? 'fg' : 'fg.muted' }))}>{f.number(row.count)}</span>
          </li>
        ))}
      </ul>
      {attention.oldestUnshipped.length > 0 && (
        <div className={css({ display: 'grid', gap: '1' })}>
          <h3 className={css({ fontWeight: 'bold', fontSize: 'sm' })}>{t`Waiting longest`}</h3>
          <ul>
            {attention.oldestUnshipped.map((o) => (
              <li key={o.orderNumber} className={listRow}>
                <Link href={adminOrderHref(o.orderNumber)} className={link}>
                  {o.orderNumber}
                </Link>
                <span className={cx(muted, css({ textAlign: 'right' }))}>
                  <DateTime iso={o.createdAt} /> · {f.money(o.total, o.currency)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** /admin: how the shop sells, what runs out, what waits (issue 24 item 1); each panel loads, fails and retries alone. */
export function AdminDashboardView({ days, sales, top, stock, attention, onRetry }: AdminDashboardViewProps) {
  const { t } = useLingui();
  useDocumentTitle(t`Dashboard`);
  const periodLabel = (d: DashboardDays) => plural(d, { one: '# day', other: '# days' });
  return (
    <div className={css({ display: 'grid', gap: '5', minW: '0' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
        <h1 className={pageHeading}>{t`Dashboard`}</h1>
        <nav aria-label={t`Period`}>
          <ul className={css({ display: 'flex', borderWidth: '1px', borderColor: 'border.strong', borderRadius: 'md', overflow: 'hidden' })}>
            {DASHBOARD_PERIODS.map((d) => (
              <li key={d}>
                <Link
                  href={dashboardHref(d)}
                  aria-current={d === days ? 'page' : undefined}
                  className={cx(
                    css({ display: 'inline-flex', alignItems: 'center', minH: '11', px: '3', fontWeight: 'semibold', fontSize: 'sm', whiteSpace: 'nowrap' }),
                    d === days ? css({ bg: 'accent', color: 'accent.fg' }) : css({ bg: 'surface', color: 'fg', _hover: { bg: 'surface.raised' } }),
                  )}
                >
                  {periodLabel(d)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } })}>
        <PanelCard
          id="dashboard-sales"
          title={t`Sales in the last ${days} days`}
          panel={sales}
          loading={t`Loading sales...`}
          failed={t`Failed to load sales. Please try again.`}
          onRetry={() => onRetry('sales')}
        >
          {() => <Sales sales={sales.data as SalesPanel} />}
        </PanelCard>
        <PanelCard
          id="dashboard-attention"
          title={t`Needs attention`}
          panel={attention}
          loading={t`Loading what needs attention...`}
          failed={t`Failed to load what needs attention. Please try again.`}
          onRetry={() => onRetry('attention')}
        >
          {() => <Attention attention={attention.data as AttentionPanel} />}
        </PanelCard>
        {/* Stock takes the wide column beside the top products (its two lists side by side), on a phone it comes before them. */}
        <PanelCard
          id="dashboard-stock"
          title={t`Stock`}
          panel={stock}
          loading={t`Loading stock...`}
          failed={t`Failed to load stock. Please try again.`}
          onRetry={() => onRetry('stock')}
        >
          {() => <Stock stock={stock.data as StockPanel} />}
        </PanelCard>
        <PanelCard
          id="dashboard-top"
          title={t`Top products`}
          panel={top}
          loading={t`Loading top products...`}
          failed={t`Failed to load top products. Please try again.`}
          onRetry={() => onRetry('top')}
        >
          {() => <Top top={top.data as TopProduct[]} currency={sales.data?.currency ?? 'EUR'} />}
        </PanelCard>
      </div>
    </div>
  );
}

/** The admin dashboard (issue 24 item 1, ADR 0036): what its four panels show, and the rules the page applies to them. */

/** The periods the dashboard offers, in days (the URL's `?days=`). */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardDays = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_DAYS: DashboardDays = 30;

export type SalesDay = { day: string; revenue: number; orders: number };
export type SalesTotal = { revenue: number; orders: number };
export type SalesPeriod = { from: string; to: string; total: SalesTotal; series: SalesDay[] };
/** Revenue (cents, EUR) and orders per Europe/Berlin day of the period and the period before; change in % (null: nothing before). */
export type SalesPanel = {
  days: DashboardDays;
  currency: string;
  current: SalesPeriod;
  previous: SalesPeriod;
  change: { revenue: number | null; orders: number | null };
};
export type TopProduct = { productId: string; title: string; revenue: number; units: number };
export type StockVariant = { variantId: string; productId: string; title: string; sku: string; size: string | null; color: string | null; inventory: number };
export type SoldOutVariant = StockVariant & { waiting: number };
export type StockPanel = { threshold: number; lowCount: number; low: StockVariant[]; soldOutCount: number; soldOut: SoldOutVariant[] };
export type UnshippedOrder = { orderNumber: string; createdAt: string; total: number; currency: string; status: string };
export type AttentionPanel = { unshipped: number; oldestUnshipped: UnshippedOrder[]; pendingReviews: number; openWithdrawals: number; refundFailures: number };

/** `?days=` of /admin: 7, 30 or 90; anything else (missing, garbage, another number) is the default, so an old or hand-made link still opens. */
export function parseDashboardDays(search: string): DashboardDays {
  const raw = new URLSearchParams(search).get('days')?.trim() ?? '';
  if (!/^\d+$/.test(raw)) return DEFAULT_DASHBOARD_DAYS;
  const days = Number(raw);
  return (DASHBOARD_PERIODS as readonly number[]).includes(days) ? (days as DashboardDays) : DEFAULT_DASHBOARD_DAYS;
}

/** The dashboard's URL for a period (the default period is the bare /admin). */
export const dashboardHref = (days: DashboardDays) => (days === DEFAULT_DASHBOARD_DAYS ? '/admin' : `/admin?days=${days}`);

/** Whether the period had any sale (an empty chart says so instead of drawing a flat line). */
export const hasSales = (sales: SalesPanel) => sales.current.total.orders > 0 || sales.previous.total.orders > 0;

/** Whether nothing needs the admin's attention. */
export const nothingNeedsAttention = (a: AttentionPanel) => a.unshipped + a.pendingReviews + a.openWithdrawals + a.refundFailures === 0;

/** The day with the highest revenue of a series (the first of equals), or null for an empty or all-zero series. */
export function bestDay(series: SalesDay[]): SalesDay | null {
  let best: SalesDay | null = null;
  for (const day of series) if (day.revenue > 0 && (best === null || day.revenue > best.revenue)) best = day;
  return best;
}

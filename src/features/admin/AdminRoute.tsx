import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { matchRoute, Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { adminNavMachine, selectPendingReviews } from '../../../machines/adminNavMachine';
import { selectAdminAccess, selectAuthStatus, selectNeedsSecondFactor } from '../../../machines/authMachine';
import { css } from '../../../styled-system/css';
import { countPendingReviews } from '../../api/admin';
import { dropDashboardPrefetch, prefetchDashboard } from '../../api/dashboard';
import { LOW_STOCK_THRESHOLD } from '../../config/shop';
import { parseDashboardDays } from '../../../domain/adminDashboard';
import { useAuthSelector } from '../../services/useAuthSelector';
import { Spinner } from '../../ui/Spinner';
import { useIdle } from '../../ui/useIdle';
import { ADMIN_PATHS, type AdminPage } from './adminPaths';
import { AdminDashboardPage } from './dashboard/AdminDashboardPage';
import { AdminLayout, type AdminSection } from './shell/AdminLayout';
import { AdminOnlyView } from './shell/AdminOnlyView';

/**
 * An admin page in a chunk of its own: the dashboard, where an admin's day starts, is in this chunk
 * and parses only its own code on the way to its first paint (docs/bench/dashboard.md); the other
 * pages are fetched once the browser is idle after the first admin screen (`preload`), or when opened.
 */
function lazyPage<P>(load: () => Promise<ComponentType<P>>) {
  let chunk: Promise<{ default: ComponentType<P> }> | undefined;
  const get = () => {
    chunk ??= load()
      .then((Page) => ({ default: Page }))
      .catch((error: unknown) => {
        chunk = undefined; // a later render tries again (and reports to the route's error boundary)
        throw error;
      });
    return chunk;
  };
  return Object.assign(lazy(get), { preload: () => void get().catch(() => undefined) });
}

const AdminProductsPage = lazyPage(() => import('./products/AdminProductsPage').then((m) => m.AdminProductsPage));
const ProductFormPage = lazyPage(() => import('./productForm/ProductFormPage').then((m) => m.ProductFormPage));
const ProductImportPage = lazyPage(() => import('./csv/ProductImportPage').then((m) => m.ProductImportPage));
const AdminReviewsPage = lazyPage(() => import('./reviews/AdminReviewsPage').then((m) => m.AdminReviewsPage));
const AdminOrdersPage = lazyPage(() => import('./orders/AdminOrdersPage').then((m) => m.AdminOrdersPage));
const AdminOrderPage = lazyPage(() => import('./orders/AdminOrderPage').then((m) => m.AdminOrderPage));
const AdminWithdrawalsPage = lazyPage(() => import('./withdrawals/AdminWithdrawalsPage').then((m) => m.AdminWithdrawalsPage));
const AuditLogPage = lazyPage(() => import('./audit/AuditLogPage').then((m) => m.AuditLogPage));
const LAZY_PAGES = [AdminProductsPage, ProductFormPage, ProductImportPage, AdminReviewsPage, AdminOrdersPage, AdminOrderPage, AdminWithdrawalsPage, AuditLogPage];

export type AdminScreen = { page: Exclude<AdminPage, 'editProduct' | 'order'> } | { page: 'editProduct'; productId: string } | { page: 'order'; orderNumber: string };

/**
 * Called by the app's route table as soon as this chunk arrives, before its catalogue and its first
 * render: a visit that starts on the dashboard gets its four panels loading beside the is_admin()
 * check (docs/bench/dashboard.md). Without a session nothing is asked.
 */
export function startFirstScreen(pathname: string, search: string): void {
  if (pathname.replace(/\/$/, '') !== ADMIN_PATHS.dashboard) return;
  prefetchDashboard(parseDashboardDays(search), LOW_STOCK_THRESHOLD);
}

/** The screen for an admin path (ADMIN_PATHS), with its parameters; null for any other path. */
function useAdminScreen(path: string): AdminScreen | null {
  const { parser } = useRouter();
  for (const [page, pattern] of Object.entries(ADMIN_PATHS) as [AdminPage, string][]) {
    const [matches, params] = matchRoute(parser, pattern, path);
    if (matches) return { page, ...params } as AdminScreen;
  }
  return null;
}

const SECTION: Record<AdminPage, AdminSection> = {
  dashboard: 'dashboard',
  products: 'products',
  newProduct: 'products',
  editProduct: 'products',
  reviews: 'reviews',
  orders: 'orders',
  order: 'orders',
  withdrawals: 'withdrawals',
  audit: 'audit',
  importProducts: 'products',
};

/**
 * Every /admin URL (one lazily loaded chunk, ADR 0016): it picks the screen for the path
 * (ADMIN_PATHS; any other path under /admin gets the app's `notFound`); admins get the admin area, anyone else
 * the SPEC's 'Admin Only' page. Whether the user is an admin is the database's answer (is_admin()),
 * and the database also refuses every admin write of anyone else, whatever this page shows.
 * A session that still owes its second factor (aal1 with an authenticator app) is sent to the
 * sign-in's code step first: the database answers is_admin() only for aal2 then.
 */
export default function AdminRoute({ notFound }: { notFound: ReactNode }) {
  const { t } = useLingui();
  const access = useAuthSelector(selectAdminAccess);
  const signedIn = useAuthSelector(selectAuthStatus) === 'signedIn';
  const needsSecondFactor = useAuthSelector(selectNeedsSecondFactor);
  const [path] = useLocation();
  const search = useSearch();
  const screen = useAdminScreen(path);
  const here = search ? `${path}?${search}` : path;
  // The answers startFirstScreen asked for that the dashboard did not take: dropped when the visitor is no admin, and when the admin area closes.
  useEffect(() => {
    if (access === 'notAdmin') dropDashboardPrefetch();
  }, [access]);
  useEffect(() => dropDashboardPrefetch, []);
  if (!screen) return notFound;
  if (needsSecondFactor) return <Redirect to={`/auth?next=${encodeURIComponent(here)}`} replace />;
  if (access === 'checking') {
    return (
      <div className={css({ maxW: '6xl', mx: 'auto', px: '4', py: '8' })}>
        <Spinner label={t`Loading...`} />
      </div>
    );
  }
  if (access === 'notAdmin') return <AdminOnlyView signedIn={signedIn} next={here} />;
  return <AdminArea screen={screen} />;
}

function AdminArea({ screen }: { screen: AdminScreen }) {
  const [nav, send] = useMachine(adminNavMachine.provide({ actors: { countPendingReviews: fromPromise(() => countPendingReviews()) } }));
  const refreshCount = () => send({ type: 'nav.refresh' });
  const { t } = useLingui();
  const idle = useIdle();
  useEffect(() => {
    if (idle) for (const page of LAZY_PAGES) page.preload();
  }, [idle]);
  return (
    <AdminLayout section={SECTION[screen.page]} pendingReviews={selectPendingReviews(nav)}>
      <Suspense fallback={<Spinner label={t`Loading...`} />}>
        {screen.page === 'dashboard' && <AdminDashboardPage />}
        {screen.page === 'products' && <AdminProductsPage />}
        {screen.page === 'newProduct' && <ProductFormPage key="new" productId={null} />}
        {screen.page === 'editProduct' && <ProductFormPage key={screen.productId} productId={screen.productId} />}
        {screen.page === 'reviews' && <AdminReviewsPage onModerated={refreshCount} />}
        {screen.page === 'orders' && <AdminOrdersPage />}
        {screen.page === 'order' && <AdminOrderPage key={screen.orderNumber} orderNumber={screen.orderNumber} />}
        {screen.page === 'withdrawals' && <AdminWithdrawalsPage />}
        {screen.page === 'audit' && <AuditLogPage />}
        {screen.page === 'importProducts' && <ProductImportPage />}
      </Suspense>
    </AdminLayout>
  );
}

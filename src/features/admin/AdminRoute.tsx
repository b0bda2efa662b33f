import { useAuthSelector } from '../../services/useAuthSelector';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { css } from '../../../styled-system/css';
import { Redirect, useLocation, useSearch } from 'wouter';
import { adminNavMachine, selectPendingReviews } from '../../../machines/adminNavMachine';
import { selectAdminAccess, selectAuthStatus, selectNeedsSecondFactor } from '../../../machines/authMachine';
import { countPendingReviews } from '../../api/admin';
import { Spinner } from '../../ui/Spinner';
import { AdminDashboardPage } from './dashboard/AdminDashboardPage';
import { AdminProductsPage } from './products/AdminProductsPage';
import { ProductFormPage } from './productForm/ProductFormPage';
import { AdminReviewsPage } from './reviews/AdminReviewsPage';
import { AdminOrdersPage } from './orders/AdminOrdersPage';
import { AdminOrderPage } from './orders/AdminOrderPage';
import { AdminWithdrawalsPage } from './withdrawals/AdminWithdrawalsPage';
import { AuditLogPage } from './audit/AuditLogPage';
import { ProductImportPage } from './csv/ProductImportPage';
import { AdminLayout, type AdminSection } from './shell/AdminLayout';
import { AdminOnlyView } from './shell/AdminOnlyView';

export type AdminScreen =
  | { page: 'dashboard' }
  | { page: 'products' }
  | { page: 'newProduct' }
  | { page: 'editProduct'; productId: string }
  | { page: 'reviews' }
  | { page: 'orders' }
  | { page: 'order'; orderNumber: string }
  | { page: 'withdrawals' }
  | { page: 'audit' }
  | { page: 'importProducts' };

const SECTION: Record<AdminScreen['page'], AdminSection> = {
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
 * Every /admin URL (one lazily loaded chunk, ADR 0016): admins get the admin area; anyone else the
 * SPEC's 'Admin Only' page. Whether the user is an admin is the database's answer (is_admin()),
 * and the database also refuses every admin write of anyone else, whatever this page shows.
 * A session that still owes its second factor (aal1 with an authenticator app) is sent to the
 * sign-in's code step first: the database answers is_admin() only for aal2 then.
 */
export default function AdminRoute(screen: AdminScreen) {
  const { t } = useLingui();
  const access = useAuthSelector(selectAdminAccess);
  const signedIn = useAuthSelector(selectAuthStatus) === 'signedIn';
  const needsSecondFactor = useAuthSelector(selectNeedsSecondFactor);
  const [path] = useLocation();
  const search = useSearch();
  const here = search ? `${path}?${search}` : path;
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
  return (
    <AdminLayout section={SECTION[screen.page]} pendingReviews={selectPendingReviews(nav)}>
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
    </AdminLayout>
  );
}

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { type AuthSession, authMachine } from '../../machines/authMachine';
import { countPendingReviews, fetchAdminOrder, fetchAdminOrders, fetchAdminProducts, fetchAdminReviews } from '../../src/api/admin';
import { NotFoundView } from '../../src/app/shell/ErrorViews';
import AdminRoute, { startFirstScreen } from '../../src/features/admin/AdminRoute';
import { dropDashboardPrefetch, prefetchDashboard } from '../../src/api/dashboard';
import { LOW_STOCK_THRESHOLD } from '../../src/config/shop';
import { renderAt } from './support';

vi.mock('../../src/api/dashboard', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/dashboard')>()),
  prefetchDashboard: vi.fn(),
  dropDashboardPrefetch: vi.fn(),
}));
vi.mock('../../src/api/admin', () => ({
  countPendingReviews: vi.fn(),
  fetchAdminProducts: vi.fn(),
  fetchAdminReviews: vi.fn(),
  fetchAdminOrders: vi.fn(),
  fetchAdminOrder: vi.fn(),
  fetchAdminProduct: vi.fn(),
}));

const SESSION: AuthSession = {
  accessToken: 'a',
  refreshToken: 'r',
  expiresAt: 4_000_000_000,
  user: { id: 'u-1', email: 'someone@example.test' },
  secondFactor: 'none',
} as AuthSession;

/** An auth actor with `session` stored whose is_admin() answers `isAdmin` (a promise the test may hold). */
function authWith(session: AuthSession | null, isAdmin: Promise<boolean>) {
  return createActor(authMachine.provide({ actors: { loadSession: fromPromise(async () => session), checkAdmin: fromPromise(() => isAdmin), listen: fromCallback(() => {}) } }), {
    input: { now: () => 0 },
  }).start();
}

/** One URL for each admin screen (src/features/admin/adminPaths.ts). */
const SCREENS = [
  '/admin',
  '/admin/products',
  '/admin/products/new',
  '/admin/products/import',
  '/admin/products/3f1c/edit',
  '/admin/reviews',
  '/admin/orders',
  '/admin/orders/NPNG-100001',
  '/admin/withdrawals',
  '/admin/audit',
];

describe('every /admin URL', () => {
  beforeEach(() => {
    vi.mocked(countPendingReviews).mockReset().mockResolvedValue(2);
    vi.mocked(fetchAdminProducts).mockReset().mockResolvedValue({ rows: [], total: 0 });
    vi.mocked(fetchAdminReviews).mockReset().mockResolvedValue({ rows: [], total: 0 });
    vi.mocked(fetchAdminOrders).mockReset().mockResolvedValue({ rows: [], total: 0 });
  });

  it.each(SCREENS)('%s shows a signed-out visitor "Admin Only" with a sign-in that comes back', async (path) => {
    renderAt(<AdminRoute notFound={<NotFoundView />} />, path, { auth: authWith(null, Promise.resolve(true)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Only' })).toBeTruthy();
    expect(screen.getByText('Sign in with an admin email to manage products.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(`/auth?next=${encodeURIComponent(path)}`);
    expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
    expect(countPendingReviews).not.toHaveBeenCalled();
  });

  it.each(SCREENS)('%s shows a customer "Admin Only" and asks the backend for nothing', async (path) => {
    renderAt(<AdminRoute notFound={<NotFoundView />} />, path, { auth: authWith(SESSION, Promise.resolve(false)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Only' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    for (const call of [countPendingReviews, fetchAdminProducts, fetchAdminReviews, fetchAdminOrders]) expect(call).not.toHaveBeenCalled();
  });

  it.each(['/admin/anything', '/admin/products/3f1c/edit/more', '/admin/orders/1/2', '/admin/audit/x'])(
    '%s is Not Found, for an admin too, and asks the backend for nothing',
    async (path) => {
      renderAt(<AdminRoute notFound={<NotFoundView />} />, path, { auth: authWith(SESSION, Promise.resolve(true)) });
      expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Admin' })).toBeNull();
      expect(countPendingReviews).not.toHaveBeenCalled();
    },
  );

  it('an admin at /admin/orders/{number} gets the order screen for that number', async () => {
    vi.mocked(fetchAdminOrder).mockReset().mockResolvedValue(null);
    renderAt(<AdminRoute notFound={<NotFoundView />} />, '/admin/orders/NPNG-100001', { auth: authWith(SESSION, Promise.resolve(true)) });
    const nav = within(await screen.findByRole('navigation', { name: 'Admin' }));
    expect(nav.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(fetchAdminOrder).toHaveBeenCalledWith(expect.objectContaining({ orderNumber: 'NPNG-100001' })));
  });

  it('waits for the database before deciding, then shows the admin area with the waiting count', async () => {
    let answer: (isAdmin: boolean) => void = () => {};
    const isAdmin = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    renderAt(<AdminRoute notFound={<NotFoundView />} />, '/admin/products', { auth: authWith(SESSION, isAdmin) });
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Only' })).toBeNull();
    answer(true);
    const nav = within(await screen.findByRole('navigation', { name: 'Admin' }));
    await waitFor(() => expect(countPendingReviews).toHaveBeenCalled());
    await waitFor(() => expect(nav.getByRole('link', { name: 'Reviews 2 waiting' })).toBeTruthy());
    expect(nav.getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Only' })).toBeNull();
  });
});

describe("the dashboard as a visit's first screen", () => {
  beforeEach(() => {
    vi.mocked(prefetchDashboard).mockReset();
    vi.mocked(dropDashboardPrefetch).mockReset();
    vi.mocked(countPendingReviews).mockReset().mockResolvedValue(0);
  });

  it.each([
    ['/admin', '', 30],
    ['/admin/', '?days=7', 7],
    ['/admin', '?days=nonsense', 30],
  ])('startFirstScreen(%s, %s) starts the panels for %i days', (path, search, days) => {
    startFirstScreen(path, search);
    expect(prefetchDashboard).toHaveBeenCalledWith(days, LOW_STOCK_THRESHOLD);
  });

  it.each(['/admin/orders', '/admin/products/new', '/'])('startFirstScreen(%s) starts nothing', (path) => {
    startFirstScreen(path, '');
    expect(prefetchDashboard).not.toHaveBeenCalled();
  });

  it('what was started is dropped when the answer is "not an admin"', async () => {
    renderAt(<AdminRoute notFound={<NotFoundView />} />, '/admin', { auth: authWith(SESSION, Promise.resolve(false)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Only' })).toBeTruthy();
    await waitFor(() => expect(dropDashboardPrefetch).toHaveBeenCalled());
  });

  it('and kept for an admin, until the admin area closes', async () => {
    renderAt(<AdminRoute notFound={<NotFoundView />} />, '/admin/orders', { auth: authWith(SESSION, Promise.resolve(true)) });
    await screen.findByRole('navigation', { name: 'Admin' });
    expect(dropDashboardPrefetch).not.toHaveBeenCalled();
    cleanup();
    expect(dropDashboardPrefetch).toHaveBeenCalled();
  });
});

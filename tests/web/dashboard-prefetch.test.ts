/**
 * src/api/dashboard.ts: the panels' requests the admin chunk starts as it arrives (prefetchDashboard)
 * are taken, once each, by the dashboard's first calls; what nobody took can be dropped; without a
 * session nothing is asked.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dropDashboardPrefetch, fetchDashboardAttention, fetchDashboardSales, fetchDashboardStock, fetchDashboardTopProducts, prefetchDashboard } from '../../src/api/dashboard';

const rpc = vi.fn();
let session = true;
vi.mock('../../src/api/client', () => ({ supabase: () => ({ rpc, mayHaveSession: () => session }) }));

beforeEach(() => {
  dropDashboardPrefetch();
  session = true;
  rpc.mockReset().mockImplementation(async (name: string, args: Record<string, unknown>) => ({ data: { name, args, n: rpc.mock.calls.length }, error: null }));
});

describe('prefetchDashboard', () => {
  it('asks the four panels at once; the first call of each takes its answer, the next asks anew', async () => {
    prefetchDashboard(7, 5);
    expect(rpc.mock.calls).toEqual([
      ['admin_dashboard_sales', { days: 7 }],
      ['admin_dashboard_top_products', { days: 7 }],
      ['admin_dashboard_stock', { threshold: 5 }],
      ['admin_dashboard_attention', {}],
    ]);
    expect(await fetchDashboardSales(7)).toMatchObject({ name: 'admin_dashboard_sales', n: 1 });
    expect(await fetchDashboardTopProducts(7)).toMatchObject({ name: 'admin_dashboard_top_products', n: 2 });
    expect(await fetchDashboardStock(5)).toMatchObject({ name: 'admin_dashboard_stock', n: 3 });
    expect(await fetchDashboardAttention()).toMatchObject({ name: 'admin_dashboard_attention', n: 4 });
    expect(rpc).toHaveBeenCalledTimes(4);

    expect(await fetchDashboardSales(7)).toMatchObject({ n: 5 });
    expect(rpc).toHaveBeenCalledTimes(5);
  });

  it('another period or threshold than the prefetched one is asked for itself', async () => {
    prefetchDashboard(30, 5);
    expect(await fetchDashboardSales(7)).toMatchObject({ args: { days: 7 }, n: 5 });
    expect(await fetchDashboardStock(6)).toMatchObject({ args: { threshold: 6 }, n: 6 });
  });

  it('a refused prefetch (not an admin) is handed over as a failure once, or dropped', async () => {
    rpc.mockResolvedValue({ data: null, error: { code: '42501', message: 'admins only', details: null, hint: null } });
    prefetchDashboard(7, 5);
    await expect(fetchDashboardSales(7)).rejects.toMatchObject({ message: 'admins only' });
    dropDashboardPrefetch();
    rpc.mockResolvedValue({ data: { fresh: true }, error: null });
    expect(await fetchDashboardAttention()).toEqual({ fresh: true });
    expect(rpc).toHaveBeenCalledTimes(5);
  });

  it('a second prefetch starts anew instead of keeping an older answer', async () => {
    prefetchDashboard(7, 5);
    prefetchDashboard(7, 5);
    expect(rpc).toHaveBeenCalledTimes(8);
    expect(await fetchDashboardSales(7)).toMatchObject({ n: 5 });
  });

  it('without a session it asks nothing', async () => {
    session = false;
    prefetchDashboard(7, 5);
    expect(rpc).not.toHaveBeenCalled();
  });
});

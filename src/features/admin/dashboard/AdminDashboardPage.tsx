import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { parseDashboardDays } from '../../../../domain/adminDashboard';
import { adminDashboardMachine, selectPanelStatus } from '../../../../machines/adminDashboardMachine';
import { fetchDashboardAttention, fetchDashboardSales, fetchDashboardStock, fetchDashboardTopProducts } from '../../../api/dashboard';
import { LOW_STOCK_THRESHOLD } from '../../../config/shop';
import { AdminDashboardView } from './AdminDashboardView';

const machine = adminDashboardMachine.provide({
  actors: {
    fetchSales: fromPromise(({ input }) => fetchDashboardSales(input)),
    fetchTop: fromPromise(({ input }) => fetchDashboardTopProducts(input)),
    fetchStock: fromPromise(({ input }) => fetchDashboardStock(input)),
    fetchAttention: fromPromise(() => fetchDashboardAttention()),
  },
});

/** /admin: the URL holds the period (`?days=`); the machine loads the four panels. */
export function AdminDashboardPage() {
  const search = useSearch();
  const days = useMemo(() => parseDashboardDays(search), [search]);
  const [snapshot, send] = useMachine(machine, { input: { days, threshold: LOW_STOCK_THRESHOLD } });
  useEffect(() => send({ type: 'dashboard.days', days }), [days, send]);
  const { context } = snapshot;
  return (
    <AdminDashboardView
      days={context.days}
      sales={{ status: selectPanelStatus(snapshot, 'sales'), data: context.sales }}
      top={{ status: selectPanelStatus(snapshot, 'top'), data: context.top }}
      stock={{ status: selectPanelStatus(snapshot, 'stock'), data: context.stock }}
      attention={{ status: selectPanelStatus(snapshot, 'attention'), data: context.attention }}
      onRetry={(panel) => send({ type: `${panel}.retry` })}
    />
  );
}

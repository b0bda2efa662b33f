import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { adminOrdersMachine, selectAdminOrdersStatus } from '../../../../machines/adminOrdersMachine';
import { fetchAdminOrders, fetchUnfulfillableRefunds } from '../../../api/admin';
import { exportFileName, ordersCsv } from '../../../../domain/catalogueCsv';
import { fetchOrdersForExport } from '../../../api/catalogueCsv';
import { CsvExport } from '../csv/CsvExport';
import { AdminOrdersView } from './AdminOrdersView';
import { adminOrdersHref, parseAdminOrderQuery, withStatus } from './url';

/** /admin/orders: the URL holds the filter and page; the machine loads what it says. */
export function AdminOrdersPage() {
  const { t } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parseAdminOrderQuery(search), [search]);
  const [snapshot, send] = useMachine(
    adminOrdersMachine.provide({
      actors: { fetchOrders: fromPromise(({ input }) => fetchAdminOrders(input)), fetchAutoRefunds: fromPromise(() => fetchUnfulfillableRefunds()) },
    }),
    { input: { query } },
  );
  useEffect(() => send({ type: 'orders.query', query }), [query, send]);
  return (
    <AdminOrdersView
      status={selectAdminOrdersStatus(snapshot)}
      query={snapshot.context.query}
      rows={snapshot.context.rows}
      total={snapshot.context.total}
      onStatusChange={(status) => navigate(adminOrdersHref(withStatus(snapshot.context.query, status)))}
      onRetry={() => send({ type: 'orders.retry' })}
      autoRefunds={snapshot.context.autoRefunds}
      autoRefundsError={snapshot.context.autoRefundsError}
      csvTools={
        <CsvExport
          label={t`Export orders as CSV`}
          fileName={() => exportFileName('orders', new Date())}
          // The list's filter as the URL says it (every page of it, not only the one shown).
          build={async (separator) => ordersCsv(await fetchOrdersForExport({ query }), separator)}
        />
      }
    />
  );
}

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type AdminOrderNotice, adminOrderMachine, selectAdminOrderStatus, selectAdminOrderStep } from '../../../../machines/adminOrderMachine';
import { fetchAdminOrder, setOrderStatus } from '../../../api/admin';
import { useNotify } from '../../../services/context';
import type { ToastInput } from '../../../../machines/toastMachine';
import { orderStatusLabel } from '../../../ui/orderStatusLabel';
import { AdminOrderView } from './AdminOrderView';

const texts = {
  updated: msg`Order updated`,
  notUpdated: msg`Order not updated`,
  stale: msg`This order was changed somewhere else; it now shows its current status.`,
};

/** /admin/orders/{orderNumber}: one order, and its status moved on with a toast for each outcome. */
export function AdminOrderPage({ orderNumber }: { orderNumber: string }) {
  // A new number is a new page: start its machine afresh.
  return <AdminOrder key={orderNumber} orderNumber={orderNumber} />;
}

function AdminOrder({ orderNumber }: { orderNumber: string }) {
  const { i18n } = useLingui();
  const notify = useNotify();
  const toastFor = (notice: AdminOrderNotice): ToastInput => {
    switch (notice.kind) {
      case 'updated': {
        const { orderNumber: number } = notice;
        const status = orderStatusLabel(i18n, notice.status);
        return { title: i18n._(texts.updated), description: i18n._(msg`${number} is now ${status}.`), variant: 'success' };
      }
      case 'stale':
        return { title: i18n._(texts.notUpdated), description: i18n._(texts.stale), variant: 'info' };
      case 'failed':
        return { title: i18n._(texts.notUpdated), description: notice.message, variant: 'destructive' };
    }
  };
  const [snapshot, send] = useMachine(
    adminOrderMachine.provide({
      actors: {
        fetchOrder: fromPromise(({ input }) => fetchAdminOrder(input)),
        setStatus: fromPromise(({ input }) => setOrderStatus(input)),
      },
      actions: { notify: (_, notice) => notify(toastFor(notice)) },
    }),
    { input: { orderNumber } },
  );
  return (
    <AdminOrderView
      status={selectAdminOrderStatus(snapshot)}
      orderNumber={snapshot.context.orderNumber ?? orderNumber}
      order={snapshot.context.order}
      step={selectAdminOrderStep(snapshot)}
      pending={snapshot.context.pending}
      onRetry={() => send({ type: 'order.retry' })}
      onStatusChange={(to) => send({ type: 'status.change', to })}
      onConfirm={() => send({ type: 'status.confirm' })}
      onDismiss={() => send({ type: 'status.dismiss' })}
    />
  );
}

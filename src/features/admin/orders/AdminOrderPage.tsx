import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { canCancelByRefund } from '../../../../domain/adminOrders';
import { type AdminOrderNotice, adminOrderMachine, selectAdminOrderStatus, selectAdminOrderStep } from '../../../../machines/adminOrderMachine';
import { dialogAmount, refundDialogMachine } from '../../../../machines/refundDialogMachine';
import { shipOrderMachine } from '../../../../machines/shipOrderMachine';
import type { ToastInput } from '../../../../machines/toastMachine';
import { fetchAdminOrder, refundOrder, setOrderStatus, shipOrder } from '../../../api/admin';
import { useNotify } from '../../../services/context';
import { orderStatusLabel } from '../../../ui/orderStatusLabel';
import { opensRefund } from '../withdrawals/url';
import { AuditHistory } from '../audit/AuditHistory';
import { AdminOrderView, type RefundDialogState, type ShipDialogState } from './AdminOrderView';

const texts = {
  updated: msg`Order updated`,
  notUpdated: msg`Order not updated`,
  stale: msg`This order was changed somewhere else; it now shows its current status.`,
  shipped: msg`Order shipped`,
  refunded: msg`Refund issued`,
  cancelled: msg`Order cancelled and refunded`,
  refundFailed: msg`Refund failed`,
  copied: msg`Address copied`,
  notCopied: msg`The address could not be copied`,
};

/** /admin/orders/{orderNumber}: one order, its status moved on, shipped and refunded, with a toast for each outcome. */
export function AdminOrderPage({ orderNumber }: { orderNumber: string }) {
  // A new number is a new page: start its machine afresh.
  return <AdminOrder key={orderNumber} orderNumber={orderNumber} />;
}

const shipDialog = shipOrderMachine.provide({ actors: { shipOrder: fromPromise(({ input }) => shipOrder(input)) } });
const refundDialog = refundDialogMachine.provide({ actors: { refundOrder: fromPromise(({ input }) => refundOrder(input)) } });

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
      case 'shipped': {
        const { orderNumber: number } = notice;
        return { title: i18n._(texts.shipped), description: i18n._(msg`${number} is on its way; the customer gets an e-mail.`), variant: 'success' };
      }
      case 'refunded': {
        const { orderNumber: number } = notice;
        const amount = new Intl.NumberFormat(i18n.locale, { style: 'currency', currency: notice.currency }).format(notice.amount / 100);
        return {
          title: i18n._(notice.cancelled ? texts.cancelled : texts.refunded),
          description: i18n._(msg`${amount} of ${number} was paid back.`),
          variant: 'success',
        };
      }
      case 'refundFailed':
        return { title: i18n._(texts.refundFailed), description: notice.message, variant: 'destructive' };
    }
  };
  const [snapshot, send] = useMachine(
    adminOrderMachine.provide({
      actors: {
        fetchOrder: fromPromise(({ input }) => fetchAdminOrder(input)),
        setStatus: fromPromise(({ input }) => setOrderStatus(input)),
        shipDialog,
        refundDialog,
        refundOrder: fromPromise(({ input }) => refundOrder(input)),
      },
      actions: { notify: (_, notice) => notify(toastFor(notice)) },
    }),
    { input: { orderNumber } },
  );
  // From /admin/withdrawals' Refund: once the order is shown, its refund flow opens (the same dialog
  // as its own buttons: "Cancel and refund" before shipping, Refund after); the machine's guards decide.
  const refundRequested = opensRefund(useSearch());
  const refundOpened = useRef(false);
  const loaded = selectAdminOrderStatus(snapshot) === 'loaded';
  const loadedOrder = snapshot.context.order;
  useEffect(() => {
    if (!refundRequested || !loaded || !loadedOrder || refundOpened.current) return;
    refundOpened.current = true;
    send({ type: canCancelByRefund(loadedOrder) ? 'cancel.open' : 'refund.open' });
  }, [refundRequested, loaded, loadedOrder, send]);
  const shipRef = snapshot.children.shipDialog as ActorRefFrom<typeof shipOrderMachine> | undefined;
  const refundRef = snapshot.children.refundDialog as ActorRefFrom<typeof refundDialogMachine> | undefined;
  const ship = useSelector(
    shipRef,
    (s): ShipDialogState | null => {
      if (!shipRef || !s || (s.value !== 'editing' && s.value !== 'submitting' && s.value !== 'failed')) return null;
      return {
        state: s.value,
        values: s.context.values,
        errors: s.context.errors,
        failure: s.context.failure,
        onCarrierChange: (carrier) => shipRef.send({ type: 'carrier.change', carrier }),
        onTrackingChange: (value) => shipRef.send({ type: 'tracking.change', value }),
        onSubmit: () => shipRef.send({ type: 'ship.submit' }),
        onClose: () => shipRef.send({ type: 'dialog.close' }),
      };
    },
    sameDialog,
  );
  const refund = useSelector(
    refundRef,
    (s): RefundDialogState | null => {
      if (!refundRef || !s || (s.value !== 'editing' && s.value !== 'submitting' && s.value !== 'failed')) return null;
      return {
        mode: s.context.mode,
        lines: s.context.lines,
        amount: dialogAmount(s.context),
        state: s.value,
        reason: s.context.reason,
        errors: s.context.errors,
        failure: s.context.failure,
        onQtyChange: (itemId, qty) => refundRef.send({ type: 'line.qty', itemId, qty }),
        onReasonChange: (value) => refundRef.send({ type: 'reason.change', value }),
        onSubmit: () => refundRef.send({ type: 'refund.submit' }),
        onRetry: () => refundRef.send({ type: 'refund.retry' }),
        onClose: () => refundRef.send({ type: 'dialog.close' }),
      };
    },
    sameDialog,
  );
  const shown = snapshot.context.order;
  return (
    <>
      <AdminOrderView
        status={selectAdminOrderStatus(snapshot)}
        orderNumber={snapshot.context.orderNumber ?? orderNumber}
        order={snapshot.context.order}
        step={selectAdminOrderStep(snapshot)}
        pending={snapshot.context.pending}
        ship={ship}
        refund={refund}
        retryingId={snapshot.context.retryId}
        onRetry={() => send({ type: 'order.retry' })}
        onStatusChange={(to) => send({ type: 'status.change', to })}
        onConfirm={() => send({ type: 'status.confirm' })}
        onDismiss={() => send({ type: 'status.dismiss' })}
        onShip={() => send({ type: 'ship.open' })}
        onRefund={() => send({ type: 'refund.open' })}
        onCancelRefund={() => send({ type: 'cancel.open' })}
        onRetryRefund={(refundId) => send({ type: 'refund.retry', refundId })}
        onCopyAddress={(text) =>
          navigator.clipboard.writeText(text).then(
            () => notify({ title: i18n._(texts.copied), variant: 'success' }),
            () => notify({ title: i18n._(texts.notCopied), variant: 'destructive' }),
          )
        }
      />
      {shown && <AuditHistory key={`${shown.id}-${shown.updatedAt}`} subjectId={shown.id} />}
    </>
  );
}

/** The dialogs' props are rebuilt from each snapshot; they change only when what they show does. */
function sameDialog<T extends object | null>(a: T, b: T): boolean {
  if (a === null || b === null) return a === b;
  return Object.entries(a).every(([key, value]) => typeof value === 'function' || value === (b as Record<string, unknown>)[key]);
}

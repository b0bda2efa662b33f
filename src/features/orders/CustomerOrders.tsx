import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { AuthUser } from '../../../machines/authMachine';
import type { OrderDetail } from '../../../domain/orders';
import { ordersMachine, selectOrders, selectOrdersStatus } from '../../../machines/ordersMachine';
import { fetchOrders } from '../../api/orders';
import { CheckoutNotice } from './CheckoutNotice';
import { OrdersView } from './OrdersView';
import { useOrderPolling } from './useOrderPolling';

export type CustomerOrdersProps = { user: AuthUser; sessionId: string | null };

/** The signed-in customer's orders; the order just paid for joins them once it is found. */
export function CustomerOrders({ user, sessionId }: CustomerOrdersProps) {
  const [snapshot, send] = useMachine(ordersMachine.provide({ actors: { fetchOrders: fromPromise(({ input }) => fetchOrders(input)) } }), {
    input: { userId: user.id, email: user.email },
  });
  // Only the customer's own order joins the list (the machine's isOwnOrder guard).
  const addOrder = (order: OrderDetail) => send({ type: 'orders.add', order });
  return (
    <OrdersView
      status={selectOrdersStatus(snapshot)}
      orders={selectOrders(snapshot)}
      notice={sessionId ? <PolledOrderNotice sessionId={sessionId} onFound={addOrder} /> : undefined}
      onRetry={() => send({ type: 'orders.retry' })}
    />
  );
}

function PolledOrderNotice({ sessionId, onFound }: { sessionId: string; onFound: (order: OrderDetail) => void }) {
  const { status, order, refresh } = useOrderPolling(sessionId, { as: 'customer', onFound });
  return <CheckoutNotice status={status} orderNumber={order?.orderNumber ?? null} onRefresh={refresh} />;
}

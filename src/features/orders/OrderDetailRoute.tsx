import { useAuthSelector } from '../../services/useAuthSelector';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import { Redirect, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { selectAuthStatus, selectUser } from '../../../machines/authMachine';
import { orderDetailMachine, selectOrderDetailStatus, selectOrderTimeline } from '../../../machines/orderDetailMachine';
import { fetchOrderByNumber, fetchOrderTimeline } from '../../api/orders';
import { Spinner } from '../../ui/Spinner';
import { OrderDetailView } from './OrderDetailView';
import { signInHref } from './url';

const texts = { loading: msg`Loading...` };

export type OrderDetailRouteProps = { orderNumber: string };

/** /orders/{orderNumber}: one of the signed-in customer's orders (the database decides which are theirs). */
export default function OrderDetailRoute({ orderNumber }: OrderDetailRouteProps) {
  const { i18n } = useLingui();
  const status = useAuthSelector(selectAuthStatus);
  const user = useAuthSelector(selectUser);
  const [path] = useLocation();
  if (status === 'loading') return <Spinner label={i18n._(texts.loading)} />;
  if (status === 'signedOut' || !user) return <Redirect to={signInHref(path)} replace />;
  return <OrderDetail key={`${user.id} ${orderNumber}`} orderNumber={orderNumber} />;
}

function OrderDetail({ orderNumber }: OrderDetailRouteProps) {
  const [snapshot, send] = useMachine(
    orderDetailMachine.provide({
      actors: {
        fetchOrder: fromPromise(({ input }) => fetchOrderByNumber(input)),
        fetchTimeline: fromPromise(({ input }) => fetchOrderTimeline(input)),
      },
    }),
    { input: { orderNumber } },
  );
  return (
    <OrderDetailView
      status={selectOrderDetailStatus(snapshot)}
      orderNumber={snapshot.context.orderNumber}
      order={snapshot.context.order}
      timeline={selectOrderTimeline(snapshot)}
      onRetry={() => send({ type: 'order.retry' })}
    />
  );
}

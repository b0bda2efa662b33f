import { useMachine } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { orderPollingMachine, selectPolledOrder, selectPollingStatus } from '../../../machines/orderPollingMachine';
import type { OrderDetail } from '../../../machines/orders';
import { fetchOrderBySession } from '../../api/orders';

/** Looks for the order of a checkout session (SPEC §4: every 1.5 s, 6 times; then Refresh). */
export function useOrderPolling(sessionId: string, onFound?: (order: OrderDetail) => void) {
  // The machine is made once; the latest callback is the one called.
  const found = useRef(onFound);
  found.current = onFound;
  const [snapshot, send] = useMachine(
    orderPollingMachine.provide({
      actors: { findOrder: fromPromise(({ input }) => fetchOrderBySession(input)) },
      actions: { orderFound: (_, { order }) => found.current?.(order) },
    }),
    { input: { sessionId } },
  );
  return {
    status: selectPollingStatus(snapshot),
    order: selectPolledOrder(snapshot),
    refresh: () => send({ type: 'poll.refresh' }),
  };
}

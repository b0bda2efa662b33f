import { useMachine } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { orderPollingMachine } from '../../../machines/orderPollingMachine';
import type { OrderDetail } from '../../../domain/orders';
import { checkoutSessionNeedsSignIn, fetchOrderBySession, fetchOwnOrderBySession } from '../../api/orders';
import { orderPollingProps } from './orderPollingProps';

export type OrderPollingOptions = {
  /**
   * `customer`: signed in, the order is read as one of theirs (or a guest order of the session);
   * `guest`: only a guest's order shows, and an account's order asks to sign in.
   */
  as: 'customer' | 'guest';
  onFound?: (order: OrderDetail) => void;
};

/** Looks for the order of a checkout session (SPEC §4: every 1.5 s, 6 times; then Refresh). */
export function useOrderPolling(sessionId: string, { as, onFound }: OrderPollingOptions) {
  // The machine is made once; the latest callback is the one called.
  const found = useRef(onFound);
  found.current = onFound;
  const [snapshot, send] = useMachine(
    orderPollingMachine.provide({
      actors: {
        findOrder: fromPromise(({ input }) => (as === 'guest' ? fetchOrderBySession(input) : fetchOwnOrderBySession(input))),
        needsSignIn: fromPromise(({ input }) => checkoutSessionNeedsSignIn(input)),
      },
      actions: { orderFound: (_, { order }) => found.current?.(order) },
    }),
    { input: { sessionId, askSignIn: as === 'guest' } },
  );
  const { status, order, onRefresh } = orderPollingProps(snapshot, send);
  return { status, order, refresh: onRefresh };
}

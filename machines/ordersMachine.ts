import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { mergeOrders, type OrderSummary } from '../domain/orders';

export type OrdersInput = { userId: string; email: string | null };

type Context = {
  userId: string;
  email: string | null;
  orders: OrderSummary[];
  error: string | null;
};

export type OrdersEvent =
  /** An order found by polling its checkout session joins the list (once). */
  | { type: 'orders.add'; order: OrderSummary }
  | { type: 'orders.retry' };

/**
 * SPEC §2 Orders: the signed-in customer's orders, newest first: loading → loaded (a list, maybe
 * empty) | failed (Try again). An order found by polling joins the list whenever it comes, also
 * while the list is still loading, and never twice.
 */
export const ordersMachine = setup({
  types: { context: {} as Context, events: {} as OrdersEvent, input: {} as OrdersInput },
  actors: {
    fetchOrders: fromPromise<OrderSummary[], { userId: string; email: string | null }>(async () => {
      throw new Error('provide fetchOrders');
    }),
  },
}).createMachine({
  id: 'orders',
  context: ({ input }) => ({ userId: input.userId, email: input.email, orders: [], error: null }),
  on: {
    'orders.add': { actions: assign({ orders: ({ context, event }) => mergeOrders(context.orders, [event.order]) }) },
  },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchOrders',
        src: 'fetchOrders',
        input: ({ context }) => ({ userId: context.userId, email: context.email }),
        onDone: { target: 'loaded', actions: assign({ orders: ({ context, event }) => mergeOrders(context.orders, event.output) }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error, 'Unknown error') }) },
      },
    },
    loaded: {},
    failed: { on: { 'orders.retry': 'loading' } },
  },
});

export type OrdersSnapshot = SnapshotFrom<typeof ordersMachine>;
export type OrdersStatus = 'loading' | 'loaded' | 'failed';
export const selectOrdersStatus = (snapshot: OrdersSnapshot) => snapshot.value as OrdersStatus;
export const selectOrders = (snapshot: OrdersSnapshot) => snapshot.context.orders;

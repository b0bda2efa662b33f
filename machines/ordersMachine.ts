import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { mergeOrders, type OrderDetail, type OrderSummary, summaryOf } from '../domain/orders';
import { type StateOf, topState } from './status';

export type OrdersInput = { userId: string; email: string | null };

type Context = {
  userId: string;
  email: string | null;
  orders: OrderSummary[];
  error: string | null;
};

/** An order as polling finds it: its summary and the buyer's e-mail. */
export type FoundOrder = OrderSummary & Pick<OrderDetail, 'email'>;

export type OrdersEvent =
  /** An order found by polling its checkout session joins the list (once), if it is the customer's own. */
  { type: 'orders.add'; order: FoundOrder } | { type: 'orders.retry' };

/**
 * SPEC §2 Orders: the signed-in customer's orders, newest first: loading → loaded (a list, maybe
 * empty) | failed (Try again). An order found by polling joins the list whenever it comes, also
 * while the list is still loading, and never twice. The list holds what the database shows this
 * customer: an order paid with another address (as a guest, before signing in to this account) is
 * confirmed by the polling notice but does not join it.
 */
export const ordersMachine = setup({
  types: { context: {} as Context, events: {} as OrdersEvent, input: {} as OrdersInput },
  actors: {
    fetchOrders: fromPromise<OrderSummary[], { userId: string; email: string | null }>(async () => {
      throw new Error('provide fetchOrders');
    }),
  },
  actions: {
    /** Into the list: newest first, each order once. */
    addOrders: assign(({ context }, orders: OrderSummary[]) => ({ orders: mergeOrders(context.orders, orders) })),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, 'Unknown error') })),
  },
  guards: {
    /** Bought with this customer's e-mail (compared case-insensitively); an order without one is nobody's here. */
    isOwnOrder: ({ context, event }) => event.type === 'orders.add' && !!event.order.email && !!context.email && event.order.email.toLowerCase() === context.email.toLowerCase(),
  },
}).createMachine({
  id: 'orders',
  context: ({ input }) => ({ userId: input.userId, email: input.email, orders: [], error: null }),
  on: {
    'orders.add': { guard: 'isOwnOrder', actions: { type: 'addOrders', params: ({ event }) => [summaryOf(event.order)] } },
  },
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'fetchOrders',
        src: 'fetchOrders',
        input: ({ context }) => ({ userId: context.userId, email: context.email }),
        onDone: { target: 'loaded', actions: { type: 'addOrders', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: {},
    failed: { on: { 'orders.retry': 'loading' } },
  },
});

export type OrdersSnapshot = SnapshotFrom<typeof ordersMachine>;
export type OrdersStatus = StateOf<typeof ordersMachine>;
export const selectOrdersStatus = (snapshot: OrdersSnapshot): OrdersStatus => topState(snapshot);
export const selectOrders = (snapshot: OrdersSnapshot) => snapshot.context.orders;

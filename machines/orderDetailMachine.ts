import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { type OrderDetail, type OrderTimelineEntry, parseOrderNumber } from '../domain/orders';
import { topState } from './status';

export type OrderDetailInput = { orderNumber: string };

type Context = {
  /** The number from the URL, normalised; null when it is no order number at all. */
  orderNumber: string | null;
  order: OrderDetail | null;
  /** The order's steps with their dates, once loaded (empty until then, or when they could not be). */
  timeline: OrderTimelineEntry[];
  error: string | null;
};

export type OrderDetailEvent = { type: 'order.retry' };

/**
 * /orders/{orderNumber}: loading → found | notFound | failed (Try again). The database decides
 * what "not found" means: another customer's order is as absent as one that never existed. A
 * malformed number is not looked up at all. A found order then loads the dates of its steps; the
 * order shows meanwhile, and without them if they cannot be had (they are a detail, not the page).
 */
export const orderDetailMachine = setup({
  types: { context: {} as Context, events: {} as OrderDetailEvent, input: {} as OrderDetailInput },
  actors: {
    fetchOrder: fromPromise<OrderDetail | null, { orderNumber: string }>(async () => {
      throw new Error('provide fetchOrder');
    }),
    fetchTimeline: fromPromise<OrderTimelineEntry[], { orderId: string }>(async () => {
      throw new Error('provide fetchTimeline');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    setOrder: assign((_, order: OrderDetail | null) => ({ order })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, 'Unknown error') })),
    setTimeline: assign((_, timeline: OrderTimelineEntry[]) => ({ timeline })),
  },
  guards: {
    /** The lookup found the order (null: no such order, or not the caller's). */
    isOrder: (_, order: OrderDetail | null | undefined) => order !== null && order !== undefined,
    validNumber: ({ context }) => context.orderNumber !== null,
  },
}).createMachine({
  id: 'orderDetail',
  context: ({ input }) => ({ orderNumber: parseOrderNumber(input.orderNumber), order: null, timeline: [], error: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'validNumber', target: 'loading' }, { target: 'notFound' }] },
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderNumber: context.orderNumber as string }),
        onDone: [
          { guard: { type: 'isOrder', params: ({ event }) => event.output }, target: 'found', actions: { type: 'setOrder', params: ({ event }) => event.output } },
          { target: 'notFound' },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    found: {
      initial: 'timeline',
      states: {
        timeline: {
          invoke: {
            id: 'fetchTimeline',
            src: 'fetchTimeline',
            input: ({ context }) => ({ orderId: (context.order as OrderDetail).id }),
            onDone: { target: 'complete', actions: { type: 'setTimeline', params: ({ event }) => event.output } },
            onError: 'withoutTimeline',
          },
        },
        complete: {},
        /** The steps' dates could not be loaded: the order shows without them. */
        withoutTimeline: {},
      },
    },
    notFound: {},
    failed: { on: { 'order.retry': 'loading' } },
  },
});

export type OrderDetailSnapshot = SnapshotFrom<typeof orderDetailMachine>;
export type OrderDetailStatus = 'loading' | 'found' | 'notFound' | 'failed';
export const selectOrderDetailStatus = (snapshot: OrderDetailSnapshot): OrderDetailStatus => {
  const state = topState(snapshot);
  return state === 'start' ? 'loading' : state;
};
export const selectOrderTimeline = (snapshot: OrderDetailSnapshot) => snapshot.context.timeline;

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ORDER_POLL_ATTEMPTS, ORDER_POLL_INTERVAL_MS, type OrderDetail } from './orders';

/** How long one lookup may take before it counts as a failed try. */
export const ORDER_LOOKUP_TIMEOUT_MS = 8000;

export type OrderPollingInput = { sessionId: string };

type Context = {
  sessionId: string;
  /** Lookups made since the last (re)start. */
  attempts: number;
  order: OrderDetail | null;
};

export type OrderPollingEvent = { type: 'poll.refresh' };

/**
 * SPEC §4 order polling: after paying, the order of the checkout session is looked up every 1.5 s,
 * at most 6 times. The webhook may not have run yet, and a lookup that fails is only one more try:
 * after the sixth the shopper reads a calm "your order will appear shortly" with a Refresh
 * (which polls again), never an error page.
 */
export const orderPollingMachine = setup({
  types: { context: {} as Context, events: {} as OrderPollingEvent, input: {} as OrderPollingInput },
  actors: {
    findOrder: fromPromise<OrderDetail | null, { sessionId: string }>(async () => {
      throw new Error('provide findOrder');
    }),
  },
  actions: {
    /** The order is there: the app adds it to the list (and clears nothing more). */
    orderFound: (_, _params: { order: OrderDetail }) => {},
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
  },
  guards: {
    triesLeft: ({ context }) => context.attempts < ORDER_POLL_ATTEMPTS,
  },
  delays: { pollInterval: ORDER_POLL_INTERVAL_MS, lookupTimeout: ORDER_LOOKUP_TIMEOUT_MS },
}).createMachine({
  id: 'orderPolling',
  context: ({ input }) => ({ sessionId: input.sessionId, attempts: 0, order: null }),
  initial: 'looking',
  states: {
    looking: {
      entry: 'countAttempt',
      invoke: {
        id: 'findOrder',
        src: 'findOrder',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null && event.output !== undefined,
            target: 'found',
            actions: [assign({ order: ({ event }) => event.output }), { type: 'orderFound', params: ({ event }) => ({ order: event.output as OrderDetail }) }],
          },
          { guard: 'triesLeft', target: 'waiting' },
          { target: 'notYet' },
        ],
        onError: [{ guard: 'triesLeft', target: 'waiting' }, { target: 'notYet' }],
      },
      // A lookup that hangs (a stalled connection) is one more try, not the end of polling.
      after: { lookupTimeout: [{ guard: 'triesLeft', target: 'waiting' }, { target: 'notYet' }] },
    },
    waiting: {
      after: { pollInterval: 'looking' },
    },
    found: { type: 'final' },
    /** Six lookups found nothing: the payment went through; the order shows once the shop has it. */
    notYet: {
      on: { 'poll.refresh': { target: 'looking', actions: assign({ attempts: 0 }) } },
    },
  },
});

export type OrderPollingSnapshot = SnapshotFrom<typeof orderPollingMachine>;
export type OrderPollingStatus = 'looking' | 'waiting' | 'found' | 'notYet';
export const selectPollingStatus = (snapshot: OrderPollingSnapshot) => snapshot.value as OrderPollingStatus;
export const selectPolledOrder = (snapshot: OrderPollingSnapshot) => snapshot.context.order;

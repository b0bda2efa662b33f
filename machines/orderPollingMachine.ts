import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ORDER_POLL_ATTEMPTS, ORDER_POLL_INTERVAL_MS, type OrderDetail } from '../domain/orders';
import { topState } from './status';

/** How long one lookup may take before it counts as a failed try. */
export const ORDER_LOOKUP_TIMEOUT_MS = 8000;

export type OrderPollingInput = {
  sessionId: string;
  /**
   * A guest's lookup: when the session's order is not found, ask whether it belongs to an account
   * (ADR 0021), so the success link leads to sign-in instead of a guest's confirmation.
   */
  askSignIn?: boolean;
};

type Context = {
  sessionId: string;
  askSignIn: boolean;
  /** Lookups made since the last (re)start. */
  attempts: number;
  order: OrderDetail | null;
};

export type OrderPollingEvent = { type: 'poll.refresh' };

/**
 * SPEC §4 order polling: after paying, the order of the checkout session is looked up every 1.5 s,
 * at most 6 times. The webhook may not have run yet, and a lookup that fails is only one more try:
 * after the sixth the shopper reads a calm "your order will appear shortly" with a Refresh
 * (which polls again), never an error page. A guest's lookup that finds nothing asks whether the
 * order is an account's: then the shopper signs in to see it (signInNeeded) and polling ends.
 */
export const orderPollingMachine = setup({
  types: { context: {} as Context, events: {} as OrderPollingEvent, input: {} as OrderPollingInput },
  actors: {
    findOrder: fromPromise<OrderDetail | null, { sessionId: string }>(async () => {
      throw new Error('provide findOrder');
    }),
    needsSignIn: fromPromise<boolean, { sessionId: string }>(async () => {
      throw new Error('provide needsSignIn');
    }),
  },
  actions: {
    setOrder: assign((_, order: OrderDetail | null) => ({ order })),
    resetAttempts: assign({ attempts: 0 }),
    /** The order is there: the app adds it to the list (and clears nothing more). */
    orderFound: (_, _params: { order: OrderDetail }) => {
      throw new Error('provide orderFound');
    },
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
  },
  guards: {
    /** The session's order has been made (null: not yet). */
    isOrder: (_, order: OrderDetail | null | undefined) => order !== null && order !== undefined,
    /** The session belongs to an account: its order is shown after signing in. */
    signInNeeded: (_, needed: boolean) => needed === true,
    triesLeft: ({ context }) => context.attempts < ORDER_POLL_ATTEMPTS,
    asksSignIn: ({ context }) => context.askSignIn,
  },
  delays: { pollInterval: ORDER_POLL_INTERVAL_MS, lookupTimeout: ORDER_LOOKUP_TIMEOUT_MS },
}).createMachine({
  id: 'orderPolling',
  context: ({ input }) => ({ sessionId: input.sessionId, askSignIn: input.askSignIn === true, attempts: 0, order: null }),
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
            guard: { type: 'isOrder', params: ({ event }) => event.output },
            target: 'found',
            actions: [
              { type: 'setOrder', params: ({ event }) => event.output },
              { type: 'orderFound', params: ({ event }) => ({ order: event.output as OrderDetail }) },
            ],
          },
          { guard: 'asksSignIn', target: 'checkingAccount' },
          { guard: 'triesLeft', target: 'waiting' },
          { target: 'notYet' },
        ],
        onError: [{ guard: 'triesLeft', target: 'waiting' }, { target: 'notYet' }],
      },
      // A lookup that hangs (a stalled connection) is one more try, not the end of polling.
      after: { lookupTimeout: [{ guard: 'triesLeft', target: 'waiting' }, { target: 'notYet' }] },
    },
    /** A guest found nothing: is it an account's order (or not there yet)? Part of the same attempt. */
    checkingAccount: {
      invoke: {
        id: 'needsSignIn',
        src: 'needsSignIn',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: [{ guard: { type: 'signInNeeded', params: ({ event }) => event.output }, target: 'signInNeeded' }, { guard: 'triesLeft', target: 'waiting' }, { target: 'notYet' }],
        onError: [{ guard: 'triesLeft', target: 'waiting' }, { target: 'notYet' }],
      },
      after: { lookupTimeout: [{ guard: 'triesLeft', target: 'waiting' }, { target: 'notYet' }] },
    },
    waiting: {
      after: { pollInterval: 'looking' },
    },
    found: { type: 'final' },
    /** The order belongs to an account: it is shown to that account only, once signed in. */
    signInNeeded: { type: 'final' },
    /** Six lookups found nothing: the payment went through; the order shows once the shop has it. */
    notYet: {
      on: { 'poll.refresh': { target: 'looking', actions: 'resetAttempts' } },
    },
  },
});

export type OrderPollingSnapshot = SnapshotFrom<typeof orderPollingMachine>;
export type OrderPollingStatus = 'looking' | 'waiting' | 'found' | 'notYet' | 'signInNeeded';
export const selectPollingStatus = (snapshot: OrderPollingSnapshot): OrderPollingStatus => {
  const state = topState(snapshot);
  return state === 'checkingAccount' ? 'looking' : state;
};
export const selectPolledOrder = (snapshot: OrderPollingSnapshot) => snapshot.context.order;

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import type { Page } from '../domain/adminLists';
import type { AdminWithdrawal } from '../domain/adminOrders';
import { type StateOf, topState } from './status';

export type AdminWithdrawalsInput = { page: number };

type Context = {
  /** The page shown or being loaded (the URL's). */
  page: number;
  rows: AdminWithdrawal[];
  /** Withdrawals over all pages. */
  total: number;
  error: string | null;
};

export type AdminWithdrawalsEvent = { type: 'withdrawals.page'; page: number } | { type: 'withdrawals.retry' };

const newPage = { guard: 'newPage', target: '.loading', reenter: true, actions: 'takePage' } as const;

/**
 * /admin/withdrawals (ADR 0025): every withdrawal newest first, a page at a time: loading → loaded |
 * failed (Try again). The URL holds the page; a new one restarts the load (stopping the one in flight).
 */
export const adminWithdrawalsMachine = setup({
  types: { context: {} as Context, events: {} as AdminWithdrawalsEvent, input: {} as AdminWithdrawalsInput },
  actors: {
    fetchWithdrawals: fromPromise<Page<AdminWithdrawal>, { page: number }>(async () => {
      throw new Error('provide fetchWithdrawals');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    setPage: assign((_, page: Page<AdminWithdrawal>) => ({ rows: page.rows, total: page.total })),
    failLoad: assign((_, params: { error: unknown }) => ({ rows: [], total: 0, error: errorMessage(params.error, 'Unknown error') })),
    takePage: assign({ page: ({ context, event }) => (event.type === 'withdrawals.page' ? event.page : context.page) }),
  },
  guards: {
    newPage: ({ context, event }) => event.type === 'withdrawals.page' && event.page !== context.page,
  },
}).createMachine({
  id: 'adminWithdrawals',
  context: ({ input }) => ({ page: input.page, rows: [], total: 0, error: null }),
  on: { 'withdrawals.page': newPage },
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'fetchWithdrawals',
        src: 'fetchWithdrawals',
        input: ({ context }) => ({ page: context.page }),
        onDone: { target: 'loaded', actions: { type: 'setPage', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'failLoad', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: {},
    failed: { on: { 'withdrawals.retry': 'loading' } },
  },
});

export type AdminWithdrawalsStatus = StateOf<typeof adminWithdrawalsMachine>;
export const selectAdminWithdrawalsStatus = (snapshot: SnapshotFrom<typeof adminWithdrawalsMachine>): AdminWithdrawalsStatus => topState(snapshot);

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import type { Page } from '../domain/adminLists';
import type { AdminOrderQuery, AdminOrderRow } from '../domain/adminOrders';
import type { AdminRefund } from '../domain/refunds';
import { type StateOf, topState } from './status';

export type AdminOrdersInput = { query: AdminOrderQuery };

type Context = {
  /** The query shown or being loaded (the URL's). */
  query: AdminOrderQuery;
  /** The page of the last query loaded. */
  rows: AdminOrderRow[];
  /** Orders matching that query over all pages. */
  total: number;
  error: string | null;
  /** Payments that could not become an order and were refunded automatically (newest first); null until loaded. */
  autoRefunds: AdminRefund[] | null;
  /** Why they could not be loaded. */
  autoRefundsError: string | null;
};

export type AdminOrdersEvent =
  /** The URL's query (the container sends it on every change). */
  { type: 'orders.query'; query: AdminOrderQuery } | { type: 'orders.retry' };

/**
 * A new query (re)starts the load, stopping the one in flight. Declared per state rather than at
 * the root: re-entering the root would also restart the automatic refunds' load.
 */
const newQuery = { guard: 'newQuery', target: '#adminOrders.loading', reenter: true, actions: 'takeQuery' } as const;

const sameQuery = (a: AdminOrderQuery, b: AdminOrderQuery) => a.status === b.status && a.page === b.page;

/**
 * /admin/orders (issue 11 §6): every order newest first, one status or all, a page at a time:
 * loading → loaded | failed (Try again). The URL is the source of the query; a new one restarts
 * the load, which stops the request in flight, so an older query's answer never replaces it.
 * Beside the list, once per visit, the payments refunded automatically (ADR 0021) are loaded, so
 * the admin sees money that came in and went back without an order.
 */
export const adminOrdersMachine = setup({
  types: { context: {} as Context, events: {} as AdminOrdersEvent, input: {} as AdminOrdersInput },
  actors: {
    fetchOrders: fromPromise<Page<AdminOrderRow>, AdminOrderQuery>(async () => {
      throw new Error('provide fetchOrders');
    }),
    fetchAutoRefunds: fromPromise<AdminRefund[], void>(async () => {
      throw new Error('provide fetchAutoRefunds');
    }),
  },
  actions: {
    setAutoRefunds: assign((_, autoRefunds: AdminRefund[]) => ({ autoRefunds })),
    setAutoRefundsError: assign((_, params: { error: unknown }) => ({ autoRefundsError: errorMessage(params.error, 'Unknown error') })),
    clearError: assign({ error: null }),
    setPage: assign((_, page: Page<AdminOrderRow>) => ({ rows: page.rows, total: page.total })),
    failLoad: assign((_, params: { error: unknown }) => ({ rows: [], total: 0, error: errorMessage(params.error, 'Unknown error') })),
    takeQuery: assign({ query: ({ context, event }) => (event.type === 'orders.query' ? event.query : context.query) }),
  },
  guards: {
    newQuery: ({ context, event }) => event.type === 'orders.query' && !sameQuery(context.query, event.query),
  },
}).createMachine({
  id: 'adminOrders',
  context: ({ input }) => ({ query: input.query, rows: [], total: 0, error: null, autoRefunds: null, autoRefundsError: null }),
  invoke: {
    id: 'fetchAutoRefunds',
    src: 'fetchAutoRefunds',
    onDone: { actions: { type: 'setAutoRefunds', params: ({ event }) => event.output } },
    onError: { actions: { type: 'setAutoRefundsError', params: ({ event }) => ({ error: event.error }) } },
  },
  initial: 'loading',
  states: {
    loading: {
      on: { 'orders.query': newQuery },
      entry: 'clearError',
      invoke: {
        id: 'fetchOrders',
        src: 'fetchOrders',
        input: ({ context }) => context.query,
        onDone: { target: 'loaded', actions: { type: 'setPage', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'failLoad', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: { on: { 'orders.query': newQuery } },
    failed: { on: { 'orders.query': newQuery, 'orders.retry': 'loading' } },
  },
});

export type AdminOrdersSnapshot = SnapshotFrom<typeof adminOrdersMachine>;
export type AdminOrdersStatus = StateOf<typeof adminOrdersMachine>;
export const selectAdminOrdersStatus = (snapshot: AdminOrdersSnapshot): AdminOrdersStatus => topState(snapshot);

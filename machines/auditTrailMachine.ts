import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Page } from '../domain/adminLists';
import { type AuditEntry, type AuditQuery, sameAuditQuery } from '../domain/auditTrail';
import { errorMessage } from '../domain/errors';
import { type StateOf, topState } from './status';

export type AuditTrailInput = { query: AuditQuery };

type Context = {
  /** The query shown or being loaded (the URL's on /admin/audit; the product's or order's id in a History section). */
  query: AuditQuery;
  /** The page of the last query loaded, newest first. */
  entries: AuditEntry[];
  /** Entries matching that query over all pages. */
  total: number;
  error: string | null;
};

export type AuditTrailEvent = { type: 'audit.query'; query: AuditQuery } | { type: 'audit.retry' };

/** A new query (re)starts the load and stops the one in flight, so an older answer never replaces it. */
const newQuery = { guard: 'newQuery', target: '#auditTrail.loading', reenter: true, actions: 'takeQuery' } as const;

/**
 * The audit trail (issue 24 item 5): /admin/audit and the History section of a product or an
 * order. loading → loaded | failed (Retry). The query comes from outside (the URL, or the page's
 * id); the same query again asks nothing.
 */
export const auditTrailMachine = setup({
  types: { context: {} as Context, events: {} as AuditTrailEvent, input: {} as AuditTrailInput },
  actors: {
    fetchAuditLog: fromPromise<Page<AuditEntry>, AuditQuery>(async () => {
      throw new Error('provide fetchAuditLog');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    setPage: assign((_, page: Page<AuditEntry>) => ({ entries: page.rows, total: page.total })),
    failLoad: assign((_, params: { error: unknown }) => ({ entries: [], total: 0, error: errorMessage(params.error, 'Unknown error') })),
    takeQuery: assign({ query: ({ context, event }) => (event.type === 'audit.query' ? event.query : context.query) }),
  },
  guards: {
    newQuery: ({ context, event }) => event.type === 'audit.query' && !sameAuditQuery(context.query, event.query),
  },
}).createMachine({
  id: 'auditTrail',
  context: ({ input }) => ({ query: input.query, entries: [], total: 0, error: null }),
  initial: 'loading',
  states: {
    loading: {
      on: { 'audit.query': newQuery },
      entry: 'clearError',
      invoke: {
        id: 'fetchAuditLog',
        src: 'fetchAuditLog',
        input: ({ context }) => context.query,
        onDone: { target: 'loaded', actions: { type: 'setPage', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'failLoad', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: { on: { 'audit.query': newQuery } },
    failed: { on: { 'audit.query': newQuery, 'audit.retry': 'loading' } },
  },
});

export type AuditTrailSnapshot = SnapshotFrom<typeof auditTrailMachine>;
export type AuditTrailStatus = StateOf<typeof auditTrailMachine>;
export const selectAuditTrailStatus = (snapshot: AuditTrailSnapshot): AuditTrailStatus => topState(snapshot);

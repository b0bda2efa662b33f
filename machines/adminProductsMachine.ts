import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { ADMIN_PAGE_SIZE, type AdminProductQuery, type AdminProductRow, type Page, searchTerm } from '../domain/adminLists';
import { lastPageInstead } from '../domain/paging';
import { type ProductStatus, toggledStatus } from '../domain/products';

/** Typing in the search waits this long for the next key before the list asks again (SPEC §9's search debounce). */
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

export type ToggleKind = 'featured' | 'status';

/** A toggle's write in flight: the row, the toggle, what it writes, and the title the toast names. */
export type PendingWrite = { id: string; title: string } & ({ kind: 'featured'; featured: boolean } | { kind: 'status'; status: ProductStatus });

export type AdminProductsNotice = { kind: 'featured' | 'status'; title: string } | { kind: 'failed'; message: string };

export type AdminProductsInput = { query: AdminProductQuery };

/** Where the list goes next: the URL is the source of the query, so the machine asks the app to show this one. */
export type AdminProductsNavigation = { query: AdminProductQuery; replace: boolean };

type Context = {
  /** The query shown, or being waited for or loaded. */
  query: AdminProductQuery;
  /** The search field's text as typed (spaces too); the query holds it as a search term. */
  searchText: string;
  /** The latest page loaded (kept while the next one loads, so the table does not blink while typing). */
  rows: AdminProductRow[];
  /** Products matching the loaded query over all pages. */
  total: number;
  error: string | null;
  /** Toggle writes in flight, by the id of the actor that makes each (`featured:<product id>`). */
  writes: Record<string, PendingWrite>;
};

export type AdminProductsEvent =
  /** The URL's query (the container sends it on every change). */
  | { type: 'list.query'; query: AdminProductQuery }
  /** The search field was typed in. */
  | { type: 'search.text'; text: string }
  | { type: 'list.retry' }
  | { type: 'product.toggleFeatured'; id: string }
  | { type: 'product.toggleStatus'; id: string };

/** What a toggle's write actor reports when it ends (XState's own events for a spawned child). */
type WriteDone = { type: `xstate.done.actor.${string}`; actorId: string; output: { updatedAt: string } };
type WriteFailed = { type: `xstate.error.actor.${string}`; actorId: string; error: unknown };

export const writeId = (kind: ToggleKind, productId: string) => `${kind}:${productId}`;

const without = (writes: Record<string, PendingWrite>, id: string) => {
  const { [id]: _ended, ...rest } = writes;
  return rest;
};

const sameQuery = (a: AdminProductQuery, b: AdminProductQuery) => a.q === b.q && a.status === b.status && a.sort === b.sort && a.page === b.page;

/**
 * SPEC §2 Admin products list, §4 toggles, §8 Admin update. The URL is the source of the query:
 * each new one reloads the list — a changed search text after 300 ms without typing, anything else
 * at once. A new query restarts the load, which stops the request in flight, so an answer for an
 * older query never replaces the newer one. The search field's text lives here too: typing asks
 * for the new search's URL (`navigate`), and a page past the last one asks for the last page's.
 *
 * Toggles are not optimistic: a row shows what the database holds, and its toggle is busy until
 * the write answers (publishing puts a product in the shop, so the list never says it did before it
 * has). Each row's featured and status writes run on their own, beside other rows' writes and
 * beside reloads; a toggle already writing ignores more clicks. A write that succeeds updates its
 * row (and its Updated time) wherever that row is shown; one that fails leaves the row as it was.
 */
export const adminProductsMachine = setup({
  types: {
    context: {} as Context,
    events: {} as AdminProductsEvent | WriteDone | WriteFailed,
    input: {} as AdminProductsInput,
  },
  actors: {
    fetchProducts: fromPromise<Page<AdminProductRow>, AdminProductQuery>(async () => {
      throw new Error('provide fetchProducts');
    }),
    setFeatured: fromPromise<{ updatedAt: string }, { id: string; featured: boolean }>(async () => {
      throw new Error('provide setFeatured');
    }),
    setStatus: fromPromise<{ updatedAt: string }, { id: string; status: ProductStatus }>(async () => {
      throw new Error('provide setStatus');
    }),
  },
  delays: { debounce: ADMIN_SEARCH_DEBOUNCE_MS },
  actions: {
    notify: (_, _notice: AdminProductsNotice) => {
      throw new Error('provide notify');
    },
    /** Shows another query (a new URL); it comes back as `list.query`. */
    navigate: (_, _navigation: AdminProductsNavigation) => {
      throw new Error('provide navigate');
    },
    takeQuery: assign(({ context, event }) => {
      if (event.type !== 'list.query') return {};
      // A search the URL gets from elsewhere (back, forward, Clear filters) replaces the field's text; its own stays as typed.
      const searchText = searchTerm(context.searchText) === event.query.q ? context.searchText : event.query.q;
      return { query: event.query, searchText };
    }),
    typeSearch: assign({ searchText: ({ context, event }) => (event.type === 'search.text' ? event.text : context.searchText) }),
    startWrite: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'product.toggleFeatured' && event.type !== 'product.toggleStatus') return;
      const row = context.rows.find((r) => r.id === event.id);
      if (!row) return;
      if (event.type === 'product.toggleFeatured') {
        const id = writeId('featured', row.id);
        const write: PendingWrite = { id: row.id, title: row.title, kind: 'featured', featured: !row.featured };
        enqueue.assign({ writes: { ...context.writes, [id]: write } });
        enqueue.spawnChild('setFeatured', { id, input: { id: row.id, featured: write.featured } });
      } else {
        const id = writeId('status', row.id);
        const write: PendingWrite = { id: row.id, title: row.title, kind: 'status', status: toggledStatus(row.status) };
        enqueue.assign({ writes: { ...context.writes, [id]: write } });
        enqueue.spawnChild('setStatus', { id, input: { id: row.id, status: write.status } });
      }
    }),
    applyWrite: assign(({ context, event }) => {
      const write = context.writes[(event as WriteDone).actorId];
      const { updatedAt } = (event as WriteDone).output;
      const change = write.kind === 'featured' ? { featured: write.featured } : { status: write.status };
      return { writes: without(context.writes, (event as WriteDone).actorId), rows: context.rows.map((row) => (row.id === write.id ? { ...row, ...change, updatedAt } : row)) };
    }),
    clearError: assign({ error: null }),
    setPage: assign((_, page: Page<AdminProductRow>) => ({ rows: page.rows, total: page.total })),
    failLoad: assign((_, params: { error: unknown }) => ({ rows: [], total: 0, error: errorMessage(params.error, '') })),
    dropWrite: assign({ writes: ({ context, event }) => without(context.writes, (event as WriteFailed).actorId) }),
  },
  guards: {
    /** The field's text changed (spaces only, say: the same search). */
    newText: ({ context, event }) => event.type === 'search.text' && event.text !== context.searchText,
    /** The typed text asks for another search than the list shows. */
    newSearchTerm: ({ context, event }) => event.type === 'search.text' && searchTerm(event.text) !== context.query.q,
    /** A page past the last (an old link, fewer products now): the last page is shown instead. */
    pastTheEnd: ({ context }, { rows, total }: Page<AdminProductRow>) => rows.length === 0 && lastPageInstead(context.query.page, total, ADMIN_PAGE_SIZE) !== null,
    newQuery: ({ context, event }) => event.type === 'list.query' && !sameQuery(context.query, event.query),
    /** Only the search text changed (a new text starts again at page 1): the admin may still be typing. */
    newSearchText: ({ context, event }) =>
      event.type === 'list.query' && event.query.q !== context.query.q && event.query.status === context.query.status && event.query.sort === context.query.sort,
    canToggleFeatured: ({ context, event }) =>
      event.type === 'product.toggleFeatured' && context.rows.some((r) => r.id === event.id) && !context.writes[writeId('featured', event.id)],
    canToggleStatus: ({ context, event }) => event.type === 'product.toggleStatus' && context.rows.some((r) => r.id === event.id) && !context.writes[writeId('status', event.id)],
    /** The end of one of this list's toggle writes (not of any other child). */
    isWrite: ({ context, event }) => 'actorId' in event && typeof event.actorId === 'string' && event.actorId in context.writes,
  },
}).createMachine({
  id: 'adminProducts',
  context: ({ input }) => ({ query: input.query, searchText: input.query.q, rows: [], total: 0, error: null, writes: {} }),
  on: {
    'search.text': [
      {
        guard: 'newSearchTerm',
        // Typing replaces the URL rather than adding a history entry per key; a new search starts at page 1.
        actions: ['typeSearch', { type: 'navigate', params: ({ context, event }) => ({ query: { ...context.query, q: searchTerm(event.text), page: 1 }, replace: true }) }],
      },
      { guard: 'newText', actions: 'typeSearch' },
    ],
    'list.query': [
      { guard: 'newSearchText', target: '.debouncing', reenter: true, actions: 'takeQuery' },
      { guard: 'newQuery', target: '.loading', reenter: true, actions: 'takeQuery' },
    ],
    'product.toggleFeatured': { guard: 'canToggleFeatured', actions: 'startWrite' },
    'product.toggleStatus': { guard: 'canToggleStatus', actions: 'startWrite' },
    'xstate.done.actor.*': {
      guard: 'isWrite',
      actions: [
        {
          type: 'notify',
          params: ({ context, event }) => {
            const write = context.writes[(event as WriteDone).actorId];
            return { kind: write.kind, title: write.title };
          },
        },
        'applyWrite',
      ],
    },
    'xstate.error.actor.*': {
      guard: 'isWrite',
      actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'failed', message: errorMessage((event as WriteFailed).error, '') }) }, 'dropWrite'],
    },
  },
  initial: 'loading',
  states: {
    debouncing: { after: { debounce: 'loading' } },
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'fetchProducts',
        src: 'fetchProducts',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: { type: 'pastTheEnd', params: ({ event }) => event.output },
            target: 'correctingPage',
            actions: [
              { type: 'setPage', params: ({ event }) => event.output },
              {
                type: 'navigate',
                params: ({ context, event }) => ({
                  query: { ...context.query, page: lastPageInstead(context.query.page, event.output.total, ADMIN_PAGE_SIZE) ?? 1 },
                  replace: true,
                }),
              },
            ],
          },
          { target: 'loaded', actions: { type: 'setPage', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'failLoad', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: {},
    /** Waiting for the last page's query to come back from the URL (shown as loading). */
    correctingPage: {},
    failed: { on: { 'list.retry': 'loading' } },
  },
});

export type AdminProductsSnapshot = SnapshotFrom<typeof adminProductsMachine>;
export type AdminProductsStatus = 'loading' | 'loaded' | 'failed';
/** What the view shows: the wait while typing already reads as loading. */
export const selectListStatus = (snapshot: AdminProductsSnapshot): AdminProductsStatus =>
  snapshot.matches('failed') ? 'failed' : snapshot.matches('loaded') ? 'loaded' : 'loading';
/** The search field's text as typed. */
export const selectSearchText = (snapshot: AdminProductsSnapshot) => snapshot.context.searchText;
/** The toggles writing now: which row and which toggle. */
export const selectWrites = (snapshot: AdminProductsSnapshot): { id: string; kind: ToggleKind }[] => Object.values(snapshot.context.writes).map(({ id, kind }) => ({ id, kind }));

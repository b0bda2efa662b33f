import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import type { ProductSummary } from '../domain/catalogue';
import { sameQuery, type ShopQuery } from '../domain/shopQuery';
import { topState } from './status';

export type ShopPage = { products: ProductSummary[]; total: number };

type Context = {
  /** The query being shown or loaded; null until the container sends the URL's first query. */
  query: ShopQuery | null;
  products: ProductSummary[];
  /** Matching products over all pages (the server's exact count). */
  total: number;
  error: string | null;
};

export type ShopEvent = { type: 'query.set'; query: ShopQuery } | { type: 'shop.retry' };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The shop list (SPEC §2 Shop, §4 "Shop list: loading, results, empty, error"). The URL is the
 * source of the query: the container sends `query.set` whenever it changes. A new query restarts
 * the load, so the answer to an older one (its invocation is stopped) never overwrites it.
 */
export const shopMachine = setup({
  types: { context: {} as Context, events: {} as ShopEvent },
  actors: {
    fetchShopPage: fromPromise<ShopPage, { query: ShopQuery }>(async () => {
      throw new Error('provide fetchShopPage');
    }),
  },
  actions: {
    setQuery: assign((_, params: { query: ShopQuery }) => ({ query: params.query })),
    clearError: assign({ error: null }),
    showNoProducts: assign((_, page: ShopPage) => ({ products: [], total: page.total })),
    setPage: assign((_, page: ShopPage) => ({ products: page.products, total: page.total })),
    setError: assign((_, params: { error: unknown }) => ({ products: [], total: 0, error: message(params.error) })),
  },
  guards: {
    /** The page has no product (the query matches none, or the page is past the last). */
    noProducts: (_, page: ShopPage) => page.products.length === 0,
    isNewQuery: ({ context, event }) => event.type === 'query.set' && (context.query === null || !sameQuery(context.query, event.query)),
  },
}).createMachine({
  id: 'shop',
  context: { query: null, products: [], total: 0, error: null },
  initial: 'idle',
  on: {
    'query.set': {
      guard: 'isNewQuery',
      target: '.loading',
      reenter: true,
      actions: { type: 'setQuery', params: ({ event }) => ({ query: event.query }) },
    },
  },
  states: {
    idle: {},
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'fetchShopPage',
        src: 'fetchShopPage',
        input: ({ context }) => ({ query: context.query as ShopQuery }),
        onDone: [
          { guard: { type: 'noProducts', params: ({ event }) => event.output }, target: 'empty', actions: { type: 'showNoProducts', params: ({ event }) => event.output } },
          { target: 'results', actions: { type: 'setPage', params: ({ event }) => event.output } },
        ],
        onError: { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    results: {},
    empty: {},
    error: { on: { 'shop.retry': 'loading' } },
  },
});

/** What the view shows; `idle` (before the first query arrives) looks like loading. */
export type ShopStatus = 'loading' | 'results' | 'empty' | 'error';
export const shopStatus = (snapshot: { value: StateValueFrom<typeof shopMachine> }): ShopStatus => {
  const state = topState(snapshot);
  return state === 'idle' ? 'loading' : state;
};

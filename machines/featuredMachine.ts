import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { FEATURED_HOME_LIMIT, type ProductSummary } from '../domain/catalogue';
import { type StateOf, topState } from './status';

type Context = { limit: number; products: ProductSummary[]; error: string | null };

export type FeaturedInput = { limit?: number };
export type FeaturedEvent = { type: 'featured.retry' };

/**
 * The home page's featured products (SPEC §2 Home): loading → loaded | empty | error, and Try again
 * from error. `listViewed` runs once per successful load (analytics view_item_list).
 */
export const featuredMachine = setup({
  types: { context: {} as Context, events: {} as FeaturedEvent, input: {} as FeaturedInput },
  actors: {
    fetchFeatured: fromPromise<ProductSummary[], { limit: number }>(async () => {
      throw new Error('provide fetchFeatured');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    clearProducts: assign({ products: [] }),
    /** At most the limit, whatever the fetch returned. */
    setProducts: assign(({ context }, products: ProductSummary[]) => ({ products: products.slice(0, context.limit) })),
    setError: assign((_, params: { error: unknown }) => ({ error: params.error instanceof Error ? params.error.message : String(params.error) })),
    listViewed: (_, _params: { products: ProductSummary[] }) => {
      throw new Error('provide listViewed');
    },
  },
  guards: {
    /** No product is featured. */
    noProducts: (_, products: ProductSummary[]) => products.length === 0,
  },
}).createMachine({
  id: 'featured',
  context: ({ input }) => ({ limit: input.limit ?? FEATURED_HOME_LIMIT, products: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'fetchFeatured',
        src: 'fetchFeatured',
        input: ({ context }) => ({ limit: context.limit }),
        onDone: [
          { guard: { type: 'noProducts', params: ({ event }) => event.output }, target: 'empty', actions: 'clearProducts' },
          // A backend that ignores the limit still shows no more than the block has room for.
          { target: 'loaded', actions: { type: 'setProducts', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'error',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loaded: { entry: { type: 'listViewed', params: ({ context }) => ({ products: context.products }) } },
    empty: {},
    error: { on: { 'featured.retry': 'loading' } },
  },
});

export type FeaturedStatus = StateOf<typeof featuredMachine>;
export const selectFeaturedStatus = (snapshot: { value: StateValueFrom<typeof featuredMachine> }): FeaturedStatus => topState(snapshot);

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
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchFeatured',
        src: 'fetchFeatured',
        input: ({ context }) => ({ limit: context.limit }),
        onDone: [
          { guard: { type: 'noProducts', params: ({ event }) => event.output }, target: 'empty', actions: assign({ products: [] }) },
          // A backend that ignores the limit still shows no more than the block has room for.
          { target: 'loaded', actions: assign({ products: ({ context, event }) => event.output.slice(0, context.limit) }) },
        ],
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
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

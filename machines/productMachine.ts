import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { clampQty, firstInStockVariant, inStock, type Product, type ProductSummary, type Variant } from '../domain/catalogue';
import type { RatingSummary, Review } from '../domain/reviews';
import { topState } from './status';

export type ProductInput = { slug: string };

/** One of the loads that follow the product (rating, reviews, related); its failure never hides the product. */
export type SideStatus = 'loading' | 'loaded' | 'error';

type Context = {
  slug: string;
  product: Product | null;
  variantId: string | null;
  qty: number;
  rating: RatingSummary | null;
  reviews: Review[];
  related: ProductSummary[];
  /** The message of the failed product load (not set for "not found"). */
  error: string | null;
};

export type ProductEvent =
  | { type: 'product.retry' }
  | { type: 'variant.select'; variantId: string }
  | { type: 'qty.set'; qty: number }
  | { type: 'qty.increment' }
  | { type: 'qty.decrement' }
  | { type: 'cart.add' }
  | { type: 'cart.buyNow' }
  | { type: 'reviews.retry' };

export type CartRequest = { product: Product; variant: Variant; qty: number };

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'not_found';

/** The selected variant of a snapshot's context (null before the product is there or when it has none). */
export const selectedVariant = (context: Pick<Context, 'product' | 'variantId'>): Variant | null => context.product?.variants.find((v) => v.id === context.variantId) ?? null;

/**
 * The first variant in stock, else the first one. SPEC §4 says "the first", but when the first is
 * sold out that would open the page on a disabled choice with Add to Cart unavailable, although
 * other sizes can be bought; so we start on the first one that can be bought.
 */
const defaultVariant = (product: Product): Variant | null => firstInStockVariant(product) ?? product.variants[0] ?? null;

const cartRequest = (context: Context): CartRequest | null => {
  const variant = selectedVariant(context);
  if (!context.product || !variant || !inStock(variant)) return null;
  return { product: context.product, variant, qty: clampQty(context.qty, variant) };
};

/**
 * The product page (SPEC §2 Product detail, §4): load the product by slug → loaded | notFound |
 * error (Try Again reloads). While loaded: the selected variant and the quantity within 1..its
 * stock, add to cart / buy now, and the rating, reviews and related products loading in parallel,
 * each on its own.
 */
export const productMachine = setup({
  types: { context: {} as Context, events: {} as ProductEvent, input: {} as ProductInput },
  actors: {
    fetchProduct: fromPromise<Product, { slug: string }>(async () => {
      throw new Error('provide fetchProduct');
    }),
    fetchRating: fromPromise<RatingSummary, { productId: string }>(async () => {
      throw new Error('provide fetchRating');
    }),
    fetchReviews: fromPromise<Review[], { productId: string }>(async () => {
      throw new Error('provide fetchReviews');
    }),
    fetchRelated: fromPromise<ProductSummary[], { product: Product }>(async () => {
      throw new Error('provide fetchRelated');
    }),
  },
  actions: {
    addToCart: (_, _request: CartRequest) => {
      throw new Error('provide addToCart');
    },
    goToCart: () => {
      throw new Error('provide goToCart');
    },
    viewItem: (_, _view: { product: Product; variant: Variant | null }) => {
      throw new Error('provide viewItem');
    },
    reset: assign({ product: null, variantId: null, qty: 1, rating: null, reviews: [], related: [], error: null }),
    /** The product, with its default variant chosen and one piece. */
    setProduct: assign((_, product: Product) => ({ product, variantId: defaultVariant(product)?.id ?? null, qty: 1 })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, 'Unknown error') })),
    /** Another variant: the quantity is held to its stock. */
    selectVariant: assign(({ context }, params: { variantId: string }) => {
      const variant = context.product?.variants.find((v) => v.id === params.variantId) ?? null;
      return { variantId: params.variantId, qty: clampQty(context.qty, variant) };
    }),
    setQty: assign(({ context }, params: { qty: number }) => ({ qty: clampQty(params.qty, selectedVariant(context)) })),
    incrementQty: assign(({ context }) => ({ qty: clampQty(context.qty + 1, selectedVariant(context)) })),
    decrementQty: assign(({ context }) => ({ qty: clampQty(context.qty - 1, selectedVariant(context)) })),
    setRating: assign((_, rating: RatingSummary) => ({ rating })),
    setReviews: assign((_, reviews: Review[]) => ({ reviews })),
    setRelated: assign((_, related: ProductSummary[]) => ({ related })),
  },
  guards: {
    notFound: (_, { error }: { error: unknown }) => isNotFound(error),
    canSelect: ({ context }, { variantId }: { variantId: string }) => context.product?.variants.some((v) => v.id === variantId && inStock(v)) ?? false,
    canBuy: ({ context }) => cartRequest(context) !== null,
  },
}).createMachine({
  id: 'product',
  context: ({ input }) => ({ slug: input.slug, product: null, variantId: null, qty: 1, rating: null, reviews: [], related: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'reset',
      invoke: {
        id: 'fetchProduct',
        src: 'fetchProduct',
        input: ({ context }) => ({ slug: context.slug }),
        onDone: {
          target: 'loaded',
          actions: [
            { type: 'setProduct', params: ({ event }) => event.output },
            { type: 'viewItem', params: ({ event }) => ({ product: event.output, variant: defaultVariant(event.output) }) },
          ],
        },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'error', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    notFound: { on: { 'product.retry': 'loading' } },
    error: { on: { 'product.retry': 'loading' } },
    loaded: {
      type: 'parallel',
      on: {
        'variant.select': {
          guard: { type: 'canSelect', params: ({ event }) => ({ variantId: event.variantId }) },
          actions: { type: 'selectVariant', params: ({ event }) => ({ variantId: event.variantId }) },
        },
        'qty.set': { actions: { type: 'setQty', params: ({ event }) => ({ qty: event.qty }) } },
        'qty.increment': { actions: 'incrementQty' },
        'qty.decrement': { actions: 'decrementQty' },
        'cart.add': { guard: 'canBuy', actions: { type: 'addToCart', params: ({ context }) => cartRequest(context) as CartRequest } },
        'cart.buyNow': { guard: 'canBuy', actions: [{ type: 'addToCart', params: ({ context }) => cartRequest(context) as CartRequest }, 'goToCart'] },
      },
      states: {
        rating: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchRating',
                src: 'fetchRating',
                input: ({ context }) => ({ productId: context.product?.id ?? '' }),
                onDone: { target: 'loaded', actions: { type: 'setRating', params: ({ event }) => event.output } },
                onError: 'error',
              },
            },
            loaded: {},
            error: {},
          },
        },
        reviews: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchReviews',
                src: 'fetchReviews',
                input: ({ context }) => ({ productId: context.product?.id ?? '' }),
                onDone: { target: 'loaded', actions: { type: 'setReviews', params: ({ event }) => event.output } },
                onError: 'error',
              },
            },
            loaded: {},
            error: { on: { 'reviews.retry': 'loading' } },
          },
        },
        related: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchRelated',
                src: 'fetchRelated',
                input: ({ context }) => ({ product: context.product as Product }),
                onDone: { target: 'loaded', actions: { type: 'setRelated', params: ({ event }) => event.output } },
                onError: 'error',
              },
            },
            loaded: {},
            error: {},
          },
        },
      },
    },
  },
});

export type ProductStatus = 'loading' | 'loaded' | 'notFound' | 'error';

type ProductSnapshotLike = { value: StateValueFrom<typeof productMachine> };

/** The page's status and each side load's, from a snapshot value. */
export function productStatus(snapshot: ProductSnapshotLike): ProductStatus {
  return topState(snapshot);
}
export function sideStatus(snapshot: ProductSnapshotLike, region: 'rating' | 'reviews' | 'related'): SideStatus {
  const loaded = typeof snapshot.value === 'object' ? snapshot.value.loaded : undefined;
  return (typeof loaded === 'object' ? loaded[region] : undefined) ?? 'loading';
}

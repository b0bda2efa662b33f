import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { Product, ProductSummary, Variant } from '../../domain/catalogue';
import type { RatingSummary, Review } from '../../domain/reviews';
import { type CartRequest, type ProductEvent, productMachine, productStatus, selectedVariant, sideStatus } from '../../machines/productMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

type Snapshot = SnapshotFrom<typeof productMachine>;

const v = (id: string, size: string, inventory: number): Variant => ({
  id,
  sku: `SKU-${id}`,
  size,
  color: 'Black',
  price: 2999,
  compare_at_price: null,
  prior_lowest_price: null,
  inventory,
});

/** Small stocks keep the graph small: the first size is sold out, so the default is the second. */
const PRODUCT: Product = {
  id: 'p-1',
  slug: 'tee',
  title: 'Tee',
  subtitle: null,
  title_de: null,
  subtitle_de: null,
  category: 'clothing',
  tags: [],
  currency: 'EUR',
  featured: false,
  created_at: '2026-01-01T00:00:00Z',
  description: null,
  description_de: null,
  meta_title: null,
  meta_description: null,
  og_image: null,
  variants: [v('xs', 'XS', 0), v('s', 'S', 3), v('m', 'M', 2)],
  media: [],
};
/** Nothing can be bought: the page opens on the first variant with buying disabled. */
const SOLD_OUT: Product = { ...PRODUCT, id: 'p-2', variants: [v('only', 'M', 0)] };
const RATING: RatingSummary = { average: 4.5, count: 2 };
const REVIEWS: Review[] = [{ id: 'r1', rating: 5, title: 'Great', body: 'Yes', author_name: 'A', created_at: '2026-02-01T00:00:00Z' }];
const RELATED: ProductSummary[] = [{ ...PRODUCT, id: 'p-3', slug: 'other' }];

type GraphEvent =
  | ProductEvent
  | { type: 'xstate.done.actor.fetchProduct'; output: Product }
  | { type: 'xstate.error.actor.fetchProduct'; error: unknown }
  | { type: 'xstate.done.actor.fetchRating'; output: RatingSummary }
  | { type: 'xstate.error.actor.fetchRating'; error: unknown }
  | { type: 'xstate.done.actor.fetchReviews'; output: Review[] }
  | { type: 'xstate.error.actor.fetchReviews'; error: unknown }
  | { type: 'xstate.done.actor.fetchRelated'; output: ProductSummary[] }
  | { type: 'xstate.error.actor.fetchRelated'; error: unknown };

const events: GraphEvent[] = [
  { type: 'product.retry' },
  { type: 'variant.select', variantId: 'm' },
  { type: 'variant.select', variantId: 's' },
  { type: 'variant.select', variantId: 'xs' },
  { type: 'variant.select', variantId: 'unknown' },
  { type: 'qty.set', qty: 2 },
  { type: 'qty.set', qty: 99 },
  { type: 'qty.set', qty: 0 },
  { type: 'qty.increment' },
  { type: 'qty.decrement' },
  { type: 'cart.add' },
  { type: 'cart.buyNow' },
  { type: 'reviews.retry' },
  { type: 'xstate.done.actor.fetchProduct', output: PRODUCT },
  { type: 'xstate.done.actor.fetchProduct', output: SOLD_OUT },
  { type: 'xstate.error.actor.fetchProduct', error: new ApiError('not_found', 'Product not found', { status: 404 }) },
  { type: 'xstate.error.actor.fetchProduct', error: new Error('Failed to fetch') },
  { type: 'xstate.done.actor.fetchRating', output: RATING },
  { type: 'xstate.error.actor.fetchRating', error: new Error('rating down') },
  { type: 'xstate.done.actor.fetchReviews', output: REVIEWS },
  { type: 'xstate.error.actor.fetchReviews', error: new Error('reviews down') },
  { type: 'xstate.done.actor.fetchRelated', output: RELATED },
  { type: 'xstate.error.actor.fetchRelated', error: new Error('related down') },
];

type Loader = 'fetchProduct' | 'fetchRating' | 'fetchReviews' | 'fetchRelated';

function harness() {
  const calls: Record<Loader, unknown[]> = { fetchProduct: [], fetchRating: [], fetchReviews: [], fetchRelated: [] };
  const pending: Partial<Record<Loader, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>> = {};
  const loader = <T, I>(name: Loader) =>
    fromPromise<T, I>(({ input }) => {
      calls[name].push(input);
      return new Promise<T>((resolve, reject) => {
        pending[name] = { resolve: resolve as (v: unknown) => void, reject };
      });
    });
  const added: CartRequest[] = [];
  const log: string[] = [];
  const viewed: { product: Product; variant: Variant | null }[] = [];
  const machine = productMachine.provide({
    actors: {
      fetchProduct: loader<Product, { slug: string }>('fetchProduct'),
      fetchRating: loader<RatingSummary, { productId: string }>('fetchRating'),
      fetchReviews: loader<Review[], { productId: string }>('fetchReviews'),
      fetchRelated: loader<ProductSummary[], { product: Product }>('fetchRelated'),
    },
    actions: {
      addToCart: (_, request) => {
        added.push(request);
        log.push('add');
      },
      goToCart: () => log.push('goToCart'),
      viewItem: (_, view) => viewed.push(view),
    },
  });
  const actor = createActor(machine, { input: { slug: 'tee' } }).start();
  async function play(event: GraphEvent) {
    const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (!match) return actor.send(event as ProductEvent);
    const settle = pending[match[2] as Loader];
    if (match[1] === 'done') settle?.resolve((event as { output: unknown }).output);
    else settle?.reject((event as { error: unknown }).error);
    // fromPromise reports on a later microtask; a macrotask later it has been processed.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { actor, play, calls, added, log, viewed };
}

const maxQty = (snapshot: Snapshot) => Math.max(1, selectedVariant(snapshot.context)?.inventory ?? 0);

describe('product machine: graph coverage', () => {
  const { paths, taken } = explore(productMachine, { slug: 'tee' }, events);
  const initial = createActor(productMachine, { input: { slug: 'tee' } }).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(productMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(productMachine).sort());
  });

  it('replays every path with fake loaders and checks what each state promises', async () => {
    for (const path of [[], ...paths]) {
      const h = harness();
      expect(h.calls.fetchProduct).toEqual([{ slug: 'tee' }]);
      let from = initial as Snapshot;
      for (const step of withIgnored(productMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(productMachine, from, event).length > 0;
        const before = from;
        from = step.state as Snapshot;
        const counts = { added: h.added.length, log: h.log.length, viewed: h.viewed.length, product: h.calls.fetchProduct.length, reviews: h.calls.fetchReviews.length };
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        const status = productStatus(snapshot);

        if (!handled) {
          // Ignored: nothing is added, loaded or selected.
          expect(h.added.length).toBe(counts.added);
          expect(h.calls.fetchProduct.length).toBe(counts.product);
          expect(snapshot.context).toEqual(before.context);
          continue;
        }
        // Always: the quantity is within 1..the selected variant's stock.
        expect(snapshot.context.qty).toBeGreaterThanOrEqual(1);
        expect(snapshot.context.qty).toBeLessThanOrEqual(maxQty(snapshot));

        if (status === 'loaded') {
          const product = snapshot.context.product as Product;
          const variant = selectedVariant(snapshot.context);
          // The selection is an in-stock variant whenever the product has one.
          if (product.variants.some((x) => x.inventory > 0)) expect(variant?.inventory).toBeGreaterThan(0);
          else expect(variant?.id).toBe(product.variants[0].id);
          // A side load's failure keeps the product, and its data stays empty.
          if (sideStatus(snapshot, 'rating') === 'error') expect(snapshot.context.rating).toBeNull();
          if (sideStatus(snapshot, 'reviews') !== 'loaded') expect(snapshot.context.reviews).toEqual([]);
          if (sideStatus(snapshot, 'related') !== 'loaded') expect(snapshot.context.related).toEqual([]);
          if (sideStatus(snapshot, 'rating') === 'loaded') expect(snapshot.context.rating).toEqual(RATING);
          if (sideStatus(snapshot, 'reviews') === 'loaded') expect(snapshot.context.reviews).toEqual(REVIEWS);
          if (sideStatus(snapshot, 'related') === 'loaded') expect(snapshot.context.related).toEqual(RELATED);
        } else {
          expect(snapshot.context.product).toBeNull();
        }
        if (status === 'notFound') expect(snapshot.context.error).toBeNull();
        if (status === 'error') expect(snapshot.context.error).toBe('Failed to fetch');

        switch (event.type) {
          case 'xstate.done.actor.fetchProduct': {
            // view_item once per load, with the default variant; the three side loads ask for this product.
            expect(h.viewed.length).toBe(counts.viewed + 1);
            expect(h.viewed.at(-1)).toEqual({ product: event.output, variant: selectedVariant(snapshot.context) });
            expect(snapshot.context.qty).toBe(1);
            expect(h.calls.fetchRating.at(-1)).toEqual({ productId: event.output.id });
            expect(h.calls.fetchReviews.at(-1)).toEqual({ productId: event.output.id });
            expect(h.calls.fetchRelated.at(-1)).toEqual({ product: event.output });
            break;
          }
          case 'product.retry':
            expect(h.calls.fetchProduct.length).toBe(counts.product + 1);
            expect(h.calls.fetchProduct.at(-1)).toEqual({ slug: 'tee' });
            break;
          case 'reviews.retry':
            expect(h.calls.fetchReviews.length).toBe(counts.reviews + 1);
            expect(sideStatus(snapshot, 'reviews')).toBe('loading');
            break;
          case 'variant.select':
            expect(snapshot.context.variantId).toBe(event.variantId);
            expect(selectedVariant(snapshot.context)?.inventory).toBeGreaterThan(0);
            // Changing variant keeps the quantity if it fits, else the new stock.
            expect(snapshot.context.qty).toBe(Math.min(before.context.qty, maxQty(snapshot)));
            break;
          case 'qty.set':
            expect(snapshot.context.qty).toBe(Math.min(Math.max(event.qty, 1), maxQty(snapshot)));
            break;
          case 'qty.increment':
            expect(snapshot.context.qty).toBe(Math.min(before.context.qty + 1, maxQty(snapshot)));
            break;
          case 'qty.decrement':
            expect(snapshot.context.qty).toBe(Math.max(before.context.qty - 1, 1));
            break;
          case 'cart.add':
          case 'cart.buyNow': {
            // The selected, in-stock variant and the quantity shown; buy now then goes to the cart.
            expect(h.added.length).toBe(counts.added + 1);
            expect(h.added.at(-1)).toEqual({ product: snapshot.context.product, variant: selectedVariant(snapshot.context), qty: snapshot.context.qty });
            expect(h.added.at(-1)?.variant.inventory).toBeGreaterThan(0);
            expect(h.log.slice(counts.log)).toEqual(event.type === 'cart.add' ? ['add'] : ['add', 'goToCart']);
            break;
          }
        }
      }
      h.actor.stop();
    }
  });
});

describe('product machine: rules the graph cannot show', () => {
  it('a sold-out product adds nothing, and its quantity stays 1', async () => {
    const h = harness();
    await h.play({ type: 'xstate.done.actor.fetchProduct', output: SOLD_OUT });
    for (const type of ['qty.increment', 'cart.add', 'cart.buyNow'] as const) h.actor.send({ type });
    h.actor.send({ type: 'qty.set', qty: 5 });
    expect(h.actor.getSnapshot().context.qty).toBe(1);
    expect(h.added).toEqual([]);
    expect(h.log).toEqual([]);
  });

  it('a late answer after the page is gone changes nothing', async () => {
    const h = harness();
    await h.play({ type: 'xstate.done.actor.fetchProduct', output: PRODUCT });
    const before = h.actor.getSnapshot();
    h.actor.stop();
    await h.play({ type: 'xstate.done.actor.fetchReviews', output: REVIEWS });
    expect(h.actor.getSnapshot().context.reviews).toEqual(before.context.reviews);
  });

  it('a non-integer quantity is truncated, not-a-number becomes 1', async () => {
    const h = harness();
    await h.play({ type: 'xstate.done.actor.fetchProduct', output: PRODUCT });
    h.actor.send({ type: 'qty.set', qty: 2.7 });
    expect(h.actor.getSnapshot().context.qty).toBe(2);
    h.actor.send({ type: 'qty.set', qty: Number.NaN });
    expect(h.actor.getSnapshot().context.qty).toBe(1);
  });
});

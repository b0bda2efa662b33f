import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { FEATURED_HOME_LIMIT, type ProductSummary } from '../../domain/catalogue';
import { featuredMachine, type FeaturedEvent } from '../../machines/featuredMachine';
import { manyProducts, PRODUCTS } from '../../stories/fixtures/products';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

type GraphEvent = FeaturedEvent | { type: 'xstate.done.actor.fetchFeatured'; output: ProductSummary[] } | { type: 'xstate.error.actor.fetchFeatured'; error: unknown };

const events: GraphEvent[] = [
  { type: 'featured.retry' },
  { type: 'xstate.done.actor.fetchFeatured', output: PRODUCTS.slice(0, 3) },
  { type: 'xstate.done.actor.fetchFeatured', output: [] },
  { type: 'xstate.error.actor.fetchFeatured', error: new Error('Failed to fetch') },
];

function harness(limit = FEATURED_HOME_LIMIT) {
  const limits: number[] = [];
  const viewed: ProductSummary[][] = [];
  let pending: { resolve: (p: ProductSummary[]) => void; reject: (e: unknown) => void } | null = null;
  const machine = featuredMachine.provide({
    actors: {
      fetchFeatured: fromPromise<ProductSummary[], { limit: number }>(({ input }) => {
        limits.push(input.limit);
        return new Promise<ProductSummary[]>((resolve, reject) => {
          pending = { resolve, reject };
        });
      }),
    },
    actions: { listViewed: (_, { products }) => viewed.push(products) },
  });
  const actor = createActor(machine, { clock: new SimulatedClock(), input: { limit } }).start();
  async function play(event: GraphEvent) {
    if (event.type === 'xstate.done.actor.fetchFeatured') pending?.resolve(event.output);
    else if (event.type === 'xstate.error.actor.fetchFeatured') pending?.reject(event.error);
    else return actor.send(event);
    await vi.waitFor(() => expect(actor.getSnapshot().value).not.toBe('loading'));
  }
  return { actor, play, limits, viewed };
}

describe('featured machine: graph coverage', () => {
  const { paths, taken } = explore(featuredMachine, {}, events);
  const initial = createActor(featuredMachine, { input: {} }).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(featuredMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(featuredMachine).sort());
  });

  it('replays every path with a fake loader and checks each state', async () => {
    for (const path of [[], ...paths]) {
      const { actor, play, limits, viewed } = harness();
      // It starts loading at once, asking for the home page's 6.
      expect(limits).toEqual([FEATURED_HOME_LIMIT]);
      let from = initial;
      for (const step of withIgnored(featuredMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(featuredMachine, from, event).length > 0;
        from = step.state;
        const before = limits.length;
        const viewedBefore = viewed.length;
        await play(event);
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        if (!handled) {
          // Try again means nothing while loading or after an answer; nothing is reported twice.
          expect(limits.length).toBe(before);
          expect(viewed.length).toBe(viewedBefore);
          continue;
        }
        if (snapshot.value === 'loaded') {
          expect(snapshot.context.products.length).toBeGreaterThan(0);
          // view_item_list once, with exactly the products shown.
          expect(viewed.length).toBe(viewedBefore + 1);
          expect(viewed.at(-1)).toEqual(snapshot.context.products);
        } else {
          expect(viewed.length).toBe(viewedBefore);
        }
        if (snapshot.value === 'empty') expect(snapshot.context.products).toEqual([]);
        if (snapshot.value === 'error') expect(snapshot.context.error).toBe('Failed to fetch');
        if (event.type === 'featured.retry') {
          expect(limits.length).toBe(before + 1);
          expect(snapshot.context.error).toBeNull();
        }
      }
      actor.stop();
    }
  });
});

describe('featured machine: limits', () => {
  it('shows no more than the limit even if the backend sends more', async () => {
    const { actor, play, limits } = harness();
    await play({ type: 'xstate.done.actor.fetchFeatured', output: manyProducts(9) });
    expect(limits).toEqual([6]);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.products).toHaveLength(6);
  });

  it('asks for the limit it was given (8 by default elsewhere)', () => {
    const { limits } = harness(8);
    expect(limits).toEqual([8]);
  });

  it('falls back to the home page limit without input', () => {
    expect(createActor(featuredMachine, { input: {} }).getSnapshot().context.limit).toBe(FEATURED_HOME_LIMIT);
  });
});

import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { type ShopEvent, type ShopPage, shopMachine } from '../../machines/shopMachine';
import { DEFAULT_QUERY, type ShopQuery, withChange } from '../../domain/shopQuery';
import { HOODIE, IRON_TEE, PRODUCTS, SHAKER } from '../../stories/fixtures/products';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

type GraphEvent = ShopEvent | { type: 'xstate.done.actor.fetchShopPage'; output: ShopPage } | { type: 'xstate.error.actor.fetchShopPage'; error: unknown };

const ALL: ShopQuery = DEFAULT_QUERY;
const CLOTHING: ShopQuery = withChange(DEFAULT_QUERY, { category: 'clothing' });

const events: GraphEvent[] = [
  { type: 'query.set', query: ALL },
  { type: 'query.set', query: CLOTHING },
  { type: 'shop.retry' },
  { type: 'xstate.done.actor.fetchShopPage', output: { products: PRODUCTS, total: 30 } },
  { type: 'xstate.done.actor.fetchShopPage', output: { products: [], total: 0 } },
  // A page past the last one: nothing on it, but products exist.
  { type: 'xstate.done.actor.fetchShopPage', output: { products: [], total: 14 } },
  { type: 'xstate.error.actor.fetchShopPage', error: new Error('Failed to fetch') },
];

type Pending = { query: ShopQuery; resolve: (page: ShopPage) => void; reject: (e: unknown) => void };

function harness() {
  const loads: Pending[] = [];
  const machine = shopMachine.provide({
    actors: {
      fetchShopPage: fromPromise<ShopPage, { query: ShopQuery }>(
        ({ input }) =>
          new Promise<ShopPage>((resolve, reject) => {
            loads.push({ query: input.query, resolve, reject });
          }),
      ),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  const settled = () => vi.waitFor(() => expect(actor.getSnapshot().value).not.toBe('loading'));
  async function play(event: GraphEvent) {
    if (event.type === 'xstate.done.actor.fetchShopPage') loads.at(-1)?.resolve(event.output);
    else if (event.type === 'xstate.error.actor.fetchShopPage') loads.at(-1)?.reject(event.error);
    else return actor.send(event);
    await settled();
  }
  return { actor, play, loads, settled };
}

describe('shop machine: graph coverage', () => {
  const { paths, taken } = explore(shopMachine, undefined, events);
  const initial = createActor(shopMachine).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(shopMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(shopMachine).sort());
  });

  it('replays every path with a fake loader and checks each state', async () => {
    for (const path of [[], ...paths]) {
      const { actor, play, loads } = harness();
      // Nothing loads until the container sends the URL's query.
      expect(loads).toHaveLength(0);
      expect(actor.getSnapshot().value).toBe('idle');
      let from = initial;
      for (const step of withIgnored(shopMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(shopMachine, from, event).length > 0;
        const previous = actor.getSnapshot().context;
        from = step.state;
        const before = loads.length;
        await play(event);
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        if (!handled) {
          // The same query again, or Try again outside the error state: no new load, nothing changes.
          expect(loads.length).toBe(before);
          expect(snapshot.context).toEqual(previous);
          continue;
        }
        if (event.type === 'query.set') {
          expect(snapshot.value).toBe('loading');
          expect(loads.length).toBe(before + 1);
          expect(loads.at(-1)?.query).toEqual(event.query);
          expect(snapshot.context.query).toEqual(event.query);
          expect(snapshot.context.error).toBeNull();
        }
        if (event.type === 'shop.retry') {
          // Try again loads the same query once more and forgets the old error.
          expect(loads.length).toBe(before + 1);
          expect(loads.at(-1)?.query).toEqual(previous.query);
          expect(snapshot.context.error).toBeNull();
        }
        if (snapshot.value === 'results') {
          expect(snapshot.context.products.length).toBeGreaterThan(0);
          expect(snapshot.context.total).toBeGreaterThanOrEqual(snapshot.context.products.length);
        }
        if (snapshot.value === 'empty') expect(snapshot.context.products).toEqual([]);
        if (snapshot.value === 'error') {
          expect(snapshot.context.error).toBe('Failed to fetch');
          expect(snapshot.context.products).toEqual([]);
        }
        if (event.type === 'xstate.done.actor.fetchShopPage') expect(snapshot.context.total).toBe(event.output.total);
      }
      actor.stop();
    }
  });
});

describe('shop machine: a newer query wins', () => {
  it('ignores the answer to an older query that arrives late', async () => {
    const { actor, loads, settled } = harness();
    actor.send({ type: 'query.set', query: ALL });
    actor.send({ type: 'query.set', query: CLOTHING });
    expect(loads.map((l) => l.query)).toEqual([ALL, CLOTHING]);

    loads[0].resolve({ products: [SHAKER], total: 1 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.products).toEqual([]);

    loads[1].resolve({ products: [IRON_TEE, HOODIE], total: 2 });
    await settled();
    expect(actor.getSnapshot().value).toBe('results');
    expect(actor.getSnapshot().context).toMatchObject({ query: CLOTHING, products: [IRON_TEE, HOODIE], total: 2 });
  });

  it('an older failure after the newer answer changes nothing', async () => {
    const { actor, loads, settled } = harness();
    actor.send({ type: 'query.set', query: ALL });
    actor.send({ type: 'query.set', query: CLOTHING });
    loads[1].resolve({ products: [IRON_TEE], total: 1 });
    await settled();
    loads[0].reject(new Error('late failure'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().value).toBe('results');
    expect(actor.getSnapshot().context).toMatchObject({ query: CLOTHING, products: [IRON_TEE], error: null });
  });

  it('a new query from the results or the error state loads again', async () => {
    const { actor, loads, settled } = harness();
    actor.send({ type: 'query.set', query: ALL });
    loads[0].reject(new Error('offline'));
    await settled();
    expect(actor.getSnapshot().value).toBe('error');
    actor.send({ type: 'query.set', query: CLOTHING });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    loads[1].resolve({ products: [IRON_TEE], total: 1 });
    await settled();
    actor.send({ type: 'query.set', query: { ...CLOTHING, page: 2 } });
    expect(loads).toHaveLength(3);
    expect(loads[2].query.page).toBe(2);
  });
});

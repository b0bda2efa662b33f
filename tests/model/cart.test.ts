import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, type StatePath } from '@xstate/graph';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { cartMachine, type CartEvent, type CartInput, type CartItem, selectCount, selectCurrency, selectDrawerOpen, selectItems, selectSubtotal } from '../../machines/cartMachine';
import { activeIds, stateIds } from './graph';

type Snapshot = SnapshotFrom<typeof cartMachine>;
type Path = StatePath<Snapshot, CartEvent>;

const tee = { productId: 'p-tee', variantId: 'v-tee-m', title: 'Grind Tee', price: 2999, image: '/tee.png', size: 'M', color: 'Black', currency: 'EUR' };
const bottle = { productId: 'p-bottle', variantId: 'v-bottle' };

/** Every event, valid and invalid, with a representative payload. */
const events: CartEvent[] = [
  { type: 'cart.add', item: tee },
  { type: 'cart.add', item: bottle, qty: 2 },
  { type: 'cart.add', item: tee, qty: 0 },
  { type: 'cart.add', item: tee, qty: 1.5 },
  { type: 'cart.setQty', id: 'line-v-tee-m', qty: 3 },
  { type: 'cart.setQty', id: 'line-v-tee-m', qty: 0 },
  { type: 'cart.setQty', id: 'line-v-bottle', qty: -4 },
  { type: 'cart.setQty', id: 'line-v-tee-m', qty: Number.NaN },
  { type: 'cart.setQty', id: 'line-v-tee-m', qty: 2.5 },
  { type: 'cart.remove', id: 'line-v-tee-m' },
  { type: 'cart.remove', id: 'line-unknown' },
  { type: 'cart.clear' },
  { type: 'drawer.open' },
  { type: 'drawer.close' },
];

const key = (s: Snapshot) => JSON.stringify({ value: s.value, context: s.context });

/**
 * Quantities grow without bound, so the walk stops at any line above 2. Returns one path per
 * edge of the graph: the shortest path to a state, then one event from it — so every transition
 * (and every ignored event) from every reachable state is taken once.
 */
function edgePaths(input: CartInput): Path[] {
  const options = { events, input, stopWhen: (s: Snapshot) => s.context.items.some((line) => line.qty > 2) };
  const toState = new Map(getShortestPaths(cartMachine, options).map((p) => [key(p.state), p]));
  return adjacencyMapToArray(getAdjacencyMap(cartMachine, options)).map(({ state, event, nextState }) => {
    const head = toState.get(key(state));
    if (!head) throw new Error(`no path to ${key(state)}`);
    return { state: nextState, steps: [...head.steps, { event, state: nextState }], weight: head.weight + 1 };
  });
}

function start(input: CartInput = {}) {
  const persist = vi.fn<(items: CartItem[]) => void>();
  const machine = cartMachine.provide({ actions: { persist: (_, { items }) => persist(structuredClone(items)) } });
  const actor = createActor(machine, { input, clock: new SimulatedClock() }).start();
  return { actor, persist };
}

const restored: CartItem = { ...tee, id: 'line-v-tee-m', qty: 2 };

describe('cart machine: graph coverage', () => {
  const paths = [...edgePaths({}), ...edgePaths({ items: [restored] })];

  it('reaches every state and takes every transition from both of them', () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    for (const path of paths) {
      for (const [i, step] of path.steps.entries()) {
        for (const id of activeIds(step.state as never)) visited.add(id);
        const before = path.steps[i - 1]?.state;
        if (before && key(before) !== key(step.state)) taken.add(`${String(before.value)} ${step.event.type}`);
      }
    }
    expect([...visited].sort()).toEqual(stateIds(cartMachine).sort());
    const expected = ['closed', 'open'].flatMap((s) => ['cart.add', 'cart.setQty', 'cart.remove', 'cart.clear'].map((e) => `${s} ${e}`));
    expect([...taken].sort()).toEqual([...expected, 'closed drawer.open', 'open drawer.close'].sort());
    expect(paths.length).toBeGreaterThan(100);
  });

  it('replays every path: the snapshot matches, persist runs exactly when the lines change', () => {
    for (const path of paths) {
      const input = path.steps[0].state.context.items.length ? { items: [restored] } : {};
      const { actor, persist } = start(input);
      // Restoring is not a change.
      expect(persist).not.toHaveBeenCalled();
      for (const [i, step] of path.steps.entries()) {
        if (i === 0) continue;
        const before = actor.getSnapshot();
        persist.mockClear();
        actor.send(step.event);
        const after = actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        expect(after.context).toEqual(step.state.context);
        const changed = JSON.stringify(before.context.items) !== JSON.stringify(after.context.items);
        if (changed) expect(persist).toHaveBeenCalledExactlyOnceWith(after.context.items);
        else expect(persist).not.toHaveBeenCalled();
        // Every add that is taken opens the drawer.
        if (step.event.type === 'cart.add' && changed) expect(selectDrawerOpen(after)).toBe(true);
        // Quantities stay whole and at least 1; each variant has one line.
        for (const line of after.context.items) expect(Number.isInteger(line.qty) && line.qty >= 1).toBe(true);
        expect(new Set(after.context.items.map((l) => l.variantId)).size).toBe(after.context.items.length);
      }
      actor.stop();
    }
  });
});

describe('cart machine: the rules', () => {
  it('a new variant makes a line with the spec defaults; the same variant raises its qty', () => {
    const { actor } = start();
    actor.send({ type: 'cart.add', item: bottle });
    expect(selectItems(actor.getSnapshot())).toEqual([
      { id: 'line-v-bottle', productId: 'p-bottle', variantId: 'v-bottle', title: 'Product', price: 0, image: null, size: null, color: null, qty: 1, currency: 'USD' },
    ]);
    actor.send({ type: 'cart.add', item: tee, qty: 2 });
    actor.send({ type: 'cart.add', item: tee, qty: 3 });
    const items = selectItems(actor.getSnapshot());
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ variantId: 'v-tee-m', qty: 5, title: 'Grind Tee', currency: 'EUR' });
  });

  it('the drawer opens on every add, also after it was closed', () => {
    const { actor } = start();
    expect(selectDrawerOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'cart.add', item: tee });
    expect(selectDrawerOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'drawer.close' });
    actor.send({ type: 'cart.add', item: tee });
    expect(selectDrawerOpen(actor.getSnapshot())).toBe(true);
    expect(selectCount(actor.getSnapshot())).toBe(2);
  });

  it('quantity never goes below 1; fractions and NaN are ignored', () => {
    const { actor, persist } = start({ items: [restored] });
    actor.send({ type: 'cart.setQty', id: restored.id, qty: -3 });
    expect(selectItems(actor.getSnapshot())[0].qty).toBe(1);
    for (const qty of [Number.NaN, 2.5, Number.POSITIVE_INFINITY]) actor.send({ type: 'cart.setQty', id: restored.id, qty });
    expect(selectItems(actor.getSnapshot())[0].qty).toBe(1);
    actor.send({ type: 'cart.setQty', id: restored.id, qty: 7 });
    expect(selectItems(actor.getSnapshot())[0].qty).toBe(7);
    expect(persist).toHaveBeenCalledTimes(2);
  });

  it('remove and clear; derived count, subtotal and currency', () => {
    const { actor, persist } = start({ items: [restored] });
    actor.send({ type: 'cart.add', item: bottle, qty: 2 });
    const s = actor.getSnapshot();
    expect(selectCount(s)).toBe(4);
    expect(selectSubtotal(s)).toBe(2 * 2999);
    expect(selectCurrency(s)).toBe('EUR');
    actor.send({ type: 'cart.remove', id: restored.id });
    expect(selectCurrency(actor.getSnapshot())).toBe('USD');
    actor.send({ type: 'cart.clear' });
    expect(selectItems(actor.getSnapshot())).toEqual([]);
    expect(selectCurrency(actor.getSnapshot())).toBe('USD');
    expect(persist).toHaveBeenLastCalledWith([]);
    expect(persist).toHaveBeenCalledTimes(3);
  });

  it('the drawer buttons only move between open and closed', () => {
    const { actor, persist } = start();
    actor.send({ type: 'drawer.open' });
    expect(actor.getSnapshot().value).toBe('open');
    actor.send({ type: 'drawer.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(persist).not.toHaveBeenCalled();
  });

  it('without a persist implementation it fails loudly', () => {
    const actor = createActor(cartMachine, { input: {} });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    actor.send({ type: 'cart.add', item: tee });
    expect(String(errors[0])).toContain('provide persist');
  });
});

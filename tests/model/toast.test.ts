import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, type StatePath } from '@xstate/graph';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DURATION, REMOVE_DELAY, selectToasts, TOAST_LIMIT, toastMachine, type ToastEvent } from '../../machines/toastMachine';

type Snapshot = SnapshotFrom<typeof toastMachine>;
type Path = StatePath<Snapshot, ToastEvent>;

const events: ToastEvent[] = [
  { type: 'toast.add', toast: { title: 'Added to cart', description: '1 x Grind Tee added to your cart.' } },
  { type: 'toast.add', toast: { id: 'net', title: 'Error', description: 'Offline', variant: 'destructive' } },
  { type: 'toast.add', toast: { id: 'sticky', title: 'Read me', variant: 'info', duration: Number.POSITIVE_INFINITY } },
  { type: 'toast.update', id: 'net', toast: { title: 'Back online', variant: 'success' } },
  { type: 'toast.update', id: 'net', toast: { duration: 8000 } },
  { type: 'toast.dismiss', id: 'net' },
  { type: 'toast.dismiss' },
  { type: 'toast.remove', id: 'net' },
  { type: 'toast.remove' },
];

const key = (s: Snapshot) => JSON.stringify({ value: s.value, context: s.context });

/** The id counter grows without bound: the walk stops after a few adds. One path per graph edge. */
function edgePaths(): Path[] {
  const options = { events, stopWhen: (s: Snapshot) => s.context.nextId > 4 };
  const toState = new Map(getShortestPaths(toastMachine, options).map((p) => [key(p.state), p]));
  return adjacencyMapToArray(getAdjacencyMap(toastMachine, options)).map(({ state, event, nextState }) => {
    const head = toState.get(key(state));
    if (!head) throw new Error(`no path to ${key(state)}`);
    return { state: nextState, steps: [...head.steps, { event, state: nextState }], weight: head.weight + 1 };
  });
}

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(toastMachine, { clock }).start();
  return { actor, clock, toasts: () => selectToasts(actor.getSnapshot()) };
}

describe('toast machine: graph coverage', () => {
  const paths = edgePaths();

  it('takes every event as a transition that changes something', () => {
    const taken = new Set<string>();
    for (const path of paths) {
      for (const [i, step] of path.steps.entries()) {
        const before = path.steps[i - 1]?.state;
        if (before && key(before) !== key(step.state)) taken.add(`${step.event.type}${'id' in step.event && step.event.id ? ' one' : ''}`);
      }
    }
    expect([...taken].sort()).toEqual(['toast.add', 'toast.dismiss', 'toast.dismiss one', 'toast.remove', 'toast.remove one', 'toast.update one'].sort());
  });

  it('replays every path with a simulated clock, then checks the timers of what is left', () => {
    for (const path of paths) {
      const { actor, clock, toasts } = start();
      for (const step of path.steps.slice(1)) {
        actor.send(step.event);
        expect(actor.getSnapshot().context).toEqual(step.state.context);
        expect(toasts().length).toBeLessThanOrEqual(TOAST_LIMIT);
      }
      // No time has passed on the path, so every countdown is still whole.
      const [last] = toasts();
      if (last?.open && Number.isFinite(last.duration)) {
        clock.increment(last.duration - 1);
        expect(toasts()[0].open).toBe(true);
        clock.increment(1);
        expect(toasts()[0].open).toBe(false);
      } else if (last?.open) {
        clock.increment(REMOVE_DELAY * 10);
        expect(toasts()[0].open).toBe(true);
        actor.stop();
        continue;
      }
      if (last) {
        clock.increment(REMOVE_DELAY - 1);
        expect(toasts()).toHaveLength(1);
        clock.increment(1);
        expect(toasts()).toEqual([]);
      }
      actor.stop();
    }
  });
});

describe('toast machine: the rules', () => {
  it('a new toast goes first and only one is kept; ids come from a counter', () => {
    const { actor, toasts } = start();
    actor.send({ type: 'toast.add', toast: { title: 'One' } });
    actor.send({ type: 'toast.add', toast: { title: 'Two' } });
    expect(toasts()).toEqual([{ id: 'toast-2', title: 'Two', description: undefined, variant: 'default', duration: DEFAULT_DURATION, open: true }]);
  });

  it('update merges fields into the toast with that id only', () => {
    const { actor, toasts } = start();
    actor.send({ type: 'toast.add', toast: { id: 'a', title: 'Saving', description: 'Please wait' } });
    actor.send({ type: 'toast.update', id: 'a', toast: { title: 'Saved', variant: 'success' } });
    expect(toasts()[0]).toMatchObject({ id: 'a', title: 'Saved', description: 'Please wait', variant: 'success', open: true });
    actor.send({ type: 'toast.update', id: 'other', toast: { title: 'x' } });
    expect(toasts()[0].title).toBe('Saved');
  });

  it('closes by itself after 5000 ms, then is removed 1,000,000 ms later', () => {
    const { actor, clock, toasts } = start();
    actor.send({ type: 'toast.add', toast: { title: 'Added to cart' } });
    clock.increment(4999);
    expect(toasts()[0].open).toBe(true);
    clock.increment(1);
    expect(toasts()[0].open).toBe(false);
    clock.increment(999_999);
    expect(toasts()).toHaveLength(1);
    clock.increment(1);
    expect(toasts()).toEqual([]);
  });

  it('dismiss closes at once and removes exactly 1,000,000 ms later; a second dismiss does not postpone it', () => {
    const { actor, clock, toasts } = start();
    actor.send({ type: 'toast.add', toast: { id: 'a', title: 'Hi', duration: Number.POSITIVE_INFINITY } });
    clock.increment(100);
    actor.send({ type: 'toast.dismiss', id: 'a' });
    expect(toasts()[0].open).toBe(false);
    clock.increment(500_000);
    actor.send({ type: 'toast.dismiss' });
    clock.increment(499_999);
    expect(toasts()).toHaveLength(1);
    clock.increment(1);
    expect(toasts()).toEqual([]);
  });

  it('a toast shown again under the same id gets a fresh countdown', () => {
    const { actor, clock, toasts } = start();
    actor.send({ type: 'toast.add', toast: { id: 'cart', title: 'Added to cart' } });
    clock.increment(3000);
    actor.send({ type: 'toast.add', toast: { id: 'cart', title: 'Added to cart again' } });
    clock.increment(2000);
    expect(toasts()[0]).toMatchObject({ title: 'Added to cart again', open: true });
    clock.increment(3000);
    expect(toasts()[0].open).toBe(false);
  });

  it('a dismissed toast shown again is not removed by the old removal timer', () => {
    const { actor, clock, toasts } = start();
    actor.send({ type: 'toast.add', toast: { id: 'a', title: 'One' } });
    actor.send({ type: 'toast.dismiss', id: 'a' });
    clock.increment(999_000);
    actor.send({ type: 'toast.add', toast: { id: 'a', title: 'Two', duration: Number.POSITIVE_INFINITY } });
    clock.increment(5000);
    expect(toasts()).toEqual([expect.objectContaining({ id: 'a', title: 'Two', open: true })]);
  });

  it('a new duration restarts the countdown', () => {
    const { actor, clock, toasts } = start();
    actor.send({ type: 'toast.add', toast: { id: 'a', title: 'Hi' } });
    clock.increment(4000);
    actor.send({ type: 'toast.update', id: 'a', toast: { duration: 2000 } });
    clock.increment(1999);
    expect(toasts()[0].open).toBe(true);
    clock.increment(1);
    expect(toasts()[0].open).toBe(false);
  });

  it('a duration that is not a positive number means the default', () => {
    const { actor, clock, toasts } = start();
    actor.send({ type: 'toast.add', toast: { id: 'a', title: 'Hi', duration: -1 } });
    actor.send({ type: 'toast.update', id: 'a', toast: { duration: Number.NaN } });
    expect(toasts()[0].duration).toBe(DEFAULT_DURATION);
    clock.increment(DEFAULT_DURATION);
    expect(toasts()[0].open).toBe(false);
  });

  it('remove deletes at once (one or all) and cancels pending timers', () => {
    const { actor, clock, toasts } = start();
    actor.send({ type: 'toast.add', toast: { id: 'a', title: 'Hi' } });
    actor.send({ type: 'toast.remove', id: 'a' });
    expect(toasts()).toEqual([]);
    actor.send({ type: 'toast.add', toast: { id: 'b', title: 'Hi' } });
    actor.send({ type: 'toast.remove' });
    expect(toasts()).toEqual([]);
    actor.send({ type: 'toast.add', toast: { id: 'a', title: 'Later', duration: Number.POSITIVE_INFINITY } });
    clock.increment(REMOVE_DELAY * 2);
    expect(toasts()).toEqual([expect.objectContaining({ id: 'a', open: true })]);
  });
});

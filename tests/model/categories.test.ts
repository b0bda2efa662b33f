import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { categoriesMachine, type CategoriesEvent } from '../../machines/categoriesMachine';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

type GraphEvent = CategoriesEvent | { type: 'xstate.done.actor.fetchCategories'; output: string[] } | { type: 'xstate.error.actor.fetchCategories'; error: unknown };

const events: GraphEvent[] = [
  { type: 'categories.retry' },
  { type: 'xstate.done.actor.fetchCategories', output: ['accessories', 'clothing'] },
  { type: 'xstate.done.actor.fetchCategories', output: [] },
  { type: 'xstate.error.actor.fetchCategories', error: new Error('Failed to fetch') },
];

function harness() {
  let calls = 0;
  let pending: { resolve: (c: string[]) => void; reject: (e: unknown) => void } | null = null;
  const machine = categoriesMachine.provide({
    actors: {
      fetchCategories: fromPromise<string[]>(() => {
        calls++;
        return new Promise<string[]>((resolve, reject) => {
          pending = { resolve, reject };
        });
      }),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock() }).start();
  async function play(event: GraphEvent) {
    if (event.type === 'xstate.done.actor.fetchCategories') pending?.resolve(event.output);
    else if (event.type === 'xstate.error.actor.fetchCategories') pending?.reject(event.error);
    else return actor.send(event);
    await vi.waitFor(() => expect(actor.getSnapshot().value).not.toBe('loading'));
  }
  return { actor, play, calls: () => calls };
}

describe('categories machine: graph coverage', () => {
  const { paths, taken } = explore(categoriesMachine, undefined, events);
  const initial = createActor(categoriesMachine).getSnapshot();
  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(categoriesMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(categoriesMachine).sort());
  });

  it('replays every path with a fake loader and checks each state', async () => {
    // Every distinct snapshot ends one path (the initial one ends the empty path).
    for (const path of [[], ...paths]) {
      const { actor, play, calls } = harness();
      expect(calls()).toBe(1);
      let from = initial;
      for (const step of withIgnored(categoriesMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(categoriesMachine, from, event).length > 0;
        from = step.state;
        const before = calls();
        await play(event);
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        if (!handled) {
          // Try again means nothing while loading or after a success.
          expect(calls()).toBe(before);
          continue;
        }
        if (snapshot.value === 'loaded') expect(snapshot.context.categories.length).toBeGreaterThan(0);
        if (snapshot.value === 'empty') expect(snapshot.context.categories).toEqual([]);
        if (snapshot.value === 'error') expect(snapshot.context.error).toBe('Failed to fetch');
        // Try again loads once more and forgets the old error.
        if (event.type === 'categories.retry') {
          expect(calls()).toBe(before + 1);
          expect(snapshot.context.error).toBeNull();
        }
      }
      actor.stop();
    }
  });
});

import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, type StatePath } from '@xstate/graph';
import { type AnyStateMachine, createActor, fromPromise, SimulatedClock, type SnapshotFrom, type StateNode } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { categoriesMachine, type CategoriesEvent } from '../../machines/categoriesMachine';
import { activeIds, stateIds } from './graph';

type Snapshot = SnapshotFrom<typeof categoriesMachine>;
type GraphEvent =
  | CategoriesEvent
  | { type: 'xstate.done.actor.fetchCategories'; output: string[] }
  | { type: 'xstate.error.actor.fetchCategories'; error: unknown };
type Path = StatePath<Snapshot, GraphEvent>;

const events: GraphEvent[] = [
  { type: 'categories.retry' },
  { type: 'xstate.done.actor.fetchCategories', output: ['accessories', 'clothing'] },
  { type: 'xstate.done.actor.fetchCategories', output: [] },
  { type: 'xstate.error.actor.fetchCategories', error: new Error('Failed to fetch') },
];

const key = (s: Snapshot) => JSON.stringify({ value: s.value, context: s.context });

function edgePaths(): Path[] {
  // biome-ignore lint/suspicious/noExplicitAny: synthetic actor events are not in the machine's event union
  const options = { events: events as any };
  const toState = new Map(getShortestPaths(categoriesMachine, options).map((p) => [key(p.state as Snapshot), p]));
  return adjacencyMapToArray(getAdjacencyMap(categoriesMachine, options)).map(({ state, event, nextState }) => {
    const head = toState.get(key(state as Snapshot));
    if (!head) throw new Error(`no path to ${key(state as Snapshot)}`);
    return { state: nextState, steps: [...head.steps, { event, state: nextState }], weight: head.weight + 1 } as Path;
  });
}

function declaredTransitions(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: StateNode) => {
    for (const [type, defs] of node.transitions) for (const d of defs) out.push(`${node.key} --${type}--> ${d.target?.map((t) => t.key).join(',') ?? node.key}`);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return [...new Set(out)];
}

function taken(from: Snapshot, event: GraphEvent, to: Snapshot): string | null {
  const nodes = (from as unknown as { _nodes: StateNode[] })._nodes;
  const declaring = [...nodes].reverse().find((n) => n.transitions.has(event.type));
  return declaring ? `${declaring.key} --${event.type}--> ${String(to.value)}` : null;
}

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
  const paths = edgePaths();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set<string>();
    const seen = new Set<string>();
    for (const path of paths) {
      for (const [i, step] of path.steps.entries()) {
        for (const id of activeIds(step.state as never)) visited.add(id);
        const transition = i > 0 ? taken(path.steps[i - 1].state, step.event, step.state) : null;
        if (transition) seen.add(transition);
      }
    }
    expect([...visited].sort()).toEqual(stateIds(categoriesMachine).sort());
    expect([...seen].sort()).toEqual(declaredTransitions(categoriesMachine).sort());
  });

  it('replays every path with a fake loader and checks each state', async () => {
    for (const path of paths) {
      const { actor, play, calls } = harness();
      expect(calls()).toBe(1);
      for (const [i, step] of path.steps.entries()) {
        if (i === 0) continue;
        const before = calls();
        await play(step.event);
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        if (taken(path.steps[i - 1].state, step.event, step.state) === null) {
          // Try again means nothing while loading or after a success.
          expect(calls()).toBe(before);
          continue;
        }
        if (snapshot.value === 'loaded') expect(snapshot.context.categories.length).toBeGreaterThan(0);
        if (snapshot.value === 'empty') expect(snapshot.context.categories).toEqual([]);
        if (snapshot.value === 'error') expect(snapshot.context.error).toBe('Failed to fetch');
        // Try again loads once more and forgets the old error.
        if (step.event.type === 'categories.retry') {
          expect(calls()).toBe(before + 1);
          expect(snapshot.context.error).toBeNull();
        }
      }
      actor.stop();
    }
  });
});

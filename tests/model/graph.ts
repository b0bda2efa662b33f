import { getAdjacencyMap, serializeSnapshot } from '@xstate/graph';
import { __unsafe_getAllOwnEventDescriptors, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type InputFrom, type SnapshotFrom, type StateNode } from 'xstate';

/** Every state node id of a machine ("locale.detecting", …), root excluded. */
export function stateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const walk = (node: StateNode) => {
    for (const child of Object.values(node.states)) {
      ids.push(child.id);
      walk(child);
    }
  };
  walk(machine.root);
  return ids;
}

/** The state node ids a snapshot is in (all active nodes, parents included). */
export function activeIds(snapshot: { _nodes: StateNode[] }): string[] {
  return snapshot._nodes.map((n) => n.id).filter((id) => id.includes('.'));
}

/** Milliseconds of an `xstate.after.<ms>.<state>` event, or null for any other event. */
export function afterDelay(eventType: string): number | null {
  const match = /^xstate\.after\.(\d+)\./.exec(eventType);
  return match ? Number(match[1]) : null;
}

export type Step<S> = { event: AnyEventObject; state: S };

/** "<state id> <event type> #<n>": the n-th transition a state node declares for that event. */
export const transitionIds = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  machine.getTransitionData(snapshot as never, event as never).map((t) => `${t.source.id} ${t.eventType} #${t.source.transitions.get(t.eventType)?.indexOf(t)}`);

/** Every transition the chart declares (eventless ones excluded: they run inside other steps). */
export const declaredTransitions = (machine: AnyStateMachine) => {
  const ids: string[] = [];
  const walk = (node: AnyStateMachine['root']) => {
    for (const [eventType, list] of node.transitions) {
      for (let i = 0; i < list.length; i++) ids.push(`${node.id} ${eventType} #${i}`);
    }
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root);
  return ids;
};

/**
 * Walks the machine's graph (the given payloads for each event a snapshot handles, bare events for
 * timers) and returns the shortest path to every distinct snapshot plus one per distinct (source,
 * transition, payload, target), so replays take every transition and see every reachable context.
 */
export function explore<M extends AnyStateMachine>(machine: M, input: InputFrom<M>, events: readonly AnyEventObject[]) {
  type S = SnapshotFrom<M>;
  const eventsFor = (snapshot: S) =>
    __unsafe_getAllOwnEventDescriptors(snapshot as never).flatMap((type) => {
      const matching = events.filter((e) => e.type === type);
      return matching.length ? matching : [{ type }];
    });
  // biome-ignore lint/suspicious/noExplicitAny: synthetic actor events are not in the machine's event union
  const adjacency = getAdjacencyMap(machine, { input, events: eventsFor as any }) as unknown as Record<
    string,
    { state: S; transitions: Record<string, { event: AnyEventObject; state: S }> }
  >;
  // The map is built breadth-first from the initial snapshot, so that is its first key.
  const start = Object.keys(adjacency)[0];
  const pathTo = new Map<string, Step<S>[]>([[start, []]]);
  const queue = [start];
  const replays = new Map<string, Step<S>[]>();
  const taken = new Set<string>();
  for (let i = 0; i < queue.length; i++) {
    const key = queue[i];
    const node = adjacency[key];
    for (const { event, state } of Object.values(node.transitions)) {
      const next = serializeSnapshot(state as never);
      const path = [...(pathTo.get(key) as Step<S>[]), { event, state }];
      if (!pathTo.has(next)) {
        pathTo.set(next, path);
        queue.push(next);
      }
      const ids = transitionIds(machine, node.state as AnyMachineSnapshot, event);
      for (const id of ids) taken.add(id);
      const replayKey = `${JSON.stringify((node.state as AnyMachineSnapshot).value)} ${ids.join('+')} ${JSON.stringify(event)} ${JSON.stringify((state as AnyMachineSnapshot).value)}`;
      const known = replays.get(replayKey);
      if (ids.length && (!known || known.length > path.length)) replays.set(replayKey, path);
    }
  }
  // Plus the shortest path to every distinct snapshot, so each context a state can hold is replayed.
  const paths = [...new Set([...replays.values(), ...[...pathTo.values()].filter((path) => path.length > 0)])];
  return { paths, taken, snapshots: pathTo.size };
}

/**
 * The path, then every given event that nothing handles where the path ends (the graph leaves
 * those out), each leaving the snapshot as it is: replays check that ignored events change nothing.
 */
export function withIgnored<S extends AnyMachineSnapshot>(machine: AnyStateMachine, initial: S, events: readonly AnyEventObject[], path: Step<S>[]): Step<S>[] {
  const end = path.at(-1)?.state ?? initial;
  return [...path, ...events.filter((event) => transitionIds(machine, end, event).length === 0).map((event) => ({ event, state: end }))];
}

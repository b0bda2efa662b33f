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

/** Events to offer: payloads per event type (bare events for the other types a snapshot handles), or a function of the snapshot. */
export type GraphEvents<S> = readonly AnyEventObject[] | ((snapshot: S) => readonly AnyEventObject[]);

export type ExploreOptions<S> = {
  /** A vertex of the graph (default: the whole snapshot): snapshots with the same key are one state. */
  serializeState?: (snapshot: S) => string;
  serializeEvent?: (event: AnyEventObject) => string;
  /** Replays one path per transition and payload from each kind of source snapshot this returns (default: one kind). */
  replayKind?: (snapshot: S) => unknown;
  /** Adds the shortest path to every vertex to the replays (default: true). */
  everyVertex?: boolean;
  /** Stops the walk (throws "Traversal limit exceeded") after this many steps, so a graph that grows without bound fails instead of hanging. */
  limit?: number;
};

function adjacencyOf<M extends AnyStateMachine>(machine: M, input: InputFrom<M>, events: GraphEvents<SnapshotFrom<M>>, options: ExploreOptions<SnapshotFrom<M>>) {
  type S = SnapshotFrom<M>;
  const eventsFor =
    typeof events === 'function'
      ? events
      : (snapshot: S) =>
          __unsafe_getAllOwnEventDescriptors(snapshot as never).flatMap((type) => {
            const matching = events.filter((e) => e.type === type);
            return matching.length ? matching : [{ type }];
          });
  const { serializeState, serializeEvent, limit } = options;
  // Only the options given: an undefined one would replace the graph's default.
  const given = Object.fromEntries(Object.entries({ serializeState, serializeEvent, limit }).filter(([, value]) => value !== undefined));
  // biome-ignore lint/suspicious/noExplicitAny: synthetic actor events are not in the machine's event union
  return getAdjacencyMap(machine, { input, events: eventsFor as any, ...given }) as unknown as Record<
    string,
    { state: S; transitions: Record<string, { event: AnyEventObject; state: S }> }
  >;
}

/**
 * Whether the walk explore() makes ends within `limit` steps. explore() walks until no new snapshot
 * appears: a machine whose context grows without bound (a list that takes the same order twice, a
 * counter with no cap) would make it run forever; this walk stops at the limit instead.
 */
export function graphIsFinite<M extends AnyStateMachine>(
  machine: M,
  input: InputFrom<M>,
  events: GraphEvents<SnapshotFrom<M>>,
  limit = 2000,
  options: ExploreOptions<SnapshotFrom<M>> = {},
): boolean {
  try {
    adjacencyOf(machine, input, events, { ...options, limit });
    return true;
  } catch (error) {
    if (error instanceof Error && error.message === 'Traversal limit exceeded') return false;
    throw error;
  }
}

/**
 * Walks the machine's graph (the given events, see GraphEvents) and returns the shortest path to
 * every distinct vertex (`shortest`, in breadth-first order) and the paths to replay: one per
 * distinct (source, transition, payload, target) plus the shortest paths, so replays take every
 * transition and see every reachable context.
 */
export function explore<M extends AnyStateMachine>(machine: M, input: InputFrom<M>, events: GraphEvents<SnapshotFrom<M>>, options: ExploreOptions<SnapshotFrom<M>> = {}) {
  type S = SnapshotFrom<M>;
  const adjacency = adjacencyOf(machine, input, events, options);
  const vertex = options.serializeState ?? ((state: S) => serializeSnapshot(state as never));
  const eventKey = options.serializeEvent ?? ((event: AnyEventObject) => JSON.stringify(event));
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
      const next = vertex(state);
      const path = [...(pathTo.get(key) as Step<S>[]), { event, state }];
      if (!pathTo.has(next)) {
        pathTo.set(next, path);
        queue.push(next);
      }
      const ids = transitionIds(machine, node.state as AnyMachineSnapshot, event);
      for (const id of ids) taken.add(id);
      const kind = options.replayKind ? ` ${JSON.stringify(options.replayKind(node.state))}` : '';
      const replayKey = `${JSON.stringify((node.state as AnyMachineSnapshot).value)}${kind} ${ids.join('+')} ${eventKey(event)} ${JSON.stringify((state as AnyMachineSnapshot).value)}`;
      const known = replays.get(replayKey);
      if (ids.length && (!known || known.length > path.length)) replays.set(replayKey, path);
    }
  }
  const shortest = [...pathTo.values()];
  // Plus the shortest path to every distinct snapshot, so each context a state can hold is replayed.
  const paths = [...new Set([...replays.values(), ...(options.everyVertex === false ? [] : shortest.filter((path) => path.length > 0))])];
  return { initial: adjacency[start].state, paths, shortest, taken, snapshots: pathTo.size };
}

/**
 * The path, then every given event that nothing handles where the path ends (the graph leaves
 * those out), each leaving the snapshot as it is: replays check that ignored events change nothing.
 */
export function withIgnored<S extends AnyMachineSnapshot>(machine: AnyStateMachine, initial: S, events: readonly AnyEventObject[], path: Step<S>[]): Step<S>[] {
  const end = path.at(-1)?.state ?? initial;
  return [...path, ...events.filter((event) => transitionIds(machine, end, event).length === 0).map((event) => ({ event, state: end }))];
}

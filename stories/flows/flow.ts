import { type AnyEventObject, type AnyStateMachine, type EventFrom, type InputFrom, initialTransition, type SnapshotFrom, transition } from 'xstate';
import { ApiError } from '../../src/api/errors';
import type { ExploreOptions, GraphEvents } from '../../tests/model/graph';

/** How a person finds the control that sends an event (English names; the view replays render in English). */
export type Control = { role: 'button' | 'tab' | 'link'; name: string | RegExp } | { label: string | RegExp };

/**
 * One flow machine as the generated stories (scripts/generate-stories.ts) and the view replays
 * (tests/model/*.view.test.tsx) see it: the machine, the inputs it starts from, the events the graph
 * offers, the view's props for a snapshot and the control behind each event. Stories replay with
 * pure transitions, so no actor runs and nothing reaches the network.
 */
export type Flow<M extends AnyStateMachine, P> = {
  /** Storybook's title and the generated file's name ("Checkout" → stories/generated/Checkout.stories.tsx). */
  name: string;
  /** The machine's file, named in the generated header. */
  source: string;
  machine: M;
  /** The starts explored, in order: a state is shown from the first start that reaches it. */
  inputs: Record<string, InputFrom<M>>;
  events: GraphEvents<SnapshotFrom<M>>;
  explore?: ExploreOptions<SnapshotFrom<M>>;
  /** Snapshots with the same key are one story (default: the state value). */
  storyKey?: (snapshot: SnapshotFrom<M>) => string;
  /** The route the story's router starts at. */
  path?: string;
  props: (snapshot: SnapshotFrom<M>, send: (event: EventFrom<M>) => void) => P;
  /** The control that sends `event` in `snapshot`; null for what no person does (an actor's answer, a timer, another tab). */
  control: (event: AnyEventObject, snapshot: SnapshotFrom<M>) => Control | null;
};

// biome-ignore lint/suspicious/noExplicitAny: a list of flows of different machines
export type AnyFlow = Flow<any, any>;

export const defineFlow = <M extends AnyStateMachine, P>(flow: Flow<M, P>) => flow;

export const stateKey = (snapshot: { value: unknown }) => JSON.stringify(snapshot.value);

/** The snapshot an input and a path of events lead to, by the machine's pure transitions. */
export function snapshotAt<M extends AnyStateMachine>(flow: Flow<M, unknown>, input: string, events: readonly AnyEventObject[]): SnapshotFrom<M> {
  let [snapshot] = initialTransition(flow.machine, flow.inputs[input]);
  for (const event of events) [snapshot] = transition(flow.machine, snapshot, event as never);
  return snapshot as SnapshotFrom<M>;
}

/** Events as JSON for a generated file: files and API errors are written as what makes them again. */
export function encodeEvent(event: AnyEventObject): unknown {
  return JSON.parse(
    JSON.stringify(event, function (key, value) {
      const raw = (this as Record<string, unknown>)[key];
      if (raw instanceof File) return { $file: { name: raw.name, type: raw.type, size: raw.size } };
      if (raw instanceof ApiError) return { $apiError: { kind: raw.kind, message: raw.message, code: raw.code, status: raw.status, details: raw.details } };
      return value;
    }),
  );
}

type Encoded = { $file?: { name: string; type: string; size: number }; $apiError?: { kind: ApiError['kind']; message: string; code?: string; status?: number; details?: string } };

export function decodeEvent(encoded: unknown): AnyEventObject {
  const revive = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(revive);
    if (value === null || typeof value !== 'object') return value;
    const { $file, $apiError } = value as Encoded;
    if ($file) return new File([new Uint8Array($file.size)], $file.name, { type: $file.type });
    if ($apiError) return new ApiError($apiError.kind, $apiError.message, { code: $apiError.code, status: $apiError.status, details: $apiError.details });
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  };
  return revive(encoded) as AnyEventObject;
}

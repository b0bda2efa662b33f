import type { AnyStateMachine, StateValueFrom } from 'xstate';

/**
 * State names typed from the charts themselves (XState infers each machine's state values from its
 * config), so a selector built on these stops compiling where a renamed state is still used.
 */

/** The top-level name of a state value: `'sent'` for `'sent'`, `'editing'` for `{ editing: 'idle' }`. */
export type TopName<V> = V extends string ? V : V extends object ? Extract<keyof V, string> : never;

/** The union of a machine's top-level state names, as its chart declares them. */
export type StateOf<M extends AnyStateMachine> = TopName<StateValueFrom<M>>;

/** The union of the state names directly inside one of a machine's states (a compound state, or a region of a parallel chart). */
export type ChildStateOf<M extends AnyStateMachine, S extends string> = TopName<ChildValue<StateValueFrom<M>, S>>;
type ChildValue<V, S extends string> = V extends object ? (S extends keyof V ? NonNullable<V[S]> : never) : never;

const topName = (value: unknown): string => (typeof value === 'string' ? value : Object.keys(value as object)[0]);

/** A snapshot's top-level state, typed from its machine's chart. */
export function topState<V>(snapshot: { value: V }): TopName<V> {
  return topName(snapshot.value) as TopName<V>;
}

/** The state directly inside `parent` (a compound state or a parallel region), or null while the snapshot is not in it. */
export function childState<V, S extends string>(snapshot: { value: V }, parent: S): TopName<ChildValue<V, S>> | null {
  const { value } = snapshot;
  if (typeof value !== 'object' || value === null || !(parent in value)) return null;
  return topName((value as Record<string, unknown>)[parent]) as TopName<ChildValue<V, S>>;
}

/** The state of one region of a parallel chart (always active, so never null). */
export function regionState<V extends object, R extends Extract<keyof V, string>>(snapshot: { value: V }, region: R): TopName<NonNullable<V[R]>> {
  return topName(snapshot.value[region]) as TopName<NonNullable<V[R]>>;
}

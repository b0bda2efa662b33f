import { type AnyActorRef, type AnyEventObject, fromPromise } from 'xstate';

/** One call a fake actor received: what it was asked, and how the test answers it. */
export type Deferred<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

/** Lets the promise callbacks and zero timers that are due run. */
export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fromPromise actor whose every call waits in `calls` until the test answers it. */
export function deferredActor<O, I>(calls: Deferred<I, O>[]) {
  return fromPromise<O, I>(({ input }) => new Promise<O>((resolve, reject) => calls.push({ input, resolve, reject })));
}

type Answerable = { resolve: (output: never) => void; reject: (error: unknown) => void };

/**
 * Plays one graph step on a live actor whose invokes are fakes: `xstate.done.actor.<id>` resolves and
 * `xstate.error.actor.<id>` rejects the latest call in `calls[id]` (then waits a tick); any other
 * event is sent to the actor.
 */
export function playLatest(actor: AnyActorRef, calls: Record<string, Answerable[]>, event: AnyEventObject & { output?: unknown; error?: unknown }) {
  const [, outcome, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? [];
  const list = id === undefined ? undefined : calls[id];
  if (!list) {
    actor.send(event);
    return Promise.resolve();
  }
  if (outcome === 'done') list.at(-1)?.resolve(event.output as never);
  else list.at(-1)?.reject(event.error);
  return tick();
}

import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { looksLikeEmail } from '../../machines/newsletterMachine';
import { type NotifyMeEvent, type NotifyMeInput, type NotifyMeRequest, notifyMeMachine, selectNotifyMeStatus } from '../../machines/notifyMeMachine';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

type GraphEvent = NotifyMeEvent | { type: 'xstate.done.actor.request'; output: undefined } | { type: 'xstate.error.actor.request'; error: unknown };

const tooMany = new ApiError('unknown', 'Too many requests for this address. Please try again in an hour.', { code: 'PT429' });
const inStock = new ApiError('unknown', 'This size is in stock: you can order it now.', { code: 'PT409' });
const offline = new ApiError('network', 'Failed to fetch');

const events: GraphEvent[] = [
  { type: 'variant.set', variantId: 'v-2' },
  { type: 'form.email', value: '  Fan@Example.COM ' },
  { type: 'form.email', value: 'not-an-email' },
  { type: 'form.submit', locale: 'en' },
  { type: 'form.submit', locale: 'de' },
  { type: 'xstate.done.actor.request', output: undefined },
  { type: 'xstate.error.actor.request', error: tooMany },
  { type: 'xstate.error.actor.request', error: inStock },
  { type: 'xstate.error.actor.request', error: offline },
];

/** The machine with a fake request that waits for the test to settle it. */
function harness(input: NotifyMeInput) {
  const requests: NotifyMeRequest[] = [];
  let pending: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  const machine = notifyMeMachine.provide({
    actors: {
      request: fromPromise<void, NotifyMeRequest>(({ input: request }) => {
        requests.push(request);
        return new Promise<void>((resolve, reject) => {
          pending = { resolve, reject };
        });
      }),
    },
  });
  const actor = createActor(machine, { input, clock: new SimulatedClock() }).start();
  async function play(event: GraphEvent) {
    if (event.type === 'xstate.done.actor.request') pending?.resolve();
    else if (event.type === 'xstate.error.actor.request') pending?.reject(event.error);
    else return actor.send(event);
    await vi.waitFor(() => expect(selectNotifyMeStatus(actor.getSnapshot())).not.toBe('requesting'));
  }
  return { actor, requests, play };
}

describe.each<NotifyMeInput>([
  { variantId: 'v-1', signedIn: false },
  { variantId: 'v-1', signedIn: true },
])('notify-me machine (signed in: $signedIn): graph coverage', (input) => {
  const { paths } = explore(notifyMeMachine, input, events);
  const initial = createActor(notifyMeMachine, { input }).getSnapshot();

  it('replays every path with a fake request and checks what each step promises', async () => {
    for (const path of [[], ...paths]) {
      const { actor, requests, play } = harness(input);
      let from = initial;
      for (const step of withIgnored(notifyMeMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(notifyMeMachine, from, event).length > 0;
        from = step.state;
        const before = actor.getSnapshot();
        const requestCount = requests.length;
        await play(event);
        const after = actor.getSnapshot();
        const status = selectNotifyMeStatus(after);
        expect(after.value).toEqual(step.state.value);
        expect(after.context).toEqual(step.state.context);
        const newRequests = requests.slice(requestCount);
        if (!handled || (selectNotifyMeStatus(before) === 'requesting' && event.type === 'variant.set')) {
          expect(after.value).toEqual(before.value);
          expect(after.context).toEqual(before.context);
          expect(newRequests).toEqual([]);
          continue;
        }
        if (event.type === 'form.submit') {
          if (status === 'requesting') {
            // A guest's address must look like one; a signed-in customer sends none (the account's is taken).
            expect(input.signedIn || looksLikeEmail(before.context.email)).toBe(true);
            expect(newRequests).toEqual([{ variantId: before.context.variantId, email: input.signedIn ? null : before.context.email.trim().toLowerCase(), locale: event.locale }]);
          } else {
            expect(status).toBe('invalid');
            expect(newRequests).toEqual([]);
          }
        } else {
          expect(newRequests).toEqual([]);
        }
        if (event.type === 'xstate.done.actor.request') expect(status).toBe(input.signedIn ? 'waiting' : 'sent');
        if (event.type === 'xstate.error.actor.request') {
          expect(status).toBe(event.error === tooMany ? 'tooMany' : event.error === inStock ? 'inStock' : 'error');
        }
        if (event.type === 'variant.set') {
          expect(status).toBe('idle');
          expect(after.context.variantId).toBe(event.variantId);
        }
      }
      actor.stop();
    }
  });
});

describe('notify-me machine: graph coverage of both kinds of shopper together', () => {
  it('reaches every state and takes every declared transition (a guest never waits at once, a customer is never refused an address)', () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    for (const input of [
      { variantId: 'v-1', signedIn: false },
      { variantId: 'v-1', signedIn: true },
    ]) {
      const explored = explore(notifyMeMachine, input, events);
      for (const id of activeIds(createActor(notifyMeMachine, { input }).getSnapshot() as never)) visited.add(id);
      for (const path of explored.paths) for (const step of path) for (const id of activeIds(step.state as never)) visited.add(id);
      for (const t of explored.taken) taken.add(t);
    }
    expect([...visited].sort()).toEqual(stateIds(notifyMeMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(notifyMeMachine).sort());
  });
});

describe('notify-me machine: rules', () => {
  it('a guest without a valid address is told so and nothing is asked', () => {
    const { actor, requests } = harness({ variantId: 'v-1', signedIn: false });
    actor.send({ type: 'form.email', value: 'fan@example' });
    actor.send({ type: 'form.submit', locale: 'en' });
    expect(selectNotifyMeStatus(actor.getSnapshot())).toBe('invalid');
    expect(requests).toEqual([]);
  });

  it('a signed-in customer asks with one click, in the page language', async () => {
    const { actor, requests, play } = harness({ variantId: 'v-1', signedIn: true });
    actor.send({ type: 'form.submit', locale: 'de' });
    expect(requests).toEqual([{ variantId: 'v-1', email: null, locale: 'de' }]);
    await play({ type: 'xstate.done.actor.request', output: undefined });
    expect(selectNotifyMeStatus(actor.getSnapshot())).toBe('waiting');
  });

  it('after a request, choosing another sold-out size starts over for it', async () => {
    const { actor, requests, play } = harness({ variantId: 'v-1', signedIn: false });
    actor.send({ type: 'form.email', value: 'fan@example.com' });
    actor.send({ type: 'form.submit', locale: 'en' });
    await play({ type: 'xstate.done.actor.request', output: undefined });
    expect(selectNotifyMeStatus(actor.getSnapshot())).toBe('sent');
    actor.send({ type: 'variant.set', variantId: 'v-2' });
    expect(selectNotifyMeStatus(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'form.submit', locale: 'en' });
    expect(requests.map((r) => [r.variantId, r.email])).toEqual([
      ['v-1', 'fan@example.com'],
      ['v-2', 'fan@example.com'],
    ]);
  });

  it('the limits are recognised by PT429 or HTTP 429, a variant back in stock by PT409 or HTTP 409', async () => {
    for (const [error, expected] of [
      [tooMany, 'tooMany'],
      [{ status: 429 }, 'tooMany'],
      [inStock, 'inStock'],
      [{ status: 409 }, 'inStock'],
      [offline, 'error'],
    ] as const) {
      const { actor, play } = harness({ variantId: 'v-1', signedIn: true });
      actor.send({ type: 'form.submit', locale: 'en' });
      await play({ type: 'xstate.error.actor.request', error });
      expect(selectNotifyMeStatus(actor.getSnapshot())).toBe(expected);
    }
  });
});

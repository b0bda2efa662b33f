import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { isLinkToken, newsletterLinkMachine, selectNewsletterLinkStatus, type NewsletterLinkEvent, type NewsletterLinkInput } from '../../machines/newsletterLinkMachine';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

type Actor = 'confirm' | 'unsubscribe';
type GraphEvent = NewsletterLinkEvent | { type: `xstate.done.actor.${Actor}`; output: undefined } | { type: `xstate.error.actor.${Actor}`; error: unknown };

const TOKEN = 'a1'.repeat(32);
const invalid = new ApiError('not_found', 'This confirmation link is not valid.', { code: 'PT404' });
const expired = new ApiError('unknown', 'This confirmation link has expired.', { code: 'PT410' });
const offline = new ApiError('network', 'Failed to fetch');

const events: GraphEvent[] = [
  { type: 'retry' },
  ...(['confirm', 'unsubscribe'] as const).flatMap((actor): GraphEvent[] => [
    { type: `xstate.done.actor.${actor}`, output: undefined },
    { type: `xstate.error.actor.${actor}`, error: invalid },
    { type: `xstate.error.actor.${actor}`, error: expired },
    { type: `xstate.error.actor.${actor}`, error: offline },
  ]),
];

const INPUTS: NewsletterLinkInput[] = [
  { action: 'confirm', token: TOKEN },
  { action: 'confirm', token: 'not-a-token' },
  { action: 'unsubscribe', token: TOKEN },
  { action: 'unsubscribe', token: null },
];

/** The machine with fake effects: each request waits for the test to settle it. */
function harness(input: NewsletterLinkInput) {
  const requests: { actor: Actor; token: string }[] = [];
  let pending: { actor: Actor; resolve: () => void; reject: (e: unknown) => void } | null = null;
  const fake = (actor: Actor) =>
    fromPromise<void, { token: string }>(({ input: request }) => {
      requests.push({ actor, token: request.token });
      return new Promise<void>((resolve, reject) => {
        pending = { actor, resolve, reject };
      });
    });
  const actor = createActor(newsletterLinkMachine.provide({ actors: { confirm: fake('confirm'), unsubscribe: fake('unsubscribe') } }), { input }).start();
  /** Actor results settle the running fake when they are its own; the app's events are sent. */
  async function play(event: GraphEvent) {
    const running = pending && selectNewsletterLinkStatus(actor.getSnapshot()) === 'working' ? pending : null;
    if (running && event.type === `xstate.done.actor.${running.actor}`) running.resolve();
    else if (running && event.type === `xstate.error.actor.${running.actor}`) running.reject((event as { error: unknown }).error);
    // Another actor's result cannot reach this machine (no such actor runs): nothing to deliver.
    else if (event.type.startsWith('xstate.')) return;
    else return actor.send(event as NewsletterLinkEvent);
    await vi.waitFor(() => expect(selectNewsletterLinkStatus(actor.getSnapshot())).not.toBe('working'));
  }
  return { actor, requests, play };
}

describe('newsletter link machine: graph coverage', () => {
  const explored = INPUTS.map((input) => ({ input, ...explore(newsletterLinkMachine, input, events) }));

  it('reaches every state and takes every declared transition over the four kinds of arrival', () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    for (const { input, paths, taken: t } of explored) {
      const initial = createActor(newsletterLinkMachine, { input }).getSnapshot();
      for (const id of activeIds(initial as never)) visited.add(id);
      for (const path of paths) for (const step of path) for (const id of activeIds(step.state as never)) visited.add(id);
      for (const id of t) taken.add(id);
    }
    // checking and working.choosing are eventless choices passed through on the way in, never rested in.
    const transient = ['newsletterLink.checking', 'newsletterLink.working.choosing'];
    expect([...visited].sort()).toEqual(
      stateIds(newsletterLinkMachine)
        .filter((id) => !transient.includes(id))
        .sort(),
    );
    expect([...taken].sort()).toEqual(declaredTransitions(newsletterLinkMachine).sort());
  });

  it.each(explored.map((e) => [`${e.input.action} with ${e.input.token === TOKEN ? 'a token' : JSON.stringify(e.input.token)}`, e] as const))(
    'replays every path for %s and checks what each state promises',
    async (_, { input, paths }) => {
      const initial = createActor(newsletterLinkMachine, { input }).getSnapshot();
      for (const path of [[], ...paths]) {
        const { actor, requests, play } = harness(input);
        // A well-formed token is sent at once, by the action's own request; anything else asks nothing.
        expect(requests).toEqual(isLinkToken(input.token) ? [{ actor: input.action, token: TOKEN }] : []);
        let from = initial;
        for (const step of withIgnored(newsletterLinkMachine, initial, events, path)) {
          const event = step.event as GraphEvent;
          const handled = transitionIds(newsletterLinkMachine, from, event).length > 0;
          from = step.state;
          const before = actor.getSnapshot();
          const requestCount = requests.length;
          await play(event);
          const after = actor.getSnapshot();
          expect(after.value).toEqual(step.state.value);
          if (!handled) {
            expect(after.value).toEqual(before.value);
            expect(requests.length).toBe(requestCount);
            continue;
          }
          const status = selectNewsletterLinkStatus(after);
          if (event.type === 'retry') {
            expect(selectNewsletterLinkStatus(before)).toBe('failed');
            expect(requests.slice(requestCount)).toEqual([{ actor: input.action, token: TOKEN }]);
          }
          if ('error' in event) {
            const expectedStatus = event.error === invalid ? 'invalid' : event.error === expired && input.action === 'confirm' ? 'expired' : 'failed';
            expect(status).toBe(expectedStatus);
          }
          if (event.type.startsWith('xstate.done.actor.')) expect(status).toBe('done');
        }
        if (!isLinkToken(input.token)) expect(selectNewsletterLinkStatus(actor.getSnapshot())).toBe('invalid');
        actor.stop();
      }
    },
  );
});

describe('newsletter link machine: rules', () => {
  it('accepts only 64 lowercase hex characters as a token', () => {
    expect(isLinkToken(TOKEN)).toBe(true);
    expect(isLinkToken(TOKEN.toUpperCase())).toBe(false);
    expect(isLinkToken(TOKEN.slice(1))).toBe(false);
    expect(isLinkToken(`${TOKEN}0`)).toBe(false);
    expect(isLinkToken(null)).toBe(false);
  });

  it('recognises the database answers by code or by HTTP status', async () => {
    for (const [error, status] of [
      [{ status: 404, message: 'Not Found' }, 'invalid'],
      [{ status: 410, message: 'Gone' }, 'expired'],
      [{ status: 500, message: 'boom' }, 'failed'],
    ] as const) {
      const { actor, play } = harness({ action: 'confirm', token: TOKEN });
      await play({ type: 'xstate.error.actor.confirm', error });
      expect(selectNewsletterLinkStatus(actor.getSnapshot())).toBe(status);
    }
  });
});

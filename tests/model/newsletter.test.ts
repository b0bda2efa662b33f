import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import {
  looksLikeEmail,
  newsletterMachine,
  selectNewsletterStatus,
  type NewsletterEvent,
  type NewsletterInput,
  type NewsletterNotice,
  type SubscribeRequest,
} from '../../machines/newsletterMachine';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

type GraphEvent = NewsletterEvent | { type: 'xstate.done.actor.subscribe'; output: undefined } | { type: 'xstate.error.actor.subscribe'; error: unknown };

const tooMany = new ApiError('unknown', 'Too many sign-ups for this address. Please try again in an hour.', { code: 'PT429' });
const offline = new ApiError('network', 'Failed to fetch');

const events: GraphEvent[] = [
  { type: 'form.email', value: '  Fan@Example.COM ' },
  { type: 'form.email', value: 'not-an-email' },
  { type: 'form.email', value: '' },
  { type: 'form.consent', value: true },
  { type: 'form.consent', value: false },
  { type: 'form.submit', locale: 'en' },
  { type: 'form.submit', locale: 'de' },
  { type: 'xstate.done.actor.subscribe', output: undefined },
  { type: 'xstate.error.actor.subscribe', error: tooMany },
  { type: 'xstate.error.actor.subscribe', error: offline },
];

/** The machine with fake effects: subscribe waits for the test to settle it; notify is recorded. */
function harness(input: NewsletterInput) {
  const requests: SubscribeRequest[] = [];
  const notices: NewsletterNotice[] = [];
  let pending: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  const machine = newsletterMachine.provide({
    actors: {
      subscribe: fromPromise<void, SubscribeRequest>(({ input: request }) => {
        requests.push(request);
        return new Promise<void>((resolve, reject) => {
          pending = { resolve, reject };
        });
      }),
    },
    actions: { notify: (_, notice) => notices.push(notice) },
  });
  const actor = createActor(machine, { input, clock: new SimulatedClock() }).start();
  /** Plays a graph event the way the app would: actor results come from the fake, the rest is sent. */
  async function play(event: GraphEvent) {
    if (event.type === 'xstate.done.actor.subscribe') pending?.resolve();
    else if (event.type === 'xstate.error.actor.subscribe') pending?.reject(event.error);
    else return actor.send(event);
    await vi.waitFor(() => expect(selectNewsletterStatus(actor.getSnapshot())).not.toBe('subscribing'));
  }
  return { actor, requests, notices, play };
}

describe.each<NewsletterInput>([{ source: 'footer' }, { source: 'account' }])('newsletter machine ($source): graph coverage', (input) => {
  const { paths, taken } = explore(newsletterMachine, input, events);
  const initial = createActor(newsletterMachine, { input }).getSnapshot();
  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(newsletterMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(newsletterMachine).sort());
  });

  it('replays every path with fake effects and checks what each step promises', async () => {
    // Every distinct snapshot ends one path (the initial one ends the empty path).
    for (const path of [[], ...paths]) {
      const { actor, requests, notices, play } = harness(input);
      let from = initial;
      for (const step of withIgnored(newsletterMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(newsletterMachine, from, event).length > 0;
        from = step.state;
        const before = actor.getSnapshot();
        const statusBefore = selectNewsletterStatus(before);
        const [requestCount, noticeCount] = [requests.length, notices.length];
        await play(event);
        const after = actor.getSnapshot();
        const status = selectNewsletterStatus(after);
        expect(after.value).toEqual(step.state.value);
        expect(after.context).toEqual(step.state.context);
        const newNotices = notices.slice(noticeCount);
        const newRequests = requests.slice(requestCount);
        if (!handled) {
          // Nothing handles the event here (e.g. edits while subscribing): nothing happens.
          expect(after.value).toEqual(before.value);
          expect(after.context).toEqual(before.context);
          expect([...newNotices, ...newRequests]).toEqual([]);
          continue;
        }

        if (event.type === 'form.submit') {
          if (status === 'subscribing') {
            // A request is made only for a complete form, with the address normalised and consent true.
            expect(looksLikeEmail(before.context.email) && before.context.consent).toBe(true);
            expect(newRequests).toEqual([{ email: before.context.email.trim().toLowerCase(), source: input.source, locale: event.locale }]);
            expect(newNotices).toEqual([]);
          } else {
            expect(status).toBe('idle');
            expect(newRequests).toEqual([]);
            expect(newNotices).toEqual([{ kind: 'invalid' }]);
          }
        } else {
          expect(newRequests).toEqual([]);
        }
        if (status !== statusBefore) {
          if (status === 'success') {
            expect(newNotices).toEqual([{ kind: 'success' }]);
            expect(after.context).toMatchObject({ email: '', consent: input.source === 'account', error: null });
          }
          if (status === 'tooMany') expect(newNotices).toEqual([{ kind: 'tooMany' }]);
          if (status === 'error') {
            expect(newNotices).toEqual([{ kind: 'error', message: 'Failed to fetch' }]);
            expect(after.context.error).toBe('Failed to fetch');
          }
        }
        if (event.type === 'form.email' || event.type === 'form.consent') {
          expect(newNotices).toEqual([]);
          expect(after.context.error).toBeNull();
        }
      }
      actor.stop();
    }
  });
});

describe('newsletter machine: rules', () => {
  it('the footer requires the consent tick; the account form implies it', () => {
    const footer = harness({ source: 'footer' });
    footer.actor.send({ type: 'form.email', value: 'fan@example.com' });
    footer.actor.send({ type: 'form.submit', locale: 'en' });
    expect(selectNewsletterStatus(footer.actor.getSnapshot())).toBe('idle');
    expect(footer.notices).toEqual([{ kind: 'invalid' }]);

    const account = harness({ source: 'account' });
    account.actor.send({ type: 'form.email', value: 'fan@example.com' });
    account.actor.send({ type: 'form.submit', locale: 'de' });
    expect(selectNewsletterStatus(account.actor.getSnapshot())).toBe('subscribing');
    expect(account.requests).toEqual([{ email: 'fan@example.com', source: 'account', locale: 'de' }]);
  });

  it('the rate limit is recognised by the PT429 code or the HTTP 429 status; any other failure is an error', async () => {
    for (const error of [tooMany, { status: 429, message: 'Too Many Requests' }]) {
      const { actor, play, notices } = harness({ source: 'footer' });
      actor.send({ type: 'form.email', value: 'fan@example.com' });
      actor.send({ type: 'form.consent', value: true });
      actor.send({ type: 'form.submit', locale: 'en' });
      await play({ type: 'xstate.error.actor.subscribe', error });
      expect(selectNewsletterStatus(actor.getSnapshot())).toBe('tooMany');
      expect(notices).toEqual([{ kind: 'tooMany' }]);
    }
    // A unique violation can no longer happen (the RPC answers the same for a subscribed address);
    // if anything like it came back, it is an error, never "already subscribed".
    const { actor, play, notices } = harness({ source: 'account' });
    actor.send({ type: 'form.email', value: 'fan@example.com' });
    actor.send({ type: 'form.submit', locale: 'en' });
    await play({ type: 'xstate.error.actor.subscribe', error: new ApiError('conflict', 'duplicate key', { code: '23505' }) });
    expect(selectNewsletterStatus(actor.getSnapshot())).toBe('error');
    expect(notices).toEqual([{ kind: 'error', message: 'duplicate key' }]);
  });

  it('after a success the form is empty again and a new address can be subscribed', async () => {
    const { actor, play, requests } = harness({ source: 'footer' });
    actor.send({ type: 'form.email', value: 'a@example.com' });
    actor.send({ type: 'form.consent', value: true });
    actor.send({ type: 'form.submit', locale: 'en' });
    await play({ type: 'xstate.done.actor.subscribe', output: undefined });
    expect(actor.getSnapshot().context).toMatchObject({ email: '', consent: false });
    actor.send({ type: 'form.email', value: 'b@example.com' });
    expect(selectNewsletterStatus(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'form.consent', value: true });
    actor.send({ type: 'form.submit', locale: 'en' });
    expect(requests.map((r) => r.email)).toEqual(['a@example.com', 'b@example.com']);
  });

  it('edits are ignored while the request is running', () => {
    const { actor } = harness({ source: 'account' });
    actor.send({ type: 'form.email', value: 'fan@example.com' });
    actor.send({ type: 'form.submit', locale: 'en' });
    actor.send({ type: 'form.email', value: 'other@example.com' });
    actor.send({ type: 'form.submit', locale: 'en' });
    expect(selectNewsletterStatus(actor.getSnapshot())).toBe('subscribing');
    expect(actor.getSnapshot().context.email).toBe('fan@example.com');
  });

  it.each([
    ['fan@example.com', true],
    [' Fan@Example.com ', true],
    ['fan@example', false],
    ['fan example@x.com', false],
    ['@example.com', false],
    [`${'a'.repeat(250)}@x.de`, false],
  ])('looksLikeEmail(%j) → %s', (value, expected) => {
    expect(looksLikeEmail(value)).toBe(expected);
  });
});

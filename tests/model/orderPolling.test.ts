import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type OrderPollingEvent, type OrderPollingInput, orderPollingMachine, selectPolledOrder, selectPollingStatus } from '../../machines/orderPollingMachine';
import type { OrderDetail } from '../../domain/orders';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, graphIsFinite, stateIds, transitionIds, withIgnored } from './graph';

type Snapshot = SnapshotFrom<typeof orderPollingMachine>;

/** SPEC §9, written out here rather than imported: a changed constant must fail these tests. */
const ATTEMPTS = 6;
const INTERVAL = 1500;
const SESSION = 'cs_local_abc';
const AFTER_INTERVAL = 'xstate.after.pollInterval.orderPolling.waiting';
/** A lookup that has not answered after 8 s counts as a failed try. */
const TIMEOUT = 8000;
const AFTER_TIMEOUT = 'xstate.after.lookupTimeout.orderPolling.looking';
const AFTER_CHECK_TIMEOUT = 'xstate.after.lookupTimeout.orderPolling.checkingAccount';
/** Signed in, the order is read as the customer's; a guest's lookup also asks whether it is an account's. */
const CUSTOMER: OrderPollingInput = { sessionId: SESSION };
const GUEST: OrderPollingInput = { sessionId: SESSION, askSignIn: true };

const ORDER: OrderDetail = {
  id: 'o-1',
  orderNumber: 'NPNG-100001',
  status: 'paid',
  createdAt: '2026-03-01T10:00:00Z',
  total: 6000,
  currency: 'EUR',
  checkoutSessionId: SESSION,
  subtotal: 6000,
  shipping: 0,
  shippingRegion: 'DE',
  email: 'fan@example.com',
  lines: [{ title: 'Grind Tee', titleDe: null, size: 'M', color: 'Black', qty: 2, unitPrice: 3000, lineTotal: 6000, image: null }],
  shippingAddress: { name: 'Sam Lift', line1: 'Torstraße 1', postalCode: '10119', city: 'Berlin', country: 'DE' },
  refundedTotal: 0,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  shippedAt: null,
};
const offline = new ApiError('network', 'Failed to fetch');

type GraphEvent =
  | OrderPollingEvent
  | { type: typeof AFTER_INTERVAL }
  | { type: typeof AFTER_TIMEOUT }
  | { type: typeof AFTER_CHECK_TIMEOUT }
  | { type: 'xstate.done.actor.findOrder'; output: OrderDetail | null }
  | { type: 'xstate.error.actor.findOrder'; error: unknown }
  | { type: 'xstate.done.actor.needsSignIn'; output: boolean }
  | { type: 'xstate.error.actor.needsSignIn'; error: unknown };

const events: GraphEvent[] = [
  { type: 'poll.refresh' },
  { type: AFTER_INTERVAL },
  { type: AFTER_TIMEOUT },
  { type: 'xstate.done.actor.findOrder', output: ORDER },
  { type: 'xstate.done.actor.findOrder', output: null },
  { type: 'xstate.error.actor.findOrder', error: offline },
  { type: AFTER_CHECK_TIMEOUT },
  { type: 'xstate.done.actor.needsSignIn', output: true },
  { type: 'xstate.done.actor.needsSignIn', output: false },
  { type: 'xstate.error.actor.needsSignIn', error: offline },
];

type Lookup = { sessionId: string; at: number; resolve: (o: OrderDetail | null) => void; reject: (e: unknown) => void };
type Check = { sessionId: string; at: number; resolve: (needed: boolean) => void; reject: (e: unknown) => void };

function harness(input: OrderPollingInput = CUSTOMER) {
  const clock = new SimulatedClock();
  const lookups: Lookup[] = [];
  const checks: Check[] = [];
  const found: OrderDetail[] = [];
  /** Indexes of lookups given up after the timeout. */
  const timedOut = new Set<number>();
  const machine = orderPollingMachine.provide({
    actors: {
      findOrder: fromPromise<OrderDetail | null, { sessionId: string }>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            lookups.push({ sessionId: input.sessionId, at: clock.now(), resolve, reject });
          }),
      ),
      needsSignIn: fromPromise<boolean, { sessionId: string }>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            checks.push({ sessionId: input.sessionId, at: clock.now(), resolve, reject });
          }),
      ),
    },
    actions: { orderFound: (_, { order }) => found.push(order) },
  });
  const actor = createActor(machine, { input, clock }).start();
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  async function play(event: GraphEvent) {
    if (event.type === AFTER_INTERVAL) {
      const before = lookups.length;
      if (selectPollingStatus(actor.getSnapshot()) !== 'waiting') {
        // Time passing outside the wait (a lookup in flight, done, given up) starts nothing.
        clock.increment(INTERVAL);
        expect(lookups.length).toBe(before);
        return;
      }
      // No lookup a millisecond before the interval is over; exactly one right after it.
      clock.increment(INTERVAL - 1);
      expect(lookups.length).toBe(before);
      expect(selectPollingStatus(actor.getSnapshot())).toBe('waiting');
      clock.increment(1);
      expect(lookups.length).toBe(before + 1);
      return;
    }
    if (event.type === AFTER_TIMEOUT || event.type === AFTER_CHECK_TIMEOUT) {
      // Only a lookup (or the account check) in flight times out; elsewhere the event is ignored (and no time passes).
      const state = event.type === AFTER_TIMEOUT ? 'looking' : 'checkingAccount';
      if (!actor.getSnapshot().matches(state)) return;
      const before = lookups.length;
      clock.increment(TIMEOUT - 1);
      expect(actor.getSnapshot().matches(state)).toBe(true);
      clock.increment(1);
      expect(actor.getSnapshot().matches(state)).toBe(false);
      expect(lookups.length).toBe(before);
      timedOut.add(before - 1);
      return;
    }
    if (event.type === 'xstate.done.actor.findOrder') {
      lookups.at(-1)?.resolve(event.output);
      return tick();
    }
    if (event.type === 'xstate.error.actor.findOrder') {
      lookups.at(-1)?.reject(event.error);
      return tick();
    }
    if (event.type === 'xstate.done.actor.needsSignIn') {
      checks.at(-1)?.resolve(event.output);
      return tick();
    }
    if (event.type === 'xstate.error.actor.needsSignIn') {
      checks.at(-1)?.reject(event.error);
      return tick();
    }
    // A finished poll takes no more events (xstate warns about sends to a stopped actor).
    if (actor.getSnapshot().status !== 'done') actor.send(event);
  }
  return { actor, clock, lookups, checks, found, timedOut, play, tick };
}

describe('order polling machine: graph coverage', () => {
  const explored = [CUSTOMER, GUEST].map((input) => {
    const finite = graphIsFinite(orderPollingMachine, input, events);
    return { input, finite, ...(finite ? explore(orderPollingMachine, input, events) : { paths: [], taken: new Set<string>() }) };
  });

  it('has a finite graph for these events', () => {
    expect(explored.map((e) => e.finite)).toEqual([true, true]);
  });

  it('reaches every state and takes every declared transition (signed in and as a guest)', () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    for (const { input, paths, taken: t } of explored) {
      const initial = createActor(orderPollingMachine, { input }).getSnapshot();
      for (const id of [...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]) visited.add(id);
      for (const id of t) taken.add(id);
    }
    expect([...visited].sort()).toEqual(stateIds(orderPollingMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(orderPollingMachine).sort());
    // Signed in, nothing asks whether the order is an account's.
    const customer = explored[0];
    expect(customer.paths.some((path) => path.some((step) => step.state.matches('checkingAccount') || step.state.matches('signInNeeded')))).toBe(false);
  });

  it.each(explored.map((e) => [e.input.askSignIn ? 'a guest' : 'signed in', e] as const))(
    'replays every path with a fake lookup and a simulated clock (%s)',
    async (_, { input, paths }) => {
      const initial = createActor(orderPollingMachine, { input }).getSnapshot();
      for (const path of [[], ...paths]) {
        const h = harness(input);
        // The first lookup is made at once.
        expect(h.lookups.map((l) => l.at)).toEqual([0]);
        let from = initial as Snapshot;
        /** Index in `lookups` of the first lookup since the (re)start. */
        let roundStart = 0;
        for (const step of withIgnored(orderPollingMachine, initial, events, path)) {
          const event = step.event as GraphEvent;
          const handled = transitionIds(orderPollingMachine, from, event).length > 0;
          from = step.state as Snapshot;
          const before = h.actor.getSnapshot();
          const counts = { lookups: h.lookups.length, found: h.found.length, checks: h.checks.length };
          await h.play(event);
          const snapshot = h.actor.getSnapshot();
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context).toEqual(step.state.context);
          const status = selectPollingStatus(snapshot);

          if (!handled) {
            expect(snapshot.value).toEqual(before.value);
            expect(snapshot.context).toEqual(before.context);
            expect(h.lookups.length).toBe(counts.lookups);
            expect(h.found.length).toBe(counts.found);
            expect(h.checks.length).toBe(counts.checks);
            continue;
          }
          // The account is asked about right after a guest's lookup found nothing, and only then.
          const askedNow = h.checks.length - counts.checks;
          expect(askedNow).toBe(input.askSignIn && event.type === 'xstate.done.actor.findOrder' && event.output === null ? 1 : 0);
          expect(h.checks.every((c) => c.sessionId === SESSION)).toBe(true);
          if (event.type === 'poll.refresh') {
            // Six fresh attempts, the first one at once.
            expect(before.value).toBe('notYet');
            expect(h.lookups.length).toBe(counts.lookups + 1);
            roundStart = counts.lookups;
          }
          const round = h.lookups.slice(roundStart);
          // Always: one lookup per attempt, for this session, never more than 6, 1500 ms apart.
          expect(snapshot.context.attempts).toBe(round.length);
          expect(round.length).toBeGreaterThanOrEqual(1);
          expect(round.length).toBeLessThanOrEqual(ATTEMPTS);
          expect(round.every((l) => l.sessionId === SESSION)).toBe(true);
          // 1500 ms after the previous answer: right after it was given, or 8 s after it started when it hung.
          const gaps = round.slice(1).map((l, i) => l.at - round[i].at);
          expect(gaps).toEqual(round.slice(1).map((_, i) => INTERVAL + (h.timedOut.has(roundStart + i) ? TIMEOUT : 0)));
          // The app hears of the order once, when it is found.
          expect(h.found.length).toBe(status === 'found' ? 1 : 0);
          expect(selectPolledOrder(snapshot)).toEqual(status === 'found' ? ORDER : null);

          switch (status) {
            case 'looking':
              expect(snapshot.status).toBe('active');
              // Asking about the account is part of the guest's attempt, shown as still looking.
              expect(snapshot.matches('checkingAccount')).toBe(askedNow === 1);
              break;
            case 'waiting':
              // Nothing found yet and tries left.
              expect(snapshot.context.attempts).toBeLessThan(ATTEMPTS);
              expect([
                'xstate.done.actor.findOrder',
                'xstate.error.actor.findOrder',
                AFTER_TIMEOUT,
                AFTER_CHECK_TIMEOUT,
                'xstate.done.actor.needsSignIn',
                'xstate.error.actor.needsSignIn',
              ]).toContain(event.type);
              if (event.type === 'xstate.done.actor.needsSignIn') expect(event.output).toBe(false);
              break;
            case 'signInNeeded':
              // A guest's link to an account's order: polling ends, nothing is shown, sign-in is next.
              expect(input.askSignIn).toBe(true);
              expect(event).toEqual({ type: 'xstate.done.actor.needsSignIn', output: true });
              expect(snapshot.status).toBe('done');
              expect(h.found).toEqual([]);
              break;
            case 'found':
              expect(event).toEqual({ type: 'xstate.done.actor.findOrder', output: ORDER });
              expect(h.found).toEqual([ORDER]);
              expect(snapshot.status).toBe('done');
              break;
            case 'notYet': {
              // Only after the sixth empty or failed lookup; and no seventh however long one waits.
              expect(snapshot.context.attempts).toBe(ATTEMPTS);
              expect(round).toHaveLength(ATTEMPTS);
              break;
            }
          }
          if (status === 'notYet' || status === 'found' || status === 'signInNeeded') {
            const count = h.lookups.length;
            h.clock.increment(INTERVAL * 20);
            await h.tick();
            expect(h.lookups.length).toBe(count);
            expect(selectPollingStatus(h.actor.getSnapshot())).toBe(status);
          }
        }
        h.actor.stop();
      }
    },
  );
});

describe('order polling machine: attempts and timing', () => {
  /** Answers each lookup with the next result, letting the interval pass between them. */
  async function run(results: (OrderDetail | null | Error)[]) {
    const h = harness();
    for (const result of results) {
      const lookup = h.lookups.at(-1);
      if (!lookup) throw new Error('no lookup to answer');
      if (result instanceof Error) lookup.reject(result);
      else lookup.resolve(result);
      await h.tick();
      if (selectPollingStatus(h.actor.getSnapshot()) !== 'waiting') break;
      const count = h.lookups.length;
      h.clock.increment(INTERVAL - 1);
      expect(h.lookups.length).toBe(count);
      h.clock.increment(1);
    }
    return h;
  }

  it.each([1, 2, 3, 4, 5, 6])('found on attempt %i: found, the order reported once, no further lookup', async (k) => {
    const h = await run([...Array<null>(k - 1).fill(null), ORDER]);
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('found');
    expect(h.lookups.map((l) => l.at)).toEqual(Array.from({ length: k }, (_, i) => i * INTERVAL));
    expect(h.found).toEqual([ORDER]);
    h.clock.increment(INTERVAL * 10);
    await h.tick();
    expect(h.lookups).toHaveLength(k);
    expect(h.found).toHaveLength(1);
  });

  it('nothing six times: notYet after exactly six lookups at 0, 1.5, 3, 4.5, 6 and 7.5 s, never a seventh', async () => {
    const h = harness();
    for (let i = 0; i < ATTEMPTS; i++) {
      expect(h.lookups).toHaveLength(i + 1);
      h.lookups[i].resolve(null);
      await h.tick();
      // However the time passes, no lookup starts before 1500 ms have passed.
      for (const step of [1, 500, 998]) {
        h.clock.increment(step);
        expect(h.lookups).toHaveLength(i + 1);
      }
      h.clock.increment(1);
    }
    expect(h.lookups.map((l) => l.at)).toEqual([0, 1500, 3000, 4500, 6000, 7500]);
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('notYet');
    h.clock.increment(60_000);
    await h.tick();
    expect(h.lookups).toHaveLength(ATTEMPTS);
    expect(h.found).toEqual([]);
  });

  it('a failed lookup is one more attempt, not an error page', async () => {
    const h = await run([offline, null, new Error('500'), offline, null, offline]);
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('notYet');
    expect(h.lookups).toHaveLength(ATTEMPTS);
    const found = await run([offline, offline, offline, offline, offline, ORDER]);
    expect(selectPollingStatus(found.actor.getSnapshot())).toBe('found');
    expect(found.found).toEqual([ORDER]);
  });

  it('Refresh polls again with six fresh attempts, and can still find the order', async () => {
    const h = await run(Array<null>(ATTEMPTS).fill(null));
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('notYet');
    h.actor.send({ type: 'poll.refresh' });
    expect(h.lookups).toHaveLength(ATTEMPTS + 1);
    expect(h.actor.getSnapshot().context.attempts).toBe(1);
    for (let i = 1; i < ATTEMPTS; i++) {
      h.lookups.at(-1)?.resolve(null);
      await h.tick();
      h.clock.increment(INTERVAL);
    }
    expect(h.lookups).toHaveLength(2 * ATTEMPTS);
    h.lookups.at(-1)?.resolve(ORDER);
    await h.tick();
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('found');
    expect(h.found).toEqual([ORDER]);
  });

  it('a lookup that never answers is given up after 8 s and counts as an attempt; its late answer changes nothing', async () => {
    const h = harness();
    h.clock.increment(TIMEOUT - 1);
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('looking');
    h.clock.increment(1);
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('waiting');
    h.clock.increment(INTERVAL);
    expect(h.lookups.map((l) => l.at)).toEqual([0, TIMEOUT + INTERVAL]);
    h.lookups[0].resolve(ORDER);
    await h.tick();
    expect(h.found).toEqual([]);
    expect(h.actor.getSnapshot().context.attempts).toBe(2);
    h.lookups[1].resolve(ORDER);
    await h.tick();
    expect(h.found).toEqual([ORDER]);
  });

  it('Refresh is ignored while polling', async () => {
    const h = harness();
    h.actor.send({ type: 'poll.refresh' });
    h.lookups[0].resolve(null);
    await h.tick();
    h.actor.send({ type: 'poll.refresh' });
    expect(h.lookups).toHaveLength(1);
    expect(h.actor.getSnapshot().context.attempts).toBe(1);
  });
});

describe('order polling machine: a guest’s link to an account’s order (ADR 0021)', () => {
  it('nothing found, and the order is an account’s: signInNeeded at once, no further lookup, nothing reported', async () => {
    const h = harness(GUEST);
    h.lookups[0].resolve(null);
    await h.tick();
    expect(h.checks.map((c) => c.sessionId)).toEqual([SESSION]);
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('looking');
    h.checks[0].resolve(true);
    await h.tick();
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('signInNeeded');
    h.clock.increment(INTERVAL * 20);
    await h.tick();
    expect(h.lookups).toHaveLength(1);
    expect(h.found).toEqual([]);
    expect(selectPolledOrder(h.actor.getSnapshot())).toBeNull();
  });

  it('nothing found and no account’s order (not there yet): polls on, asking each time; a guest order is found', async () => {
    const h = harness(GUEST);
    for (let i = 0; i < 2; i++) {
      h.lookups[i].resolve(null);
      await h.tick();
      h.checks[i].resolve(false);
      await h.tick();
      expect(selectPollingStatus(h.actor.getSnapshot())).toBe('waiting');
      h.clock.increment(INTERVAL);
    }
    expect(h.lookups.map((l) => l.at)).toEqual([0, 1500, 3000]);
    h.lookups[2].resolve(ORDER);
    await h.tick();
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('found');
    expect(h.checks).toHaveLength(2);
    expect(h.found).toEqual([ORDER]);
  });

  it('the check failing or hanging is one more attempt; after the sixth, the calm note', async () => {
    const h = harness(GUEST);
    for (let i = 0; i < ATTEMPTS; i++) {
      h.lookups[i].resolve(null);
      await h.tick();
      if (i % 2 === 0) {
        h.checks[i].reject(offline);
        await h.tick();
      } else {
        h.clock.increment(TIMEOUT);
      }
      if (i < ATTEMPTS - 1) h.clock.increment(INTERVAL);
    }
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('notYet');
    expect(h.lookups).toHaveLength(ATTEMPTS);
    expect(h.checks).toHaveLength(ATTEMPTS);
  });

  it('signed in, nothing found asks nothing about accounts', async () => {
    const h = harness(CUSTOMER);
    h.lookups[0].resolve(null);
    await h.tick();
    expect(selectPollingStatus(h.actor.getSnapshot())).toBe('waiting');
    expect(h.checks).toEqual([]);
  });
});

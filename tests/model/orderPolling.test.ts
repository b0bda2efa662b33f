import { getAdjacencyMap } from '@xstate/graph';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type OrderPollingEvent, orderPollingMachine, selectPolledOrder, selectPollingStatus } from '../../machines/orderPollingMachine';
import type { OrderDetail } from '../../machines/orders';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

type Snapshot = SnapshotFrom<typeof orderPollingMachine>;

/** SPEC §9, written out here rather than imported: a changed constant must fail these tests. */
const ATTEMPTS = 6;
const INTERVAL = 1500;
const SESSION = 'cs_local_abc';
const AFTER_INTERVAL = 'xstate.after.pollInterval.orderPolling.waiting';
/** A lookup that has not answered after 8 s counts as a failed try. */
const TIMEOUT = 8000;
const AFTER_TIMEOUT = 'xstate.after.lookupTimeout.orderPolling.looking';

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
};
const offline = new ApiError('network', 'Failed to fetch');

type GraphEvent =
  | OrderPollingEvent
  | { type: typeof AFTER_INTERVAL }
  | { type: typeof AFTER_TIMEOUT }
  | { type: 'xstate.done.actor.findOrder'; output: OrderDetail | null }
  | { type: 'xstate.error.actor.findOrder'; error: unknown };

const events: GraphEvent[] = [
  { type: 'poll.refresh' },
  { type: AFTER_INTERVAL },
  { type: AFTER_TIMEOUT },
  { type: 'xstate.done.actor.findOrder', output: ORDER },
  { type: 'xstate.done.actor.findOrder', output: null },
  { type: 'xstate.error.actor.findOrder', error: offline },
];

type Lookup = { sessionId: string; at: number; resolve: (o: OrderDetail | null) => void; reject: (e: unknown) => void };

function harness() {
  const clock = new SimulatedClock();
  const lookups: Lookup[] = [];
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
    },
    actions: { orderFound: (_, { order }) => found.push(order) },
  });
  const actor = createActor(machine, { input: { sessionId: SESSION }, clock }).start();
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
    if (event.type === AFTER_TIMEOUT) {
      // Only a lookup in flight times out; elsewhere the event is ignored (and no time passes).
      if (selectPollingStatus(actor.getSnapshot()) !== 'looking') return;
      const before = lookups.length;
      clock.increment(TIMEOUT - 1);
      expect(selectPollingStatus(actor.getSnapshot())).toBe('looking');
      clock.increment(1);
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
    // A finished poll takes no more events (xstate warns about sends to a stopped actor).
    if (actor.getSnapshot().status !== 'done') actor.send(event);
  }
  return { actor, clock, lookups, found, timedOut, play, tick };
}

/**
 * explore() walks until no new snapshot appears: a machine whose context grows without bound
 * (a list that takes the same order twice, a counter with no cap) would make it run forever. This
 * walk stops at a generous limit, so such a machine fails the test instead of hanging it.
 */
function graphIsFinite(): boolean {
  try {
    getAdjacencyMap(orderPollingMachine, { input: { sessionId: SESSION }, events: events as never, limit: 2000 });
    return true;
  } catch (error) {
    if (error instanceof Error && error.message === 'Traversal limit exceeded') return false;
    throw error;
  }
}

describe('order polling machine: graph coverage', () => {
  const finite = graphIsFinite();
  const { paths, taken } = finite ? explore(orderPollingMachine, { sessionId: SESSION }, events) : { paths: [], taken: new Set<string>() };
  const initial = createActor(orderPollingMachine, { input: { sessionId: SESSION } }).getSnapshot();

  it('has a finite graph for these events', () => {
    expect(finite).toBe(true);
  });

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(orderPollingMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(orderPollingMachine).sort());
  });

  it('replays every path with a fake lookup and a simulated clock', async () => {
    for (const path of [[], ...paths]) {
      const h = harness();
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
        const counts = { lookups: h.lookups.length, found: h.found.length };
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
          continue;
        }
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
            break;
          case 'waiting':
            // Nothing found yet and tries left.
            expect(snapshot.context.attempts).toBeLessThan(ATTEMPTS);
            expect(['xstate.done.actor.findOrder', 'xstate.error.actor.findOrder', AFTER_TIMEOUT]).toContain(event.type);
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
        if (status === 'notYet' || status === 'found') {
          const count = h.lookups.length;
          h.clock.increment(INTERVAL * 20);
          await h.tick();
          expect(h.lookups.length).toBe(count);
          expect(selectPollingStatus(h.actor.getSnapshot())).toBe(status);
        }
      }
      h.actor.stop();
    }
  });
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

import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type OrderDetailEvent, type OrderDetailInput, orderDetailMachine, selectOrderDetailStatus, selectOrderTimeline } from '../../machines/orderDetailMachine';
import type { OrderDetail, OrderTimelineEntry } from '../../domain/orders';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';
import { playLatest } from './support';

type Snapshot = SnapshotFrom<typeof orderDetailMachine>;

const ORDER: OrderDetail = {
  id: 'o-1',
  orderNumber: 'NPNG-100001',
  status: 'shipped',
  createdAt: '2026-03-01T10:00:00Z',
  total: 6499,
  currency: 'EUR',
  checkoutSessionId: 'cs_local_abc',
  subtotal: 5700,
  shipping: 799,
  shippingRegion: 'EU',
  email: 'fan@example.com',
  lines: [{ title: 'Grind Tee', titleDe: null, size: 'M', color: 'Black', qty: 1, unitPrice: 5700, lineTotal: 5700, image: null }],
  shippingAddress: { name: 'Sam Lift', line1: 'Rue de la Loi 16', postalCode: '1000', city: 'Bruxelles', country: 'BE' },
  refundedTotal: 0,
  carrier: 'dpd',
  trackingNumber: '01234567890123',
  trackingUrl: 'https://tracking.dpd.de/status/de_DE/parcel/01234567890123',
  shippedAt: '2026-03-02T08:00:00Z',
};
const TIMELINE: OrderTimelineEntry[] = [
  { kind: 'paid', at: '2026-03-01T10:00:01Z' },
  { kind: 'email_sent', at: '2026-03-01T10:00:03Z' },
  { kind: 'shipped', at: '2026-03-02T08:00:00Z' },
];
const offline = new ApiError('network', 'Failed to fetch');

type GraphEvent =
  | OrderDetailEvent
  | { type: 'xstate.done.actor.fetchOrder'; output: OrderDetail | null }
  | { type: 'xstate.error.actor.fetchOrder'; error: unknown }
  | { type: 'xstate.done.actor.fetchTimeline'; output: OrderTimelineEntry[] }
  | { type: 'xstate.error.actor.fetchTimeline'; error: unknown };

const events: GraphEvent[] = [
  { type: 'order.retry' },
  { type: 'xstate.done.actor.fetchOrder', output: ORDER },
  // Not there, or another customer's: the database answers nothing either way.
  { type: 'xstate.done.actor.fetchOrder', output: null },
  { type: 'xstate.error.actor.fetchOrder', error: offline },
  { type: 'xstate.error.actor.fetchOrder', error: 'timeout' },
  { type: 'xstate.done.actor.fetchTimeline', output: TIMELINE },
  { type: 'xstate.error.actor.fetchTimeline', error: offline },
];

/** The number as it is in the URL, and what is looked up (null: nothing). */
const INPUTS: [OrderDetailInput, string | null][] = [
  [{ orderNumber: 'npng-100001' }, 'NPNG-100001'],
  [{ orderNumber: 'NPNG-100001' }, 'NPNG-100001'],
  [{ orderNumber: 'NPNG-1 OR 1=1' }, null],
  [{ orderNumber: '' }, null],
  [{ orderNumber: `NPNG-${'9'.repeat(40)}` }, null],
];

type Fetch = { orderNumber: string; resolve: (o: OrderDetail | null) => void; reject: (e: unknown) => void };
type TimelineFetch = { orderId: string; resolve: (t: OrderTimelineEntry[]) => void; reject: (e: unknown) => void };

function harness(input: OrderDetailInput) {
  const fetches: Fetch[] = [];
  const timelines: TimelineFetch[] = [];
  const machine = orderDetailMachine.provide({
    actors: {
      fetchTimeline: fromPromise<OrderTimelineEntry[], { orderId: string }>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            timelines.push({ orderId: input.orderId, resolve, reject });
          }),
      ),
      fetchOrder: fromPromise<OrderDetail | null, { orderNumber: string }>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            fetches.push({ orderNumber: input.orderNumber, resolve, reject });
          }),
      ),
    },
  });
  const actor = createActor(machine, { input, clock: new SimulatedClock() }).start();
  const play = (event: GraphEvent) => playLatest(actor, { fetchOrder: fetches, fetchTimeline: timelines }, event);
  return { actor, fetches, timelines, play };
}

const explored = INPUTS.map(([input, number]) => ({ input, number, ...explore(orderDetailMachine, input, events) }));

describe('order detail machine: graph coverage', () => {
  it('reaches every state and takes every declared transition (over a valid and a malformed number)', () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    for (const { input, paths, taken: t } of explored) {
      const initial = createActor(orderDetailMachine, { input }).getSnapshot();
      for (const id of [...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]) visited.add(id);
      for (const id of t) taken.add(id);
    }
    // `start` only decides, with eventless transitions, before the first snapshot: it is never a resting state.
    expect(stateIds(orderDetailMachine).filter((id) => !visited.has(id))).toEqual(['orderDetail.start']);
    expect(orderDetailMachine.states.start.always?.map((t) => t.target?.map((n) => n.id))).toEqual([['orderDetail.loading'], ['orderDetail.notFound']]);
    expect(new Set(explored.map(({ input }) => createActor(orderDetailMachine, { input }).getSnapshot().value))).toEqual(new Set(['loading', 'notFound']));
    expect([...taken].sort()).toEqual(declaredTransitions(orderDetailMachine).sort());
  });

  describe.each(explored)('from "$input.orderNumber"', ({ input, number, paths }) => {
    const initial = createActor(orderDetailMachine, { input }).getSnapshot();

    it('replays every path with a fake fetch and checks each state', async () => {
      for (const path of [[], ...paths]) {
        const h = harness(input);
        // A malformed number is never looked up; a valid one at once, normalised.
        expect(h.fetches.map((f) => f.orderNumber)).toEqual(number === null ? [] : [number]);
        expect(selectOrderDetailStatus(h.actor.getSnapshot())).toBe(number === null ? 'notFound' : 'loading');
        let from = initial as Snapshot;
        for (const step of withIgnored(orderDetailMachine, initial, events, path)) {
          const event = step.event as GraphEvent;
          const handled = transitionIds(orderDetailMachine, from, event).length > 0;
          from = step.state as Snapshot;
          const before = h.actor.getSnapshot();
          const fetchCount = h.fetches.length;
          const timelineCount = h.timelines.length;
          await h.play(event);
          const snapshot = h.actor.getSnapshot();
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context).toEqual(step.state.context);
          const status = selectOrderDetailStatus(snapshot);
          expect(snapshot.context.orderNumber).toBe(number);

          if (!handled) {
            expect(snapshot.value).toEqual(before.value);
            expect(snapshot.context).toEqual(before.context);
            expect(h.fetches.length).toBe(fetchCount);
            expect(h.timelines.length).toBe(timelineCount);
            continue;
          }
          expect(number).not.toBeNull();
          expect(h.fetches.every((f) => f.orderNumber === number)).toBe(true);
          expect(snapshot.context.order).toEqual(status === 'found' ? ORDER : null);
          expect(snapshot.context.error !== null).toBe(status === 'failed');
          // The dates come with a found order only, and only once they loaded.
          expect(selectOrderTimeline(snapshot)).toEqual(snapshot.matches({ found: 'complete' }) ? TIMELINE : []);
          // The timeline is asked for once per found order, for that order.
          expect(h.timelines.map((f) => f.orderId)).toEqual(status === 'found' ? [ORDER.id] : []);
          switch (status) {
            case 'loading':
              expect(event.type).toBe('order.retry');
              expect(before.value).toBe('failed');
              expect(h.fetches.length).toBe(fetchCount + 1);
              break;
            case 'found':
              if (snapshot.matches({ found: 'timeline' })) {
                expect(event).toEqual({ type: 'xstate.done.actor.fetchOrder', output: ORDER });
                expect(h.timelines.length).toBe(timelineCount + 1);
              } else if (snapshot.matches({ found: 'complete' })) {
                expect(event).toEqual({ type: 'xstate.done.actor.fetchTimeline', output: TIMELINE });
              } else {
                // The dates could not be had: the order stays on the page without them.
                expect(snapshot.matches({ found: 'withoutTimeline' })).toBe(true);
                expect(event.type).toBe('xstate.error.actor.fetchTimeline');
              }
              break;
            case 'notFound':
              expect(event).toEqual({ type: 'xstate.done.actor.fetchOrder', output: null });
              break;
            case 'failed':
              expect(event.type).toBe('xstate.error.actor.fetchOrder');
              expect(snapshot.context.error).toBe(event.type === 'xstate.error.actor.fetchOrder' && event.error === offline ? 'Failed to fetch' : 'timeout');
              break;
          }
          if (status !== 'loading') expect(h.fetches.length).toBe(fetchCount);
        }
        h.actor.stop();
      }
    });
  });
});

describe('order detail machine: rules', () => {
  it('a malformed number: notFound at once, nothing fetched, retry does nothing', () => {
    const h = harness({ orderNumber: "NPNG-1'; drop table orders;--" });
    expect(selectOrderDetailStatus(h.actor.getSnapshot())).toBe('notFound');
    h.actor.send({ type: 'order.retry' });
    expect(h.fetches).toEqual([]);
    expect(h.actor.getSnapshot().context).toEqual({ orderNumber: null, order: null, timeline: [], error: null });
  });

  it('nothing found (absent, or not this customer’s): notFound', async () => {
    const h = harness({ orderNumber: 'NPNG-100001' });
    await h.play({ type: 'xstate.done.actor.fetchOrder', output: null });
    expect(selectOrderDetailStatus(h.actor.getSnapshot())).toBe('notFound');
    expect(h.actor.getSnapshot().context.order).toBeNull();
  });

  it('an error: failed with the message; retry fetches the same number again and can find it', async () => {
    const h = harness({ orderNumber: ' npng-100001 ' });
    await h.play({ type: 'xstate.error.actor.fetchOrder', error: offline });
    expect(selectOrderDetailStatus(h.actor.getSnapshot())).toBe('failed');
    expect(h.actor.getSnapshot().context.error).toBe('Failed to fetch');
    h.actor.send({ type: 'order.retry' });
    expect(selectOrderDetailStatus(h.actor.getSnapshot())).toBe('loading');
    expect(h.actor.getSnapshot().context.error).toBeNull();
    expect(h.fetches.map((f) => f.orderNumber)).toEqual(['NPNG-100001', 'NPNG-100001']);
    await h.play({ type: 'xstate.done.actor.fetchOrder', output: ORDER });
    expect(selectOrderDetailStatus(h.actor.getSnapshot())).toBe('found');
    expect(h.actor.getSnapshot().context.order).toEqual(ORDER);
  });

  it('an error that is no Error object still reads as a message', async () => {
    const h = harness({ orderNumber: 'NPNG-100001' });
    await h.play({ type: 'xstate.error.actor.fetchOrder', error: { status: 500 } });
    expect(h.actor.getSnapshot().context.error).toBe('Unknown error');
  });
});

describe('order detail machine: the steps’ dates', () => {
  it('a found order shows at once; its timeline is asked for by the order’s id and kept when it comes', async () => {
    const h = harness({ orderNumber: 'NPNG-100001' });
    await h.play({ type: 'xstate.done.actor.fetchOrder', output: ORDER });
    expect(selectOrderDetailStatus(h.actor.getSnapshot())).toBe('found');
    expect(h.actor.getSnapshot().context.order).toEqual(ORDER);
    expect(h.timelines.map((f) => f.orderId)).toEqual(['o-1']);
    expect(selectOrderTimeline(h.actor.getSnapshot())).toEqual([]);
    await h.play({ type: 'xstate.done.actor.fetchTimeline', output: TIMELINE });
    expect(selectOrderDetailStatus(h.actor.getSnapshot())).toBe('found');
    expect(selectOrderTimeline(h.actor.getSnapshot())).toEqual(TIMELINE);
  });

  it('a timeline that cannot be loaded leaves the order found, without dates and without an error', async () => {
    const h = harness({ orderNumber: 'NPNG-100001' });
    await h.play({ type: 'xstate.done.actor.fetchOrder', output: ORDER });
    await h.play({ type: 'xstate.error.actor.fetchTimeline', error: offline });
    expect(selectOrderDetailStatus(h.actor.getSnapshot())).toBe('found');
    expect(h.actor.getSnapshot().context).toMatchObject({ order: ORDER, timeline: [], error: null });
    h.actor.send({ type: 'order.retry' });
    expect(h.fetches).toHaveLength(1);
    expect(h.timelines).toHaveLength(1);
  });

  it('nothing found: no timeline is asked for', async () => {
    const h = harness({ orderNumber: 'NPNG-100001' });
    await h.play({ type: 'xstate.done.actor.fetchOrder', output: null });
    expect(h.timelines).toEqual([]);
  });
});

import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '../../domain/orders';
import { type FoundOrder, type OrdersEvent, type OrdersInput, ordersMachine, selectOrders, selectOrdersStatus } from '../../machines/ordersMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, graphIsFinite, stateIds, transitionIds, withIgnored } from './graph';
import { playLatest, tick } from './support';

type Snapshot = SnapshotFrom<typeof ordersMachine>;

const order = (n: number, createdAt: string, checkoutSessionId: string | null = null): OrderSummary => ({
  id: `o-${n}`,
  orderNumber: `NPNG-${n}`,
  status: 'paid',
  createdAt,
  total: 2999,
  currency: 'EUR',
  checkoutSessionId,
});

const JAN = order(100001, '2026-01-10T09:00:00Z');
const MAR = order(100003, '2026-03-10T09:00:00Z', 'cs_local_mar');
const FEB = order(100002, '2026-02-10T09:00:00Z');
/** The list as the database might send it (not sorted here, to show the machine's order). */
const LIST = [JAN, MAR, FEB];
/** Just paid: found by polling, and maybe also in the list if that loads after the webhook. */
const POLLED = order(100004, '2026-04-01T12:00:00Z', 'cs_local_new');
const offline = new ApiError('network', 'Failed to fetch');
const INPUT: OrdersInput = { userId: 'user-1', email: 'fan@example.com' };

/** An order as polling finds it, bought with this e-mail. */
const found = (summary: OrderSummary, email: string | null = 'fan@example.com'): FoundOrder => ({ ...summary, email });
/** The summary the list keeps of a found order. */
const summary = ({ email: _email, ...rest }: FoundOrder): OrderSummary => rest;
/** Paid as a guest with another address: confirmed by the notice, never in this customer's list. */
const STRANGER = found(order(100005, '2026-04-02T12:00:00Z', 'cs_local_guest'), 'someone@example.com');

type GraphEvent = OrdersEvent | { type: 'xstate.done.actor.fetchOrders'; output: OrderSummary[] } | { type: 'xstate.error.actor.fetchOrders'; error: unknown };

const events: GraphEvent[] = [
  { type: 'orders.add', order: found(POLLED) },
  // The same customer, the address typed in other letter case at the payment page.
  { type: 'orders.add', order: found(POLLED, 'Fan@Example.COM') },
  // An order that the list has too.
  { type: 'orders.add', order: found(MAR) },
  // Not this customer's: another address, or none at all.
  { type: 'orders.add', order: STRANGER },
  { type: 'orders.add', order: found(POLLED, null) },
  { type: 'orders.retry' },
  { type: 'xstate.done.actor.fetchOrders', output: LIST },
  { type: 'xstate.done.actor.fetchOrders', output: [...LIST, POLLED] },
  { type: 'xstate.done.actor.fetchOrders', output: [] },
  { type: 'xstate.error.actor.fetchOrders', error: offline },
];

type Fetch = { input: { userId: string; email: string | null }; resolve: (o: OrderSummary[]) => void; reject: (e: unknown) => void };

function harness(input: OrdersInput = INPUT) {
  const fetches: Fetch[] = [];
  const machine = ordersMachine.provide({
    actors: {
      fetchOrders: fromPromise<OrderSummary[], { userId: string; email: string | null }>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            fetches.push({ input, resolve, reject });
          }),
      ),
    },
  });
  const actor = createActor(machine, { input, clock: new SimulatedClock() }).start();
  const play = (event: GraphEvent) => playLatest(actor, { fetchOrders: fetches }, event);
  return { actor, fetches, play, tick };
}

const ids = (orders: readonly OrderSummary[]) => orders.map((o) => o.id);
const newestFirst = (orders: readonly OrderSummary[]) => [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

describe('orders machine: graph coverage', () => {
  const finite = graphIsFinite(ordersMachine, INPUT, events);
  const { paths, taken } = finite ? explore(ordersMachine, INPUT, events) : { paths: [], taken: new Set<string>() };
  const initial = createActor(ordersMachine, { input: INPUT }).getSnapshot();

  it('has a finite graph for these events', () => {
    expect(finite).toBe(true);
  });

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(ordersMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(ordersMachine).sort());
  });

  it('replays every path with a fake fetch and checks the list after each step', async () => {
    for (const path of [[], ...paths]) {
      const h = harness();
      expect(h.fetches.map((f) => f.input)).toEqual([INPUT]);
      let from = initial as Snapshot;
      /** Every order this path has been told of so far, by id (the model of what the list must hold). */
      const known = new Map<string, OrderSummary>();
      for (const step of withIgnored(ordersMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(ordersMachine, from, event).length > 0;
        from = step.state as Snapshot;
        const before = h.actor.getSnapshot();
        const fetchCount = h.fetches.length;
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        const status = selectOrdersStatus(snapshot);
        const orders = selectOrders(snapshot);

        if (!handled) {
          expect(snapshot.value).toEqual(before.value);
          expect(snapshot.context).toEqual(before.context);
          expect(h.fetches.length).toBe(fetchCount);
          continue;
        }
        if (event.type === 'orders.add') known.set(event.order.id, summary(event.order));
        if (event.type === 'xstate.done.actor.fetchOrders') for (const o of event.output) known.set(o.id, o);

        // Always: each order once, newest first, and every order heard of is there — before, during and after the load.
        expect(new Set(ids(orders)).size).toBe(orders.length);
        expect(orders).toEqual(newestFirst([...known.values()]));
        // The customer's own orders only are asked for, once per load.
        expect(h.fetches.every((f) => f.input.userId === 'user-1' && f.input.email === 'fan@example.com')).toBe(true);

        switch (status) {
          case 'loading':
            expect(snapshot.context.error).toBeNull();
            if (event.type === 'orders.retry') expect(h.fetches.length).toBe(fetchCount + 1);
            else expect(h.fetches.length).toBe(fetchCount);
            break;
          case 'loaded':
            expect(snapshot.context.error).toBeNull();
            break;
          case 'failed':
            // The list keeps whatever it had (a polled order); the error is the server's message.
            expect(snapshot.context.error).toBe('Failed to fetch');
            break;
        }
        if (event.type === 'orders.add') {
          // Only the customer's own orders are taken (others are ignored above).
          expect(event.order.email?.toLowerCase()).toBe('fan@example.com');
          expect(status).toBe(before.value);
          expect(h.fetches.length).toBe(fetchCount);
          expect(orders.length).toBe(before.context.orders.length + (ids(before.context.orders).includes(event.order.id) ? 0 : 1));
        }
        if (event.type === 'orders.retry') expect(before.value).toBe('failed');
      }
      h.actor.stop();
    }
  });
});

describe('orders machine: rules', () => {
  it('loads the list newest first', async () => {
    const h = harness();
    expect(selectOrdersStatus(h.actor.getSnapshot())).toBe('loading');
    await h.play({ type: 'xstate.done.actor.fetchOrders', output: LIST });
    expect(selectOrdersStatus(h.actor.getSnapshot())).toBe('loaded');
    expect(ids(selectOrders(h.actor.getSnapshot()))).toEqual(['o-100003', 'o-100002', 'o-100001']);
  });

  it('an empty list is loaded, not failed', async () => {
    const h = harness();
    await h.play({ type: 'xstate.done.actor.fetchOrders', output: [] });
    expect(selectOrdersStatus(h.actor.getSnapshot())).toBe('loaded');
    expect(selectOrders(h.actor.getSnapshot())).toEqual([]);
  });

  it('a failed load can be retried, which asks again', async () => {
    const h = harness();
    await h.play({ type: 'xstate.error.actor.fetchOrders', error: offline });
    expect(selectOrdersStatus(h.actor.getSnapshot())).toBe('failed');
    expect(h.actor.getSnapshot().context.error).toBe('Failed to fetch');
    h.actor.send({ type: 'orders.retry' });
    expect(selectOrdersStatus(h.actor.getSnapshot())).toBe('loading');
    expect(h.actor.getSnapshot().context.error).toBeNull();
    expect(h.fetches).toHaveLength(2);
    await h.play({ type: 'xstate.done.actor.fetchOrders', output: LIST });
    expect(ids(selectOrders(h.actor.getSnapshot()))).toEqual(['o-100003', 'o-100002', 'o-100001']);
  });

  it('a polled order added before, during or after the load is listed once', async () => {
    for (const when of ['before', 'after'] as const) {
      const h = harness();
      if (when === 'before') h.actor.send({ type: 'orders.add', order: found(POLLED) });
      await h.play({ type: 'xstate.done.actor.fetchOrders', output: [...LIST, POLLED] });
      h.actor.send({ type: 'orders.add', order: found(POLLED) });
      h.actor.send({ type: 'orders.add', order: found(POLLED) });
      expect(ids(selectOrders(h.actor.getSnapshot()))).toEqual(['o-100004', 'o-100003', 'o-100002', 'o-100001']);
    }
    // During: the load fails, the polled order stays, and the retried load brings it again.
    const h = harness();
    h.actor.send({ type: 'orders.add', order: found(POLLED) });
    await h.play({ type: 'xstate.error.actor.fetchOrders', error: offline });
    expect(ids(selectOrders(h.actor.getSnapshot()))).toEqual(['o-100004']);
    h.actor.send({ type: 'orders.retry' });
    h.actor.send({ type: 'orders.add', order: found(POLLED) });
    await h.play({ type: 'xstate.done.actor.fetchOrders', output: [POLLED, ...LIST] });
    expect(ids(selectOrders(h.actor.getSnapshot()))).toEqual(['o-100004', 'o-100003', 'o-100002', 'o-100001']);
  });

  it('a newer copy of a listed order (its status moved on) replaces it', async () => {
    const h = harness();
    await h.play({ type: 'xstate.done.actor.fetchOrders', output: LIST });
    h.actor.send({ type: 'orders.add', order: found({ ...MAR, status: 'shipped' }) });
    const orders = selectOrders(h.actor.getSnapshot());
    expect(orders).toHaveLength(3);
    expect(orders[0]).toEqual({ ...MAR, status: 'shipped' });
  });

  it("isOwnOrder: a found order joins only when it was bought with the customer's e-mail, in any letter case", async () => {
    const h = harness();
    await h.play({ type: 'xstate.done.actor.fetchOrders', output: LIST });
    h.actor.send({ type: 'orders.add', order: STRANGER });
    h.actor.send({ type: 'orders.add', order: found(POLLED, null) });
    expect(ids(selectOrders(h.actor.getSnapshot()))).toEqual(['o-100003', 'o-100002', 'o-100001']);
    h.actor.send({ type: 'orders.add', order: found(POLLED, 'FAN@example.com') });
    expect(selectOrders(h.actor.getSnapshot())[0]).toEqual(POLLED);
    // A customer without an e-mail owns no found order.
    const anonymous = harness({ userId: 'user-2', email: null });
    anonymous.actor.send({ type: 'orders.add', order: found(POLLED) });
    anonymous.actor.send({ type: 'orders.add', order: found(POLLED, null) });
    expect(selectOrders(anonymous.actor.getSnapshot())).toEqual([]);
  });
});

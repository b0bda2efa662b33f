import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { Page } from '../../domain/adminLists';
import type { AdminOrderQuery, AdminOrderRow } from '../../domain/adminOrders';
import type { AdminRefund } from '../../domain/refunds';
import { type AdminOrdersEvent, adminOrdersMachine, selectAdminOrdersStatus } from '../../machines/adminOrdersMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';
import { type Deferred, deferredActor, playLatest, tick } from './support';

type Snapshot = SnapshotFrom<typeof adminOrdersMachine>;

const ROW: AdminOrderRow = {
  id: 'o-1',
  orderNumber: 'NPNG-100001',
  email: 'alex@example.test',
  total: 6499,
  currency: 'EUR',
  status: 'paid',
  createdAt: '2026-03-01T10:00:00Z',
};
const PAGE: Page<AdminOrderRow> = { rows: [ROW], total: 26 };
const NONE: Page<AdminOrderRow> = { rows: [], total: 0 };
const ALL: AdminOrderQuery = { status: 'all', page: 1 };
const SHIPPED_PAGE_2: AdminOrderQuery = { status: 'shipped', page: 2 };
const offline = new ApiError('network', 'Failed to fetch');

type GraphEvent =
  | AdminOrdersEvent
  | { type: 'xstate.done.actor.fetchOrders'; output: Page<AdminOrderRow> }
  | { type: 'xstate.error.actor.fetchOrders'; error: unknown }
  | { type: 'xstate.done.actor.fetchAutoRefunds'; output: AdminRefund[] }
  | { type: 'xstate.error.actor.fetchAutoRefunds'; error: unknown };

const AUTO: AdminRefund = {
  id: 'r-1',
  orderId: null,
  kind: 'unfulfillable',
  amount: 4999,
  currency: 'EUR',
  lines: [],
  reason: 'sold_out',
  status: 'failed',
  failure: 'declined',
  attempts: 1,
  createdAt: '2026-03-01T10:00:00Z',
};

const events: GraphEvent[] = [
  { type: 'orders.query', query: ALL },
  { type: 'orders.query', query: SHIPPED_PAGE_2 },
  { type: 'orders.retry' },
  { type: 'xstate.done.actor.fetchOrders', output: PAGE },
  { type: 'xstate.done.actor.fetchOrders', output: NONE },
  { type: 'xstate.error.actor.fetchOrders', error: offline },
  { type: 'xstate.error.actor.fetchOrders', error: { status: 500 } },
  { type: 'xstate.done.actor.fetchAutoRefunds', output: [AUTO] },
  { type: 'xstate.error.actor.fetchAutoRefunds', error: offline },
];

function harness(query: AdminOrderQuery = ALL) {
  const fetches: Deferred<AdminOrderQuery, Page<AdminOrderRow>>[] = [];
  // The automatic refunds load once beside the list; left unanswered here (their own test below answers them).
  const autoRefunds: Deferred<void, AdminRefund[]>[] = [];
  const machine = adminOrdersMachine.provide({ actors: { fetchOrders: deferredActor(fetches), fetchAutoRefunds: deferredActor(autoRefunds) } });
  const actor = createActor(machine, { input: { query } }).start();
  // The graph may answer the automatic refunds twice in a path; a promise settles once, so those answers are sent as events.
  const play = (event: GraphEvent) => playLatest(actor, { fetchOrders: fetches }, event);
  return { actor, fetches, autoRefunds, play, tick };
}

describe('admin orders list machine: graph coverage', () => {
  const { paths, taken } = explore(adminOrdersMachine, { query: ALL }, events);
  const initial = createActor(adminOrdersMachine, { input: { query: ALL } }).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(adminOrdersMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(adminOrdersMachine).sort());
  });

  it('replays every path with a fake fetch: one request per load, for the query shown; rows only from its answer', async () => {
    for (const path of [[], ...paths]) {
      const h = harness();
      expect(h.fetches.map((f) => f.input)).toEqual([ALL]);
      let from = initial as Snapshot;
      for (const step of withIgnored(adminOrdersMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(adminOrdersMachine, from, event).length > 0;
        from = step.state as Snapshot;
        const before = h.actor.getSnapshot();
        const fetchCount = h.fetches.length;
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        if (!handled) {
          expect(snapshot.context).toEqual(before.context);
          expect(h.fetches.length).toBe(fetchCount);
          continue;
        }
        if (event.type === 'xstate.done.actor.fetchAutoRefunds' || event.type === 'xstate.error.actor.fetchAutoRefunds') {
          // Beside the list: its state, rows and requests stay as they were.
          expect([snapshot.value, snapshot.context.rows, snapshot.context.query, h.fetches.length]).toEqual([before.value, before.context.rows, before.context.query, fetchCount]);
          if (event.type === 'xstate.done.actor.fetchAutoRefunds') expect(snapshot.context.autoRefunds).toEqual([AUTO]);
          else expect([snapshot.context.autoRefunds, snapshot.context.autoRefundsError]).toEqual([before.context.autoRefunds, 'Failed to fetch']);
          continue;
        }
        const status = selectAdminOrdersStatus(snapshot);
        expect(snapshot.context.error !== null).toBe(status === 'failed');
        switch (status) {
          case 'loading':
            expect(h.fetches.length).toBe(fetchCount + 1);
            expect(h.fetches.at(-1)?.input).toEqual(snapshot.context.query);
            if (event.type === 'orders.query') {
              expect(snapshot.context.query).toEqual(event.query);
              expect(before.context.query).not.toEqual(event.query);
            } else {
              expect(event.type).toBe('orders.retry');
              expect(before.value).toBe('failed');
            }
            break;
          case 'loaded':
            expect(event.type).toBe('xstate.done.actor.fetchOrders');
            expect({ rows: snapshot.context.rows, total: snapshot.context.total }).toEqual(event.type === 'xstate.done.actor.fetchOrders' && event.output);
            break;
          case 'failed':
            expect(event.type).toBe('xstate.error.actor.fetchOrders');
            expect(snapshot.context.rows).toEqual([]);
            expect(snapshot.context.error).toBe(event.type === 'xstate.error.actor.fetchOrders' && event.error === offline ? 'Failed to fetch' : 'Unknown error');
            break;
        }
        if (status !== 'loading') expect(h.fetches.length).toBe(fetchCount);
      }
      h.actor.stop();
    }
  });
});

describe('admin orders list machine: rules', () => {
  it('the same query again (a re-render, a click on the current filter) asks nothing', async () => {
    const h = harness(SHIPPED_PAGE_2);
    await h.play({ type: 'xstate.done.actor.fetchOrders', output: PAGE });
    h.actor.send({ type: 'orders.query', query: { status: 'shipped', page: 2 } });
    expect(h.fetches).toHaveLength(1);
    expect(selectAdminOrdersStatus(h.actor.getSnapshot())).toBe('loaded');
  });

  it('an answer to an older query that arrives late is ignored', async () => {
    const h = harness(ALL);
    h.actor.send({ type: 'orders.query', query: SHIPPED_PAGE_2 });
    expect(h.fetches.map((f) => f.input)).toEqual([ALL, SHIPPED_PAGE_2]);
    h.fetches[1].resolve(NONE);
    await h.tick();
    h.fetches[0].resolve(PAGE);
    await h.tick();
    const { context } = h.actor.getSnapshot();
    expect(context).toMatchObject({ query: SHIPPED_PAGE_2, rows: [], total: 0 });
    // A late failure of the older request is as harmless.
    h.actor.send({ type: 'orders.query', query: ALL });
    h.actor.send({ type: 'orders.query', query: SHIPPED_PAGE_2 });
    h.fetches[2].reject(offline);
    await h.tick();
    expect(selectAdminOrdersStatus(h.actor.getSnapshot())).toBe('loading');
    h.fetches[3].resolve(PAGE);
    await h.tick();
    expect(h.actor.getSnapshot().context).toMatchObject({ query: SHIPPED_PAGE_2, rows: [ROW], total: 26, error: null });
  });

  it('a failure, then Try again asks for the same query and can succeed', async () => {
    const h = harness(SHIPPED_PAGE_2);
    await h.play({ type: 'xstate.error.actor.fetchOrders', error: offline });
    expect(h.actor.getSnapshot().context.error).toBe('Failed to fetch');
    h.actor.send({ type: 'orders.retry' });
    expect(h.actor.getSnapshot().context.error).toBeNull();
    await h.play({ type: 'xstate.done.actor.fetchOrders', output: PAGE });
    expect(h.fetches.map((f) => f.input)).toEqual([SHIPPED_PAGE_2, SHIPPED_PAGE_2]);
    expect(selectAdminOrdersStatus(h.actor.getSnapshot())).toBe('loaded');
  });

  it('a new query while failed loads it (no Try again needed)', async () => {
    const h = harness(ALL);
    await h.play({ type: 'xstate.error.actor.fetchOrders', error: offline });
    h.actor.send({ type: 'orders.query', query: SHIPPED_PAGE_2 });
    expect(selectAdminOrdersStatus(h.actor.getSnapshot())).toBe('loading');
    expect(h.fetches.at(-1)?.input).toEqual(SHIPPED_PAGE_2);
  });
});

describe('admin orders list machine: payments refunded automatically', () => {
  it('load once per visit, whatever the list does; a failure is kept apart from the list', async () => {
    const h = harness();
    expect(h.autoRefunds).toHaveLength(1);
    h.actor.send({ type: 'orders.query', query: SHIPPED_PAGE_2 });
    expect(h.autoRefunds).toHaveLength(1);
    h.autoRefunds[0].resolve([AUTO]);
    await tick();
    expect(h.actor.getSnapshot().context).toMatchObject({ autoRefunds: [AUTO], autoRefundsError: null });

    const failing = harness();
    failing.autoRefunds[0].reject(offline);
    await tick();
    expect(failing.actor.getSnapshot().context).toMatchObject({ autoRefunds: null, autoRefundsError: 'Failed to fetch' });
    expect(selectAdminOrdersStatus(failing.actor.getSnapshot())).toBe('loading');
  });
});

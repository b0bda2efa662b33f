import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { AttentionPanel, DashboardDays, SalesPanel, StockPanel, TopProduct } from '../../domain/adminDashboard';
import { type AdminDashboardEvent, adminDashboardMachine, type DashboardPanel, selectPanelStatus } from '../../machines/adminDashboardMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';
import { type Deferred, deferredActor, playLatest, tick } from './support';

type Snapshot = SnapshotFrom<typeof adminDashboardMachine>;

const SALES: SalesPanel = {
  days: 30,
  currency: 'EUR',
  current: { from: '2026-10-30', to: '2026-11-28', total: { revenue: 12000, orders: 3 }, series: [{ day: '2026-11-28', revenue: 12000, orders: 3 }] },
  previous: { from: '2026-09-30', to: '2026-10-29', total: { revenue: 6000, orders: 2 }, series: [{ day: '2026-10-29', revenue: 6000, orders: 2 }] },
  change: { revenue: 100, orders: 50 },
};
const TOP: TopProduct[] = [{ productId: 'p-1', title: 'Tee', revenue: 12000, units: 3 }];
const STOCK: StockPanel = {
  threshold: 5,
  lowCount: 1,
  low: [{ variantId: 'v-1', productId: 'p-1', title: 'Tee', sku: 'TEE-M', size: 'M', color: null, inventory: 2 }],
  soldOutCount: 0,
  soldOut: [],
};
const ATTENTION: AttentionPanel = { unshipped: 1, oldestUnshipped: [], pendingReviews: 2, openWithdrawals: 0, refundFailures: 0 };
const offline = new ApiError('network', 'Failed to fetch');
const PANELS: DashboardPanel[] = ['sales', 'top', 'stock', 'attention'];
const ACTOR: Record<DashboardPanel, 'fetchSales' | 'fetchTop' | 'fetchStock' | 'fetchAttention'> = {
  sales: 'fetchSales',
  top: 'fetchTop',
  stock: 'fetchStock',
  attention: 'fetchAttention',
};
const OUTPUT = { sales: SALES, top: TOP, stock: STOCK, attention: ATTENTION };

type GraphEvent = AdminDashboardEvent | { type: `xstate.done.actor.${string}`; output: unknown } | { type: `xstate.error.actor.${string}`; error: unknown };

const events: GraphEvent[] = [
  { type: 'dashboard.days', days: 7 },
  { type: 'dashboard.days', days: 30 },
  ...PANELS.flatMap((panel): GraphEvent[] => [
    { type: `${panel}.retry` } as AdminDashboardEvent,
    { type: `xstate.done.actor.${ACTOR[panel]}`, output: OUTPUT[panel] },
    { type: `xstate.error.actor.${ACTOR[panel]}`, error: offline },
  ]),
];

const INPUT = { days: 30 as DashboardDays, threshold: 5 };

function harness() {
  const calls = {
    fetchSales: [] as Deferred<DashboardDays, SalesPanel>[],
    fetchTop: [] as Deferred<DashboardDays, TopProduct[]>[],
    fetchStock: [] as Deferred<number, StockPanel>[],
    fetchAttention: [] as Deferred<void, AttentionPanel>[],
  };
  const machine = adminDashboardMachine.provide({
    actors: {
      fetchSales: deferredActor(calls.fetchSales),
      fetchTop: deferredActor(calls.fetchTop),
      fetchStock: deferredActor(calls.fetchStock),
      fetchAttention: deferredActor(calls.fetchAttention),
    },
  });
  const actor = createActor(machine, { input: INPUT }).start();
  const play = (event: GraphEvent) => playLatest(actor, calls, event);
  return { actor, calls, play };
}

const panelOf = (type: string): DashboardPanel | null => {
  const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(type)?.[1];
  if (id) return PANELS.find((p) => ACTOR[p] === id) ?? null;
  const retry = /^(\w+)\.retry$/.exec(type)?.[1];
  return (PANELS as string[]).includes(retry ?? '') ? (retry as DashboardPanel) : null;
};

describe('admin dashboard machine: graph coverage', () => {
  // A vertex is the four panels' states and the period: the data a panel holds follows from its state.
  const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.days]);
  const { paths, taken } = explore(adminDashboardMachine, INPUT, events, { serializeState });
  const initial = createActor(adminDashboardMachine, { input: INPUT }).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(adminDashboardMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(adminDashboardMachine).sort());
  });

  it('replays every path with fake fetches: one request per panel load, for the period shown; each panel changes alone', async () => {
    expect(paths.length).toBeGreaterThan(20);
    for (const path of [[], ...paths]) {
      const h = harness();
      expect([h.calls.fetchSales, h.calls.fetchTop, h.calls.fetchStock, h.calls.fetchAttention].map((c) => c.map((d) => d.input))).toEqual([[30], [30], [5], [undefined]]);
      let from = initial as Snapshot;
      for (const step of withIgnored(adminDashboardMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(adminDashboardMachine, from, event).length > 0;
        from = step.state as Snapshot;
        const before = h.actor.getSnapshot();
        const counts = PANELS.map((p) => h.calls[ACTOR[p]].length);
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        if (!handled) {
          expect(snapshot.context).toEqual(before.context);
          expect(PANELS.map((p) => h.calls[ACTOR[p]].length)).toEqual(counts);
          continue;
        }
        if (event.type === 'dashboard.days') {
          expect(before.context.days).not.toBe(event.days);
          expect(snapshot.context.days).toBe(event.days);
          // The two panels of the period reload, for it; stock and attention stay as they were, unasked.
          for (const p of ['sales', 'top'] as const) {
            expect(selectPanelStatus(snapshot, p)).toBe('loading');
            expect(h.calls[ACTOR[p]].at(-1)?.input).toBe(event.days);
          }
          expect(PANELS.map((p) => h.calls[ACTOR[p]].length)).toEqual([counts[0] + 1, counts[1] + 1, counts[2], counts[3]]);
          for (const p of ['stock', 'attention'] as const) expect([selectPanelStatus(snapshot, p), snapshot.context[p]]).toEqual([selectPanelStatus(before, p), before.context[p]]);
          continue;
        }
        const panel = panelOf(event.type) as DashboardPanel;
        // Only this panel changed.
        for (const other of PANELS.filter((p) => p !== panel)) {
          expect([selectPanelStatus(snapshot, other), snapshot.context[other], snapshot.context.errors[other]]).toEqual([
            selectPanelStatus(before, other),
            before.context[other],
            before.context.errors[other],
          ]);
        }
        const status = selectPanelStatus(snapshot, panel);
        expect(snapshot.context.errors[panel] !== null).toBe(status === 'failed');
        const asked = PANELS.map((p) => h.calls[ACTOR[p]].length);
        if (event.type.endsWith('.retry')) {
          expect([selectPanelStatus(before, panel), status]).toEqual(['failed', 'loading']);
          expect(asked[PANELS.indexOf(panel)]).toBe(counts[PANELS.indexOf(panel)] + 1);
          expect(h.calls[ACTOR[panel]].at(-1)?.input).toBe(panel === 'stock' ? 5 : panel === 'attention' ? undefined : snapshot.context.days);
        } else {
          expect(asked).toEqual(counts);
          if (event.type.startsWith('xstate.done')) expect([status, snapshot.context[panel]]).toEqual(['loaded', OUTPUT[panel]]);
          else expect([status, snapshot.context[panel], snapshot.context.errors[panel]]).toEqual(['failed', null, 'Failed to fetch']);
        }
      }
      h.actor.stop();
    }
  });
});

describe('admin dashboard machine: rules', () => {
  it('an answer for the period before a switch is ignored', async () => {
    const h = harness();
    h.actor.send({ type: 'dashboard.days', days: 7 });
    expect(h.calls.fetchSales.map((c) => c.input)).toEqual([30, 7]);
    h.calls.fetchSales[0].resolve({ ...SALES, days: 30 });
    await tick();
    expect(selectPanelStatus(h.actor.getSnapshot(), 'sales')).toBe('loading');
    h.calls.fetchSales[1].resolve({ ...SALES, days: 7 });
    await tick();
    expect(h.actor.getSnapshot().context.sales?.days).toBe(7);
  });

  it('the same period again (a re-render) asks nothing', () => {
    const h = harness();
    h.actor.send({ type: 'dashboard.days', days: 30 });
    expect([h.calls.fetchSales.length, h.calls.fetchTop.length]).toEqual([1, 1]);
  });

  it('one panel failing leaves the others loading and loaded; its retry asks again and can succeed', async () => {
    const h = harness();
    h.calls.fetchStock[0].reject(offline);
    h.calls.fetchSales[0].resolve(SALES);
    await tick();
    const s = h.actor.getSnapshot();
    expect(PANELS.map((p) => selectPanelStatus(s, p))).toEqual(['loaded', 'loading', 'failed', 'loading']);
    h.actor.send({ type: 'stock.retry' });
    expect(h.calls.fetchStock.map((c) => c.input)).toEqual([5, 5]);
    expect(h.calls.fetchSales).toHaveLength(1);
    h.calls.fetchStock[1].resolve(STOCK);
    await tick();
    expect([selectPanelStatus(h.actor.getSnapshot(), 'stock'), h.actor.getSnapshot().context.errors.stock]).toEqual(['loaded', null]);
  });
});

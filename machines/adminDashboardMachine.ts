import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AttentionPanel, DashboardDays, SalesPanel, StockPanel, TopProduct } from '../domain/adminDashboard';
import { errorMessage } from '../domain/errors';
import { type ChildStateOf, childState } from './status';

export type AdminDashboardInput = { days: DashboardDays; threshold: number };

export type DashboardPanel = 'sales' | 'top' | 'stock' | 'attention';

type Context = {
  /** The period shown or being loaded (the URL's). */
  days: DashboardDays;
  /** The low-stock threshold sent to the stock panel. */
  threshold: number;
  sales: SalesPanel | null;
  top: TopProduct[] | null;
  stock: StockPanel | null;
  attention: AttentionPanel | null;
  /** Why each panel failed (null while it has not). */
  errors: Record<DashboardPanel, string | null>;
};

export type AdminDashboardEvent =
  /** The URL's period (the container sends it on every change). */
  { type: 'dashboard.days'; days: DashboardDays } | { type: 'sales.retry' } | { type: 'top.retry' } | { type: 'stock.retry' } | { type: 'attention.retry' };

/**
 * A new period reloads a panel that depends on it, stopping its request in flight (so an older
 * period's answer never shows). Declared on each state of the region rather than on the region: a
 * transition that re-enters a region re-enters the whole parallel chart, and would reload every panel.
 */
const newDays = { guard: 'newDays', target: 'loading', reenter: true, actions: 'takeDays' } as const;

/**
 * /admin (issue 24 item 1, ADR 0036): four panels load side by side (parallel regions), each
 * loading → loaded | failed, and a failed panel retries alone. The period (7/30/90 days, the URL's)
 * reloads the two panels that depend on it (sales, top products); stock and "needs attention" do
 * not depend on it and stay as they are.
 */
export const adminDashboardMachine = setup({
  types: { context: {} as Context, events: {} as AdminDashboardEvent, input: {} as AdminDashboardInput },
  actors: {
    fetchSales: fromPromise<SalesPanel, DashboardDays>(async () => {
      throw new Error('provide fetchSales');
    }),
    fetchTop: fromPromise<TopProduct[], DashboardDays>(async () => {
      throw new Error('provide fetchTop');
    }),
    fetchStock: fromPromise<StockPanel, number>(async () => {
      throw new Error('provide fetchStock');
    }),
    fetchAttention: fromPromise<AttentionPanel, void>(async () => {
      throw new Error('provide fetchAttention');
    }),
  },
  actions: {
    takeDays: assign({ days: ({ context, event }) => (event.type === 'dashboard.days' ? event.days : context.days) }),
    clearError: assign(({ context }, panel: DashboardPanel) => ({ errors: { ...context.errors, [panel]: null } })),
    fail: assign(({ context }, params: { panel: DashboardPanel; error: unknown }) => ({
      [params.panel]: null,
      errors: { ...context.errors, [params.panel]: errorMessage(params.error, 'Unknown error') },
    })),
    setSales: assign((_, sales: SalesPanel) => ({ sales })),
    setTop: assign((_, top: TopProduct[]) => ({ top })),
    setStock: assign((_, stock: StockPanel) => ({ stock })),
    setAttention: assign((_, attention: AttentionPanel) => ({ attention })),
  },
  guards: {
    newDays: ({ context, event }) => event.type === 'dashboard.days' && event.days !== context.days,
  },
}).createMachine({
  id: 'adminDashboard',
  context: ({ input }) => ({
    days: input.days,
    threshold: input.threshold,
    sales: null,
    top: null,
    stock: null,
    attention: null,
    errors: { sales: null, top: null, stock: null, attention: null },
  }),
  type: 'parallel',
  states: {
    sales: {
      initial: 'loading',
      states: {
        loading: {
          on: { 'dashboard.days': newDays },
          entry: { type: 'clearError', params: 'sales' },
          invoke: {
            id: 'fetchSales',
            src: 'fetchSales',
            input: ({ context }) => context.days,
            onDone: { target: 'loaded', actions: { type: 'setSales', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ panel: 'sales', error: event.error }) } },
          },
        },
        loaded: { on: { 'dashboard.days': newDays } },
        failed: { on: { 'sales.retry': 'loading', 'dashboard.days': newDays } },
      },
    },
    top: {
      initial: 'loading',
      states: {
        loading: {
          on: { 'dashboard.days': newDays },
          entry: { type: 'clearError', params: 'top' },
          invoke: {
            id: 'fetchTop',
            src: 'fetchTop',
            input: ({ context }) => context.days,
            onDone: { target: 'loaded', actions: { type: 'setTop', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ panel: 'top', error: event.error }) } },
          },
        },
        loaded: { on: { 'dashboard.days': newDays } },
        failed: { on: { 'top.retry': 'loading', 'dashboard.days': newDays } },
      },
    },
    stock: {
      initial: 'loading',
      states: {
        loading: {
          entry: { type: 'clearError', params: 'stock' },
          invoke: {
            id: 'fetchStock',
            src: 'fetchStock',
            input: ({ context }) => context.threshold,
            onDone: { target: 'loaded', actions: { type: 'setStock', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ panel: 'stock', error: event.error }) } },
          },
        },
        loaded: {},
        failed: { on: { 'stock.retry': 'loading' } },
      },
    },
    attention: {
      initial: 'loading',
      states: {
        loading: {
          entry: { type: 'clearError', params: 'attention' },
          invoke: {
            id: 'fetchAttention',
            src: 'fetchAttention',
            onDone: { target: 'loaded', actions: { type: 'setAttention', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ panel: 'attention', error: event.error }) } },
          },
        },
        loaded: {},
        failed: { on: { 'attention.retry': 'loading' } },
      },
    },
  },
});

export type AdminDashboardSnapshot = SnapshotFrom<typeof adminDashboardMachine>;
export type PanelStatus = ChildStateOf<typeof adminDashboardMachine, 'sales'>;
/** A panel's state: loading, loaded or failed. */
export const selectPanelStatus = (snapshot: AdminDashboardSnapshot, panel: DashboardPanel): PanelStatus => childState(snapshot, panel) ?? 'loading';

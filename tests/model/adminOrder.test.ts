import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { AdminOrderDetail } from '../../domain/adminOrders';
import { nextStatuses, type OrderStatus } from '../../domain/orderStatus';
import type { AdminRefund, RefundRequest } from '../../domain/refunds';
import {
  type AdminOrderEvent,
  type AdminOrderInput,
  type AdminOrderNotice,
  adminOrderMachine,
  selectAdminOrderStatus,
  selectAdminOrderStep,
} from '../../machines/adminOrderMachine';
import { ApiError } from '../../src/api/errors';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

type Snapshot = SnapshotFrom<typeof adminOrderMachine>;

const ORDER: AdminOrderDetail = {
  id: 'o-1',
  orderNumber: 'NPNG-100001',
  email: 'alex@example.test',
  total: 6499,
  currency: 'EUR',
  status: 'paid',
  createdAt: '2026-03-01T10:00:00Z',
  subtotal: 5700,
  shipping: 799,
  shippingRegion: 'EU',
  updatedAt: '2026-03-01T10:00:00Z',
  lines: [{ id: 'i-1', title: 'Grind Tee', sku: 'GT-M-BLK', size: 'M', color: 'Black', qty: 1, unitPrice: 5700, lineTotal: 5700, image: null }],
  shippingAddress: null,
  refundedTotal: 0,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  shippedAt: null,
  // A refund the provider declined: Retry is offered from the list.
  refunds: [
    {
      id: 'r-f',
      orderId: 'o-1',
      kind: 'partial',
      amount: 5700,
      currency: 'EUR',
      lines: [{ itemId: 'i-1', qty: 1 }],
      reason: 'Torn',
      status: 'failed',
      failure: 'declined',
      attempts: 1,
      createdAt: '2026-03-01T11:00:00Z',
    },
  ],
  timeline: [],
  withdrawals: [],
};
/** A pending order: the only one a plain cancel (with its confirmation) applies to. */
const PENDING: AdminOrderDetail = { ...ORDER, status: 'pending', refunds: [] };
const REFUND: AdminRefund = { ...ORDER.refunds[0], status: 'succeeded' };
const SHIPMENT = {
  status: 'shipped',
  updatedAt: '2026-03-02T08:00:00Z',
  carrier: 'dhl',
  trackingNumber: 'JD0146',
  trackingUrl: 'https://example.test/JD0146',
  shippedAt: '2026-03-02T08:00:00Z',
};
/** The order as another admin left it (what a reload after a stale write finds). */
const MOVED: AdminOrderDetail = { ...ORDER, status: 'shipped', updatedAt: '2026-03-02T08:00:00Z' };
const WRITTEN_AT = '2026-03-03T09:00:00Z';
const offline = new ApiError('network', 'Failed to fetch');
const stale = new ApiError('conflict', 'This order was changed somewhere else; reload it to see its status.', { code: 'stale' });
const refused = new ApiError('invalid', 'An order cannot move from paid to delivered', { code: 'P0001' });

type GraphEvent =
  | AdminOrderEvent
  | { type: 'xstate.done.actor.fetchOrder'; output: AdminOrderDetail | null }
  | { type: 'xstate.error.actor.fetchOrder'; error: unknown }
  | { type: 'xstate.done.actor.setStatus'; output: { status: string; updatedAt: string } }
  | { type: 'xstate.error.actor.setStatus'; error: unknown }
  | { type: 'xstate.done.actor.refetchOrder'; output: AdminOrderDetail | null }
  | { type: 'xstate.error.actor.refetchOrder'; error: unknown }
  | { type: 'xstate.done.actor.reloadOrder'; output: AdminOrderDetail | null }
  | { type: 'xstate.error.actor.reloadOrder'; error: unknown }
  | { type: 'xstate.done.actor.shipDialog'; output: unknown }
  | { type: 'xstate.done.actor.refundDialog'; output: unknown }
  | { type: 'xstate.done.actor.refundOrder'; output: AdminRefund }
  | { type: 'xstate.error.actor.refundOrder'; error: unknown };

const events: GraphEvent[] = [
  { type: 'order.retry' },
  // Every status: the graph offers each from every state, so the moves the table forbids are tried too.
  ...(['processing', 'shipped', 'delivered', 'cancelled', 'pending', 'refunded'] as OrderStatus[]).map((to) => ({ type: 'status.change' as const, to })),
  { type: 'status.confirm' },
  { type: 'status.dismiss' },
  { type: 'ship.open' },
  { type: 'refund.open' },
  { type: 'cancel.open' },
  { type: 'refund.retry', refundId: 'r-f' },
  { type: 'refund.retry', refundId: 'r-unknown' },
  { type: 'xstate.done.actor.fetchOrder', output: ORDER },
  { type: 'xstate.done.actor.fetchOrder', output: PENDING },
  { type: 'xstate.done.actor.fetchOrder', output: null },
  { type: 'xstate.error.actor.fetchOrder', error: offline },
  { type: 'xstate.done.actor.setStatus', output: { status: 'processing', updatedAt: WRITTEN_AT } },
  { type: 'xstate.error.actor.setStatus', error: stale },
  { type: 'xstate.error.actor.setStatus', error: refused },
  { type: 'xstate.done.actor.refetchOrder', output: MOVED },
  { type: 'xstate.done.actor.refetchOrder', output: null },
  { type: 'xstate.error.actor.refetchOrder', error: offline },
  { type: 'xstate.done.actor.shipDialog', output: { outcome: 'shipped', shipment: SHIPMENT } },
  { type: 'xstate.done.actor.shipDialog', output: { outcome: 'closed', changed: true } },
  { type: 'xstate.done.actor.shipDialog', output: { outcome: 'closed', changed: false } },
  { type: 'xstate.done.actor.refundDialog', output: { outcome: 'refunded', refund: REFUND } },
  { type: 'xstate.done.actor.refundDialog', output: { outcome: 'closed', changed: true } },
  { type: 'xstate.done.actor.refundDialog', output: { outcome: 'closed', changed: false } },
  { type: 'xstate.done.actor.refundOrder', output: REFUND },
  { type: 'xstate.error.actor.refundOrder', error: offline },
  { type: 'xstate.done.actor.reloadOrder', output: { ...ORDER, refundedTotal: 5700 } },
  { type: 'xstate.done.actor.reloadOrder', output: null },
  { type: 'xstate.error.actor.reloadOrder', error: offline },
];

/** A request in flight; `actor` is the invoke's id (fetchOrder, refetchOrder, setStatus). */
type Pending<I, O> = { actor: string; input: I; resolve: (value: O) => void; reject: (error: unknown) => void };

function harness(input: AdminOrderInput) {
  const fetches: Pending<{ orderNumber: string }, AdminOrderDetail | null>[] = [];
  const writes: Pending<{ id: string; from: string; to: OrderStatus }, { status: string; updatedAt: string }>[] = [];
  const notices: AdminOrderNotice[] = [];
  const dialogs: Pending<unknown, unknown>[] = [];
  const retries: Pending<RefundRequest, AdminRefund>[] = [];
  const machine = adminOrderMachine.provide({
    actors: {
      fetchOrder: fromPromise<AdminOrderDetail | null, { orderNumber: string }>(
        ({ input, self }) => new Promise((resolve, reject) => fetches.push({ actor: self.id, input, resolve, reject })),
      ),
      setStatus: fromPromise<{ status: string; updatedAt: string }, { id: string; from: string; to: OrderStatus }>(
        ({ input, self }) => new Promise((resolve, reject) => writes.push({ actor: self.id, input, resolve, reject })),
      ),
      // The dialogs stand in as promises: the parent only sees their output (their own tests drive them).
      shipDialog: fromPromise(({ input, self }) => new Promise((resolve, reject) => dialogs.push({ actor: self.id, input, resolve, reject }))) as never,
      refundDialog: fromPromise(({ input, self }) => new Promise((resolve, reject) => dialogs.push({ actor: self.id, input, resolve, reject }))) as never,
      refundOrder: fromPromise<AdminRefund, RefundRequest>(({ input, self }) => new Promise((resolve, reject) => retries.push({ actor: self.id, input, resolve, reject }))),
    },
    actions: { notify: (_, notice) => notices.push(notice) },
  });
  const actor = createActor(machine, { input }).start();
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  // The answer goes to the latest request of that invoke (one already answered ignores it, as a real promise would).
  const latest = (actor: string) => fetches.filter((f) => f.actor === actor).at(-1);
  async function play(event: GraphEvent) {
    switch (event.type) {
      case 'xstate.done.actor.fetchOrder':
      case 'xstate.done.actor.refetchOrder':
        latest(event.type.slice('xstate.done.actor.'.length))?.resolve(event.output);
        return tick();
      case 'xstate.error.actor.fetchOrder':
      case 'xstate.error.actor.refetchOrder':
        latest(event.type.slice('xstate.error.actor.'.length))?.reject(event.error);
        return tick();
      case 'xstate.done.actor.setStatus':
        writes.at(-1)?.resolve(event.output);
        return tick();
      case 'xstate.error.actor.setStatus':
        writes.at(-1)?.reject(event.error);
        return tick();
      case 'xstate.done.actor.reloadOrder':
        latest('reloadOrder')?.resolve(event.output);
        return tick();
      case 'xstate.error.actor.reloadOrder':
        latest('reloadOrder')?.reject(event.error);
        return tick();
      case 'xstate.done.actor.shipDialog':
      case 'xstate.done.actor.refundDialog':
        dialogs
          .filter((d) => d.actor === event.type.slice('xstate.done.actor.'.length))
          .at(-1)
          ?.resolve(event.output);
        return tick();
      case 'xstate.done.actor.refundOrder':
        retries.at(-1)?.resolve(event.output);
        return tick();
      case 'xstate.error.actor.refundOrder':
        retries.at(-1)?.reject(event.error);
        return tick();
      default:
        actor.send(event);
    }
  }
  return { actor, fetches, writes, notices, dialogs, retries, play };
}

const INPUT: AdminOrderInput = { orderNumber: 'npng-100001' };
const { paths, taken } = explore(adminOrderMachine, INPUT, events);

describe('admin order machine: graph coverage', () => {
  const initial = createActor(adminOrderMachine, { input: INPUT }).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const malformed = createActor(adminOrderMachine, { input: { orderNumber: 'NPNG-1 OR 1=1' } }).getSnapshot();
    const visited = new Set([...activeIds(initial as never), ...activeIds(malformed as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    // `start` only decides (eventless) before the first snapshot.
    expect(stateIds(adminOrderMachine).filter((id) => !visited.has(id))).toEqual(['adminOrder.start']);
    expect([...taken].sort()).toEqual(declaredTransitions(adminOrderMachine).sort());
  });

  it('replays every path with fake requests: each load, write and toast happens exactly when the states say', async () => {
    for (const path of [[], ...paths]) {
      const h = harness(INPUT);
      expect(h.fetches.map((f) => f.input)).toEqual([{ orderNumber: 'NPNG-100001' }]);
      let from = initial as Snapshot;
      for (const step of withIgnored(adminOrderMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(adminOrderMachine, from, event).length > 0;
        from = step.state as Snapshot;
        const before = h.actor.getSnapshot();
        const counts = { fetches: h.fetches.length, writes: h.writes.length, notices: h.notices.length, dialogs: h.dialogs.length, retries: h.retries.length };
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        if (!handled) {
          expect(snapshot.context).toEqual(before.context);
          expect([h.fetches.length, h.writes.length, h.notices.length]).toEqual([counts.fetches, counts.writes, counts.notices]);
          // A move the table forbids is one of the events nothing handles (and shipping goes through its dialog).
          if (event.type === 'status.change' && selectAdminOrderStep(before) === 'idle') {
            expect(nextStatuses(before.context.order?.status ?? '').filter((to) => to !== 'shipped')).not.toContain(event.to);
          }
          expect([h.dialogs.length, h.retries.length]).toEqual([counts.dialogs, counts.retries]);
          continue;
        }
        const status = selectAdminOrderStatus(snapshot);
        const step_ = selectAdminOrderStep(snapshot);
        const newNotices = h.notices.slice(counts.notices);
        expect(snapshot.context.orderNumber).toBe('NPNG-100001');
        expect(snapshot.context.error !== null).toBe(status === 'failed');
        expect(snapshot.context.order !== null).toBe(status === 'loaded');
        expect(snapshot.context.pending !== null).toBe(step_ === 'confirming' || step_ === 'updating');
        if (status === 'loading') {
          expect(event.type).toBe('order.retry');
          expect(h.fetches.length).toBe(counts.fetches + 1);
        }
        if (step_ === 'confirming') {
          // Only a cancel asks first, and only where the table allows it.
          expect(event).toEqual({ type: 'status.change', to: 'cancelled' });
          expect(nextStatuses(before.context.order?.status ?? '')).toContain('cancelled');
          expect(h.writes.length).toBe(counts.writes);
        }
        if (step_ === 'updating') {
          const write = h.writes.at(-1);
          expect(h.writes.length).toBe(counts.writes + 1);
          expect(write?.input).toEqual({ id: ORDER.id, from: before.context.order?.status, to: snapshot.context.pending });
          expect(nextStatuses(write?.input.from ?? '')).toContain(write?.input.to);
          if (event.type === 'status.change') expect(event.to).not.toBe('cancelled');
          else expect([event.type, before.context.pending]).toEqual(['status.confirm', 'cancelled']);
        } else {
          expect(h.writes.length).toBe(counts.writes);
        }
        if (step_ === 'shipping') {
          expect(event.type).toBe('ship.open');
          expect(h.dialogs.at(-1)?.input).toEqual({ orderId: 'o-1' });
        }
        if (step_ === 'refunding' || step_ === 'cancelling') {
          expect(event.type).toBe(step_ === 'refunding' ? 'refund.open' : 'cancel.open');
          expect(h.dialogs.at(-1)?.input).toEqual({ order: before.context.order, mode: step_ === 'refunding' ? 'partial' : 'cancel' });
          expect(['paid', 'processing', 'shipped', 'delivered']).toContain(before.context.order?.status);
        }
        expect(h.dialogs.length).toBe(counts.dialogs + Number(['shipping', 'refunding', 'cancelling'].includes(step_ ?? '') && selectAdminOrderStep(before) === 'idle'));
        if (step_ === 'retrying') {
          expect(event).toEqual({ type: 'refund.retry', refundId: 'r-f' });
          expect(h.retries.at(-1)?.input).toEqual({ refundId: 'r-f' });
        }
        if (step_ === 'reloading') {
          expect(h.fetches.at(-1)?.actor).toBe('reloadOrder');
          expect(h.fetches.length).toBe(counts.fetches + 1);
        }
        if (step_ === 'refreshing') {
          expect(event).toEqual({ type: 'xstate.error.actor.setStatus', error: stale });
          expect(h.fetches.length).toBe(counts.fetches + 1);
          expect(snapshot.context.order).toEqual(before.context.order);
        }
        switch (event.type) {
          case 'status.dismiss':
            expect(snapshot.context.order).toEqual(before.context.order);
            expect(newNotices).toEqual([]);
            break;
          case 'xstate.done.actor.setStatus':
            expect(snapshot.context.order).toEqual({ ...before.context.order, status: event.output.status, updatedAt: event.output.updatedAt });
            expect(newNotices).toEqual([{ kind: 'updated', orderNumber: 'NPNG-100001', status: event.output.status }]);
            break;
          case 'xstate.error.actor.setStatus':
            expect(snapshot.context.order).toEqual(before.context.order);
            expect(newNotices).toEqual(event.error === stale ? [] : [{ kind: 'failed', message: refused.message }]);
            break;
          case 'xstate.done.actor.refetchOrder':
            expect(snapshot.context.order).toEqual(event.output);
            expect(newNotices).toEqual(event.output ? [{ kind: 'stale', orderNumber: 'NPNG-100001' }] : []);
            expect(status).toBe(event.output ? 'loaded' : 'notFound');
            break;
          case 'xstate.error.actor.refetchOrder':
            expect(status).toBe('failed');
            expect(newNotices).toEqual([]);
            break;
          case 'xstate.done.actor.shipDialog':
            expect(newNotices).toEqual((event.output as { outcome: string }).outcome === 'shipped' ? [{ kind: 'shipped', orderNumber: 'NPNG-100001' }] : []);
            if ((event.output as { outcome: string }).outcome === 'shipped')
              expect(snapshot.context.order).toMatchObject({ status: 'shipped', carrier: 'dhl', trackingNumber: 'JD0146' });
            expect(step_).toBe(
              (event.output as { outcome: string; changed?: boolean }).outcome === 'shipped' || (event.output as { changed?: boolean }).changed ? 'reloading' : 'idle',
            );
            break;
          case 'xstate.done.actor.refundDialog':
          case 'xstate.done.actor.refundOrder': {
            const refunded = event.type === 'xstate.done.actor.refundOrder' || (event.output as { outcome: string }).outcome === 'refunded';
            expect(newNotices).toEqual(refunded ? [{ kind: 'refunded', orderNumber: 'NPNG-100001', amount: 5700, currency: 'EUR', cancelled: false }] : []);
            break;
          }
          case 'xstate.error.actor.refundOrder':
            expect(newNotices).toEqual([{ kind: 'refundFailed', message: 'Failed to fetch' }]);
            expect(step_).toBe('reloading');
            break;
          case 'xstate.done.actor.reloadOrder':
            expect(snapshot.context.order).toEqual(event.output);
            expect(newNotices).toEqual([]);
            break;
          case 'xstate.error.actor.reloadOrder':
            expect([status, step_]).toEqual(['loaded', 'idle']);
            expect(newNotices).toEqual([{ kind: 'failed', message: 'Failed to fetch' }]);
            break;
          default:
            expect(newNotices).toEqual([]);
        }
      }
      h.actor.stop();
    }
  });
});

describe('admin order machine: rules', () => {
  async function loaded(order: AdminOrderDetail = ORDER) {
    const h = harness({ orderNumber: order.orderNumber });
    h.fetches[0].resolve(order);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectAdminOrderStatus(h.actor.getSnapshot())).toBe('loaded');
    return h;
  }

  it('a malformed number: notFound at once, nothing fetched', () => {
    const h = harness({ orderNumber: "NPNG-1'; drop table orders;--" });
    expect(selectAdminOrderStatus(h.actor.getSnapshot())).toBe('notFound');
    expect(h.fetches).toEqual([]);
  });

  it('processing: one write from the status shown, then the new status and an "updated" notice; shipping is never a bare write', async () => {
    const h = await loaded();
    h.actor.send({ type: 'status.change', to: 'shipped' });
    // A paid order is cancelled only by refunding it: a bare cancel is ignored.
    h.actor.send({ type: 'status.change', to: 'cancelled' });
    expect(selectAdminOrderStep(h.actor.getSnapshot())).toBe('idle');
    h.actor.send({ type: 'status.change', to: 'processing' });
    expect(selectAdminOrderStep(h.actor.getSnapshot())).toBe('updating');
    // More clicks while the write runs change nothing.
    h.actor.send({ type: 'ship.open' });
    expect(h.writes.map((w) => w.input)).toEqual([{ id: 'o-1', from: 'paid', to: 'processing' }]);
    await h.play({ type: 'xstate.done.actor.setStatus', output: { status: 'processing', updatedAt: WRITTEN_AT } });
    expect(h.actor.getSnapshot().context.order).toMatchObject({ status: 'processing', updatedAt: WRITTEN_AT });
    expect(h.notices).toEqual([{ kind: 'updated', orderNumber: 'NPNG-100001', status: 'processing' }]);
    h.actor.send({ type: 'ship.open' });
    expect(selectAdminOrderStep(h.actor.getSnapshot())).toBe('shipping');
    expect(h.dialogs.map((d) => d.input)).toEqual([{ orderId: 'o-1' }]);
  });

  it('cancel and refund of a paid order opens the refund dialog in cancel mode; a refund done reloads the order', async () => {
    const h = await loaded();
    h.actor.send({ type: 'cancel.open' });
    expect(h.dialogs.map((d) => d.input)).toEqual([{ order: ORDER, mode: 'cancel' }]);
    await h.play({ type: 'xstate.done.actor.refundDialog', output: { outcome: 'refunded', refund: { ...REFUND, kind: 'cancel' } } });
    expect(h.notices).toEqual([{ kind: 'refunded', orderNumber: 'NPNG-100001', amount: 5700, currency: 'EUR', cancelled: true }]);
    expect(h.fetches.map((f) => f.actor)).toEqual(['fetchOrder', 'reloadOrder']);
    await h.play({ type: 'xstate.done.actor.reloadOrder', output: { ...ORDER, status: 'refunded', refundedTotal: 6499 } });
    expect(h.actor.getSnapshot().context.order?.status).toBe('refunded');
    h.actor.send({ type: 'refund.open' });
    h.actor.send({ type: 'cancel.open' });
    expect(selectAdminOrderStep(h.actor.getSnapshot())).toBe('idle');
  });

  it("a pending order's cancel asks first: dismiss writes nothing; confirm writes the cancel", async () => {
    const h = await loaded(PENDING);
    h.actor.send({ type: 'status.change', to: 'cancelled' });
    expect(selectAdminOrderStep(h.actor.getSnapshot())).toBe('confirming');
    expect(h.actor.getSnapshot().context.pending).toBe('cancelled');
    h.actor.send({ type: 'status.dismiss' });
    expect(selectAdminOrderStep(h.actor.getSnapshot())).toBe('idle');
    expect(h.actor.getSnapshot().context).toMatchObject({ pending: null, order: PENDING });
    expect(h.writes).toEqual([]);
    h.actor.send({ type: 'status.change', to: 'cancelled' });
    h.actor.send({ type: 'status.confirm' });
    expect(h.writes.map((w) => w.input)).toEqual([{ id: 'o-1', from: 'pending', to: 'cancelled' }]);
    await h.play({ type: 'xstate.done.actor.setStatus', output: { status: 'cancelled', updatedAt: WRITTEN_AT } });
    expect(h.actor.getSnapshot().context.order?.status).toBe('cancelled');
    expect(nextStatuses('cancelled')).toEqual([]);
  });

  it('another admin moved it first: the order is loaded again, then the admin is told', async () => {
    const h = await loaded();
    h.actor.send({ type: 'status.change', to: 'processing' });
    await h.play({ type: 'xstate.error.actor.setStatus', error: stale });
    expect(selectAdminOrderStep(h.actor.getSnapshot())).toBe('refreshing');
    expect(h.fetches.map((f) => f.input.orderNumber)).toEqual(['NPNG-100001', 'NPNG-100001']);
    expect(h.notices).toEqual([]);
    await h.play({ type: 'xstate.done.actor.refetchOrder', output: MOVED });
    expect(h.actor.getSnapshot().context.order).toEqual(MOVED);
    expect(h.notices).toEqual([{ kind: 'stale', orderNumber: 'NPNG-100001' }]);
    // The next move starts from what the database holds now.
    h.actor.send({ type: 'status.change', to: 'delivered' });
    expect(h.writes.at(-1)?.input).toEqual({ id: 'o-1', from: 'shipped', to: 'delivered' });
  });

  it('any other failure keeps the status shown and says why; trying again is one click', async () => {
    const h = await loaded();
    h.actor.send({ type: 'status.change', to: 'processing' });
    await h.play({ type: 'xstate.error.actor.setStatus', error: offline });
    expect(h.actor.getSnapshot().context.order).toEqual(ORDER);
    expect(h.notices).toEqual([{ kind: 'failed', message: 'Failed to fetch' }]);
    h.actor.send({ type: 'status.change', to: 'processing' });
    expect(h.writes).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { AdminOrderDetail } from '../../domain/adminOrders';
import { type AdminRefund, type RefundRequest, refundableQty, validateRefund } from '../../domain/refunds';
import { dialogAmount, type RefundDialogEvent, refundDialogMachine, selectRefundDialogState } from '../../machines/refundDialogMachine';
import { ApiError } from '../../src/api/errors';
import { RefundFailedError } from '../../src/api/admin';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';
import { type Deferred, deferredActor, playLatest } from './support';

type Snapshot = SnapshotFrom<typeof refundDialogMachine>;

const TEE = '11111111-1111-4111-8111-111111111111';
const SHAKER = '22222222-2222-4222-8222-222222222222';
const refund = (overrides: Partial<AdminRefund>): AdminRefund => ({
  id: 'r-0',
  orderId: 'o-1',
  kind: 'partial',
  amount: 3499,
  currency: 'EUR',
  lines: [{ itemId: TEE, qty: 1 }],
  reason: 'Torn seam',
  status: 'succeeded',
  failure: null,
  attempts: 1,
  createdAt: '2026-11-21T08:00:00Z',
  ...overrides,
});
/** Two tees and a shaker; one tee already refunded, a failed refund of the shaker that counts for nothing. */
const ORDER: AdminOrderDetail = {
  id: 'o-1',
  orderNumber: 'NPNG-100001',
  email: 'alex@example.test',
  total: 9296,
  currency: 'EUR',
  status: 'paid',
  createdAt: '2026-11-20T10:00:00Z',
  subtotal: 8497,
  shipping: 799,
  shippingRegion: 'DE',
  updatedAt: '2026-11-20T10:00:00Z',
  lines: [
    { id: TEE, title: 'Grind Tee', sku: 'GT-M', size: 'M', color: 'Black', qty: 2, unitPrice: 3499, lineTotal: 6998, image: null },
    { id: SHAKER, title: 'Shaker', sku: null, size: null, color: null, qty: 1, unitPrice: 1499, lineTotal: 1499, image: null },
  ],
  shippingAddress: null,
  refundedTotal: 3499,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  shippedAt: null,
  refunds: [refund({}), refund({ id: 'r-x', lines: [{ itemId: SHAKER, qty: 1 }], amount: 1499, status: 'failed', failure: 'card_declined' })],
  timeline: [],
  withdrawals: [],
};

const FAILED = refund({ id: 'r-9', amount: 3499, status: 'failed', failure: 'Your card was declined' });
const DONE = refund({ id: 'r-9', amount: 3499, status: 'succeeded' });
const providerFailed = new RefundFailedError('Your card was declined', FAILED);
const inProgress = new ApiError('conflict', 'A refund of this order is already in progress', { code: 'refund_in_progress' });
const reasonMissing = new ApiError('invalid', 'Give a reason for the refund', { code: 'reason_missing' });

type GraphEvent = RefundDialogEvent | { type: 'xstate.done.actor.refundOrder'; output: AdminRefund } | { type: 'xstate.error.actor.refundOrder'; error: unknown };

const events: GraphEvent[] = [
  { type: 'line.qty', itemId: TEE, qty: 1 },
  { type: 'line.qty', itemId: TEE, qty: 5 },
  { type: 'line.qty', itemId: TEE, qty: 0 },
  { type: 'reason.change', value: '  Damaged in transit  ' },
  { type: 'reason.change', value: '' },
  { type: 'reason.change', value: 'x'.repeat(501) },
  { type: 'refund.submit' },
  { type: 'refund.retry' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.refundOrder', output: DONE },
  { type: 'xstate.error.actor.refundOrder', error: providerFailed },
  { type: 'xstate.error.actor.refundOrder', error: inProgress },
  { type: 'xstate.error.actor.refundOrder', error: reasonMissing },
];

function harness(mode: 'partial' | 'cancel' = 'partial') {
  const calls: Deferred<RefundRequest, AdminRefund>[] = [];
  const machine = refundDialogMachine.provide({ actors: { refundOrder: deferredActor(calls) } });
  const actor = createActor(machine, { input: { order: ORDER, mode } }).start();
  // A dialog that ended takes no more events (the graph still offers them, to check they change nothing).
  const play = (event: GraphEvent) => (actor.getSnapshot().status === 'done' ? Promise.resolve() : playLatest(actor, { refundOrder: calls }, event));
  return { actor, calls, play };
}

for (const mode of ['partial', 'cancel'] as const) {
  describe(`refund dialog machine (${mode}): graph coverage`, () => {
    const INPUT = { order: ORDER, mode };
    const { paths, taken } = explore(refundDialogMachine, INPUT, events);
    const initial = createActor(refundDialogMachine, { input: INPUT }).getSnapshot();

    it('reaches every state and takes every declared transition', () => {
      const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
      expect([...visited].sort()).toEqual(stateIds(refundDialogMachine).sort());
      expect([...taken].sort()).toEqual(declaredTransitions(refundDialogMachine).sort());
    });

    it('replays every path: one request per valid submit, never more than is left; Retry asks for the failed refund again', async () => {
      for (const path of [[], ...paths]) {
        const h = harness(mode);
        let from = initial as Snapshot;
        for (const step of withIgnored(refundDialogMachine, initial, events, path)) {
          const event = step.event as GraphEvent;
          const handled = transitionIds(refundDialogMachine, from, event).length > 0;
          from = step.state as Snapshot;
          const before = h.actor.getSnapshot();
          const requests = h.calls.length;
          await h.play(event);
          const snapshot = h.actor.getSnapshot();
          expect(snapshot.value).toEqual(step.state.value);
          expect(snapshot.context).toEqual(step.state.context);
          const state = selectRefundDialogState(snapshot);
          for (const line of snapshot.context.lines) expect(line.qty).toBeGreaterThanOrEqual(0);
          for (const line of snapshot.context.lines) expect(line.qty).toBeLessThanOrEqual(line.max);
          if (!handled) {
            expect(snapshot.context).toEqual(before.context);
            expect(h.calls.length).toBe(requests);
            continue;
          }
          if (state === 'submitting' && selectRefundDialogState(before) !== 'submitting') {
            expect(h.calls.length).toBe(requests + 1);
            const request = h.calls.at(-1)?.input;
            if (event.type === 'refund.retry') {
              expect(request).toEqual({ refundId: FAILED.id });
            } else {
              expect(validateRefund(mode, snapshot.context.lines, snapshot.context.reason)).toEqual({});
              expect(request).toEqual({
                orderId: 'o-1',
                lines: mode === 'cancel' ? [] : snapshot.context.lines.filter((l) => l.qty > 0).map((l) => ({ itemId: l.itemId, qty: l.qty })),
                reason: snapshot.context.reason.trim(),
                cancel: mode === 'cancel',
              });
            }
          } else {
            expect(h.calls.length).toBe(requests);
          }
          if (event.type === 'refund.submit' && state === 'editing') expect(snapshot.context.errors).toEqual(validateRefund(mode, snapshot.context.lines, snapshot.context.reason));
          if (event.type === 'xstate.error.actor.refundOrder') {
            expect(state).toBe('failed');
            expect(snapshot.context.failure?.refund ?? null).toEqual(event.error === providerFailed ? FAILED : null);
            expect(snapshot.context.changed).toBe(before.context.changed || event.error !== reasonMissing);
          }
          if (state === 'done') expect(snapshot.output).toEqual({ outcome: 'refunded', refund: DONE });
          if (state === 'closed') expect(snapshot.output).toEqual({ outcome: 'closed', changed: before.context.changed });
        }
        h.actor.stop();
      }
    });
  });
}

describe('refund dialog machine: rules', () => {
  it('each line offers what is left: ordered minus succeeded and pending refunds (a failed one gives nothing back)', () => {
    expect(ORDER.lines.map((line) => refundableQty(line, ORDER.refunds))).toEqual([1, 1]);
    expect(refundableQty(ORDER.lines[0], [...ORDER.refunds, refund({ id: 'r-p', status: 'pending' })])).toBe(0);
    const h = harness();
    expect(h.actor.getSnapshot().context.lines.map((l) => [l.itemId, l.max, l.qty])).toEqual([
      [TEE, 1, 0],
      [SHAKER, 1, 0],
    ]);
  });

  it('the amount follows the quantities live; a cancel refunds everything left, shipping included', () => {
    const h = harness();
    expect(dialogAmount(h.actor.getSnapshot().context)).toBe(0);
    h.actor.send({ type: 'line.qty', itemId: TEE, qty: 7 });
    h.actor.send({ type: 'line.qty', itemId: SHAKER, qty: 1 });
    expect(dialogAmount(h.actor.getSnapshot().context)).toBe(3499 + 1499);
    expect(dialogAmount(harness('cancel').actor.getSnapshot().context)).toBe(9296 - 3499);
  });

  it('needs a line and a reason; a double click sends once', () => {
    const h = harness();
    h.actor.send({ type: 'refund.submit' });
    expect(h.actor.getSnapshot().context.errors).toEqual({ lines: 'required', reason: 'required' });
    h.actor.send({ type: 'line.qty', itemId: SHAKER, qty: 1 });
    h.actor.send({ type: 'reason.change', value: 'Dented' });
    h.actor.send({ type: 'refund.submit' });
    h.actor.send({ type: 'refund.submit' });
    h.actor.send({ type: 'dialog.close' });
    expect(h.calls.map((c) => c.input)).toEqual([{ orderId: 'o-1', lines: [{ itemId: SHAKER, qty: 1 }], reason: 'Dented', cancel: false }]);
  });

  it('a provider failure offers Retry of that refund only (no new one); Retry then succeeds', async () => {
    const h = harness('cancel');
    h.actor.send({ type: 'reason.change', value: 'Customer asked' });
    h.actor.send({ type: 'refund.submit' });
    await h.play({ type: 'xstate.error.actor.refundOrder', error: providerFailed });
    h.actor.send({ type: 'refund.submit' });
    h.actor.send({ type: 'reason.change', value: 'other' });
    expect(selectRefundDialogState(h.actor.getSnapshot())).toBe('failed');
    h.actor.send({ type: 'refund.retry' });
    expect(h.calls.map((c) => c.input)).toEqual([{ orderId: 'o-1', lines: [], reason: 'Customer asked', cancel: true }, { refundId: 'r-9' }]);
    await h.play({ type: 'xstate.done.actor.refundOrder', output: DONE });
    expect(h.actor.getSnapshot().output).toEqual({ outcome: 'refunded', refund: DONE });
  });
});

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { type AdminOrderDetail, refundDraftLines } from '../domain/adminOrders';
import {
  type AdminRefund,
  clampQty,
  type RefundDraftLine,
  type RefundErrors,
  type RefundMode,
  type RefundRequest,
  refundAmount,
  refundableAmount,
  validateRefund,
} from '../domain/refunds';
import { type StateOf, topState } from './status';

export type RefundDialogInput = { order: AdminOrderDetail; mode: RefundMode };

/**
 * Why the last try did not refund. `refund` is the refund the provider failed on (refund-order's
 * 502): the order is as it was and Retry asks again for that refund. The view words `code`.
 */
export type RefundFailure = { code: string | null; message: string; refund: AdminRefund | null };

type Context = {
  mode: RefundMode;
  orderId: string;
  currency: string;
  lines: RefundDraftLine[];
  /** What is left of the money paid: a cancel refunds all of it. */
  remaining: number;
  reason: string;
  errors: RefundErrors;
  failure: RefundFailure | null;
  /** The refund being retried (from a provider failure); null for a new request. */
  retryId: string | null;
  /** The refund that succeeded. */
  refund: AdminRefund | null;
  /** A request reached the server: the page reads the order again when the dialog closes. */
  changed: boolean;
};

export type RefundDialogEvent =
  | { type: 'line.qty'; itemId: string; qty: number }
  | { type: 'reason.change'; value: string }
  | { type: 'refund.submit' }
  | { type: 'refund.retry' }
  | { type: 'dialog.close' };

export type RefundDialogOutput = { outcome: 'refunded'; refund: AdminRefund } | { outcome: 'closed'; changed: boolean };

/** refund-order's answers to a malformed request: nothing was recorded. */
const BAD_INPUT = new Set(['reason_missing', 'reason_too_long', 'lines_missing', 'lines_invalid']);

const codeOf = (error: unknown): string | null => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
};
const failureOf = (error: unknown): RefundFailure => {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { refund?: unknown };
  const refund = typeof e.refund === 'object' && e.refund !== null && typeof (e.refund as AdminRefund).id === 'string' ? (e.refund as AdminRefund) : null;
  return { code: codeOf(error), message: errorMessage(error, 'Unknown error'), refund };
};
/** A refund the provider did not pay back can be asked for again with the same idempotency key. */
const retryable = (failure: RefundFailure | null) => failure?.refund != null && failure.refund.status !== 'succeeded';

/** The amount the dialog shows and will refund. */
export const dialogAmount = (context: Pick<Context, 'mode' | 'lines' | 'remaining'>) => (context.mode === 'cancel' ? context.remaining : refundAmount(context.lines));

/**
 * Refund lines, or cancel a paid order by refunding what is left (issue 19): editing → submitting →
 * done | failed. The admin picks quantities (each up to what is left of its line) and writes a
 * reason; the amount follows live. A second submit while one runs is ignored (the database also
 * allows one pending refund per order). A provider failure keeps the failed refund: Retry asks
 * for that same refund again (`{refundId}`), never a second one.
 */
export const refundDialogMachine = setup({
  types: { context: {} as Context, events: {} as RefundDialogEvent, input: {} as RefundDialogInput, output: {} as RefundDialogOutput },
  actors: {
    refundOrder: fromPromise<AdminRefund, RefundRequest>(async () => {
      throw new Error('provide refundOrder');
    }),
  },
  actions: {
    setQty: assign({
      lines: ({ context, event }) =>
        event.type === 'line.qty' ? context.lines.map((l) => (l.itemId === event.itemId ? { ...l, qty: clampQty(event.qty, l.max) } : l)) : context.lines,
      errors: ({ context }) => ({ ...context.errors, lines: undefined }),
    }),
    setReason: assign({
      reason: ({ context, event }) => (event.type === 'reason.change' ? event.value : context.reason),
      errors: ({ context }) => ({ ...context.errors, reason: undefined }),
    }),
    showProblems: assign({ errors: ({ context }) => validateRefund(context.mode, context.lines, context.reason) }),
    clearFailure: assign({ failure: null }),
    /** The refund went through: the page reloads the order when the dialog closes. */
    setRefund: assign((_, refund: AdminRefund) => ({ refund, changed: true })),
    /** Refusals of the input wrote nothing; any other failure may have changed the order. */
    setFailure: assign(({ context }, params: { error: unknown }) => ({
      failure: failureOf(params.error),
      changed: context.changed || !BAD_INPUT.has(codeOf(params.error) ?? ''),
    })),
    takeRetry: assign({ retryId: ({ context }) => context.failure?.refund?.id ?? null }),
  },
  guards: {
    valid: ({ context }) => Object.keys(validateRefund(context.mode, context.lines, context.reason)).length === 0,
    retryable: ({ context }) => retryable(context.failure),
    editable: ({ context }) => !retryable(context.failure),
    resubmittable: ({ context }) => !retryable(context.failure) && Object.keys(validateRefund(context.mode, context.lines, context.reason)).length === 0,
  },
}).createMachine({
  id: 'refundDialog',
  context: ({ input }) => ({
    mode: input.mode,
    orderId: input.order.id,
    currency: input.order.currency,
    lines: refundDraftLines(input.order, input.mode),
    remaining: refundableAmount(input.order),
    reason: '',
    errors: {},
    failure: null,
    retryId: null,
    refund: null,
    changed: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'dialog.close': 'closed',
        'line.qty': { actions: 'setQty' },
        'reason.change': { actions: 'setReason' },
        'refund.submit': [{ guard: 'valid', target: 'submitting' }, { actions: 'showProblems' }],
      },
    },
    submitting: {
      entry: 'clearFailure',
      // No dialog.close here: closing waits for the answer (money may be moving).
      invoke: {
        id: 'refundOrder',
        src: 'refundOrder',
        input: ({ context }): RefundRequest =>
          context.retryId
            ? { refundId: context.retryId }
            : {
                orderId: context.orderId,
                lines: context.mode === 'cancel' ? [] : context.lines.filter((l) => l.qty > 0).map((l) => ({ itemId: l.itemId, qty: l.qty })),
                reason: context.reason.trim(),
                cancel: context.mode === 'cancel',
              },
        onDone: { target: 'done', actions: { type: 'setRefund', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: {
        'dialog.close': 'closed',
        'refund.retry': { guard: 'retryable', target: 'submitting', actions: 'takeRetry' },
        'refund.submit': { guard: 'resubmittable', target: 'submitting' },
        'line.qty': { guard: 'editable', target: 'editing', actions: ['setQty', 'clearFailure'] },
        'reason.change': { guard: 'editable', target: 'editing', actions: ['setReason', 'clearFailure'] },
      },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => (context.refund ? { outcome: 'refunded', refund: context.refund } : { outcome: 'closed', changed: context.changed }),
});

export type RefundDialogSnapshot = SnapshotFrom<typeof refundDialogMachine>;
export type RefundDialogState = StateOf<typeof refundDialogMachine>;
export const selectRefundDialogState = (snapshot: RefundDialogSnapshot): RefundDialogState => topState(snapshot);

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { type AdminOrderDetail, canCancelByRefund, canRefund, canShip } from '../domain/adminOrders';
import { needsConfirmation, nextStatuses, type OrderStatus, shipsWithDialog } from '../domain/orderStatus';
import type { AdminRefund, RefundRequest } from '../domain/refunds';
import { parseOrderNumber } from '../domain/orders';
import { type RefundDialogOutput, refundDialogMachine } from './refundDialogMachine';
import { type ShipOrderOutput, shipOrderMachine } from './shipOrderMachine';
import { type ChildStateOf, childState, topState } from './status';

export type AdminOrderInput = { orderNumber: string };

/** What the admin is told after a status change (the container words it and shows a toast). */
export type AdminOrderNotice =
  | { kind: 'updated'; orderNumber: string; status: string }
  /** Someone else moved the order first; it has been reloaded and shows its current status. */
  | { kind: 'stale'; orderNumber: string }
  | { kind: 'failed'; message: string }
  | { kind: 'shipped'; orderNumber: string }
  /** Money was paid back; `cancelled` when it cancelled the order. */
  | { kind: 'refunded'; orderNumber: string; amount: number; currency: string; cancelled: boolean }
  /** Retry from the refunds list did not pay it back either. */
  | { kind: 'refundFailed'; message: string };

type Context = {
  /** The number from the URL, normalised; null when it is no order number at all. */
  orderNumber: string | null;
  order: AdminOrderDetail | null;
  /** The status being confirmed or written; null otherwise. */
  pending: OrderStatus | null;
  /** The failed refund being retried from the list. */
  retryId: string | null;
  error: string | null;
};

export type AdminOrderEvent =
  | { type: 'order.retry' }
  | { type: 'status.change'; to: OrderStatus }
  | { type: 'status.confirm' }
  | { type: 'status.dismiss' }
  /** Opens the ship dialog (carrier and tracking number). */
  | { type: 'ship.open' }
  /** Opens the refund dialog (lines and quantities). */
  | { type: 'refund.open' }
  /** Opens "Cancel and refund" for an order not shipped yet. */
  | { type: 'cancel.open' }
  /** Retry of a failed refund from the order's refunds list. */
  | { type: 'refund.retry'; refundId: string };

/** src/api/admin.ts setOrderStatus throws an ApiError with this code when the order is no longer in the status the admin saw. */
const isStaleError = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'stale';

const allowed = (context: Context, to: OrderStatus) => context.order !== null && nextStatuses(context.order.status).includes(to);
const orderOf = (context: Context) => context.order as AdminOrderDetail;
const refundNotice = (context: Context, refund: AdminRefund): AdminOrderNotice => ({
  kind: 'refunded',
  orderNumber: orderOf(context).orderNumber,
  amount: refund.amount,
  currency: refund.currency,
  cancelled: refund.kind === 'cancel',
});

/**
 * /admin/orders/{orderNumber} (issue 11 §6): loading → loaded | notFound | failed (Try again). In
 * loaded, the admin moves the order along nextStatuses (the database enforces the same table); a
 * cancel asks first. The write applies only while the order still has the status shown: when
 * another admin moved it first (a `stale` conflict) the order is loaded again and the admin told;
 * any other failure keeps the status shown and says why.
 *
 * Issue 19: shipping opens the ship dialog (shipOrderMachine), Refund and "Cancel and refund" the
 * refund dialog (refundDialogMachine), each invoked as a child; a failed refund in the list is
 * retried here. After anything that changed the order (or may have) it is read again, so the
 * refunds, totals and timeline shown are the database's.
 */
export const adminOrderMachine = setup({
  types: { context: {} as Context, events: {} as AdminOrderEvent, input: {} as AdminOrderInput },
  actors: {
    fetchOrder: fromPromise<AdminOrderDetail | null, { orderNumber: string }>(async () => {
      throw new Error('provide fetchOrder');
    }),
    setStatus: fromPromise<{ status: string; updatedAt: string }, { id: string; from: string; to: OrderStatus }>(async () => {
      throw new Error('provide setStatus');
    }),
    /** Provided as shipOrderMachine.provide({ actors: { shipOrder } }). */
    shipDialog: shipOrderMachine,
    /** Provided as refundDialogMachine.provide({ actors: { refundOrder } }). */
    refundDialog: refundDialogMachine,
    refundOrder: fromPromise<AdminRefund, RefundRequest>(async () => {
      throw new Error('provide refundOrder');
    }),
  },
  actions: {
    notify: (_, _notice: AdminOrderNotice) => {
      throw new Error('provide notify');
    },
    takeTarget: assign({ pending: ({ event }) => (event.type === 'status.change' ? event.to : null) }),
    clearTarget: assign({ pending: null }),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, 'Unknown error') })),
    setOrder: assign((_, order: AdminOrderDetail | null) => ({ order })),
    clearOrder: assign({ order: null }),
    rememberRetry: assign((_, params: { refundId: string }) => ({ retryId: params.refundId })),
    forgetRetry: assign({ retryId: null }),
    /** The shipment the dialog saved, shown at once (the reload brings the rest). */
    applyShipment: assign(({ context }, output: ShipOrderOutput) => {
      if (output.outcome !== 'shipped') return { order: context.order };
      const { status, updatedAt, carrier, trackingNumber, trackingUrl, shippedAt } = output.shipment;
      return { order: { ...orderOf(context), status, updatedAt, carrier, trackingNumber, trackingUrl, shippedAt } };
    }),
    applyStatus: assign(({ context }, saved: { status: string; updatedAt: string }) => ({
      order: { ...(context.order as AdminOrderDetail), status: saved.status, updatedAt: saved.updatedAt },
      pending: null,
    })),
  },
  guards: {
    validNumber: ({ context }) => context.orderNumber !== null,
    found: (_, output: AdminOrderDetail | null) => output !== null && output !== undefined,
    moveToConfirm: ({ context, event }) => event.type === 'status.change' && allowed(context, event.to) && needsConfirmation(event.to),
    move: ({ context, event }) => event.type === 'status.change' && allowed(context, event.to) && !shipsWithDialog(event.to),
    stale: (_, error: unknown) => isStaleError(error),
    canShip: ({ context }) => context.order !== null && canShip(context.order),
    canRefund: ({ context }) => context.order !== null && canRefund(context.order),
    canCancel: ({ context }) => context.order !== null && canCancelByRefund(context.order),
    failedRefund: ({ context, event }) =>
      event.type === 'refund.retry' && context.order !== null && context.order.refunds.some((r) => r.id === event.refundId && r.status === 'failed'),
    shipped: (_, output: ShipOrderOutput) => output.outcome === 'shipped',
    refunded: (_, output: RefundDialogOutput) => output.outcome === 'refunded',
    changed: (_, output: ShipOrderOutput | RefundDialogOutput) => output.outcome === 'closed' && output.changed,
  },
}).createMachine({
  id: 'adminOrder',
  context: ({ input }) => ({ orderNumber: parseOrderNumber(input.orderNumber), order: null, pending: null, retryId: null, error: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'validNumber', target: 'loading' }, { target: 'notFound' }] },
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderNumber: context.orderNumber as string }),
        onDone: [
          { guard: { type: 'found', params: ({ event }) => event.output }, target: 'loaded', actions: { type: 'setOrder', params: ({ event }) => event.output } },
          { target: 'notFound' },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { entry: 'clearOrder', on: { 'order.retry': 'loading' } },
    notFound: { entry: 'clearOrder' },
    loaded: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'status.change': [
              { guard: 'moveToConfirm', target: 'confirming', actions: 'takeTarget' },
              { guard: 'move', target: 'updating', actions: 'takeTarget' },
            ],
            'ship.open': { guard: 'canShip', target: 'shipping' },
            'refund.open': { guard: 'canRefund', target: 'refunding' },
            'cancel.open': { guard: 'canCancel', target: 'cancelling' },
            'refund.retry': { guard: 'failedRefund', target: 'retrying', actions: { type: 'rememberRetry', params: ({ event }) => ({ refundId: event.refundId }) } },
          },
        },
        shipping: {
          invoke: {
            id: 'shipDialog',
            src: 'shipDialog',
            input: ({ context }) => ({ orderId: orderOf(context).id }),
            onDone: [
              {
                guard: { type: 'shipped', params: ({ event }) => event.output },
                target: 'reloading',
                actions: [
                  { type: 'applyShipment', params: ({ event }) => event.output },
                  { type: 'notify', params: ({ context }) => ({ kind: 'shipped', orderNumber: orderOf(context).orderNumber }) },
                ],
              },
              { guard: { type: 'changed', params: ({ event }) => event.output }, target: 'reloading' },
              { target: 'idle' },
            ],
          },
        },
        refunding: {
          invoke: {
            id: 'refundDialog',
            src: 'refundDialog',
            input: ({ context }) => ({ order: orderOf(context), mode: 'partial' as const }),
            onDone: [
              {
                guard: { type: 'refunded', params: ({ event }) => event.output },
                target: 'reloading',
                actions: { type: 'notify', params: ({ context, event }) => refundNotice(context, (event.output as { refund: AdminRefund }).refund) },
              },
              { guard: { type: 'changed', params: ({ event }) => event.output }, target: 'reloading' },
              { target: 'idle' },
            ],
          },
        },
        cancelling: {
          invoke: {
            id: 'refundDialog',
            src: 'refundDialog',
            input: ({ context }) => ({ order: orderOf(context), mode: 'cancel' as const }),
            onDone: [
              {
                guard: { type: 'refunded', params: ({ event }) => event.output },
                target: 'reloading',
                actions: { type: 'notify', params: ({ context, event }) => refundNotice(context, (event.output as { refund: AdminRefund }).refund) },
              },
              { guard: { type: 'changed', params: ({ event }) => event.output }, target: 'reloading' },
              { target: 'idle' },
            ],
          },
        },
        retrying: {
          invoke: {
            id: 'refundOrder',
            src: 'refundOrder',
            input: ({ context }) => ({ refundId: context.retryId as string }),
            onDone: {
              target: 'reloading',
              actions: [{ type: 'notify', params: ({ context, event }) => refundNotice(context, event.output) }, 'forgetRetry'],
            },
            onError: {
              target: 'reloading',
              actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'refundFailed', message: errorMessage(event.error, 'Unknown error') }) }, 'forgetRetry'],
            },
          },
        },
        /** Reading the order again after a change (its refunds, totals and timeline), with the old one still shown. */
        reloading: {
          invoke: {
            id: 'reloadOrder',
            src: 'fetchOrder',
            input: ({ context }) => ({ orderNumber: context.orderNumber as string }),
            onDone: [
              { guard: { type: 'found', params: ({ event }) => event.output }, target: 'idle', actions: { type: 'setOrder', params: ({ event }) => event.output } },
              { target: '#adminOrder.notFound' },
            ],
            // What was done is done; the page keeps what it shows and says the reload failed.
            onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => ({ kind: 'failed', message: errorMessage(event.error, 'Unknown error') }) } },
          },
        },
        confirming: {
          on: {
            'status.confirm': 'updating',
            'status.dismiss': { target: 'idle', actions: 'clearTarget' },
          },
        },
        updating: {
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context }) => {
              const order = context.order as AdminOrderDetail;
              return { id: order.id, from: order.status, to: context.pending as OrderStatus };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'applyStatus', params: ({ event }) => event.output },
                {
                  type: 'notify',
                  params: ({ context }) => ({ kind: 'updated', orderNumber: (context.order as AdminOrderDetail).orderNumber, status: (context.order as AdminOrderDetail).status }),
                },
              ],
            },
            onError: [
              { guard: { type: 'stale', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'refreshing', actions: 'clearTarget' },
              { target: 'idle', actions: ['clearTarget', { type: 'notify', params: ({ event }) => ({ kind: 'failed', message: errorMessage(event.error, 'Unknown error') }) }] },
            ],
          },
        },
        /** Loading the order again after a stale write, with the old one still shown (and no moves offered). */
        refreshing: {
          invoke: {
            id: 'refetchOrder',
            src: 'fetchOrder',
            input: ({ context }) => ({ orderNumber: context.orderNumber as string }),
            onDone: [
              {
                guard: { type: 'found', params: ({ event }) => event.output },
                target: 'idle',
                actions: [
                  { type: 'setOrder', params: ({ event }) => event.output },
                  { type: 'notify', params: ({ context }) => ({ kind: 'stale', orderNumber: (context.order as AdminOrderDetail).orderNumber }) },
                ],
              },
              { target: '#adminOrder.notFound' },
            ],
            onError: { target: '#adminOrder.failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type AdminOrderSnapshot = SnapshotFrom<typeof adminOrderMachine>;
export type AdminOrderStatus = 'loading' | 'loaded' | 'notFound' | 'failed';
export const selectAdminOrderStatus = (snapshot: AdminOrderSnapshot): AdminOrderStatus => {
  const state = topState(snapshot);
  return state === 'start' ? 'loading' : state;
};
/** Within loaded: what the status actions are doing. */
export type AdminOrderStep = ChildStateOf<typeof adminOrderMachine, 'loaded'>;
export const selectAdminOrderStep = (snapshot: AdminOrderSnapshot): AdminOrderStep | null => childState(snapshot, 'loaded');

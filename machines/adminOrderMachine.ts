import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { type AdminOrderDetail, needsConfirmation, nextStatuses, type OrderStatus } from './admin';
import { parseOrderNumber } from './orders';

export type AdminOrderInput = { orderNumber: string };

/** What the admin is told after a status change (the container words it and shows a toast). */
export type AdminOrderNotice =
  | { kind: 'updated'; orderNumber: string; status: string }
  /** Someone else moved the order first; it has been reloaded and shows its current status. */
  | { kind: 'stale'; orderNumber: string }
  | { kind: 'failed'; message: string };

type Context = {
  /** The number from the URL, normalised; null when it is no order number at all. */
  orderNumber: string | null;
  order: AdminOrderDetail | null;
  /** The status being confirmed or written; null otherwise. */
  pending: OrderStatus | null;
  error: string | null;
};

export type AdminOrderEvent =
  | { type: 'order.retry' }
  | { type: 'status.change'; to: OrderStatus }
  | { type: 'status.confirm' }
  | { type: 'status.dismiss' };

const messageOf = (error: unknown): string => {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : 'Unknown error';
};

/** src/api/admin.ts setOrderStatus throws an ApiError with this code when the order is no longer in the status the admin saw. */
const isStaleError = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'stale';

const allowed = (context: Context, to: OrderStatus) => context.order !== null && nextStatuses(context.order.status).includes(to);

/**
 * /admin/orders/{orderNumber} (issue 11 §6): loading → loaded | notFound | failed (Try again). In
 * loaded, the admin moves the order along nextStatuses (the database enforces the same table); a
 * cancel asks first. The write applies only while the order still has the status shown: when
 * another admin moved it first (a `stale` conflict) the order is loaded again and the admin told;
 * any other failure keeps the status shown and says why.
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
  },
  actions: {
    notify: (_, _notice: AdminOrderNotice) => {
      throw new Error('provide notify');
    },
    takeTarget: assign({ pending: ({ event }) => (event.type === 'status.change' ? event.to : null) }),
    clearTarget: assign({ pending: null }),
  },
  guards: {
    validNumber: ({ context }) => context.orderNumber !== null,
    found: (_, output: AdminOrderDetail | null) => output !== null && output !== undefined,
    moveToConfirm: ({ context, event }) => event.type === 'status.change' && allowed(context, event.to) && needsConfirmation(event.to),
    move: ({ context, event }) => event.type === 'status.change' && allowed(context, event.to),
    stale: (_, error: unknown) => isStaleError(error),
  },
}).createMachine({
  id: 'adminOrder',
  context: ({ input }) => ({ orderNumber: parseOrderNumber(input.orderNumber), order: null, pending: null, error: null }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'validNumber', target: 'loading' }, { target: 'notFound' }] },
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderNumber: context.orderNumber as string }),
        onDone: [
          { guard: { type: 'found', params: ({ event }) => event.output }, target: 'loaded', actions: assign({ order: ({ event }) => event.output }) },
          { target: 'notFound' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: { entry: assign({ order: null }), on: { 'order.retry': 'loading' } },
    notFound: { entry: assign({ order: null }) },
    loaded: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'status.change': [
              { guard: 'moveToConfirm', target: 'confirming', actions: 'takeTarget' },
              { guard: 'move', target: 'updating', actions: 'takeTarget' },
            ],
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
                assign({
                  order: ({ context, event }) => ({ ...(context.order as AdminOrderDetail), status: event.output.status, updatedAt: event.output.updatedAt }),
                  pending: null,
                }),
                { type: 'notify', params: ({ context }) => ({ kind: 'updated', orderNumber: (context.order as AdminOrderDetail).orderNumber, status: (context.order as AdminOrderDetail).status }) },
              ],
            },
            onError: [
              { guard: { type: 'stale', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'refreshing', actions: 'clearTarget' },
              { target: 'idle', actions: ['clearTarget', { type: 'notify', params: ({ event }) => ({ kind: 'failed', message: messageOf(event.error) }) }] },
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
                  assign({ order: ({ event }) => event.output }),
                  { type: 'notify', params: ({ context }) => ({ kind: 'stale', orderNumber: (context.order as AdminOrderDetail).orderNumber }) },
                ],
              },
              { target: '#adminOrder.notFound' },
            ],
            onError: { target: '#adminOrder.failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
      },
    },
  },
});

export type AdminOrderSnapshot = SnapshotFrom<typeof adminOrderMachine>;
export type AdminOrderStatus = 'loading' | 'loaded' | 'notFound' | 'failed';
export const selectAdminOrderStatus = (snapshot: AdminOrderSnapshot): AdminOrderStatus =>
  snapshot.matches('start') || snapshot.matches('loading') ? 'loading' : snapshot.matches('loaded') ? 'loaded' : (snapshot.value as 'notFound' | 'failed');
/** Within loaded: what the status actions are doing. */
export type AdminOrderStep = 'idle' | 'confirming' | 'updating' | 'refreshing';
export const selectAdminOrderStep = (snapshot: AdminOrderSnapshot): AdminOrderStep | null =>
  snapshot.matches('loaded') ? ((snapshot.value as { loaded: AdminOrderStep }).loaded as AdminOrderStep) : null;

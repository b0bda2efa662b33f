import { enqueueActions, setup, type SnapshotFrom } from 'xstate';

export type ToastVariant = 'default' | 'destructive' | 'success' | 'info';

/** What a caller asks to show; texts are already translated. */
export type ToastInput = {
  /** Give an id to update or dismiss this toast later; otherwise one is generated. */
  id?: string;
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen before it closes by itself; Infinity keeps it until dismissed. */
  duration?: number;
};

export type Toast = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  /** False once dismissed; the toast is deleted REMOVE_DELAY later. */
  open: boolean;
};

/** SPEC §9 Notifications. */
export const TOAST_LIMIT = 1;
export const REMOVE_DELAY = 1_000_000;
export const DEFAULT_DURATION = 5000;

type Context = { toasts: Toast[]; nextId: number };

export type ToastEvent =
  | { type: 'toast.add'; toast: ToastInput }
  | { type: 'toast.update'; id: string; toast: Partial<Omit<ToastInput, 'id'>> }
  | { type: 'toast.dismiss'; id?: string }
  | { type: 'toast.remove'; id?: string };

/** Ids of the delayed events each toast may have pending. */
const closeTimer = (id: string) => `toast.close:${id}`;
const removeTimer = (id: string) => `toast.remove:${id}`;
const closesByItself = (duration: number) => Number.isFinite(duration) && duration > 0;
/** A positive number of milliseconds or Infinity; anything else means the default. */
const durationOf = (duration: number | undefined) => (duration !== undefined && (closesByItself(duration) || duration === Number.POSITIVE_INFINITY) ? duration : DEFAULT_DURATION);

const targets = (toasts: Toast[], id: string | undefined) => (id === undefined ? toasts : toasts.filter((toast) => toast.id === id));

/**
 * SPEC §4 Notifications: a new toast goes first and at most TOAST_LIMIT stay; update merges into
 * the toast with that id; dismiss closes it (or all) and deletes it REMOVE_DELAY later; remove
 * deletes it (or all). Each toast closes by itself after its duration. Every timer is a delayed
 * event with an id, cancelled when its toast goes, so a simulated clock drives all of them.
 */
export const toastMachine = setup({
  types: { context: {} as Context, events: {} as ToastEvent },
  actions: {
    /** The new toast goes on top; the oldest beyond the limit go, and it closes by itself after its duration. */
    addToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.add') return; // named for one event (not assertEvent: its messages would weigh on the first page)
      const toast: Toast = {
        id: event.toast.id ?? `toast-${context.nextId}`,
        title: event.toast.title,
        description: event.toast.description,
        variant: event.toast.variant ?? 'default',
        duration: durationOf(event.toast.duration),
        open: true,
      };
      const kept = [toast, ...context.toasts.filter((other) => other.id !== toast.id)].slice(0, TOAST_LIMIT);
      // Toasts pushed out (or replaced under the same id) take their timers with them.
      for (const gone of context.toasts.filter((other) => !kept.includes(other))) {
        enqueue.cancel(closeTimer(gone.id));
        enqueue.cancel(removeTimer(gone.id));
      }
      enqueue.assign({ toasts: kept, nextId: context.nextId + 1 });
      if (closesByItself(toast.duration)) {
        enqueue.raise({ type: 'toast.dismiss', id: toast.id }, { id: closeTimer(toast.id), delay: toast.duration });
      }
    }),
    /** Changes a toast's fields (a new duration restarts its countdown). */
    updateToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.update') return; // named for one event (not assertEvent: its messages would weigh on the first page)
      const { id: _ignored, ...fields } = event.toast as ToastInput;
      if (fields.duration !== undefined) fields.duration = durationOf(fields.duration);
      enqueue.assign({ toasts: context.toasts.map((toast) => (toast.id === event.id ? { ...toast, ...fields } : toast)) });
      // A new duration restarts the countdown of a toast still on screen.
      const toast = context.toasts.find((t) => t.id === event.id);
      if (toast?.open && fields.duration !== undefined) {
        enqueue.cancel(closeTimer(event.id));
        if (closesByItself(fields.duration)) {
          enqueue.raise({ type: 'toast.dismiss', id: event.id }, { id: closeTimer(event.id), delay: fields.duration });
        }
      }
    }),
    /** Closes the toast (or every toast, without an id); it is removed once its exit has played. */
    dismissToasts: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.dismiss') return; // named for one event (not assertEvent: its messages would weigh on the first page)
      // A toast already closed keeps its first removal time.
      for (const toast of targets(context.toasts, event.id).filter((t) => t.open)) {
        enqueue.cancel(closeTimer(toast.id));
        enqueue.raise({ type: 'toast.remove', id: toast.id }, { id: removeTimer(toast.id), delay: REMOVE_DELAY });
      }
      enqueue.assign({
        toasts: context.toasts.map((toast) => (event.id === undefined || toast.id === event.id ? { ...toast, open: false } : toast)),
      });
    }),
    /** Takes the toast (or every toast, without an id) off the list, with its timers. */
    removeToasts: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.remove') return; // named for one event (not assertEvent: its messages would weigh on the first page)
      for (const toast of targets(context.toasts, event.id)) {
        enqueue.cancel(closeTimer(toast.id));
        enqueue.cancel(removeTimer(toast.id));
      }
      enqueue.assign({ toasts: context.toasts.filter((toast) => event.id !== undefined && toast.id !== event.id) });
    }),
  },
  guards: {
    hasTarget: ({ context, event }) =>
      (event.type === 'toast.update' || event.type === 'toast.dismiss' || event.type === 'toast.remove') && targets(context.toasts, event.id).length > 0,
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], nextId: 1 },
  on: {
    'toast.add': {
      actions: 'addToast',
    },
    'toast.update': {
      guard: 'hasTarget',
      actions: 'updateToast',
    },
    'toast.dismiss': {
      guard: 'hasTarget',
      actions: 'dismissToasts',
    },
    'toast.remove': {
      guard: 'hasTarget',
      actions: 'removeToasts',
    },
  },
});

type ToastSnapshot = SnapshotFrom<typeof toastMachine>;

/** Every toast still kept, newest first (closed ones included until they are removed). */
export const selectToasts = (snapshot: ToastSnapshot) => snapshot.context.toasts;

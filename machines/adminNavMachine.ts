import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

/** How often the admin navigation asks again how many reviews wait (new ones arrive from shoppers). */
export const PENDING_REFRESH_MS = 60_000;

type Context = { pendingReviews: number | null };

export type AdminNavEvent = { type: 'nav.refresh' };

/**
 * The admin navigation's count of reviews waiting for moderation: asked on entry, again after a
 * moderation (`nav.refresh`) and every minute. A failed count keeps the last one (or none): the
 * navigation works without it.
 */
export const adminNavMachine = setup({
  types: { context: {} as Context, events: {} as AdminNavEvent },
  actors: {
    countPendingReviews: fromPromise<number>(async () => {
      throw new Error('provide countPendingReviews');
    }),
  },
  actions: {
    setPendingReviews: assign((_, count: number) => ({ pendingReviews: count })),
  },
  delays: { REFRESH: PENDING_REFRESH_MS },
}).createMachine({
  id: 'adminNav',
  context: { pendingReviews: null },
  initial: 'counting',
  states: {
    counting: {
      invoke: {
        src: 'countPendingReviews',
        onDone: { target: 'idle', actions: { type: 'setPendingReviews', params: ({ event }) => event.output } },
        onError: { target: 'idle' },
      },
      on: { 'nav.refresh': { target: 'counting', reenter: true } },
    },
    idle: {
      after: { REFRESH: 'counting' },
      on: { 'nav.refresh': 'counting' },
    },
  },
});

export type AdminNavSnapshot = SnapshotFrom<typeof adminNavMachine>;
export const selectPendingReviews = (snapshot: AdminNavSnapshot) => snapshot.context.pendingReviews;

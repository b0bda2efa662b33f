import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import type { PendingReview, ReviewDecision } from '../domain/reviews';
import { type StateOf, topState } from './status';

/** What the admin is told when a decision ends; the container turns it into a toast. */
export type ReviewModerationNotice =
  | { kind: ReviewDecision }
  /** Someone else decided first: the review is gone from the list, which is not an error. */
  | { kind: 'stale' }
  | { kind: 'failed'; message: string };

type Context = {
  /** Waiting reviews, newest first. */
  reviews: PendingReview[];
  /** Why the list could not be loaded, null otherwise. */
  error: string | null;
  /** Decisions in flight, by review id. */
  deciding: Record<string, ReviewDecision>;
  /** The server's message for a review whose last decision failed (it stays listed), by review id. */
  failures: Record<string, string>;
};

export type ReviewModerationEvent = { type: 'reviews.retry' } | { type: 'review.approve'; id: string } | { type: 'review.reject'; id: string };

/** What a decision's actor reports when it ends (XState's own events for a spawned child). */
type DecisionDone = { type: `xstate.done.actor.${string}`; actorId: string; output: unknown };
type DecisionFailed = { type: `xstate.error.actor.${string}`; actorId: string; error: unknown };

/** The id of the actor that carries a review's decision; its done/error events end in this id. */
export const DECISION_PREFIX = 'moderate.';
export const decisionId = (reviewId: string) => `${DECISION_PREFIX}${reviewId}`;
const reviewIdOf = (event: DecisionDone | DecisionFailed) => event.actorId.slice(DECISION_PREFIX.length);

/** src/api/admin.ts's `stale` conflict: the review was no longer pending when this decision arrived. */
const isStaleError = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'stale';

const newestFirst = (reviews: readonly PendingReview[]) => [...reviews].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
const without = <T>(record: Record<string, T>, key: string) => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

/**
 * Review moderation (/admin/reviews): the reviews waiting, newest first: loading → loaded | failed
 * (Retry). Each review is approved or rejected on its own — several decisions may be in flight at
 * once, and a review whose decision is in flight takes no other. A decision that lands (or one
 * another admin already made: a `stale` conflict) takes the review off the list and tells the admin
 * navigation to count again; one that fails keeps the review, with the server's message.
 */
export const reviewModerationMachine = setup({
  types: { context: {} as Context, events: {} as ReviewModerationEvent | DecisionDone | DecisionFailed },
  actors: {
    fetchPending: fromPromise<PendingReview[]>(async () => {
      throw new Error('provide fetchPending');
    }),
    moderate: fromPromise<void, { id: string; decision: ReviewDecision }>(async () => {
      throw new Error('provide moderate');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    setReviews: assign((_, reviews: PendingReview[]) => ({ reviews: newestFirst(reviews) })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, '') })),
    notify: (_, _notice: ReviewModerationNotice) => {
      throw new Error('provide notify');
    },
    /** The pending count changed: the admin navigation asks again. */
    notifyModerated: (_, _params: undefined) => {
      throw new Error('provide notifyModerated');
    },
    decide: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'review.approve' && event.type !== 'review.reject') return;
      const decision: ReviewDecision = event.type === 'review.approve' ? 'approved' : 'rejected';
      enqueue.assign({ deciding: { ...context.deciding, [event.id]: decision }, failures: without(context.failures, event.id) });
      enqueue.spawnChild('moderate', { id: decisionId(event.id), input: { id: event.id, decision } });
    }),
    removeReview: assign(({ context, event }) => {
      const id = reviewIdOf(event as DecisionDone | DecisionFailed);
      return { reviews: context.reviews.filter((review) => review.id !== id), deciding: without(context.deciding, id) };
    }),
    keepReview: assign(({ context, event }) => {
      const id = reviewIdOf(event as DecisionFailed);
      return { deciding: without(context.deciding, id), failures: { ...context.failures, [id]: errorMessage((event as DecisionFailed).error, '') } };
    }),
  },
  guards: {
    canDecide: ({ context, event }) =>
      (event.type === 'review.approve' || event.type === 'review.reject') && context.reviews.some((review) => review.id === event.id) && !context.deciding[event.id],
    /** The end of a decision this list started (not of any other child). */
    isDecision: ({ context, event }) =>
      'actorId' in event && typeof event.actorId === 'string' && event.actorId.startsWith(DECISION_PREFIX) && reviewIdOf(event) in context.deciding,
    isStale: ({ context, event }) =>
      'actorId' in event && typeof event.actorId === 'string' && reviewIdOf(event) in context.deciding && isStaleError((event as DecisionFailed).error),
  },
}).createMachine({
  id: 'reviewModeration',
  context: { reviews: [], error: null, deciding: {}, failures: {} },
  initial: 'loading',
  states: {
    loading: {
      entry: 'clearError',
      invoke: {
        id: 'fetchPending',
        src: 'fetchPending',
        onDone: { target: 'loaded', actions: { type: 'setReviews', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'reviews.retry': 'loading' } },
    loaded: {
      on: {
        'review.approve': { guard: 'canDecide', actions: 'decide' },
        'review.reject': { guard: 'canDecide', actions: 'decide' },
        'xstate.done.actor.moderate.*': {
          guard: 'isDecision',
          actions: [{ type: 'notify', params: ({ context, event }) => ({ kind: context.deciding[reviewIdOf(event)] }) }, 'removeReview', 'notifyModerated'],
        },
        'xstate.error.actor.moderate.*': [
          { guard: 'isStale', actions: [{ type: 'notify', params: { kind: 'stale' } }, 'removeReview', 'notifyModerated'] },
          {
            guard: 'isDecision',
            actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'failed', message: errorMessage(event.error, '') }) }, 'keepReview'],
          },
        ],
      },
    },
  },
});

export type ReviewModerationSnapshot = SnapshotFrom<typeof reviewModerationMachine>;
export type ReviewModerationStatus = StateOf<typeof reviewModerationMachine>;
export const selectModerationStatus = (snapshot: ReviewModerationSnapshot): ReviewModerationStatus => topState(snapshot);
export const selectReviews = (snapshot: ReviewModerationSnapshot) => snapshot.context.reviews;

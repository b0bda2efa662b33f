import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Page } from '../domain/adminLists';
import { type AdminReview, type AdminReviewQuery, matchesStatus, sameReviewQuery } from '../domain/adminReviews';
import { errorMessage } from '../domain/errors';
import type { ReviewDecision } from '../domain/reviews';
import { type StateOf, topState } from './status';

/** What the admin is told when a decision ends; the container turns it into a toast. */
export type ReviewModerationNotice =
  | { kind: ReviewDecision }
  /** Someone else decided first: the review is gone from the list, which is not an error. */
  | { kind: 'stale' }
  | { kind: 'failed'; message: string };

export type ReviewModerationInput = { query: AdminReviewQuery };

type Context = {
  /** The query shown or being loaded (the URL's). */
  query: AdminReviewQuery;
  /** The page of the last query loaded, newest first. */
  reviews: AdminReview[];
  /** Reviews matching that query over all pages. */
  total: number;
  /** Why the list could not be loaded, null otherwise. */
  error: string | null;
  /** Decisions in flight, by review id. */
  deciding: Record<string, ReviewDecision>;
  /** The server's message for a review whose last decision failed (it stays listed), by review id. */
  failures: Record<string, string>;
};

export type ReviewModerationEvent =
  /** The URL's query (the container sends it on every change). */
  { type: 'reviews.query'; query: AdminReviewQuery } | { type: 'reviews.retry' } | { type: 'review.approve'; id: string } | { type: 'review.reject'; id: string };

/** What a decision's actor reports when it ends (XState's own events for a spawned child). */
type DecisionDone = { type: `xstate.done.actor.${string}`; actorId: string; output: unknown };
type DecisionFailed = { type: `xstate.error.actor.${string}`; actorId: string; error: unknown };

/** The id of the actor that carries a review's decision; its done/error events end in this id. */
export const DECISION_PREFIX = 'moderate.';
export const decisionId = (reviewId: string) => `${DECISION_PREFIX}${reviewId}`;
const reviewIdOf = (event: DecisionDone | DecisionFailed) => event.actorId.slice(DECISION_PREFIX.length);

/** src/api/admin.ts's `stale` conflict: the review was no longer pending when this decision arrived. */
const isStaleError = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'stale';

const newestFirst = (reviews: readonly AdminReview[]) => [...reviews].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
const without = <T>(record: Record<string, T>, key: string) => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};
const only = <T>(record: Record<string, T>, keys: ReadonlySet<string>) => Object.fromEntries(Object.entries(record).filter(([key]) => keys.has(key)));

/**
 * A new query (re)starts the load, stopping the one in flight. Declared per state rather than at
 * the root, like the other admin lists.
 */
const newQuery = { guard: 'newQuery', target: '#reviewModeration.loading', reenter: true, actions: 'takeQuery' } as const;

/**
 * Review moderation (/admin/reviews, issue 24 item 6): one page of reviews newest first, by status
 * (pending by default: the queue) and search, from the URL: loading → loaded | failed (Retry); a
 * new query restarts the load, so an older query's answer never replaces it. Each pending review
 * is approved or rejected on its own — several decisions may be in flight at once, and a review
 * whose decision is in flight takes no other. A decision that lands changes the review's status
 * in place, or takes it off the page when the filter no longer matches (the count goes down); one
 * another admin already made (a `stale` conflict) takes it off too. Either way the admin
 * navigation counts again. One that fails keeps the review, with the server's message. A decision
 * ends wherever the list is (also while the next page loads).
 */
export const reviewModerationMachine = setup({
  types: { context: {} as Context, events: {} as ReviewModerationEvent | DecisionDone | DecisionFailed, input: {} as ReviewModerationInput },
  actors: {
    fetchReviews: fromPromise<Page<AdminReview>, AdminReviewQuery>(async () => {
      throw new Error('provide fetchReviews');
    }),
    moderate: fromPromise<void, { id: string; decision: ReviewDecision }>(async () => {
      throw new Error('provide moderate');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    takeQuery: assign({ query: ({ context, event }) => (event.type === 'reviews.query' ? event.query : context.query) }),
    setPage: assign(({ context }, page: Page<AdminReview>) => ({
      reviews: newestFirst(page.rows),
      total: page.total,
      // A failure is shown on its review; one no longer on the page is forgotten.
      failures: only(context.failures, new Set(page.rows.map((review) => review.id))),
    })),
    setError: assign((_, params: { error: unknown }) => ({ reviews: [], total: 0, failures: {}, error: errorMessage(params.error, '') })),
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
    /** The decision is in the database: the review shows its new status, or leaves a page whose filter it no longer matches. */
    settleReview: assign(({ context, event }) => {
      const id = reviewIdOf(event as DecisionDone);
      const decision = context.deciding[id];
      const listed = context.reviews.some((review) => review.id === id);
      const stays = matchesStatus(context.query, decision);
      return {
        reviews: stays ? context.reviews.map((review) => (review.id === id ? { ...review, status: decision } : review)) : context.reviews.filter((review) => review.id !== id),
        total: listed && !stays ? context.total - 1 : context.total,
        deciding: without(context.deciding, id),
      };
    }),
    /** Someone else decided it (to what, this list does not know): it leaves the page. */
    removeReview: assign(({ context, event }) => {
      const id = reviewIdOf(event as DecisionFailed);
      const listed = context.reviews.some((review) => review.id === id);
      return { reviews: context.reviews.filter((review) => review.id !== id), total: listed ? context.total - 1 : context.total, deciding: without(context.deciding, id) };
    }),
    keepReview: assign(({ context, event }) => {
      const id = reviewIdOf(event as DecisionFailed);
      const listed = context.reviews.some((review) => review.id === id);
      return {
        deciding: without(context.deciding, id),
        failures: listed ? { ...context.failures, [id]: errorMessage((event as DecisionFailed).error, '') } : context.failures,
      };
    }),
  },
  guards: {
    newQuery: ({ context, event }) => event.type === 'reviews.query' && !sameReviewQuery(context.query, event.query),
    canDecide: ({ context, event }) =>
      (event.type === 'review.approve' || event.type === 'review.reject') &&
      context.reviews.some((review) => review.id === event.id && review.status === 'pending') &&
      !context.deciding[event.id],
    /** The end of a decision this list started (not of any other child). */
    isDecision: ({ context, event }) =>
      'actorId' in event && typeof event.actorId === 'string' && event.actorId.startsWith(DECISION_PREFIX) && reviewIdOf(event) in context.deciding,
    isStale: ({ context, event }) =>
      'actorId' in event && typeof event.actorId === 'string' && reviewIdOf(event) in context.deciding && isStaleError((event as DecisionFailed).error),
  },
}).createMachine({
  id: 'reviewModeration',
  context: ({ input }) => ({ query: input.query, reviews: [], total: 0, error: null, deciding: {}, failures: {} }),
  initial: 'loading',
  on: {
    'xstate.done.actor.moderate.*': {
      guard: 'isDecision',
      actions: [{ type: 'notify', params: ({ context, event }) => ({ kind: context.deciding[reviewIdOf(event)] }) }, 'settleReview', 'notifyModerated'],
    },
    'xstate.error.actor.moderate.*': [
      { guard: 'isStale', actions: [{ type: 'notify', params: { kind: 'stale' } }, 'removeReview', 'notifyModerated'] },
      {
        guard: 'isDecision',
        actions: [{ type: 'notify', params: ({ event }) => ({ kind: 'failed', message: errorMessage(event.error, '') }) }, 'keepReview'],
      },
    ],
  },
  states: {
    loading: {
      on: { 'reviews.query': newQuery },
      entry: 'clearError',
      invoke: {
        id: 'fetchReviews',
        src: 'fetchReviews',
        input: ({ context }) => context.query,
        onDone: { target: 'loaded', actions: { type: 'setPage', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'reviews.query': newQuery, 'reviews.retry': 'loading' } },
    loaded: {
      on: {
        'reviews.query': newQuery,
        'review.approve': { guard: 'canDecide', actions: 'decide' },
        'review.reject': { guard: 'canDecide', actions: 'decide' },
      },
    },
  },
});

export type ReviewModerationSnapshot = SnapshotFrom<typeof reviewModerationMachine>;
export type ReviewModerationStatus = StateOf<typeof reviewModerationMachine>;
export const selectModerationStatus = (snapshot: ReviewModerationSnapshot): ReviewModerationStatus => topState(snapshot);
export const selectReviews = (snapshot: ReviewModerationSnapshot) => snapshot.context.reviews;

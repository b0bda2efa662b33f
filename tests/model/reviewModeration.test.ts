import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { Page } from '../../domain/adminLists';
import { type AdminReview, type AdminReviewQuery, DEFAULT_ADMIN_REVIEW_QUERY, matchesStatus } from '../../domain/adminReviews';
import type { ReviewDecision } from '../../domain/reviews';
import {
  decisionId,
  type ReviewModerationEvent,
  type ReviewModerationNotice,
  reviewModerationMachine,
  selectModerationStatus,
  selectReviews,
} from '../../machines/reviewModerationMachine';
import { ApiError } from '../../src/api/errors';
import { APPROVED_REVIEW, PENDING_REVIEWS, SHAKER_REVIEW, SHORTS_REVIEW, TEE_REVIEW } from '../../stories/fixtures/admin-reviews';
import { activeIds, declaredTransitions, explore, graphIsFinite, stateIds, transitionIds, withIgnored } from './graph';
import { type Deferred, deferredActor, tick } from './support';

type Snapshot = SnapshotFrom<typeof reviewModerationMachine>;

const A = TEE_REVIEW;
const B = SHAKER_REVIEW;
const PENDING: AdminReviewQuery = DEFAULT_ADMIN_REVIEW_QUERY;
/** Every status, page 2: a decision keeps its review listed, with its new status. */
const ALL_PAGE_2: AdminReviewQuery = { status: 'all', q: 'tee', page: 2 };
type PendingReview = AdminReview;
const offline = new ApiError('network', 'Failed to fetch');
/** What src/api/admin.ts throws when another admin decided first. */
const alreadyDecided = new ApiError('conflict', 'This review was already moderated.', { code: 'stale' });
const refused = new ApiError('unauthorized', 'permission denied for table reviews', { code: '42501', status: 403 });

/**
 * A decision's end as the graph offers it: the machine listens for `xstate.done.actor.moderate.*`,
 * and an event of exactly that type (with the actor's id) takes the same transition as the real
 * `xstate.done.actor.moderate.<review id>`. The harness turns it into the fake request's answer.
 */
type DecisionEnd = { type: 'xstate.done.actor.moderate.*'; actorId: string; output: undefined } | { type: 'xstate.error.actor.moderate.*'; actorId: string; error: unknown };
type GraphEvent =
  | ReviewModerationEvent
  | { type: 'xstate.done.actor.fetchReviews'; output: Page<AdminReview> }
  | { type: 'xstate.error.actor.fetchReviews'; error: unknown }
  | DecisionEnd;

const decided = (review: PendingReview): DecisionEnd => ({ type: 'xstate.done.actor.moderate.*', actorId: decisionId(review.id), output: undefined });
const failed = (review: PendingReview, error: unknown): DecisionEnd => ({ type: 'xstate.error.actor.moderate.*', actorId: decisionId(review.id), error });

const events: GraphEvent[] = [
  { type: 'reviews.retry' },
  { type: 'reviews.query', query: PENDING },
  { type: 'reviews.query', query: ALL_PAGE_2 },
  // Oldest first, as a database without the order would send them; more on other pages.
  { type: 'xstate.done.actor.fetchReviews', output: { rows: [B, A], total: 30 } },
  { type: 'xstate.done.actor.fetchReviews', output: { rows: [], total: 0 } },
  { type: 'xstate.error.actor.fetchReviews', error: offline },
  { type: 'review.approve', id: A.id },
  { type: 'review.reject', id: A.id },
  { type: 'review.approve', id: B.id },
  { type: 'review.reject', id: B.id },
  // A review this list does not hold.
  { type: 'review.approve', id: SHORTS_REVIEW.id },
  decided(A),
  decided(B),
  failed(A, alreadyDecided),
  failed(B, alreadyDecided),
  failed(A, refused),
  failed(B, refused),
];

type Decision = { id: string; decision: ReviewDecision };

function harness() {
  const fetches: Deferred<AdminReviewQuery, Page<AdminReview>>[] = [];
  const decisions: (Deferred<Decision, void> & { settled: boolean })[] = [];
  const notices: ReviewModerationNotice[] = [];
  let moderated = 0;
  const machine = reviewModerationMachine.provide({
    actors: {
      fetchReviews: deferredActor(fetches),
      moderate: fromPromise<void, Decision>(({ input }) => new Promise((resolve, reject) => decisions.push({ input, resolve, reject, settled: false }))),
    },
    actions: {
      notify: (_, notice) => notices.push(notice),
      notifyModerated: () => {
        moderated++;
      },
    },
  });
  const actor = createActor(machine, { input: { query: PENDING } }).start();
  /** The open request deciding this review, if there is one (never more than one). */
  const openDecision = (actorId: string) => {
    const found = decisions.filter((d) => !d.settled && decisionId(d.input.id) === actorId);
    expect(found.length).toBeLessThanOrEqual(1);
    if (found[0]) found[0].settled = true;
    return found[0];
  };
  async function play(event: GraphEvent) {
    switch (event.type) {
      case 'xstate.done.actor.fetchReviews':
        fetches.at(-1)?.resolve(event.output as never);
        return tick();
      case 'xstate.error.actor.fetchReviews':
        fetches.at(-1)?.reject(event.error);
        return tick();
      // With no request open for that review nothing can end (the graph offers these ends everywhere).
      case 'xstate.done.actor.moderate.*': {
        const open = openDecision(event.actorId);
        if (!open) return;
        open.resolve(undefined as never);
        return tick();
      }
      case 'xstate.error.actor.moderate.*': {
        const open = openDecision(event.actorId);
        if (!open) return;
        open.reject(event.error);
        return tick();
      }
      default:
        actor.send(event);
    }
  }
  return { actor, fetches, decisions, notices, moderatedCount: () => moderated, play, tick };
}

const ids = (reviews: readonly PendingReview[]) => reviews.map((r) => r.id);
const reviewOf = (actorId: string) => [A, B].find((r) => decisionId(r.id) === actorId) as PendingReview;

describe('review moderation machine: graph coverage', () => {
  const finite = graphIsFinite(reviewModerationMachine, { query: PENDING }, events, 50000);
  const { paths, taken } = finite ? explore(reviewModerationMachine, { query: PENDING }, events) : { paths: [], taken: new Set<string>() };
  const initial = createActor(reviewModerationMachine, { input: { query: PENDING } }).getSnapshot();

  it('has a finite graph for these events', () => {
    expect(finite).toBe(true);
  });

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(reviewModerationMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(reviewModerationMachine).sort());
  });

  it('replays every path with fake requests and checks the list, the requests and the notices after each step', async () => {
    expect(paths.length).toBeGreaterThan(20);
    for (const path of [[], ...paths]) {
      const h = harness();
      expect(h.fetches).toHaveLength(1);
      let from = initial as Snapshot;
      /** The model: the query, what the list must hold and its count, and which decision is in flight for which review. */
      let query = PENDING;
      let listed: PendingReview[] = [];
      let total = 0;
      const inFlight = new Map<string, ReviewDecision>();
      const failures = new Map<string, string>();
      const isListed = (id: string) => listed.some((r) => r.id === id);
      const dropFromList = (id: string) => {
        if (!isListed(id)) return;
        listed = listed.filter((r) => r.id !== id);
        total--;
      };
      for (const step of withIgnored(reviewModerationMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(reviewModerationMachine, from, event).length > 0;
        from = step.state as Snapshot;
        const before = h.actor.getSnapshot();
        const counts = { fetches: h.fetches.length, decisions: h.decisions.length, notices: h.notices.length, moderated: h.moderatedCount() };
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);

        if (!handled) {
          expect(snapshot.value).toEqual(before.value);
          expect(snapshot.context).toEqual(before.context);
          expect(h.fetches.length).toBe(counts.fetches);
          expect(h.decisions.length).toBe(counts.decisions);
          expect(h.notices.length).toBe(counts.notices);
          expect(h.moderatedCount()).toBe(counts.moderated);
          continue;
        }

        const newNotices = h.notices.slice(counts.notices);
        const newDecisions = h.decisions.slice(counts.decisions).map((d) => d.input);
        const moderatedNow = h.moderatedCount() - counts.moderated;
        switch (event.type) {
          case 'reviews.retry':
            expect(before.value).toBe('failed');
            expect(h.fetches.length).toBe(counts.fetches + 1);
            expect(h.fetches.at(-1)?.input).toEqual(query);
            break;
          case 'reviews.query':
            // Only a query other than the one shown loads, and it asks for exactly that.
            expect(event.query).not.toEqual(query);
            query = event.query;
            expect(h.fetches.length).toBe(counts.fetches + 1);
            expect(h.fetches.at(-1)?.input).toEqual(query);
            expect(selectModerationStatus(snapshot)).toBe('loading');
            break;
          case 'xstate.done.actor.fetchReviews':
            listed = [...event.output.rows].sort((x, y) => y.createdAt.localeCompare(x.createdAt));
            total = event.output.total;
            for (const id of [...failures.keys()]) if (!isListed(id)) failures.delete(id);
            break;
          case 'xstate.error.actor.fetchReviews':
            listed = [];
            total = 0;
            failures.clear();
            break;
          case 'review.approve':
          case 'review.reject': {
            const decision: ReviewDecision = event.type === 'review.approve' ? 'approved' : 'rejected';
            // Only a listed pending review that is not already being decided starts a request.
            expect(listed.find((r) => r.id === event.id)?.status).toBe('pending');
            expect(inFlight.has(event.id)).toBe(false);
            expect(newDecisions).toEqual([{ id: event.id, decision }]);
            inFlight.set(event.id, decision);
            failures.delete(event.id);
            break;
          }
          case 'xstate.done.actor.moderate.*': {
            const review = reviewOf(event.actorId);
            const decision = inFlight.get(review.id) as ReviewDecision;
            expect(newNotices).toEqual([{ kind: decision }]);
            expect(moderatedNow).toBe(1);
            inFlight.delete(review.id);
            // Still matching the filter: listed with its new status; else off the page, one fewer in the count.
            if (matchesStatus(query, decision)) listed = listed.map((r) => (r.id === review.id ? { ...r, status: decision } : r));
            else dropFromList(review.id);
            break;
          }
          case 'xstate.error.actor.moderate.*': {
            const review = reviewOf(event.actorId);
            inFlight.delete(review.id);
            if (event.error === alreadyDecided) {
              // Someone else decided: gone, with a notice rather than an error, and the count refreshes.
              expect(newNotices).toEqual([{ kind: 'stale' }]);
              expect(moderatedNow).toBe(1);
              dropFromList(review.id);
            } else {
              expect(newNotices).toEqual([{ kind: 'failed', message: 'permission denied for table reviews' }]);
              expect(moderatedNow).toBe(0);
              if (isListed(review.id)) failures.set(review.id, 'permission denied for table reviews');
            }
            break;
          }
        }
        if (event.type !== 'xstate.done.actor.moderate.*' && event.type !== 'xstate.error.actor.moderate.*') {
          expect(newNotices).toEqual([]);
          expect(moderatedNow).toBe(0);
        }
        if (event.type !== 'review.approve' && event.type !== 'review.reject') expect(newDecisions).toEqual([]);
        if (event.type !== 'reviews.query' && event.type !== 'reviews.retry') expect(h.fetches.length).toBe(counts.fetches);

        // Always: the query, the list (newest first, with statuses) and its count are the model's; failures only for listed reviews.
        expect(snapshot.context.query).toEqual(query);
        expect(selectReviews(snapshot).map((r) => [r.id, r.status])).toEqual(listed.map((r) => [r.id, r.status]));
        expect(snapshot.context.total).toBe(total);
        expect(snapshot.context.deciding).toEqual(Object.fromEntries(inFlight));
        expect(snapshot.context.failures).toEqual(Object.fromEntries(failures));
        for (const id of failures.keys()) expect(isListed(id)).toBe(true);
        // One request per review at a time.
        expect(
          h.decisions
            .filter((d) => !d.settled)
            .map((d) => d.input.id)
            .sort(),
        ).toEqual([...inFlight.keys()].sort());
        // From here, exactly the listed pending reviews with nothing in flight take a decision (whatever paths the graph chose).
        for (const decision of events.filter((e) => e.type === 'review.approve' || e.type === 'review.reject')) {
          const open = selectModerationStatus(snapshot) === 'loaded' && listed.some((r) => r.id === decision.id && r.status === 'pending') && !inFlight.has(decision.id);
          expect(transitionIds(reviewModerationMachine, snapshot, decision).length > 0).toBe(open);
        }

        switch (selectModerationStatus(snapshot)) {
          case 'loading':
            expect(snapshot.context.error).toBeNull();
            break;
          case 'failed':
            expect(snapshot.context.error).toBe('Failed to fetch');
            expect(selectReviews(snapshot)).toEqual([]);
            break;
          case 'loaded':
            expect(snapshot.context.error).toBeNull();
            break;
        }
      }
      h.actor.stop();
    }
  });
});

describe('review moderation machine: rules', () => {
  async function loaded(reviews: PendingReview[] = PENDING_REVIEWS) {
    const h = harness();
    await h.play({ type: 'xstate.done.actor.fetchReviews', output: { rows: reviews, total: reviews.length } });
    return h;
  }
  const shown = (h: ReturnType<typeof harness>) => ids(selectReviews(h.actor.getSnapshot()));
  const shownIds = shown;

  it('lists the waiting reviews newest first', async () => {
    const h = await loaded([SHORTS_REVIEW, TEE_REVIEW, SHAKER_REVIEW]);
    expect(selectModerationStatus(h.actor.getSnapshot())).toBe('loaded');
    expect(shown(h)).toEqual(ids(PENDING_REVIEWS));
  });

  it('an approved review leaves the list only when the database has it, then the navigation counts again', async () => {
    const h = await loaded();
    h.actor.send({ type: 'review.approve', id: TEE_REVIEW.id });
    expect(h.decisions.map((d) => d.input)).toEqual([{ id: TEE_REVIEW.id, decision: 'approved' }]);
    expect(shown(h)).toEqual(ids(PENDING_REVIEWS));
    expect(h.actor.getSnapshot().context.deciding).toEqual({ [TEE_REVIEW.id]: 'approved' });
    expect(h.moderatedCount()).toBe(0);
    await h.play(decided(TEE_REVIEW));
    expect(shown(h)).toEqual([SHAKER_REVIEW.id, SHORTS_REVIEW.id]);
    expect(h.notices).toEqual([{ kind: 'approved' }]);
    expect(h.moderatedCount()).toBe(1);
  });

  it('decides several reviews at once, whichever answers first', async () => {
    const h = await loaded();
    h.actor.send({ type: 'review.approve', id: TEE_REVIEW.id });
    h.actor.send({ type: 'review.reject', id: SHAKER_REVIEW.id });
    h.actor.send({ type: 'review.approve', id: SHORTS_REVIEW.id });
    expect(h.decisions).toHaveLength(3);
    h.decisions[1].reject(refused);
    h.decisions[2].resolve(undefined as never);
    await h.tick();
    h.decisions[0].resolve(undefined as never);
    await h.tick();
    expect(shown(h)).toEqual([SHAKER_REVIEW.id]);
    expect(h.notices).toEqual([{ kind: 'failed', message: refused.message }, { kind: 'approved' }, { kind: 'approved' }]);
    expect(h.moderatedCount()).toBe(2);
    expect(h.actor.getSnapshot().context.deciding).toEqual({});
  });

  it('a review being decided takes no second decision', async () => {
    const h = await loaded();
    h.actor.send({ type: 'review.approve', id: TEE_REVIEW.id });
    h.actor.send({ type: 'review.approve', id: TEE_REVIEW.id });
    h.actor.send({ type: 'review.reject', id: TEE_REVIEW.id });
    expect(h.decisions.map((d) => d.input)).toEqual([{ id: TEE_REVIEW.id, decision: 'approved' }]);
  });

  it('a review someone else already decided leaves the list with a notice, not an error', async () => {
    const h = await loaded();
    h.actor.send({ type: 'review.reject', id: SHAKER_REVIEW.id });
    await h.play(failed(SHAKER_REVIEW, alreadyDecided));
    expect(shown(h)).toEqual([TEE_REVIEW.id, SHORTS_REVIEW.id]);
    expect(h.notices).toEqual([{ kind: 'stale' }]);
    expect(h.moderatedCount()).toBe(1);
    expect(h.actor.getSnapshot().context.failures).toEqual({});
  });

  it('any other failure keeps the review with the server message, and deciding again clears it', async () => {
    const h = await loaded();
    h.actor.send({ type: 'review.approve', id: TEE_REVIEW.id });
    await h.play(failed(TEE_REVIEW, refused));
    expect(shown(h)).toEqual(ids(PENDING_REVIEWS));
    expect(h.actor.getSnapshot().context.failures).toEqual({ [TEE_REVIEW.id]: 'permission denied for table reviews' });
    expect(h.moderatedCount()).toBe(0);
    h.actor.send({ type: 'review.reject', id: TEE_REVIEW.id });
    expect(h.actor.getSnapshot().context.failures).toEqual({});
    await h.play(decided(TEE_REVIEW));
    expect(h.notices).toEqual([{ kind: 'failed', message: refused.message }, { kind: 'rejected' }]);
    expect(shown(h)).toEqual([SHAKER_REVIEW.id, SHORTS_REVIEW.id]);
  });

  it('a failed load can be retried, which asks again', async () => {
    const h = harness();
    await h.play({ type: 'xstate.error.actor.fetchReviews', error: offline });
    expect(selectModerationStatus(h.actor.getSnapshot())).toBe('failed');
    h.actor.send({ type: 'review.approve', id: TEE_REVIEW.id });
    expect(h.decisions).toHaveLength(0);
    h.actor.send({ type: 'reviews.retry' });
    expect(selectModerationStatus(h.actor.getSnapshot())).toBe('loading');
    expect(h.actor.getSnapshot().context.error).toBeNull();
    expect(h.fetches).toHaveLength(2);
    await h.play({ type: 'xstate.done.actor.fetchReviews', output: { rows: PENDING_REVIEWS, total: 3 } });
    expect(shown(h)).toEqual(ids(PENDING_REVIEWS));
  });
  it('a new query (status, search, page) asks for it; an older answer that arrives late is ignored; the same query asks nothing', async () => {
    const h = harness();
    h.actor.send({ type: 'reviews.query', query: PENDING });
    expect(h.fetches.map((f) => f.input)).toEqual([PENDING]);
    h.actor.send({ type: 'reviews.query', query: ALL_PAGE_2 });
    expect(h.fetches.map((f) => f.input)).toEqual([PENDING, ALL_PAGE_2]);
    h.fetches[1].resolve({ rows: [APPROVED_REVIEW], total: 26 });
    await h.tick();
    h.fetches[0].resolve({ rows: PENDING_REVIEWS, total: 3 });
    await h.tick();
    expect(h.actor.getSnapshot().context).toMatchObject({ query: ALL_PAGE_2, total: 26 });
    expect(shownIds(h)).toEqual([APPROVED_REVIEW.id]);
  });

  it('under "all" a decided review stays with its new status and the count stays; a moderated review takes no decision', async () => {
    const h = harness();
    h.actor.send({ type: 'reviews.query', query: ALL_PAGE_2 });
    await h.play({ type: 'xstate.done.actor.fetchReviews', output: { rows: [TEE_REVIEW, APPROVED_REVIEW], total: 27 } });
    h.actor.send({ type: 'review.reject', id: APPROVED_REVIEW.id });
    expect(h.decisions).toHaveLength(0);
    h.actor.send({ type: 'review.reject', id: TEE_REVIEW.id });
    await h.play(decided(TEE_REVIEW));
    expect(selectReviews(h.actor.getSnapshot()).map((r) => r.status)).toEqual(['rejected', 'approved']);
    expect(h.actor.getSnapshot().context.total).toBe(27);
    expect(h.moderatedCount()).toBe(1);
  });

  it('under "pending" a decided review leaves the page and the count goes down, also when it lands while the next page loads', async () => {
    const h = await loaded();
    expect(h.actor.getSnapshot().context.total).toBe(3);
    h.actor.send({ type: 'review.approve', id: TEE_REVIEW.id });
    h.actor.send({ type: 'reviews.query', query: { ...PENDING, page: 2 } });
    expect(selectModerationStatus(h.actor.getSnapshot())).toBe('loading');
    await h.play(decided(TEE_REVIEW));
    expect(h.notices).toEqual([{ kind: 'approved' }]);
    expect(h.moderatedCount()).toBe(1);
    expect(h.actor.getSnapshot().context.deciding).toEqual({});
  });
});

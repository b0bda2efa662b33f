import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { reviewAuthorName } from '../../domain/reviews';
import { type AuthState, EMPTY_DRAFT, type ReviewFormEvent, type ReviewNotice, type ReviewSubmission, reviewFormMachine, reviewFormStatus } from '../../machines/reviewFormMachine';
import { activeIds, declaredTransitions, explore, stateIds, transitionIds, withIgnored } from './graph';

type Snapshot = SnapshotFrom<typeof reviewFormMachine>;

const ALEX = { id: 'u-alex', email: 'alex@nopain-nogain.test', fullName: 'Alex Lifter' };
const ALEX_RENAMED = { ...ALEX, fullName: null };
const MARA = { id: 'u-mara', email: 'mara@example.test', fullName: null };
const input = { productId: 'p-1', auth: { status: 'loading' } as AuthState };

type GraphEvent =
  | ReviewFormEvent
  | { type: 'xstate.done.actor.hasPurchased'; output: boolean }
  | { type: 'xstate.error.actor.hasPurchased'; error: unknown }
  | { type: 'xstate.done.actor.submitReview'; output: undefined }
  | { type: 'xstate.error.actor.submitReview'; error: unknown };

const events: GraphEvent[] = [
  { type: 'auth.changed', auth: { status: 'loading' } },
  { type: 'auth.changed', auth: { status: 'signedOut' } },
  { type: 'auth.changed', auth: { status: 'signedIn', user: ALEX } },
  { type: 'auth.changed', auth: { status: 'signedIn', user: ALEX_RENAMED } },
  { type: 'auth.changed', auth: { status: 'signedIn', user: MARA } },
  { type: 'eligibility.retry' },
  { type: 'rating.set', rating: 3 },
  { type: 'rating.set', rating: 0 },
  { type: 'rating.set', rating: 6 },
  { type: 'rating.set', rating: 2.5 },
  { type: 'draft.change', field: 'title', value: ' Great ' },
  { type: 'draft.change', field: 'title', value: '' },
  { type: 'draft.change', field: 'body', value: 'Solid' },
  { type: 'draft.change', field: 'body', value: '   ' },
  { type: 'review.submit' },
  { type: 'xstate.done.actor.hasPurchased', output: true },
  { type: 'xstate.done.actor.hasPurchased', output: false },
  { type: 'xstate.error.actor.hasPurchased', error: new Error('Failed to fetch') },
  { type: 'xstate.done.actor.submitReview', output: undefined },
  { type: 'xstate.error.actor.submitReview', error: new Error('insert failed') },
];

function harness(start = input) {
  const checks: { productId: string }[] = [];
  const submissions: ReviewSubmission[] = [];
  const notices: ReviewNotice[] = [];
  const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }> = {};
  const machine = reviewFormMachine.provide({
    actors: {
      hasPurchased: fromPromise<boolean, { productId: string }>(({ input }) => {
        checks.push(input);
        return new Promise((resolve, reject) => {
          pending.hasPurchased = { resolve: resolve as (v: unknown) => void, reject };
        });
      }),
      submitReview: fromPromise<void, ReviewSubmission>(({ input }) => {
        submissions.push(input);
        return new Promise((resolve, reject) => {
          pending.submitReview = { resolve: resolve as (v: unknown) => void, reject };
        });
      }),
    },
    actions: { notify: (_, notice) => notices.push(notice) },
  });
  const actor = createActor(machine, { input: start }).start();
  async function play(event: GraphEvent) {
    const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (!match) return actor.send(event as ReviewFormEvent);
    if (match[1] === 'done') pending[match[2]]?.resolve((event as { output: unknown }).output);
    else pending[match[2]]?.reject((event as { error: unknown }).error);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { actor, play, checks, submissions, notices };
}

describe('review form machine: graph coverage', () => {
  const { paths, taken } = explore(reviewFormMachine, input, events);
  const initial = createActor(reviewFormMachine, { input }).getSnapshot();

  it('reaches every state and takes every declared transition', () => {
    const visited = new Set([...activeIds(initial as never), ...paths.flatMap((path) => path.flatMap((step) => activeIds(step.state as never)))]);
    expect([...visited].sort()).toEqual(stateIds(reviewFormMachine).sort());
    expect([...taken].sort()).toEqual(declaredTransitions(reviewFormMachine).sort());
  });

  it('replays every path with fakes and checks what each state promises', async () => {
    for (const path of [[], ...paths]) {
      const h = harness();
      let from = initial as Snapshot;
      for (const step of withIgnored(reviewFormMachine, initial, events, path)) {
        const event = step.event as GraphEvent;
        const handled = transitionIds(reviewFormMachine, from, event).length > 0;
        const before = from;
        from = step.state as Snapshot;
        const counts = { checks: h.checks.length, submissions: h.submissions.length, notices: h.notices.length };
        await h.play(event);
        const snapshot = h.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        expect(snapshot.context).toEqual(step.state.context);
        const status = reviewFormStatus(snapshot);

        if (!handled) {
          expect(snapshot.context).toEqual(before.context);
          expect(h.notices.length).toBe(counts.notices);
          expect(h.submissions.length).toBe(counts.submissions);
          continue;
        }
        // The rating is always a whole number of stars.
        expect([1, 2, 3, 4, 5]).toContain(snapshot.context.draft.rating);

        if (status === 'signInRequired') expect(snapshot.context.user).toBeNull();
        if (status === 'checking' || status === 'purchaseRequired' || status === 'editing' || status === 'submitting') expect(snapshot.context.user).not.toBeNull();
        if (status === 'checkError') expect(snapshot.context.error).toBe('Failed to fetch');
        if (status === 'invalid' && event.type === 'review.submit') expect(snapshot.context.draft.title.trim() === '' || snapshot.context.draft.body.trim() === '').toBe(true);

        if (event.type === 'auth.changed') {
          const switched = event.auth.status !== before.context.auth || (event.auth.status === 'signedIn' ? event.auth.user.id : undefined) !== before.context.user?.id;
          // Another user (or none) starts over with an empty form; a token refresh of the same user keeps everything.
          if (switched) expect(snapshot.context.draft).toEqual(EMPTY_DRAFT);
          else expect(snapshot.context.draft).toEqual(before.context.draft);
          expect(h.checks.length).toBe(counts.checks + (switched && event.auth.status === 'signedIn' ? 1 : 0));
          if (status === 'checking') expect(h.checks.at(-1)).toEqual({ productId: 'p-1' });
        }
        if (event.type === 'eligibility.retry') expect(h.checks.length).toBe(counts.checks + 1);
        if (event.type === 'review.submit') {
          if (status === 'submitting') {
            const { user, draft } = before.context;
            expect(h.submissions.at(-1)).toEqual({
              productId: 'p-1',
              rating: draft.rating,
              title: draft.title.trim(),
              body: draft.body.trim(),
              authorName: reviewAuthorName(user?.fullName, user?.email),
              authorEmail: user?.email,
            });
            expect(h.notices.length).toBe(counts.notices);
          } else {
            expect(status).toBe('invalid');
            expect(h.submissions.length).toBe(counts.submissions);
            expect(h.notices.slice(counts.notices)).toEqual([{ kind: 'invalid' }]);
          }
        }
        if (event.type === 'xstate.done.actor.submitReview') {
          expect(status).toBe('submitted');
          expect(snapshot.context.draft).toEqual(EMPTY_DRAFT);
          expect(h.notices.slice(counts.notices)).toEqual([{ kind: 'submitted', rating: before.context.draft.rating }]);
        }
        if (event.type === 'xstate.error.actor.submitReview') {
          // The texts stay, so nothing typed is lost.
          expect(status).toBe('editing');
          expect(snapshot.context.draft).toEqual(before.context.draft);
          expect(h.notices.slice(counts.notices)).toEqual([{ kind: 'failed' }]);
        }
        if (status === 'submitting' && event.type === 'draft.change') expect(snapshot.context.draft).toEqual(before.context.draft);
      }
      h.actor.stop();
    }
  });
});

describe('review form machine: the start and the bounds', () => {
  it('starts with the check when the shopper is already signed in, with the sign-in hint when signed out', () => {
    const signedIn = harness({ productId: 'p-1', auth: { status: 'signedIn', user: ALEX } });
    expect(reviewFormStatus(signedIn.actor.getSnapshot())).toBe('checking');
    expect(signedIn.checks).toEqual([{ productId: 'p-1' }]);
    const signedOut = harness({ productId: 'p-1', auth: { status: 'signedOut' } });
    expect(reviewFormStatus(signedOut.actor.getSnapshot())).toBe('signInRequired');
    expect(signedOut.checks).toEqual([]);
  });

  it('cuts very long texts to what the database accepts', async () => {
    const h = harness({ productId: 'p-1', auth: { status: 'signedIn', user: ALEX } });
    await h.play({ type: 'xstate.done.actor.hasPurchased', output: true });
    h.actor.send({ type: 'draft.change', field: 'title', value: 'x'.repeat(1000) });
    h.actor.send({ type: 'draft.change', field: 'body', value: 'y'.repeat(10_000) });
    expect(h.actor.getSnapshot().context.draft.title).toHaveLength(200);
    expect(h.actor.getSnapshot().context.draft.body).toHaveLength(5000);
  });
});

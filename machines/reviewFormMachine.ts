import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { errorMessage } from '../domain/errors';
import { DEFAULT_RATING, RATING_MAX, RATING_MIN, type ReviewDraft, reviewAuthorName } from '../domain/reviews';
import { childState, topState } from './status';

/** Who is signed in, as the review form needs it (from the auth actor's session user). */
export type ReviewAuthor = { id: string; email: string; fullName: string | null };
export type AuthState = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: ReviewAuthor };

export type ReviewFormInput = { productId: string; auth: AuthState };

export type ReviewSubmission = ReviewDraft & { productId: string; authorName: string; authorEmail: string | null };

/** What the container shows as a toast. */
export type ReviewNotice = { kind: 'invalid' } | { kind: 'submitted'; rating: number } | { kind: 'failed' };

type Context = {
  productId: string;
  auth: AuthState['status'];
  user: ReviewAuthor | null;
  draft: ReviewDraft;
  /** The last eligibility check's error message. */
  error: string | null;
};

export type ReviewFormEvent =
  | { type: 'auth.changed'; auth: AuthState }
  | { type: 'eligibility.retry' }
  | { type: 'rating.set'; rating: number }
  | { type: 'draft.change'; field: 'title' | 'body'; value: string }
  | { type: 'review.submit' };

export const EMPTY_DRAFT: ReviewDraft = { rating: DEFAULT_RATING, title: '', body: '' };
/** Bounds the database accepts (kept in the form so a paste cannot make the insert fail). */
export const TITLE_MAX = 200;
export const BODY_MAX = 5000;

const complete = (draft: ReviewDraft) => draft.title.trim() !== '' && draft.body.trim() !== '';
const userOf = (auth: AuthState) => (auth.status === 'signedIn' ? auth.user : null);

/**
 * The write-a-review form (SPEC §5 Review, §8): signed out → sign in required; signed in → check a
 * purchase → eligible | purchase required | check failed. Eligible: rating (1–5, default 5), title
 * and body required; submitting → submitted (form reset, waits for moderation) or the texts stay.
 */
export const reviewFormMachine = setup({
  types: { context: {} as Context, events: {} as ReviewFormEvent, input: {} as ReviewFormInput },
  actors: {
    hasPurchased: fromPromise<boolean, { productId: string }>(async () => {
      throw new Error('provide hasPurchased');
    }),
    submitReview: fromPromise<void, ReviewSubmission>(async () => {
      throw new Error('provide submitReview');
    }),
  },
  actions: {
    notify: (_, _notice: ReviewNotice) => {
      throw new Error('provide notify');
    },
    changeDraft: assign(({ context, event }) =>
      event.type === 'draft.change' ? { draft: { ...context.draft, [event.field]: event.value.slice(0, event.field === 'title' ? TITLE_MAX : BODY_MAX) } } : {},
    ),
    clearDraft: assign({ draft: EMPTY_DRAFT }),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error, 'Unknown error') })),
    setRating: assign(({ context }, params: { rating: number }) => ({ draft: { ...context.draft, rating: params.rating } })),
    storeAuth: assign(({ event }) => (event.type === 'auth.changed' ? { auth: event.auth.status, user: userOf(event.auth) } : {})),
  },
  guards: {
    /** The signed-in customer has bought the product (and so may review it). */
    purchased: (_, bought: boolean) => bought === true,
    /** Someone else (or nobody) is signed in now; a token refresh of the same user is no change. */
    authChanged: ({ context, event }) => event.type === 'auth.changed' && (event.auth.status !== context.auth || userOf(event.auth)?.id !== context.user?.id),
    signedIn: ({ context }) => context.auth === 'signedIn' && context.user !== null,
    signedOut: ({ context }) => context.auth === 'signedOut',
    complete: ({ context }) => complete(context.draft),
    validRating: (_, { rating }: { rating: number }) => Number.isInteger(rating) && rating >= RATING_MIN && rating <= RATING_MAX,
  },
}).createMachine({
  id: 'reviewForm',
  context: ({ input }) => ({ productId: input.productId, auth: input.auth.status, user: userOf(input.auth), draft: EMPTY_DRAFT, error: null }),
  initial: 'waitingForAuth',
  on: {
    'auth.changed': [{ guard: 'authChanged', target: '.waitingForAuth', reenter: true, actions: ['storeAuth', 'clearDraft'] }, { actions: 'storeAuth' }],
  },
  states: {
    /** Until the auth actor knows the session; then straight on to the check or the sign-in hint. */
    waitingForAuth: {
      always: [
        { guard: 'signedIn', target: 'checking' },
        { guard: 'signedOut', target: 'signInRequired' },
      ],
    },
    signInRequired: {},
    checking: {
      entry: 'clearError',
      invoke: {
        id: 'hasPurchased',
        src: 'hasPurchased',
        input: ({ context }) => ({ productId: context.productId }),
        onDone: [{ guard: { type: 'purchased', params: ({ event }) => event.output }, target: 'eligible' }, { target: 'purchaseRequired' }],
        onError: { target: 'checkError', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    purchaseRequired: {},
    checkError: { on: { 'eligibility.retry': 'checking' } },
    eligible: {
      initial: 'editing',
      on: {
        'rating.set': {
          guard: { type: 'validRating', params: ({ event }) => ({ rating: event.rating }) },
          actions: { type: 'setRating', params: ({ event }) => ({ rating: event.rating }) },
        },
        'draft.change': { actions: 'changeDraft' },
      },
      states: {
        editing: {
          on: {
            'review.submit': [
              { guard: 'complete', target: 'submitting' },
              { target: 'invalid', actions: { type: 'notify', params: { kind: 'invalid' } } },
            ],
          },
        },
        /** A submit with an empty title or body: the message shows until a complete one is sent. */
        invalid: {
          on: {
            'review.submit': [
              { guard: 'complete', target: 'submitting' },
              { target: 'invalid', actions: { type: 'notify', params: { kind: 'invalid' } } },
            ],
          },
        },
        submitting: {
          on: { 'rating.set': {}, 'draft.change': {} },
          invoke: {
            id: 'submitReview',
            src: 'submitReview',
            input: ({ context }) => ({
              productId: context.productId,
              ...context.draft,
              title: context.draft.title.trim(),
              body: context.draft.body.trim(),
              authorName: reviewAuthorName(context.user?.fullName, context.user?.email),
              authorEmail: context.user?.email ?? null,
            }),
            onDone: {
              target: 'submitted',
              actions: [{ type: 'notify', params: ({ context }) => ({ kind: 'submitted', rating: context.draft.rating }) }, 'clearDraft'],
            },
            onError: { target: 'editing', actions: { type: 'notify', params: { kind: 'failed' } } },
          },
        },
        /** The form is empty again and says the review waits for approval. */
        submitted: {
          on: {
            // The form was just emptied: sending it again is a submit with empty fields.
            'review.submit': { target: 'invalid', actions: { type: 'notify', params: { kind: 'invalid' } } },
            'draft.change': { target: 'editing', actions: 'changeDraft' },
          },
        },
      },
    },
  },
});

export type ReviewFormStatus = 'waitingForAuth' | 'signInRequired' | 'checking' | 'purchaseRequired' | 'checkError' | 'editing' | 'invalid' | 'submitting' | 'submitted';

/** The form's status, from a snapshot value. */
export function reviewFormStatus(snapshot: { value: StateValueFrom<typeof reviewFormMachine> }): ReviewFormStatus {
  const state = topState(snapshot);
  return state === 'eligible' ? (childState(snapshot, 'eligible') ?? 'editing') : state;
}

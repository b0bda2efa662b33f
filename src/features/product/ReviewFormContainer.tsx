import { useAuthSelector } from '../../services/useAuthSelector';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { selectAuthStatus, selectUser } from '../../../machines/authMachine';
import type { Product } from '../../../domain/catalogue';
import { type AuthState, type ReviewNotice, reviewFormMachine, reviewFormStatus } from '../../../machines/reviewFormMachine';
import { hasPurchased, submitReview } from '../../api/reviews';
import { analytics } from '../../services/analytics';
import { useNotify } from '../../services/context';
import { ReviewForm } from './ReviewForm';

const texts = {
  errorTitle: msg`Error`,
  invalid: msg`Please fill in all required fields.`,
  failed: msg`Something went wrong. Please try again.`,
  submittedTitle: msg`Review submitted!`,
  submitted: msg`Your review has been submitted for approval and will appear soon.`,
};

/** The auth actor's state as the review form sees it. */
function useAuthState(): AuthState {
  const status = useAuthSelector(selectAuthStatus);
  const user = useAuthSelector(selectUser);
  if (status === 'signedIn' && user) return { status, user };
  return { status: status === 'loading' ? 'loading' : 'signedOut' };
}

/** The write-a-review form of one product: eligibility follows the signed-in user. */
export function ReviewFormContainer({ product }: { product: Product }) {
  const { i18n } = useLingui();
  const notify = useNotify();
  const auth = useAuthState();
  const toastFor = (notice: ReviewNotice) => {
    if (notice.kind === 'submitted') {
      analytics.submitReview(product, notice.rating);
      return { title: i18n._(texts.submittedTitle), description: i18n._(texts.submitted), variant: 'success' as const };
    }
    return { title: i18n._(texts.errorTitle), description: i18n._(notice.kind === 'invalid' ? texts.invalid : texts.failed), variant: 'destructive' as const };
  };
  const [snapshot, send] = useMachine(
    reviewFormMachine.provide({
      actors: {
        hasPurchased: fromPromise(({ input }) => hasPurchased(input.productId)),
        submitReview: fromPromise(({ input }) => submitReview(input)),
      },
      actions: { notify: (_, notice) => notify(toastFor(notice)) },
    }),
    { input: { productId: product.id, auth } },
  );
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const fullName = auth.status === 'signedIn' ? auth.user.fullName : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the status, user id and name are what the machine compares
  useEffect(() => {
    send({ type: 'auth.changed', auth });
  }, [auth.status, userId, fullName, send]);

  return (
    <ReviewForm
      status={reviewFormStatus(snapshot)}
      draft={snapshot.context.draft}
      error={snapshot.context.error}
      onRating={(rating) => send({ type: 'rating.set', rating })}
      onChange={(field, value) => send({ type: 'draft.change', field, value })}
      onSubmit={() => send({ type: 'review.submit' })}
      onRetry={() => send({ type: 'eligibility.retry' })}
    />
  );
}

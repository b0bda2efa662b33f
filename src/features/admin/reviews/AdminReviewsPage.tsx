import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { type ReviewModerationNotice, reviewModerationMachine, selectModerationStatus, selectReviews } from '../../../../machines/reviewModerationMachine';
import { fetchPendingReviews, moderateReview } from '../../../api/admin';
import { useNotify } from '../../../services/context';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { AdminReviewsView } from './AdminReviewsView';

/** /admin/reviews: approve or reject what shoppers wrote; `onModerated` lets the admin navigation count again. */
export function AdminReviewsPage({ onModerated }: { onModerated: () => void }) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  useDocumentTitle(`${t`Reviews`} · ${t`Admin`}`);
  // The machine is made once; this keeps its actions calling the latest callbacks.
  const latest = useRef({ onModerated, notify });
  latest.current = { onModerated, notify };

  const [snapshot, send] = useMachine(
    reviewModerationMachine.provide({
      actors: {
        fetchPending: fromPromise(() => fetchPendingReviews()),
        moderate: fromPromise(({ input }) => moderateReview(input)),
      },
      actions: {
        notify: (_, notice) => latest.current.notify(toastFor(notice, i18n)),
        notifyModerated: () => latest.current.onModerated(),
      },
    }),
  );
  const { deciding, failures } = snapshot.context;
  return (
    <AdminReviewsView
      status={selectModerationStatus(snapshot)}
      reviews={selectReviews(snapshot)}
      deciding={deciding}
      failures={failures}
      onApprove={(id) => send({ type: 'review.approve', id })}
      onReject={(id) => send({ type: 'review.reject', id })}
      onRetry={() => send({ type: 'reviews.retry' })}
    />
  );
}

const texts = {
  approved: msg`Review approved`,
  approvedDetail: msg`It now appears on the product page.`,
  rejected: msg`Review rejected`,
  stale: msg`This review was already moderated.`,
  failed: msg`Failed to update`,
};

/** Toast texts in the language shown when the decision ends. */
function toastFor(notice: ReviewModerationNotice, i18n: I18n) {
  switch (notice.kind) {
    case 'approved':
      return { title: i18n._(texts.approved), description: i18n._(texts.approvedDetail), variant: 'success' as const };
    case 'rejected':
      return { title: i18n._(texts.rejected), variant: 'success' as const };
    case 'stale':
      return { title: i18n._(texts.stale), variant: 'info' as const };
    case 'failed':
      return { title: i18n._(texts.failed), description: notice.message || undefined, variant: 'destructive' as const };
  }
}

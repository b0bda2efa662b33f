import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { type ReviewModerationNotice, reviewModerationMachine, selectModerationStatus, selectReviews } from '../../../../machines/reviewModerationMachine';
import { adminReviewsHref, parseAdminReviewQuery, withReviewChange } from '../../../../domain/adminReviews';
import { fetchAdminReviews, moderateReview } from '../../../api/admin';
import { useNotify } from '../../../services/context';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { AdminReviewsView } from './AdminReviewsView';

/** /admin/reviews: the URL holds the status, search and page; approve or reject what shoppers wrote; `onModerated` lets the admin navigation count again. */
export function AdminReviewsPage({ onModerated }: { onModerated: () => void }) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => parseAdminReviewQuery(search), [search]);
  useDocumentTitle(`${t`Reviews`} · ${t`Admin`}`);
  // The machine is made once; this keeps its actions calling the latest callbacks.
  const latest = useRef({ onModerated, notify });
  latest.current = { onModerated, notify };

  const [snapshot, send] = useMachine(
    reviewModerationMachine.provide({
      actors: {
        fetchReviews: fromPromise(({ input }) => fetchAdminReviews(input)),
        moderate: fromPromise(({ input }) => moderateReview(input)),
      },
      actions: {
        notify: (_, notice) => latest.current.notify(toastFor(notice, i18n)),
        notifyModerated: () => latest.current.onModerated(),
      },
    }),
    { input: { query } },
  );
  useEffect(() => send({ type: 'reviews.query', query }), [query, send]);
  const { deciding, failures, total } = snapshot.context;
  return (
    <AdminReviewsView
      status={selectModerationStatus(snapshot)}
      query={snapshot.context.query}
      reviews={selectReviews(snapshot)}
      total={total}
      deciding={deciding}
      failures={failures}
      onApprove={(id) => send({ type: 'review.approve', id })}
      onReject={(id) => send({ type: 'review.reject', id })}
      onRetry={() => send({ type: 'reviews.retry' })}
      onStatusChange={(status) => navigate(adminReviewsHref(withReviewChange(snapshot.context.query, { status })))}
      onSearch={(q) => navigate(adminReviewsHref(withReviewChange(snapshot.context.query, { q })))}
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

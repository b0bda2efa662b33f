import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PendingReview, ReviewDecision } from '../../../../domain/reviews';
import type { ReviewModerationStatus } from '../../../../machines/reviewModerationMachine';
import { css, cx } from '../../../../styled-system/css';
import { card } from '../../../ui/Card';
import { pageHeading } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { LoadFailed } from '../shared/LoadFailed';
import { PendingReviewCard } from './PendingReviewCard';

export type AdminReviewsViewProps = {
  status: ReviewModerationStatus;
  /** Waiting reviews, newest first. */
  reviews: PendingReview[];
  /** Decisions in flight, by review id. */
  deciding: Record<string, ReviewDecision>;
  /** The server's message for reviews whose last decision failed, by review id. */
  failures: Record<string, string>;
  onApprove: (id: string) => void;
  onReject: (id: string) => void;
  onRetry: () => void;
};

/** /admin/reviews: the reviews shoppers wrote that wait for approval, newest first, each with Approve and Reject. */
export function AdminReviewsView({ status, reviews, deciding, failures, onApprove, onReject, onRetry }: AdminReviewsViewProps) {
  const { t } = useLingui();
  const count = reviews.length;

  let body: ReactNode;
  if (status === 'loading') {
    body = <Spinner label={t`Loading reviews...`} />;
  } else if (status === 'failed') {
    body = <LoadFailed message={t`Failed to load reviews.`} onRetry={onRetry} />;
  } else if (count === 0) {
    body = (
      <div className={cx(card, css({ display: 'grid', gap: '2', justifyItems: 'center', textAlign: 'center', py: '12' }))}>
        <p className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{t`No reviews are waiting. Nice work!`}</p>
        <p className={css({ color: 'fg.muted' })}>{t`New reviews from shoppers will show up here.`}</p>
      </div>
    );
  } else {
    body = (
      <ul aria-label={t`Reviews waiting for approval`} className={css({ listStyle: 'none', display: 'grid', gap: '4' })}>
        {reviews.map((review) => (
          <li key={review.id} className={css({ minW: 0 })}>
            <PendingReviewCard
              review={review}
              deciding={deciding[review.id] ?? null}
              failure={failures[review.id] ?? null}
              onApprove={() => onApprove(review.id)}
              onReject={() => onReject(review.id)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={css({ display: 'grid', gap: '6', maxW: '4xl' })}>
      <div className={css({ display: 'grid', gap: '2' })}>
        <h1 className={pageHeading}>{t`Reviews`}</h1>
        {status === 'loaded' && count > 0 && (
          <p className={css({ color: 'fg.muted' })}>{plural(count, { one: '# review waiting for approval', other: '# reviews waiting for approval' })}</p>
        )}
      </div>
      {body}
    </div>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import type { AdminReview } from '../../../../domain/adminReviews';
import type { ReviewDecision } from '../../../../domain/reviews';
import { css, cx } from '../../../../styled-system/css';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { card } from '../../../ui/Card';
import { LongDate } from '../../../ui/LongDate';
import { Rating } from '../../../ui/Rating';

export type PendingReviewCardProps = {
  review: AdminReview;
  /** The decision in flight for this review, null when none is. */
  deciding: ReviewDecision | null;
  /** The server's message when the last decision failed, null otherwise. */
  failure: string | null;
  onApprove: () => void;
  onReject: () => void;
};

const muted = css({ color: 'fg.muted', fontSize: 'sm' });
const textLink = css({
  color: 'accent.text',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  _hover: { color: 'fg' },
});

/**
 * One review in /admin/reviews: the product it is about, the stars, what the shopper wrote (as
 * text: HTML shows as typed), who and when; a pending one has Approve / Reject (while a decision is
 * in flight both buttons wait), a moderated one shows its status.
 */
export function PendingReviewCard({ review, deciding, failure, onApprove, onReject }: PendingReviewCardProps) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const { title, rating } = review;
  const stars = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(rating);
  const busy = deciding !== null;
  return (
    <article aria-labelledby={headingId} aria-busy={busy || undefined} className={cx(card, css({ display: 'grid', gap: '3', minW: 0 }))}>
      <p className={cx(muted, css({ overflowWrap: 'anywhere' }))}>
        {review.productSlug ? (
          <Link href={`/shop/${review.productSlug}`} className={textLink}>
            {review.productTitle}
          </Link>
        ) : (
          review.productTitle || t`Unknown product`
        )}
      </p>
      <h2 id={headingId} className={css({ fontSize: 'lg', fontWeight: 'bold', lineHeight: '1.3', overflowWrap: 'anywhere' })}>
        {title}
      </h2>
      <p className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
        <span aria-hidden="true" className={css({ display: 'inline-flex' })}>
          <Rating value={rating} size="sm" />
        </span>
        <span className={muted}>{t`${stars} out of 5 stars`}</span>
      </p>
      <p className={css({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' })}>{review.body}</p>
      <p className={cx(muted, css({ display: 'flex', flexWrap: 'wrap', columnGap: '3', rowGap: '1', overflowWrap: 'anywhere', minW: 0 }))}>
        <span className={css({ fontWeight: 'semibold', color: 'fg' })}>{review.authorName}</span>
        {review.authorEmail ? (
          <a href={`mailto:${review.authorEmail}`} className={cx(textLink, css({ minW: 0 }))}>
            {review.authorEmail}
          </a>
        ) : (
          <span>{t`No e-mail address`}</span>
        )}
        <LongDate iso={review.createdAt} />
      </p>
      {review.status !== 'pending' && <p>{review.status === 'approved' ? <Badge tone="success">{t`Approved`}</Badge> : <Badge tone="neutral">{t`Rejected`}</Badge>}</p>}
      {review.status === 'pending' && (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', pt: '1' })}>
          <Button size="sm" onClick={onApprove} disabled={busy} aria-label={deciding === 'approved' ? t`Approving review “${title}”...` : t`Approve review “${title}”`}>
            {deciding === 'approved' ? t`Approving...` : t`Approve`}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={onReject}
            disabled={busy}
            aria-label={deciding === 'rejected' ? t`Rejecting review “${title}”...` : t`Reject review “${title}”`}
          >
            {deciding === 'rejected' ? t`Rejecting...` : t`Reject`}
          </Button>
        </div>
      )}
      {failure !== null && <p className={css({ color: 'danger', fontSize: 'sm', overflowWrap: 'anywhere' })}>{failure ? t`Failed to update: ${failure}` : t`Failed to update`}</p>}
    </article>
  );
}

import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import type { RatingSummary, Review } from '../../../domain/reviews';
import type { SideStatus } from '../../../machines/productMachine';
import { formatDate } from '../../i18n/format';
import { DEFAULT_LOCALE, isLocale } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Rating } from '../../ui/Rating';
import { Spinner } from '../../ui/Spinner';

export type ReviewsSectionProps = {
  reviewsStatus: SideStatus;
  reviews: Review[];
  rating: RatingSummary | null;
  /** The write-a-review form (its own container). */
  form?: ReactNode;
  onRetry: () => void;
};

/** Approved reviews, newest first (as the api returns them), with the form to write one. */
export function ReviewsSection({ reviewsStatus, reviews, rating, form, onRetry }: ReviewsSectionProps) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  return (
    <section aria-labelledby="product-reviews" aria-busy={reviewsStatus === 'loading'} className={css({ mt: { base: '10', md: '14' } })}>
      <h2 id="product-reviews" className={css({ textStyle: 'heading', fontSize: { base: '2xl', md: '3xl' }, mb: '4' })}>
        <Trans>Reviews</Trans>
      </h2>
      {rating && rating.count > 0 && <RatingLine rating={rating} />}
      <div className={css({ display: 'grid', gap: '8', gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' }, alignItems: 'start', mt: '4' })}>
        <div className={css({ minW: '0' })}>
          {reviewsStatus === 'loading' && <Spinner label={t`Loading reviews...`} />}
          {reviewsStatus === 'error' && (
            <div role="alert" className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })}>
              <p>
                <Trans>Reviews could not be loaded.</Trans>
              </p>
              <Button variant="outline" size="sm" onClick={onRetry}>
                <Trans>Try Again</Trans>
              </Button>
            </div>
          )}
          {reviewsStatus === 'loaded' && reviews.length === 0 && (
            <p className={css({ color: 'fg.muted' })}>
              <Trans>No reviews yet.</Trans>
            </p>
          )}
          {reviewsStatus === 'loaded' && reviews.length > 0 && (
            <ul aria-label={t`Customer reviews`} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
              {reviews.map((review) => (
                <li key={review.id}>
                  <article className={css({ borderBottomWidth: '1px', borderColor: 'border', pb: '4' })}>
                    <Rating value={review.rating} size="sm" />
                    <h3 className={css({ fontWeight: 'bold', mt: '1', overflowWrap: 'anywhere' })}>{review.title}</h3>
                    <p className={css({ mt: '1', whiteSpace: 'pre-line', overflowWrap: 'anywhere' })}>{review.body}</p>
                    <p className={css({ mt: '2', color: 'fg.muted', fontSize: 'sm' })}>
                      {review.author_name} · <time dateTime={review.created_at}>{formatDate(review.created_at, locale)}</time>
                    </p>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
        {form}
      </div>
    </section>
  );
}

/** "★★★★½ 4.5 out of 5 · 3 reviews". */
export function RatingLine({ rating }: { rating: RatingSummary }) {
  const { i18n } = useLingui();
  const average = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(Math.round(rating.average * 10) / 10);
  const count = rating.count;
  return (
    <p className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
      {/* The text next to the stars says the same, so the stars' own label would be read twice. */}
      <span aria-hidden="true" className={css({ display: 'inline-flex' })}>
        <Rating value={rating.average} />
      </span>
      <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        <Trans>{average} out of 5</Trans> · <Plural value={count} one="# review" other="# reviews" />
      </span>
    </p>
  );
}

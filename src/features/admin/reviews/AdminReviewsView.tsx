import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useId } from 'react';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX } from '../../../../domain/adminLists';
import { type AdminReview, type AdminReviewQuery, adminReviewsHref, DEFAULT_ADMIN_REVIEW_QUERY, isReviewStatus } from '../../../../domain/adminReviews';
import { pageCount } from '../../../../domain/paging';
import type { ReviewDecision } from '../../../../domain/reviews';
import type { ReviewModerationStatus } from '../../../../machines/reviewModerationMachine';
import { css, cx } from '../../../../styled-system/css';
import { Button } from '../../../ui/Button';
import { ButtonLink } from '../../../ui/ButtonLink';
import { card } from '../../../ui/Card';
import { pageHeading } from '../../../ui/Page';
import { Spinner } from '../../../ui/Spinner';
import { fieldInput, fieldLabel } from '../../../ui/TextField';
import { selectInput } from '../shared/adminTable';
import { LoadFailed } from '../shared/LoadFailed';
import { Pagination } from '../shared/Pagination';
import { PendingReviewCard } from './PendingReviewCard';

export type AdminReviewsViewProps = {
  status: ReviewModerationStatus;
  /** The query shown (the URL's): the filter's and the search's values, and the page the links lead on from. */
  query: AdminReviewQuery;
  /** The page's reviews, newest first. */
  reviews: AdminReview[];
  /** Reviews matching the query over all pages. */
  total: number;
  /** Decisions in flight, by review id. */
  deciding: Record<string, ReviewDecision>;
  /** The server's message for reviews whose last decision failed, by review id. */
  failures: Record<string, string>;
  onApprove: (id: string) => void;
  onReject: (id: string) => void;
  onRetry: () => void;
  onStatusChange: (status: AdminReviewQuery['status']) => void;
  /** A search was sent (the form's Search button or Enter). */
  onSearch: (q: string) => void;
};

/**
 * /admin/reviews: what shoppers wrote, newest first, a page of 25 at a time; by status (the ones
 * waiting by default) and searched in title, text, author and product. Each waiting review has
 * Approve and Reject.
 */
export function AdminReviewsView({ status, query, reviews, total, deciding, failures, onApprove, onReject, onRetry, onStatusChange, onSearch }: AdminReviewsViewProps) {
  const { t } = useLingui();
  const ids = { status: useId(), search: useId() };
  const count = reviews.length;
  const pending = query.status === 'pending';
  const filtered = query.q !== '';
  const pages = pageCount(total, ADMIN_PAGE_SIZE);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? ''));
  };

  let body: ReactNode;
  if (status === 'loading') {
    body = <Spinner label={t`Loading reviews...`} />;
  } else if (status === 'failed') {
    body = <LoadFailed message={t`Failed to load reviews.`} onRetry={onRetry} />;
  } else if (count === 0 && total > 0) {
    // A page past the last one (an old link, or reviews moderated meanwhile).
    body = (
      <div className={css({ display: 'grid', gap: '3', justifyItems: 'start', py: '4' })}>
        <p>{t`There are no reviews on this page.`}</p>
        <ButtonLink href={adminReviewsHref({ ...query, page: 1 })} variant="outline" size="sm">
          {t`Go to the first page`}
        </ButtonLink>
      </div>
    );
  } else if (count === 0 && pending && !filtered) {
    body = (
      <div className={cx(card, css({ display: 'grid', gap: '2', justifyItems: 'center', textAlign: 'center', py: '12' }))}>
        <p className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{t`No reviews are waiting. Nice work!`}</p>
        <p className={css({ color: 'fg.muted' })}>{t`New reviews from shoppers will show up here.`}</p>
      </div>
    );
  } else if (count === 0) {
    body = (
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4', py: '4' })}>
        <p className={css({ fontWeight: 'semibold' })}>{filtered ? t`No reviews match your search.` : t`No reviews with this status.`}</p>
        {filtered && (
          <ButtonLink href={adminReviewsHref({ ...query, q: '', page: 1 })} variant="outline" size="sm">
            <Trans>Clear search</Trans>
          </ButtonLink>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <ul aria-label={pending ? t`Reviews waiting for approval` : t`Reviews`} className={css({ listStyle: 'none', display: 'grid', gap: '4' })}>
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
        <Pagination page={query.page} pages={pages} href={(page) => adminReviewsHref({ ...query, page })} />
      </>
    );
  }

  return (
    <div className={css({ display: 'grid', gap: '6', maxW: '4xl', minW: '0' })}>
      <div className={css({ display: 'grid', gap: '2' })}>
        <h1 className={pageHeading}>{t`Reviews`}</h1>
        {status === 'loaded' && total > 0 && (
          <p className={css({ color: 'fg.muted' })}>
            {pending && !filtered
              ? plural(total, { one: '# review waiting for approval', other: '# reviews waiting for approval' })
              : plural(total, { one: '# review', other: '# reviews' })}
          </p>
        )}
      </div>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '2fr 1fr' }, alignItems: 'end' })}>
        <form onSubmit={submit} className={css({ display: 'grid', gap: '1.5', minW: '0' })}>
          <label htmlFor={ids.search} className={fieldLabel}>
            <Trans>Search by title, text, author or product</Trans>
          </label>
          <div className={css({ display: 'flex', gap: '2' })}>
            <input
              // A new URL (Back, a link) shows its own search.
              key={query.q}
              id={ids.search}
              name="q"
              type="search"
              defaultValue={query.q}
              maxLength={ADMIN_SEARCH_MAX}
              autoComplete="off"
              spellCheck={false}
              className={cx(fieldInput, css({ flex: '1', minW: '0' }))}
            />
            <Button type="submit" variant="outline">
              <Trans context="search button">Search</Trans>
            </Button>
          </div>
        </form>
        <div className={css({ display: 'grid', gap: '1.5' })}>
          <label htmlFor={ids.status} className={fieldLabel}>
            <Trans>Status</Trans>
          </label>
          <select
            id={ids.status}
            className={selectInput}
            value={query.status}
            onChange={(e) => {
              const value = e.target.value;
              onStatusChange(value === 'all' || isReviewStatus(value) ? value : DEFAULT_ADMIN_REVIEW_QUERY.status);
            }}
          >
            <option value="pending">{t`Pending`}</option>
            <option value="approved">{t`Approved`}</option>
            <option value="rejected">{t`Rejected`}</option>
            <option value="all">{t`All`}</option>
          </select>
        </div>
      </div>
      {body}
    </div>
  );
}

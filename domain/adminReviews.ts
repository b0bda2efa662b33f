/** /admin/reviews (issue 24 item 6): every review a page at a time, by status, searched. */
import { searchTerm } from './adminLists';
import type { PendingReview } from './reviews';

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const isReviewStatus = (value: string): value is ReviewStatus => (REVIEW_STATUSES as readonly string[]).includes(value);

/** A review as the admin list shows it: what the shopper wrote, its product and where moderation stands. */
export type AdminReview = PendingReview & { status: ReviewStatus };

/** The list's query (`?status=&q=&page=`): by default the reviews that wait, the moderation queue. */
export type AdminReviewQuery = { status: ReviewStatus | 'all'; q: string; page: number };
export const DEFAULT_ADMIN_REVIEW_QUERY: AdminReviewQuery = { status: 'pending', q: '', page: 1 };

/**
 * The query string ⇄ AdminReviewQuery. Reading never fails: a value that makes no sense falls back
 * to the default, so a hand-edited or old link still opens the list. The search is trimmed to
 * 100 characters, as the other admin lists take it.
 */
export function parseAdminReviewQuery(search: string): AdminReviewQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status')?.trim().toLowerCase() ?? '';
  const page = params.get('page')?.trim() ?? '';
  const pageNumber = /^\d+$/.test(page) ? Number(page) : Number.NaN;
  return {
    status: status === 'all' || isReviewStatus(status) ? status : DEFAULT_ADMIN_REVIEW_QUERY.status,
    q: searchTerm(params.get('q') ?? ''),
    page: Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1,
  };
}

/** The canonical query string without the leading `?` ('' for the default list: pending, no search, page 1). */
export function serializeAdminReviewQuery(query: AdminReviewQuery): string {
  const params = new URLSearchParams();
  if (query.status !== DEFAULT_ADMIN_REVIEW_QUERY.status) params.set('status', query.status);
  const q = searchTerm(query.q);
  if (q) params.set('q', q);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

export const adminReviewsHref = (query: AdminReviewQuery) => {
  const search = serializeAdminReviewQuery(query);
  return search ? `/admin/reviews?${search}` : '/admin/reviews';
};

/** A new filter or search starts again at page 1. */
export const withReviewChange = (query: AdminReviewQuery, change: { status: AdminReviewQuery['status'] } | { q: string }): AdminReviewQuery => ({ ...query, ...change, page: 1 });

export const sameReviewQuery = (a: AdminReviewQuery, b: AdminReviewQuery) => a.status === b.status && a.q === b.q && a.page === b.page;

/** Whether a review with this status still belongs in the list the query shows. */
export const matchesStatus = (query: AdminReviewQuery, status: ReviewStatus) => query.status === 'all' || query.status === status;

/** Reviews: what a shopper writes and reads (SPEC §6), and what the admin moderates (SPEC §2 Admin). */

export type Review = {
  id: string;
  rating: number;
  title: string;
  body: string;
  author_name: string;
  created_at: string;
};

export type RatingSummary = { average: number; count: number };

export type ReviewDraft = { rating: number; title: string; body: string };

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const DEFAULT_RATING = 5;

/** SPEC §6: full name, else the part of the email before the @, else 'Anonymous'. */
export function reviewAuthorName(fullName: string | null | undefined, email: string | null | undefined): string {
  const name = fullName?.trim();
  if (name) return name.slice(0, 100);
  const local = email?.split('@')[0]?.trim();
  return local ? local.slice(0, 100) : 'Anonymous';
}

export type PendingReview = {
  id: string;
  productId: string;
  productTitle: string;
  productSlug: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  authorEmail: string | null;
  createdAt: string;
};
export type ReviewDecision = 'approved' | 'rejected';

import type { Review, ReviewDraft } from '../../domain/reviews';
import { supabase } from './client';
import { toApiError } from './errors';

/** Approved reviews of a product, newest first (SPEC §7 Reviews). */
export async function fetchReviews(productId: string): Promise<Review[]> {
  const { data, error } = await supabase()
    .from('reviews')
    .select('id,rating,title,body,author_name,created_at')
    .eq('product_id', productId)
    .eq('status', 'approved')
    .order('created_at', { ascending: false })
    .order('id');
  if (error) throw toApiError(error);
  return data as Review[];
}

/**
 * Whether the signed-in shopper has bought the product (a paid, shipped or delivered order of
 * theirs holds it). The database's own `has_purchased` rule, the same one the reviews insert policy
 * checks, so the form never offers what the database would refuse.
 */
export async function hasPurchased(productId: string): Promise<boolean> {
  const { data, error } = await supabase().rpc('has_purchased', { product_uuid: productId });
  if (error) throw toApiError(error);
  return data === true;
}

export type NewReview = ReviewDraft & { productId: string; authorName: string; authorEmail: string | null };

/** SPEC §7 Write review: the row waits for moderation ('pending'); nothing is read back. */
export async function submitReview({ productId, rating, title, body, authorName, authorEmail }: NewReview): Promise<void> {
  const { error } = await supabase()
    .from('reviews')
    .insert({ product_id: productId, rating, title: title.trim(), body: body.trim(), author_name: authorName, author_email: authorEmail, status: 'pending' });
  if (error) throw toApiError(error);
}

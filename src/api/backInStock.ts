import { supabase } from './client';
import { toApiError } from './errors';

export type BackInStockRequest = {
  variantId: string;
  /** A guest's address; null for a signed-in customer's one click (the database takes the account's address). */
  email: string | null;
  /** The language of the e-mails (the page's language). */
  locale: 'en' | 'de';
};

/**
 * "Notify me when it's back" (docs/adr/0038): public.request_back_in_stock. A guest's request waits
 * for the confirmation e-mail's link (double opt-in); a signed-in customer's waits at once. It
 * answers the same whether the address is new, pending or already waiting. Errors: an in-stock
 * variant PT409, an unknown one PT404, a bad address 22023, too many requests PT429.
 */
export async function requestBackInStock({ variantId, email, locale }: BackInStockRequest): Promise<void> {
  const { error } = await supabase().rpc('request_back_in_stock', { variant_id: variantId, email: email?.trim().toLowerCase() ?? null, locale });
  if (error) throw toApiError(error);
}

/** The confirmation e-mail's link: unknown or used PT404, expired PT410. */
export async function confirmBackInStock(token: string): Promise<void> {
  const { error } = await supabase().rpc('confirm_back_in_stock', { token });
  if (error) throw toApiError(error);
}

/** The unsubscribe link of every back-in-stock e-mail; an unknown token is PT404. */
export async function unsubscribeBackInStock(token: string): Promise<void> {
  const { error } = await supabase().rpc('unsubscribe_back_in_stock', { token });
  if (error) throw toApiError(error);
}

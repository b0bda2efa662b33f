import { supabase } from './client';
import { toApiError } from './errors';

export type NewsletterSource = 'footer' | 'account';

export type NewsletterSubscription = {
  email: string;
  source: NewsletterSource;
  /** The language of the confirmation e-mail (the page's language). */
  locale: 'en' | 'de';
};

/**
 * Asks for a subscription (double opt-in, ADR 0022): public.subscribe_newsletter records it as
 * pending and queues the confirmation e-mail. It answers the same whether the address is new,
 * pending or already subscribed, so nothing here can tell them apart. The signed-in customer is
 * taken from the JWT by the database. Too many attempts for one address arrive as an ApiError
 * with status 429 (code PT429).
 */
export async function subscribe({ email, source, locale }: NewsletterSubscription): Promise<void> {
  const { error } = await supabase().rpc('subscribe_newsletter', { email: email.trim().toLowerCase(), source, locale });
  if (error) throw toApiError(error);
}

/**
 * The link in the confirmation e-mail. An unknown, altered or used token is an ApiError with
 * status 404 (code PT404), an expired one status 410 (code PT410); neither changes anything.
 */
export async function confirmSubscription(token: string): Promise<void> {
  const { error } = await supabase().rpc('confirm_newsletter', { token });
  if (error) throw toApiError(error);
}

/** The unsubscribe link of every newsletter e-mail; an unknown token is status 404 (code PT404). */
export async function unsubscribe(token: string): Promise<void> {
  const { error } = await supabase().rpc('unsubscribe_newsletter', { token });
  if (error) throw toApiError(error);
}

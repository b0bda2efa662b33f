import { supabase } from './client';
import { toApiError } from './errors';

export type NewsletterSource = 'footer' | 'account';

export type NewsletterSubscription = {
  email: string;
  userId: string | null;
  /** The table only accepts rows with consent given (check constraint), so the type says so too. */
  consent: true;
  source: NewsletterSource;
};

/**
 * Adds an address to newsletter_subscribers. A second sign-up of the same address (case-insensitive
 * unique index) fails with 23505, which arrives here as an ApiError of kind 'conflict'.
 * No row is read back: visitors may insert but not select.
 */
export async function subscribe({ email, userId, consent, source }: NewsletterSubscription): Promise<void> {
  const { error } = await supabase()
    .from('newsletter_subscribers')
    .insert({ email: email.trim().toLowerCase(), user_id: userId, consent, source });
  if (error) throw toApiError(error);
}

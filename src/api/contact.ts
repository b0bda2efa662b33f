import { supabase } from './client';
import { toApiError } from './errors';

/** Column limits of contact_messages (supabase/migrations/*_customers.sql). */
export const CONTACT_LIMITS = { name: 200, email: 254, subject: 200, message: 5000 } as const;

export type ContactMessage = {
  name: string;
  email: string;
  subject: string;
  message: string;
};

/** Stores a message for the support team; empty name and subject are sent as null. */
export async function sendContactMessage({ name, email, subject, message }: ContactMessage): Promise<void> {
  const { error } = await supabase()
    .from('contact_messages')
    .insert({ name: name.trim() || null, email: email.trim(), subject: subject.trim() || null, message: message.trim() });
  if (error) throw toApiError(error);
}

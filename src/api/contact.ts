import { supabase } from './client';
import { toApiError } from './errors';

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

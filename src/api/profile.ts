import { supabase } from './client';
import { toApiError } from './errors';

export type Profile = { fullName: string; phone: string };
export type ProfileUpdate = Profile & { id: string };

/** The user's profile; a user without a row yet gets empty fields. */
export async function fetchProfile(userId: string): Promise<Profile> {
  const { data, error } = await supabase().from('profiles').select('full_name, phone').eq('id', userId).maybeSingle();
  if (error) throw toApiError(error);
  return { fullName: data?.full_name ?? '', phone: data?.phone ?? '' };
}

/**
 * Creates or updates the row (RLS lets users write only their own); blanks are stored as null.
 * Length limits (full_name 200, phone 40) are checked by machines/profileMachine.ts first.
 */
export async function saveProfile({ id, fullName, phone }: ProfileUpdate): Promise<void> {
  const { error } = await supabase()
    .from('profiles')
    .upsert({ id, full_name: fullName.trim() || null, phone: phone.trim() || null });
  if (error) throw toApiError(error);
}

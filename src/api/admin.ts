import { supabase } from './client';
import { toApiError } from './errors';

/** Whether the signed-in user is an admin, decided by the database (public.is_admin()). */
export async function checkIsAdmin(): Promise<boolean> {
  const { data, error } = await supabase().rpc('is_admin');
  if (error) throw toApiError(error);
  return data === true;
}

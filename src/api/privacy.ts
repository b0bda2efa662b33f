import { SUPABASE_ANON_KEY, SUPABASE_URL, supabase } from './client';
import { ApiError, type ApiErrorKind, toApiError } from './errors';

/** GoTrue's endpoints on the one API host. */
const authUrl = (path = '') => new URL(path ? `auth/v1/${path}` : 'auth/v1', SUPABASE_URL.endsWith('/') ? SUPABASE_URL : `${SUPABASE_URL}/`).href;

/** Everything the database holds about the signed-in customer (public.export_my_data, ADR 0026). */
export type PersonalData = Record<string, unknown>;

/** Art. 15 / 20 GDPR: the signed-in customer's data as one JSON object. */
export async function exportMyData(): Promise<PersonalData> {
  const { data, error } = await supabase().rpc('export_my_data');
  if (error) throw toApiError(error);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new ApiError('unknown', 'The export came back empty.');
  return data as PersonalData;
}

/**
 * Signs in with the password on a client of its own (memory only), so the app's session stays as
 * it is whether the password is right or not. The fresh token proves a password sign-in of just
 * now, which public.delete_my_account asks for. A wrong password is kind 'invalid', code
 * 'invalid_credentials'.
 */
export async function reauthenticate(email: string, password: string): Promise<string> {
  let result: { data: { session: { access_token: string } | null }; error: unknown };
  try {
    const { createMemoryAuthClient } = await import('./authClient');
    const client = createMemoryAuthClient({
      url: authUrl(),
      anonKey: SUPABASE_ANON_KEY,
      storageKey: `${supabase().storageKey}-reauthentication`,
      headers: { 'X-Client-Info': 'npng-storefront (supabase auth-js)' },
      fetch: (...args) => fetch(...args),
    });
    result = await client.signInWithPassword({ email, password });
  } catch (thrown) {
    throw toApiError(thrown);
  }
  if (result.error || !result.data.session) throw toApiError(result.error ?? { message: 'No session', status: 400 });
  return result.data.session.access_token;
}

/** Ends the session reauthenticate() opened when the account stays (a refusal): it is not kept anywhere. */
async function endSession(accessToken: string): Promise<void> {
  await fetch(authUrl('logout?scope=local'), { method: 'POST', headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${accessToken}` } }).catch(() => undefined);
}

/** delete_my_account's refusals (the hint of its error), as the kinds a machine branches on. */
const DELETE_REFUSALS: Record<string, ApiErrorKind> = {
  open_orders: 'conflict',
  admin_account: 'unauthorized',
  reauthentication_needed: 'unauthorized',
  no_account: 'not_found',
  not_signed_in: 'unauthorized',
};

/**
 * Art. 17 GDPR: deletes the account with the token reauthenticate() just got (ADR 0026). A refusal
 * carries its hint as `code` (open_orders, admin_account, reauthentication_needed, …); nothing
 * changed then.
 */
export async function deleteMyAccount(freshAccessToken: string): Promise<void> {
  const { error } = await supabase().rpc('delete_my_account').setHeader('Authorization', `Bearer ${freshAccessToken}`);
  if (!error) return;
  await endSession(freshAccessToken);
  const hint = (error as { hint?: unknown }).hint;
  if (typeof hint === 'string' && Object.hasOwn(DELETE_REFUSALS, hint)) throw new ApiError(DELETE_REFUSALS[hint], error.message, { code: hint });
  throw toApiError(error);
}

import { AuthClient } from '@supabase/supabase-js';

export { isAuthWeakPasswordError } from '@supabase/supabase-js';

/**
 * supabase-js's auth client with `createClient`'s settings. It is most of the Supabase code the
 * storefront ships (~22 KB gzip), so src/api/client.ts loads this module only once something
 * needs it: a stored session, a session arriving in the URL, or a sign-in (ADR 0017).
 */
export function createAuthClient({
  url,
  anonKey,
  storageKey,
  headers,
  fetch,
}: {
  url: string;
  anonKey: string;
  storageKey: string;
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch;
}): InstanceType<typeof AuthClient> {
  return new AuthClient({
    url,
    headers: { ...headers, Authorization: `Bearer ${anonKey}`, apikey: anonKey },
    storageKey,
    // Token refresh is scheduled by the auth machine (machines/authMachine.ts), so the library's
    // own timer is off; the session is kept in localStorage. E-mailed links use PKCE: asking for
    // one (sign-up) stores a code verifier here, and the `?code=` the link brings back is exchanged
    // for the session on load, so a link opened in another browser signs nobody in (./emailLink.ts).
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: true,
    flowType: 'pkce',
    fetch,
  });
}

/**
 * An auth client whose session lives in memory only: signing in with it checks the password and
 * yields a fresh token without replacing the app's stored session (src/api/privacy.ts).
 */
export function createMemoryAuthClient({
  url,
  anonKey,
  storageKey,
  headers,
  fetch,
}: {
  url: string;
  anonKey: string;
  storageKey: string;
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch;
}): InstanceType<typeof AuthClient> {
  return new AuthClient({
    url,
    headers: { ...headers, Authorization: `Bearer ${anonKey}`, apikey: anonKey },
    storageKey,
    autoRefreshToken: false,
    persistSession: false,
    detectSessionInUrl: false,
    fetch,
  });
}

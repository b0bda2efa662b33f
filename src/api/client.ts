import { PostgrestClient } from '@supabase/postgrest-js';
import { AuthClient } from '@supabase/supabase-js';

/** Local defaults: the server/ backend with the Supabase CLI's well-known anon key. */
const LOCAL_URL = 'http://localhost:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const SUPABASE_URL = import.meta.env.VITE_SUPABASE_URL || LOCAL_URL;
export const SUPABASE_ANON_KEY = import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;

/** What the storefront uses of a supabase-js client: auth, tables and database functions. */
export type Client = {
  auth: InstanceType<typeof AuthClient>;
  from: PostgrestClient['from'];
  rpc: PostgrestClient['rpc'];
};

/**
 * supabase-js's own `createClient` wiring for the parts the storefront uses (ADR 0010): its
 * `AuthClient` and the `PostgrestClient` it wraps, with the same URLs, storage key and headers.
 * `createClient` would also build the Realtime, Storage and Functions clients, which no page uses
 * — about 28 KB of gzip JavaScript on every page. Storage (admin image upload) is added with the
 * admin screens, in their own chunk.
 *
 * Requests carry `apikey` and `Authorization: Bearer <the session's access token, or the anon
 * key>` exactly as supabase-js sends them (see ../shared/SUPABASE-WIRE.md).
 */
export function createSupabaseClient(url: string, anonKey: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): Client {
  const base = new URL(url.endsWith('/') ? url : `${url}/`);
  const headers = { 'X-Client-Info': 'npng-storefront (supabase auth-js, postgrest-js)' };
  const auth = new AuthClient({
    url: new URL('auth/v1', base).href,
    headers: { ...headers, Authorization: `Bearer ${anonKey}`, apikey: anonKey },
    storageKey: `sb-${base.hostname.split('.')[0]}-auth-token`,
    // Token refresh is scheduled by the auth machine (machines/authMachine.ts), so the library's
    // own timer is off; the session is kept in localStorage and links that carry a session in the
    // URL (email confirmation) are picked up on load.
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
    fetch: fetchImpl,
  });
  const withAuth: typeof fetch = async (input, init) => {
    const { data } = await auth.getSession();
    const requestHeaders = new Headers(init?.headers);
    if (!requestHeaders.has('apikey')) requestHeaders.set('apikey', anonKey);
    if (!requestHeaders.has('Authorization')) requestHeaders.set('Authorization', `Bearer ${data.session?.access_token ?? anonKey}`);
    return fetchImpl(input, { ...init, headers: requestHeaders });
  };
  const rest = new PostgrestClient(new URL('rest/v1', base).href, { headers, schema: 'public', fetch: withAuth });
  return { auth, from: rest.from.bind(rest), rpc: rest.rpc.bind(rest) };
}

let client: Client | undefined;

/** The one client of the app (src/api/ is the only code that talks to the backend). */
export function supabase(): Client {
  client ??= createSupabaseClient(SUPABASE_URL, SUPABASE_ANON_KEY);
  return client;
}

import { PostgrestClient } from '@supabase/postgrest-js';
import type { AuthClient as SupabaseAuthClient } from '@supabase/supabase-js';

/** Local defaults: the server/ backend with the Supabase CLI's well-known anon key. */
const LOCAL_URL = 'http://localhost:54321';
const LOCAL_ANON_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const SUPABASE_URL = import.meta.env.VITE_SUPABASE_URL || LOCAL_URL;
export const SUPABASE_ANON_KEY = import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY;

/** supabase-js's auth client (the type only: the code is loaded on first use). */
export type AuthClient = InstanceType<typeof SupabaseAuthClient>;
type AuthModule = Pick<typeof import('./authClient'), 'createAuthClient'>;

/** What the storefront uses of a supabase-js client: auth, tables and database functions. */
export type Client = {
  /** supabase-js's auth client, loaded on first use (one instance; a failed load is tried again on the next call). */
  auth(): Promise<AuthClient>;
  /** Calls back with the auth client once it is loaded (at once if it already is). */
  onAuthLoaded(listener: (auth: AuthClient) => void): () => void;
  /**
   * Whether there may be a session: the auth client is loaded, a session is stored under
   * supabase-js's key, or one arrives in the URL. When not, the visitor is anonymous for sure.
   */
  mayHaveSession(): boolean;
  /** The bearer token requests carry: the session's access token, else the anon key. */
  accessToken(): Promise<string>;
  /** supabase-js's localStorage key for the session (`sb-<host>-auth-token`). */
  storageKey: string;
  from: PostgrestClient['from'];
  rpc: PostgrestClient['rpc'];
};

/** GoTrue's auth codes are UUIDs; any other `code` in a shop URL is not an e-mailed link's. */
const AUTH_CODE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the query carries a PKCE auth code, as an e-mailed link brings it back (`?code=<uuid>`). */
export function hasAuthCode(search: string): boolean {
  return AUTH_CODE.test(new URLSearchParams(search).get('code') ?? '');
}

/**
 * Whether the page's URL carries an e-mailed link's failure or code as supabase-js reads them: a
 * PKCE auth code (`?code=<uuid>`) or the auth server's `error_description`, in the query or the hash.
 */
export function hasEmailLinkAnswer(search: string, hash: string): boolean {
  return hasAuthCode(search) || [search, hash.slice(1)].some((params) => new URLSearchParams(params).has('error_description'));
}

/**
 * Whether supabase-js would find a session when it starts: one stored under its key, or an e-mailed
 * link's answer in the URL: a PKCE auth code (`?code=…`, exchanged with the verifier this browser
 * stored when it asked for the link), an implicit-flow `#access_token=…`, or an `error_description`,
 * which it reads from the hash and the query alike.
 */
function sessionMayExist(storageKey: string): boolean {
  if (typeof window === 'undefined') return false;
  const { hash, search } = window.location;
  if (hasEmailLinkAnswer(search, hash) || [search, hash.slice(1)].some((params) => new URLSearchParams(params).has('access_token'))) return true;
  try {
    return window.localStorage.getItem(storageKey) !== null;
  } catch {
    // Storage blocked: supabase-js then keeps sessions in memory, so none survives a reload.
    return false;
  }
}

/**
 * supabase-js's own `createClient` wiring for the parts the storefront uses (ADR 0010): its
 * `AuthClient` and the `PostgrestClient` it wraps, with the same URLs, storage key and headers.
 * `createClient` would also build the Realtime, Storage and Functions clients, which no page uses.
 *
 * The auth client is loaded on first need (ADR 0017): an anonymous visitor's requests carry the
 * anon key without it; with a session stored or arriving in the URL, requests wait for it and
 * carry the session's token, exactly as supabase-js sends them (see ../shared/SUPABASE-WIRE.md).
 */
export function createSupabaseClient(
  url: string,
  anonKey: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  loadAuthModule: () => Promise<AuthModule> = () => import('./authClient'),
): Client {
  const base = new URL(url.endsWith('/') ? url : `${url}/`);
  const headers = { 'X-Client-Info': 'npng-storefront (supabase auth-js, postgrest-js)' };
  const storageKey = `sb-${base.hostname.split('.')[0]}-auth-token`;

  let loaded: AuthClient | undefined;
  let loading: Promise<AuthClient> | undefined;
  const listeners = new Set<(auth: AuthClient) => void>();
  const auth = () => {
    loading ??= loadAuthModule()
      .then(({ createAuthClient }) => {
        loaded = createAuthClient({ url: new URL('auth/v1', base).href, anonKey, storageKey, headers, fetch: fetchImpl });
        for (const listener of listeners) listener(loaded);
        listeners.clear();
        return loaded;
      })
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
  const onAuthLoaded = (listener: (auth: AuthClient) => void) => {
    if (loaded) {
      listener(loaded);
      return () => undefined;
    }
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const mayHaveSession = () => loading !== undefined || sessionMayExist(storageKey);
  const accessToken = async () => {
    if (!mayHaveSession()) return anonKey;
    const { data } = await (await auth()).getSession();
    return data.session?.access_token ?? anonKey;
  };

  const withAuth: typeof fetch = async (input, init) => {
    const token = await accessToken();
    const requestHeaders = new Headers(init?.headers);
    if (!requestHeaders.has('apikey')) requestHeaders.set('apikey', anonKey);
    if (!requestHeaders.has('Authorization')) requestHeaders.set('Authorization', `Bearer ${token}`);
    return fetchImpl(input, { ...init, headers: requestHeaders });
  };
  const rest = new PostgrestClient(new URL('rest/v1', base).href, { headers, schema: 'public', fetch: withAuth });
  return { auth, onAuthLoaded, mayHaveSession, accessToken, storageKey, from: rest.from.bind(rest), rpc: rest.rpc.bind(rest) };
}

let client: Client | undefined;

/** The one client of the app (src/api/ is the only code that talks to the backend). */
export function supabase(): Client {
  client ??= createSupabaseClient(SUPABASE_URL, SUPABASE_ANON_KEY);
  return client;
}

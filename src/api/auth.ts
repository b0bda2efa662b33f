import type { Session } from '@supabase/supabase-js';
import type { AuthSession, SecondFactor } from '../../machines/authMachine';
import { type AuthClient, supabase } from './client';
import { ApiError, toApiError } from './errors';

/** GoTrue's weak_password answer, with its reasons ('length', 'characters', 'pwned'). */
export class WeakPasswordError extends ApiError {
  readonly reasons: string[];

  constructor(message: string, reasons: string[], status?: number) {
    super('invalid', message, { code: 'weak_password', status });
    this.name = 'WeakPasswordError';
    this.reasons = reasons;
  }
}

/** The claims of a JWT, read without checking its signature (the server checks it on every request). */
function jwtClaims(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * supabase-js's getAuthenticatorAssuranceLevel() rule, applied to the session in hand so every
 * session event carries it without another call: the current level is the token's `aal` claim,
 * the next is aal2 as soon as the user has a verified factor.
 */
export function secondFactorOf(session: Pick<Session, 'access_token' | 'user'>): SecondFactor {
  if (jwtClaims(session.access_token).aal === 'aal2') return 'passed';
  return (session.user.factors ?? []).some((factor) => factor.status === 'verified') ? 'pending' : 'none';
}

export function toAuthSession(session: Session): AuthSession {
  const fullName = session.user.user_metadata?.full_name;
  return {
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in,
    user: {
      id: session.user.id,
      email: session.user.email ?? '',
      fullName: typeof fullName === 'string' && fullName.trim() ? fullName : null,
    },
    secondFactor: secondFactorOf(session),
  };
}

/** supabase-js's auth client, loaded on first use; a failed load (offline, a replaced build) is an ApiError. */
async function auth(): Promise<AuthClient> {
  try {
    return await supabase().auth();
  } catch (thrown) {
    throw toApiError(thrown);
  }
}

/**
 * The stored session (supabase-js refreshes it first if it has already run out). Without a stored
 * session or one arriving in the URL the visitor is anonymous: that is answered without loading
 * the auth client (ADR 0017).
 */
export async function getSession(): Promise<AuthSession | null> {
  if (!supabase().mayHaveSession()) return null;
  const { data, error } = await (await auth()).getSession();
  if (error) throw toApiError(error);
  return data.session ? toAuthSession(data.session) : null;
}

/**
 * One refresh, scheduled by the auth machine (autoRefreshToken is off). A retryable failure
 * (AuthRetryableFetchError: failed fetch, 502/503/504) becomes kind 'network' and leaves the
 * session alone; any other failure ends it on this device too, so storage and the machine agree.
 */
export async function refreshSession(): Promise<AuthSession> {
  const client = await auth();
  let result: Awaited<ReturnType<AuthClient['refreshSession']>>;
  try {
    result = await client.refreshSession();
  } catch (thrown) {
    throw toApiError(thrown);
  }
  const { data, error } = result;
  if (error || !data.session) {
    const apiError = toApiError(error ?? { message: 'Auth session missing!', status: 400 });
    if (apiError.kind !== 'network') await client.signOut({ scope: 'local' }).catch(() => undefined);
    throw apiError;
  }
  return toAuthSession(data.session);
}

export async function signIn(email: string, password: string): Promise<AuthSession> {
  const { data, error } = await (await auth()).signInWithPassword({ email: email.trim(), password });
  if (error) throw toApiError(error);
  return toAuthSession(data.session);
}

/**
 * Creates the account. With email confirmation on (the default) there is no session yet: the
 * confirmation link brings the user back to the site root, where supabase-js picks it up.
 */
export async function signUp(email: string, password: string): Promise<{ session: AuthSession | null }> {
  const client = await auth();
  const { isAuthWeakPasswordError } = await import('./authClient');
  const { data, error } = await client.signUp({
    email: email.trim(),
    password,
    options: { emailRedirectTo: `${window.location.origin}/` },
  });
  if (error) {
    if (isAuthWeakPasswordError(error)) throw new WeakPasswordError(error.message, error.reasons ?? [], error.status);
    throw toApiError(error);
  }
  return { session: data.session ? toAuthSession(data.session) : null };
}

/**
 * Signs out everywhere. supabase-js already treats 401/403/404 as signed out; when the request
 * fails otherwise (offline), this device still forgets the session and the error is reported.
 */
export async function signOut(): Promise<void> {
  const client = await auth();
  const { error } = await client.signOut();
  if (error) {
    await client.signOut({ scope: 'local' }).catch(() => undefined);
    throw toApiError(error);
  }
}

/**
 * Calls back on every auth event (initial session, sign-in, refresh, sign-out) with the session
 * or null, from the moment the auth client is loaded. The call is deferred, as supabase-js
 * recommends: it notifies from inside its own calls, so a listener that starts a request (the
 * admin check) must not run there, and the caller of signIn() finishes its own success handling
 * (toast, navigation) before the app switches state.
 *
 * Until then, a session that another tab stores (a sign-in there) loads the auth client here,
 * which announces it; once loaded, supabase-js keeps the tabs in step itself.
 */
export function onAuthChange(callback: (session: AuthSession | null) => void): () => void {
  const client = supabase();
  const onStorage = (event: StorageEvent) => {
    if (event.key === client.storageKey && event.newValue !== null) client.auth().catch(() => undefined);
  };
  const watchStorage = (watch: boolean) => {
    if (typeof window === 'undefined') return;
    if (watch) window.addEventListener('storage', onStorage);
    else window.removeEventListener('storage', onStorage);
  };
  let unsubscribe = () => {};
  watchStorage(true);
  const stopWaiting = client.onAuthLoaded((auth) => {
    watchStorage(false);
    const { data } = auth.onAuthStateChange((_event, session) => {
      const mapped = session ? toAuthSession(session) : null;
      setTimeout(() => callback(mapped), 0);
    });
    unsubscribe = () => data.subscription.unsubscribe();
  });
  return () => {
    stopWaiting();
    watchStorage(false);
    unsubscribe();
  };
}

/** Whether the signed-in user is an admin, decided by the database (public.is_admin()). */
export async function checkIsAdmin(): Promise<boolean> {
  const { data, error } = await supabase().rpc('is_admin');
  if (error) throw toApiError(error);
  return data === true;
}

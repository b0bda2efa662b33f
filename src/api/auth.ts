import { isAuthWeakPasswordError, type Session } from '@supabase/supabase-js';
import type { AuthSession } from '../../machines/authMachine';
import { supabase } from './client';
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
  };
}

/** The stored session (supabase-js refreshes it first if it has already run out). */
export async function getSession(): Promise<AuthSession | null> {
  const { data, error } = await supabase().auth.getSession();
  if (error) throw toApiError(error);
  return data.session ? toAuthSession(data.session) : null;
}

/**
 * One refresh, scheduled by the auth machine (autoRefreshToken is off). A retryable failure
 * (AuthRetryableFetchError: failed fetch, 502/503/504) becomes kind 'network' and leaves the
 * session alone; any other failure ends it on this device too, so storage and the machine agree.
 */
export async function refreshSession(): Promise<AuthSession> {
  let result: Awaited<ReturnType<ReturnType<typeof supabase>['auth']['refreshSession']>>;
  try {
    result = await supabase().auth.refreshSession();
  } catch (thrown) {
    throw toApiError(thrown);
  }
  const { data, error } = result;
  if (error || !data.session) {
    const apiError = toApiError(error ?? { message: 'Auth session missing!', status: 400 });
    if (apiError.kind !== 'network') await supabase().auth.signOut({ scope: 'local' }).catch(() => undefined);
    throw apiError;
  }
  return toAuthSession(data.session);
}

export async function signIn(email: string, password: string): Promise<AuthSession> {
  const { data, error } = await supabase().auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw toApiError(error);
  return toAuthSession(data.session);
}

/**
 * Creates the account. With email confirmation on (the default) there is no session yet: the
 * confirmation link brings the user back to the site root, where supabase-js picks it up.
 */
export async function signUp(email: string, password: string): Promise<{ session: AuthSession | null }> {
  const { data, error } = await supabase().auth.signUp({
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
  const { error } = await supabase().auth.signOut();
  if (error) {
    await supabase().auth.signOut({ scope: 'local' }).catch(() => undefined);
    throw toApiError(error);
  }
}

/**
 * Calls back on every auth event (initial session, sign-in, refresh, sign-out) with the session
 * or null. The call is deferred, as supabase-js recommends: it notifies from inside its own calls,
 * so a listener that starts a request (the admin check) must not run there, and the caller of
 * signIn() finishes its own success handling (toast, navigation) before the app switches state.
 */
export function onAuthChange(callback: (session: AuthSession | null) => void): () => void {
  const { data } = supabase().auth.onAuthStateChange((_event, session) => {
    const mapped = session ? toAuthSession(session) : null;
    setTimeout(() => callback(mapped), 0);
  });
  return () => data.subscription.unsubscribe();
}

/** Whether the signed-in user is an admin, decided by the database (public.is_admin()). */
export async function checkIsAdmin(): Promise<boolean> {
  const { data, error } = await supabase().rpc('is_admin');
  if (error) throw toApiError(error);
  return data === true;
}

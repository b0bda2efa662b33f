import { AuthApiError, AuthSessionMissingError } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_ANON_KEY } from '../config.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from './fixtures/backend.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
}, 60_000);
afterAll(() => t?.stop());
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = 'Str0ng-Pass';

async function confirmedUser(label: string) {
  const email = uniqueEmail(label);
  const { data, error } = await t.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error || !data.user) throw error ?? new Error('no user');
  return { email, id: data.user.id };
}

async function signIn(email: string) {
  const client = t.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.session) throw error ?? new Error('no session');
  return { client, session: data.session };
}

const refresh = (refreshToken: string) =>
  fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });

describe('password sign-in', () => {
  it('returns a session with GoTrue claims and records the sign-in', async () => {
    const { email, id } = await confirmedUser('claims');
    const { session } = await signIn(email);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      aud: 'authenticated',
      sub: id,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      iss: `${t.backend.config.apiUrl}/auth/v1`,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp).toBe(session.expires_at);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims.session_id).toEqual(expect.any(String));
    expect(session.user.last_sign_in_at).toEqual(expect.any(String));
  });

  it('refuses wrong passwords, unknown addresses and banned users with GoTrue codes', async () => {
    const { email, id } = await confirmedUser('wrong');
    for (const credentials of [
      { email, password: 'Wrong-Pass-1' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
    ]) {
      const { error } = await t.client().auth.signInWithPassword(credentials);
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    await t.serviceClient().auth.admin.updateUserById(id, { ban_duration: '24h' });
    const banned = await t.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(banned.error).toMatchObject({ status: 400, code: 'user_banned' });
    await t.serviceClient().auth.admin.updateUserById(id, { ban_duration: 'none' });
    expect((await t.client().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('answers other grant types with a clear 400', async () => {
    const res = await fetch(`${t.url}/auth/v1/token?grant_type=client_credentials`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'unsupported_grant_type' });
    const pkce = await fetch(`${t.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: 'no-such-code', code_verifier: 'verifier' }),
    });
    expect(pkce.status).toBe(404);
    expect(await pkce.json()).toMatchObject({ error_code: 'flow_state_not_found' });
  });
});

describe('refresh token rotation', () => {
  it('issues a new refresh token each time and keeps the session', async () => {
    const { email } = await confirmedUser('rotate');
    const { client, session } = await signIn(email);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(data.session?.access_token ?? '').session_id).toBe(decodeJwt(session.access_token).session_id);
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
  });

  it('hands the current token back when its parent is presented again within the reuse interval', async () => {
    const { email } = await confirmedUser('tabs');
    const { session } = await signIn(email);
    const first = await (await refresh(session.refresh_token)).json();
    const second = await refresh(session.refresh_token);
    expect(second.status).toBe(200);
    const body = await second.json();
    expect(body.refresh_token).toBe(first.refresh_token);
    const next = await refresh(first.refresh_token);
    expect(next.status).toBe(200);
  });

  it('treats reuse after the interval as theft: 400 refresh_token_already_used and the session is revoked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { email } = await confirmedUser('theft');
    const { client, session } = await signIn(email);
    const child = await (await refresh(session.refresh_token)).json();

    vi.setSystemTime(Date.now() + 11_000);
    const reuse = await refresh(session.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await reuse.json()).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });

    const childAfter = await refresh(child.refresh_token);
    expect(await childAfter.json()).toEqual({ code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
    await client.auth.setSession({ access_token: child.access_token, refresh_token: child.refresh_token });
    const me = await client.auth.getUser();
    expect(me.error).toBeInstanceOf(AuthSessionMissingError);
  });

  it('rejects unknown and missing refresh tokens', async () => {
    const { error } = await t.client().auth.refreshSession({ refresh_token: 'not-a-real-token' });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
    const missing = await refresh('');
    expect(missing.status).toBe(400);
    expect((await missing.json()).code).toBe('validation_failed');
  });
});

describe('logout scopes and the current user', () => {
  async function threeSessions() {
    const { email } = await confirmedUser('scopes');
    return Promise.all([signIn(email), signIn(email), signIn(email)]);
  }
  const alive = async (s: { client: Awaited<ReturnType<typeof signIn>>['client'] }) => (await s.client.auth.getUser()).error === null;
  const refreshable = async (s: Awaited<ReturnType<typeof signIn>>) => (await refresh(s.session.refresh_token)).status === 200;

  it('local ends only this session', async () => {
    const [a, b, c] = await threeSessions();
    const tokenA = a.session.access_token;
    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    const probe = t.client();
    await probe.auth.setSession({ access_token: tokenA, refresh_token: a.session.refresh_token });
    expect((await probe.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    expect(await alive(b)).toBe(true);
    expect(await alive(c)).toBe(true);
  });

  it('others ends every session but this one', async () => {
    const [a, b, c] = await threeSessions();
    expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(await alive(a)).toBe(true);
    expect(await alive(b)).toBe(false);
    expect(await refreshable(c)).toBe(false);
  });

  it('global ends all of them', async () => {
    const [a, b, c] = await threeSessions();
    expect((await a.client.auth.signOut()).error).toBeNull();
    expect(await alive(b)).toBe(false);
    expect(await refreshable(c)).toBe(false);
  });

  it('needs a valid bearer token: 401 without, 403 bad_jwt with a forged one', async () => {
    const noToken = await fetch(`${t.url}/auth/v1/logout?scope=global`, { method: 'POST', headers: { apikey: LOCAL_ANON_KEY } });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ error_code: 'no_authorization' });
    const forged = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: LOCAL_ANON_KEY, authorization: 'Bearer a.b.c' } });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error_code: 'bad_jwt' });
    const anon = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` } });
    expect(anon.status).toBe(403);
    const badScope = await (await signIn((await confirmedUser('scope')).email)).session.access_token;
    const res = await fetch(`${t.url}/auth/v1/logout?scope=everyone`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${badScope}` },
    });
    expect(res.status).toBe(400);
  });
});

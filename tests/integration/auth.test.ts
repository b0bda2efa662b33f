/** Every auth call the storefront makes, through supabase-js, against /auth/v1 (SUPABASE-WIRE.md). */
import { AuthApiError, isAuthApiError, isAuthWeakPasswordError, type Session, type User } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALEX, TEST_PASSWORD, anonClient, createConfirmedUser, followVerifyLink, mailFor, signIn, sleep, uniqueEmail, verifyLink, waitForMail } from './support.ts';

const SITE = 'http://localhost:5173';

const USER_FIELDS = ['id', 'aud', 'role', 'email', 'email_confirmed_at', 'phone', 'app_metadata', 'user_metadata', 'identities', 'created_at', 'updated_at', 'is_anonymous'];

function decodeJwt(token: string): Record<string, unknown> {
  const parts = token.split('.');
  expect(parts).toHaveLength(3);
  return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
}

function expectSessionShape(session: Session, user: User, email: string) {
  expect(session.token_type).toBe('bearer');
  expect(typeof session.access_token).toBe('string');
  expect(typeof session.refresh_token).toBe('string');
  expect(session.refresh_token.length).toBeGreaterThan(0);
  expect(session.expires_in).toBeGreaterThan(0);
  const now = Math.floor(Date.now() / 1000);
  expect(session.expires_at).toBeGreaterThanOrEqual(now + session.expires_in - 5);
  expect(session.expires_at).toBeLessThanOrEqual(now + session.expires_in + 5);
  const claims = decodeJwt(session.access_token);
  expect(claims.exp).toBe(session.expires_at);
  expect(claims.sub).toBe(user.id);
  expect(claims.role).toBe('authenticated');
  expect(claims.aud).toBe('authenticated');
  expect(String(claims.email).toLowerCase()).toBe(email.toLowerCase());
  for (const f of USER_FIELDS) expect(session.user, `user.${f}`).toHaveProperty(f);
  expect(session.user.aud).toBe('authenticated');
  expect(session.user.role).toBe('authenticated');
  expect(session.user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
  expect(session.user.email_confirmed_at).toBeTruthy();
  expect(session.user.is_anonymous).toBe(false);
}

describe('sign-up with email confirmation', () => {
  const email = uniqueEmail('signup');
  let userId: string;

  it('signUp returns the bare user and no session; a confirmation mail arrives', async () => {
    const { data, error } = await anonClient().auth.signUp({
      email,
      password: TEST_PASSWORD,
      options: { emailRedirectTo: `${SITE}/`, data: { full_name: 'Sam Signup' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at ?? null).toBeNull();
    expect(data.user?.user_metadata.full_name).toBe('Sam Signup');
    userId = data.user!.id;
    const mails = await waitForMail(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].to.toLowerCase()).toBe(email);
    expect(verifyLink(mails[0])).toContain('type=signup');
  });

  it('before confirming, sign-in fails with email_not_confirmed', async () => {
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(data.session).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error?.code).toBe('email_not_confirmed');
    expect(error?.status).toBe(400);
  });

  it('following the link redirects to the site with a session in the fragment', async () => {
    const [mail] = await mailFor(email);
    const { status, location, params } = await followVerifyLink(verifyLink(mail));
    expect([302, 303]).toContain(status);
    expect(location.startsWith(`${SITE}/`)).toBe(true);
    expect(params.get('type')).toBe('signup');
    expect(params.get('token_type')).toBe('bearer');
    const accessToken = params.get('access_token')!;
    expect(decodeJwt(accessToken).sub).toBe(userId);
    expect(params.get('refresh_token')).toBeTruthy();
    expect(Number(params.get('expires_in'))).toBeGreaterThan(0);
    const c = anonClient();
    const { data, error } = await c.auth.setSession({ access_token: accessToken, refresh_token: params.get('refresh_token')! });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('the link works once only', async () => {
    const [mail] = await mailFor(email);
    const { location } = await followVerifyLink(verifyLink(mail));
    expect(location).not.toContain('access_token=');
  });

  it('after confirming, signInWithPassword returns a well-formed session', async () => {
    const c = anonClient();
    const { data, error } = await c.auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expectSessionShape(data.session!, data.user!, email);
    expect(data.user!.identities?.[0]).toMatchObject({ provider: 'email', user_id: userId });
  });

  it('signing up an existing address again does not reveal it and sends no second confirmation', async () => {
    const before = (await mailFor(email)).length;
    const { error } = await anonClient().auth.signUp({ email, password: TEST_PASSWORD });
    expect(error === null || error.code === 'user_already_exists').toBe(true);
    expect((await mailFor(email)).length).toBeLessThanOrEqual(before + 1);
  });
});

describe('sign-in errors', () => {
  it('wrong password → AuthApiError invalid_credentials, 400', async () => {
    const { data, error } = await anonClient().auth.signInWithPassword({ email: ALEX.email, password: 'wrong-password-1' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('Invalid login credentials');
  });

  it('unknown email → the same invalid_credentials (no enumeration)', async () => {
    const { error } = await anonClient().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: TEST_PASSWORD });
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.status).toBe(400);
  });

  it('email in other letter case signs in', async () => {
    const { data, error } = await anonClient().auth.signInWithPassword({ email: ALEX.email.toUpperCase(), password: ALEX.password });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(ALEX.email);
  });

  it('weak password → AuthWeakPasswordError with reasons, 422', async () => {
    const { data, error } = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(data.user).toBeNull();
    expect(isAuthWeakPasswordError(error)).toBe(true);
    expect(error?.code).toBe('weak_password');
    expect(error?.status).toBe(422);
    if (isAuthWeakPasswordError(error)) {
      expect(error.reasons.length).toBeGreaterThan(0);
      expect(error.reasons).toContain('length');
    }
  });

  it('sign-up without a password → 4xx AuthApiError', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail('nopw'), password: '' });
    expect(isAuthApiError(error)).toBe(true);
    expect(error!.status).toBeGreaterThanOrEqual(400);
    expect(error!.status).toBeLessThan(500);
  });
});

describe('session lifecycle', () => {
  let user: Awaited<ReturnType<typeof createConfirmedUser>>;
  beforeAll(async () => {
    user = await createConfirmedUser();
  });

  it('getUser returns the signed-in user (also from a bare access token)', async () => {
    const { data, error } = await user.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.user.id);
    for (const f of USER_FIELDS) expect(data.user).toHaveProperty(f);
    const bare = await anonClient().auth.getUser(user.session.access_token);
    expect(bare.data.user?.email).toBe(user.email);
  });

  it('getUser with a garbage token fails with a 4xx', async () => {
    const { data, error } = await anonClient().auth.getUser('not.a.jwt');
    expect(data.user).toBeNull();
    expect(error?.status).toBeGreaterThanOrEqual(400);
    expect(error?.status).toBeLessThan(500);
  });

  it('refreshSession rotates the refresh token; reusing the old one after the reuse interval fails and revokes the family', async () => {
    const s = await signIn(user.email, user.password);
    const first = s.session.refresh_token;
    const r1 = await s.client.auth.refreshSession({ refresh_token: first });
    expect(r1.error).toBeNull();
    expectSessionShape(r1.data.session!, r1.data.user!, user.email);
    const second = r1.data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect((await anonClient().auth.getUser(r1.data.session!.access_token)).data.user?.id).toBe(user.user.id);

    // GoTrue's default reuse interval is 10 s: within it a concurrent refresh may reuse a token.
    await sleep(11_000);
    const reuse = await anonClient().auth.refreshSession({ refresh_token: first });
    expect(reuse.data.session).toBeNull();
    expect(isAuthApiError(reuse.error)).toBe(true);
    expect(reuse.error?.status).toBe(400);
    expect(['refresh_token_already_used', 'refresh_token_not_found', 'session_not_found']).toContain(reuse.error?.code);
    const family = await anonClient().auth.refreshSession({ refresh_token: second });
    expect(family.data.session).toBeNull();
    expect(family.error?.status).toBe(400);
  }, 30_000);

  it('an unknown refresh token → 400 refresh_token_not_found', async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'nonexistent-token' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
  });

  it('updateUser sets user_metadata, visible in getUser and the next token', async () => {
    const s = await signIn(user.email, user.password);
    const { data, error } = await s.client.auth.updateUser({ data: { full_name: 'Meta Data', locale: 'de' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Meta Data', locale: 'de' });
    expect((await s.client.auth.getUser()).data.user?.user_metadata.full_name).toBe('Meta Data');
    const refreshed = await s.client.auth.refreshSession();
    expect((decodeJwt(refreshed.data.session!.access_token).user_metadata as Record<string, unknown>).full_name).toBe('Meta Data');
  });

  it('signOut local ends only this session; signOut global ends all', async () => {
    const [a, b, c] = await Promise.all([signIn(user.email, user.password), signIn(user.email, user.password), signIn(user.email, user.password)]);
    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await anonClient().auth.refreshSession({ refresh_token: a.session.refresh_token })).error?.status).toBe(400);
    const bRefreshed = await b.client.auth.refreshSession();
    expect(bRefreshed.error).toBeNull();

    expect((await b.client.auth.signOut({ scope: 'global' })).error).toBeNull();
    expect((await anonClient().auth.refreshSession({ refresh_token: c.session.refresh_token })).error?.status).toBe(400);
    expect((await anonClient().auth.refreshSession({ refresh_token: bRefreshed.data.session!.refresh_token })).error?.status).toBe(400);
    expect((await b.client.auth.getSession()).data.session).toBeNull();
  });
});

describe('email change (secure: takes effect once confirmed)', () => {
  it('the address changes only after the confirmation link is followed', async () => {
    const u = await createConfirmedUser();
    const newEmail = uniqueEmail('changed');
    const { data, error } = await u.client.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${SITE}/account` });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(u.email);
    expect(data.user?.new_email).toBe(newEmail);
    expect((await u.client.auth.getUser()).data.user?.email).toBe(u.email);
    expect((await anonClient().auth.signInWithPassword({ email: newEmail, password: u.password })).error?.code).toBe('invalid_credentials');

    const [toNew] = await waitForMail(newEmail);
    expect(toNew).toBeDefined();
    const followed = await followVerifyLink(verifyLink(toNew));
    expect([302, 303]).toContain(followed.status);
    if ((await u.client.auth.getUser()).data.user?.email !== newEmail) {
      // GoTrue's secure mode may also ask the old address to confirm.
      const toOld = (await mailFor(u.email)).find((m) => /email_change|change/i.test(`${m.subject} ${m.text}`));
      if (toOld) await followVerifyLink(verifyLink(toOld));
    }
    expect((await u.client.auth.getUser()).data.user?.email).toBe(newEmail);
    expect((await anonClient().auth.signInWithPassword({ email: newEmail, password: u.password })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: u.email, password: u.password })).error?.code).toBe('invalid_credentials');
  });
});

describe('password recovery', () => {
  it('resetPasswordForEmail mails a recovery link; its session can set a new password', async () => {
    const u = await createConfirmedUser();
    const before = (await mailFor(u.email)).length;
    const { error } = await anonClient().auth.resetPasswordForEmail(u.email, { redirectTo: `${SITE}/account` });
    expect(error).toBeNull();
    const mails = await waitForMail(u.email, before + 1);
    expect(mails.length).toBe(before + 1);
    const link = verifyLink(mails[mails.length - 1]);
    expect(link).toContain('type=recovery');
    const { params, location } = await followVerifyLink(link);
    expect(location.startsWith(`${SITE}/account`)).toBe(true);
    expect(params.get('type')).toBe('recovery');
    const c = anonClient();
    const set = await c.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! });
    expect(set.error).toBeNull();
    const newPassword = 'Recovered-Pass-2025!';
    expect((await c.auth.updateUser({ password: newPassword })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: u.email, password: newPassword })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: u.email, password: u.password })).error?.code).toBe('invalid_credentials');
  });

  it('an unknown address gets the same answer and no mail (no enumeration)', async () => {
    const email = uniqueEmail('ghost');
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    await sleep(200);
    expect(await mailFor(email)).toEqual([]);
  });
});

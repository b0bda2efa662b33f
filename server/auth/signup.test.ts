import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../config.ts';
import { followLink, SITE_URL, startTestBackend, uniqueEmail, type TestBackend } from './fixtures/backend.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
}, 60_000);
afterAll(() => t?.stop());

describe('sign-up with email confirmation', () => {
  it('creates an unconfirmed user, mails a link, and the link signs the user in', async () => {
    const email = uniqueEmail('signup');
    const client = t.client();
    const { data, error } = await client.auth.signUp({
      email,
      password: 'Str0ng-Pass',
      options: { data: { full_name: 'Sam Lift' }, emailRedirectTo: `${SITE_URL}/account` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', user_metadata: { full_name: 'Sam Lift' } });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const signInEarly = await client.auth.signInWithPassword({ email, password: 'Str0ng-Pass' });
    expect(signInEarly.error).toBeInstanceOf(AuthApiError);
    expect(signInEarly.error).toMatchObject({ code: 'email_not_confirmed', status: 400, message: 'Email not confirmed' });

    const mails = await t.mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('No Pain, No Gain');
    expect(mails[0].text).toContain('Bestätige');
    const link = await t.linkFor(email);
    expect(link).toContain('type=signup');

    const { status, location, fragment } = await followLink(link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE_URL}/account`);
    expect([...fragment.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'type']);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');

    const session = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(session.error).toBeNull();
    const me = await client.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user?.email).toBe(email);
    expect(me.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(me.data.user?.last_sign_in_at).toEqual(expect.any(String));

    const again = await followLink(link);
    expect(again.fragment.get('error_code')).toBe('otp_expired');
    expect(again.location.hash).toBe('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');

    const signIn = await t.client().auth.signInWithPassword({ email, password: 'Str0ng-Pass' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.user.email).toBe(email);
  });

  it('answers a repeated sign-up of a confirmed address with an obfuscated user and sends nothing', async () => {
    const email = uniqueEmail('repeat');
    const admin = t.serviceClient();
    const created = await admin.auth.admin.createUser({ email, password: 'Str0ng-Pass', email_confirm: true });
    expect(created.error).toBeNull();

    const { data, error } = await t.client().auth.signUp({ email, password: 'Other-Pass-1' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.id).not.toBe(created.data.user?.id);
    expect(await t.mailTo(email)).toHaveLength(0);

    const stillOld = await t.client().auth.signInWithPassword({ email, password: 'Str0ng-Pass' });
    expect(stillOld.error).toBeNull();
  });

  it('re-sends the confirmation to an address that signed up but never confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    await t.client().auth.signUp({ email, password: 'Str0ng-Pass' });
    const second = await t.client().auth.signUp({ email, password: 'Str0ng-Pass' });
    expect(second.error).toBeNull();
    const mails = await t.mailTo(email);
    expect(mails).toHaveLength(2);
    const oldLink = mails[1].text.match(/http\S+verify\S+/)?.[0] ?? '';
    const stale = await followLink(oldLink.replace(/^http:\/\/[^/]+/, t.url));
    expect(stale.fragment.get('error_code')).toBe('otp_expired');
    const fresh = await followLink(await t.linkFor(email));
    expect(fresh.fragment.get('access_token')).toBeTruthy();
  });

  it('rejects weak, overlong and malformed input with GoTrue errors and creates nothing', async () => {
    const client = t.client();
    const email = uniqueEmail('weak');
    const weak = await client.auth.signUp({ email, password: 'short' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 8 characters.' });
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['length']);

    const long = await client.auth.signUp({ email, password: 'x'.repeat(73) });
    expect(long.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Password cannot be longer than 72 characters' });

    const invalid = await client.auth.signUp({ email: 'not-an-email', password: 'Str0ng-Pass' });
    expect(invalid.error).toBeInstanceOf(AuthApiError);
    expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });

    // Neither email nor phone is GoTrue's anonymous sign-in, off by default.
    const missing = await client.auth.signUp({ email: '', password: 'Str0ng-Pass' });
    expect(missing.error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });

    expect(await t.mailTo(email)).toHaveLength(0);
    const signIn = await client.auth.signInWithPassword({ email, password: 'x'.repeat(73) });
    expect(signIn.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('answers raw requests in both of GoTrue error shapes, and bad JSON with 400 bad_json', async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${t.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', ...headers }, body });

    const legacy = await post(JSON.stringify({ email: 'a@b.test', password: 'short' }));
    expect(legacy.status).toBe(422);
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 8 characters.',
      weak_password: { reasons: ['length'] },
    });

    const current = await post(JSON.stringify({ email: 'a@b.test', password: 'short' }), { 'x-supabase-api-version': '2024-01-01' });
    expect(current.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await current.json()).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 8 characters.',
      weak_password: { reasons: ['length'] },
    });

    const broken = await post('{"email": ', { 'x-supabase-api-version': '2024-01-01' });
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe('bad_json');

    const wrongType = await post(JSON.stringify({ email: 42, password: 'Str0ng-Pass' }));
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).error_code).toBe('bad_json');

    const noEmail = await post(JSON.stringify({ password: 'Str0ng-Pass' }));
    expect(noEmail.status).toBe(422);
    expect(await noEmail.json()).toEqual({
      code: 422,
      error_code: 'anonymous_provider_disabled',
      msg: 'Anonymous sign-ins are disabled',
    });

    const pkce = await post(JSON.stringify({ email: 'pk@b.test', password: 'Str0ng-Pass', code_challenge: 'abc', code_challenge_method: 's256' }));
    expect(pkce.status).toBe(400);
  });
});

describe('sign-up with autoConfirm', () => {
  let auto: TestBackend;
  beforeAll(async () => {
    auto = await startTestBackend({ autoConfirm: true });
  }, 60_000);
  afterAll(() => auto?.stop());

  it('returns a session at once and refuses a second sign-up with user_already_exists', async () => {
    const email = uniqueEmail('auto');
    const first = await auto.client().auth.signUp({ email, password: 'Str0ng-Pass' });
    expect(first.error).toBeNull();
    expect(first.data.session?.access_token.split('.')).toHaveLength(3);
    expect(first.data.session?.token_type).toBe('bearer');
    expect(first.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect(await auto.mailTo(email)).toHaveLength(0);

    const second = await auto.client().auth.signUp({ email, password: 'Str0ng-Pass' });
    expect(second.error).toBeInstanceOf(AuthApiError);
    expect(second.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });
});

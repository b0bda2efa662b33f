import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../config.ts';
import { followLink, SITE_URL, startTestBackend, uniqueEmail, type TestBackend } from './fixtures/backend.ts';

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend({ redirectAllowList: ['https://*.nopain.test/**', 'app.nopain://callback'] });
}, 60_000);
afterAll(() => t?.stop());

const PASSWORD = 'Str0ng-Pass';

async function signedIn(label: string) {
  const email = uniqueEmail(label);
  await t.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { full_name: 'Kim' } });
  const client = t.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error || !data.session) throw error ?? new Error('no session');
  return { email, client, session: data.session };
}

describe('updating the signed-in user', () => {
  it('merges data into user_metadata', async () => {
    const { client } = await signedIn('meta');
    const { data, error } = await client.auth.updateUser({ data: { phone_pref: 'sms', full_name: 'Kim Power' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Kim Power', phone_pref: 'sms' });
    const removed = await client.auth.updateUser({ data: { phone_pref: null } });
    expect(removed.data.user?.user_metadata).toEqual({ full_name: 'Kim Power' });
  });

  it('changes the password, rejects weak and unchanged ones, and ends the other sessions', async () => {
    const { email, client } = await signedIn('password');
    const other = t.client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });

    const weak = await client.auth.updateUser({ password: 'short' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['length']);
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });

    expect((await client.auth.updateUser({ password: 'N3w-Password!' })).error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser()).error).not.toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await t.client().auth.signInWithPassword({ email, password: 'N3w-Password!' })).error).toBeNull();
  });

  it('changes the email only once the link mailed to the new address is followed', async () => {
    const { email, client } = await signedIn('change');
    const newEmail = uniqueEmail('changed');
    const { data, error } = await client.auth.updateUser({ email: newEmail }, { emailRedirectTo: `${SITE_URL}/account` });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    expect(await t.mailTo(email)).toHaveLength(0);

    const link = await t.linkFor(newEmail);
    expect(link).toContain('type=email_change');
    const { fragment, location } = await followLink(link);
    expect(location.pathname).toBe('/account');
    expect(fragment.get('type')).toBe('email_change');
    const me = await client.auth.getUser();
    expect(me.data.user?.email).toBe(newEmail);
    expect(me.data.user?.new_email).toBeUndefined();
    expect((await t.client().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
  });

  it('refuses an email that belongs to someone else', async () => {
    const { client } = await signedIn('taken');
    const { email: other } = await signedIn('owner');
    const { error } = await client.auth.updateUser({ email: other });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('password recovery and other mailed links', () => {
  it('answers {} for unknown addresses and mails a working recovery link to known ones', async () => {
    const unknown = uniqueEmail('ghost');
    const none = await t.client().auth.resetPasswordForEmail(unknown);
    expect(none).toEqual({ data: {}, error: null });
    expect(await t.mailTo(unknown)).toHaveLength(0);

    const { email } = await signedIn('recover');
    const sent = await t.client().auth.resetPasswordForEmail(email, { redirectTo: `${SITE_URL}/account?reset=1` });
    expect(sent.error).toBeNull();
    const link = await t.linkFor(email);
    expect(link).toContain('type=recovery');
    const { fragment, location } = await followLink(link);
    expect(location.search).toBe('?reset=1');
    expect(fragment.get('type')).toBe('recovery');

    const client = t.client();
    await client.auth.setSession({ access_token: fragment.get('access_token') ?? '', refresh_token: fragment.get('refresh_token') ?? '' });
    expect((await client.auth.updateUser({ password: 'Rec0vered-Pass' })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password: 'Rec0vered-Pass' })).error).toBeNull();
    expect((await followLink(link)).fragment.get('error_code')).toBe('otp_expired');
  });

  it('resends a sign-up confirmation only to unconfirmed users', async () => {
    const email = uniqueEmail('resend');
    await t.client().auth.signUp({ email, password: PASSWORD });
    expect((await t.client().auth.resend({ type: 'signup', email })).error).toBeNull();
    expect(await t.mailTo(email)).toHaveLength(2);
    const { email: confirmed } = await signedIn('resend-confirmed');
    expect((await t.client().auth.resend({ type: 'signup', email: confirmed })).error).toBeNull();
    expect(await t.mailTo(confirmed)).toHaveLength(0);
  });

  it('sends magic links: sign-in for confirmed users, confirmation for new ones, none when creation is off', async () => {
    const { email } = await signedIn('magic');
    expect((await t.client().auth.signInWithOtp({ email })).error).toBeNull();
    const link = await t.linkFor(email);
    expect(link).toContain('type=magiclink');
    expect((await followLink(link)).fragment.get('access_token')).toBeTruthy();

    const fresh = uniqueEmail('magic-new');
    expect((await t.client().auth.signInWithOtp({ email: fresh })).error).toBeNull();
    expect(await t.linkFor(fresh)).toContain('type=signup');

    const refused = await t.client().auth.signInWithOtp({ email: uniqueEmail('magic-no'), options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled' });
  });

  it('verifies a token hash by POST /verify and refuses a bad one with 403 otp_expired', async () => {
    const email = uniqueEmail('post-verify');
    const { data } = await t.serviceClient().auth.admin.generateLink({ type: 'signup', email, password: PASSWORD });
    const tokenHash = data.properties?.hashed_token ?? '';
    const verified = await t.client().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    const again = await t.client().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
  });
});

describe('redirect_to', () => {
  async function redirectFor(redirectTo: string) {
    const email = uniqueEmail('redirect');
    await t.client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: redirectTo } });
    const { location } = await followLink(await t.linkFor(email));
    return `${location.origin}${location.pathname}`;
  }

  it('follows the site URL and allow-listed globs, and falls back to the site URL otherwise', async () => {
    expect(await redirectFor(`${SITE_URL}/welcome`)).toBe(`${SITE_URL}/welcome`);
    expect(await redirectFor('https://shop.nopain.test/de/account')).toBe('https://shop.nopain.test/de/account');
    expect(await redirectFor('https://evil.test/steal')).toBe(`${SITE_URL}/`);
    expect(await redirectFor('http://localhost:5173.evil.test/')).toBe(`${SITE_URL}/`);
    expect(await redirectFor('https://a.b.nopain.test/x')).toBe(`${SITE_URL}/`);
  });

  it('does not follow a redirect_to smuggled into the verify link', async () => {
    const email = uniqueEmail('smuggle');
    await t.client().auth.signUp({ email, password: PASSWORD });
    const link = new URL(await t.linkFor(email));
    link.searchParams.set('redirect_to', 'https://evil.test/');
    const { location } = await followLink(link.toString());
    expect(location.origin).toBe(SITE_URL);
  });

  it('answers a verify link without token or with an unknown type with 400', async () => {
    const noToken = await fetch(`${t.url}/auth/v1/verify?type=signup`, { redirect: 'manual' });
    expect(noToken.status).toBe(400);
    const badType = await fetch(`${t.url}/auth/v1/verify?type=teleport&token=x`, { redirect: 'manual', headers: { apikey: LOCAL_ANON_KEY } });
    expect(badType.status).toBe(400);
    expect(await badType.json()).toMatchObject({ error_code: 'validation_failed' });
  });
});

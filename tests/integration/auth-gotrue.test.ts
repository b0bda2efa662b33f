/**
 * GoTrue behaviours apps meet beyond e-mail and password (issue 14), through supabase-js:
 * anonymous sign-in and linking an e-mail, admin invites and generated links of every type,
 * reauthentication with a nonce, the password policy, and GoTrue's answers for the features this
 * backend does not serve. global-setup turns on anonymous sign-ins and SECURE_PASSWORD_CHANGE.
 */
import { AuthApiError, isAuthWeakPasswordError, type GenerateLinkParams } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, anonClient, createConfirmedUser, followVerifyLink, rest, serviceClient, signIn, sql, uniqueEmail, verifyLink, waitForMail } from './support.ts';

const SITE = 'http://localhost:5173';

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** A JWT-shaped string with the given payload (unsigned: only its issuer is read). */
const fakeIdToken = (payload: Record<string, unknown>) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;

describe('anonymous sign-in', () => {
  it('signs in without credentials: is_anonymous, role authenticated, amr anonymous, no email or identity', async () => {
    const client = anonClient();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { cart: 'guest' } } });
    expect(error).toBeNull();
    const session = data.session!;
    expect(data.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: '',
      is_anonymous: true,
      identities: [],
      user_metadata: { cart: 'guest' },
      app_metadata: { provider: 'anonymous', providers: ['anonymous'] },
    });
    const claims = claimsOf(session.access_token);
    expect(claims).toMatchObject({ role: 'authenticated', is_anonymous: true, sub: data.user!.id, email: '' });
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['anonymous']);
    const [row] = await sql<{ is_anonymous: boolean; email: string | null }>('select is_anonymous, email from auth.users where id = $1', [data.user!.id]);
    expect(row).toEqual({ is_anonymous: true, email: null });

    const me = await client.auth.getUser();
    expect(me.data.user?.is_anonymous).toBe(true);
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).is_anonymous).toBe(true);
  });

  it('refuses a password for an anonymous user without an email (422 validation_failed)', async () => {
    const client = anonClient();
    await client.auth.signInAnonymously();
    const { error } = await client.auth.updateUser({ password: 'Guest-Password-1' });
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Updating password of an anonymous user without an email or phone is not allowed',
    });
  });

  it('links an e-mail: the user stays anonymous until the mailed link is followed, then is permanent', async () => {
    const client = anonClient();
    const { data } = await client.auth.signInAnonymously();
    const id = data.user!.id;
    const email = uniqueEmail('anon-link');
    const password = 'Linked-Pass-2025';
    const update = await client.auth.updateUser({ email, password });
    expect(update.error).toBeNull();
    expect(update.data.user).toMatchObject({ is_anonymous: true, email: '', new_email: email });

    const [mail] = await waitForMail(email);
    const followed = await followVerifyLink(verifyLink(mail));
    expect(followed.params.get('type')).toBe('email_change');
    const permanent = await serviceClient().auth.admin.getUserById(id);
    expect(permanent.data.user).toMatchObject({ id, email, is_anonymous: false });
    expect(permanent.data.user?.email_confirmed_at).toBeTruthy();
    expect(permanent.data.user?.identities?.map((i) => i.provider)).toEqual(['email']);
    expect(permanent.data.user?.app_metadata.providers).toEqual(['email']);

    const again = await signIn(email, password);
    expect(again.user.id).toBe(id);
    expect(claimsOf(again.session.access_token).is_anonymous).toBe(false);
  });

  it('cannot link an e-mail another account holds (422 email_exists)', async () => {
    const taken = await createConfirmedUser();
    const client = anonClient();
    await client.auth.signInAnonymously();
    const { error } = await client.auth.updateUser({ email: taken.email });
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('admin invites', () => {
  it('inviteUserByEmail mails an invite link that confirms and signs in; a password can then be set', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(email, {
      data: { full_name: 'Ivy Invite' },
      redirectTo: `${SITE}/account`,
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Ivy Invite' } });
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const [mail] = await waitForMail(email);
    expect(mail.text).toContain('eingeladen');
    const link = verifyLink(mail);
    expect(new URL(link).searchParams.get('type')).toBe('invite');
    const { status, location, params } = await followVerifyLink(link);
    expect(status).toBe(303);
    expect(location.startsWith(`${SITE}/account#`)).toBe(true);
    expect(params.get('type')).toBe('invite');

    const client = anonClient();
    await client.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! });
    expect((await client.auth.updateUser({ password: 'Invited-Pass-2025' })).error).toBeNull();
    expect((await signIn(email, 'Invited-Pass-2025')).user.email_confirmed_at).toBeTruthy();

    const twice = await serviceClient().auth.admin.inviteUserByEmail(email);
    expect(twice.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('refuses a bad address (400) and callers without the service role (403 not_admin)', async () => {
    const bad = await serviceClient().auth.admin.inviteUserByEmail('not-an-address');
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
    const anon = await anonClient().auth.admin.inviteUserByEmail(uniqueEmail('invite-anon'));
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});

describe('admin generateLink', () => {
  const admin = () => serviceClient().auth.admin;
  /** A generated link that must succeed: its properties and user. */
  async function generated(params: GenerateLinkParams) {
    const { data, error } = await admin().generateLink(params);
    if (error || !data.properties || !data.user) throw new Error(`generateLink ${params.type} failed: ${error?.message}`);
    return { properties: data.properties, user: data.user };
  }

  it('signup: creates the user and answers GoTrue properties; the hashed token verifies', async () => {
    const email = uniqueEmail('gen-signup');
    const { properties, user } = await generated({ type: 'signup', email, password: TEST_PASSWORD, options: { data: { plan: 'pro' }, redirectTo: `${SITE}/welcome` } });
    expect(user).toMatchObject({ email, user_metadata: { plan: 'pro' } });
    expect(properties.verification_type).toBe('signup');
    expect(properties.redirect_to).toBe(`${SITE}/welcome`);
    const link = new URL(properties.action_link);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/welcome`);
    expect(properties.hashed_token.length).toBeGreaterThan(20);
    expect(await waitForMail(email, 1, 300)).toHaveLength(0);

    const verified = await anonClient().auth.verifyOtp({ type: 'signup', token_hash: properties.hashed_token });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('signup: a password is required for a new address, weak ones are refused, a confirmed address exists', async () => {
    const missing = await admin().generateLink({ type: 'signup', email: uniqueEmail('gen-nopass'), password: '' });
    expect(missing.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Signup requires a valid password' });
    const weak = await admin().generateLink({ type: 'signup', email: uniqueEmail('gen-weak'), password: 'short' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    const confirmed = await createConfirmedUser();
    const exists = await admin().generateLink({ type: 'signup', email: confirmed.email, password: TEST_PASSWORD });
    expect(exists.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('magiclink: for a known user; email_otp verifies with the address, once', async () => {
    const user = await createConfirmedUser();
    const data = await generated({ type: 'magiclink', email: user.email });
    expect(data.properties.verification_type).toBe('magiclink');
    expect(new URL(data.properties.action_link).searchParams.get('type')).toBe('magiclink');
    const first = await anonClient().auth.verifyOtp({ type: 'magiclink', email: user.email, token: data.properties.email_otp });
    expect(first.error).toBeNull();
    expect(first.data.user?.id).toBe(user.user.id);
    const replay = await anonClient().auth.verifyOtp({ type: 'magiclink', email: user.email, token: data.properties.email_otp });
    expect(replay.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('magiclink for an unknown address signs it up, as GoTrue does (verification_type signup)', async () => {
    const email = uniqueEmail('gen-magic-new');
    const data = await generated({ type: 'magiclink', email });
    expect(data.properties.verification_type).toBe('signup');
    expect(data.user.email).toBe(email);
    const followed = await followVerifyLink(data.properties.action_link);
    expect(followed.params.get('type')).toBe('signup');
  });

  it('invite and recovery: links of their type; recovery for an unknown address is 404 user_not_found', async () => {
    const email = uniqueEmail('gen-invite');
    const invite = await generated({ type: 'invite', email, options: { data: { team: 'staff' } } });
    expect(invite.properties.verification_type).toBe('invite');
    expect(invite.user.invited_at).toBeTruthy();
    expect(invite.user.user_metadata).toEqual({ team: 'staff' });

    const user = await createConfirmedUser();
    const recovery = await generated({ type: 'recovery', email: user.email });
    expect(recovery.properties.verification_type).toBe('recovery');
    const followed = await followVerifyLink(recovery.properties.action_link);
    expect(followed.params.get('type')).toBe('recovery');

    const unknown = await admin().generateLink({ type: 'recovery', email: uniqueEmail('gen-nobody') });
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User with this email not found' });
  });

  it('email_change_new changes the address when followed; email_change_current needs secure email change', async () => {
    const user = await createConfirmedUser();
    const newEmail = uniqueEmail('gen-new');
    const data = await generated({ type: 'email_change_new', email: user.email, newEmail });
    expect(data.properties.verification_type).toBe('email_change_new');
    expect(new URL(data.properties.action_link).searchParams.get('type')).toBe('email_change');
    expect(data.user.new_email).toBe(newEmail);
    await followVerifyLink(data.properties.action_link);
    expect((await admin().getUserById(user.user.id)).data.user?.email).toBe(newEmail);

    const current = await admin().generateLink({ type: 'email_change_current', email: newEmail, newEmail: uniqueEmail('gen-cur') });
    expect(current.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Enable secure email change to generate link for current email' });

    const taken = await createConfirmedUser();
    const clash = await admin().generateLink({ type: 'email_change_new', email: newEmail, newEmail: taken.email });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' });
    const noNew = await admin().generateLink({ type: 'email_change_new', email: newEmail, newEmail: '' });
    expect(noNew.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'An email address is required' });
  });

  it('refuses a missing address and an unknown type with GoTrue messages', async () => {
    const noEmail = await admin().generateLink({ type: 'magiclink', email: '' });
    expect(noEmail.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'An email address is required' });
    const badType = await admin().generateLink({ type: 'bogus', email: uniqueEmail('gen-type') } as never);
    expect(badType.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid email action link type requested: bogus' });
  });
});

describe('reauthentication and secure password change', () => {
  /** Ages the user's session past GoTrue's 24 hours, so a password change needs a nonce. */
  async function ageSession(accessToken: string) {
    await sql(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [claimsOf(accessToken).session_id]);
  }
  async function nonceMailedTo(email: string, count: number): Promise<string> {
    const mails = await waitForMail(email, count);
    const code = mails.at(-1)?.text.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error('no nonce mailed');
    return code;
  }

  it('a recent session changes its password without a nonce', async () => {
    const user = await createConfirmedUser();
    expect((await user.client.auth.updateUser({ password: 'Recent-Change-1' })).error).toBeNull();
    await signIn(user.email, 'Recent-Change-1');
  });

  it('an older session needs the mailed nonce: missing 400, wrong 422, right changes it, spent 422', async () => {
    const user = await createConfirmedUser();
    await ageSession(user.session.access_token);
    const without = await user.client.auth.updateUser({ password: 'Needs-Nonce-1' });
    expect(without.error).toBeInstanceOf(AuthApiError);
    expect(without.error).toMatchObject({ status: 400, code: 'reauthentication_needed', message: 'Password update requires reauthentication' });

    const sent = await user.client.auth.reauthenticate();
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ user: null, session: null });
    const nonce = await nonceMailedTo(user.email, 1);
    const [stored] = await sql<{ reauthentication_token: string }>('select reauthentication_token from auth.users where id = $1', [user.user.id]);
    expect(stored.reauthentication_token).not.toContain(nonce);

    const wrong = await user.client.auth.updateUser({ password: 'Needs-Nonce-1', nonce: nonce === '000000' ? '000001' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });
    const right = await user.client.auth.updateUser({ password: 'Needs-Nonce-1', nonce });
    expect(right.error).toBeNull();
    await signIn(user.email, 'Needs-Nonce-1');
    const spent = await user.client.auth.updateUser({ password: 'Needs-Nonce-2', nonce });
    expect(spent.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
  });

  it('mails at most one nonce a minute (429) and an expired nonce is refused', async () => {
    const user = await createConfirmedUser();
    await ageSession(user.session.access_token);
    expect((await user.client.auth.reauthenticate()).error).toBeNull();
    const again = await user.client.auth.reauthenticate();
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    const nonce = await nonceMailedTo(user.email, 1);
    await sql(`update auth.users set reauthentication_sent_at = now() - interval '25 hours' where id = $1`, [user.user.id]);
    const expired = await user.client.auth.updateUser({ password: 'Too-Late-Pass-1', nonce });
    expect(expired.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
  });

  it('needs a confirmed e-mail: anonymous 400 validation_failed, unconfirmed 422 email_not_confirmed', async () => {
    const anon = anonClient();
    await anon.auth.signInAnonymously();
    const noEmail = await anon.auth.reauthenticate();
    expect(noEmail.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Reauthentication requires the user to have an email or a phone number' });

    const user = await createConfirmedUser();
    await serviceClient().auth.admin.updateUserById(user.user.id, { email_confirm: false });
    const unconfirmed = await user.client.auth.reauthenticate();
    expect(unconfirmed.error).toMatchObject({ status: 422, code: 'email_not_confirmed', message: 'Please verify your email first.' });
    expect(await waitForMail(user.email, 1, 300)).toHaveLength(0);
  });

  it('without a bearer token: 401 no_authorization', async () => {
    const res = await rest('/auth/v1/reauthenticate', { headers: { authorization: '' } });
    expect(res.status).toBe(401);
  });
});

describe('password policy', () => {
  it('weak_password with reasons on sign-up, user update, admin create and update', async () => {
    const signUp = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: 'short' });
    expect(signUp.error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 8 characters.', reasons: ['length'] });

    const user = await createConfirmedUser();
    const update = await user.client.auth.updateUser({ password: 'tiny' });
    expect(isAuthWeakPasswordError(update.error)).toBe(true);
    expect(update.error).toMatchObject({ reasons: ['length'] });

    const created = await serviceClient().auth.admin.createUser({ email: uniqueEmail('weak-admin'), password: 'x' });
    expect(created.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    const updated = await serviceClient().auth.admin.updateUserById(user.user.id, { password: '1234567' });
    expect(updated.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    await signIn(user.email, user.password);
  });

  it('admin createUser without an email or phone: 400 validation_failed', async () => {
    const { error } = await serviceClient().auth.admin.createUser({ password: TEST_PASSWORD });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Cannot create a user without either an email or phone' });
  });

  it('same_password: a new password must differ from the old one', async () => {
    const user = await createConfirmedUser();
    const { error } = await user.client.auth.updateUser({ password: user.password });
    expect(error).toMatchObject({ status: 422, code: 'same_password', message: 'New password should be different from the old password.' });
  });
});

describe('features not served here answer as GoTrue does with them off', () => {
  it('/settings: anonymous sign-ins on (this suite), every OAuth provider, phone, SAML and Web3 off', async () => {
    const settings = await (await rest('/auth/v1/settings')).json();
    expect(settings.external).toMatchObject({ anonymous_users: true, email: true, phone: false, google: false, apple: false, web3_solana: false, web3_ethereum: false });
    expect(settings.saml_enabled).toBe(false);
  });

  it('SSO: 404 saml_provider_disabled', async () => {
    const { error } = await anonClient().auth.signInWithSSO({ domain: 'example.test' });
    expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' });
  });

  it('ID-token sign-in: provider_disabled for a known provider, GoTrue checks for others', async () => {
    const google = await anonClient().auth.signInWithIdToken({ provider: 'google', token: fakeIdToken({ iss: 'https://accounts.google.com' }) });
    expect(google.error).toMatchObject({ status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://accounts.google.com") is not enabled' });
    const apple = await anonClient().auth.signInWithIdToken({ provider: 'apple', token: fakeIdToken({ iss: 'https://appleid.apple.com' }) });
    expect(apple.error).toMatchObject({ status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://appleid.apple.com") is not enabled' });
    const garbled = await anonClient().auth.signInWithIdToken({ provider: 'apple', token: 'not-a-jwt' });
    expect(garbled.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to detect issuer in ID token for Apple provider' });
    const other = await anonClient().auth.signInWithIdToken({ provider: 'myidp', token: fakeIdToken({ iss: 'https://idp.example' }) });
    expect(other.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Custom OIDC provider "myidp" not allowed' });

    const raw = await rest('/auth/v1/token?grant_type=id_token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: 'invalid request', error_description: 'id_token required' });
  });

  it('Web3 grant: 422 web3_provider_disabled', async () => {
    const res = await rest('/auth/v1/token?grant_type=web3', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ chain: 'solana', message: 'm', signature: 's' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });
  });

  it('phone: sign-up 400, password sign-in 422, OTP 400 — all phone_provider_disabled', async () => {
    const phone = '+4915112345678';
    const signUp = await anonClient().auth.signUp({ phone, password: TEST_PASSWORD });
    expect(signUp.error).toMatchObject({ status: 400, code: 'phone_provider_disabled', message: 'Phone signups are disabled' });
    const password = await anonClient().auth.signInWithPassword({ phone, password: TEST_PASSWORD });
    expect(password.error).toMatchObject({ status: 422, code: 'phone_provider_disabled', message: 'Phone logins are disabled' });
    const otp = await anonClient().auth.signInWithOtp({ phone });
    expect(otp.error).toMatchObject({ status: 400, code: 'phone_provider_disabled', message: 'Unsupported phone provider' });
  });

  it('OAuth: /authorize refuses the provider (400); linking identities and passkeys are off (404)', async () => {
    const google = await rest('/auth/v1/authorize?provider=google', { redirect: 'manual', headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(google.status).toBe(400);
    expect(await google.json()).toEqual({ code: 'validation_failed', message: 'Unsupported provider: provider is not enabled' });
    const unknown = await rest('/auth/v1/authorize?provider=myspace', { redirect: 'manual', headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect((await unknown.json()).message).toBe('Unsupported provider: Provider myspace could not be found');

    const user = await createConfirmedUser();
    const link = await user.client.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(link.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    const passkeys = await user.client.auth.passkey.list();
    expect(passkeys.error).toMatchObject({ status: 404, code: 'passkey_disabled', message: 'Passkeys are disabled' });
    const grants = await user.client.auth.oauth.listGrants();
    expect(grants.error).toMatchObject({ status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' });
    // Below /user GoTrue asks for the bearer token before it says the feature is off.
    const unsigned = await rest('/auth/v1/user/identities/authorize?provider=google', { headers: { authorization: '' } });
    expect(unsigned.status).toBe(401);
  });

  it('a path GoTrue does not have is still 404 not_found', async () => {
    const res = await rest('/auth/v1/no-such-endpoint', { headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'not_found', message: 'Not Found' });
  });
});

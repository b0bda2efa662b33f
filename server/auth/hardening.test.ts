/**
 * Account takeover paths closed for issue 22: pre-hijacking an unconfirmed address (3), changing
 * credentials without the second factor (4), guessing one account's password from many addresses
 * (7b), guessing the reauthentication nonce (9d) and telling known addresses by /recover's timing (9e).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../config.ts';
import type { MailMessage, ServerContext } from '../context.ts';
import type { ApiRequest } from '../http.ts';
import { parseTrustedProxies } from '../proxy.ts';
import { createAuth } from './index.ts';
import { NONCE_ATTEMPTS } from './reauthenticate.ts';
import { followLink, startTestBackend, uniqueEmail, type TestBackend } from './fixtures/backend.ts';

const PER_ACCOUNT = 3;
let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend({
    anonymousSignIns: true,
    securePasswordChange: true,
    // The test's requests come from loopback: X-Forwarded-For names the client, as behind a proxy.
    trustedProxies: parseTrustedProxies('127.0.0.1/32,::1/128'),
    signInPerAccountRateLimit: PER_ACCOUNT,
  });
}, 60_000);
afterAll(() => t?.stop());

const PASSWORD = 'Str0ng-Pass';
const signIn = (email: string, password: string) => t.client().auth.signInWithPassword({ email, password });
const sql = async <T>(text: string, params: unknown[] = []) => (await t.backend.db.query(text, params)).rows as T[];

async function confirmedUser(label: string): Promise<{ email: string; client: SupabaseClient; accessToken: string }> {
  const email = uniqueEmail(label);
  const created = await t.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;
  const client = t.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { email, client, accessToken: data.session.access_token };
}

describe('no account pre-hijacking (issue 22 item 3)', () => {
  it("the owner's sign-up and confirmation leave the earlier stranger's password without effect", async () => {
    const email = uniqueEmail('victim');
    expect((await t.client().auth.signUp({ email, password: 'Attacker-Pass-1', options: { data: { full_name: 'Mallory' } } })).error).toBeNull();
    expect((await t.client().auth.signUp({ email, password: 'Victim-Pass-1', options: { data: { full_name: 'Victor' } } })).error).toBeNull();

    const confirmed = await followLink(await t.linkFor(email));
    expect(confirmed.fragment.get('type')).toBe('signup');
    expect(decodeJwt(confirmed.fragment.get('access_token') ?? '').email).toBe(email);

    const attacker = await signIn(email, 'Attacker-Pass-1');
    expect(attacker.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const victim = await signIn(email, 'Victim-Pass-1');
    expect(victim.error).toBeNull();
    expect(victim.data.user?.user_metadata).toMatchObject({ full_name: 'Victor' });
  });

  it('a confirmation link sent again (resend) confirms the address but not the pending password', async () => {
    const email = uniqueEmail('victim-resend');
    await t.client().auth.signUp({ email, password: 'Attacker-Pass-2' });
    expect((await t.client().auth.resend({ type: 'signup', email })).error).toBeNull();
    expect((await followLink(await t.linkFor(email))).fragment.get('access_token')).toBeTruthy();
    expect((await signIn(email, 'Attacker-Pass-2')).error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it("a recovery link is the owner's first confirmation: the stranger's pending password goes", async () => {
    const email = uniqueEmail('victim-recover');
    await t.client().auth.signUp({ email, password: 'Attacker-Pass-3' });
    expect((await t.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await followLink(await t.linkFor(email))).fragment.get('type')).toBe('recovery');
    expect((await signIn(email, 'Attacker-Pass-3')).error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('the first confirmation ends every other session: an anonymous session that named the address is signed out', async () => {
    const attacker = t.client();
    const anonymous = await attacker.auth.signInAnonymously();
    expect(anonymous.error).toBeNull();
    const email = uniqueEmail('victim-anon');
    expect((await attacker.auth.updateUser({ email })).error).toBeNull();

    const followed = await followLink(await t.linkFor(email));
    expect(followed.fragment.get('type')).toBe('email_change');

    const stale = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${anonymous.data.session?.access_token}` } });
    expect(stale.status).toBe(403);
    expect((await stale.json()).error_code).toBe('session_not_found');
    const refreshed = await attacker.auth.refreshSession();
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    // The owner's session from the link works.
    const mine = await fetch(`${t.url}/auth/v1/user`, { headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${followed.fragment.get('access_token')}` } });
    expect(mine.status).toBe(200);
  });
});

describe('password and e-mail changes need aal2 once a factor is verified (issue 22 item 4)', () => {
  it('an aal1 session gets 401 insufficient_aal for password or e-mail, metadata still works; aal2 changes both', async () => {
    const { email, client } = await confirmedUser('aal');
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
    if (enrolled.error) throw enrolled.error;
    const totp = new TOTP({ secret: Secret.fromBase32(enrolled.data.totp.secret) });
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: totp.generate() });
    expect(verified.error).toBeNull();

    const stolen = t.client();
    const aal1 = await stolen.auth.signInWithPassword({ email, password: PASSWORD });
    expect(aal1.error).toBeNull();
    expect(decodeJwt(aal1.data.session?.access_token ?? '').aal).toBe('aal1');
    const message = 'AAL2 session is required to update email or password when MFA is enabled.';
    expect((await stolen.auth.updateUser({ password: 'Taken-Over-1' })).error).toMatchObject({ status: 401, code: 'insufficient_aal', message });
    expect((await stolen.auth.updateUser({ email: uniqueEmail('thief') })).error).toMatchObject({ status: 401, code: 'insufficient_aal', message });
    expect((await stolen.auth.updateUser({ data: { nickname: 'fine' } })).error).toBeNull();
    expect((await signIn(email, 'Taken-Over-1')).error).toMatchObject({ code: 'invalid_credentials' });

    expect((await client.auth.updateUser({ password: 'Owner-Changed-1' })).error).toBeNull();
    expect((await signIn(email, 'Owner-Changed-1')).error).toBeNull();
  });
});

describe('sign-in attempts per account (issue 22 item 7b)', () => {
  const attempt = (email: string, password: string, clientIp: string) =>
    fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', 'x-forwarded-for': clientIp, 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email, password }),
    });

  it(`${PER_ACCOUNT} failed password sign-ins per address, from any number of client addresses; other accounts are unaffected`, async () => {
    const { email } = await confirmedUser('guessed');
    const { email: other } = await confirmedUser('bystander');
    for (let i = 1; i <= PER_ACCOUNT; i++) expect((await attempt(email, `Wrong-Pass-${i}`, `198.51.100.${i}`)).status).toBe(400);
    const limited = await attempt(email, PASSWORD, '203.0.113.77');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    expect((await attempt(other, PASSWORD, '198.51.100.1')).status).toBe(200);
  });

  it('right passwords do not count against the owner', async () => {
    const { email } = await confirmedUser('owner');
    for (let i = 0; i <= PER_ACCOUNT; i++) expect((await attempt(email, PASSWORD, '198.51.100.9')).status).toBe(200);
  });
});

describe('the reauthentication nonce is limited in attempts (issue 22 item 9d)', () => {
  async function needingNonce(label: string) {
    const user = await confirmedUser(label);
    await sql(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [decodeJwt(user.accessToken).session_id]);
    return user;
  }
  async function mailedNonce(email: string): Promise<string> {
    const [newest] = await t.mailTo(email);
    const nonce = newest?.text.match(/\b\d{6}\b/)?.[0];
    if (!nonce) throw new Error(`no nonce mailed to ${email}`);
    return nonce;
  }
  const wrongFor = (nonce: string, i: number) => String((Number(nonce) + i) % 1_000_000).padStart(6, '0');

  it(`after ${NONCE_ATTEMPTS} wrong nonces the mailed one is void; a newly mailed one works`, async () => {
    const { email, client } = await needingNonce('nonce-guess');
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = await mailedNonce(email);
    for (let i = 1; i <= NONCE_ATTEMPTS; i++) {
      const wrong = await client.auth.updateUser({ password: 'Guessed-Pass-1', nonce: wrongFor(nonce, i) });
      expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    }
    const tooLate = await client.auth.updateUser({ password: 'Guessed-Pass-1', nonce });
    expect(tooLate.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });
    expect((await signIn(email, 'Guessed-Pass-1')).error).toMatchObject({ code: 'invalid_credentials' });

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const fresh = await mailedNonce(email);
    expect((await client.auth.updateUser({ password: 'Fresh-Nonce-1', nonce: fresh })).error).toBeNull();
    expect((await signIn(email, 'Fresh-Nonce-1')).error).toBeNull();
  });

  it(`${NONCE_ATTEMPTS - 1} wrong nonces still leave the right one working`, async () => {
    const { email, client } = await needingNonce('nonce-typo');
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = await mailedNonce(email);
    for (let i = 1; i < NONCE_ATTEMPTS; i++) expect((await client.auth.updateUser({ password: 'Typo-Pass-1', nonce: wrongFor(nonce, i) })).error).not.toBeNull();
    expect((await client.auth.updateUser({ password: 'Typo-Pass-1', nonce })).error).toBeNull();
  });
});

describe('/recover does not wait for the mailer (issue 22 item 9e)', () => {
  function recoverRequest(email: string): ApiRequest {
    return {
      method: 'POST',
      url: new URL('http://localhost/auth/v1/recover'),
      path: '/recover',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      ip: '192.0.2.10',
      body: async () => Buffer.from(JSON.stringify({ email })),
    };
  }

  it('a known address is answered like an unknown one while its mail is still being sent', async () => {
    const sent: MailMessage[] = [];
    // A mailer that never finishes (an SMTP server that hangs).
    const hanging = {
      send(mail: MailMessage) {
        sent.push(mail);
        return new Promise<void>(() => {});
      },
    };
    const context: ServerContext = { config: t.backend.config, db: t.backend.db, mailer: hanging, internalUrl: () => t.url, storageDir: '' };
    const auth = createAuth(context);
    const { email } = await confirmedUser('recover-known');

    const known = await Promise.race([auth.handle(recoverRequest(email)), new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 5000))]);
    const unknown = await auth.handle(recoverRequest(uniqueEmail('recover-unknown')));
    expect(known).not.toBe('waiting');
    expect(known).toEqual(unknown);
    expect(unknown).toMatchObject({ status: 200, body: '{}' });
    expect(sent.map((m) => m.to)).toEqual([email]);
    expect(sent[0].text).toContain('type=recovery');
  });
});

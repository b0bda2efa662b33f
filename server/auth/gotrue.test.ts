/**
 * The GoTrue switches the integration backend cannot show at once (issue 14): anonymous sign-ins
 * off (the default) and rate limited, required password characters, SECURE_PASSWORD_CHANGE off,
 * an anonymous user linking an e-mail under autoConfirm, and MAILER_EMAIL_VALIDATION_EXTENDED
 * under autoConfirm — each on a backend of its own config.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, type Config } from '../config.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from './fixtures/backend.ts';
import { hashPassword } from './users.ts';

const backends: TestBackend[] = [];
async function backend(config: Partial<Config>): Promise<TestBackend> {
  const started = await startTestBackend(config);
  backends.push(started);
  return started;
}
afterAll(() => Promise.all(backends.map((b) => b.stop())));

describe('anonymous sign-ins', () => {
  it('are off by default: 422 anonymous_provider_disabled, and /settings says so', async () => {
    const t = await backend({});
    const { data, error } = await t.client().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    const settings = await (await fetch(`${t.url}/auth/v1/settings`, { headers: { apikey: LOCAL_ANON_KEY } })).json();
    expect(settings.external.anonymous_users).toBe(false);
  });

  it('are limited per client per hour (429 over_request_rate_limit), apart from e-mail sign-ups', async () => {
    const t = await backend({ anonymousSignIns: true, anonymousRateLimit: 2 });
    for (let i = 0; i < 2; i++) expect((await t.client().auth.signInAnonymously()).error).toBeNull();
    const third = await t.client().auth.signInAnonymously();
    expect(third.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    const signUp = await t.client().auth.signUp({ email: uniqueEmail('after-anon'), password: 'Str0ng-Pass' });
    expect(signUp.error).toBeNull();
  });

  it('under autoConfirm, linking an e-mail makes the user permanent at once', async () => {
    const t = await backend({ anonymousSignIns: true, autoConfirm: true });
    const client = t.client();
    await client.auth.signInAnonymously();
    const email = uniqueEmail('anon-auto');
    const { data, error } = await client.auth.updateUser({ email });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, is_anonymous: false, app_metadata: { providers: ['email'] } });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['email']);
    expect(await t.mailTo(email)).toHaveLength(0);
  });
});

describe('required password characters (PASSWORD_REQUIRED_CHARACTERS)', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await backend({ passwordPolicy: { minLength: 10, requiredCharacters: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'] } });
  }, 60_000);
  const characters = 'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.';

  it('sign-up: weak_password with reason characters, or length and characters together', async () => {
    const plain = await t.client().auth.signUp({ email: uniqueEmail('chars'), password: 'alllowercase' });
    expect(plain.error).toMatchObject({ status: 422, code: 'weak_password', message: characters, reasons: ['characters'] });
    const both = await t.client().auth.signUp({ email: uniqueEmail('chars'), password: 'short' });
    expect(both.error).toMatchObject({ message: `Password should be at least 10 characters. ${characters}`, reasons: ['length', 'characters'] });
    const good = await t.client().auth.signUp({ email: uniqueEmail('chars'), password: 'Mixed-Case-9' });
    expect(good.error).toBeNull();
  });

  it('admin create and user update apply the same rules', async () => {
    const email = uniqueEmail('chars-admin');
    const weak = await t.serviceClient().auth.admin.createUser({ email, password: 'NODIGITSHERE', email_confirm: true });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['characters'] });
    expect((await t.serviceClient().auth.admin.createUser({ email, password: 'Good-Pass-123', email_confirm: true })).error).toBeNull();
    const client = t.client();
    await client.auth.signInWithPassword({ email, password: 'Good-Pass-123' });
    const update = await client.auth.updateUser({ password: 'nouppercase123' });
    expect(update.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['characters'] });
  });

  it('a right password the policy now finds weak still signs in, with weak_password (data.weakPassword)', async () => {
    const email = uniqueEmail('chars-old');
    const { data } = await t.serviceClient().auth.admin.createUser({ email, password: 'Good-Pass-123', email_confirm: true });
    // A password set before the policy was tightened.
    await t.backend.db.query('update auth.users set encrypted_password = $2 where id = $1', [data.user?.id, await hashPassword('lowercase-only')]);
    const signIn = await t.client().auth.signInWithPassword({ email, password: 'lowercase-only' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session).not.toBeNull();
    expect(signIn.data.weakPassword).toEqual({ message: characters, reasons: ['characters'] });
    const other = uniqueEmail('chars-strong');
    await t.serviceClient().auth.admin.createUser({ email: other, password: 'Good-Pass-123', email_confirm: true });
    const strong = await t.client().auth.signInWithPassword({ email: other, password: 'Good-Pass-123' });
    expect(strong.error).toBeNull();
    expect(strong.data.weakPassword).toBeUndefined();
  });
});

describe('SECURE_PASSWORD_CHANGE off (the default)', () => {
  it('an old session changes its password without a nonce', async () => {
    const t = await backend({});
    const email = uniqueEmail('no-secure');
    await t.serviceClient().auth.admin.createUser({ email, password: 'Old-Pass-123', email_confirm: true });
    const client = t.client();
    const { data } = await client.auth.signInWithPassword({ email, password: 'Old-Pass-123' });
    const sessionId = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString()).session_id;
    await t.backend.db.query(`update auth.sessions set created_at = now() - interval '30 days' where id = $1`, [sessionId]);
    expect((await client.auth.updateUser({ password: 'New-Pass-456' })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password: 'New-Pass-456' })).error).toBeNull();
  });
});

describe('MAILER_EMAIL_VALIDATION_EXTENDED under autoConfirm', () => {
  it('checks nothing where nothing is mailed: sign-up and an e-mail change take example.com at once', async () => {
    const t = await backend({ mailerEmailValidationExtended: true, autoConfirm: true });
    const client = t.client();
    const signUp = await client.auth.signUp({ email: 'auto@example.com', password: 'Auto-Pass-123' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).not.toBeNull();
    const { data, error } = await client.auth.updateUser({ email: 'moved@example.org' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('moved@example.org');
    // The magic link is mailed even under autoConfirm, so it is checked.
    const otp = await t.client().auth.signInWithOtp({ email: 'moved@example.org' });
    expect(otp.error).toMatchObject({ status: 400, code: 'email_address_invalid', message: 'Email address "moved@example.org" is invalid' });
  });
});

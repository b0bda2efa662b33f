/**
 * GoTrue's extended e-mail validation (MAILER_EMAIL_VALIDATION_EXTENDED, on in hosted Supabase)
 * through supabase-js: every flow that mails someone refuses an address that cannot receive mail
 * with 400 email_address_invalid and changes nothing; generateLink, which mails nobody, does not
 * check. The switch is off in the suite's backend (its users live at example.test), so these
 * tests start a backend of their own with it on (and SECURE_PASSWORD_CHANGE, to show a nonce is not spent) — on the same PostgreSQL when the suite runs on
 * one (DATABASE_URL), else on an in-memory PGlite — as server/auth/gotrue.test.ts does for
 * GoTrue's other switches.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../server/auth/fixtures/backend.ts';
import { anonClient, serviceClient, TEST_PASSWORD, uniqueEmail } from './support.ts';

let t: TestBackend;

beforeAll(async () => {
  t = await startTestBackend({
    mailerEmailValidationExtended: true,
    securePasswordChange: true,
    databaseUrl: process.env.DATABASE_URL || undefined,
    // On the suite's PostgreSQL: migrated already by the suite's backend; keep its admins.
    migrate: false,
    adminEmails: inject('adminEmails'),
  });
}, 120_000);
afterAll(() => t?.stop());

/** An address GoTrue's validation refuses (host example.com), unique to one test. */
const refused = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
/** An address it lets through. */
const deliverable = (label: string) => `${label}-${randomUUID().slice(0, 8)}@nopain-nogain.com`;

const invalid = (email: string) => ({ status: 400, code: 'email_address_invalid', message: `Email address "${email}" is invalid` });

async function usersAt(email: string): Promise<number> {
  const { rows } = await t.backend.db.query<{ n: number }>('select count(*)::int as n from auth.users where lower(email) = lower($1)', [email]);
  return rows[0].n;
}

/** Everything stored about a user (its tokens, sent_at times, pending e-mail change, metadata …). */
async function userRow(id: string): Promise<unknown> {
  const { rows } = await t.backend.db.query<{ row: unknown }>('select to_jsonb(u) as row from auth.users u where id = $1', [id]);
  return rows[0]?.row;
}

async function flowStatesOf(id: string): Promise<number> {
  const { rows } = await t.backend.db.query<{ n: number }>('select count(*)::int as n from auth.flow_state where user_id = $1', [id]);
  return rows[0].n;
}

/** A user made with the admin API (which mails nobody, so any address is taken), optionally signed in. */
async function adminUser(email: string, confirmed = true) {
  const { data, error } = await t.serviceClient().auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: confirmed });
  if (error || !data.user) throw new Error(`admin createUser ${email}: ${error?.message}`);
  return data.user;
}

async function signedIn(email: string) {
  const client = t.client();
  const { data, error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error || !data.session) throw new Error(`sign-in ${email}: ${error?.message}`);
  return { client, session: data.session, user: data.user };
}

it("runs on the suite's engine", () => {
  expect(t.backend.db.kind).toBe(inject('databaseKind'));
});

describe('sign-up', () => {
  it('x@example.com: 400 email_address_invalid with GoTrue message, no user, no mail', async () => {
    const email = 'x@example.com';
    const { data, error } = await t.client().auth.signUp({ email, password: TEST_PASSWORD });
    expect(error).toMatchObject(invalid(email));
    expect(data.user).toBeNull();
    expect(await usersAt(email)).toBe(0);
    expect(await t.mailTo(email)).toHaveLength(0);
  });

  it("answers GoTrue's JSON in both API versions", async () => {
    const email = refused('raw');
    const post = (headers: Record<string, string>) =>
      fetch(`${t.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: t.backend.config.anonKey, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
      });
    const legacy = await post({});
    expect(legacy.status).toBe(400);
    expect(await legacy.json()).toEqual({ code: 400, error_code: 'email_address_invalid', msg: `Email address "${email}" is invalid` });
    const current = await post({ 'x-supabase-api-version': '2024-01-01' });
    expect(current.status).toBe(400);
    expect(await current.json()).toEqual({ code: 'email_address_invalid', message: `Email address "${email}" is invalid` });
    expect(await usersAt(email)).toBe(0);
  });

  // Single-label hosts (root@intranet) never get this far: this server's format check (validate.ts)
  // already wants a dot in the host, where GoTrue's checkmail lets them through to the mailer.
  it('each of the static rules refuses; the address is checked as stored (lower-cased)', async () => {
    for (const email of ['test@gmail.com', 'abc@gmail.com', `shopper-${randomUUID().slice(0, 6)}@shop.test`, `s-${randomUUID().slice(0, 6)}@gamil.com`]) {
      const { error } = await t.client().auth.signUp({ email, password: TEST_PASSWORD });
      expect([email, error]).toMatchObject([email, invalid(email)]);
      expect(await usersAt(email)).toBe(0);
    }
    const mixed = `Mixed-${randomUUID().slice(0, 6)}@Example.COM`;
    const { error } = await t.client().auth.signUp({ email: mixed, password: TEST_PASSWORD });
    expect(error).toMatchObject(invalid(mixed.toLowerCase()));
  });

  it('an unconfirmed user at a refused address gets no new confirmation token; a confirmed one the usual obfuscated answer', async () => {
    const pending = await adminUser(refused('pending'), false);
    const before = await userRow(pending.id);
    const again = await t.client().auth.signUp({ email: pending.email!, password: TEST_PASSWORD });
    expect(again.error).toMatchObject(invalid(pending.email!));
    expect(await userRow(pending.id)).toEqual(before);

    // GoTrue mails nobody here, so nothing is checked and nothing is revealed.
    const confirmed = await adminUser(refused('confirmed'));
    const exists = await t.client().auth.signUp({ email: confirmed.email!, password: TEST_PASSWORD });
    expect(exists.error).toBeNull();
    expect(exists.data.user?.id).not.toBe(confirmed.id);
    expect(await t.mailTo(confirmed.email!)).toHaveLength(0);
  });

  it('a deliverable address signs up and is mailed', async () => {
    const email = deliverable('shopper');
    const { data, error } = await t.client().auth.signUp({ email, password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(await t.mailTo(email)).toHaveLength(1);
    expect((await t.client().auth.signUp({ email: 'first.last+tag@gmail.com', password: TEST_PASSWORD })).error).toBeNull();
  });
});

describe('resend', () => {
  it('signup: refused for an unconfirmed user at a refused address, nothing stored', async () => {
    const pending = await adminUser(refused('resend'), false);
    const before = await userRow(pending.id);
    const { error } = await t.client().auth.resend({ type: 'signup', email: pending.email! });
    expect(error).toMatchObject(invalid(pending.email!));
    expect(await userRow(pending.id)).toEqual(before);
    expect(await t.mailTo(pending.email!)).toHaveLength(0);
  });

  it('email_change: refused when the pending new address is refused (set by generateLink, which mails nobody)', async () => {
    const user = await adminUser(deliverable('change'));
    const newEmail = refused('pending-new');
    const link = await t.serviceClient().auth.admin.generateLink({ type: 'email_change_new', email: user.email!, newEmail });
    expect(link.error).toBeNull();
    const before = await userRow(user.id);
    const { error } = await t.client().auth.resend({ type: 'email_change', email: user.email! });
    expect(error).toMatchObject(invalid(newEmail));
    expect(await userRow(user.id)).toEqual(before);
    expect(await t.mailTo(newEmail)).toHaveLength(0);
  });
});

describe('resetPasswordForEmail', () => {
  it('refused for a user at a refused address: no recovery token, no mail', async () => {
    const user = await adminUser(refused('recover'));
    const before = await userRow(user.id);
    const { error } = await t.client().auth.resetPasswordForEmail(user.email!);
    expect(error).toMatchObject(invalid(user.email!));
    expect(await userRow(user.id)).toEqual(before);
    expect(await t.mailTo(user.email!)).toHaveLength(0);
  });

  it('an unknown refused address is answered as any unknown one ({}), a deliverable user is mailed', async () => {
    expect((await t.client().auth.resetPasswordForEmail(refused('nobody'))).error).toBeNull();
    const user = await adminUser(deliverable('recover'));
    expect((await t.client().auth.resetPasswordForEmail(user.email!)).error).toBeNull();
    expect(await t.mailTo(user.email!)).toHaveLength(1);
  });
});

describe('signInWithOtp (magic link)', () => {
  it('refused for a new address before its user is created', async () => {
    const email = refused('otp-new');
    const { error } = await t.client().auth.signInWithOtp({ email });
    expect(error).toMatchObject(invalid(email));
    expect(await usersAt(email)).toBe(0);
    expect(await t.mailTo(email)).toHaveLength(0);
  });

  it('refused for an existing user at a refused address: no token stored', async () => {
    const user = await adminUser(refused('otp-known'));
    const before = await userRow(user.id);
    const { error } = await t.client().auth.signInWithOtp({ email: user.email! });
    expect(error).toMatchObject(invalid(user.email!));
    expect(await userRow(user.id)).toEqual(before);
  });

  it('shouldCreateUser false: an unknown address is still otp_disabled (422), as before', async () => {
    const { error } = await t.client().auth.signInWithOtp({ email: refused('otp-nocreate'), options: { shouldCreateUser: false } });
    expect(error).toMatchObject({ status: 422, code: 'otp_disabled' });
  });

  it('a deliverable address gets its link', async () => {
    const email = deliverable('otp');
    expect((await t.client().auth.signInWithOtp({ email })).error).toBeNull();
    expect(await t.mailTo(email)).toHaveLength(1);
  });
});

describe('admin inviteUserByEmail', () => {
  it('refused before the invited user is created', async () => {
    const email = refused('invite');
    const { data, error } = await t.serviceClient().auth.admin.inviteUserByEmail(email);
    expect(error).toMatchObject(invalid(email));
    expect(data.user).toBeNull();
    expect(await usersAt(email)).toBe(0);
    expect(await t.mailTo(email)).toHaveLength(0);
  });

  it('re-inviting an unconfirmed user at a refused address changes nothing; a confirmed one is email_exists first', async () => {
    const pending = await adminUser(refused('reinvite'), false);
    const before = await userRow(pending.id);
    expect((await t.serviceClient().auth.admin.inviteUserByEmail(pending.email!)).error).toMatchObject(invalid(pending.email!));
    expect(await userRow(pending.id)).toEqual(before);
    const confirmed = await adminUser(refused('reinvite-confirmed'));
    expect((await t.serviceClient().auth.admin.inviteUserByEmail(confirmed.email!)).error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('a deliverable address is invited', async () => {
    const email = deliverable('invite');
    const { data, error } = await t.serviceClient().auth.admin.inviteUserByEmail(email);
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    expect(await t.mailTo(email)).toHaveLength(1);
  });
});

describe('admin generateLink mails nobody, so it does not check (as GoTrue)', () => {
  it('signup, invite, magiclink and recovery links for example.com addresses', async () => {
    const admin = t.serviceClient().auth.admin;
    const signup = await admin.generateLink({ type: 'signup', email: refused('gen-signup'), password: TEST_PASSWORD });
    expect(signup.error).toBeNull();
    const invite = await admin.generateLink({ type: 'invite', email: refused('gen-invite') });
    expect(invite.error).toBeNull();
    const magic = await admin.generateLink({ type: 'magiclink', email: refused('gen-magic') });
    expect(magic.error).toBeNull();
    const recovery = await admin.generateLink({ type: 'recovery', email: signup.data.user!.email! });
    expect(recovery.error).toBeNull();
    expect(await t.mailTo(signup.data.user!.email!)).toHaveLength(0);
  });
});

describe('updateUser({ email })', () => {
  it('refuses a new address the mailer refuses; nothing of the request is kept (metadata, password, pending change)', async () => {
    const email = deliverable('mover');
    const user = await adminUser(email);
    const { client } = await signedIn(email);
    const before = await userRow(user.id);
    const newEmail = refused('moved');
    const { error } = await client.auth.updateUser({ email: newEmail, data: { nickname: 'kept?' }, password: 'Another-Pass-2025!' });
    expect(error).toMatchObject(invalid(newEmail));
    expect(await userRow(user.id)).toEqual(before);
    expect(await flowStatesOf(user.id)).toBe(0);
    expect(await t.mailTo(newEmail)).toHaveLength(0);
    await signedIn(email);
  });

  it('with a reauthentication nonce: the nonce is not spent by the refused request and works after', async () => {
    const email = deliverable('nonce');
    const user = await adminUser(email);
    const { client, session } = await signedIn(email);
    const sessionId = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString()).session_id;
    await t.backend.db.query(`update auth.sessions set created_at = now() - interval '25 hours' where id = $1`, [sessionId]);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = (await t.mailTo(email))[0]?.text.match(/\b\d{6}\b/)?.[0];
    expect(nonce).toBeDefined();
    const before = await userRow(user.id);
    const newEmail = refused('nonce-moved');
    const refusedChange = await client.auth.updateUser({ email: newEmail, password: 'Nonce-Pass-2025!', nonce });
    expect(refusedChange.error).toMatchObject(invalid(newEmail));
    expect(await userRow(user.id)).toEqual(before);
    expect((await client.auth.updateUser({ password: 'Nonce-Pass-2025!', nonce })).error).toBeNull();
  });

  it('a taken address is still email_exists (422) first; a deliverable one is mailed', async () => {
    const email = deliverable('mover2');
    await adminUser(email);
    const { client } = await signedIn(email);
    const taken = await adminUser(refused('taken'));
    expect((await client.auth.updateUser({ email: taken.email! })).error).toMatchObject({ status: 422, code: 'email_exists' });
    const newEmail = deliverable('moved2');
    const moved = await client.auth.updateUser({ email: newEmail });
    expect(moved.error).toBeNull();
    expect(moved.data.user?.new_email).toBe(newEmail);
    expect(await t.mailTo(newEmail)).toHaveLength(1);
  });

  it('metadata alone still updates for a user at a refused address (nothing is mailed)', async () => {
    const user = await adminUser(refused('meta'));
    const { client } = await signedIn(user.email!);
    const { data, error } = await client.auth.updateUser({ data: { nickname: 'Kim' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.nickname).toBe('Kim');
  });
});

describe('reauthenticate', () => {
  it('refused for a user at a refused address: no nonce stored, no mail', async () => {
    const user = await adminUser(refused('reauth'));
    const { client } = await signedIn(user.email!);
    const before = await userRow(user.id);
    const { error } = await client.auth.reauthenticate();
    expect(error).toMatchObject(invalid(user.email!));
    expect(await userRow(user.id)).toEqual(before);
    expect(await t.mailTo(user.email!)).toHaveLength(0);
  });

  it('a deliverable user gets the nonce', async () => {
    const user = await adminUser(deliverable('reauth'));
    const { client } = await signedIn(user.email!);
    expect((await client.auth.reauthenticate()).error).toBeNull();
    expect(await t.mailTo(user.email!)).toHaveLength(1);
  });
});

describe('with the switch off (the suite backend, the default)', () => {
  it('example.com and example.test addresses sign up, are invited and recover as before', async () => {
    const email = `off-${randomUUID().slice(0, 8)}@example.com`;
    expect((await anonClient().auth.signUp({ email, password: TEST_PASSWORD })).error).toBeNull();
    expect((await serviceClient().auth.admin.inviteUserByEmail(uniqueEmail('off-invite'))).error).toBeNull();
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
  });
});

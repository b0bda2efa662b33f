/**
 * Two-factor sign-in (TOTP) through supabase-js's auth.mfa.* and auth.admin.mfa.*, as hosted
 * Supabase answers them (GoTrue's internal/api/mfa.go): enrolment, challenge, verification to
 * aal2, the error codes, the per-factor rate limit, replayed codes, expired challenges, and the
 * database refusing an admin's writes at aal1 once that admin has a verified factor.
 */
import type { AuthError, SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, createConfirmedUser, serviceClient, signIn, sql } from './support.ts';
import { authenticator, enrolVerifiedFactor, freshAdmin } from './totp.ts';

const claimsOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8'));

function expectAuthError(error: AuthError | null, status: number, code: string) {
  expect(error, `expected ${status} ${code}`).not.toBeNull();
  expect({ status: error?.status, code: error?.code }).toEqual({ status, code });
}

/** A confirmed user, signed in, with a TOTP factor enrolled (and, unless `verified: false`, verified). */
async function userWithFactor(opts: { verified?: boolean } = {}) {
  const signedIn = await createConfirmedUser();
  if (opts.verified !== false) return { ...signedIn, ...(await enrolVerifiedFactor(signedIn.client, 'phone')) };
  const { data, error } = await signedIn.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone' });
  expect(error).toBeNull();
  return { ...signedIn, factorId: data!.id, secret: data!.totp.secret, app: authenticator(data!.totp.secret) };
}

describe('the two-factor journey', () => {
  it('enrol → verify → aal2; a later password sign-in is aal1 with aal2 next, a code raises it; refresh keeps it; sign-out ends it', async () => {
    const user = await createConfirmedUser();
    const mfa = user.client.auth.mfa;
    expect((await mfa.getAuthenticatorAssuranceLevel()).data).toEqual({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
      currentAuthenticationMethods: [{ method: 'password', timestamp: expect.any(Number) }],
    });

    const enrolled = await mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone', issuer: 'No Pain Shop' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Work phone' });
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    const uri = new URL(factor.totp.uri);
    expect(decodeURIComponent(uri.pathname)).toBe(`/No Pain Shop:${user.email}`);
    expect(uri.searchParams.get('secret')).toBe(factor.totp.secret);

    const unverified = (await mfa.listFactors()).data!;
    expect(unverified.all).toEqual([expect.objectContaining({ id: factor.id, status: 'unverified', factor_type: 'totp', friendly_name: 'Work phone' })]);
    expect(unverified.totp).toEqual([]);
    expect((await mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal1');

    const app = authenticator(factor.totp.secret);
    const challenge = await mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toEqual({ id: expect.any(String), type: 'totp', expires_at: expect.any(Number) });
    expect(challenge.data!.expires_at - Date.now() / 1000).toBeGreaterThan(290);
    const verified = await mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: await app.nextCode() });
    expect(verified.error).toBeNull();
    const claims = claimsOf(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((a: { method: string }) => a.method)).toEqual(['totp', 'password']);
    expect((await mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const listed = (await mfa.listFactors()).data!;
    expect(listed.totp.map((f) => [f.id, f.status])).toEqual([[factor.id, 'verified']]);

    const later = await signIn(user.email, user.password);
    expect(claimsOf(later.session.access_token).aal).toBe('aal1');
    expect((await later.client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const raised = await later.client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: await app.nextCode() });
    expect(raised.error).toBeNull();
    expect(raised.data!.refresh_token).not.toBe(later.session.refresh_token);
    const { data: refreshed, error: refreshError } = await later.client.auth.refreshSession();
    expect(refreshError).toBeNull();
    expect(claimsOf(refreshed.session!.access_token)).toMatchObject({ aal: 'aal2', amr: [{ method: 'totp' }, { method: 'password' }] });

    const refreshToken = refreshed.session!.refresh_token;
    expect((await later.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    const afterSignOut = await anonClient().auth.refreshSession({ refresh_token: refreshToken });
    expectAuthError(afterSignOut.error, 400, 'refresh_token_not_found');
  });

  it('verifying ends the user’s other aal1 sessions and their unverified TOTP factors, as GoTrue', async () => {
    const user = await createConfirmedUser();
    const elsewhere = await signIn(user.email, user.password);
    const spare = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'spare' });
    const main = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'main' });
    const app = authenticator(main.data!.totp.secret);
    expect((await user.client.auth.mfa.challengeAndVerify({ factorId: main.data!.id, code: await app.nextCode() })).error).toBeNull();

    expectAuthError((await elsewhere.client.auth.refreshSession()).error, 400, 'refresh_token_not_found');
    const factors = (await user.client.auth.mfa.listFactors()).data!.all.map((f) => f.id);
    expect(factors).toEqual([main.data!.id]);
    expect(factors).not.toContain(spare.data!.id);
  });

  it('keeps the secret sealed in the database and never returns it after enrolment', async () => {
    const user = await userWithFactor();
    const [row] = await sql<{ secret: string }>('select secret from auth.mfa_factors where id = $1', [user.factorId]);
    expect(row.secret).not.toContain(user.secret);
    const { data } = await user.client.auth.getUser();
    expect(JSON.stringify(data.user)).not.toContain(user.secret);
    const admin = await serviceClient().auth.admin.mfa.listFactors({ userId: user.user.id });
    expect(JSON.stringify(admin.data)).not.toContain(user.secret);
  });
});

describe('enrolment rules and errors', () => {
  it('refuses factor types it does not serve, with GoTrue’s codes', async () => {
    const { client } = await createConfirmedUser();
    expectAuthError((await client.auth.mfa.enroll({ factorType: 'phone', phone: '+4915112345678' })).error, 422, 'mfa_phone_enroll_not_enabled');
    expectAuthError((await client.auth.mfa.enroll({ factorType: 'sms' as 'totp' })).error, 400, 'validation_failed');
  });

  it('a factor without a name answers friendly_name "" and is listed without one; a second unnamed one conflicts, as GoTrue', async () => {
    const { client } = await createConfirmedUser();
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toBeNull();
    expect(data?.friendly_name).toBe('');
    expect((await client.auth.mfa.listFactors()).data!.all[0]).not.toHaveProperty('friendly_name');
    expectAuthError((await client.auth.mfa.enroll({ factorType: 'totp' })).error, 422, 'mfa_factor_name_conflict');
  });

  it('a second factor with the same friendly name is 422 mfa_factor_name_conflict', async () => {
    const { client } = await createConfirmedUser();
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Laptop' })).error).toBeNull();
    expectAuthError((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Laptop' })).error, 422, 'mfa_factor_name_conflict');
  });

  it('at most ten factors: the eleventh is 422 too_many_enrolled_mfa_factors', async () => {
    const { client } = await createConfirmedUser();
    for (let i = 0; i < 10; i++) expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `f${i}` })).error).toBeNull();
    expectAuthError((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'f10' })).error, 422, 'too_many_enrolled_mfa_factors');
  });

  it('with a verified factor, adding another needs aal2 (403 insufficient_aal at aal1)', async () => {
    const user = await userWithFactor();
    expect((await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' })).error).toBeNull();
    const aal1 = await signIn(user.email, user.password);
    expectAuthError((await aal1.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'third' })).error, 403, 'insufficient_aal');
  });

  it('unverified factors older than five minutes without challenges are cleared on the next enrolment', async () => {
    const { client } = await createConfirmedUser();
    const old = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'old' });
    await sql(`update auth.mfa_factors set created_at = now() - interval '6 minutes' where id = $1`, [old.data!.id]);
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'new' })).error).toBeNull();
    expect((await client.auth.mfa.listFactors()).data!.all.map((f) => f.friendly_name)).toEqual(['new']);
  });
});

describe('challenge and verify errors', () => {
  it('an unknown factor, someone else’s factor and a malformed id are 404, as GoTrue', async () => {
    const owner = await userWithFactor({ verified: false });
    const { client } = await createConfirmedUser();
    expectAuthError((await client.auth.mfa.challenge({ factorId: owner.factorId })).error, 404, 'mfa_factor_not_found');
    expectAuthError((await client.auth.mfa.challenge({ factorId: crypto.randomUUID() })).error, 404, 'mfa_factor_not_found');
    expectAuthError((await client.auth.mfa.challenge({ factorId: 'not-a-uuid' })).error, 404, 'validation_failed');
    expectAuthError((await client.auth.mfa.unenroll({ factorId: owner.factorId })).error, 404, 'mfa_factor_not_found');
  });

  it('a wrong code is 422 mfa_verification_failed and leaves the factor unverified', async () => {
    const user = await userWithFactor({ verified: false });
    const challenge = await user.client.auth.mfa.challenge({ factorId: user.factorId });
    const result = await user.client.auth.mfa.verify({ factorId: user.factorId, challengeId: challenge.data!.id, code: user.app.wrongCode() });
    expectAuthError(result.error, 422, 'mfa_verification_failed');
    expect((await user.client.auth.mfa.listFactors()).data!.all[0].status).toBe('unverified');
  });

  it('an empty code is 400 validation_failed; an unknown challenge 422 mfa_factor_not_found', async () => {
    const user = await userWithFactor({ verified: false });
    expectAuthError((await user.client.auth.mfa.verify({ factorId: user.factorId, challengeId: crypto.randomUUID(), code: '' })).error, 400, 'validation_failed');
    const unknown = await user.client.auth.mfa.verify({ factorId: user.factorId, challengeId: crypto.randomUUID(), code: await user.app.nextCode() });
    expectAuthError(unknown.error, 422, 'mfa_factor_not_found');
  });

  it('a challenge older than five minutes is 422 mfa_challenge_expired and is gone afterwards', async () => {
    const user = await userWithFactor({ verified: false });
    const challenge = await user.client.auth.mfa.challenge({ factorId: user.factorId });
    await sql(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [challenge.data!.id]);
    const code = await user.app.nextCode();
    expectAuthError((await user.client.auth.mfa.verify({ factorId: user.factorId, challengeId: challenge.data!.id, code })).error, 422, 'mfa_challenge_expired');
    expect(await sql('select id from auth.mfa_challenges where id = $1', [challenge.data!.id])).toEqual([]);
    // The same code still works on a fresh challenge: the expired one did not use it up.
    expect((await user.client.auth.mfa.challengeAndVerify({ factorId: user.factorId, code })).error).toBeNull();
  });

  it('a used code is refused on a new challenge, and a used challenge cannot be verified again', async () => {
    const user = await userWithFactor({ verified: false });
    const code = await user.app.nextCode();
    const challenge = await user.client.auth.mfa.challenge({ factorId: user.factorId });
    expect((await user.client.auth.mfa.verify({ factorId: user.factorId, challengeId: challenge.data!.id, code })).error).toBeNull();

    const again = await user.client.auth.mfa.challengeAndVerify({ factorId: user.factorId, code });
    expectAuthError(again.error, 422, 'mfa_verification_failed');
    const reused = await user.client.auth.mfa.verify({ factorId: user.factorId, challengeId: challenge.data!.id, code: await user.app.nextCode() });
    expectAuthError(reused.error, 422, 'mfa_ip_address_mismatch');
  });

  it('verification attempts are limited per factor: the 16th in a minute is 429, other factors are unaffected', async () => {
    const target = await userWithFactor({ verified: false });
    const challenge = await target.client.auth.mfa.challenge({ factorId: target.factorId });
    const attempt = () => target.client.auth.mfa.verify({ factorId: target.factorId, challengeId: challenge.data!.id, code: target.app.wrongCode() });
    for (let i = 0; i < 15; i++) expectAuthError((await attempt()).error, 422, 'mfa_verification_failed');
    expectAuthError((await attempt()).error, 429, 'over_request_rate_limit');
    // Even the right code is refused while the factor is limited.
    const right = await target.client.auth.mfa.verify({ factorId: target.factorId, challengeId: challenge.data!.id, code: await target.app.nextCode() });
    expectAuthError(right.error, 429, 'over_request_rate_limit');

    const bystander = await userWithFactor({ verified: false });
    expect((await bystander.client.auth.mfa.challengeAndVerify({ factorId: bystander.factorId, code: await bystander.app.nextCode() })).error).toBeNull();
  });

  it('an anonymous user may not enrol: 403 no_authorization, as GoTrue', async () => {
    const guest = anonClient();
    expect((await guest.auth.signInAnonymously()).error).toBeNull();
    expectAuthError((await guest.auth.mfa.enroll({ factorType: 'totp' })).error, 403, 'no_authorization');
  });

  it('malformed bodies are 400, never 5xx: a code that is not a string, a challenge id that is not a UUID', async () => {
    const user = await userWithFactor({ verified: false });
    const challenge = await user.client.auth.mfa.challenge({ factorId: user.factorId });
    const numeric = await user.client.auth.mfa.verify({ factorId: user.factorId, challengeId: challenge.data!.id, code: 123456 as unknown as string });
    expectAuthError(numeric.error, 400, 'bad_json');
    const badId = await user.client.auth.mfa.verify({ factorId: user.factorId, challengeId: 'x', code: await user.app.nextCode() });
    expectAuthError(badId.error, 400, 'bad_json');
    const badName = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: { name: 'x' } as unknown as string });
    expectAuthError(badName.error, 400, 'bad_json');
  });

  it('needs a signed-in user: the anon key alone (a JWT without a user) is 403 bad_jwt', async () => {
    expectAuthError((await anonClient().auth.mfa.enroll({ factorType: 'totp' })).error, 403, 'bad_jwt');
    expectAuthError((await anonClient().auth.mfa.challenge({ factorId: crypto.randomUUID() })).error, 403, 'bad_jwt');
  });
});

describe('unenrolling', () => {
  it('a verified factor needs aal2 (422 insufficient_aal at aal1); at aal2 it goes and refreshed tokens are aal1', async () => {
    const user = await userWithFactor();
    const aal1 = await signIn(user.email, user.password);
    expectAuthError((await aal1.client.auth.mfa.unenroll({ factorId: user.factorId })).error, 422, 'insufficient_aal');

    const removed = await user.client.auth.mfa.unenroll({ factorId: user.factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: user.factorId });
    expect((await user.client.auth.mfa.listFactors()).data!.all).toEqual([]);
    const { data } = await user.client.auth.refreshSession();
    expect(claimsOf(data.session!.access_token)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });
    expect((await user.client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('an unverified factor can be removed at aal1', async () => {
    const user = await userWithFactor({ verified: false });
    expect((await user.client.auth.mfa.unenroll({ factorId: user.factorId })).error).toBeNull();
    expect(await sql('select id from auth.mfa_factors where id = $1', [user.factorId])).toEqual([]);
  });
});

describe('auth.admin.mfa', () => {
  it('listFactors lists a user’s factors; deleteFactor removes one and the user’s sessions fall back to aal1', async () => {
    const user = await userWithFactor();
    const admin = serviceClient().auth.admin.mfa;
    const listed = await admin.listFactors({ userId: user.user.id });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors).toEqual([expect.objectContaining({ id: user.factorId, factor_type: 'totp', status: 'verified', friendly_name: 'phone' })]);

    const deleted = await admin.deleteFactor({ userId: user.user.id, id: user.factorId });
    expect(deleted.error).toBeNull();
    // supabase-js 2.119 nests the deleted factor's JSON one level deeper than listFactors does.
    expect(deleted.data).toMatchObject({ data: { id: user.factorId, status: 'verified' } });
    expect((await admin.listFactors({ userId: user.user.id })).data!.factors).toEqual([]);
    const { data } = await user.client.auth.refreshSession();
    expect(claimsOf(data.session!.access_token).aal).toBe('aal1');
  });

  it('an unknown user is 404 user_not_found, an unknown factor 404 mfa_factor_not_found; a user’s token is not enough', async () => {
    const admin = serviceClient().auth.admin.mfa;
    expectAuthError((await admin.listFactors({ userId: crypto.randomUUID() })).error, 404, 'user_not_found');
    const user = await userWithFactor({ verified: false });
    expectAuthError((await admin.deleteFactor({ userId: user.user.id, id: crypto.randomUUID() })).error, 404, 'mfa_factor_not_found');
    const asUser = await user.client.auth.admin.mfa.listFactors({ userId: user.user.id });
    expectAuthError(asUser.error, 403, 'not_admin');
  });
});

describe('the database refuses an admin’s writes at aal1 once that admin has a verified factor', () => {
  const slug = () => `it-mfa-${crypto.randomUUID().slice(0, 8)}`;
  const insertDraft = (client: SupabaseClient, s: string) => client.from('products').insert({ slug: s, title: 'mfa', description: 'x', category: 'clothing', status: 'draft' });
  const productCount = async (s: string) => (await sql('select 1 from public.products where slug = $1', [s])).length;

  it('without a factor an admin writes at aal1; after enrolment an aal1 token (even one from before) is refused, aal2 is allowed', async () => {
    const admin = await freshAdmin();
    try {
      expect((await admin.client.rpc('is_admin')).data).toBe(true);
      const before = slug();
      expect((await insertDraft(admin.client, before)).error).toBeNull();
      const preEnrolment = await signIn(admin.email, admin.password);

      await enrolVerifiedFactor(admin.client);
      const aal1 = await signIn(admin.email, admin.password);

      for (const client of [aal1.client, preEnrolment.client]) {
        expect((await client.rpc('is_admin')).data).toBe(false);
        const s = slug();
        expect((await insertDraft(client, s)).error?.code).toBe('42501');
        expect(await productCount(s)).toBe(0);
      }
      expect((await admin.client.rpc('is_admin')).data).toBe(true);
      const after = slug();
      expect((await insertDraft(admin.client, after)).error).toBeNull();
      expect(await productCount(after)).toBe(1);
    } finally {
      await sql(`delete from public.products where slug like 'it-mfa-%'`);
      await admin.remove();
    }
  });
});

/**
 * The TOTP endpoints against the clock (server/auth/clock.ts reads Date, which these tests move):
 * challenge expiry, codes outside ±1 step and codes already used, the per-factor rate limit's
 * window, and aal2 surviving refreshes.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_EXPIRY_SECONDS } from './mfa.ts';
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
/** The start of a 30-second step, so the tests know which step "now" is. */
const STEP_START = Date.UTC(2026, 10, 24, 10, 0, 0);

/** A signed-in user with an unverified TOTP factor, and its app's code for any moment. */
async function enrolled(label: string): Promise<{ client: SupabaseClient; factorId: string; codeAt: (ms: number) => string }> {
  const email = uniqueEmail(label);
  const created = await t.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (created.error) throw created.error;
  const client = t.client();
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signedIn.error) throw signedIn.error;
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: label });
  if (error) throw error;
  const totp = new TOTP({ secret: Secret.fromBase32(data.totp.secret) });
  return { client, factorId: data.id, codeAt: (ms) => totp.generate({ timestamp: ms }) };
}

const errorCode = (result: { error: { code?: string } | null }) => result.error?.code ?? null;

describe('TOTP against the clock', () => {
  it(`a challenge expires after ${CHALLENGE_EXPIRY_SECONDS} s (422 mfa_challenge_expired); a new one works`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(STEP_START);
    const { client, factorId, codeAt } = await enrolled('expiry');
    const challenge = await client.auth.mfa.challenge({ factorId });
    expect(challenge.data?.expires_at).toBe(STEP_START / 1000 + CHALLENGE_EXPIRY_SECONDS);

    vi.setSystemTime(STEP_START + (CHALLENGE_EXPIRY_SECONDS - 1) * 1000);
    const stillOpen = await client.auth.mfa.challenge({ factorId });
    vi.setSystemTime(STEP_START + (CHALLENGE_EXPIRY_SECONDS + 1) * 1000);
    const late = await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: codeAt(Date.now()) });
    expect(late.error?.message).toBe(`MFA challenge ${challenge.data!.id} has expired, verify against another challenge or create a new challenge.`);
    expect(errorCode(late)).toBe('mfa_challenge_expired');
    const inTime = await client.auth.mfa.verify({ factorId, challengeId: stillOpen.data!.id, code: codeAt(Date.now()) });
    expect(inTime.error).toBeNull();
  });

  it('accepts a code one step either side of now and none further; a step once used never again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(STEP_START + 10_000);
    const { client, factorId, codeAt } = await enrolled('steps');
    const verify = (code: string) => client.auth.mfa.challengeAndVerify({ factorId, code });

    expect(errorCode(await verify(codeAt(STEP_START - 60_000)))).toBe('mfa_verification_failed');
    expect(errorCode(await verify(codeAt(STEP_START + 60_000)))).toBe('mfa_verification_failed');
    expect(errorCode(await verify(codeAt(STEP_START - 30_000)))).toBeNull(); // the step before now
    expect(errorCode(await verify(codeAt(STEP_START - 30_000)))).toBe('mfa_verification_failed'); // used
    expect(errorCode(await verify(codeAt(STEP_START)))).toBeNull(); // now's step, later than the used one

    vi.setSystemTime(STEP_START + 30_000 + 10_000);
    expect(errorCode(await verify(codeAt(STEP_START)))).toBe('mfa_verification_failed'); // still in the window, but used
    expect(errorCode(await verify(codeAt(STEP_START + 30_000)))).toBeNull();
  });

  it('the per-factor limit lifts after a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(STEP_START);
    const { client, factorId, codeAt } = await enrolled('limit');
    const challenge = await client.auth.mfa.challenge({ factorId });
    const attempt = (code: string) => client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code });
    for (let i = 0; i < 15; i++) expect(errorCode(await attempt('000000'))).toBe('mfa_verification_failed');
    expect(errorCode(await attempt(codeAt(Date.now())))).toBe('over_request_rate_limit');

    vi.setSystemTime(STEP_START + 61_000);
    expect(errorCode(await attempt(codeAt(Date.now())))).toBeNull();
  });

  it('refreshes keep aal2 and the amr of the sign-in and the code, with their own times', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(STEP_START);
    const { client, factorId, codeAt } = await enrolled('refresh');
    vi.setSystemTime(STEP_START + 5_000);
    const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: codeAt(Date.now()) });
    expect(verified.error).toBeNull();

    vi.setSystemTime(STEP_START + 600_000);
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token)).toMatchObject({
      aal: 'aal2',
      amr: [
        { method: 'totp', timestamp: STEP_START / 1000 + 5 },
        { method: 'password', timestamp: STEP_START / 1000 },
      ],
    });
  });
});

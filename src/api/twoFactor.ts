import type { CodeChallenge } from '../../machines/twoFactorMachine';
import type { AssuranceLevels, Enrolment, TotpFactors } from '../../machines/twoFactorSettingsMachine';
import { type AuthClient, supabase } from './client';
import { toApiError } from './errors';

/**
 * Two-factor sign-in with an authenticator app (TOTP) through supabase-js's `auth.mfa`. Each
 * function is one step a screen takes; failures are ApiErrors whose `code` is GoTrue's
 * (`mfa_verification_failed`, `mfa_challenge_expired`, `over_request_rate_limit`, …).
 */

/** The issuer an authenticator app lists the account under. */
const TOTP_ISSUER = 'No Pain, No Gain';

async function mfa(): Promise<AuthClient['mfa']> {
  try {
    return (await supabase().auth()).mfa;
  } catch (thrown) {
    throw toApiError(thrown);
  }
}

/** supabase-js answers `{ data, error }`; this throws the error as an ApiError and returns the data. */
function unwrap<T>({ data, error }: { data: T | null; error: unknown }): T {
  if (error || data === null) throw toApiError(error ?? { message: 'No answer', status: 500 });
  return data;
}

/** The session's level and the one its verified factors allow (`mfa.getAuthenticatorAssuranceLevel()`). */
export async function getAssuranceLevels(): Promise<AssuranceLevels> {
  const { currentLevel, nextLevel } = unwrap(await (await mfa()).getAuthenticatorAssuranceLevel());
  return { current: currentLevel, next: nextLevel };
}

/** The user's TOTP factors as the server has them now (`mfa.listFactors()` asks for the user afresh). */
export async function listTotpFactors(): Promise<TotpFactors> {
  const { all } = unwrap(await (await mfa()).listFactors());
  const totp = all.filter((factor) => factor.factor_type === 'totp');
  return {
    verified: totp.find((factor) => factor.status === 'verified')?.id ?? null,
    unverified: totp.filter((factor) => factor.status !== 'verified').map((factor) => factor.id),
  };
}

/** A challenge for the user's verified TOTP factor: the code step's first request. */
export async function challengeTotp(): Promise<CodeChallenge> {
  const { verified } = await listTotpFactors();
  if (!verified) throw toApiError({ message: 'No verified factor', code: 'mfa_factor_not_found', status: 404 });
  const challenge = unwrap(await (await mfa()).challenge({ factorId: verified }));
  return { factorId: verified, challengeId: challenge.id };
}

/** Answers a challenge; the session becomes aal2 (supabase-js stores it and announces it). */
export async function verifyTotp({ factorId, challengeId, code }: CodeChallenge & { code: string }): Promise<void> {
  unwrap(await (await mfa()).verify({ factorId, challengeId, code }));
}

/**
 * Starts setting up a factor. A set-up left unfinished earlier is removed first: GoTrue refuses a
 * second factor of the same name, and an unverified factor is of no use to anyone.
 */
export async function enrolTotp(): Promise<Enrolment> {
  const api = await mfa();
  const { unverified } = await listTotpFactors();
  for (const factorId of unverified) unwrap(await api.unenroll({ factorId }));
  const factor = unwrap(await api.enroll({ factorType: 'totp', issuer: TOTP_ISSUER, friendlyName: 'Authenticator app' }));
  return { factorId: factor.id, qrCode: factor.totp.qr_code, secret: factor.totp.secret };
}

/** Verifies a new factor with its first code (a fresh challenge and its answer). */
export async function confirmTotp({ factorId, code }: { factorId: string; code: string }): Promise<void> {
  unwrap(await (await mfa()).challengeAndVerify({ factorId, code }));
}

/** Removes a factor (a verified one needs an aal2 session, as GoTrue requires). */
export async function unenrolTotp(factorId: string): Promise<void> {
  unwrap(await (await mfa()).unenroll({ factorId }));
}

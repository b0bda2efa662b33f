import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { readBody, stringField } from './body.ts';
import { authenticate, requireAdmin } from './bearer.ts';
import { epochSeconds, now } from './clock.ts';
import { AuthError, badRequest, forbidden, notFound, unprocessable, versionHeaders } from './errors.ts';
import { addAmrClaim, insertRefreshToken, sessionAssurance, sessionJson } from './sessions.ts';
import type { AuthState } from './state.ts';
import { overRequestRateLimit } from './rateLimit.ts';
import { acceptedStep, newTotpSecret, openSecret, qrCodeSvg, sealSecret, totpUri } from './totp.ts';
import { FACTOR_JSON_SQL, findUserById, isUuid, type UserRow } from './users.ts';

/** GoTrue's MFA defaults: MFA_MAX_ENROLLED_FACTORS, MFA_MAX_VERIFIED_FACTORS, the expiry durations. */
export const MAX_ENROLLED_FACTORS = 10;
export const MAX_VERIFIED_FACTORS = 10;
export const CHALLENGE_EXPIRY_SECONDS = 300;
export const FACTOR_EXPIRY_SECONDS = 300;

interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string | null;
  last_verified_step: string | null;
}

interface ChallengeRow {
  id: string;
  ip_address: string;
  verified: boolean;
  expired: boolean;
}

const factorNotFound = () => notFound('mfa_factor_not_found', 'Factor not found');
const verificationFailed = () => unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');

/** Routes below /factors (a signed-in user's own factors); undefined for any other path. */
export async function factors(state: AuthState, req: ApiRequest): Promise<ApiResponse | undefined> {
  const match = /^\/factors(?:\/([^/]+)(?:\/(challenge|verify))?)?$/.exec(req.path);
  if (!match) return undefined;
  const [, factorId, action] = match;
  const route = `${req.method} ${factorId === undefined ? '' : ':id'}${action ? `/${action}` : ''}`;
  const handler = ROUTES[route];
  if (!handler) throw new AuthError(405, 'method_not_allowed', `Method ${req.method} not allowed on ${req.path}`);
  const caller = await signedInCaller(state, req);
  const payload = await handler(state, req, caller, factorId ?? '');
  return json(200, payload, versionHeaders(req));
}

type Caller = { user: UserRow; sessionId: string };
type FactorHandler = (state: AuthState, req: ApiRequest, caller: Caller, factorId: string) => Promise<unknown>;

const ROUTES: Record<string, FactorHandler> = {
  'POST ': enroll,
  'POST :id/challenge': challenge,
  'POST :id/verify': verify,
  'DELETE :id': unenroll,
};

/** GoTrue's requireAuthentication + requireNotAnonymous; factors belong to a session. */
async function signedInCaller(state: AuthState, req: ApiRequest): Promise<Caller> {
  const { user, sessionId, claims } = await authenticate(req, state.config, state.db);
  if (claims.is_anonymous === true || user.is_anonymous) throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  if (!sessionId) throw forbidden('session_not_found', 'A valid session and a registered user are required to use factors');
  return { user, sessionId };
}

/** GoTrue's loadFactor: the caller's own factor, the same 404 whether it is missing or someone else's. */
async function ownedFactor(db: Queryable, userId: string, factorId: string, forUpdate = false): Promise<FactorRow> {
  if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const { rows } = await db.query<FactorRow>(
    `select id, user_id, friendly_name, factor_type, status, secret, last_verified_step::text as last_verified_step
       from auth.mfa_factors where id = $1 and user_id = $2${forUpdate ? ' for update' : ''}`,
    [factorId, userId],
  );
  if (!rows[0]) throw factorNotFound();
  return rows[0];
}

async function sessionIsAal2(db: Queryable, sessionId: string): Promise<boolean> {
  return (await sessionAssurance(db, sessionId)).aal === 'aal2';
}

/** The issuer shown in authenticator apps when the client names none: the site's host, as GoTrue. */
function defaultIssuer(siteUrl: string): string {
  return new URL(siteUrl).host;
}

/**
 * POST /factors: a new unverified TOTP factor. The secret and its QR code are shown this once;
 * the database keeps the secret sealed. A user with a verified factor needs aal2 to add another.
 */
async function enroll(state: AuthState, req: ApiRequest, { user, sessionId }: Caller) {
  const body = await readBody(req);
  const factorType = stringField(body, 'factor_type');
  const friendlyName = stringField(body, 'friendly_name');
  const issuer = stringField(body, 'issuer') || defaultIssuer(state.config.siteUrl);
  if (factorType === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (factorType === 'webauthn') throw unprocessable('mfa_web_authn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (factorType !== 'totp') throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');

  const secret = newTotpSecret();
  const uri = totpUri(secret, issuer, user.email ?? '');
  const id = randomUUID();
  await state.db.transaction(async (tx) => {
    await findUserById(tx, user.id, true); // one enrolment at a time per user, so the checks below hold
    await checkCanEnroll(tx, user.id, sessionId, friendlyName);
    const at = now();
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', $4, $4, $5)`,
      [id, user.id, friendlyName, at, sealSecret(state.config.jwtSecret, id, secret)],
    );
  });
  return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCodeSvg(uri), secret, uri } };
}

/** GoTrue's validateFactors: expired unverified factors go first, then name, count and aal rules. */
async function checkCanEnroll(db: Queryable, userId: string, sessionId: string, friendlyName: string): Promise<void> {
  await db.query(
    `delete from auth.mfa_factors f where f.user_id = $1 and f.status <> 'verified'
        and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
        and f.created_at + make_interval(secs => $3) < $2`,
    [userId, now(), FACTOR_EXPIRY_SECONDS],
  );
  const { rows } = await db.query<{ friendly_name: string | null; status: string }>('select friendly_name, status from auth.mfa_factors where user_id = $1', [userId]);
  if (rows.some((f) => (f.friendly_name ?? '') === friendlyName)) {
    throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
  const verified = rows.filter((f) => f.status === 'verified').length;
  if (rows.length >= MAX_ENROLLED_FACTORS || verified >= MAX_VERIFIED_FACTORS) {
    throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  if (verified > 0 && !(await sessionIsAal2(db, sessionId))) throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
}

/** POST /factors/{id}/challenge: a challenge to answer with a code within five minutes, from this address. */
async function challenge(state: AuthState, req: ApiRequest, { user }: Caller, factorId: string) {
  const factor = await ownedFactor(state.db, user.id, factorId);
  if (!(await state.limits.mfaChallenge.take(factor.id))) throw overRequestRateLimit();
  const id = randomUUID();
  const at = now();
  await state.db.transaction(async (tx) => {
    await tx.query('insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4)', [id, factor.id, at, req.ip]);
    await tx.query('update auth.mfa_factors set last_challenged_at = $2 where id = $1', [factor.id, at]);
  });
  return { id, type: factor.factor_type, expires_at: epochSeconds(at) + CHALLENGE_EXPIRY_SECONDS };
}

type Verified = { ok: true; session: unknown } | { ok: false; error: AuthError };

/**
 * POST /factors/{id}/verify: a right code for an open challenge verifies the factor (first time)
 * and raises this session to aal2 with a new refresh token; the user's other aal1 sessions end and
 * unverified TOTP factors go. Attempts are rate limited per factor; no code is accepted twice.
 */
async function verify(state: AuthState, req: ApiRequest, { user, sessionId }: Caller, factorId: string) {
  const body = await readBody(req);
  const challengeId = stringField(body, 'challenge_id');
  const code = stringField(body, 'code');
  await ownedFactor(state.db, user.id, factorId);
  if (!(await state.limits.mfaVerify.take(factorId))) throw overRequestRateLimit();
  if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
  if (!isUuid(challengeId)) throw badRequest('bad_json', 'Could not parse request body as JSON: challenge_id must be an UUID');

  const outcome = await state.db.transaction(async (tx): Promise<Verified> => {
    const factor = await ownedFactor(tx, user.id, factorId, true);
    const at = now();
    const found = await tx.query<ChallengeRow>(
      `select id, ip_address, verified_at is not null as verified, created_at + make_interval(secs => $3) < $4 as expired
         from auth.mfa_challenges where id = $1 and factor_id = $2`,
      [challengeId, factor.id, CHALLENGE_EXPIRY_SECONDS, at],
    );
    const challengeRow = found.rows[0];
    if (!challengeRow) return { ok: false, error: unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found') };
    if (challengeRow.verified || challengeRow.ip_address !== req.ip) {
      return { ok: false, error: unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.') };
    }
    if (challengeRow.expired) {
      await tx.query('delete from auth.mfa_challenges where id = $1', [challengeRow.id]);
      return {
        ok: false,
        error: unprocessable('mfa_challenge_expired', `MFA challenge ${challengeRow.id} has expired, verify against another challenge or create a new challenge.`),
      };
    }
    const secret = factor.secret ? openSecret(state.config.jwtSecret, factor.id, factor.secret) : undefined;
    if (secret === undefined) return { ok: false, error: verificationFailed() };
    const step = acceptedStep(secret, code, at);
    const lastStep = factor.last_verified_step === null ? null : Number(factor.last_verified_step);
    if (step === null || (lastStep !== null && step <= lastStep)) return { ok: false, error: verificationFailed() };

    await tx.query('update auth.mfa_challenges set verified_at = $2 where id = $1', [challengeRow.id, at]);
    await tx.query(`update auth.mfa_factors set status = 'verified', last_verified_step = $2, updated_at = $3 where id = $1`, [factor.id, step, at]);
    const refreshToken = await raiseSessionToAal2(tx, user.id, sessionId, factor.id, at);
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and aal <> 'aal2'`, [user.id, sessionId]);
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2`, [user.id, factor.factor_type]);
    const current = (await findUserById(tx, user.id)) ?? user;
    return { ok: true, session: await sessionJson(state.config, tx, current, sessionId, refreshToken) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.session;
}

/**
 * GoTrue's updateMFASessionAndClaims: the session records the factor and a totp claim (so its
 * tokens say aal2 from now on, refreshes included) and its refresh token is swapped for a new one.
 */
async function raiseSessionToAal2(db: Queryable, userId: string, sessionId: string, factorId: string, at: Date): Promise<string> {
  await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $3 where id = $1`, [sessionId, factorId, at]);
  await addAmrClaim(db, sessionId, 'totp', at);
  const { rows } = await db.query<{ token: string }>('update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1 and not revoked returning token', [
    sessionId,
    at,
  ]);
  return insertRefreshToken(db, userId, sessionId, rows[0]?.token ?? null, at);
}

/**
 * Removes a factor; the sessions it raised fall back to aal1 (GoTrue's DowngradeSessionsToAAL1).
 * Returns the factor's JSON as it was.
 */
async function deleteFactor(db: Queryable, factorId: string): Promise<unknown> {
  const { rows } = await db.query<{ factor: unknown; factor_type: string }>(
    `delete from auth.mfa_factors f where f.id = $1 returning ${FACTOR_JSON_SQL} as factor, f.factor_type`,
    [factorId],
  );
  await db.query(
    `delete from auth.mfa_amr_claims c using auth.sessions s
      where c.session_id = s.id and s.factor_id = $1 and c.authentication_method = $2`,
    [factorId, rows[0].factor_type],
  );
  await db.query(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1`, [factorId]);
  return rows[0].factor;
}

/** DELETE /factors/{id}: unenrol; a verified factor only from an aal2 session, as GoTrue. */
async function unenroll(state: AuthState, _req: ApiRequest, { user, sessionId }: Caller, factorId: string) {
  return state.db.transaction(async (tx) => {
    const factor = await ownedFactor(tx, user.id, factorId, true);
    if (factor.status === 'verified' && !(await sessionIsAal2(tx, sessionId))) {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await deleteFactor(tx, factor.id);
    return { id: factor.id };
  });
}

/**
 * /admin/users/{user_id}/factors[/{factor_id}] (service role): auth.admin.mfa.listFactors and
 * deleteFactor. Undefined for any other path.
 */
export async function adminFactors(state: AuthState, req: ApiRequest): Promise<ApiResponse | undefined> {
  const match = /^\/admin\/users\/([^/]+)\/factors(?:\/([^/]+))?$/.exec(req.path);
  if (!match) return undefined;
  await requireAdmin(req, state.config);
  const [, userId, factorId] = match.map((part) => (part === undefined ? part : decodeURIComponent(part)));
  if (!isUuid(userId)) throw notFound('validation_failed', 'user_id must be an UUID');
  if (!(await findUserById(state.db, userId))) throw notFound('user_not_found', 'User not found');
  const respond = (payload: unknown) => json(200, payload, versionHeaders(req));
  if (factorId === undefined) {
    if (req.method !== 'GET') return undefined;
    const { rows } = await state.db.query<{ factor: unknown }>(`select ${FACTOR_JSON_SQL} as factor from auth.mfa_factors f where f.user_id = $1 order by f.created_at, f.id`, [
      userId,
    ]);
    return respond(rows.map((r) => r.factor));
  }
  if (req.method !== 'DELETE') return undefined;
  return respond(
    await state.db.transaction(async (tx) => {
      const factor = await ownedFactor(tx, userId, factorId, true);
      return deleteFactor(tx, factor.id);
    }),
  );
}

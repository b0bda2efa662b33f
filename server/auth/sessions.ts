import type { Config } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import type { ApiRequest } from '../http.ts';
import type { Json } from './body.ts';
import { epochSeconds, now } from './clock.ts';
import { signAccessJwt } from './signing.ts';
import { randomToken } from './randomTokens.ts';
import { findUserById, userJson, type UserRow } from './users.ts';

/** How the session was established, as the JWT's amr claim names it ('totp': the second factor). */
export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'recovery' | 'invite' | 'email_change' | 'totp' | 'anonymous';

/** The token's assurance: aal2 once a second factor verified the session, amr most recent first. */
export interface Assurance {
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
}

/** Methods that prove a second factor (GoTrue's AAL2 claims); only TOTP is served here. */
const SECOND_FACTOR_METHODS = new Set<string>(['totp']);

export interface SessionJson extends Json {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Json;
}

/**
 * Records that `method` authenticated the session (GoTrue's mfa_amr_claims): one row per method,
 * its time moved on when the method is used again.
 */
export async function addAmrClaim(db: Queryable, sessionId: string, method: AuthMethod, at: Date): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, $2, $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, at, method],
  );
}

/** The session's aal and amr as GoTrue computes them from its claims (so a refresh keeps them). */
export async function sessionAssurance(db: Queryable, sessionId: string): Promise<Assurance> {
  const { rows } = await db.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::float8 as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc, authentication_method`,
    [sessionId],
  );
  const amr = rows.map((r) => ({ method: r.method, timestamp: Number(r.timestamp) }));
  return { aal: amr.some((c) => SECOND_FACTOR_METHODS.has(c.method)) ? 'aal2' : 'aal1', amr };
}

export async function signAccessToken(config: Config, user: UserRow, sessionId: string, assurance: Assurance) {
  const issuedAt = epochSeconds(now());
  const expiresAt = issuedAt + config.jwtExpiry;
  const token = await signAccessJwt(config, {
    aud: user.aud,
    exp: expiresAt,
    iat: issuedAt,
    iss: `${config.apiUrl}/auth/v1`,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role,
    aal: assurance.aal,
    amr: assurance.amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return { token, expiresAt };
}

/** The session as the token endpoints answer it; aal and amr come from the session's claims. */
export async function sessionJson(config: Config, db: Queryable, user: UserRow, sessionId: string, refreshToken: string): Promise<SessionJson> {
  const { token, expiresAt } = await signAccessToken(config, user, sessionId, await sessionAssurance(db, sessionId));
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: config.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

export async function insertRefreshToken(db: Queryable, userId: string, sessionId: string, parent: string | null, at: Date): Promise<string> {
  const token = randomToken();
  await db.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ($1, $2, false, $3, $4, $5, $5)`,
    [token, userId, parent, sessionId, at],
  );
  return token;
}

/** Signs the user in: a new session with its first refresh token; records the sign-in time. */
export async function startSession(config: Config, db: Queryable, user: UserRow, method: AuthMethod, req: ApiRequest): Promise<SessionJson> {
  const at = now();
  const { rows } = await db.query<{ id: string }>(`insert into auth.sessions (user_id, created_at, updated_at, user_agent, ip) values ($1, $2, $2, $3, $4) returning id`, [
    user.id,
    at,
    req.headers['user-agent'] ?? null,
    req.ip,
  ]);
  const sessionId = rows[0].id;
  const refreshToken = await insertRefreshToken(db, user.id, sessionId, null, at);
  await addAmrClaim(db, sessionId, method, at);
  await db.query('update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1', [user.id, at]);
  await db.query(`update auth.identities set last_sign_in_at = $2, updated_at = $2 where user_id = $1 and provider = 'email'`, [user.id, at]);
  const signedIn = (await findUserById(db, user.id)) ?? user;
  return sessionJson(config, db, signedIn, sessionId, refreshToken);
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('delete from auth.sessions where id = $1', [sessionId]);
}

export async function deleteUserSessions(db: Queryable, userId: string, except?: string): Promise<void> {
  if (except) await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, except]);
  else await db.query('delete from auth.sessions where user_id = $1', [userId]);
}

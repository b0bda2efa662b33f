import type { Config } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import type { ApiRequest } from '../http.ts';
import type { Json } from './body.ts';
import { epochSeconds, now } from './clock.ts';
import { signAccessJwt } from './signing.ts';
import { randomToken } from './tokens.ts';
import { findUserById, userJson, type UserRow } from './users.ts';

/** How the session was established, as the JWT's amr claim names it. */
export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'recovery' | 'invite' | 'email_change' | 'token_refresh';

export interface SessionJson extends Json {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Json;
}

export async function signAccessToken(config: Config, user: UserRow, sessionId: string, method: AuthMethod, methodAt: Date) {
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
    aal: 'aal1',
    amr: [{ method, timestamp: epochSeconds(methodAt) }],
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return { token, expiresAt };
}

export async function sessionJson(
  config: Config,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  method: AuthMethod,
  methodAt: Date,
): Promise<SessionJson> {
  const { token, expiresAt } = await signAccessToken(config, user, sessionId, method, methodAt);
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
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.sessions (user_id, created_at, updated_at, user_agent, ip) values ($1, $2, $2, $3, $4) returning id`,
    [user.id, at, req.headers['user-agent'] ?? null, req.ip],
  );
  const sessionId = rows[0].id;
  const refreshToken = await insertRefreshToken(db, user.id, sessionId, null, at);
  await db.query('update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1', [user.id, at]);
  await db.query(`update auth.identities set last_sign_in_at = $2, updated_at = $2 where user_id = $1 and provider = 'email'`, [user.id, at]);
  const signedIn = (await findUserById(db, user.id)) ?? user;
  return sessionJson(config, signedIn, sessionId, refreshToken, method, at);
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('delete from auth.sessions where id = $1', [sessionId]);
}

export async function deleteUserSessions(db: Queryable, userId: string, except?: string): Promise<void> {
  if (except) await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, except]);
  else await db.query('delete from auth.sessions where user_id = $1', [userId]);
}

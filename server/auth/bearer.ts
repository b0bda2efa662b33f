import type { Config } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import type { ApiRequest } from '../http.ts';
import { verifyJwt, type Claims } from '../jwt.ts';
import { forbidden, unauthorized } from './errors.ts';
import { verificationKeys } from './keys.ts';
import { findUserById, type UserRow } from './users.ts';

/** Supabase's roles allowed to call the admin API (GoTrue's JWT_ADMIN_ROLES). */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/**
 * The bearer token's verified claims (HS256 with the JWT secret, or ES256/RS256 with a key of the
 * ring), with GoTrue's 401 (none) and 403 bad_jwt (unverifiable).
 */
export async function bearerClaims(req: ApiRequest, config: Config): Promise<Claims> {
  const match = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const result = await verifyJwt(match[1], verificationKeys(config));
  if (!result.ok) {
    const reason = result.reason === 'expired' ? 'token has invalid claims: token is expired' : 'token is malformed or its signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  return result.claims;
}

export interface Authenticated {
  claims: Claims;
  user: UserRow;
  sessionId: string | undefined;
}

/** GoTrue's requireAuthentication: a signed JWT whose user and (if named) session still exist. */
export async function authenticate(req: ApiRequest, config: Config, db: Queryable): Promise<Authenticated> {
  const claims = await bearerClaims(req, config);
  if (typeof claims.sub !== 'string' || claims.sub === '') throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  const user = await findUserById(db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : undefined;
  if (sessionId) {
    const { rows } = await db.query('select 1 from auth.sessions where id::text = $1 and user_id = $2', [sessionId, user.id]);
    if (rows.length === 0) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { claims, user, sessionId };
}

export async function requireAdmin(req: ApiRequest, config: Config): Promise<Claims> {
  const claims = await bearerClaims(req, config);
  if (!ADMIN_ROLES.has(claims.role)) throw forbidden('not_admin', 'User not allowed');
  return claims;
}

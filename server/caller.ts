import { verificationKeys } from './auth/keys.ts';
import type { Config } from './config.ts';
import type { ApiRequest } from './http.ts';
import { verifyJwt, type Claims, type VerificationKeys } from './jwt.ts';

export type Caller = { ok: true; claims: Claims; token: string | undefined } | { ok: false; reason: 'expired' | 'invalid'; message: string };

/**
 * Tokens already verified, by the keys they were verified with and the token. Clients send the
 * same token on every request, and verifying costs more than the rest of resolving the caller.
 * Expiry is still checked on each use.
 */
const verifiedBy = new WeakMap<VerificationKeys, Map<string, Claims>>();
const VERIFIED_CACHE_SIZE = 1000;

/**
 * Who is calling, as PostgREST decides it: the bearer token's claims (HS256 with the JWT secret or
 * ES256/RS256 with a key of the ring); no bearer token → anon.
 * (The apikey header is the gateway's business, checked by the router before this.)
 */
export async function resolveCaller(req: ApiRequest, config: Config): Promise<Caller> {
  const auth = req.headers.authorization;
  if (!auth) return { ok: true, claims: { role: 'anon' }, token: undefined };
  const m = /^bearer\s+(\S+)\s*$/i.exec(auth);
  if (!m) return { ok: false, reason: 'invalid', message: 'Authorization header must be "Bearer <token>"' };
  const token = m[1];
  const keys = verificationKeys(config);
  let verified = verifiedBy.get(keys);
  if (!verified) {
    verified = new Map();
    verifiedBy.set(keys, verified);
  }
  const cached = verified.get(token);
  if (cached && (cached.exp === undefined || cached.exp * 1000 > Date.now())) return { ok: true, claims: cached, token };
  const result = await verifyJwt(token, keys);
  if (!result.ok) {
    verified.delete(token);
    return result;
  }
  if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
  verified.set(token, result.claims);
  return { ok: true, claims: result.claims, token };
}

/** Roles a token may assume through the API: the three Supabase API roles, nothing else. */
export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

import type { Config } from './config.ts';
import type { ApiRequest } from './http.ts';
import { verifyJwt, type Claims } from './jwt.ts';

export type Caller =
  | { ok: true; claims: Claims; token: string | undefined }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

/**
 * Tokens already verified, by secret and token. Clients send the same token on every request, and
 * verifying costs more than the rest of resolving the caller. Expiry is still checked on each use.
 */
const verified = new Map<string, Claims>();
const VERIFIED_CACHE_SIZE = 1000;

/**
 * Who is calling, as PostgREST decides it: the bearer token's claims; no bearer token → anon.
 * (The apikey header is the gateway's business, checked by the router before this.)
 */
export async function resolveCaller(req: ApiRequest, config: Config): Promise<Caller> {
  const auth = req.headers.authorization;
  if (!auth) return { ok: true, claims: { role: 'anon' }, token: undefined };
  const m = /^bearer\s+(\S+)\s*$/i.exec(auth);
  if (!m) return { ok: false, reason: 'invalid', message: 'Authorization header must be "Bearer <token>"' };
  const token = m[1];
  const key = `${config.jwtSecret}\n${token}`;
  const cached = verified.get(key);
  if (cached && (cached.exp === undefined || cached.exp * 1000 > Date.now())) return { ok: true, claims: cached, token };
  const result = await verifyJwt(token, config.jwtSecret);
  if (!result.ok) {
    verified.delete(key);
    return result;
  }
  if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
  verified.set(key, result.claims);
  return { ok: true, claims: result.claims, token };
}

/** Roles a token may assume through the API: the three Supabase API roles, nothing else. */
export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

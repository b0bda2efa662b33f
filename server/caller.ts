import type { Config } from './config.ts';
import type { ApiRequest } from './http.ts';
import { verifyJwt, type Claims } from './jwt.ts';

export type Caller =
  | { ok: true; claims: Claims; token: string | undefined }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

/**
 * Who is calling, as PostgREST decides it: the bearer token's claims; no bearer token → anon.
 * (The apikey header is the gateway's business, checked by the router before this.)
 */
export async function resolveCaller(req: ApiRequest, config: Config): Promise<Caller> {
  const auth = req.headers.authorization;
  if (!auth) return { ok: true, claims: { role: 'anon' }, token: undefined };
  const m = /^bearer\s+(\S+)\s*$/i.exec(auth);
  if (!m) return { ok: false, reason: 'invalid', message: 'Authorization header must be "Bearer <token>"' };
  const result = await verifyJwt(m[1], config.jwtSecret);
  if (!result.ok) return result;
  return { ok: true, claims: result.claims, token: m[1] };
}

/** Roles a token may assume through the API: the three Supabase API roles, nothing else. */
export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

import { SignJWT, jwtVerify, errors } from 'jose';

export interface Claims {
  role: string;
  sub?: string;
  email?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  session_id?: string;
  [claim: string]: unknown;
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'expired' | 'invalid'; message: string };

const keyCache = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

/** HS256 JWT, as GoTrue and the Supabase CLI sign them. */
export async function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keyFor(secret));
}

export async function verifyJwt(token: string, secret: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), { algorithms: ['HS256'] });
    if (typeof payload.role !== 'string' || payload.role === '') {
      return { ok: false, reason: 'invalid', message: 'JWT has no role claim' };
    }
    return { ok: true, claims: payload as Claims };
  } catch (e) {
    if (e instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    return { ok: false, reason: 'invalid', message: e instanceof Error ? e.message : 'invalid JWT' };
  }
}

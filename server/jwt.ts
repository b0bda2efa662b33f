import { SignJWT, jwtVerify, errors, type CryptoKey, type JWTHeaderParameters, type KeyObject } from 'jose';

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

/** The asymmetric algorithms access tokens may be signed with (Supabase's JWT signing keys). */
export type AsymmetricAlg = 'ES256' | 'RS256';

/** A key that signs access tokens: its `kid` goes into the token's header. */
export interface SigningKey {
  kid: string;
  alg: AsymmetricAlg;
  privateKey: CryptoKey | KeyObject;
}

/** A public key trusted to verify tokens whose header names its `kid` and `alg`. */
export interface PublicKey {
  alg: AsymmetricAlg;
  key: CryptoKey | KeyObject;
}

/**
 * What a token may be signed with: the JWT secret (HS256: the anon and service_role keys, tokens
 * other tools mint with the secret) or one of the public keys, looked up by the header's `kid`.
 * The lookup is a function so that a caller who only ever sees HS256 tokens never loads a key pair.
 */
export interface VerificationKeys {
  secret: string;
  publicKey(kid: string): Promise<PublicKey | undefined>;
}

/** The algorithms a token's header may name; anything else (`none`, HS512, PS256 …) is refused. */
const ACCEPTED_ALGS = ['HS256', 'ES256', 'RS256'];

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

/** A JWT signed with an asymmetric key, its `kid` in the header (as GoTrue signs with JWT_KEYS). */
export async function signJwtWithKey(claims: Claims, key: SigningKey): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
}

const noPublicKeys = async (): Promise<undefined> => undefined;

/**
 * The key a header asks for, chosen by its algorithm: HS256 only ever gets the secret and ES256 /
 * RS256 only ever a public key of that same algorithm, so a token cannot pick its own key type
 * (an HS256 token "signed" with the public key as the HMAC secret meets the real secret and fails).
 */
function keySelector(keys: VerificationKeys) {
  return async (header: JWTHeaderParameters): Promise<Uint8Array | CryptoKey | KeyObject> => {
    if (header.alg === 'HS256') return keyFor(keys.secret);
    const found = typeof header.kid === 'string' ? await keys.publicKey(header.kid) : undefined;
    if (!found || found.alg !== header.alg) throw new errors.JWKSNoMatchingKey('no signing key with this kid and alg');
    return found.key;
  };
}

/** Verifies an HS256 token against a secret, or any accepted token against a set of keys. */
export async function verifyJwt(token: string, keys: string | VerificationKeys): Promise<VerifyResult> {
  const trusted = typeof keys === 'string' ? { secret: keys, publicKey: noPublicKeys } : keys;
  try {
    const { payload } = await jwtVerify(token, keySelector(trusted), { algorithms: ACCEPTED_ALGS });
    if (typeof payload.role !== 'string' || payload.role === '') {
      return { ok: false, reason: 'invalid', message: 'JWT has no role claim' };
    }
    return { ok: true, claims: payload as Claims };
  } catch (e) {
    if (e instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    return { ok: false, reason: 'invalid', message: e instanceof Error ? e.message : 'invalid JWT' };
  }
}

import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Config } from '../config.ts';
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { AsymmetricAlg, PublicKey, SigningKey, VerificationKeys } from '../jwt.ts';
import { versionHeaders } from './errors.ts';
import type { AuthState } from './state.ts';

/**
 * The asymmetric keys access tokens are signed with (ADR 0020): from JWT_SIGNING_KEYS, else from
 * the key file in DATA_DIR (made on first start), else generated for this process (in memory).
 * The first key with a private part that may sign (no `key_ops`, or `key_ops` with "sign") signs;
 * every key in the list is trusted and published, so an old key can stay while its tokens live.
 */
export interface KeyRing {
  signing: SigningKey;
  publicKeys: ReadonlyMap<string, PublicKey>;
  /** The public halves, as GET /auth/v1/.well-known/jwks.json publishes them. */
  jwks: { keys: PublicJwk[] };
}

/** A published key: public members only, marked for verification (as GoTrue publishes them). */
export type PublicJwk = Record<string, unknown> & { kid: string; alg: AsymmetricAlg; kty: string };

/** The key file in DATA_DIR: the same JSON array of private JWKs JWT_SIGNING_KEYS takes. */
export const KEY_FILE = 'auth-signing-keys.json';

/** The members of each key type that are public: nothing else is ever copied into the JWKS. */
const PUBLIC_MEMBERS: Record<string, readonly string[]> = { EC: ['crv', 'x', 'y'], RSA: ['e', 'n'] };

/** A fresh ES256 private key as a JWK, in the shape `supabase gen signing-key --algorithm ES256` writes. */
export async function generateSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { kty: jwk.kty, kid: randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg: 'ES256', ext: true, crv: jwk.crv, x: jwk.x, y: jwk.y, d: jwk.d };
}

/** Thrown for keys that cannot be used; the message names the source and key number, never key material. */
export class SigningKeyError extends Error {}

/** A key's algorithm from its type; only P-256 (ES256) and RSA of at least 2048 bits (RS256) are taken. */
function algorithmOf(jwk: JWK, where: string): AsymmetricAlg {
  const alg: AsymmetricAlg | undefined = jwk.kty === 'EC' && jwk.crv === 'P-256' ? 'ES256' : jwk.kty === 'RSA' ? 'RS256' : undefined;
  if (!alg) throw new SigningKeyError(`${where}: only EC P-256 (ES256) and RSA (RS256) keys are taken; HS256 tokens are verified with JWT_SECRET`);
  if (jwk.alg !== undefined && jwk.alg !== alg) throw new SigningKeyError(`${where}: alg "${String(jwk.alg)}" does not fit a ${alg} key`);
  if (alg === 'RS256' && Buffer.from(String(jwk.n ?? ''), 'base64url').length < 256) {
    throw new SigningKeyError(`${where}: an RSA key needs a modulus of at least 2048 bits`);
  }
  return alg;
}

/** The key's public members (`kty` and the key type's own), without anything private. */
function publicMembers(jwk: JWK): JWK {
  return { kty: jwk.kty, ...Object.fromEntries(PUBLIC_MEMBERS[jwk.kty as string].map((m) => [m, jwk[m as keyof JWK]])) };
}

const maySign = (jwk: JWK) => typeof jwk.d === 'string' && (jwk.key_ops === undefined || jwk.key_ops.includes('sign'));

/** The list of JWKs in a JWK, an array of JWKs, or a JWK set `{keys: [...]}`. */
function jwkList(text: string, origin: string): JWK[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text, which holds private keys.
    throw new SigningKeyError(`${origin}: not valid JSON (a JWK, an array of JWKs or a JWK set)`);
  }
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object' && Array.isArray((value as { keys?: unknown }).keys)
      ? (value as { keys: unknown[] }).keys
      : [value];
  if (list.length === 0) throw new SigningKeyError(`${origin}: holds no key`);
  return list.map((entry, i) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw new SigningKeyError(`${origin}: key ${i + 1} is not a JWK object`);
    return entry as JWK;
  });
}

/** Reads the keys of JWT_SIGNING_KEYS or the key file (`origin` names which, for errors). */
export async function parseKeyRing(text: string, origin: string): Promise<KeyRing> {
  const publicKeys = new Map<string, PublicKey>();
  const jwks: PublicJwk[] = [];
  let signing: SigningKey | undefined;
  for (const [i, jwk] of jwkList(text, origin).entries()) {
    const where = `${origin}: key ${i + 1}`;
    const alg = algorithmOf(jwk, where);
    const kid = typeof jwk.kid === 'string' && jwk.kid !== '' ? jwk.kid : await calculateJwkThumbprint(jwk);
    if (publicKeys.has(kid)) throw new SigningKeyError(`${where}: kid "${kid}" is used twice`);
    const members = publicMembers(jwk);
    try {
      publicKeys.set(kid, { alg, key: (await importJWK(members, alg)) as PublicKey['key'] });
      if (!signing && maySign(jwk)) {
        const { use: _use, key_ops: _ops, ext: _ext, ...privateMembers } = jwk;
        signing = { kid, alg, privateKey: (await importJWK(privateMembers, alg)) as SigningKey['privateKey'] };
      }
    } catch {
      throw new SigningKeyError(`${where}: not a valid ${alg} key`);
    }
    jwks.push({ ...members, alg, ext: true, key_ops: ['verify'], kid, kty: members.kty as string, use: 'sig' });
  }
  if (!signing) throw new SigningKeyError(`${origin}: no private key that may sign (a key with "d" and key_ops absent or holding "sign")`);
  return { signing, publicKeys, jwks: { keys: jwks } };
}

/**
 * The key file's keys; on first start a generated key is written first (mode 0600, created
 * exclusively, so of two processes starting at once both end up with the one that won).
 */
async function keyFileRing(dataDir: string): Promise<KeyRing> {
  const path = join(dataDir, KEY_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
    if ((statSync(path).mode & 0o077) !== 0) console.warn(`[auth] ${path} can be read by other users: chmod 600 it`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(path, `${JSON.stringify([await generateSigningJwk()], null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    } catch (w) {
      if ((w as NodeJS.ErrnoException).code !== 'EEXIST') throw w;
    }
    text = readFileSync(path, 'utf8');
  }
  return parseKeyRing(text, path);
}

async function memoryRing(): Promise<KeyRing> {
  return parseKeyRing(JSON.stringify([await generateSigningJwk()]), 'generated key');
}

/** Where a config's keys come from, as a memo key (the env text only as a hash). */
function sourceOf(config: Config): string {
  if (config.jwtSigningKeys) return `env:${createHash('sha256').update(config.jwtSigningKeys).digest('hex')}`;
  if (config.dataDir) return `file:${resolve(config.dataDir)}`;
  return 'memory';
}

const rings = new Map<string, Promise<KeyRing>>();

/** The key ring of a config, loaded (or generated) once per source and process. */
export function loadKeyRing(config: Config): Promise<KeyRing> {
  const source = sourceOf(config);
  let ring = rings.get(source);
  if (!ring) {
    const text = config.jwtSigningKeys;
    const dataDir = config.dataDir;
    ring = text ? parseKeyRing(text, 'JWT_SIGNING_KEYS') : dataDir ? keyFileRing(dataDir) : memoryRing();
    rings.set(source, ring);
  }
  return ring;
}

const trusts = new Map<string, VerificationKeys>();

/**
 * Everything a config trusts: its JWT secret and its key ring's public keys. The same object for
 * the same config source, so callers may cache verified tokens per object; the ring is loaded
 * only when a token names an asymmetric key.
 */
export function verificationKeys(config: Config): VerificationKeys {
  const id = `${sourceOf(config)}\n${config.jwtSecret}`;
  let keys = trusts.get(id);
  if (!keys) {
    keys = { secret: config.jwtSecret, publicKey: async (kid) => (await loadKeyRing(config)).publicKeys.get(kid) };
    trusts.set(id, keys);
  }
  return keys;
}

/**
 * GET /.well-known/jwks.json: the ring's public keys (never a private member, never the JWT
 * secret), cached as hosted Supabase's edge caches it (10 minutes), open without an apikey.
 */
export async function jwks(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const ring = await loadKeyRing(state.config);
  return json(200, ring.jwks, { ...versionHeaders(req), 'cache-control': 'public, max-age=600' });
}

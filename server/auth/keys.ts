import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Config } from '../config.ts';
import type { Database } from '../db/types.ts';
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { AsymmetricAlg, PublicKey, SigningKey, VerificationKeys } from '../jwt.ts';
import { versionHeaders } from './errors.ts';
import type { AuthState } from './state.ts';
import { seal, type SealPurpose, unseal } from './seal.ts';

/**
 * The asymmetric keys access tokens are signed with (ADR 0020, 0033): from JWT_SIGNING_KEYS, else
 * from the database the server runs on (private.auth_signing_keys, sealed; made on first start,
 * shared by every instance), else — for a config used without a database — from the key file in
 * DATA_DIR, else generated for this process (in memory).
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

/**
 * The key ring of a config: the database's (when `db` is given or the config was attached to one
 * and JWT_SIGNING_KEYS is not set), else loaded (or generated) once per source and process.
 */
export function loadKeyRing(config: Config, db?: Database): Promise<KeyRing> {
  if (db) attachKeyStore(config, db);
  const store = stores.get(config);
  if (store) return store.ring();
  return legacyRing(config);
}

/** The keys of JWT_SIGNING_KEYS, the key file or this process' memory, once per source and process. */
function legacyRing(config: Config): Promise<KeyRing> {
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
 * the same config source (with the database's keys: until their list changes), so callers may
 * cache verified tokens per object; the ring is loaded only when a token names an asymmetric key.
 */
export function verificationKeys(config: Config): VerificationKeys {
  const store = stores.get(config);
  if (store) return store.verification;
  const id = `${sourceOf(config)}\n${config.jwtSecret}`;
  let keys = trusts.get(id);
  if (!keys) {
    keys = { secret: config.jwtSecret, publicKey: async (kid) => (await loadKeyRing(config)).publicKeys.get(kid) };
    trusts.set(id, keys);
  }
  return keys;
}

// ── Keys in the database (ADR 0033) ──────────────────────────────────────────────────────────

/** How often an instance reads the key table again, so it sees a rotation without a restart. */
export const KEY_REFRESH_MS = 60_000;
/** A token naming an unknown kid makes this process read the table again, at most this often. */
export const UNKNOWN_KID_REFRESH_MS = 1_000;
/**
 * How long after a key stopped signing it is still trusted, beyond the JWT expiry: clock skew
 * between instances and the JWKS caches of local verifiers (supabase-js, a CDN).
 */
export const ROTATION_GRACE_MS = 20 * 60_000;
/** A rotated key signs after two refresh periods by default: every running instance has read it by then. */
export const DEFAULT_STANDBY_MS = 2 * KEY_REFRESH_MS;

const stores = new WeakMap<Config, DatabaseKeyStore>();

/**
 * Makes `config` read its keys from `db` (once per config; createAuthState and startBackend call
 * it). With JWT_SIGNING_KEYS set the configuration wins and nothing is attached.
 */
export function attachKeyStore(config: Config, db: Database): void {
  if (config.jwtSigningKeys || stores.has(config)) return;
  stores.set(config, new DatabaseKeyStore(config, db));
}

/** The key store attached to a config (tests refresh it, rotate-key uses it). */
export function keyStoreOf(config: Config): DatabaseKeyStore | undefined {
  return stores.get(config);
}

/** The key that seals private JWKs in the table: from JWT_SECRET, as the MFA secrets' (totp.ts). */
/** Signing keys: their own key, derived from JWT_SECRET (server/auth/seal.ts). */
const SIGNING_KEY: SealPurpose = { info: 'auth.signing_keys.private_jwk', prefix: 'v1:' };

/** A private JWK as stored: AES-256-GCM, bound to its kid (a sealed key moved to another kid does not open). */
export const sealPrivateJwk = (jwtSecret: string, kid: string, jwk: JWK): string => seal(jwtSecret, SIGNING_KEY, kid, JSON.stringify(jwk));

/** The stored private JWK opened; undefined when it was sealed with another JWT_SECRET or kid. */
export function openPrivateJwk(jwtSecret: string, kid: string, stored: string): JWK | undefined {
  const text = unseal(jwtSecret, SIGNING_KEY, kid, stored);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as JWK;
  } catch {
    return undefined;
  }
}

interface KeyRow {
  kid: string;
  alg: AsymmetricAlg;
  public_jwk: JWK;
  sealed_private_jwk: string | null;
  signs_from: Date | string;
  revoked_at: Date | string | null;
}

/** A key of the table, ready to use: when it signs, until when it is trusted. */
interface LoadedKey {
  kid: string;
  signsFrom: number;
  /** Infinity while it (or a standby) is the newest signer. */
  trustedUntil: number;
  publicKey: PublicKey;
  jwk: PublicJwk;
  /** Undefined for a key that only verifies, or one sealed with another JWT_SECRET. */
  signing?: SigningKey;
  /** True when the key has a sealed private part (whether or not this JWT_SECRET opens it). */
  sealed: boolean;
}

const time = (v: Date | string) => new Date(v).getTime();

/** The table's keys with their trust: a key stops being trusted a JWT lifetime plus grace after a newer one began signing. */
async function loadKeys(rows: KeyRow[], config: Config): Promise<LoadedKey[]> {
  const sorted = [...rows].sort((a, b) => time(a.signs_from) - time(b.signs_from));
  const keys: LoadedKey[] = [];
  for (const [i, row] of sorted.entries()) {
    const where = `private.auth_signing_keys: kid "${row.kid}"`;
    const alg = algorithmOf(row.public_jwk, where);
    const members = publicMembers(row.public_jwk);
    let publicKey: PublicKey;
    try {
      publicKey = { alg, key: (await importJWK(members, alg)) as PublicKey['key'] };
    } catch {
      throw new SigningKeyError(`${where}: not a valid ${alg} key`);
    }
    const next = sorted.slice(i + 1).find((later) => later.sealed_private_jwk !== null && later.revoked_at === null && time(later.signs_from) > time(row.signs_from));
    const stopped = next ? time(next.signs_from) + config.jwtExpiry * 1000 + ROTATION_GRACE_MS : Number.POSITIVE_INFINITY;
    const trustedUntil = row.revoked_at !== null ? Math.min(time(row.revoked_at), stopped) : stopped;
    let signing: SigningKey | undefined;
    const opened = row.sealed_private_jwk ? openPrivateJwk(config.jwtSecret, row.kid, row.sealed_private_jwk) : undefined;
    if (opened) {
      const { use: _use, key_ops: _ops, ext: _ext, kid: _kid, ...privateMembers } = opened;
      try {
        signing = { kid: row.kid, alg, privateKey: (await importJWK(privateMembers, alg)) as SigningKey['privateKey'] };
      } catch {
        throw new SigningKeyError(`${where}: its private key is not a valid ${alg} key`);
      }
    }
    const jwk: PublicJwk = { ...members, alg, ext: true, key_ops: ['verify'], kid: row.kid, kty: members.kty as string, use: 'sig' };
    keys.push({ kid: row.kid, signsFrom: time(row.signs_from), trustedUntil, publicKey, jwk, signing, sealed: row.sealed_private_jwk !== null });
  }
  return keys;
}

/** The key that signs at `at`: the newest sealed, unrevoked key whose time has come. */
function currentSigner(keys: LoadedKey[], at: number): LoadedKey | undefined {
  let signer: LoadedKey | undefined;
  for (const key of keys) if (key.sealed && key.signsFrom <= at && key.trustedUntil > at) signer = key;
  return signer;
}

const SELECT_KEYS = 'select kid, alg, public_jwk, sealed_private_jwk, signs_from, revoked_at from private.auth_signing_keys';
/** Taken while a key is made or imported, so instances starting at once make one key between them. */
const KEY_LOCK = "select pg_advisory_xact_lock(hashtext('auth.signing_keys'))";

/**
 * The signing keys of one database, as this process knows them: read at start (the first
 * instance makes the key), again every KEY_REFRESH_MS and when a token names an unknown kid.
 * Reads run in read-only transactions, so they never move the write clock (ADR 0019).
 */
export class DatabaseKeyStore {
  private keys: LoadedKey[] = [];
  private started: Promise<void> | undefined;
  private reading: Promise<void> | undefined;
  private readAt = 0;
  private dbNowAtRead = 0;
  private missReadAt = 0;
  private making: Promise<void> | undefined;
  private warned = new Set<string>();
  private legacy: Promise<KeyRing> | undefined;
  /** Replaced whenever the list of keys changes, so tokens verified with a dropped key are not cached past it. */
  verification: VerificationKeys;

  constructor(
    private readonly config: Config,
    private readonly db: Database,
  ) {
    this.verification = this.makeVerification();
  }

  private makeVerification(): VerificationKeys {
    return { secret: this.config.jwtSecret, publicKey: (kid) => this.publicKey(kid) };
  }

  /** Reads the keys, and makes (or imports) the signing key when there is none this JWT_SECRET can use. */
  start(): Promise<void> {
    this.started ??= (async () => {
      try {
        await this.refresh();
      } catch (e) {
        // A database served as it is, without this shop's migrations (server/db/existing.ts): the
        // keys come from where they came before 0033 (the key file, or this process' memory).
        const code = (e as { code?: string }).code;
        if (code !== '42P01' && code !== '3F000') throw e;
        this.legacy = legacyRing(this.config);
        await this.legacy;
        return;
      }
      if (this.needsKey()) await this.makeKey();
    })().catch((e) => {
      this.started = undefined;
      throw e;
    });
    return this.started;
  }

  /** Reads the table again now (single flight). */
  refresh(): Promise<void> {
    this.reading ??= (async () => {
      try {
        const { rows, dbNow } = await this.db.transaction(async (tx) => readKeys(tx), { readOnly: true });
        this.install(await loadKeys(rows, this.config), dbNow);
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  private install(keys: LoadedKey[], dbNow: number): void {
    const fingerprint = (list: LoadedKey[]) => list.map((k) => `${k.kid}:${k.signsFrom}:${k.trustedUntil}:${Boolean(k.signing)}`).join(',');
    const changed = fingerprint(keys) !== fingerprint(this.keys);
    this.keys = keys;
    this.readAt = performance.now();
    this.dbNowAtRead = dbNow;
    if (changed) this.verification = this.makeVerification();
    const newest = currentSigner(keys, dbNow);
    if (newest && !newest.signing && !this.warned.has(newest.kid)) {
      this.warned.add(newest.kid);
      console.warn(`[auth] signing key ${newest.kid} was sealed with another JWT_SECRET: this instance signs with an older key, or makes a new one at its next start`);
    }
  }

  /** True when no key may sign now with this JWT_SECRET (none yet, or the newest was sealed with another secret). */
  private needsKey(): boolean {
    return !currentSigner(this.keys, this.now())?.signing;
  }

  /**
   * Now on the database's clock: its time at the last read plus what has passed here since. Key
   * times are the database's, so instances with skewed clocks (or tests that move Date) agree.
   */
  private now(): number {
    return this.dbNowAtRead + Math.max(0, performance.now() - this.readAt);
  }

  /** Under the advisory lock: reads again, and only if still needed imports DATA_DIR's key file or makes a key. */
  private async makeKey(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(KEY_LOCK);
      const { rows, dbNow } = await readKeys(tx);
      const signer = currentSigner(await loadKeys(rows, this.config), dbNow);
      if (signer?.signing) return;
      const file = rows.length === 0 && this.config.dataDir ? join(this.config.dataDir, KEY_FILE) : undefined;
      if (file && existsSync(file)) {
        await importKeyFile(tx, this.config, file);
        console.log(`[auth] the signing keys of ${file} moved into the database (private.auth_signing_keys); the file is no longer read`);
      } else {
        await insertKey(tx, this.config, await generateSigningJwk(), 'now()');
        if (rows.length > 0) console.warn('[auth] no signing key in the database opens with this JWT_SECRET: a new one was made; the old ones still verify until they expire');
      }
    });
    await this.refresh();
  }

  /** The ring as of now: the current signer, every key still trusted (verify and JWKS). */
  async ring(): Promise<KeyRing> {
    await this.start();
    if (this.legacy) return this.legacy;
    if (performance.now() - this.readAt > KEY_REFRESH_MS) void this.refresh().catch((e) => console.warn(`[auth] reading the signing keys failed: ${(e as Error).message}`));
    let at = this.now();
    const signerAt = () => {
      const signer = currentSigner(this.keys, at);
      return signer?.signing ?? [...this.keys].reverse().find((k) => k.signing && k.signsFrom <= at && k.trustedUntil > at)?.signing;
    };
    let signing = signerAt();
    if (!signing) {
      // Every key was deleted (an urgent revocation) or expired meanwhile: make one, as at a start.
      this.making ??= this.makeKey().finally(() => {
        this.making = undefined;
      });
      await this.making;
      at = this.now();
      signing = signerAt();
    }
    if (!signing) throw new SigningKeyError('private.auth_signing_keys: no key this JWT_SECRET opens may sign now');
    const trusted = this.keys.filter((k) => k.trustedUntil > at);
    return {
      signing,
      publicKeys: new Map(trusted.map((k) => [k.kid, k.publicKey])),
      jwks: { keys: trusted.map((k) => k.jwk) },
    };
  }

  /** A trusted key by kid; an unknown kid reads the table again (at most every UNKNOWN_KID_REFRESH_MS). */
  async publicKey(kid: string): Promise<PublicKey | undefined> {
    const ring = await this.ring();
    const found = ring.publicKeys.get(kid);
    // Only reads caused by unknown kids are limited: the first token of a new key always finds it.
    if (found || performance.now() - this.missReadAt < UNKNOWN_KID_REFRESH_MS) return found;
    this.missReadAt = performance.now();
    await this.refresh();
    return (await this.ring()).publicKeys.get(kid);
  }
}

type Tx = Pick<Database, 'query'>;

/** The table's rows and the database's clock. */
async function readKeys(tx: Tx): Promise<{ rows: KeyRow[]; dbNow: number }> {
  const { rows } = await tx.query<KeyRow>(SELECT_KEYS);
  const clock = await tx.query<{ now: Date | string }>('select now() as now');
  return { rows, dbNow: time(clock.rows[0].now) };
}

async function insertKey(tx: Tx, config: Config, jwk: JWK, signsFrom: string, params: unknown[] = []): Promise<string> {
  const where = 'new signing key';
  const alg = algorithmOf(jwk, where);
  const kid = typeof jwk.kid === 'string' && jwk.kid !== '' ? jwk.kid : await calculateJwkThumbprint(jwk);
  const sealed = maySign(jwk) ? sealPrivateJwk(config.jwtSecret, kid, jwk) : null;
  await tx.query(`insert into private.auth_signing_keys (kid, alg, public_jwk, sealed_private_jwk, signs_from) values ($1, $2, $3, $4, ${signsFrom})`, [
    kid,
    alg,
    JSON.stringify({ kid, ...publicMembers(jwk) }),
    sealed,
    ...params,
  ]);
  return kid;
}

/**
 * DATA_DIR's key file (ADR 0020) moved into the table on the first start with it: the key that
 * signed goes last (it keeps signing), the others before it, so they stay trusted for a JWT
 * lifetime plus grace, as after a rotation.
 */
async function importKeyFile(tx: Tx, config: Config, path: string): Promise<void> {
  const list = jwkList(readFileSync(path, 'utf8'), path);
  const signer = list.find(maySign);
  const ordered = [...list.filter((k) => k !== signer), ...(signer ? [signer] : [])];
  for (const [i, jwk] of ordered.entries()) {
    await insertKey(tx, config, jwk, `now() - make_interval(secs => $5)`, [ordered.length - i]);
  }
}

/**
 * Adds a new signing key to the database: it is published and trusted at once and signs from
 * `standbyMs` on (default: every instance has read it by then; more gives verifiers' JWKS caches time); the key it replaces stays trusted
 * for the JWT lifetime plus ROTATION_GRACE_MS after that, then drops out. Keys whose trust ended
 * are deleted. Every instance picks the new key up within KEY_REFRESH_MS (or on its first token).
 */
export async function rotateSigningKey(db: Database, config: Config, { standbyMs = DEFAULT_STANDBY_MS }: { standbyMs?: number } = {}): Promise<{ kid: string; signsFrom: Date }> {
  if (config.jwtSigningKeys) throw new SigningKeyError('the keys come from JWT_SIGNING_KEYS: rotate them there (ADR 0020)');
  const result = await db.transaction(async (tx) => {
    await tx.query(KEY_LOCK);
    const kid = await insertKey(tx, config, await generateSigningJwk(), `now() + make_interval(secs => $5)`, [standbyMs / 1000]);
    const { rows: all, dbNow } = await readKeys(tx);
    const keys = await loadKeys(all, config);
    const gone = keys.filter((k) => k.trustedUntil <= dbNow).map((k) => k.kid);
    if (gone.length > 0) await tx.query('delete from private.auth_signing_keys where kid = any($1::text[])', [gone]);
    const { rows } = await tx.query<{ signs_from: Date | string }>('select signs_from from private.auth_signing_keys where kid = $1', [kid]);
    return { kid, signsFrom: new Date(rows[0].signs_from) };
  });
  await keyStoreOf(config)?.refresh();
  return result;
}

/**
 * GET /.well-known/jwks.json: the ring's public keys (never a private member, never the JWT
 * secret), cached as hosted Supabase's edge caches it (10 minutes), open without an apikey.
 */
export async function jwks(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const ring = await loadKeyRing(state.config);
  return json(200, ring.jwks, { ...versionHeaders(req), 'cache-control': 'public, max-age=600' });
}

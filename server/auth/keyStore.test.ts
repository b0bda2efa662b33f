import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { openMigratedMemoryDatabase } from '../db/index.ts';
import type { Database } from '../db/types.ts';
import { verifyJwt } from '../jwt.ts';
import { attachKeyStore, generateSigningJwk, KEY_FILE, keyStoreOf, loadKeyRing, ROTATION_GRACE_MS, rotateSigningKey, verificationKeys } from './keys.ts';
import { DatabaseRateLimiter } from './rateLimit.ts';
import { signAccessJwt } from './signing.ts';

// Signing keys in the database (ADR 0033): each `instance()` is a config attached to the same
// database, as two server processes on one DATABASE_URL are. Every test gets its own database.

const claims = () => ({ role: 'authenticated', sub: 'u', exp: Math.floor(Date.now() / 1000) + 60 });
const instance = (db: Database, env: NodeJS.ProcessEnv = {}): Config => {
  const config = loadConfig({ DATA_DIR: ':memory:', ...env });
  attachKeyStore(config, db);
  return config;
};
const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const rowsOf = async (db: Database) =>
  (
    await db.query<{ kid: string; sealed_private_jwk: string | null; public_jwk: Record<string, unknown> }>(
      'select kid, sealed_private_jwk, public_jwk from private.auth_signing_keys order by signs_from',
    )
  ).rows;

// One database for the file (opening one costs seconds); each test starts with an empty key table
// and its own configs (instances), which is what a fresh database would give it.
let shared: Database;
const dirs: string[] = [];
beforeAll(async () => {
  shared = await openMigratedMemoryDatabase();
}, 120_000);
const database = async () => {
  await shared.query('delete from private.auth_signing_keys');
  return shared;
};
afterAll(async () => {
  await shared?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('signing keys in the database', () => {
  it('two instances starting at once on one database make one key between them, and each verifies the other’s tokens', async () => {
    const db = await database();
    const [a, b] = [instance(db), instance(db)];
    const [ringA, ringB] = await Promise.all([loadKeyRing(a), loadKeyRing(b)]);
    expect(await rowsOf(db)).toHaveLength(1);
    expect(ringA.signing.kid).toBe(ringB.signing.kid);
    const token = await signAccessJwt(a, claims());
    expect(await verifyJwt(token, verificationKeys(b))).toMatchObject({ ok: true });
    expect((await loadKeyRing(b)).jwks).toEqual((await loadKeyRing(a)).jwks);
  });

  it('stores the private key sealed with a key from JWT_SECRET: no private member in the row, and another secret cannot open it', async () => {
    const db = await database();
    const first = instance(db);
    const { signing } = await loadKeyRing(first);
    const [row] = await rowsOf(db);
    expect(row.kid).toBe(signing.kid);
    expect(Object.keys(row.public_jwk).sort()).toEqual(['crv', 'kid', 'kty', 'x', 'y']);
    expect(row.sealed_private_jwk).toMatch(/^v1:/);
    expect(row.sealed_private_jwk).not.toContain('"d"');
    // An instance with another JWT_SECRET cannot sign with it: it makes its own key (and says so);
    // the first key is still trusted for its tokens' lifetime.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const other = instance(db, { JWT_SECRET: 'another-secret-of-at-least-thirty-two-characters' });
    const ring = await loadKeyRing(other);
    warn.mockRestore();
    expect(ring.signing.kid).not.toBe(signing.kid);
    expect(ring.jwks.keys.map((k) => k.kid)).toEqual([signing.kid, ring.signing.kid]);
  });

  it('rotation: the new key signs, tokens of the old one stay valid and the JWKS lists both; another instance sees it without a restart', async () => {
    const db = await database();
    const [a, b] = [instance(db), instance(db)];
    const before = await signAccessJwt(a, claims());
    await loadKeyRing(b);
    const { kid } = await rotateSigningKey(db, a, { standbyMs: 0 });
    const after = await signAccessJwt(a, claims());
    expect(kidOf(after)).toBe(kid);
    expect(kidOf(before)).not.toBe(kid);
    for (const config of [a, b]) {
      // b has not read the table since the rotation: the unknown kid makes it read again.
      expect(await verifyJwt(after, verificationKeys(config))).toMatchObject({ ok: true });
      expect(await verifyJwt(before, verificationKeys(config))).toMatchObject({ ok: true });
      expect((await loadKeyRing(config)).jwks.keys.map((k) => k.kid)).toEqual([kidOf(before), kid]);
    }
    // b now signs with the new key too.
    expect(kidOf(await signAccessJwt(b, claims()))).toBe(kid);
  });

  it('a rotated key is published at once and signs only after its standby (by default two refresh periods)', async () => {
    const db = await database();
    const a = instance(db);
    const old = (await loadKeyRing(a)).signing.kid;
    const { kid, signsFrom } = await rotateSigningKey(db, a);
    expect(signsFrom.getTime() - Date.now()).toBeGreaterThan(60_000);
    const ring = await loadKeyRing(a);
    expect(ring.signing.kid).toBe(old);
    expect(ring.jwks.keys.map((k) => k.kid)).toEqual([old, kid]);
  });

  it('a key whose tokens have all expired since it stopped signing drops out, and so does a deleted one: their tokens are refused', async () => {
    const db = await database();
    const [a, b] = [instance(db), instance(db)];
    const old = await signAccessJwt(a, claims());
    await loadKeyRing(b);
    const { kid } = await rotateSigningKey(db, a, { standbyMs: 0 });
    // The new key began signing longer ago than a token lives plus the grace (the old one before it).
    const past = a.jwtExpiry * 1000 + ROTATION_GRACE_MS + 60_000;
    await db.query(`update private.auth_signing_keys set signs_from = now() - make_interval(secs => $2) where kid = $1`, [kid, past / 1000]);
    await db.query(`update private.auth_signing_keys set signs_from = now() - make_interval(secs => $2) where kid = $1`, [kidOf(old), past / 1000 + 60]);
    await keyStoreOf(a)?.refresh();
    expect(await verifyJwt(old, verificationKeys(a))).toMatchObject({ ok: false, reason: 'invalid' });
    expect((await loadKeyRing(a)).jwks.keys.map((k) => k.kid)).toEqual([kid]);
    // b read the table before; its periodic re-read (forced here) drops the key too.
    await keyStoreOf(b)?.refresh();
    expect(await verifyJwt(old, verificationKeys(b))).toMatchObject({ ok: false, reason: 'invalid' });
    // The next rotation deletes the key whose trust ended.
    await rotateSigningKey(db, a, { standbyMs: 0 });
    expect((await rowsOf(db)).map((r) => r.kid)).not.toContain(kidOf(old));

    // Deleted (an urgent revocation by SQL, here of every key): refused after the instance's next read.
    const current = await signAccessJwt(a, claims());
    await db.query('delete from private.auth_signing_keys');
    await keyStoreOf(a)?.refresh();
    expect(await verifyJwt(current, verificationKeys(a))).toMatchObject({ ok: false, reason: 'invalid' });
    // With no key left, the next token makes a new one (as a start would).
    const fresh = await signAccessJwt(a, claims());
    expect(kidOf(fresh)).not.toBe(kidOf(current));
    // b looked for an unknown kid just now (the old key's): its next such read waits a second, or
    // its periodic one; forced here.
    await keyStoreOf(b)?.refresh();
    expect(await verifyJwt(fresh, verificationKeys(b))).toMatchObject({ ok: true });
  });

  it("moves DATA_DIR's key file into the table on the first start, so sessions of an existing data dir stay signed in", async () => {
    const db = await database();
    const dir = mkdtempSync(join(tmpdir(), 'npng-keystore-'));
    dirs.push(dir);
    const jwk = await generateSigningJwk();
    writeFileSync(join(dir, KEY_FILE), JSON.stringify([jwk]), { mode: 0o600 });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const config = loadConfig({ DATA_DIR: dir });
    attachKeyStore(config, db);
    const ring = await loadKeyRing(config);
    log.mockRestore();
    expect(ring.signing.kid).toBe(jwk.kid);
    expect((await rowsOf(db)).map((r) => r.kid)).toEqual([jwk.kid]);
  });

  it('JWT_SIGNING_KEYS wins over the database: nothing is written to the table', async () => {
    const db = await database();
    const jwk = await generateSigningJwk();
    const config = instance(db, { JWT_SIGNING_KEYS: JSON.stringify([jwk]) });
    expect((await loadKeyRing(config)).signing.kid).toBe(jwk.kid);
    expect(await rowsOf(db)).toHaveLength(0);
    await expect(rotateSigningKey(db, config)).rejects.toThrow(/JWT_SIGNING_KEYS/);
  });
});

describe('rate limits in the database', () => {
  let db: Database;
  beforeAll(() => {
    db = shared;
  });

  it('counts one budget for every limiter on the database (two instances), gives back with release, and forgets with reset', async () => {
    const a = new DatabaseRateLimiter(db, 'test_budget', 3, 60_000);
    const b = new DatabaseRateLimiter(db, 'test_budget', 3, 60_000);
    expect(await a.take('ip')).toBe(1);
    expect(await b.take('ip')).toBe(2);
    expect(await a.take('ip')).toBe(3);
    expect(await b.take('ip')).toBe(0);
    expect(await a.take('other')).toBe(1);
    await b.release('ip');
    expect(await a.take('ip')).toBe(3);
    await a.reset('ip');
    expect(await b.take('ip')).toBe(1);
  });

  it('takes atomically: 20 parallel takes of a budget of 5 give exactly 5', async () => {
    const limiter = new DatabaseRateLimiter(db, 'test_parallel', 5, 60_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.take('ip')));
    expect(results.filter((n) => n > 0).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('forgets hits older than the window', async () => {
    const limiter = new DatabaseRateLimiter(db, 'test_window', 1, 60_000);
    expect(await limiter.take('ip')).toBe(1);
    expect(await limiter.take('ip')).toBe(0);
    await db.query(`update private.auth_rate_limits set hits = array[now() - interval '61 seconds'] where name = 'test_window'`);
    expect(await limiter.take('ip')).toBe(1);
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SignJWT, compactVerify, createLocalJWKSet, decodeProtectedHeader, generateKeyPair, type JWK } from 'jose';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, loadConfig } from '../config.ts';
import { signJwt, signJwtWithKey, verifyJwt } from '../jwt.ts';
import { generateSigningJwk, KEY_FILE, loadKeyRing, parseKeyRing, SigningKeyError, verificationKeys } from './keys.ts';
import { signAccessJwt } from './signing.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'npng-keys-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const inMemory = (env: NodeJS.ProcessEnv = {}) => loadConfig({ DATA_DIR: ':memory:', ...env });
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'];
const claims = () => ({ role: 'authenticated', sub: 'u', exp: Math.floor(Date.now() / 1000) + 60 });

/** An RSA private JWK (node:crypto, as jose refuses to make keys under 2048 bits). */
function rsaJwk(bits = 2048): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: `rsa-${bits}` };
}

describe('key generation and the key file', () => {
  it('generates an ES256 private JWK in the Supabase CLI shape, with a fresh kid each time', async () => {
    const [a, b] = [await generateSigningJwk(), await generateSigningJwk()];
    expect(a).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['sign', 'verify'] });
    expect(typeof a.d).toBe('string');
    expect(a.kid).not.toBe(b.kid);
  });

  it('writes a key to DATA_DIR on first use (mode 0600) and signs with the same key after a restart', async () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    const ring = await loadKeyRing(config);
    const path = join(dir, KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(path, 'utf8')) as JWK[];
    expect(saved.map((k) => k.kid)).toEqual([ring.signing.kid]);
    // A new process reads the file instead of generating: parsing it again yields the same kid and key.
    const again = await parseKeyRing(readFileSync(path, 'utf8'), path);
    const token = await signJwtWithKey(claims(), again.signing);
    expect(await verifyJwt(token, verificationKeys(config))).toMatchObject({ ok: true });
  });

  it('generates one key per process when nothing is on disk', async () => {
    const a = await loadKeyRing(inMemory());
    const b = await loadKeyRing(loadConfig({ DATA_DIR: ':memory:', PORT: '6000' }));
    expect(a.signing.kid).toBe(b.signing.kid);
  });
});

describe('JWT_SIGNING_KEYS', () => {
  it('takes a CLI key list: the first key signs, every key is published without private members', async () => {
    const rsa = rsaJwk();
    const ec = await generateSigningJwk();
    const config = inMemory({ JWT_SIGNING_KEYS: JSON.stringify([rsa, ec]) });
    const ring = await loadKeyRing(config);
    expect([ring.signing.kid, ring.signing.alg]).toEqual([rsa.kid, 'RS256']);
    expect(ring.jwks.keys.map((k) => [k.kid, k.alg, k.use, k.key_ops])).toEqual([
      [rsa.kid, 'RS256', 'sig', ['verify']],
      [ec.kid, 'ES256', 'sig', ['verify']],
    ]);
    for (const key of ring.jwks.keys) for (const m of PRIVATE_MEMBERS) expect(key).not.toHaveProperty(m);
    const token = await signAccessJwt(config, claims());
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: rsa.kid, typ: 'JWT' });
    // The published set alone verifies it (as any JWKS client would).
    await expect(compactVerify(token, createLocalJWKSet(ring.jwks as { keys: JWK[] }))).resolves.toBeTruthy();
  });

  it('accepts a single JWK or a JWK set; a key without kid gets its thumbprint; a public-only key only verifies', async () => {
    const { kid: _kid, ...noKid } = await generateSigningJwk();
    const single = await parseKeyRing(JSON.stringify(noKid), 'test');
    expect(single.signing.kid).toMatch(/^[\w-]{43}$/);
    const retired = await generateSigningJwk();
    const { d: _d, ...retiredPublic } = retired;
    const current = await generateSigningJwk();
    const set = await parseKeyRing(JSON.stringify({ keys: [retiredPublic, current] }), 'test');
    expect(set.signing.kid).toBe(current.kid);
    expect([...set.publicKeys.keys()]).toEqual([retired.kid, current.kid]);
    // key_ops without "sign" keeps a private key from signing.
    const verifyOnly = await parseKeyRing(JSON.stringify([{ ...retired, key_ops: ['verify'] }, current]), 'test');
    expect(verifyOnly.signing.kid).toBe(current.kid);
  });

  it.each([
    ['not JSON', '{"kty":"EC","d":"secret-part', 'not valid JSON'],
    ['an empty list', '[]', 'holds no key'],
    ['a symmetric key', JSON.stringify([{ kty: 'oct', k: 'c2VjcmV0' }]), 'JWT_SECRET'],
    ['an unknown curve', JSON.stringify([{ kty: 'EC', crv: 'P-384', x: 'a', y: 'b', d: 'c' }]), 'P-256'],
    ['an alg that does not fit', JSON.stringify([{ kty: 'EC', crv: 'P-256', alg: 'RS256', x: 'a', y: 'b', d: 'c' }]), 'does not fit'],
    ['broken key members', JSON.stringify([{ kty: 'EC', crv: 'P-256', x: 'a', y: 'b', d: 'c' }]), 'not a valid ES256 key'],
  ])('refuses %s with a message that names the source and no key material', async (_name, text, message) => {
    const error = await parseKeyRing(text, 'JWT_SIGNING_KEYS').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigningKeyError);
    expect((error as Error).message).toContain('JWT_SIGNING_KEYS');
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain('secret-part');
  });

  it('refuses an RSA key under 2048 bits, a public key alone, and a kid used twice', async () => {
    await expect(parseKeyRing(JSON.stringify([rsaJwk(1024)]), 'x')).rejects.toThrow('2048 bits');
    const { d: _d, ...publicOnly } = await generateSigningJwk();
    await expect(parseKeyRing(JSON.stringify([publicOnly]), 'x')).rejects.toThrow('no private key');
    const key = await generateSigningJwk();
    await expect(parseKeyRing(JSON.stringify([key, key]), 'x')).rejects.toThrow('used twice');
  });

  it('refuses a broken key file in DATA_DIR (startBackend loads the ring first, so the start stops)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, KEY_FILE), 'not json', { mode: 0o600 });
    await expect(loadKeyRing(loadConfig({ DATA_DIR: dir }))).rejects.toThrow(SigningKeyError);
  });
});

describe('verification: both kinds of token, and nothing else', () => {
  const config = inMemory();
  const keys = verificationKeys(config);

  it('accepts an access token of the ring and the HS256 keys made with the JWT secret', async () => {
    expect(await verifyJwt(await signAccessJwt(config, claims()), keys)).toMatchObject({ ok: true, claims: { role: 'authenticated' } });
    expect(await verifyJwt(LOCAL_ANON_KEY, keys)).toMatchObject({ ok: true, claims: { role: 'anon' } });
    expect(await verifyJwt(await signJwt(claims(), LOCAL_JWT_SECRET), keys)).toMatchObject({ ok: true });
  });

  it('refuses a token signed by another key under the ring kid, and one with an unknown kid', async () => {
    const ring = await loadKeyRing(config);
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await signJwtWithKey(claims(), { kid: ring.signing.kid, alg: 'ES256', privateKey });
    expect(await verifyJwt(forged, keys)).toMatchObject({ ok: false, reason: 'invalid' });
    const unknown = await signJwtWithKey(claims(), { kid: 'someone-else', alg: 'ES256', privateKey });
    expect(await verifyJwt(unknown, keys)).toMatchObject({ ok: false, reason: 'invalid' });
    const noKid = await new SignJWT(claims()).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);
    expect(await verifyJwt(noKid, keys)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('refuses algorithm confusion: HS256 keyed with the published public key, and a header alg that differs from the key', async () => {
    const ring = await loadKeyRing(config);
    const published = ring.jwks.keys[0];
    for (const secret of [JSON.stringify(published), `${published.x}${published.y}`]) {
      const confused = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: ring.signing.kid }).sign(new TextEncoder().encode(secret));
      expect(await verifyJwt(confused, keys)).toMatchObject({ ok: false, reason: 'invalid' });
    }
    const { privateKey } = await generateKeyPair('RS256');
    const wrongAlg = await new SignJWT(claims()).setProtectedHeader({ alg: 'RS256', kid: ring.signing.kid }).sign(privateKey);
    expect(await verifyJwt(wrongAlg, keys)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('refuses alg none and algorithms it does not issue', async () => {
    const body = Buffer.from(JSON.stringify(claims())).toString('base64url');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    expect(await verifyJwt(none, keys)).toMatchObject({ ok: false, reason: 'invalid' });
    const hs512 = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(LOCAL_JWT_SECRET.repeat(2)));
    expect(await verifyJwt(hs512, keys)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('reports an expired ES256 token as expired', async () => {
    const token = await signAccessJwt(config, { ...claims(), exp: Math.floor(Date.now() / 1000) - 10 });
    expect(await verifyJwt(token, keys)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it("trusts the keys of its own source only: another key file does not verify this ring's tokens", async () => {
    const token = await signAccessJwt(config, claims());
    const other = loadConfig({ DATA_DIR: tempDir() });
    expect(await verifyJwt(token, verificationKeys(other))).toMatchObject({ ok: false, reason: 'invalid' });
  });
});

import { describe, expect, it } from 'vitest';
import { resolveCaller } from './caller.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, loadConfig } from './config.ts';
import type { ApiRequest } from './http.ts';
import { generateKeyPair } from 'jose';
import { generateSigningJwk, loadKeyRing } from './auth/keys.ts';
import { signAccessJwt } from './auth/signing.ts';
import { signJwt, signJwtWithKey } from './jwt.ts';

const config = loadConfig({});
const withAuth = (authorization?: string): ApiRequest => ({
  method: 'GET',
  url: new URL('http://localhost/rest/v1/x'),
  path: '/x',
  headers: authorization ? { authorization } : {},
  ip: '127.0.0.1',
  body: async () => Buffer.alloc(0),
});

describe('resolveCaller', () => {
  it('is anon without a bearer token', async () => {
    expect(await resolveCaller(withAuth(), config)).toEqual({ ok: true, claims: { role: 'anon' }, token: undefined });
  });

  it("takes a valid token's claims, the same on repeated use", async () => {
    for (let i = 0; i < 2; i++) {
      expect(await resolveCaller(withAuth(`Bearer ${LOCAL_ANON_KEY}`), config)).toMatchObject({ ok: true, claims: { role: 'anon', iss: 'supabase-demo' } });
    }
  });

  it('refuses a token signed with another secret, even after the right one was seen', async () => {
    const forged = await signJwt({ role: 'service_role' }, `${LOCAL_JWT_SECRET}-forged`);
    expect(await resolveCaller(withAuth(`Bearer ${forged}`), config)).toMatchObject({ ok: false, reason: 'invalid' });
    const other = loadConfig({ JWT_SECRET: `${LOCAL_JWT_SECRET}-other` });
    expect(await resolveCaller(withAuth(`Bearer ${LOCAL_ANON_KEY}`), other)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('refuses a token once it has expired, though it was accepted before', async () => {
    const exp = Math.floor(Date.now() / 1000) + 1;
    const token = await signJwt({ role: 'authenticated', sub: 'u', exp }, LOCAL_JWT_SECRET);
    expect(await resolveCaller(withAuth(`Bearer ${token}`), config)).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 1100));
    expect(await resolveCaller(withAuth(`Bearer ${token}`), config)).toMatchObject({ ok: false });
  });

  it('takes an access token signed with the key ring (ES256, kid), the same on repeated use', async () => {
    const memory = loadConfig({ DATA_DIR: ':memory:' });
    const token = await signAccessJwt(memory, { role: 'authenticated', sub: 'u', exp: Math.floor(Date.now() / 1000) + 60 });
    for (let i = 0; i < 2; i++) {
      expect(await resolveCaller(withAuth(`Bearer ${token}`), memory)).toMatchObject({ ok: true, claims: { role: 'authenticated', sub: 'u' } });
    }
  });

  it('refuses an ES256 token under the ring kid but another key, and a ring token under other keys', async () => {
    const memory = loadConfig({ DATA_DIR: ':memory:' });
    const { signing } = await loadKeyRing(memory);
    const claims = { role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 };
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await signJwtWithKey(claims, { ...signing, privateKey });
    expect(await resolveCaller(withAuth(`Bearer ${forged}`), memory)).toMatchObject({ ok: false, reason: 'invalid' });
    // A token accepted under one key set is not taken from the cache for a config trusting other keys.
    const genuine = await signJwtWithKey(claims, signing);
    expect(await resolveCaller(withAuth(`Bearer ${genuine}`), memory)).toMatchObject({ ok: true });
    const elsewhere = loadConfig({ JWT_SIGNING_KEYS: JSON.stringify([await generateSigningJwk()]) });
    expect(await resolveCaller(withAuth(`Bearer ${genuine}`), elsewhere)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('refuses a malformed Authorization header', async () => {
    expect(await resolveCaller(withAuth('Basic abc'), config)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await resolveCaller(withAuth('Bearer a b'), config)).toMatchObject({ ok: false, reason: 'invalid' });
  });
});

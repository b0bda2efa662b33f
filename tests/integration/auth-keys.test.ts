/**
 * Asymmetric signing keys (issue 14, ADR 0020; fixture: schemas/auth_keys.sql). Access tokens are
 * ES256 with a `kid`, /auth/v1/.well-known/jwks.json publishes the public key, and REST, storage,
 * functions and /auth/v1 accept them beside the HS256 tokens made with the JWT secret (the anon
 * and service_role keys). supabase-js' getClaims() verifies locally from the JWKS.
 */
import { createPublicKey } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT, createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, type JWK } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { anonClient, anonKey, apiUrl, createConfirmedUser, serviceClient, tokenClient, type SignedIn } from './support.ts';

const SITE = 'http://localhost:5173';
/**
 * A checkout for another user than the token's: the function gets past the gateway's JWT check,
 * asks /auth/v1/user who the token is, and refuses with 400 — proof the token worked twice.
 */
const checkoutForSomeoneElse = {
  userId: '00000000-0000-4000-8000-000000000000',
  email: null,
  items: [{ variantId: '00000000-0000-4000-8000-000000000001', qty: 1 }],
  successUrl: `${SITE}/orders`,
  cancelUrl: `${SITE}/cart`,
};
const JWKS_PATH = '/auth/v1/.well-known/jwks.json';
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** The JWKS as any client fetches it: a plain GET, no apikey (hosted's gateway leaves it open). */
async function fetchJwks(): Promise<{ status: number; cacheControl: string | null; keys: (JWK & { kid: string })[] }> {
  const res = await fetch(`${apiUrl()}${JWKS_PATH}`);
  return { status: res.status, cacheControl: res.headers.get('cache-control'), keys: (await res.json()).keys };
}

const whoami = async (client: SupabaseClient) => client.schema('auth_keys').rpc('whoami');

/** A supabase-js client whose every request is counted by path (to prove getClaims makes none to /user). */
function countingClient() {
  const calls: string[] = [];
  const client = createClient(apiUrl(), anonKey(), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: (input, init) => {
        calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        return fetch(input, init);
      },
    },
  });
  return { client, count: (path: string) => calls.filter((p) => p === path).length };
}

const unsigned = (claims: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

let user: SignedIn & { email: string; password: string };
let jwks: Awaited<ReturnType<typeof fetchJwks>>;

beforeAll(async () => {
  user = await createConfirmedUser();
  jwks = await fetchJwks();
});

describe('ES256 access tokens and the JWKS', () => {
  it('signs the session with ES256 and the kid of a published key', () => {
    const header = decodeProtectedHeader(user.session.access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
  });

  it('publishes public keys only, open without an apikey, cached like hosted (10 minutes)', () => {
    expect(jwks.status).toBe(200);
    expect(jwks.cacheControl).toBe('public, max-age=600');
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'] });
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) expect(key).not.toHaveProperty(member);
    }
  });

  it('the published set alone verifies the access token (jose, as any backend would)', async () => {
    const { payload } = await jwtVerify(user.session.access_token, createLocalJWKSet({ keys: jwks.keys }), { algorithms: ['ES256'] });
    expect(payload).toMatchObject({ sub: user.user.id, role: 'authenticated', aud: 'authenticated', email: user.email });
  });
});

describe('every service accepts the ES256 token', () => {
  it('REST runs as the user', async () => {
    const { data, error } = await whoami(user.client);
    expect(error).toBeNull();
    expect(data).toEqual({ role: 'authenticated', sub: user.user.id });
  });

  it('/auth/v1/user answers the user', async () => {
    const { data, error } = await user.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.user.id);
  });

  it('storage lets the user in', async () => {
    const { data, error } = await user.client.storage.listBuckets();
    expect(error).toBeNull();
    expect(Array.isArray(data)).toBe(true);
  });

  it('a function with verify_jwt runs, and sees the user behind the token', async () => {
    const { error } = await user.client.functions.invoke('create-checkout-session', { body: checkoutForSomeoneElse });
    const res = (error as { context?: Response } | null)?.context;
    expect(res?.status).toBe(400);
    expect(await res?.json()).toMatchObject({ error: 'userId does not match the signed-in user' });
  });
});

describe('supabase.auth.getClaims()', () => {
  it('verifies the ES256 session locally: no call to /user, the JWKS fetched at most once', async () => {
    const { client, count } = countingClient();
    const signIn = await client.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error).toBeNull();
    for (let i = 0; i < 3; i++) {
      const { data, error } = await client.auth.getClaims();
      expect(error).toBeNull();
      expect(data?.header).toMatchObject({ alg: 'ES256' });
      expect(data?.claims).toMatchObject({ sub: user.user.id, role: 'authenticated', session_id: expect.any(String) });
    }
    expect(count('/auth/v1/user')).toBe(0);
    expect(count(JWKS_PATH)).toBeLessThanOrEqual(1);
  });

  it('refuses a token whose ES256 signature is not the server key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const kid = decodeProtectedHeader(user.session.access_token).kid as string;
    const forged = await new SignJWT({ sub: user.user.id, role: 'authenticated', exp: inAnHour() }).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey);
    const { data, error } = await anonClient().auth.getClaims(forged);
    expect(data).toBeNull();
    expect(error?.message).toBe('Invalid JWT signature');
  });

  it('with an HS256 token falls back to getUser, as supabase-js does', async () => {
    const { client, count } = countingClient();
    const token = await new SignJWT({ sub: user.user.id, role: 'authenticated', aud: 'authenticated', email: user.email, exp: inAnHour() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(inject('jwtSecret')));
    const { data, error } = await client.auth.getClaims(token);
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(user.user.id);
    expect(count('/auth/v1/user')).toBe(1);
  });
});

describe('HS256 tokens made with the JWT secret keep working', () => {
  it('the anon and service_role keys reach REST with their roles', async () => {
    expect((await whoami(anonClient())).data).toEqual({ role: 'anon', sub: null });
    expect((await whoami(serviceClient())).data).toEqual({ role: 'service_role', sub: null });
  });

  it('the service_role key still opens the admin API', async () => {
    const { data, error } = await serviceClient().auth.admin.getUserById(user.user.id);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email);
  });

  it('an HS256 user token reaches REST, /user and a verify_jwt function', async () => {
    const token = await new SignJWT({ sub: user.user.id, role: 'authenticated', aud: 'authenticated', email: user.email, exp: inAnHour() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(inject('jwtSecret')));
    const client = tokenClient(token);
    expect((await whoami(client)).data).toEqual({ role: 'authenticated', sub: user.user.id });
    expect((await client.auth.getUser(token)).data.user?.id).toBe(user.user.id);
    const { error } = await client.functions.invoke('create-checkout-session', { body: checkoutForSomeoneElse });
    const res = (error as { context?: Response } | null)?.context;
    expect(res?.status).toBe(400);
    expect(await res?.json()).toMatchObject({ error: 'userId does not match the signed-in user' });
  });
});

describe('forged tokens are refused everywhere, with the answers a bad token always got', () => {
  const claims = () => ({ sub: user.user.id, role: 'service_role', aud: 'authenticated', exp: inAnHour() });
  const serverKid = () => decodeProtectedHeader(user.session.access_token).kid as string;
  const publicPem = () => createPublicKey({ key: jwks.keys[0], format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
  const hmacWith = (secret: string) => new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: serverKid(), typ: 'JWT' }).sign(new TextEncoder().encode(secret));

  const forgeries: [string, () => Promise<string>][] = [
    [
      'ES256 signed by another key under the server kid',
      async () => new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', kid: serverKid(), typ: 'JWT' }).sign((await generateKeyPair('ES256')).privateKey),
    ],
    [
      'ES256 with a kid the server does not have',
      async () => new SignJWT(claims()).setProtectedHeader({ alg: 'ES256', kid: 'not-a-server-key', typ: 'JWT' }).sign((await generateKeyPair('ES256')).privateKey),
    ],
    [
      'the real ES256 token with its payload swapped for service_role',
      async () => {
        const [header, , signature] = user.session.access_token.split('.');
        return `${header}.${Buffer.from(JSON.stringify(claims())).toString('base64url')}.${signature}`;
      },
    ],
    ['alg none', async () => unsigned(claims())],
    ['HS256 keyed with the public key as PEM (algorithm confusion)', async () => hmacWith(publicPem())],
    ['HS256 keyed with the published JWK (algorithm confusion)', async () => hmacWith(JSON.stringify(jwks.keys[0]))],
  ];

  it.each(forgeries)('%s', async (_name, forge) => {
    const token = await forge();
    const client = tokenClient(token);

    const rest = await whoami(client);
    expect([rest.status, rest.error?.code]).toEqual([401, 'PGRST301']);

    const auth = await anonClient().auth.getUser(token);
    expect(auth.data.user).toBeNull();
    expect([auth.error?.status, auth.error?.code]).toEqual([403, 'bad_jwt']);

    const storage = await client.storage.listBuckets();
    expect(storage.data).toBeNull();
    expect(storage.error).toMatchObject({ status: 400 });

    const fn = await client.functions.invoke('create-checkout-session', { body: {} });
    const res = (fn.error as { context?: Response } | null)?.context;
    expect(res?.status).toBe(401);
    expect(await res?.json()).toEqual({ msg: 'Invalid JWT' });

    const admin = await client.auth.admin.listUsers();
    expect(admin.error?.status).toBe(403);
  });
});

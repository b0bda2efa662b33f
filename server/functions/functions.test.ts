import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../start.ts';
import { signJwt } from '../jwt.ts';
import type { ApiRequest } from '../http.ts';
import type { Module } from '../context.ts';
import { createFunctions } from './index.ts';
import { parseVerifyJwt } from './function-settings.ts';

let backend: Backend;
let functions: Module;

const fixtures = join(import.meta.dirname, 'fixtures');

function request(method: string, path: string, headers: Record<string, string> = {}, body = ''): ApiRequest {
  const url = new URL(`http://localhost/functions/v1${path}`);
  return { method, url, path: url.pathname.slice('/functions/v1'.length), headers, ip: '127.0.0.1', body: async () => Buffer.from(body) };
}

const parse = (body: string | Uint8Array | undefined) => JSON.parse(Buffer.from(body ?? '').toString('utf8'));

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, stripeWebhookSecret: 'whsec_runner_test' }, seed: false });
  functions = createFunctions(backend.api.context, {
    functionsDir: join(fixtures, 'functions'),
    configPath: join(fixtures, 'config.toml'),
    env: { STRIPE_API_BASE: 'http://127.0.0.1:1' },
  });
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

describe('the functions runner', () => {
  it('runs a function with its subpath, query, body and environment', async () => {
    const res = await functions.handle(
      request('POST', '/echo/orders/42?x=1', { authorization: `Bearer ${backend.config.anonKey}`, 'content-type': 'application/json' }, '{"a":1}'),
    );
    expect(res.status).toBe(201);
    expect(res.headers?.['x-echo']).toBe('yes');
    expect(parse(res.body)).toEqual({
      method: 'POST',
      path: '/echo/orders/42',
      search: '?x=1',
      body: '{"a":1}',
      authorization: `Bearer ${backend.config.anonKey}`,
      supabaseUrl: backend.api.url,
      siteUrl: backend.config.siteUrl,
      stripeApiBase: 'http://127.0.0.1:1',
    });
  });

  it('demands a valid project JWT where verify_jwt is on (the default)', async () => {
    const missing = await functions.handle(request('POST', '/echo'));
    expect([missing.status, parse(missing.body)]).toEqual([401, { msg: 'Missing authorization header' }]);
    const forged = await signJwt({ role: 'anon' }, 'another-secret-that-is-at-least-32-characters');
    for (const authorization of [`Bearer ${forged}`, 'Bearer nonsense', 'Basic abc']) {
      const res = await functions.handle(request('POST', '/echo', { authorization }));
      expect([res.status, parse(res.body)]).toEqual([401, { msg: 'Invalid JWT' }]);
    }
    const expired = await signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 60 }, backend.config.jwtSecret);
    expect((await functions.handle(request('POST', '/echo', { authorization: `Bearer ${expired}` }))).status).toBe(401);
  });

  it('lets anyone call a function with verify_jwt = false', async () => {
    const res = await functions.handle(request('GET', '/open-echo'));
    expect(res.status).toBe(201);
    expect(parse(res.body).method).toBe('GET');
  });

  it.each(['/nope', '/Echo', '/_shared', '/..', '/echo%2F..', '/', '/e cho'])('answers 404 for the unknown or invalid function %s', async (path) => {
    const res = await functions.handle(request('POST', path, { authorization: `Bearer ${backend.config.anonKey}` }));
    expect(res.status).toBe(404);
    expect(parse(res.body)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 500 with the worker error when a handler throws or exports no createHandler', async () => {
    for (const name of ['crash', 'no-export']) {
      const res = await functions.handle(request('POST', `/${name}`));
      expect(res.status).toBe(500);
      expect(parse(res.body)).toEqual({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
    }
  });
});

describe('mounted at /functions/v1 with the project functions', () => {
  it('answers the CORS preflight and applies supabase/config.toml', async () => {
    const preflight = await fetch(`${backend.api.url}/functions/v1/create-checkout-session`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const noJwt = await fetch(`${backend.api.url}/functions/v1/create-checkout-session`, { method: 'POST', body: '{}' });
    expect(noJwt.status).toBe(401);
    const webhook = await fetch(`${backend.api.url}/functions/v1/stripe-webhook`, { method: 'POST', body: '{}' });
    expect(webhook.status).toBe(400);
    expect(await webhook.json()).toEqual({ error: 'Webhook signature verification failed: Missing Stripe-Signature header' });
  });
});

describe('reading verify_jwt from config.toml', () => {
  it('reads [functions.<name>] tables only', () => {
    const settings = parseVerifyJwt(`
[functions.a]
verify_jwt = false
[functions."b-2"]
verify_jwt = true # comment
[auth]
verify_jwt = false
[functions.c]
`);
    expect([...settings]).toEqual([
      ['a', false],
      ['b-2', true],
    ]);
  });
});

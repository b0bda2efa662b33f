import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../start.ts';

let backend: Backend;

/** A raw HTTP request (fetch may not set Host), answered with status, headers and body. */
function call(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(path, backend.api.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const to = `access-${Date.now().toString(36)}@example.com`;
const outbox = `/_dev/mail?format=json&to=${encodeURIComponent(to)}`;

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, devRoutes: true, housekeepingMs: 0 }, seed: false });
  await backend.api.context.mailer.send({ to, subject: 'Reset your password', text: 'http://localhost/auth/v1/verify?token=secret', html: '' });
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('/_dev routes are off unless asked', () => {
  it('are not served by a backend started without devRoutes', async () => {
    const closed = await startBackend({ env: {}, config: { dataDir: undefined, apiPort: 0, housekeepingMs: 0 }, seed: false });
    try {
      for (const path of ['/_dev/mail?format=json', '/_dev/geo', '/_dev/checkout/cs_local_x']) expect((await fetch(`${closed.api.url}${path}`)).status).toBe(404);
    } finally {
      await closed.stop();
    }
  }, 120_000);
});

describe('reading the mail outbox', () => {
  it('works for a caller on this machine, and gives other origins no CORS header to read it with', async () => {
    const res = await call('GET', outbox, { origin: 'https://evil.example' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual([expect.objectContaining({ to, subject: 'Reset your password' })]);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await call('OPTIONS', outbox, { origin: 'https://evil.example', 'access-control-request-method': 'GET' });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    ['X-Forwarded-For (a reverse proxy passing on a visitor)', { 'x-forwarded-for': '203.0.113.7' }],
    ['Forwarded', { forwarded: 'for=203.0.113.7' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.7' }],
    ['a Host that is not this machine (DNS rebinding)', { host: 'evil.example:54321' }],
  ])('is refused with %s and no key', async (_what, headers) => {
    const res = await call('GET', outbox, headers);
    expect(res.status).toBe(401);
    expect(res.body).not.toContain('token=secret');
    expect((await call('DELETE', '/_dev/mail', headers)).status).toBe(401);
  });

  it.each([
    ['the anon key', () => ({ apikey: backend.config.anonKey })],
    ['a wrong bearer', () => ({ authorization: 'Bearer nope' })],
  ])('is refused behind a proxy with %s', async (_what, headers) => {
    expect((await call('GET', outbox, { 'x-forwarded-for': '203.0.113.7', ...headers() })).status).toBe(401);
  });

  it.each([
    ['apikey', () => ({ apikey: backend.config.serviceRoleKey })],
    ['bearer', () => ({ authorization: `Bearer ${backend.config.serviceRoleKey}` })],
  ])('works behind a proxy with the service-role key as %s', async (_what, headers) => {
    const res = await call('GET', outbox, { 'x-forwarded-for': '203.0.113.7', ...headers() });
    expect(res.status).toBe(200);
    expect(res.body).toContain('token=secret');
  });
});

describe('CORS', () => {
  it('stays on /_dev/geo, which the storefront on :5173 fetches cross-origin, and on the API', async () => {
    expect((await call('GET', '/_dev/geo', { origin: 'http://localhost:5173' })).headers['access-control-allow-origin']).toBe('*');
    expect((await call('OPTIONS', '/_dev/geo', { origin: 'http://localhost:5173' })).headers['access-control-allow-origin']).toBe('*');
    expect((await call('GET', '/auth/v1/health', { origin: 'http://localhost:5173' })).headers['access-control-allow-origin']).toBe('*');
  });

  it('is off for the local checkout page, which is navigated to, not fetched', async () => {
    const res = await call('GET', '/_dev/checkout/cs_local_none', { origin: 'https://evil.example' });
    expect(res.status).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

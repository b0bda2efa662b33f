import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from './fixtures/rawGet.ts';
import { parseTrustedProxies } from './proxy.ts';
import { startWebServer, type WebServer } from './web.ts';

let web: WebServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'npng-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  web = await startWebServer({ dir, port: 0, host: '127.0.0.1' });
});
afterAll(() => web.close());

describe('storefront static server', () => {
  it('answers client routes (known or not) with index.html, revalidated', async () => {
    for (const path of ['/', '/shop/some-slug', '/no-such-page', '/auth?tab=signup']) {
      const res = await fetch(`${web.url}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long immutable cache and nosniff', async () => {
    const res = await fetch(`${web.url}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses methods other than GET and HEAD without touching anything', async () => {
    const res = await fetch(`${web.url}/`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('does not serve files outside dist', async () => {
    const res = await fetch(`${web.url}/..%2f..%2fetc%2fpasswd`);
    expect(await res.text()).not.toContain('root:');
  });

  it('refuses to start without a build', async () => {
    await expect(startWebServer({ dir: join(dir, 'assets'), port: 0, host: '127.0.0.1' })).rejects.toThrow(/npm run build/);
  });
});

describe('browser hardening (server-rendered storefront)', () => {
  const LOADER = "console.log('loader')";
  const loaderHash = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;
  let ssr: WebServer;
  let ssrDir: string;

  beforeAll(async () => {
    ssrDir = mkdtempSync(join(tmpdir(), 'npng-web-ssr-'));
    mkdirSync(join(ssrDir, 'assets'));
    mkdirSync(join(ssrDir, 'server'));
    writeFileSync(
      join(ssrDir, 'index.html'),
      `<!doctype html><html lang="en"><head><link rel="preconnect" href="https://api.example.test" crossorigin=""><script>${LOADER}</script></head><body><div id="root"></div></body></html>`,
    );
    writeFileSync(join(ssrDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(
      join(ssrDir, 'server', 'entry-server.js'),
      `export async function render({ url }) {
        return { status: url.startsWith('/missing') ? 404 : 200, locale: 'en', html: '<p>rendered</p>', state: '<script type="application/json" id="npng-first-screen">{"locale":"en","snapshots":{}}</script>' };
      }`,
    );
    ssr = await startWebServer({
      dir: ssrDir,
      port: 0,
      host: '127.0.0.1',
      apiUrl: 'http://localhost:54321/',
      geoUrl: 'https://geo.example.test/country/',
      trustedProxies: parseTrustedProxies('127.0.0.1'),
    });
  });
  afterAll(() => ssr.close());

  it("sends a strict Content-Security-Policy with a rendered page: scripts from 'self' and the inline loader's hash only", async () => {
    const res = await fetch(`${ssr.url}/`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<p>rendered</p>');
    expect(res.headers.get('content-security-policy')).toBe(
      [
        "default-src 'self'",
        `script-src 'self' ${loaderHash}`,
        "style-src 'self'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data: blob: https://api.example.test http://localhost:54321",
        "font-src 'self'",
        "connect-src 'self' https://api.example.test http://localhost:54321 https://geo.example.test",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Plain HTTP from a client: no HSTS (it would pin a laptop's localhost to HTTPS).
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends the same headers with static files, 404 pages, missing files and refused methods', async () => {
    const expected = (await fetch(`${ssr.url}/`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy');
    const answers = await Promise.all([
      fetch(`${ssr.url}/assets/index-abc123.js`),
      fetch(`${ssr.url}/missing-page`, { headers: { accept: 'text/html' } }),
      fetch(`${ssr.url}/assets/no-such-file.js`),
      fetch(`${ssr.url}/`, { method: 'POST', body: 'x' }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 404, 404, 405]);
    for (const res of answers) {
      expect(res.headers.get('content-security-policy')).toBe(expected);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    }
  });

  it('sends HSTS when a trusted proxy says the browser came over HTTPS, and only then', async () => {
    const secure = await fetch(`${ssr.url}/`, { headers: { accept: 'text/html', 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const asset = await fetch(`${ssr.url}/assets/index-abc123.js`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(asset.headers.get('strict-transport-security')).toBe('max-age=31536000');
    // The other server trusts no proxy: a client's own X-Forwarded-Proto changes nothing.
    const spoofed = await fetch(`${web.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
  });

  it('never sends the server bundle (dist/server/) to a browser, however the path is written', async () => {
    for (const path of [
      '/server/entry-server.js',
      '/server/',
      '//server/entry-server.js',
      '/assets/../server/entry-server.js',
      '/%73erver/entry-server.js',
      '/server%2Fentry-server.js',
    ]) {
      const res = await rawGet(ssr.url, path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('export async function render');
    }
  });
});

describe('browser hardening (plain index.html)', () => {
  it('sends the CSP and frame headers with the index.html fallback too', async () => {
    const res = await fetch(`${web.url}/some/client/route`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'self'; script-src 'self'; /);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

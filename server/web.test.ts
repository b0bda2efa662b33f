import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bypassReason, keepCookies, pageKey } from './pageCache.ts';
import { clockVersions } from './rest/answer-cache.ts';
import { startWebServer } from './web.ts';

/**
 * A fake server bundle: renders the URL, language and a render counter (so a fresh render differs
 * from a kept one), waits `globalThis.__renderDelay` ms, and says `complete: false` for /incomplete.
 */
const BUNDLE = `
export const PAGE_COOKIES = ['npng.lang'];
export function pageLocale(request) {
  globalThis.__keyed++;
  return locale(request);
}
function locale({ url, cookie, acceptLanguage }) {
  const param = new URL(url, 'http://x').searchParams.get('lang');
  const stored = /(?:^|; )npng\\.lang=(\\w+)/.exec(cookie ?? '')?.[1];
  const browser = (acceptLanguage ?? '').slice(0, 2);
  return [param, stored, browser].find((l) => l === 'de' || l === 'en') ?? 'en';
}
export async function render(request) {
  const n = ++globalThis.__renders;
  globalThis.__seen.push(request);
  await new Promise((r) => setTimeout(r, globalThis.__renderDelay ?? 0));
  // Held until this many requests were keyed (each then waits for a render or starts one).
  for (let waited = 0; globalThis.__keyed < (globalThis.__holdUntilKeyed ?? 0) && waited < 10000; waited += 5) await new Promise((r) => setTimeout(r, 5));
  globalThis.__during?.();
  const language = locale(request);
  return { status: request.url.startsWith('/missing') ? 404 : 200, locale: language, complete: !request.url.startsWith('/incomplete'), html: '<p>' + request.url + ' ' + language + ' #' + n + '</p>', state: '' };
}`;

const g = globalThis as unknown as { __renders: number; __keyed: number; __holdUntilKeyed?: number; __seen: { cookie?: string }[]; __renderDelay?: number; __during?: () => void };
const API = 'http://localhost:54321';

function distDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'npng-pagecache-'));
  mkdirSync(join(dir, 'server'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><link rel="preconnect" href="${API}" crossorigin=""></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(dir, 'server', 'entry-server.js'), BUNDLE);
  return dir;
}

let dir: string;
beforeAll(() => {
  dir = distDir();
});
afterEach(() => {
  g.__renderDelay = 0;
  g.__holdUntilKeyed = 0;
  g.__during = undefined;
});

/** A web server over the fake bundle with a hand-moved write clock as the data's versions. */
async function setup(opts: { entries?: number; bytes?: number; apiUrl?: string; noFreshness?: boolean } = {}) {
  g.__renders = 0;
  g.__keyed = 0;
  g.__seen = [];
  const clock = { generation: 0, writing: 0 };
  const web = await startWebServer({
    dir,
    port: 0,
    host: '127.0.0.1',
    apiUrl: opts.apiUrl ?? API,
    freshness: opts.noFreshness ? undefined : { versions: clockVersions(clock), volatile: async () => false },
    pageCache: { bytes: opts.bytes ?? 1 << 20, entries: opts.entries ?? 100 },
  });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${web.url}${path}`, { headers: { accept: 'text/html', ...headers } });
    const body = await res.text();
    return { status: res.status, body, cache: res.headers.get('x-page-cache'), etag: res.headers.get('etag'), cacheControl: res.headers.get('cache-control') };
  };
  return { web, clock, get, renders: () => g.__renders };
}

let close: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(close.map((c) => c()));
  close = [];
});
async function started(opts: Parameters<typeof setup>[0] = {}) {
  const s = await setup(opts);
  close.push(s.web.close);
  return s;
}

describe('page cache: keys and what bypasses it', () => {
  it('keys on the language the renderer decides, not on the raw headers', async () => {
    const { get, renders } = await started();
    const first = await get('/shop', { 'accept-language': 'de-DE,de;q=0.9' });
    expect(first).toMatchObject({ status: 200, cache: 'miss' });
    expect(first.body).toContain('/shop de #1');
    // Another Accept-Language that decides the same language: the same page.
    expect(await get('/shop', { 'accept-language': 'de' })).toMatchObject({ cache: 'hit', body: first.body });
    // The cookie or ?lang decide another language: another page.
    expect((await get('/shop', { 'accept-language': 'de', cookie: 'npng.lang=en' })).body).toContain('/shop en #2');
    expect((await get('/shop?lang=en')).body).toContain('/shop?lang=en en #3');
    // The query as sent is part of the key.
    expect((await get('/shop?category=tops')).cache).toBe('miss');
    expect(renders()).toBe(4);
  });

  it('gives the renderer only the cookies it reads, and other cookies share the page', async () => {
    const { get } = await started();
    await get('/', { cookie: 'theme=dark; npng.lang=de; _ga=1' });
    expect(g.__seen.at(-1)?.cookie).toBe('npng.lang=de');
    expect((await get('/', { cookie: 'npng.lang=de; other=2' })).cache).toBe('hit');
  });

  it('never answers from or fills the cache for a request with credentials', async () => {
    const { get, renders } = await started();
    await get('/cart');
    expect((await get('/cart', { cookie: 'sb-127-auth-token=abc' })).cache).toBe('bypass');
    expect((await get('/cart', { cookie: 'sb-localhost-auth-token.0=abc' })).cache).toBe('bypass');
    expect((await get('/cart', { authorization: 'Bearer x' })).cache).toBe('bypass');
    expect(renders()).toBe(4);
    expect(bypassReason({ cookie: 'npng.lang=de; _ga=1' })).toBeUndefined();
    expect(bypassReason({ cookie: 'npng.lang=de; my_session=1' })).toBe('session cookie');
    expect(keepCookies('a=1; npng.lang=de; b=2', ['npng.lang'])).toBe('npng.lang=de');
    expect(keepCookies('a=1', ['npng.lang'])).toBeUndefined();
    expect(pageKey('b1', { url: '/' }, 'en')).not.toBe(pageKey('b2', { url: '/' }, 'en'));
  });

  it('is off without the backend versions, and when the build reads from another API', async () => {
    const alone = await started({ noFreshness: true });
    await alone.get('/');
    expect((await alone.get('/')).cache).toBe('bypass');
    const elsewhere = await started({ apiUrl: 'https://other.example.test' });
    await elsewhere.get('/');
    expect((await elsewhere.get('/')).cache).toBe('bypass');
  });

  it('is off with PAGE_CACHE_BYTES=0', async () => {
    const { get } = await started({ bytes: 0 });
    await get('/');
    expect((await get('/')).cache).toBe('bypass');
  });
});

describe('page cache: freshness', () => {
  it('renders again once the data version moved', async () => {
    const { get, clock, renders } = await started();
    expect((await get('/p')).body).toContain('#1');
    expect((await get('/p')).cache).toBe('hit');
    clock.generation++;
    const after = await get('/p');
    expect(after).toMatchObject({ cache: 'miss' });
    expect(after.body).toContain('#2');
    expect(renders()).toBe(2);
  });

  it('keeps no page rendered while a write was in flight, nor one a write started and ended during', async () => {
    const { get, clock, renders } = await started();
    clock.writing = 1;
    clock.generation++;
    expect((await get('/w')).cache).toBe('bypass');
    clock.writing = 0;
    clock.generation++;
    g.__during = () => {
      clock.generation += 2; // a whole write, start and end, during the render
    };
    expect((await get('/w')).cache).toBe('miss');
    g.__during = undefined;
    expect((await get('/w')).cache).toBe('miss');
    expect((await get('/w')).cache).toBe('hit');
    expect(renders()).toBe(3);
  });

  it('keeps no page whose data did not all arrive, but keeps 404 pages', async () => {
    const { get } = await started();
    await get('/incomplete');
    expect((await get('/incomplete')).cache).toBe('miss');
    expect((await get('/missing')).status).toBe(404);
    expect(await get('/missing')).toMatchObject({ status: 404, cache: 'hit' });
  });
});

describe('page cache: load and bounds', () => {
  it('renders 50 simultaneous misses for one page once', async () => {
    const { get, renders } = await started();
    g.__holdUntilKeyed = 50; // the render ends only once all 50 requests have arrived
    const pages = await Promise.all(Array.from({ length: 50 }, () => get('/drop')));
    expect(renders()).toBe(1);
    expect(new Set(pages.map((p) => p.body)).size).toBe(1);
    expect(pages.filter((p) => p.cache === 'miss')).toHaveLength(1);
    expect(pages.filter((p) => p.cache === 'shared')).toHaveLength(49);
  });

  it('keeps at most PAGE_CACHE_ENTRIES pages, least recently used go first', async () => {
    const { get } = await started({ entries: 2 });
    await get('/a');
    await get('/b');
    expect((await get('/a')).cache).toBe('hit'); // /a used last: /b is the oldest now
    await get('/c');
    expect((await get('/b')).cache).toBe('miss');
    expect((await get('/c')).cache).toBe('hit');
  });

  it('keeps no page larger than PAGE_CACHE_BYTES', async () => {
    const { get } = await started({ bytes: 100 });
    await get('/big');
    expect((await get('/big')).cache).toBe('miss');
  });
});

describe('page cache: validators and encodings', () => {
  it('answers If-None-Match with 304 from the cache, and sends the kept gzip or plain body', async () => {
    const { get, web } = await started();
    const first = await get('/e');
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(first.cacheControl).toBe('no-cache');
    const revalidated = await fetch(`${web.url}/e`, { headers: { accept: 'text/html', 'if-none-match': `"other", ${first.etag}` } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('x-page-cache')).toBe('hit');
    // fetch asks for gzip and decodes it; a raw request for both encodings gets the same page.
    const zipped = await rawBody(web.url, '/e', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(zipped.encoding).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(first.body);
    const plain = await rawBody(web.url, '/e', { accept: 'text/html' });
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(first.body);
  });
});

async function rawBody(url: string, path: string, headers: Record<string, string>): Promise<{ encoding?: string; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { IMAGE_WIDTHS } from '../../src/ui/images.ts';
import { type ApiRequest, type ApiResponse, HttpError } from '../http.ts';
import { hexToRgb, productImagePng } from '../seed/images.ts';
import { type Backend, startBackend } from '../start.ts';
import { createStorage, renderCacheDir } from './index.ts';
import { DEFAULT_WIDTH_LADDER, type Transform } from './transform.ts';

/** The image-transformation endpoint against a real backend (in-memory PGlite, real sharp). */
let backend: Backend;
let service: SupabaseClient;
let product: Buffer;

const render = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${backend.api.url}/storage/v1/render/image/${path}`, { headers: { accept: 'image/webp,*/*', ...headers } });
const imageOf = async (res: Response) => {
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return { type: res.headers.get('content-type'), size: `${meta.width}x${meta.height}`, format: meta.format, bytes };
};
const cacheFiles = () => {
  const root = renderCacheDir(backend.api.context.storageDir);
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else files.push(join(dir, entry.name));
    }
  };
  walk(root);
  return files.sort();
};

/** A 74-byte PNG that claims 20000 × 20000 pixels (400 MP): a decompression bomb's shape. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

beforeAll(async () => {
  // Exact sizes, as imgproxy makes them: no width ladder here (its own tests below turn it on).
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, imageWidths: [] }, seed: false });
  await backend.db.exec(`
    insert into storage.buckets (id, name, public, allowed_mime_types)
      values ('r-images', 'r-images', true, array['image/jpeg','image/png','image/webp']),
             ('r-any', 'r-any', true, null),
             ('r-private', 'r-private', false, null);
  `);
  service = createClient(backend.api.url, backend.config.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  product = productImagePng({ silhouette: 'hoodie', colour: hexToRgb('#5b6237'), n: 1 });
  const uploads: [string, string, Buffer, string][] = [
    ['r-images', 'p/1.png', product, 'image/png'],
    ['r-any', 'notes.txt', Buffer.from('plain text, not an image'), 'text/plain'],
    ['r-any', 'garbage.png', Buffer.concat([product.subarray(0, 8), Buffer.from('garbage behind a PNG signature')]), 'image/png'],
    ['r-any', 'truncated.png', product.subarray(0, 300), 'image/png'],
    ['r-any', 'bomb.png', pngBomb(), 'image/png'],
    ['r-private', 'secret.png', product, 'image/png'],
  ];
  for (const [bucket, name, bytes, contentType] of uploads) {
    const { error } = await service.storage.from(bucket).upload(name, bytes, { contentType, cacheControl: '600' });
    expect(error, `${bucket}/${name}`).toBeNull();
  }
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

describe('resizing, as Supabase (imgproxy) does it', () => {
  it.each([
    ['width=320', '320x400'],
    ['height=250', '200x250'],
    ['width=400&height=300', '400x300'],
    ['width=400&height=300&resize=cover', '400x300'],
    ['width=400&height=300&resize=contain', '240x300'],
    ['width=400&height=300&resize=fill', '400x300'],
    ['width=1200', '800x1000'],
    ['width=900&height=300', '800x300'],
    ['width=900&height=300&resize=contain', '240x300'],
    ['quality=50', '800x1000'],
  ])('%s → %s, never enlarged', async (query, size) => {
    const res = await render(`public/r-images/p/1.png?${query}`);
    expect(res.status).toBe(200);
    expect(await imageOf(res)).toMatchObject({ type: 'image/webp', format: 'webp', size });
  });

  it('keeps the source format with format=origin or when the client does not take WebP; encodes AVIF when asked', async () => {
    expect(await imageOf(await render('public/r-images/p/1.png?width=160&format=origin'))).toMatchObject({ type: 'image/png', format: 'png', size: '160x200' });
    expect(await imageOf(await render('public/r-images/p/1.png?width=160', { accept: 'image/png,image/*;q=0.8' }))).toMatchObject({ type: 'image/png', size: '160x200' });
    expect(await imageOf(await render('public/r-images/p/1.png?width=160&format=avif'))).toMatchObject({ type: 'image/avif', format: 'heif', size: '160x200' });
    expect(await imageOf(await render('public/r-images/p/1.png?width=160&format=webp', { accept: 'image/png' }))).toMatchObject({ type: 'image/webp' });
  });

  it('sends the object’s Cache-Control, a strong ETag, Vary: Accept only when it negotiated, and 304 on If-None-Match', async () => {
    const res = await render('public/r-images/p/1.png?width=200');
    const etag = res.headers.get('etag') ?? '';
    expect([res.headers.get('cache-control'), res.headers.get('vary')]).toEqual(['max-age=600', 'Accept']);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(res.headers.get('content-length')).toBe(String((await res.arrayBuffer()).byteLength));
    const again = await render('public/r-images/p/1.png?width=200', { 'if-none-match': etag });
    expect([again.status, await again.text(), again.headers.get('etag')]).toEqual([304, '', etag]);
    const asPng = await render('public/r-images/p/1.png?width=200', { accept: 'image/png', 'if-none-match': etag });
    expect(asPng.status).toBe(200);
    expect(asPng.headers.get('etag')).not.toBe(etag);
    const explicit = await render('public/r-images/p/1.png?width=200&format=webp');
    expect(explicit.headers.get('vary')).toBeNull();
  });
});

describe('the variant cache', () => {
  const request = (pathAndQuery: string): ApiRequest => ({
    method: 'GET',
    url: new URL(`http://localhost/storage/v1${pathAndQuery}`),
    path: pathAndQuery.split('?')[0],
    headers: { accept: 'image/webp' },
    ip: '127.0.0.1',
    body: async () => Buffer.alloc(0),
  });

  it('encodes concurrent identical requests once and serves later ones from disk without encoding', async () => {
    let calls = 0;
    let started!: () => void;
    const encoding = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const webp = await sharp(product).resize({ width: 10 }).webp().toBuffer();
    const storage = createStorage(backend.api.context, {
      encoder: {
        name: 'held-for-the-test',
        encode: async () => {
          calls += 1;
          started();
          await released;
          return webp;
        },
      },
    });
    const path = '/render/image/public/r-images/p/1.png?width=10';
    const pending: Promise<ApiResponse>[] = [];
    for (let i = 0; i < 5; i++) pending.push(storage.handle(request(path)));
    await encoding;
    for (let i = 0; i < 3; i++) pending.push(storage.handle(request(path)));
    release();
    const answers = await Promise.all(pending);
    expect(calls).toBe(1);
    expect(storage.renderer.encodes).toBe(1);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    for (const a of answers) expect(Buffer.from(a.body as Uint8Array)).toEqual(webp);
    expect(answers.filter((a) => a.headers?.['x-render-cache'] === 'miss')).toHaveLength(1);

    const files = cacheFiles().filter((f) => readFileSync(f).equals(webp));
    expect(files).toHaveLength(1);
    const [file] = files;
    const mtime = statSync(file).mtimeMs;
    const later = await storage.handle(request(path));
    expect([later.status, later.headers?.['x-render-cache']]).toEqual([200, 'hit']);
    expect(calls).toBe(1);
    expect(statSync(file).mtimeMs).toBe(mtime);
  });

  it('serves a replaced object’s new bytes under a new ETag and drops the old version’s variants', async () => {
    const { error } = await service.storage.from('r-images').upload('swap.png', product, { contentType: 'image/png' });
    expect(error).toBeNull();
    const before = await render('public/r-images/swap.png?width=100');
    const etagBefore = before.headers.get('etag');
    expect((await imageOf(before)).size).toBe('100x125');
    const [{ version: oldVersion }] = (await backend.db.query<{ version: string }>(`select version from storage.objects where bucket_id = 'r-images' and name = 'swap.png'`)).rows;
    expect(cacheFiles().some((f) => f.includes(oldVersion))).toBe(true);

    const square = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#e11d2e' } })
      .png()
      .toBuffer();
    expect((await service.storage.from('r-images').update('swap.png', square, { contentType: 'image/png' })).error).toBeNull();
    const after = await render('public/r-images/swap.png?width=100', { 'if-none-match': etagBefore ?? '' });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etagBefore);
    expect((await imageOf(after)).size).toBe('100x100');
    expect(cacheFiles().some((f) => f.includes(oldVersion))).toBe(false);

    expect((await service.storage.from('r-images').remove(['swap.png'])).error).toBeNull();
    const gone = await render('public/r-images/swap.png?width=100');
    expect([gone.status, await gone.json()]).toEqual([404, { statusCode: '404', error: 'not_found', message: 'Object not found' }]);
    const etagOfGone = after.headers.get('etag') ?? '';
    expect((await render('public/r-images/swap.png?width=100', { 'if-none-match': etagOfGone })).status).toBe(404);
  });
});

describe('refusals: a clear 4xx, nothing cached, the server still answering', () => {
  it.each([
    ['notes.txt', /not an image that can be transformed/],
    ['garbage.png', /not a valid image/],
    ['truncated.png', /not a valid image/],
    ['bomb.png', /resolution is too big/],
  ])('an object that cannot be transformed (%s) → 422', async (name, message) => {
    const before = cacheFiles();
    const res = await render(`public/r-any/${name}?width=100`);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ statusCode: '422', error: 'InvalidRequest', message: expect.stringMatching(message) });
    expect(cacheFiles()).toEqual(before);
    expect((await render('public/r-images/p/1.png?width=64')).status).toBe(200);
  });

  it('a private bucket gets the same 404 as its object URL; the authenticated route reads it as the caller', async () => {
    const rendered = await render('public/r-private/secret.png?width=100');
    const object = await fetch(`${backend.api.url}/storage/v1/object/public/r-private/secret.png`);
    expect([rendered.status, await rendered.json()]).toEqual([object.status, await object.json()]);
    expect(object.status).toBe(404);
    const { data, error } = await service.storage.from('r-private').download('secret.png', { transform: { width: 100 } });
    expect(error).toBeNull();
    const meta = await sharp(Buffer.from(await (data as Blob).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([100, 125]);
    const noKey = await fetch(`${backend.api.url}/storage/v1/render/image/authenticated/r-private/secret.png?width=100`);
    expect(noKey.status).toBe(401);
  });

  it('answers other methods and unknown render paths with 404, like the rest of Storage', async () => {
    for (const [method, path] of [
      ['POST', 'image/public/r-images/p/1.png'],
      ['DELETE', 'image/public/r-images/p/1.png'],
      ['GET', 'video/public/r-images/p/1.png'],
      ['GET', 'image/signed/r-images/p/1.png'],
      ['GET', 'image/public/r-images'],
    ]) {
      const res = await fetch(`${backend.api.url}/storage/v1/render/${path}`, { method, headers: { apikey: backend.config.anonKey } });
      expect([400, 404], `${method} ${path} → ${res.status}`).toContain(res.status);
    }
  });
});

describe('bounded work: the width ladder, the queue and the per-client budget', () => {
  const request = (pathAndQuery: string, ip = '127.0.0.1'): ApiRequest => ({
    method: 'GET',
    url: new URL(`http://localhost/storage/v1${pathAndQuery}`),
    path: pathAndQuery.split('?')[0],
    headers: { accept: 'image/webp' },
    ip,
    body: async () => Buffer.alloc(0),
  });
  /** An encoder that records the widths it was asked for and answers a tiny WebP (after `hold`, when given). */
  const recording = (hold?: Promise<void>) => {
    const widths: (number | undefined)[] = [];
    const encoder = {
      name: `recording-${randomUUID()}`,
      encode: async (_source: Buffer, _type: string, transform: Transform) => {
        widths.push(transform.width);
        await hold;
        return sharp(product).resize({ width: 8 }).webp().toBuffer();
      },
    };
    return { widths, encoder };
  };

  it('width=301 and width=302 are one variant: both snap to 320, one encode', async () => {
    const { widths, encoder } = recording();
    const storage = createStorage(backend.api.context, { encoder, widths: DEFAULT_WIDTH_LADDER });
    const a = await storage.handle(request('/render/image/public/r-images/p/1.png?width=301'));
    const b = await storage.handle(request('/render/image/public/r-images/p/1.png?width=302'));
    expect([a.status, b.status, a.headers?.['x-render-cache'], b.headers?.['x-render-cache']]).toEqual([200, 200, 'miss', 'hit']);
    expect(b.headers?.etag).toBe(a.headers?.etag);
    expect(widths).toEqual([320]);
    expect(storage.renderer.encodes).toBe(1);
    // 1…2500 make at most the ladder's seven widths.
    for (const w of [1, 159, 161, 700, 801, 1201, 2500]) await storage.handle(request(`/render/image/public/r-images/p/1.png?width=${w}`));
    expect(widths).toEqual([320, 160, 240, 800, 1200]);
  });

  it('more encodes waiting than IMAGE_RENDER_QUEUE: 503 with Retry-After at once; the queued ones finish', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { widths, encoder } = recording(held);
    const storage = createStorage(backend.api.context, { encoder, concurrency: 1, queueLimit: 2, widths: [] });
    const pending = [10, 11, 12].map((w) => storage.handle(request(`/render/image/public/r-images/p/1.png?width=${w}`)));
    await vi.waitFor(() => expect([widths.length, storage.renderer.queued]).toEqual([1, 2]));
    const refused = await storage.handle(request('/render/image/public/r-images/p/1.png?width=13')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(HttpError);
    const { status, payload, headers } = refused as HttpError;
    expect([status, payload, headers]).toEqual([
      503,
      { statusCode: '503', error: 'SlowDown', message: 'Too many image transformations are waiting. Please try again in a few seconds.' },
      { 'retry-after': '5' },
    ]);
    release();
    expect((await Promise.all(pending)).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(widths.sort()).toEqual([10, 11, 12]);
  });

  it('a client past IMAGE_RENDER_RATE_LIMIT encodes gets 429 with Retry-After; cached variants and other clients are still served', async () => {
    const { encoder } = recording();
    const storage = createStorage(backend.api.context, { encoder, widths: [], rateLimit: { max: 2, windowMs: 60_000 } });
    const from = (w: number, ip: string) => storage.handle(request(`/render/image/public/r-images/p/1.png?width=${w}`, ip)).catch((e: unknown) => e as HttpError);
    expect((await from(20, '203.0.113.1')).status).toBe(200);
    expect((await from(21, '203.0.113.1')).status).toBe(200);
    const over = await from(22, '203.0.113.1');
    expect([over.status, (over as HttpError).headers]).toEqual([429, { 'retry-after': '60' }]);
    expect((over as HttpError).payload).toMatchObject({ statusCode: '429', error: 'too_many_requests' });
    expect((await from(20, '203.0.113.1')).status).toBe(200);
    expect((await from(22, '198.51.100.1')).status).toBe(200);
  });
});

describe('the width ladder', () => {
  it('is the storefront’s (src/ui/images.ts IMAGE_WIDTHS) by default', () => {
    expect(DEFAULT_WIDTH_LADDER).toEqual([...IMAGE_WIDTHS]);
    expect(backend.config.imageWidths).toEqual([]);
  });
});

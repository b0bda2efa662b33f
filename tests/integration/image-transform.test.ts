import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, anonClient, anonKey, apiUrl, serviceClient, signIn, sql } from './support';

/**
 * Storage's image-transformation endpoint, /storage/v1/render/image/…, through real HTTP against
 * the seeded backend: the URLs supabase-js builds for getPublicUrl(path, { transform }) and
 * hand-written ones, caching and revalidation, replacement and deletion, and every bad input.
 */
const BUCKET = 'product-images';
const WEBP_ACCEPT = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
let seeded: string; // a seeded product image, as stored: an 800 × 1000 PNG

const renderUrl = (path: string, query = '') => `${apiUrl()}/storage/v1/render/image/public/${BUCKET}/${path}${query ? `?${query}` : ''}`;
const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => fetch(url, { method, headers: { accept: WEBP_ACCEPT, ...headers } });

async function image(res: Response) {
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return { status: res.status, type: res.headers.get('content-type'), format: meta.format, width: meta.width, height: meta.height, bytes };
}

/** A GET whose path is sent byte for byte (fetch would normalise dot segments first). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(apiUrl());
    request({ host: url.hostname, port: url.port, path, headers: { apikey: anonKey(), accept: WEBP_ACCEPT } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const stillServing = async () => {
  const res = await get(renderUrl(seeded, 'width=48'));
  expect(res.status).toBe(200);
  await res.arrayBuffer();
};

beforeAll(async () => {
  const { data, error } = await anonClient().from('media').select('url').like('url', `%/${BUCKET}/%.png`).limit(1).single();
  expect(error).toBeNull();
  seeded = (data as { url: string }).url.split(`/object/public/${BUCKET}/`)[1];
  expect(seeded).toMatch(/^[0-9a-f-]{36}\/\d\.png$/);
});

describe('a seeded product image, resized on request', () => {
  it('width 320 is a WebP 320 px wide (aspect kept) when Accept allows WebP, with Vary: Accept', async () => {
    const res = await get(renderUrl(seeded, 'width=320'));
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(await image(res)).toMatchObject({ status: 200, type: 'image/webp', format: 'webp', width: 320, height: 400 });
  });

  it('format=origin keeps the PNG, and so does a client whose Accept has no WebP', async () => {
    expect(await image(await get(renderUrl(seeded, 'width=320&format=origin')))).toMatchObject({ status: 200, type: 'image/png', format: 'png', width: 320, height: 400 });
    expect(await image(await get(renderUrl(seeded, 'width=320'), { accept: 'image/png,image/*;q=0.8' }))).toMatchObject({ type: 'image/png', width: 320 });
  });

  it('height only, contain and fill, and never larger than the source', async () => {
    expect(await image(await get(renderUrl(seeded, 'height=240')))).toMatchObject({ width: 192, height: 240 });
    expect(await image(await get(renderUrl(seeded, 'width=320&height=320&resize=contain')))).toMatchObject({ width: 256, height: 320 });
    expect(await image(await get(renderUrl(seeded, 'width=320&height=320&resize=fill')))).toMatchObject({ width: 320, height: 320 });
    expect(await image(await get(renderUrl(seeded, 'width=320&height=320')))).toMatchObject({ width: 320, height: 320 });
    expect(await image(await get(renderUrl(seeded, 'width=2000')))).toMatchObject({ width: 800, height: 1000 });
  });

  it('answers the URL supabase-js getPublicUrl(path, { transform }) builds, and its authenticated download', async () => {
    const { publicUrl } = anonClient()
      .storage.from(BUCKET)
      .getPublicUrl(seeded, { transform: { width: 240, height: 240, resize: 'contain', quality: 60 } }).data;
    expect(publicUrl).toBe(renderUrl(seeded, 'width=240&height=240&resize=contain&quality=60'));
    expect(await image(await get(publicUrl))).toMatchObject({ status: 200, type: 'image/webp', width: 192, height: 240 });
    const origin = anonClient()
      .storage.from(BUCKET)
      .getPublicUrl(seeded, { transform: { width: 160, format: 'origin' } }).data.publicUrl;
    expect(await image(await get(origin))).toMatchObject({ type: 'image/png', width: 160, height: 200 });
    const { data, error } = await anonClient()
      .storage.from(BUCKET)
      .download(seeded, { transform: { width: 240 } });
    expect(error).toBeNull();
    const meta = await sharp(Buffer.from(await (data as Blob).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([240, 300]);
  });

  it('HEAD gives the GET’s headers without a body', async () => {
    const head = await get(renderUrl(seeded, 'width=320'), {}, 'HEAD');
    const full = await get(renderUrl(seeded, 'width=320'));
    expect(head.status).toBe(200);
    for (const name of ['content-type', 'content-length', 'etag', 'cache-control', 'vary']) expect(head.headers.get(name), name).toBe(full.headers.get(name));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('caching', () => {
  it('encodes a variant once: the second request is served from the cache with the same bytes and ETag', async () => {
    const url = renderUrl(seeded, 'width=317&quality=71');
    const first = await get(url);
    const second = await get(url);
    expect([first.headers.get('x-render-cache'), second.headers.get('x-render-cache')]).toEqual(['miss', 'hit']);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
  });

  it('requested widths snap to the storefront’s ladder: width=301 and width=302 are one variant (one encode), 2500 is the top step', async () => {
    const quality = 21 + Math.floor(Math.random() * 40);
    const first = await get(renderUrl(seeded, `width=301&quality=${quality}`));
    const second = await get(renderUrl(seeded, `width=302&quality=${quality}`));
    expect([first.headers.get('x-render-cache'), second.headers.get('x-render-cache')]).toEqual(['miss', 'hit']);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await image(second)).toMatchObject({ width: 320, height: 400 });
    await first.arrayBuffer();
    const onLadder = await get(renderUrl(seeded, `width=320&quality=${quality}`));
    expect([onLadder.headers.get('x-render-cache'), onLadder.headers.get('etag')]).toEqual(['hit', first.headers.get('etag')]);
    await onLadder.arrayBuffer();
    const huge = await get(renderUrl(seeded, `width=2500&quality=${quality}`));
    const top = await get(renderUrl(seeded, `width=1200&quality=${quality}`));
    expect([huge.headers.get('x-render-cache'), top.headers.get('x-render-cache'), top.headers.get('etag')]).toEqual(['miss', 'hit', huge.headers.get('etag')]);
    await Promise.all([huge.arrayBuffer(), top.arrayBuffer()]);
  });

  it('encodes concurrent identical requests once', async () => {
    const url = renderUrl(seeded, 'width=243&quality=66');
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(url)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(answers.filter((a) => a.headers.get('x-render-cache') === 'miss')).toHaveLength(1);
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer()).toString('base64')));
    expect(new Set(bodies).size).toBe(1);
  });

  it('answers If-None-Match with 304 and no body; another Accept is another variant with another ETag', async () => {
    const res = await get(renderUrl(seeded, 'width=320'));
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const again = await get(renderUrl(seeded, 'width=320'), { 'if-none-match': etag });
    expect([again.status, await again.text(), again.headers.get('etag')]).toEqual([304, '', etag]);
    const png = await get(renderUrl(seeded, 'width=320'), { accept: 'image/png', 'if-none-match': etag });
    expect(png.status).toBe(200);
    expect(png.headers.get('etag')).not.toBe(etag);
  });
});

describe('replacing and deleting an object', () => {
  const path = `it-render/${randomUUID()}.png`;
  const tall = () =>
    sharp({ create: { width: 400, height: 800, channels: 3, background: '#5b6237' } })
      .png()
      .toBuffer();
  const wide = () =>
    sharp({ create: { width: 800, height: 400, channels: 3, background: '#e11d2e' } })
      .png()
      .toBuffer();

  afterAll(async () => {
    await serviceClient().storage.from(BUCKET).remove([path]);
  });

  it('a replaced image gives new bytes under a new ETag (a stale If-None-Match gets them too); a deleted one is 404', async () => {
    const storage = serviceClient().storage.from(BUCKET);
    expect((await storage.upload(path, await tall(), { contentType: 'image/png', cacheControl: '60' })).error).toBeNull();
    const before = await get(renderUrl(path, 'width=240'));
    const etag = before.headers.get('etag') ?? '';
    expect(before.headers.get('cache-control')).toBe('max-age=60');
    expect(await image(before)).toMatchObject({ width: 240, height: 480 });
    expect((await get(renderUrl(path, 'width=240'))).headers.get('x-render-cache')).toBe('hit');

    expect((await storage.update(path, await wide(), { contentType: 'image/png', cacheControl: '60' })).error).toBeNull();
    const after = await get(renderUrl(path, 'width=240'), { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.headers.get('x-render-cache')).toBe('miss');
    expect(await image(after)).toMatchObject({ width: 240, height: 120 });

    expect((await storage.remove([path])).error).toBeNull();
    for (const headers of [{}, { 'if-none-match': after.headers.get('etag') ?? '' }] as Record<string, string>[]) {
      const gone = await get(renderUrl(path, 'width=240'), headers);
      expect([gone.status, await gone.json()]).toEqual([404, { statusCode: '404', error: 'not_found', message: 'Object not found' }]);
    }
  });
});

describe('bad input: a clear 4xx with Storage’s error body, nothing written, the server still answering', () => {
  it.each([
    'width=0',
    'width=100000',
    'width=abc',
    'width=1.5',
    'width=-320',
    'height=2501',
    'width=320&width=640',
    'resize=stretch',
    'quality=10',
    'quality=101',
    'format=svg',
    'format=gif',
    'format=text%2Fhtml',
  ])('%s → 400', async (query) => {
    const res = await get(renderUrl(seeded, query));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest', message: expect.stringMatching(/^querystring\//) });
    await stillServing();
  });

  it.each([
    [`${BUCKET}/..%2F..%2F..%2Fetc%2Fpasswd`, 400],
    [`${BUCKET}/%2e%2e%2F%2e%2e%2Fetc%2Fpasswd`, 400],
    [`${BUCKET}/a/%2e%2e/%2e%2e/%2e%2e/etc/passwd`, 404],
    [`${BUCKET}/%2Fetc%2Fpasswd`, 400],
    [`${BUCKET}/..%5C..%5Cwindows%5Cwin.ini`, 400],
    [`${BUCKET}/a%00.png`, 400],
    [`${BUCKET}/a//b.png`, 400],
    [`${BUCKET}/no-such-image.png`, 404],
    ['no-such-bucket/x.png', 404],
    [`..%2F${BUCKET}/x.png`, 400],
  ])('path %s → %i', async (path, status) => {
    const res = await rawGet(`/storage/v1/render/image/public/${path}?width=100`);
    expect(res.status, res.body).toBe(status);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: String(status), error: expect.any(String), message: expect.any(String) });
    await stillServing();
  });

  it('an object in a private bucket is refused exactly as its object URL is', async () => {
    const bucket = `it-render-private-${randomUUID().slice(0, 8)}`;
    const service = serviceClient();
    expect((await service.storage.createBucket(bucket, { public: false })).error).toBeNull();
    try {
      expect(
        (
          await service.storage.from(bucket).upload(
            'p.png',
            await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
              .png()
              .toBuffer(),
            { contentType: 'image/png' },
          )
        ).error,
      ).toBeNull();
      const rendered = await get(`${apiUrl()}/storage/v1/render/image/public/${bucket}/p.png?width=4`);
      const object = await get(`${apiUrl()}/storage/v1/object/public/${bucket}/p.png`);
      expect(object.status).toBeGreaterThanOrEqual(400);
      expect(object.status).toBeLessThan(500);
      expect([rendered.status, await rendered.json()]).toEqual([object.status, await object.json()]);
    } finally {
      await service.storage.from(bucket).remove(['p.png']);
      await service.storage.deleteBucket(bucket);
    }
  });

  it('a non-image upload to product-images is refused (415) and stores nothing; a real image from the admin still goes in', async () => {
    const admin = (await signIn(ADMIN.email, ADMIN.password)).client.storage.from(BUCKET);
    const folder = `it-render-${randomUUID()}`;
    const realPng = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const refused: [string, Buffer, string][] = [
      ['text.png', Buffer.from('hello, not an image'), 'image/png'],
      ['corrupt.png', Buffer.concat([realPng.subarray(0, 8), Buffer.from('no IHDR here, just words')]), 'image/png'],
      ['png-as.jpg', realPng, 'image/jpeg'],
      ['page.html', Buffer.from('<html><script>alert(1)</script></html>'), 'text/html'],
    ];
    for (const [name, bytes, contentType] of refused) {
      const { error } = await admin.upload(`${folder}/${name}`, bytes, { contentType });
      expect(error, name).toMatchObject({ status: 415 });
    }
    expect(await sql('select name from storage.objects where bucket_id = $1 and name like $2', [BUCKET, `${folder}/%`])).toEqual([]);

    const file = new File([new Uint8Array(realPng)], 'ok.png', { type: 'image/png' });
    const { error } = await admin.upload(`${folder}/ok.png`, file, { cacheControl: '31536000', upsert: false });
    expect(error).toBeNull();
    const rendered = await get(renderUrl(`${folder}/ok.png`, 'width=2'));
    expect([rendered.status, rendered.headers.get('cache-control')]).toEqual([200, 'max-age=31536000']);
    await serviceClient()
      .storage.from(BUCKET)
      .remove([`${folder}/ok.png`]);
  });
});

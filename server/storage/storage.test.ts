import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signJwt } from '../jwt.ts';
import { type Backend, startBackend } from '../start.ts';

let backend: Backend;
let url: string;
let admin: SupabaseClient;
let customer: SupabaseClient;
let anon: SupabaseClient;
let service: SupabaseClient;

const png = (size = 4) => {
  const image = new PNG({ width: size, height: size });
  image.data.fill(200);
  return PNG.sync.write(image);
};
/** Real JPEG and WebP files (made in beforeAll): image buckets read the header, not just the magic bytes. */
let jpeg: Buffer;
let webp: Buffer;
const jpegBytes = () => jpeg;
/** Magic bytes and nothing behind them. */
const fakeJpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
const fakeWebp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

function clientFor(token: string): SupabaseClient {
  return createClient(url, backend.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    realtime: { transport: WebSocket as never },
  });
}

async function userToken(extra: Record<string, unknown>): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ role: 'authenticated', aud: 'authenticated', sub: randomUUID(), iat: now, exp: now + 3600, ...extra }, backend.config.jwtSecret);
}

const filesIn = (bucket: string) => {
  const dir = join(backend.api.context.storageDir, encodeURIComponent(bucket));
  return existsSync(dir) ? readdirSync(dir) : [];
};

beforeAll(async () => {
  const pixels = sharp({ create: { width: 6, height: 4, channels: 3, background: '#804020' } });
  jpeg = await pixels.clone().jpeg().toBuffer();
  webp = await pixels.clone().webp().toBuffer();
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0 }, seed: false });
  url = backend.api.url;
  await backend.db.exec(`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
      values ('t-images', 't-images', true, 20000, array['image/jpeg','image/png','image/webp']),
             ('t-private', 't-private', false, null, null);
    create policy t_read on storage.objects for select to anon, authenticated using (bucket_id = 't-images');
    create policy t_private_read on storage.objects for select to authenticated using (bucket_id = 't-private' and owner = auth.uid());
    create policy t_private_write on storage.objects for insert to authenticated with check (bucket_id = 't-private' and owner = auth.uid());
    create policy t_admin_insert on storage.objects for insert to authenticated with check (bucket_id = 't-images' and auth.jwt() ->> 'user_role' = 'admin');
    create policy t_admin_update on storage.objects for update to authenticated
      using (bucket_id = 't-images' and auth.jwt() ->> 'user_role' = 'admin') with check (bucket_id = 't-images' and auth.jwt() ->> 'user_role' = 'admin');
    create policy t_admin_delete on storage.objects for delete to authenticated using (bucket_id = 't-images' and auth.jwt() ->> 'user_role' = 'admin');
  `);
  admin = clientFor(await userToken({ user_role: 'admin' }));
  customer = clientFor(await userToken({}));
  anon = clientFor(backend.config.anonKey);
  service = clientFor(backend.config.serviceRoleKey);
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

describe('upload and public read', () => {
  it('stores a browser (multipart) upload and serves it with caching headers', async () => {
    const bytes = png();
    const blob = new Blob([new Uint8Array(bytes)], { type: 'image/png' });
    const { data, error } = await admin.storage.from('t-images').upload('products/p1/1.png', blob, { cacheControl: '60' });
    expect(error).toBeNull();
    expect(data?.fullPath).toBe('t-images/products/p1/1.png');

    const publicUrl = admin.storage.from('t-images').getPublicUrl('products/p1/1.png').data.publicUrl;
    const res = await fetch(publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(res.headers.get('last-modified')).toMatch(/GMT$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const cached = await fetch(publicUrl, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    const head = await fetch(publicUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
  });

  it('stores a Node (raw bytes) upload with its content type and metadata in storage.objects', async () => {
    const { error } = await admin.storage.from('t-images').upload('raw/a.jpg', jpegBytes(), { contentType: 'image/jpeg' });
    expect(error).toBeNull();
    const { rows } = await backend.db.query<{ metadata: Record<string, unknown> }>(`select metadata from storage.objects where bucket_id = 't-images' and name = 'raw/a.jpg'`);
    expect(rows[0].metadata).toMatchObject({ mimetype: 'image/jpeg', size: jpeg.length, contentLength: jpeg.length, cacheControl: 'max-age=3600', httpStatusCode: 200 });
    const { data } = await anon.storage.from('t-images').download('raw/a.jpg');
    expect(data?.size).toBe(jpeg.length);
  });

  it('refuses a second upload to the same name unless upsert is asked for', async () => {
    await admin.storage.from('t-images').upload('dup.png', png(), { contentType: 'image/png' });
    const again = await admin.storage.from('t-images').upload('dup.png', png(), { contentType: 'image/png' });
    expect(again.error).toMatchObject({ status: 409, statusCode: '409', message: 'The resource already exists' });

    const before = filesIn('t-images').length;
    const bigger = png(8);
    const upserted = await admin.storage.from('t-images').upload('dup.png', bigger, { contentType: 'image/png', upsert: true });
    expect(upserted.error).toBeNull();
    expect(filesIn('t-images').length).toBe(before);
    const res = await fetch(admin.storage.from('t-images').getPublicUrl('dup.png').data.publicUrl);
    expect(Number(res.headers.get('content-length'))).toBe(bigger.length);

    const updated = await admin.storage.from('t-images').update('dup.png', png(), { contentType: 'image/png' });
    expect(updated.error).toBeNull();
  });
});

describe('who may write (storage.objects RLS)', () => {
  it.each([
    ['a customer', () => customer],
    ['a visitor', () => anon],
  ])('refuses %s and leaves no file behind', async (_who, client) => {
    const before = filesIn('t-images').length;
    const { error } = await client().storage.from('t-images').upload(`denied-${randomUUID()}.png`, png(), { contentType: 'image/png' });
    expect(error).toMatchObject({ status: 403, message: 'new row violates row-level security policy' });
    expect(filesIn('t-images').length).toBe(before);
  });

  it('lets a user read only their own private objects', async () => {
    const { error } = await customer.storage.from('t-private').upload('notes/a.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    expect(error).toBeNull();
    const own = await customer.storage.from('t-private').download('notes/a.txt');
    expect(await own.data?.text()).toBe('hello');
    const other = await admin.storage.from('t-private').download('notes/a.txt');
    expect(other.error).toMatchObject({ status: 404 });
    const publicRead = await fetch(`${url}/storage/v1/object/public/t-private/notes/a.txt`);
    expect(publicRead.status).toBe(404);
    const info = await customer.storage.from('t-private').info('notes/a.txt');
    expect(info.data).toMatchObject({ name: 'notes/a.txt', size: 5, contentType: 'text/plain' });
  });
});

describe('the bucket rules', () => {
  it('refuses a type the bucket does not allow', async () => {
    const { error } = await admin.storage.from('t-images').upload('x.txt', Buffer.from('hi'), { contentType: 'text/plain' });
    expect(error).toMatchObject({ status: 415, statusCode: '415', message: 'mime type text/plain is not supported' });
  });

  it('refuses bytes that are not the declared image type', async () => {
    const asPng = await admin.storage.from('t-images').upload('fake.png', jpegBytes(), { contentType: 'image/png' });
    expect(asPng.error).toMatchObject({ status: 415 });
    const script = await admin.storage.from('t-images').upload('evil.webp', Buffer.from('<script>alert(1)</script>'), { contentType: 'image/webp' });
    expect(script.error).toMatchObject({ status: 415 });
    expect((await admin.storage.from('t-images').upload('ok.webp', webp, { contentType: 'image/webp' })).error).toBeNull();
  });

  it('refuses the right magic bytes in front of no image (the header must decode), storing nothing', async () => {
    const pngSignature = png().subarray(0, 8);
    for (const [name, bytes, type] of [
      ['header-only.jpg', fakeJpeg, 'image/jpeg'],
      ['header-only.webp', fakeWebp, 'image/webp'],
      ['garbage.png', Buffer.concat([pngSignature, Buffer.from('garbage behind a PNG signature')]), 'image/png'],
    ] as const) {
      const { error } = await admin.storage.from('t-images').upload(name, bytes, { contentType: type });
      expect(error, name).toMatchObject({ status: 415, message: `The file content does not match the mime type ${type}` });
    }
    const { rows } = await backend.db.query(`select name from storage.objects where bucket_id = 't-images' and name in ('header-only.jpg', 'header-only.webp', 'garbage.png')`);
    expect(rows).toEqual([]);
  });

  it('refuses a file over the bucket size limit', async () => {
    const big = Buffer.concat([jpegBytes(), Buffer.alloc(25_000)]);
    const { error } = await admin.storage.from('t-images').upload('big.jpg', big, { contentType: 'image/jpeg' });
    expect(error).toMatchObject({ status: 413, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const multipart = await admin.storage.from('t-images').upload('big2.jpg', new Blob([new Uint8Array(big)], { type: 'image/jpeg' }));
    expect(multipart.error).toMatchObject({ status: 413 });
  });
});

describe('malformed requests get a 4xx and change nothing', () => {
  const post = (path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${url}/storage/v1/object/${path}`, {
      method: 'POST',
      body: new Uint8Array(jpegBytes()),
      ...init,
      headers: { apikey: backend.config.anonKey, authorization: `Bearer ${backend.config.serviceRoleKey}`, 'content-type': 'image/jpeg', ...init.headers },
    });

  it.each([
    ['a ".." segment', 't-images/a%2F..%2F..%2Fetc.jpg'],
    ['a "." segment', 't-images/a/%2E%2Fb.jpg'],
    ['a NUL byte', 't-images/a%00.jpg'],
    ['a control character', 't-images/a%0A.jpg'],
    ['an empty segment', 't-images/a%2F%2Fb.jpg'],
    ['a backslash', 't-images/a%5C..%5Cb.jpg'],
    ['a name over 1024 bytes', `t-images/${'a'.repeat(1030)}.jpg`],
    ['a malformed escape', 't-images/a%E0%A4%A.jpg'],
  ])('refuses an object name with %s', async (_what, path) => {
    const res = await post(path);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400' });
  });

  it('answers 400 for a malformed multipart body, an invalid JWT and a bad remove body', async () => {
    const multipart = await post('t-images/m.jpg', { headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: 'garbage' });
    expect(multipart.status).toBe(400);
    const jwt = await post('t-images/j.jpg', { headers: { authorization: 'Bearer not.a.jwt' } });
    expect(jwt.status).toBe(400);
    expect(await jwt.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
    const remove = await fetch(`${url}/storage/v1/object/t-images`, {
      method: 'DELETE',
      headers: { apikey: backend.config.anonKey, authorization: `Bearer ${backend.config.serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{"prefixes": "nope"',
    });
    expect(remove.status).toBe(400);
    const { rows } = await backend.db.query(`select 1 from storage.objects where name in ('m.jpg', 'j.jpg')`);
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for an unknown bucket or object', async () => {
    expect((await admin.storage.from('nope').upload('a.png', png(), { contentType: 'image/png' })).error).toMatchObject({ status: 404 });
    expect((await fetch(`${url}/storage/v1/object/public/t-images/missing.png`)).status).toBe(404);
  });
});

describe('list, move, copy, remove', () => {
  it('lists a folder, moves and copies objects, removes them with their files', async () => {
    for (const name of ['shop/b.png', 'shop/a.png', 'shop/sub/c.png']) {
      expect((await admin.storage.from('t-images').upload(name, png(), { contentType: 'image/png' })).error).toBeNull();
    }
    const listed = await anon.storage.from('t-images').list('shop');
    expect(listed.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['a.png', false],
      ['b.png', false],
      ['sub', true],
    ]);
    const searched = await anon.storage.from('t-images').list('shop', { search: 'b', limit: 1 });
    expect(searched.data?.map((e) => e.name)).toEqual(['b.png']);

    expect((await admin.storage.from('t-images').move('shop/b.png', 'shop/moved.png')).error).toBeNull();
    expect((await admin.storage.from('t-images').copy('shop/a.png', 'shop/copy.png')).data?.path).toBe('t-images/shop/copy.png');
    expect((await fetch(`${url}/storage/v1/object/public/t-images/shop/copy.png`)).status).toBe(200);
    expect((await customer.storage.from('t-images').move('shop/a.png', 'shop/stolen.png')).error).toMatchObject({ status: 404 });

    const before = filesIn('t-images').length;
    const denied = await customer.storage.from('t-images').remove(['shop/a.png']);
    expect(denied.data).toEqual([]);
    const removed = await admin.storage.from('t-images').remove(['shop/a.png', 'shop/copy.png', 'shop/moved.png', 'shop/none.png']);
    expect(removed.data?.map((o) => o.name).sort()).toEqual(['shop/a.png', 'shop/copy.png', 'shop/moved.png']);
    expect(filesIn('t-images').length).toBe(before - 3);
    expect((await fetch(`${url}/storage/v1/object/public/t-images/shop/a.png`)).status).toBe(404);
  });
});

describe('bucket administration', () => {
  it('is for the service role only', async () => {
    expect((await anon.storage.createBucket('mine')).error).toMatchObject({ status: 403 });
    expect((await customer.storage.listBuckets()).data).toEqual([]);

    expect((await service.storage.createBucket('t-admin', { public: true, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*'] })).error).toBeNull();
    const got = await service.storage.getBucket('t-admin');
    expect(got.data).toMatchObject({ id: 't-admin', public: true, file_size_limit: 1024 * 1024, allowed_mime_types: ['image/*'] });
    expect((await service.storage.updateBucket('t-admin', { public: false })).error).toBeNull();
    expect((await service.storage.getBucket('t-admin')).data?.public).toBe(false);
    expect((await service.storage.from('t-admin').upload('a.png', png(), { contentType: 'image/png' })).error).toBeNull();
    expect((await service.storage.deleteBucket('t-admin')).error).toMatchObject({ status: 409 });
    expect((await service.storage.emptyBucket('t-admin')).error).toBeNull();
    expect(filesIn('t-admin')).toEqual([]);
    expect((await service.storage.deleteBucket('t-admin')).error).toBeNull();
    expect((await service.storage.getBucket('t-admin')).error).toMatchObject({ status: 404 });
    expect((await service.storage.createBucket('..')).error).toMatchObject({ status: 400 });
  });
});

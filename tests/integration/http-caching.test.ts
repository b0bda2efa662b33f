import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonKey, apiUrl, createConfirmedUser, serviceClient, serviceRoleKey } from './support';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request (node:http neither decompresses nor caches, unlike fetch), as the anon client by default. */
function send(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { apikey: anonKey(), ...opts.headers };
    if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
    const req = request(new URL(path, apiUrl()), { method: opts.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const etagOf = (a: Answer) => a.headers.etag as string | undefined;
const jsonOf = (a: Answer) => JSON.parse((a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body).toString('utf8'));

const marker = randomUUID().slice(0, 8);
const SLUG = `it-cache-${marker}`;
const ONE_PRODUCT = `/rest/v1/products?select=id,slug,title&slug=eq.${SLUG}`;
/** A shop page: more than 1 KB of JSON, so gzip applies. */
const LISTING = '/rest/v1/product_listing?select=id,title,variants(*),media(*)&status=eq.published&order=id&limit=12';

let service: SupabaseClient;
let productId = '';

beforeAll(async () => {
  service = serviceClient();
  const { data, error } = await service
    .from('products')
    .insert({ slug: SLUG, title: `Cache Tee ${marker}`, description: 'x', category: 'clothing', status: 'published' })
    .select('id')
    .single();
  if (error) throw new Error(`insert product: ${error.message}`);
  productId = data.id;
});

afterAll(async () => {
  if (productId) await service.from('products').delete().eq('id', productId);
});

describe('anonymous catalogue reads carry a strong ETag and are revalidated with 304', () => {
  it('a product list has a strong ETag and Cache-Control: no-cache; the same read gives the same tag', async () => {
    const first = await send(ONE_PRODUCT);
    expect(first.status).toBe(200);
    expect(jsonOf(first)).toEqual([{ id: productId, slug: SLUG, title: `Cache Tee ${marker}` }]);
    expect(etagOf(first)).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['access-control-expose-headers']).toMatch(/\bETag\b/);
    const again = await send(ONE_PRODUCT);
    expect(etagOf(again)).toBe(etagOf(first));
  });

  it('If-None-Match with the current tag (also weak, in a list, or *) → 304 without a body', async () => {
    const etag = etagOf(await send(ONE_PRODUCT)) as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await send(ONE_PRODUCT, { headers: { 'if-none-match': ifNoneMatch } });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.body.byteLength).toBe(0);
      expect(etagOf(res)).toBe(etag);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toBeUndefined();
      expect(res.headers['content-range']).toBeUndefined();
    }
    const other = await send(ONE_PRODUCT, { headers: { 'if-none-match': '"someone-elses"' } });
    expect(other.status).toBe(200);
    expect(jsonOf(other)).toHaveLength(1);
  });

  it('after a write, the same conditional GET answers 200 with the new data and a new tag', async () => {
    const before = await send(ONE_PRODUCT);
    const oldTag = etagOf(before) as string;
    const { error } = await service
      .from('products')
      .update({ title: `Cache Tee ${marker} v2` })
      .eq('id', productId);
    expect(error).toBeNull();

    const after = await send(ONE_PRODUCT, { headers: { 'if-none-match': oldTag } });
    expect(after.status).toBe(200);
    expect(jsonOf(after)).toEqual([{ id: productId, slug: SLUG, title: `Cache Tee ${marker} v2` }]);
    const newTag = etagOf(after) as string;
    expect(newTag).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
    expect(newTag).not.toBe(oldTag);
    expect((await send(ONE_PRODUCT, { headers: { 'if-none-match': newTag } })).status).toBe(304);

    // Unpublished: the visitor's answer is empty now, and says so.
    await service.from('products').update({ status: 'draft' }).eq('id', productId);
    const hidden = await send(ONE_PRODUCT, { headers: { 'if-none-match': newTag } });
    expect(hidden.status).toBe(200);
    expect(jsonOf(hidden)).toEqual([]);
    await service.from('products').update({ status: 'published' }).eq('id', productId);
  });

  it('the tag covers the representation, not only the rows: Content-Range (count) and the media type', async () => {
    const plain = await send(ONE_PRODUCT);
    const counted = await send(ONE_PRODUCT, { headers: { prefer: 'count=exact' } });
    expect(counted.body.equals(plain.body)).toBe(true);
    expect(counted.headers['content-range']).not.toBe(plain.headers['content-range']);
    expect(etagOf(counted)).not.toBe(etagOf(plain));
    expect((await send(ONE_PRODUCT, { headers: { prefer: 'count=exact', 'if-none-match': etagOf(plain) as string } })).status).toBe(200);

    const single = await send(ONE_PRODUCT, { headers: { accept: 'application/vnd.pgrst.object+json' } });
    expect(single.status).toBe(200);
    expect(etagOf(single)).not.toBe(etagOf(plain));
    const csv = await send(ONE_PRODUCT, { headers: { accept: 'text/csv' } });
    expect(csv.status).toBe(200);
    expect(etagOf(csv)).not.toBe(etagOf(plain));
    expect((await send(ONE_PRODUCT, { headers: { accept: 'text/csv', 'if-none-match': etagOf(plain) as string } })).status).toBe(200);
  });

  it('gzip and identity are different representations: different tags, each revalidates only itself', async () => {
    const identity = await send(LISTING);
    const zipped = await send(LISTING, { headers: { 'accept-encoding': 'gzip' } });
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(jsonOf(zipped)).toEqual(jsonOf(identity));
    const plainTag = etagOf(identity) as string;
    const gzipTag = etagOf(zipped) as string;
    expect(plainTag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(gzipTag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(gzipTag).not.toBe(plainTag);

    const zipped304 = await send(LISTING, { headers: { 'accept-encoding': 'gzip', 'if-none-match': gzipTag } });
    expect(zipped304.status).toBe(304);
    expect(zipped304.body.byteLength).toBe(0);
    expect(etagOf(zipped304)).toBe(gzipTag);
    expect(zipped304.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zipped304.headers['content-encoding']).toBeUndefined();
    expect((await send(LISTING, { headers: { 'if-none-match': plainTag } })).status).toBe(304);

    // A tag of the other coding is not this representation's: the full answer.
    const crossed = await send(LISTING, { headers: { 'if-none-match': gzipTag } });
    expect(crossed.status).toBe(200);
    expect(crossed.headers['content-encoding']).toBeUndefined();
    expect(etagOf(crossed)).toBe(plainTag);
    const crossedZip = await send(LISTING, { headers: { 'accept-encoding': 'gzip', 'if-none-match': plainTag } });
    expect(crossedZip.status).toBe(200);
    expect(crossedZip.headers['content-encoding']).toBe('gzip');
  });

  it('GET of a function (rpc/) is a read like any other: ETag and 304', async () => {
    const path = `/rest/v1/rpc/calculate_product_rating?product_uuid=${productId}`;
    const res = await send(path);
    expect(res.status).toBe(200);
    const etag = etagOf(res) as string;
    expect(etag).toMatch(/^"/);
    expect((await send(path, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });
});

describe('what never gets a validator or a 304', () => {
  it('an RPC POST: no ETag, and If-None-Match changes nothing', async () => {
    const path = '/rest/v1/rpc/calculate_product_rating';
    const body = JSON.stringify({ product_uuid: productId });
    const first = await send(path, { method: 'POST', body });
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBeUndefined();
    const getTag = etagOf(await send(`${path}?product_uuid=${productId}`)) as string;
    for (const ifNoneMatch of ['*', getTag]) {
      const res = await send(path, { method: 'POST', body, headers: { 'if-none-match': ifNoneMatch } });
      expect(res.status).toBe(200);
      expect(res.body.toString('utf8')).toBe(first.body.toString('utf8'));
    }
  });

  it('writes: a PATCH with If-None-Match: * still writes and answers as a write', async () => {
    const res = await send(`/rest/v1/products?id=eq.${productId}`, {
      method: 'PATCH',
      body: JSON.stringify({ featured: false }),
      headers: { authorization: `Bearer ${serviceRoleKey()}`, apikey: serviceRoleKey(), prefer: 'return=representation', 'if-none-match': '*' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(jsonOf(res)).toHaveLength(1);
  });

  it('errors (unknown table, bad filter) carry no ETag and are never 304', async () => {
    const missing = await send('/rest/v1/no_such_table?select=id', { headers: { 'if-none-match': '*' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const bad = await send('/rest/v1/products?select=id&price=zz.1', { headers: { 'if-none-match': '*' } });
    expect(bad.status).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
  });

  it('HEAD (a count without rows): Cache-Control: no-cache, no body to tag, so no ETag and no 304', async () => {
    const res = await send(ONE_PRODUCT, { method: 'HEAD', headers: { prefer: 'count=exact', 'if-none-match': '*' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-range']).toBe('0-0/1');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('signed-in reads: the same validators, private to the browser', () => {
  const PROFILE = '/rest/v1/profiles?select=id,full_name';

  it('a user JWT read has an ETag with Cache-Control: private, no-cache and revalidates to 304', async () => {
    const alice = await createConfirmedUser({ data: { full_name: 'Alice Cache' } });
    const headers = { authorization: `Bearer ${alice.session.access_token}` };
    const res = await send(PROFILE, { headers });
    expect(res.status).toBe(200);
    expect(jsonOf(res)).toEqual([{ id: alice.user.id, full_name: 'Alice Cache' }]);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary ?? '').not.toMatch(/authorization/i);
    const etag = etagOf(res) as string;
    expect(etag).toMatch(/^"/);
    expect((await send(PROFILE, { headers: { ...headers, 'if-none-match': etag } })).status).toBe(304);

    // The catalogue as a signed-in shopper is the visitor's answer byte for byte: the visitor's tag revalidates it.
    const visitorTag = etagOf(await send(ONE_PRODUCT)) as string;
    const shopper = await send(ONE_PRODUCT, { headers: { ...headers, 'if-none-match': visitorTag } });
    expect(shopper.status).toBe(304);
    expect(shopper.headers['cache-control']).toBe('private, no-cache');
  });

  it("a tag never revalidates another caller's different answer", async () => {
    const alice = await createConfirmedUser({ data: { full_name: 'Alice Other' } });
    const bob = await createConfirmedUser({ data: { full_name: 'Bob Other' } });
    const aliceTag = etagOf(await send(PROFILE, { headers: { authorization: `Bearer ${alice.session.access_token}` } })) as string;
    const asBob = await send(PROFILE, { headers: { authorization: `Bearer ${bob.session.access_token}`, 'if-none-match': aliceTag } });
    expect(asBob.status).toBe(200);
    expect(jsonOf(asBob)).toEqual([{ id: bob.user.id, full_name: 'Bob Other' }]);
    // Visitors may not read profiles at all: the refusal, never a 304.
    const asVisitor = await send(PROFILE, { headers: { 'if-none-match': aliceTag } });
    expect(asVisitor.status).toBe(401);
    expect(asVisitor.headers.etag).toBeUndefined();
  });
});

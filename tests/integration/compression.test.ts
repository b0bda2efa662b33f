import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { anonKey, apiUrl } from './support';

/** A raw GET (node:http does not decompress by itself, unlike fetch). */
function get(path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, apiUrl());
    const headers: Record<string, string> = { apikey: anonKey() };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const LISTING = '/rest/v1/product_listing?select=id,title,variants(*),media(*)&status=eq.published&limit=12';

describe('API answers are gzipped for clients that accept it (as the hosted gateway does)', () => {
  it('a shop page arrives gzipped, and unpacks to the same JSON as the plain answer', async () => {
    const plain = await get(LISTING);
    const zipped = await get(LISTING, 'gzip, deflate, br');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.byteLength);
    expect(zipped.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('small answers and clients without gzip get the body as it is', async () => {
    const small = await get('/rest/v1/products?select=id&limit=1', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toHaveLength(1);
    const identity = await get(LISTING, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
  });
});

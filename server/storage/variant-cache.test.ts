import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VariantCache } from './variant-cache.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'npng-variant-cache-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const v1 = randomUUID();
const v2 = randomUUID();
const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('VariantCache', () => {
  it('keeps a variant per bucket, object version and key, on disk', async () => {
    const cache = new VariantCache(root, 10_000);
    const a = { bucket: 'product-images', version: v1, key: 'w320;webp' };
    expect(await cache.get(a)).toBeUndefined();
    await cache.put(a, bytes(10, 7));
    expect(await cache.get(a)).toEqual(bytes(10, 7));
    expect(existsSync(cache.pathOf(a))).toBe(true);
    expect(cache.pathOf(a).startsWith(join(root, 'product-images', v1))).toBe(true);
    expect(await cache.get({ ...a, key: 'w320;origin' })).toBeUndefined();
    expect(await cache.get({ ...a, version: v2 })).toBeUndefined();
    expect(await cache.get({ ...a, bucket: 'other' })).toBeUndefined();
  });

  it('drops every variant of a version (a replaced or deleted object), and only those', async () => {
    const cache = new VariantCache(root, 10_000);
    const old = { bucket: 'b', version: v1, key: 'k1' };
    const oldToo = { bucket: 'b', version: v1, key: 'k2' };
    const current = { bucket: 'b', version: v2, key: 'k1' };
    for (const ref of [old, oldToo, current]) await cache.put(ref, bytes(100));
    await cache.dropVersion('b', v1);
    expect(await cache.get(old)).toBeUndefined();
    expect(await cache.get(oldToo)).toBeUndefined();
    expect(existsSync(join(root, 'b', v1))).toBe(false);
    expect(await cache.get(current)).toEqual(bytes(100));
    expect(cache.size).toBe(100);
  });

  it('stays under its size bound by deleting the least recently used variants', async () => {
    const cache = new VariantCache(root, 300);
    const ref = (key: string) => ({ bucket: 'b', version: v1, key });
    await cache.put(ref('a'), bytes(100));
    await cache.put(ref('b'), bytes(100));
    await cache.put(ref('c'), bytes(100));
    await cache.get(ref('a')); // a is now the most recently used; b the least
    await cache.put(ref('d'), bytes(100));
    expect(await cache.get(ref('b'))).toBeUndefined();
    expect(existsSync(cache.pathOf(ref('b')))).toBe(false);
    for (const key of ['a', 'c', 'd']) expect(await cache.get(ref(key)), key).toBeDefined();
    expect(cache.size).toBe(300);
    await cache.put(ref('huge'), bytes(301));
    expect(await cache.get(ref('huge'))).toBeUndefined();
    expect(cache.size).toBe(300);
  });

  it('finds what an earlier process left (oldest by mtime evicted first) and clears half-written files', async () => {
    const first = new VariantCache(root, 1000);
    const old = { bucket: 'b', version: v1, key: 'old' };
    const recent = { bucket: 'b', version: v1, key: 'recent' };
    await first.put(old, bytes(200));
    await first.put(recent, bytes(200));
    await utimes(first.pathOf(old), new Date(2020, 0, 1), new Date(2020, 0, 1));
    const temp = join(dirname(first.pathOf(old)), '.tmp-crashed');
    await writeFile(temp, 'partial');

    const second = new VariantCache(root, 300);
    expect(await second.get(recent)).toEqual(bytes(200));
    expect(await second.get(old)).toBeUndefined();
    expect(existsSync(temp)).toBe(false);
    expect(second.size).toBe(200);
  });

  it('rewrites a variant atomically and counts it once', async () => {
    const cache = new VariantCache(root, 1000);
    const ref = { bucket: 'b', version: v1, key: 'k' };
    await cache.put(ref, bytes(100, 1));
    await cache.put(ref, bytes(50, 2));
    expect(await cache.get(ref)).toEqual(bytes(50, 2));
    expect(cache.size).toBe(50);
    expect((await readdir(dirname(cache.pathOf(ref)))).length).toBe(1);
    expect((await stat(cache.pathOf(ref))).size).toBe(50);
  });

  it('treats a variant deleted behind its back as a miss', async () => {
    const cache = new VariantCache(root, 1000);
    const ref = { bucket: 'b', version: v1, key: 'k' };
    await cache.put(ref, bytes(10));
    await rm(cache.pathOf(ref));
    expect(await cache.get(ref)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('refuses a version that is not a server-made uuid (no path can leave the cache folder)', async () => {
    const cache = new VariantCache(root, 1000);
    expect(() => cache.pathOf({ bucket: 'b', version: '../../etc', key: 'k' })).toThrow();
    await mkdir(join(root, 'b'), { recursive: true });
    await cache.dropVersion('b', '../..');
    expect(existsSync(root)).toBe(true);
  });
});

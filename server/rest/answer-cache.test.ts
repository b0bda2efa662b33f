import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../http.ts';
import { AnswerCache, IGNORED_HEADERS, cacheKey, type Answer } from './answer-cache.ts';

const ANON = 'anon-key';

function request(path: string, headers: Record<string, string> = {}, method = 'GET'): ApiRequest {
  const url = new URL(`http://localhost/rest/v1${path}`);
  return { method, url, path: url.pathname.slice('/rest/v1'.length), headers: { apikey: ANON, ...headers }, ip: '127.0.0.1', body: async () => Buffer.alloc(0) };
}

/** A cache over a hand-moved write clock; `compute` answers with a counter so fresh answers differ. */
function setup(opts: { entries?: number; bytes?: number; volatile?: boolean; now?: () => number } = {}) {
  const clock = { generation: 0, writing: 0 };
  const cache = new AnswerCache(clock, { entries: opts.entries ?? 100, bytes: opts.bytes ?? 1 << 20 }, async () => opts.volatile ?? false, opts.now);
  let computed = 0;
  const answer = (over: Partial<Answer> = {}, status = 200): (() => Promise<Answer>) => async () => {
    computed++;
    return { response: { status, headers: { 'content-type': 'application/json' }, body: `[${computed}]` }, storable: true, ...over };
  };
  const text = (res: ApiResponse) => (typeof res.body === 'string' ? res.body : Buffer.from(res.body ?? '').toString());
  return { clock, cache, answer, text, computed: () => computed };
}

describe('AnswerCache', () => {
  it('answers an identical read from the cache until a write starts', async () => {
    const { clock, cache, answer, text, computed } = setup();
    expect(text(await cache.serve(request('/t?a=eq.1'), answer()))).toBe('[1]');
    expect(text(await cache.serve(request('/t?a=eq.1'), answer()))).toBe('[1]');
    expect(computed()).toBe(1);
    clock.generation++;
    expect(text(await cache.serve(request('/t?a=eq.1'), answer()))).toBe('[2]');
    expect(cache.stats).toMatchObject({ hits: 1, misses: 2 });
  });

  it('keeps no answer computed while a write was in flight', async () => {
    const { clock, cache, answer, computed } = setup();
    clock.generation++;
    clock.writing = 1;
    await cache.serve(request('/t'), answer());
    clock.writing = 0;
    clock.generation++;
    await cache.serve(request('/t'), answer());
    expect(computed()).toBe(2);
  });

  it('keeps no answer when a write started and ended while it was computed', async () => {
    const { clock, cache, answer, computed } = setup();
    await cache.serve(request('/t'), async () => {
      clock.generation += 2; // a whole write, start and end, during the read
      return answer()();
    });
    await cache.serve(request('/t'), answer());
    expect(computed()).toBe(2);
    expect(cache.stats.stored).toBe(1);
  });

  it('keeps no answer the REST layer marks as not storable (errors, signed-in callers)', async () => {
    const { cache, answer, computed } = setup();
    await cache.serve(request('/t'), answer({ storable: false }, 404));
    await cache.serve(request('/t'), answer({ storable: false }, 404));
    expect(computed()).toBe(2);
  });

  it('keeps nothing while answers may depend on the clock or request headers', async () => {
    const { cache, answer, computed } = setup({ volatile: true });
    await cache.serve(request('/t'), answer());
    await cache.serve(request('/t'), answer());
    expect(computed()).toBe(2);
  });

  it('drops an answer when the token it was made for expires', async () => {
    let now = 1_000;
    const { cache, answer, computed } = setup({ now: () => now });
    await cache.serve(request('/t'), answer({ expiresAt: 2_000 }));
    await cache.serve(request('/t'), answer({ expiresAt: 2_000 }));
    expect(computed()).toBe(1);
    now = 2_000;
    await cache.serve(request('/t'), answer({ expiresAt: 3_000 }));
    expect(computed()).toBe(2);
  });

  it('keys on everything that can change the answer', async () => {
    const { cache, answer, computed } = setup();
    const variants = [
      request('/t?a=eq.1'),
      request('/t?a=eq.2'),
      request('/u?a=eq.1'),
      request('/t?a=eq.1', {}, 'HEAD'),
      request('/t?a=eq.1', { apikey: 'other-key' }),
      request('/t?a=eq.1', { authorization: 'Bearer x' }),
      request('/t?a=eq.1', { accept: 'text/csv' }),
      request('/t?a=eq.1', { prefer: 'count=exact' }),
      request('/t?a=eq.1', { range: '0-9' }),
      request('/t?a=eq.1', { range: '0-9', 'range-unit': 'items' }),
      request('/t?a=eq.1', { 'accept-profile': 'other' }),
      request('/t?a=eq.1', { 'x-something-new': '1' }),
    ];
    for (const req of variants) await cache.serve(req, answer());
    expect(computed()).toBe(variants.length);
    expect(new Set(variants.map(cacheKey)).size).toBe(variants.length);
  });

  it('ignores headers that never reach the answer (transport, validators, client bookkeeping)', async () => {
    const { cache, answer, computed } = setup();
    await cache.serve(request('/t', { 'user-agent': 'a', 'accept-encoding': 'gzip', 'x-client-info': 'supabase-js/2' }), answer());
    await cache.serve(request('/t', { 'user-agent': 'b', 'if-none-match': '"x"', 'sec-fetch-mode': 'cors', origin: 'http://x' }), answer());
    expect(computed()).toBe(1);
  });

  it('evicts the least recently used entry beyond its entry limit', async () => {
    const { cache, answer, computed } = setup({ entries: 2 });
    await cache.serve(request('/a'), answer());
    await cache.serve(request('/b'), answer());
    await cache.serve(request('/a'), answer()); // a is now the most recently used
    await cache.serve(request('/c'), answer()); // evicts b
    expect(computed()).toBe(3);
    await cache.serve(request('/a'), answer());
    expect(computed()).toBe(3);
    await cache.serve(request('/b'), answer());
    expect(computed()).toBe(4);
    expect(cache.size().entries).toBe(2);
  });

  it('stays within its byte limit and keeps nothing larger than it', async () => {
    const { cache, computed } = setup({ bytes: 400 });
    let n = 0;
    const sized = (size: number) => async (): Promise<Answer> => {
      n++;
      return { response: { status: 200, body: 'x'.repeat(size) }, storable: true };
    };
    await cache.serve(request('/big'), sized(1000));
    await cache.serve(request('/big'), sized(1000));
    expect(n).toBe(2);
    for (const p of ['/1', '/2', '/3', '/4']) await cache.serve(request(p), sized(150));
    expect(cache.size().bytes).toBeLessThanOrEqual(400);
    expect(cache.size().entries).toBeLessThan(4);
    expect(computed()).toBe(0);
  });

  it('lets identical concurrent reads share one computation, but not across a write', async () => {
    const { clock, cache, text } = setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let n = 0;
    const slow = async (): Promise<Answer> => {
      const mine = ++n;
      await gate;
      return { response: { status: 200, body: `[${mine}]` }, storable: true };
    };
    const first = cache.serve(request('/t'), slow);
    const second = cache.serve(request('/t'), slow);
    clock.generation++; // a write starts: later reads must not take the answer begun before it
    clock.writing = 1;
    const third = cache.serve(request('/t'), slow);
    release();
    const [a, b, c] = (await Promise.all([first, second, third])).map(text);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
    expect(n).toBe(2);
    expect(cache.stats.shared).toBe(1);
  });

  it('hands out a fresh response object on every hit', async () => {
    const { cache, answer, text } = setup();
    const a = await cache.serve(request('/t'), answer());
    a.body = 'changed';
    if (a.headers) a.headers.etag = 'changed';
    const b = await cache.serve(request('/t'), answer());
    expect(text(b)).toBe('[1]');
    expect(b.headers?.etag).toBeUndefined();
  });
});

describe('the headers left out of the key', () => {
  it('are read nowhere in the REST layer (else answers could differ by them)', () => {
    const dir = new URL('.', import.meta.url);
    const sources = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('answer-cache'))
      .map((f) => [f, readFileSync(new URL(f, dir), 'utf8')] as const);
    const reads: string[] = [];
    for (const name of [...IGNORED_HEADERS, 'sec-fetch-mode']) {
      const asProperty = /^[a-z]+$/.test(name) ? `|headers\\.${name}\\b` : '';
      const pattern = new RegExp(`headers\\[['"]${name}['"]\\]${asProperty}`, 'i');
      for (const [file, text] of sources) if (pattern.test(text)) reads.push(`${file} reads ${name}`);
    }
    expect(reads).toEqual([]);
    // The check itself finds a read of a header that is in the key.
    expect(sources.some(([, text]) => /headers\[['"]range-unit['"]\]/.test(text))).toBe(true);
  });
});

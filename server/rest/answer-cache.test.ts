import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../http.ts';
import type { Queryable } from '../db/types.ts';
import { AnswerCache, IGNORED_HEADERS, SNAPSHOT_SQL, cacheKey, clockVersions, snapshotVersions, type Answer, type Version, type Versions } from './answer-cache.ts';

const ANON = 'anon-key';

function request(path: string, headers: Record<string, string> = {}, method = 'GET'): ApiRequest {
  const url = new URL(`http://localhost/rest/v1${path}`);
  return { method, url, path: url.pathname.slice('/rest/v1'.length), headers: { apikey: ANON, ...headers }, ip: '127.0.0.1', body: async () => Buffer.alloc(0) };
}

/** A cache over a hand-moved write clock; `compute` answers with a counter so fresh answers differ. */
function setup(opts: { entries?: number; bytes?: number; volatile?: boolean; now?: () => number } = {}) {
  const clock = { generation: 0, writing: 0 };
  const cache = new AnswerCache(clockVersions(clock), { entries: opts.entries ?? 100, bytes: opts.bytes ?? 1 << 20 }, async () => opts.volatile ?? false, opts.now);
  let computed = 0;
  const answer =
    (over: Partial<Answer> = {}, status = 200): (() => Promise<Answer>) =>
    async () => {
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

/** A database whose snapshot probes answer when the test says, with the snapshot it sets. */
function fakeSnapshots() {
  let snapshot = '100:100:';
  const waiting: (() => void)[] = [];
  const sent: string[] = [];
  const db: Queryable = {
    query: async <T>(sql: string) => {
      sent.push(sql);
      await new Promise<void>((r) => waiting.push(r));
      return { rows: [{ snapshot }] as T[] };
    },
    exec: async () => {},
  };
  return {
    db,
    sent,
    set: (s: string) => {
      snapshot = s;
    },
    /** Answers every probe sent so far, then lets the next one go out. */
    answer: async () => {
      const settle = async () => {
        for (let i = 0; i < 10; i++) await Promise.resolve();
      };
      await settle();
      for (const r of waiting.splice(0)) r();
      await settle();
    },
  };
}

describe('snapshotVersions (PostgreSQL)', () => {
  it('shares a probe among requests that arrived before it was sent, and never one sent before they arrived', async () => {
    const fake = fakeSnapshots();
    const versions = snapshotVersions(fake.db);
    const a = versions.begin() as Promise<Version | undefined>;
    const b = versions.begin() as Promise<Version | undefined>;
    await Promise.resolve();
    await Promise.resolve();
    expect(fake.sent).toEqual([SNAPSHOT_SQL]); // a and b share the first probe
    const c = versions.begin() as Promise<Version | undefined>; // arrives after it was sent
    fake.set('100:101:');
    await fake.answer();
    const [va, vb] = await Promise.all([a, b]);
    expect(va).toBe(vb);
    expect(fake.sent.length).toBe(2); // c's own probe went out once the first was answered
    await fake.answer();
    const vc = await c;
    expect(vc?.id).toBe('100:101:');
    expect(vc?.order).toBeGreaterThan(va?.order ?? Number.POSITIVE_INFINITY);
  });

  it('says the data is unchanged only when a later snapshot equals the one read at', async () => {
    const fake = fakeSnapshots();
    const versions = snapshotVersions(fake.db);
    const begun = versions.begin() as Promise<Version | undefined>;
    await fake.answer();
    const v = (await begun) as Version;
    const same = versions.still(v) as Promise<boolean>;
    await fake.answer();
    expect(await same).toBe(true);
    fake.set('100:102:101');
    const moved = versions.still(v) as Promise<boolean>;
    await fake.answer();
    expect(await moved).toBe(false);
  });

  it('stops probing a database without pg_current_snapshot() (PostgreSQL before 13)', async () => {
    let probes = 0;
    const missing = Object.assign(new Error('function pg_current_snapshot() does not exist'), { code: '42883' });
    const db: Queryable = {
      query: async () => {
        probes++;
        throw missing;
      },
      exec: async () => {},
    };
    const versions = snapshotVersions(db);
    expect(await versions.begin()).toBeUndefined();
    expect(await versions.begin()).toBeUndefined();
    expect(probes).toBe(1);
  });

  it('keeps and serves nothing when the probe fails', async () => {
    const db: Queryable = { query: async () => Promise.reject(new Error('connection lost')), exec: async () => {} };
    const cache = new AnswerCache(snapshotVersions(db), { entries: 10, bytes: 1 << 20 }, async () => false);
    let n = 0;
    const compute = async (): Promise<Answer> => ({ response: { status: 200, body: `[${++n}]` }, storable: true });
    await cache.serve(request('/t'), compute);
    await cache.serve(request('/t'), compute);
    expect(n).toBe(2);
    expect(cache.size().entries).toBe(0);
  });
});

describe('AnswerCache over versions from the database', () => {
  /** Versions set by hand: `now` is what begin() observes, `later` what still() observes. */
  function handVersions() {
    const state = { now: { id: 'a', order: 1 } as Version, later: undefined as Version | undefined };
    const versions: Versions = { begin: async () => state.now, still: async (v) => (state.later ?? state.now).id === v.id };
    return { state, versions };
  }
  const answer = (n: { count: number }) => async (): Promise<Answer> => ({ response: { status: 200, body: `[${++n.count}]` }, storable: true });

  it('keeps an answer only when the data was at the same version after it was computed', async () => {
    const { state, versions } = handVersions();
    const cache = new AnswerCache(versions, { entries: 10, bytes: 1 << 20 }, async () => false);
    const n = { count: 0 };
    state.later = { id: 'b', order: 2 }; // a transaction ended while the answer was computed
    await cache.serve(request('/t'), answer(n));
    expect(cache.size().entries).toBe(0);
    state.later = undefined;
    await cache.serve(request('/t'), answer(n));
    await cache.serve(request('/t'), answer(n));
    expect(n.count).toBe(2);
    expect(cache.stats.hits).toBe(1);
  });

  it('drops everything when a later version differs, and never answers a request that observed an older one from newer entries', async () => {
    const { state, versions } = handVersions();
    const cache = new AnswerCache(versions, { entries: 10, bytes: 1 << 20 }, async () => false);
    const n = { count: 0 };
    await cache.serve(request('/t'), answer(n)); // kept at a/1
    state.now = { id: 'b', order: 2 };
    await cache.serve(request('/t'), answer(n)); // b is later: a's entry is dropped, kept at b/2
    expect(n.count).toBe(2);
    state.now = { id: 'a', order: 1 }; // a request whose probe came back before b's
    await cache.serve(request('/t'), answer(n));
    expect(n.count).toBe(3); // computed, not served b's entry…
    state.now = { id: 'b', order: 3 };
    await cache.serve(request('/t'), answer(n));
    expect(n.count).toBe(3); // …and b's entry is still there
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

/**
 * The REST answer cache (server/rest/answer-cache.ts, ADR 0019): on the embedded PGlite, anon reads
 * are answered from memory until anything writes — and no write of any kind (REST, RPC, auth,
 * storage, SQL straight to the database) is ever followed by a stale read, also when reads and
 * writes interleave. On PostgreSQL the cache follows the database's snapshot instead of this
 * process' writes, so writes from a connection of another process (`outside`) are covered the same.
 * Fixture: schemas/pgrst_answer_cache.sql.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PNG_1X1, TEST_PASSWORD, anonClient, rest, schemaClient, serviceClient, sql, uniqueEmail } from './support.ts';

const db = () => schemaClient('pgrst_answer_cache');
const PROFILE = { 'accept-profile': 'pgrst_answer_cache' };

async function n(id: number): Promise<number> {
  const { data, error } = await db().from('items').select('n').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data.n;
}

async function count(view: 'user_count' | 'object_count'): Promise<number> {
  const { data, error } = await db().from(view).select('n').single();
  if (error) throw new Error(error.message);
  return Number(data.n);
}

/** A view or function created mid-run reaches the REST layer's schema cache within about a second. */
async function untilKnown<T>(read: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await read();
    if ((value !== undefined && value !== null && typeof value !== 'object') || i === 30) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * SQL from outside this server. On PostgreSQL: a connection of this test process's own, which the
 * server's pool and write clock know nothing about — as another service or psql would write. On
 * PGlite (whose data folder only the server opens) that is the SQL oracle.
 */
let outsider: pg.Client | undefined;
async function outside(text: string, params: unknown[] = []): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    await sql(text, params);
    return;
  }
  if (!outsider) {
    outsider = new pg.Client({ connectionString: url });
    await outsider.connect();
  }
  await outsider.query(text, params);
}
afterAll(async () => {
  await outsider?.end();
});

beforeEach(async () => {
  await sql("update pgrst_answer_cache.items set n = 0, label = 'item ' || id");
  await sql('delete from pgrst_answer_cache.items where id > 20');
});

describe('a read after a write sees the write', () => {
  it('REST update, insert and delete', async () => {
    expect(await n(1)).toBe(0);
    expect(await n(1)).toBe(0); // now cached
    expect((await db().from('items').update({ n: 5 }).eq('id', 1)).error).toBeNull();
    expect(await n(1)).toBe(5);

    const list = async () => (await db().from('items').select('id').gt('id', 19).order('id')).data?.map((r) => r.id);
    expect(await list()).toEqual([20]);
    expect((await db().from('items').insert({ id: 21, label: 'new' })).error).toBeNull();
    expect(await list()).toEqual([20, 21]);
    expect((await db().from('items').delete().eq('id', 21)).error).toBeNull();
    expect(await list()).toEqual([20]);
  });

  it('an RPC that writes, seen by a table read and by a GET of a stable function', async () => {
    const total = async () => (await db().rpc('total', undefined, { get: true })).data;
    expect(await total()).toBe(0);
    expect(await n(2)).toBe(0);
    expect((await db().rpc('bump', { item: 2 })).data).toBe(1);
    expect(await n(2)).toBe(1);
    expect(await total()).toBe(1);
  });

  it('SQL run straight on the database', async () => {
    expect(await n(3)).toBe(0);
    await sql('update pgrst_answer_cache.items set n = 42 where id = 3');
    expect(await n(3)).toBe(42);
  });

  it('SQL from another process, on a connection of its own', async () => {
    expect(await n(11)).toBe(0);
    expect(await n(11)).toBe(0); // now cached
    await outside('update pgrst_answer_cache.items set n = 9 where id = 11');
    expect(await n(11)).toBe(9);
    if (!process.env.DATABASE_URL) return; // PGlite: no other process can hold a transaction open
    // A transaction of its own, still open while the server reads: not seen until it commits.
    await outside('begin');
    await outside('update pgrst_answer_cache.items set n = 10 where id = 11');
    expect(await n(11)).toBe(9);
    expect(await n(11)).toBe(9);
    await outside('commit');
    expect(await n(11)).toBe(10);
  });

  it('an auth sign-up', async () => {
    const before = await count('user_count');
    expect(await count('user_count')).toBe(before);
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail('cache'), password: TEST_PASSWORD });
    expect(error).toBeNull();
    expect(await count('user_count')).toBe(before + 1);
  });

  it('a storage upload', async () => {
    const before = await count('object_count');
    expect(await count('object_count')).toBe(before);
    const path = `answer-cache/${randomUUID()}.png`;
    const { error } = await serviceClient().storage.from('product-images').upload(path, PNG_1X1, { contentType: 'image/png' });
    expect(error).toBeNull();
    expect(await count('object_count')).toBe(before + 1);
    await serviceClient().storage.from('product-images').remove([path]);
    expect(await count('object_count')).toBe(before);
  });

  it('a HEAD count and a ranged read (206, Content-Range)', async () => {
    const head = async () => (await db().from('items').select('*', { count: 'exact', head: true })).count;
    expect(await head()).toBe(20);
    const page = async () => {
      const res = await rest('/rest/v1/items?select=id&order=id', { headers: { ...PROFILE, range: '0-1', prefer: 'count=exact' } });
      return [res.status, res.headers.get('content-range')];
    };
    expect(await page()).toEqual([206, '0-1/20']);
    expect((await db().from('items').insert({ id: 22, label: 'x' })).error).toBeNull();
    expect(await head()).toBe(21);
    expect(await page()).toEqual([206, '0-1/21']);
  });

  it('a conditional GET with the ETag from before the write gets the new answer, not 304', async () => {
    const get = (etag?: string) => rest('/rest/v1/items?select=id,n&id=eq.4', { headers: { ...PROFILE, ...(etag ? { 'if-none-match': etag } : {}) } });
    const first = await get();
    const etag = first.headers.get('etag') ?? '';
    expect((await get(etag)).status).toBe(304);
    await sql('update pgrst_answer_cache.items set n = 7 where id = 4');
    const after = await get(etag);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual([{ id: 4, n: 7 }]);
  });
});

describe('what is not kept', () => {
  it('an error answer: once the row exists, it is read', async () => {
    const one = () => rest('/rest/v1/items?select=id&id=eq.30', { headers: { ...PROFILE, accept: 'application/vnd.pgrst.object+json' } });
    expect((await one()).status).toBe(406);
    await sql("insert into pgrst_answer_cache.items (id, label) values (30, 'late')");
    const res = await one();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 30 });
  });

  it('answers of a view that reads the clock', async () => {
    const view = `clock_${randomUUID().slice(0, 8)}`;
    await sql(`create view pgrst_answer_cache.${view} as select clock_timestamp()::text as t`);
    await sql(`grant select on pgrst_answer_cache.${view} to anon`);
    try {
      const read = async () => (await db().from(view).select('t').single()).data?.t;
      const first = await untilKnown(read);
      expect(first).toBeTruthy();
      expect(await read()).not.toBe(first);
    } finally {
      await sql(`drop view pgrst_answer_cache.${view}`);
    }
  });

  it('answers of a function that reads request.headers', async () => {
    const fn = `agent_${randomUUID().slice(0, 8)}`;
    await sql(`create function pgrst_answer_cache.${fn}() returns text language sql stable as
      $$ select current_setting('request.headers', true)::json->>'user-agent' $$`);
    await sql(`grant execute on function pgrst_answer_cache.${fn}() to anon`);
    try {
      const call = async (agent: string) => (await rest(`/rest/v1/rpc/${fn}`, { headers: { ...PROFILE, 'user-agent': agent } })).json();
      expect(await untilKnown(() => call('first'))).toBe('first');
      expect(await call('second')).toBe('second');
    } finally {
      await sql(`drop function pgrst_answer_cache.${fn}()`);
    }
  });

  it('an answer for one token to a request with another (a refused token stays refused)', async () => {
    const { data } = await db().from('items').select('id').eq('id', 5);
    expect(data).toEqual([{ id: 5 }]);
    const res = await rest('/rest/v1/items?select=id&id=eq.5', { headers: { ...PROFILE, authorization: 'Bearer not-a-jwt' } });
    expect(res.status).toBe(401);
  });
});

describe('under concurrency', () => {
  it('interleaved writers and readers: after each write resolves, every read shows it', async () => {
    const writers = [6, 7, 8, 9, 10];
    const rounds = 8;
    const all = async () => {
      const { data, error } = await db().from('items').select('id,n').order('id');
      if (error) throw new Error(error.message);
      return new Map(data.map((r) => [r.id as number, r.n as number]));
    };
    const stale: string[] = [];
    await Promise.all([
      ...writers.map(async (id) => {
        for (let v = 1; v <= rounds; v++) {
          // Three ways to write, taking turns: REST update, RPC, SQL on the database (through the
          // server's connection, or another process's own).
          if (v % 3 === 0) await (id % 2 ? outside : sql)('update pgrst_answer_cache.items set n = n + 1 where id = $1', [id]);
          else if (v % 3 === 1) expect((await db().from('items').update({ n: v }).eq('id', id)).error).toBeNull();
          else expect((await db().rpc('bump', { item: id })).error).toBeNull();
          const [own, seen] = await Promise.all([n(id), all()]);
          if (own !== v) stale.push(`item ${id}: own read ${own}, wrote ${v}`);
          if ((seen.get(id) ?? -1) < v) stale.push(`item ${id}: table read ${seen.get(id)}, wrote ${v}`);
        }
      }),
      // Readers that keep the shared full-table answer hot in the cache meanwhile.
      ...[1, 2, 3].map(async () => {
        for (let i = 0; i < rounds * 2; i++) await all();
      }),
    ]);
    expect(stale).toEqual([]);
    const final = await all();
    for (const id of writers) expect(final.get(id)).toBe(rounds);
  });
});

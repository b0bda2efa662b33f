import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startApiServer, type ApiServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/pglite.ts';
import { migrate } from '../db/migrate.ts';
import type { Database } from '../db/types.ts';
import { signJwt } from '../jwt.ts';

/**
 * /rest/v1 over HTTP, driven by supabase-js, on a schema of its own (`rest_test`) so it depends on
 * nothing but the Supabase shim. Tables carry grants and RLS like the app's.
 */
const SCHEMA_SQL = `
create schema rest_test;
grant usage on schema rest_test to anon, authenticated, service_role;
create table rest_test.authors (id int primary key, name text not null, active boolean not null default true, avatar bytea, born date);
create table rest_test.items (
  id serial primary key, slug text unique not null, title text, tags text[] default '{}', price numeric(10,2),
  big int8, status text not null default 'published' check (status in ('draft','published')),
  data jsonb, during int4range, body_tsv tsvector, author_id int references rest_test.authors(id),
  editor_id int references rest_test.authors(id), created_at timestamptz not null default '2026-01-01T00:00:00Z');
create table rest_test.variants (id serial primary key, item_id int not null references rest_test.items(id) on delete cascade, size text, price int);
create table rest_test.notes (id serial primary key, body text not null);
create view rest_test.item_listing with (security_invoker = true) as
  select i.*, (select min(v.price) from rest_test.variants v where v.item_id = i.id) as min_price from rest_test.items i;
create function rest_test.item_stats(item int) returns table(variant_count bigint, cheapest int) language sql stable
  as $$ select count(*), min(price) from rest_test.variants where item_id = item $$;
create function rest_test.add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
create function rest_test.slugs() returns setof text language sql stable as $$ select slug from rest_test.items order by id $$;
create function rest_test.bump(item int) returns rest_test.items language sql volatile
  as $$ update rest_test.items set price = price + 1 where id = item returning * $$;
create function rest_test.fail() returns void language plpgsql as $$ begin raise exception 'nope' using hint = 'just because'; end $$;
alter table rest_test.items enable row level security;
alter table rest_test.variants enable row level security;
alter table rest_test.authors enable row level security;
alter table rest_test.notes enable row level security;
create policy read_published on rest_test.items for select using (status = 'published' or auth.role() = 'service_role');
create policy write_items on rest_test.items for all to authenticated, service_role using (true) with check (true);
create policy read_variants on rest_test.variants for select using (true);
create policy write_variants on rest_test.variants for all to authenticated, service_role using (true) with check (true);
create policy read_authors on rest_test.authors for select using (true);
create policy insert_notes on rest_test.notes for insert to anon with check (true);
grant select on all tables in schema rest_test to anon, authenticated;
grant insert, update, delete on rest_test.items, rest_test.variants to authenticated;
grant all on all tables in schema rest_test to service_role;
grant insert on rest_test.notes to anon;
revoke select on rest_test.notes from anon, authenticated;
grant usage on all sequences in schema rest_test to anon, authenticated, service_role;
`;

const SEED_SQL = `
truncate rest_test.variants, rest_test.items, rest_test.authors, rest_test.notes restart identity cascade;
insert into rest_test.authors values (1, 'Ada'), (2, 'Grace');
insert into rest_test.items (slug, title, tags, price, big, status, data, during, body_tsv, author_id, editor_id) values
  ('tee-a', 'Tee A', '{gym,new}', 19.99, 9007199254740993, 'published', '{"color":{"name":"red"},"n":1}', '[1,5)', to_tsvector('english', 'fat cats eat'), 1, 2),
  ('tee-b', 'Tee, B (50% off)', '{gym}', 29.50, null, 'published', '{"color":{"name":"blue"},"n":2}', '[5,10)', to_tsvector('english', 'lazy dogs sleep'), 2, null),
  ('shorts', 'Shorts_"x"\\y', '{}', 9.00, 1, 'published', null, null, null, null, null),
  ('hidden', 'Draft', '{new}', 1.00, null, 'draft', null, null, null, 1, null);
insert into rest_test.variants (item_id, size, price) values (1, 'S', 1999), (1, 'M', 2099), (2, 'L', 2950), (4, 'S', 100);
`;

let db: Database;
let api: ApiServer;
type Client = ReturnType<typeof clientWith>;
let anon: Client;
let service: Client;
let user: Client;
let rest: string;
let anonKey: string;
let userToken: string;

const clientWith = (key: string, bearer?: string) =>
  createClient(api.url, key, {
    db: { schema: 'rest_test' },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : undefined,
  });

beforeAll(async () => {
  db = await openPglite(undefined);
  await migrate(db, join(tmpdir(), 'no-migrations-here'));
  await db.exec(SCHEMA_SQL);
  const config = loadConfig({}, { apiPort: 0, dataDir: undefined, dbSchemas: ['public', 'rest_test'] });
  api = await startApiServer({ config, db, storageDir: mkdtempSync(join(tmpdir(), 'rest-test-')) }, 0);
  rest = `${api.url}/rest/v1`;
  anonKey = config.anonKey;
  anon = clientWith(config.anonKey);
  service = clientWith(config.serviceRoleKey);
  userToken = await signJwt({ role: 'authenticated', sub: '00000000-0000-0000-0000-000000000001', exp: Math.floor(Date.now() / 1000) + 3600 }, config.jwtSecret);
  user = clientWith(config.anonKey, userToken);
}, 60_000);

afterAll(async () => {
  await api?.close();
  await db?.close();
});

beforeEach(async () => {
  await db.exec(SEED_SQL);
});

const raw = (path: string, init: RequestInit = {}) =>
  fetch(`${rest}${path}`, { ...init, headers: { apikey: anonKey, 'accept-profile': 'rest_test', 'content-profile': 'rest_test', ...(init.headers as Record<string, string>) } });

describe('select and embeds', () => {
  it('embeds both directions, aliases, hints and nested embeds', async () => {
    const { data, error } = await anon
      .from('variants')
      .select('size, item:items(slug, author:authors!items_author_id_fkey(name), editor:authors!editor_id(name), variants(size))')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ size: 'S', item: { slug: 'tee-a', author: { name: 'Ada' }, editor: { name: 'Grace' }, variants: [{ size: 'S' }, { size: 'M' }] } });
  });

  it('an ambiguous embed is 300 PGRST201; a missing one 400 PGRST200', async () => {
    const ambiguous = await anon.from('items').select('id, authors(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    const missing = await anon.from('items').select('id, notes(id)');
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('PGRST200');
  });

  it('numbers, big ints, numerics, timestamps and JSON come out as Postgres prints them', async () => {
    const res = await raw('/items?select=price,big,created_at,data,during&slug=eq.tee-a');
    expect(await res.text()).toBe('[{"price":19.99,"big":9007199254740993,"created_at":"2026-01-01T00:00:00+00:00","data":{"n": 1, "color": {"name": "red"}},"during":"[1,5)"}]');
  });

  it("views inherit their base tables' foreign keys", async () => {
    const { data, error } = await anon.from('item_listing').select('slug, min_price, variants(size), authors!author_id(name)').order('id').limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ slug: 'tee-a', min_price: 1999, variants: [{ size: 'S' }, { size: 'M' }], authors: { name: 'Ada' } }]);
  });

  it('!inner with filters on the embed filters the parents (the purchase check)', async () => {
    const { data } = await anon.from('variants').select('id, items!inner(slug)').eq('items.slug', 'tee-b');
    expect(data).toEqual([{ id: 3, items: { slug: 'tee-b' } }]);
    const none = await anon.from('items').select('slug, variants!inner(size)').eq('variants.size', 'XL');
    expect(none.data).toEqual([]);
    const left = await anon.from('items').select('slug, variants(size)').eq('variants.size', 'M').order('id');
    expect(left.data?.map((i) => i.variants)).toEqual([[{ size: 'M' }], [], []]);
  });

  it('filters on the presence of an embed: rel=is.null / rel=not.is.null', async () => {
    const withVariants = await anon.from('items').select('slug, variants(id)').not('variants', 'is', null).order('id');
    expect(withVariants.data?.map((i) => i.slug)).toEqual(['tee-a', 'tee-b']);
    const large = await anon.from('items').select('slug, variants(id)').eq('variants.size', 'L').is('variants', null).order('id');
    expect(large.data?.map((i) => i.slug)).toEqual(['tee-a', 'shorts']);
    const orForm = await anon.from('items').select('slug, variants(id)').or('variants.is.null,slug.eq.tee-a').order('id');
    expect(orForm.data?.map((i) => i.slug)).toEqual(['tee-a', 'shorts']);
    const wrongOp = await anon.from('items').select('slug, variants(id)').eq('variants', 1);
    expect([wrongOp.status, wrongOp.error?.code]).toEqual([400, 'PGRST120']);
  });

  it('embedded order, limit and or; counts', async () => {
    const { data } = await anon
      .from('items')
      .select('slug, variants(size, price), variants_count:variants(count)')
      .order('price', { referencedTable: 'variants', ascending: false })
      .limit(1, { referencedTable: 'variants' })
      .or('size.eq.S,size.eq.L', { referencedTable: 'variants' })
      .eq('slug', 'tee-a');
    expect(data).toEqual([{ slug: 'tee-a', variants: [{ size: 'S', price: 1999 }], variants_count: [{ count: 2 }] }]);
    const total = await raw('/items?select=count()');
    expect(await total.json()).toEqual([{ count: 3 }]);
  });

  it('casts and JSON paths', async () => {
    const { data } = await anon.from('items').select('slug, price::text, color:data->color->>name, n:data->n').eq('data->color->>name', 'blue');
    expect(data).toEqual([{ slug: 'tee-b', price: '29.50', color: 'blue', n: 2 }]);
  });
});

describe('every filter of postgrest-js', () => {
  const slugs = async (q: PromiseLike<{ data: { slug: string }[] | null; error: unknown }>) => {
    const { data, error } = await q;
    expect(error).toBeNull();
    return data?.map((r) => r.slug).sort();
  };
  const items = () => anon.from('items').select('slug');

  it('comparison, pattern and null operators', async () => {
    expect(await slugs(items().eq('slug', 'tee-a'))).toEqual(['tee-a']);
    expect(await slugs(items().neq('slug', 'tee-a'))).toEqual(['shorts', 'tee-b']);
    expect(await slugs(items().gt('price', 10))).toEqual(['tee-a', 'tee-b']);
    expect(await slugs(items().gte('price', 19.99))).toEqual(['tee-a', 'tee-b']);
    expect(await slugs(items().lt('price', 10))).toEqual(['shorts']);
    expect(await slugs(items().lte('price', 9))).toEqual(['shorts']);
    expect(await slugs(items().like('title', '%Tee%'))).toEqual(['tee-a', 'tee-b']);
    expect(await slugs(items().ilike('title', '*tee*'))).toEqual(['tee-a', 'tee-b']);
    expect(await slugs(items().likeAnyOf('slug', ['tee-%', 'sh%']))).toEqual(['shorts', 'tee-a', 'tee-b']);
    expect(await slugs(items().likeAllOf('slug', ['tee-%', '%a']))).toEqual(['tee-a']);
    expect(await slugs(items().ilikeAnyOf('title', ['%SHORTS%']))).toEqual(['shorts']);
    expect(await slugs(items().ilikeAllOf('title', ['%TEE%', '%B%']))).toEqual(['tee-b']);
    expect(await slugs(items().match({ slug: 'tee-a', status: 'published' }))).toEqual(['tee-a']);
    expect(await slugs(items().regexMatch('slug', '^tee-[ab]$'))).toEqual(['tee-a', 'tee-b']);
    expect(await slugs(items().regexIMatch('slug', '^TEE-A$'))).toEqual(['tee-a']);
    expect(await slugs(items().is('data', null))).toEqual(['shorts']);
    expect(await slugs(items().not('data', 'is', null))).toEqual(['tee-a', 'tee-b']);
    expect(await slugs(items().isDistinct('big', 1))).toEqual(['tee-a', 'tee-b']);
    expect(await slugs(items().in('slug', ['tee-a', 'shorts', 'a,b(c)']))).toEqual(['shorts', 'tee-a']);
    expect(await slugs(items().not('slug', 'in', '(tee-a,shorts)'))).toEqual(['tee-b']);
  });

  it('array, range and JSON containment', async () => {
    expect(await slugs(items().contains('tags', ['gym', 'new']))).toEqual(['tee-a']);
    expect(await slugs(items().containedBy('tags', ['gym']))).toEqual(['shorts', 'tee-b']);
    expect(await slugs(items().overlaps('tags', ['new', 'x']))).toEqual(['tee-a']);
    expect(await slugs(items().contains('data', { color: { name: 'red' } }))).toEqual(['tee-a']);
    expect(await slugs(items().overlaps('during', '[4,6)'))).toEqual(['tee-a', 'tee-b']);
    expect(await slugs(items().rangeLt('during', '[5,6)'))).toEqual(['tee-a']);
    expect(await slugs(items().rangeGt('during', '[1,5)'))).toEqual(['tee-b']);
    expect(await slugs(items().rangeGte('during', '[5,6)'))).toEqual(['tee-b']);
    expect(await slugs(items().rangeLte('during', '[1,5)'))).toEqual(['tee-a']);
    expect(await slugs(items().rangeAdjacent('during', '[10,12)'))).toEqual(['tee-b']);
  });

  it('full-text search in all four forms', async () => {
    expect(await slugs(items().textSearch('body_tsv', 'cats & fat', { config: 'english' }))).toEqual(['tee-a']);
    expect(await slugs(items().textSearch('body_tsv', 'lazy dogs', { type: 'plain', config: 'english' }))).toEqual(['tee-b']);
    expect(await slugs(items().textSearch('body_tsv', 'fat cats', { type: 'phrase', config: 'english' }))).toEqual(['tee-a']);
    expect(await slugs(items().textSearch('body_tsv', 'dogs -cats', { type: 'websearch' }))).toEqual(['tee-b']);
    expect(await slugs(items().textSearch('title', 'shorts'))).toEqual(['shorts']);
  });

  it('or() with values quoted as the app does: commas, parentheses, quotes, %, _ and backslashes', async () => {
    const quote = (v: string) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    expect(await slugs(items().or(`title.ilike.${quote(like('tee, b (50% off)'))},slug.eq.none`))).toEqual(['tee-b']);
    expect(await slugs(items().or(`title.ilike.${quote(like('_"x"\\y'))}`))).toEqual(['shorts']);
    expect(await slugs(items().or(`title.ilike.${quote(like('_'))}`))).toEqual(['shorts']);
    expect(await slugs(items().or('slug.eq.tee-a,and(price.lt.10,tags.not.cs.{gym})'))).toEqual(['shorts', 'tee-a']);
    expect(await slugs(items().not('slug', 'eq', 'tee-a').or('price.gt.20,price.lt.10'))).toEqual(['shorts', 'tee-b']);
    expect(await slugs(items().filter('slug', 'in', '("tee-a","tee-b")'))).toEqual(['tee-a', 'tee-b']);
  });
});

describe('order, range, count, single, csv', () => {
  it('order with nulls, range and exact count → Content-Range and 206', async () => {
    const { data, count, status } = await anon.from('items').select('slug', { count: 'exact' }).order('big', { ascending: false, nullsFirst: false }).order('slug').range(0, 1);
    expect(data).toEqual([{ slug: 'tee-a' }, { slug: 'shorts' }]);
    expect(count).toBe(3);
    expect(status).toBe(206);
    const res = await raw('/items?select=slug&offset=1&limit=12', { headers: { prefer: 'count=exact' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-2/3');
    const all = await raw('/items?select=slug', { headers: { prefer: 'count=exact' } });
    expect([all.status, all.headers.get('content-range')]).toEqual([200, '0-2/3']);
    const empty = await raw('/items?slug=eq.none', { headers: { prefer: 'count=exact' } });
    expect([empty.status, empty.headers.get('content-range')]).toEqual([200, '*/0']);
    const noCount = await raw('/items?select=slug&limit=2');
    expect(noCount.headers.get('content-range')).toBe('0-1/*');
    const header = await raw('/items?select=slug&order=id', { headers: { range: '1-1', 'range-unit': 'items' } });
    expect(await header.json()).toEqual([{ slug: 'tee-b' }]);
    const beyond = await raw('/items?offset=10', { headers: { prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
  });

  it('planned and estimated counts', async () => {
    await db.exec('analyze rest_test.items');
    const planned = await raw('/items?select=slug&limit=1', { headers: { prefer: 'count=planned' } });
    expect(planned.headers.get('content-range')).toMatch(/^0-0\/\d+$/);
    expect(planned.headers.get('preference-applied')).toBe('count=planned');
    const estimated = await anon.from('items').select('slug', { count: 'estimated' }).limit(1);
    expect(estimated.count).toBe(3);
  });

  it('HEAD with count', async () => {
    const { count, data, status } = await anon.from('items').select('*', { count: 'exact', head: true }).eq('status', 'published');
    expect([count, data, status]).toEqual([3, null, 200]);
  });

  it('single and maybeSingle', async () => {
    expect((await anon.from('items').select('slug').eq('slug', 'tee-a').single()).data).toEqual({ slug: 'tee-a' });
    const none = await anon.from('items').select('slug').eq('slug', 'zzz').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows', message: 'Cannot coerce the result to a single JSON object' });
    expect((await anon.from('items').select('slug').eq('slug', 'zzz').maybeSingle()).data).toBeNull();
    expect((await anon.from('items').select('slug').eq('slug', 'tee-b').maybeSingle()).data).toEqual({ slug: 'tee-b' });
  });

  it('csv, stripped nulls, and an unknown Accept', async () => {
    const { data } = await anon.from('items').select('slug,title').in('slug', ['tee-b', 'shorts']).order('id').csv();
    // Postgres' record output (PostgREST's CSV) doubles quotes and backslashes inside a quoted field.
    expect(data).toBe('slug,title\ntee-b,"Tee, B (50% off)"\nshorts,"Shorts_""x""\\\\y"');
    const stripped = await raw('/items?select=slug,data&slug=eq.shorts', { headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' } });
    expect(await stripped.json()).toEqual([{ slug: 'shorts' }]);
    const html = await raw('/items', { headers: { accept: 'text/html' } });
    expect(html.status).toBe(406);
    expect((await html.json()).code).toBe('PGRST107');
  });
});

describe('writes', () => {
  it('insert without select returns nothing (201); with select returns rows and embeds', async () => {
    const plain = await user.from('items').insert({ slug: 'new-1', title: 'New' });
    expect([plain.status, plain.data, plain.error]).toEqual([201, null, null]);
    const { data, error, status } = await user
      .from('items')
      .insert([
        { slug: 'new-2', author_id: 1 },
        { slug: 'new-3', title: 'T3' },
      ])
      .select('slug, title, authors!author_id(name)');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { slug: 'new-2', title: null, authors: { name: 'Ada' } },
      { slug: 'new-3', title: 'T3', authors: null },
    ]);
    const single = await user.from('items').insert({ slug: 'new-4', price: 5 }).select().single();
    expect(single.data).toMatchObject({ slug: 'new-4', price: 5, status: 'published', tags: [] });
  });

  it('missing=default fills absent columns from their defaults', async () => {
    await service.from('items').insert([{ slug: 'd1', status: 'draft' }, { slug: 'd2' }], { defaultToNull: false });
    const { data } = await service.from('items').select('slug,status').in('slug', ['d1', 'd2']).order('slug');
    expect(data).toEqual([
      { slug: 'd1', status: 'draft' },
      { slug: 'd2', status: 'published' },
    ]);
  });

  it('a role without SELECT can still insert with return=minimal', async () => {
    const { error, status } = await anon.from('notes').insert({ body: 'hello' });
    expect([error, status]).toEqual([null, 201]);
    const rows = await db.query<{ body: string }>('select body from rest_test.notes');
    expect(rows.rows).toEqual([{ body: 'hello' }]);
    const denied = await anon.from('notes').insert({ body: 'x' }).select();
    expect(denied.status).toBe(401);
    expect(denied.error?.code).toBe('42501');
  });

  it('upsert merges or ignores duplicates, on a chosen conflict target', async () => {
    const merged = await user.from('items').upsert({ slug: 'tee-a', title: 'Merged' }, { onConflict: 'slug' }).select('slug,title');
    expect(merged.data).toEqual([{ slug: 'tee-a', title: 'Merged' }]);
    const ignored = await user.from('items').upsert({ slug: 'tee-b', title: 'Ignored' }, { onConflict: 'slug', ignoreDuplicates: true }).select('slug,title');
    expect(ignored.data).toEqual([]);
    expect((await db.query('select title from rest_test.items where slug = $1', ['tee-b'])).rows).toEqual([{ title: 'Tee, B (50% off)' }]);
  });

  it('update and delete, with and without select', async () => {
    const updated = await user.from('items').update({ title: 'Upd' }).eq('slug', 'tee-a').select('slug,title').single();
    expect(updated.data).toEqual({ slug: 'tee-a', title: 'Upd' });
    const quiet = await user.from('items').update({ price: 1 }).lt('price', 10);
    expect([quiet.status, quiet.data]).toEqual([204, null]);
    const deleted = await user.from('variants').delete().eq('item_id', 1).select('size');
    expect(deleted.data).toEqual([{ size: 'S' }, { size: 'M' }]);
    const { status, count } = await user.from('variants').delete({ count: 'exact' }).eq('item_id', 2);
    expect([status, count]).toEqual([204, 1]);
  });

  it('updates and deletes without a filter are refused, as pg-safeupdate does on hosted Supabase', async () => {
    const del = await service.from('variants').delete();
    expect([del.status, del.error?.code, del.error?.message]).toEqual([400, '21000', 'DELETE requires a WHERE clause']);
    const upd = await service.from('items').update({ title: 'all' });
    expect([upd.status, upd.error?.message]).toEqual([400, 'UPDATE requires a WHERE clause']);
    expect((await db.query('select count(*)::int as n from rest_test.variants')).rows).toEqual([{ n: 4 }]);
  });

  it('constraint errors map to PostgREST statuses and change nothing', async () => {
    const dup = await service.from('items').insert({ slug: 'tee-a' });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({ code: '23505', details: 'Key (slug)=(tee-a) already exists.' });
    // Postgres withholds the key from callers subject to RLS.
    expect((await user.from('items').insert({ slug: 'tee-a' })).error).toMatchObject({ code: '23505', details: null });
    expect((await user.from('variants').insert({ item_id: 999 })).status).toBe(409);
    expect((await user.from('items').insert({ slug: 'x', status: 'nope' })).error?.code).toBe('23514');
    expect((await user.from('items').insert({ title: 'no slug' })).error?.code).toBe('23502');
    expect((await user.from('items').insert({ slug: 'x', price: 'abc' })).status).toBe(400);
    expect((await user.from('items').insert({ slug: 'nul\u0000byte' })).status).toBe(400);
    expect((await user.from('items').insert([{ slug: 'ok-row' }, 'not an object'] as never)).error?.code).toBe('PGRST102');
    const unknown = await user.from('items').insert({ slug: 'x', nope: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'items' in the schema cache" });
    const anonWrite = await anon.from('items').insert({ slug: 'anon' });
    expect([anonWrite.status, anonWrite.error?.code]).toEqual([401, '42501']);
    expect((await db.query('select count(*)::int as n from rest_test.items')).rows).toEqual([{ n: 4 }]);
  });

  it('rollback, strict handling and max-affected', async () => {
    const rolled = await user.from('items').insert({ slug: 'rolled' }).select('slug').rollback();
    expect(rolled.data).toEqual([{ slug: 'rolled' }]);
    expect((await db.query('select 1 from rest_test.items where slug = $1', ['rolled'])).rows).toEqual([]);
    // postgrest-js types maxAffected() for PostgREST 13+ schemas only; these are the headers it sends.
    const tooMany = await raw('/items?slug=neq.none', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${userToken}`, prefer: 'handling=strict, max-affected=1' },
      body: '{"title":"x"}',
    });
    expect([tooMany.status, (await tooMany.json()).code]).toEqual([400, 'PGRST124']);
    expect((await db.query("select count(*)::int as n from rest_test.items where title = 'x'")).rows).toEqual([{ n: 0 }]);
    const strict = await raw('/items', { headers: { prefer: 'handling=strict, bogus=1' } });
    expect([strict.status, (await strict.json()).code]).toEqual([400, 'PGRST122']);
    const malformed = await raw('/items', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${anonKey}` }, body: '{"slug":' });
    expect([malformed.status, (await malformed.json()).code]).toEqual([400, 'PGRST102']);
  });
});

describe('rpc', () => {
  it('POST and GET, scalar, setof, table-returning, with filters on the result', async () => {
    expect((await anon.rpc('add', { a: 1 })).data).toBe(11);
    expect((await anon.rpc('add', { a: 1, b: 2 }, { get: true })).data).toBe(3);
    expect((await anon.rpc('slugs')).data).toEqual(['tee-a', 'tee-b', 'shorts']);
    expect((await anon.rpc('item_stats', { item: 1 })).data).toEqual([{ variant_count: 2, cheapest: 1999 }]);
    const filtered = await anon.rpc('item_stats', { item: 1 }, { get: true }).select('cheapest').gt('variant_count', 5);
    expect(filtered.data).toEqual([]);
    const head = await anon.rpc('item_stats', { item: 1 }, { head: true, count: 'exact' });
    expect([head.status, head.count]).toEqual([200, 1]);
  });

  it('volatile functions: POST works, GET is 405', async () => {
    const bumped = await user.rpc('bump', { item: 1 });
    expect(bumped.data).toMatchObject({ slug: 'tee-a', price: 20.99 });
    const viaGet = await user.rpc('bump', { item: 1 }, { get: true });
    expect(viaGet.status).toBe(405);
  });

  it('unknown functions and raised exceptions', async () => {
    const missing = await anon.rpc('nope', { x: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function rest_test.nope(x) in the schema cache' });
    const viaGet = await anon.rpc('nope', { x: 1 }, { get: true });
    expect([viaGet.status, viaGet.error?.code]).toEqual([404, 'PGRST202']);
    const wrongArgs = await anon.rpc('add', { z: 1 });
    expect(wrongArgs.error?.code).toBe('PGRST202');
    const raised = await anon.rpc('fail');
    expect(raised.status).toBe(400);
    expect(raised.error).toMatchObject({ code: 'P0001', message: 'nope', hint: 'just because' });
  });

  it('a body over the 1 MB limit is 413, for a function and for a table, and writes nothing', async () => {
    const big = JSON.stringify({ a: 1, b: 2, pad: 'x'.repeat(1024 * 1024) });
    const call = await raw('/rpc/add', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(call.status).toBe(413);
    expect(await call.json()).toMatchObject({ code: 'PGRST413', message: 'The object exceeded the maximum allowed size' });
    const insert = await raw('/notes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body: 'x'.repeat(1024 * 1024) }) });
    expect(insert.status).toBe(413);
    expect((await db.query('select count(*)::int as n from rest_test.notes')).rows).toEqual([{ n: 0 }]);
  });
});

describe('roles, schemas and errors', () => {
  it('RLS decides what each role sees', async () => {
    expect((await anon.from('items').select('slug')).data).toHaveLength(3);
    expect((await service.from('items').select('slug')).data).toHaveLength(4);
  });

  it('JWT problems are 401 with PostgREST codes', async () => {
    const secret = 'super-secret-jwt-token-with-at-least-32-characters-long';
    const expired = await signJwt({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 }, secret);
    const res = await raw('/items', { headers: { authorization: `Bearer ${expired}` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(await res.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    const forged = await raw('/items', { headers: { authorization: 'Bearer abc.def.ghi' } });
    expect([forged.status, (await forged.json()).code]).toEqual([401, 'PGRST301']);
    const postgres = await signJwt({ role: 'postgres' }, secret);
    const superuser = await raw('/items', { headers: { authorization: `Bearer ${postgres}` } });
    expect(superuser.status).toBe(401);
  });

  it('unknown schema, table, column', async () => {
    const schema = await raw('/items', { headers: { 'accept-profile': 'auth' } });
    expect([schema.status, (await schema.json()).code]).toEqual([406, 'PGRST106']);
    const table = await anon.from('nope').select();
    expect([table.status, table.error?.message]).toEqual([404, "Could not find the table 'rest_test.nope' in the schema cache"]);
    const column = await anon.from('items').select('nope');
    expect([column.status, column.error?.code]).toEqual([400, '42703']);
  });

  it('new tables appear without a restart', async () => {
    await db.exec('create table rest_test.fresh (id int primary key); grant select on rest_test.fresh to anon; insert into rest_test.fresh values (7);');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await anon.from('fresh').select()).data).toEqual([{ id: 7 }]);
    await db.exec('drop table rest_test.fresh');
  });
});

describe('remembered read plans', () => {
  /** An answer as a client sees it, but for Date; signed in, so the answer cache keeps none of it. */
  const answer = async (path: string, init: RequestInit = {}) => {
    const res = await raw(path, { ...init, headers: { authorization: `Bearer ${userToken}`, ...(init.headers as Record<string, string>) } });
    const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
    return { status: res.status, headers, body: await res.text() };
  };
  let fresh = 0;
  /** The same read with a query string never seen before (a query `apikey` is ignored), so parsed and planned afresh. */
  const freshly = (path: string, init?: RequestInit) => answer(`${path}&apikey=fresh-${fresh++}`, init);

  it('answer as a fresh plan does, whatever the headers that shape the plan', async () => {
    const path = '/items?select=slug,data,variants(size,price)&order=id';
    const variants: RequestInit[] = [
      {},
      { headers: { range: '1-2' } },
      { headers: { range: '1-' } },
      { headers: { range: '0-0', 'range-unit': 'items' } },
      { headers: { range: '0-0', 'range-unit': 'bytes' } },
      { headers: { accept: 'text/csv' } },
      { headers: { accept: 'application/vnd.pgrst.array+json;nulls=stripped' } },
      { headers: { accept: 'application/vnd.pgrst.object+json' } },
      { headers: { prefer: 'count=exact' } },
      { headers: { prefer: 'count=planned' } },
      { headers: { prefer: 'count=estimated' } },
      { headers: { prefer: 'count=exact', range: '5-9' } },
      { method: 'HEAD', headers: { prefer: 'count=exact' } },
      { headers: { 'accept-profile': 'public' } },
    ];
    for (let round = 0; round < 2; round++) {
      for (const init of variants) expect(await answer(path, init)).toEqual(await freshly(path, init));
    }
    const one = '/items?select=slug,variants(size)&slug=eq.tee-a';
    for (const init of [{ headers: { accept: 'application/vnd.pgrst.object+json' } }, {}, { method: 'HEAD' }, { headers: { accept: 'application/vnd.pgrst.object+json' } }]) {
      expect(await answer(one, init)).toEqual(await freshly(one, init));
    }
  });

  it('a schema change reaches remembered plans as it reaches fresh ones', async () => {
    await db.exec(
      `create table rest_test.planned (id int primary key, a text); grant select on rest_test.planned to authenticated; insert into rest_test.planned values (1, 'x');`,
    );
    await new Promise((r) => setTimeout(r, 1100));
    const path = '/planned?select=id,a&id=gt.0';
    expect(await answer(path)).toMatchObject({ status: 200, body: '[{"id":1,"a":"x"}]' });
    await db.exec('alter table rest_test.planned rename column a to b');
    // Within a second of the last load the cache is not reloaded: both are planned with the old one.
    expect(await answer(path)).toEqual(await freshly(path));
    // Later a failing read reloads it; both are then planned with the new one.
    await new Promise((r) => setTimeout(r, 1100));
    await answer(path);
    await new Promise((r) => setTimeout(r, 300));
    for (let round = 0; round < 2; round++) expect(await answer(path)).toEqual(await freshly(path));
    expect((await answer(path)).body).toContain('column planned.a does not exist');
    expect(await answer('/planned?select=id,b&id=gt.0')).toMatchObject({ status: 200, body: '[{"id":1,"b":"x"}]' });
    await db.exec('drop table rest_test.planned');
  });
});

describe('hostile query strings', () => {
  it('SQL in values is only ever a value', async () => {
    for (const value of ["x'; drop table rest_test.items;--", 'x" or 1=1 --', '1) or (1=1', '$1', '\\x00']) {
      const quoted = `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
      const { data, error } = await anon.from('items').select('slug').or(`slug.eq.${quoted},title.ilike.${quoted}`).eq('slug', value);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect((await db.query('select count(*)::int as n from rest_test.items')).rows).toEqual([{ n: 4 }]);
  });

  const hostile = [
    '/items?select=slug,(select%201)',
    '/items?select=slug%22%3Bdrop%20table%20rest_test.items%3B--',
    '/items?select=price::text%3Bdrop%20table%20x',
    '/items?select=price::int)%20from%20rest_test.items%3B--',
    '/items?select=price::pg_sleep',
    '/items?select=data->%27a%27)%3Bdrop',
    '/items?select=data->>a%20or%201=1',
    '/items?order=slug%3Bdrop%20table%20rest_test.items',
    '/items?order=(select%201)',
    '/items?order=slug.desc%20nulls%20first',
    '/items?slug%22%3Bdrop=eq.1',
    '/items?or=(slug.eq.a)%3Bdrop%20table%20rest_test.items',
    '/items?or=(slug.eq.a,price.gt.1))',
    '/items?price=gt.abc',
    '/items?created_at=lt.notadate',
    '/items?during=ov.[5',
    '/items?tags=cs.{unclosed',
    '/items?data=cs.{bad json',
    '/items?body_tsv=fts(no_such_config).x',
    '/items?title=fts(english).%26%26%26',
    '/items?limit=1;drop',
    '/items?limit=-1',
    '/items?id=in.(1,2',
    '/items?select=variants(variants(variants(variants(variants(variants(variants(variants(variants(id)))))))))',
    '/items?slug=eq.a%00b',
    '/items?select=slug&zzz=eq.1',
    '/items?slug=constructor.x',
    '/authors?active=lte.->>!not',
    '/authors?active=in.(true,maybe)',
    '/authors?avatar=eq.\\xZZ',
    '/authors?born=gt.someday',
    '/items?select=slug::constructor',
    '/items?select=*,nope(*)',
    '/items?variants.size=eq.S',
    '/items?select=slug&data->%27x=eq.1',
    '/%22items%22%3Bdrop',
    '/items%00',
    '/rpc/add?a=notanumber',
    '/rpc/add?a=1%3Bdrop',
    '/items?select=slug::text[][]',
    `/items?slug=eq.${'x'.repeat(13_000)}`,
    `/items?or=(${'or('.repeat(50)}slug.eq.a${')'.repeat(50)})`,
    `/items?id=in.(${Array.from({ length: 2000 }, (_, i) => i).join(',')})`,
  ];

  it.each(hostile.map((path) => [path.length > 120 ? `${path.slice(0, 60)}… (${path.length} chars)` : path, path]))('%s → 4xx JSON, table unchanged', async (_title, path) => {
    const before = (await db.query("select count(*)::int as n, string_agg(title, '|' order by id) as t from rest_test.items")).rows[0];
    for (const method of ['GET', 'DELETE', 'PATCH'] as const) {
      const res = await raw(path, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${anonKey}` },
        body: method === 'PATCH' ? '{"title":"pwned"}' : undefined,
      });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      const body = await res.json();
      expect(typeof body.message).toBe('string');
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    }
    const after = (await db.query("select count(*)::int as n, string_agg(title, '|' order by id) as t from rest_test.items")).rows[0];
    expect(after).toEqual(before);
  });
});

/**
 * PostgREST conformance — writes and function calls (fixture: schemas/pgrst_rpc.sql): upsert
 * statuses, `Prefer: missing=default`, PUT, counts on /rpc, how a call's arguments pick the
 * function (names, overloads, a single unnamed parameter taking the body, variadic), PGRST202 and
 * PGRST203 as PostgREST 12+ words them, and text/csv as PostgREST writes it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { rest, schemaClient, sql } from './support.ts';

const SCHEMA = 'pgrst_rpc';
const db = () => schemaClient(SCHEMA);

const reading = { 'accept-profile': SCHEMA };
const writing = { 'content-profile': SCHEMA, 'content-type': 'application/json' };

const items = () => sql<{ id: number; name: string; qty: number; note: string | null }>('select id, name, qty, note from pgrst_rpc.items order by id');

beforeEach(async () => {
  await sql('truncate pgrst_rpc.items, pgrst_rpc.pairs, pgrst_rpc.slugs, pgrst_rpc.keyless, pgrst_rpc.defaults, pgrst_rpc.always_id restart identity');
});

describe('upsert: 201 when a row was inserted, 200 when none was', () => {
  it('inserting new rows answers 201; the same upsert again only updates and answers 200', async () => {
    const first = await db()
      .from('items')
      .upsert([
        { id: 1, name: 'one' },
        { id: 2, name: 'two' },
      ]);
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    const again = await db()
      .from('items')
      .upsert([
        { id: 1, name: 'uno' },
        { id: 2, name: 'dos' },
      ]);
    expect(again.error).toBeNull();
    expect(again.status).toBe(200);
    expect(await items()).toEqual([
      { id: 1, name: 'uno', qty: 1, note: null },
      { id: 2, name: 'dos', qty: 1, note: null },
    ]);
  });

  it('one new row among updated ones is enough for 201', async () => {
    await sql("insert into pgrst_rpc.items (id, name) values (1, 'one')");
    const { status, error } = await db()
      .from('items')
      .upsert([
        { id: 1, name: 'uno' },
        { id: 3, name: 'three' },
      ]);
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect((await items()).map((i) => i.name)).toEqual(['uno', 'three']);
  });

  it('with return=representation: the rows, and 200 when all were updated', async () => {
    await sql("insert into pgrst_rpc.items (id, name) values (1, 'one')");
    const updated = await db().from('items').upsert({ id: 1, name: 'uno', qty: 5 }).select('id, name, qty');
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ id: 1, name: 'uno', qty: 5 }]);
    const inserted = await db().from('items').upsert({ id: 2, name: 'two' }).select('id, name');
    expect(inserted.status).toBe(201);
    expect(inserted.data).toEqual([{ id: 2, name: 'two' }]);
  });

  it('ignore-duplicates: nothing new is 200 with no rows; a new row is 201 with only that row', async () => {
    await sql("insert into pgrst_rpc.items (id, name) values (1, 'one')");
    const ignored = await db().from('items').upsert({ id: 1, name: 'changed' }, { ignoreDuplicates: true }).select('id, name');
    expect(ignored.error).toBeNull();
    expect(ignored.status).toBe(200);
    expect(ignored.data).toEqual([]);
    const mixed = await db()
      .from('items')
      .upsert(
        [
          { id: 1, name: 'changed' },
          { id: 2, name: 'two' },
        ],
        { ignoreDuplicates: true },
      )
      .select('id, name');
    expect(mixed.status).toBe(201);
    expect(mixed.data).toEqual([{ id: 2, name: 'two' }]);
    expect((await items()).map((i) => i.name)).toEqual(['one', 'two']);
  });

  it('on_conflict names a unique column: an existing slug is updated in place (200)', async () => {
    await sql("insert into pgrst_rpc.slugs (slug, title) values ('tee', 'Old')");
    const { status, data, error } = await db().from('slugs').upsert({ slug: 'tee', title: 'New' }, { onConflict: 'slug' }).select('id, slug, title');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 1, slug: 'tee', title: 'New' }]);
  });

  it('a composite key upserts as a whole', async () => {
    await sql("insert into pgrst_rpc.pairs values (1, 1, 'a')");
    const { status, error } = await db()
      .from('pairs')
      .upsert([
        { a: 1, b: 1, v: 'A' },
        { a: 1, b: 2, v: 'B' },
      ]);
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(await sql('select a, b, v from pgrst_rpc.pairs order by a, b')).toEqual([
      { a: 1, b: 1, v: 'A' },
      { a: 1, b: 2, v: 'B' },
    ]);
  });

  it('echoes the resolution in Preference-Applied and answers 200 with no body when nothing was inserted', async () => {
    await sql("insert into pgrst_rpc.items (id, name) values (1, 'one')");
    const res = await rest('/rest/v1/items', { method: 'POST', headers: { ...writing, prefer: 'resolution=merge-duplicates' }, body: JSON.stringify({ id: 1, name: 'uno' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('resolution=merge-duplicates');
    expect(await res.text()).toBe('');
  });
});

describe('Prefer: missing=default', () => {
  it('columns a row leaves out take their defaults: identity, serial, constant, now(), gen_random_uuid()', async () => {
    const { error, status } = await db()
      .from('defaults')
      .insert([{ id: 100, label: 'given', flag: false, comment: 'c' }, { comment: 'only a comment' }], { defaultToNull: false });
    expect(error).toBeNull();
    expect(status).toBe(201);
    const rows = await sql<Record<string, unknown>>(
      'select id::int as id, serial_no, label, made_at is not null as made, token is not null as token, flag, comment from pgrst_rpc.defaults order by serial_no',
    );
    expect(rows).toEqual([
      { id: 100, serial_no: 1, label: 'given', made: true, token: true, flag: false, comment: 'c' },
      { id: 1, serial_no: 2, label: 'unnamed', made: true, token: true, flag: true, comment: 'only a comment' },
    ]);
  });

  it('without it, a column another row gives is null where left out (and a NOT NULL column refuses that)', async () => {
    const nulls = await db()
      .from('defaults')
      .insert([{ label: 'a', flag: false }, { label: 'b' }])
      .select('label, flag');
    expect(nulls.error).toBeNull();
    expect(nulls.data).toEqual([
      { label: 'a', flag: false },
      { label: 'b', flag: null },
    ]);
    const refused = await db()
      .from('defaults')
      .insert([{ label: 'c' }, { comment: 'no label' }]);
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe('23502');
  });

  it('applies with columns= and with upserts, and leaves a generated-always identity to Postgres', async () => {
    const upsert = await db()
      .from('items')
      .upsert(
        [
          { id: 1, name: 'one', qty: 7 },
          { id: 2, name: 'two' },
        ],
        { defaultToNull: false },
      )
      .select('id, qty');
    expect(upsert.error).toBeNull();
    expect(upsert.data).toEqual([
      { id: 1, qty: 7 },
      { id: 2, qty: 1 },
    ]);
    const always = await db()
      .from('always_id')
      .insert([{ name: 'x' }, { name: 'y', kind: 'special' }], { defaultToNull: false })
      .select('id, name, kind');
    expect(always.error).toBeNull();
    expect(always.data).toEqual([
      { id: 1, name: 'x', kind: 'plain' },
      { id: 2, name: 'y', kind: 'special' },
    ]);
  });

  it('is echoed in Preference-Applied', async () => {
    const res = await rest('/rest/v1/items?columns=id,name,qty', {
      method: 'POST',
      headers: { ...writing, prefer: 'missing=default' },
      body: JSON.stringify([{ id: 5, name: 'five' }]),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('missing=default');
    expect(await items()).toEqual([{ id: 5, name: 'five', qty: 1, note: null }]);
  });
});

describe('PUT: a single-row upsert by primary key', () => {
  const put = (path: string, body: unknown, prefer?: string) =>
    rest(`/rest/v1/${path}`, { method: 'PUT', headers: { ...writing, ...(prefer ? { prefer } : {}) }, body: JSON.stringify(body) });

  it('inserts, then replaces the row: 204 without a body, 200 with return=representation', async () => {
    const created = await put('items?id=eq.10', { id: 10, name: 'ten', qty: 3, note: 'n' });
    expect(created.status).toBe(204);
    expect(await created.text()).toBe('');
    expect(await items()).toEqual([{ id: 10, name: 'ten', qty: 3, note: 'n' }]);
    const replaced = await put('items?id=eq.10', { id: 10, name: 'TEN', qty: 4, note: null }, 'return=representation');
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toEqual([{ id: 10, name: 'TEN', qty: 4, note: null }]);
    expect(await items()).toEqual([{ id: 10, name: 'TEN', qty: 4, note: null }]);
  });

  it('a composite key needs all its columns', async () => {
    const ok = await put('pairs?a=eq.1&b=eq.2', { a: 1, b: 2, v: 'x' });
    expect(ok.status).toBe(204);
    const partial = await put('pairs?a=eq.1', { a: 1, b: 2, v: 'y' });
    expect(partial.status).toBe(405);
    expect(await sql('select a, b, v from pgrst_rpc.pairs')).toEqual([{ a: 1, b: 2, v: 'x' }]);
  });

  it('a payload key other than the URL key is PGRST115 and nothing is written', async () => {
    const res = await put('items?id=eq.11', { id: 12, name: 'twelve' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'PGRST115', message: 'Payload values do not match URL in primary key column(s)', details: null, hint: null });
    const missingKey = await put('items?id=eq.11', { name: 'eleven' });
    expect((await missingKey.json()).code).toBe('PGRST115');
    expect(await items()).toEqual([]);
  });

  it('filters other than eq on every key column are PGRST105 (405)', async () => {
    const body = { code: 'PGRST105', message: "Filters must include all and only primary key columns with 'eq' operators", details: null, hint: null };
    for (const path of ['items?name=eq.x', 'items?id=eq.1&name=eq.x', 'items?id=gt.1', 'items?id=not.eq.1', 'items', 'keyless?v=eq.x', 'items?or=(id.eq.1)']) {
      const res = await put(path, { id: 1, name: 'x', v: 'x' });
      expect(res.status, path).toBe(405);
      expect(await res.json(), path).toEqual(body);
    }
    expect(await items()).toEqual([]);
  });

  it('limit and offset are PGRST114', async () => {
    const res = await put('items?id=eq.1&limit=1', { id: 1, name: 'x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'PGRST114', message: 'limit/offset querystring parameters are not allowed for PUT', details: null, hint: null });
  });
});

describe('Prefer: count on /rpc', () => {
  it('a set-returning function counts every row while the page is partial (206), POST and GET', async () => {
    const post = await db().rpc('kinds_upto', { upto: 3 }, { count: 'exact' }).select('id').order('id').range(0, 1);
    expect(post.error).toBeNull();
    expect(post.status).toBe(206);
    expect(post.count).toBe(3);
    expect(post.data).toEqual([{ id: 1 }, { id: 2 }]);
    const get = await db().rpc('kinds_upto', { upto: 3 }, { get: true, count: 'exact' }).select('id').gt('id', 1);
    expect(get.status).toBe(200);
    expect(get.count).toBe(2);
    expect(get.data).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('Content-Range carries offset, page and total; HEAD answers the count alone', async () => {
    const res = await rest('/rest/v1/rpc/squares?n=10&select=k&offset=2&limit=3', { headers: { ...reading, prefer: 'count=exact' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('2-4/10');
    expect(res.headers.get('preference-applied')).toBe('count=exact');
    expect(await res.json()).toEqual([{ k: 3 }, { k: 4 }, { k: 5 }]);
    const head = await db().rpc('squares', { n: 10 }, { head: true, count: 'exact' });
    expect(head.error).toBeNull();
    expect(head.count).toBe(10);
    expect(head.data).toBeNull();
  });

  it('a set of scalars is paged and counted too', async () => {
    const { data, count, status, error } = await db().rpc('series', { n: 5 }, { count: 'exact' }).range(1, 2);
    expect(error).toBeNull();
    expect(status).toBe(206);
    expect(count).toBe(5);
    expect(data).toEqual([2, 3]);
    const res = await rest('/rest/v1/rpc/series?n=5', { headers: { ...reading, range: '3-', prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('3-4/5');
    expect(await res.json()).toEqual([4, 5]);
  });

  it("count=planned answers the planner's estimate, for rows and for a set of scalars", async () => {
    for (const fn of ['squares', 'series']) {
      const res = await rest(`/rest/v1/rpc/${fn}?n=3`, { headers: { ...reading, prefer: 'count=planned' } });
      expect(res.headers.get('preference-applied'), fn).toBe('count=planned');
      expect(res.headers.get('content-range'), fn).toMatch(/^0-2\/[1-9]\d*$/);
    }
  });

  it('an offset past the end is 416', async () => {
    const res = await rest('/rest/v1/rpc/series?n=2&offset=5', { headers: { ...reading, prefer: 'count=exact' } });
    expect(res.status).toBe(416);
    expect((await res.json()).code).toBe('PGRST103');
  });
});

describe('which function a call names', () => {
  it('overloads are told apart by the argument names, POST and GET', async () => {
    const calls: [Record<string, unknown>, string][] = [
      [{ a: 1 }, 'a=1'],
      [{ a: 1, b: 2 }, 'a=1,b=2'],
      [{ word: 'ab' }, 'ab'],
      [{ word: 'ab', times: 2 }, 'abab'],
    ];
    for (const [args, expected] of calls) {
      expect((await db().rpc('describe', args)).data).toBe(expected);
      expect((await db().rpc('describe', args, { get: true })).data).toBe(expected);
    }
  });

  it('overloads with the same names are PGRST203 (300) listing the candidates', async () => {
    const { error, status } = await db().rpc('twin', { x: 1 });
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: pgrst_rpc.twin(x => integer), pgrst_rpc.twin(x => text)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  });

  it('no overload with the given names is PGRST202 with the closest one as a hint (GET)', async () => {
    const res = await rest('/rest/v1/rpc/describe?b=1', { headers: reading });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function pgrst_rpc.describe(b) in the schema cache',
      details: 'Searched for the function pgrst_rpc.describe with parameter b, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function pgrst_rpc.describe(a, b)',
    });
  });

  it('PGRST202 on POST also names the single unnamed json/jsonb parameter it looked for', async () => {
    const { error, status } = await db().rpc('named_json', { a: 1 });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function pgrst_rpc.named_json(a) in the schema cache',
      details: 'Searched for the function pgrst_rpc.named_json with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function pgrst_rpc.named_json(data)',
    });
  });

  it('several given names are listed sorted, as "parameters"', async () => {
    const { error } = await db().rpc('describe', { word: 'x', a: 1 });
    expect(error?.message).toBe('Could not find the function pgrst_rpc.describe(a, word) in the schema cache');
    expect(error?.details).toBe(
      'Searched for the function pgrst_rpc.describe with parameters a, word or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    );
  });

  it('an unknown function close to a known one is suggested by name', async () => {
    const { error } = await db().rpc('describes', { a: 1 });
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function pgrst_rpc.describes(a) in the schema cache',
      details: 'Searched for the function pgrst_rpc.describes with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function pgrst_rpc.describe',
    });
  });

  it('an unknown function without arguments, and nothing like it, has no hint', async () => {
    const { error } = await db().rpc('zzz_no_such_thing');
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function pgrst_rpc.zzz_no_such_thing without parameters in the schema cache',
      details:
        'Searched for the function pgrst_rpc.zzz_no_such_thing without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });
});

describe('a single unnamed parameter takes the whole body', () => {
  it('json gets the JSON object as it was posted', async () => {
    const { data, error } = await db().rpc('echo_json', { x: [1, 2], y: { z: null } });
    expect(error).toBeNull();
    expect(data).toEqual({ x: [1, 2], y: { z: null } });
  });

  it('jsonb gets an array body too', async () => {
    const res = await rest('/rest/v1/rpc/keys_of', { method: 'POST', headers: writing, body: '[1, 2, 3, 4]' });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(4);
  });

  it('named arguments win over the unnamed fallback; other names fall back to it', async () => {
    expect((await db().rpc('pick', { n: 2 })).data).toBe('named 2');
    expect((await db().rpc('pick', { m: 1 })).data).toBe('whole {"m":1}');
  });

  it('two unnamed json and jsonb fallbacks are PGRST203', async () => {
    const { error, status } = await db().rpc('dual', { x: 1 });
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST203');
    expect(error?.message).toBe('Could not choose the best candidate function between: pgrst_rpc.dual( => json), pgrst_rpc.dual( => jsonb)');
  });

  it('text/xml goes to an xml parameter', async () => {
    const res = await rest('/rest/v1/rpc/xml_root', { method: 'POST', headers: { 'content-profile': SCHEMA, 'content-type': 'text/xml' }, body: '<shop><item/></shop>' });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe('shop');
  });

  it('text/plain goes to a text parameter, application/octet-stream to bytea', async () => {
    const text = await rest('/rest/v1/rpc/shout', { method: 'POST', headers: { 'content-profile': SCHEMA, 'content-type': 'text/plain' }, body: 'hello, world' });
    expect(text.status).toBe(200);
    expect(await text.json()).toBe('HELLO, WORLD');
    const bytes = await rest('/rest/v1/rpc/byte_count', {
      method: 'POST',
      headers: { 'content-profile': SCHEMA, 'content-type': 'application/octet-stream' },
      body: new Uint8Array([0, 1, 2, 255, 0]),
    });
    expect(bytes.status).toBe(200);
    expect(await bytes.json()).toBe(5);
  });

  it('a raw body without a matching parameter is PGRST202 naming the type it looked for, without hint', async () => {
    const res = await rest('/rest/v1/rpc/echo_json', { method: 'POST', headers: { 'content-profile': SCHEMA, 'content-type': 'text/plain' }, body: 'x' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function pgrst_rpc.echo_json in the schema cache',
      details: 'Searched for the function pgrst_rpc.echo_json with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    });
    const bytes = await rest('/rest/v1/rpc/shout', { method: 'POST', headers: { 'content-profile': SCHEMA, 'content-type': 'application/octet-stream' }, body: 'x' });
    expect((await bytes.json()).details).toBe('Searched for the function pgrst_rpc.shout with a single unnamed bytea parameter, but no matches were found in the schema cache.');
  });
});

describe('arrays and variadic parameters', () => {
  it('an array parameter takes a JSON array (POST) or an array literal (GET)', async () => {
    expect((await db().rpc('total', { nums: [1, 2, 3] })).data).toBe(6);
    expect((await db().rpc('total', { nums: [4, 5] }, { get: true })).data).toBe(9);
  });

  it('a variadic parameter takes a JSON array, repeated query parameters, or repeated form fields', async () => {
    expect((await db().rpc('joined', { sep: '-', parts: ['a', 'b', 'c'] })).data).toBe('a-b-c');
    expect((await db().rpc('joined', { sep: '+', parts: ['x', 'y'] }, { get: true })).data).toBe('x+y');
    const repeated = await rest('/rest/v1/rpc/joined?sep=/&parts=a&parts=b&parts=c', { headers: reading });
    expect(await repeated.json()).toBe('a/b/c');
    const single = await rest('/rest/v1/rpc/joined?sep=/&parts=alone', { headers: reading });
    expect(await single.json()).toBe('alone');
    const form = await rest('/rest/v1/rpc/joined', {
      method: 'POST',
      headers: { 'content-profile': SCHEMA, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'sep=%2C&parts=1&parts=2',
    });
    expect(await form.json()).toBe('1,2');
  });
});

describe('text/csv as PostgREST writes it', () => {
  const csvOf = async (path: string, headers: Record<string, string> = reading) => {
    const res = await rest(path, { headers: { ...headers, accept: 'text/csv' } });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    return res.text();
  };

  it('values in their Postgres text form, quoted as Postgres quotes record fields', async () => {
    const { data, error } = await db().from('kinds').select('id, b, arr, j, ts, t, n').order('id').csv();
    expect(error).toBeNull();
    expect(data).toBe(
      [
        'id,b,arr,j,ts,t,n',
        '1,t,"{a,""b c""}","{""x"": [1, 2]}","2026-01-02 03:04:05.5+00",plain,1.50',
        '2,f,{},"""s""","2026-06-30 23:59:59+00","comma, ""quote"" and\nnewline",-2',
        '3,,,,,"",',
      ].join('\n'),
    );
  });

  it('no rows: an empty header line', async () => {
    expect(await csvOf('/rest/v1/kinds?id=eq.99')).toBe('\n');
  });

  it('embeds are JSON text in their column', async () => {
    expect(await csvOf('/rest/v1/kinds?select=id,kind_tags(tag)&id=eq.1')).toBe('id,kind_tags\n1,"[{""tag"":""first""}]"');
  });

  it('function results: rows of columns, and a set of scalars as one column named after the function', async () => {
    expect(await csvOf('/rest/v1/rpc/squares?n=3')).toBe('k,sq\n1,1\n2,4\n3,9');
    expect(await csvOf('/rest/v1/rpc/series?n=3')).toBe('series\n1\n2\n3');
  });

  it('a representation of written rows', async () => {
    const res = await rest('/rest/v1/items?select=id,name', {
      method: 'POST',
      headers: { ...writing, accept: 'text/csv', prefer: 'return=representation' },
      body: JSON.stringify([{ id: 1, name: 'a,b' }]),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe('id,name\n1,"a,b"');
  });
});

/**
 * PostgREST conformance — select features (fixture: schemas/pgrst_select.sql): spread embeds
 * (`...rel(cols)`, to-one and PostgREST 13's to-many), aggregates (`col.sum()` … and `count()`,
 * grouped by the other selected columns, inside embeds, hoisted out of to-one spreads) and ordering
 * by a column of an embedded to-one resource (`order=rel(col)`), with PostgREST's answers and errors.
 */
import { describe, expect, it } from 'vitest';
import { schemaClient, sql } from './support.ts';

const db = () => schemaClient('pgrst_select');

/** The answer of a request that must succeed. */
async function ok<T>(query: PromiseLike<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await query;
  expect(error).toBeNull();
  return data as T;
}

/** The error body and status of a request that must fail. */
async function fails(query: PromiseLike<{ data: unknown; error: unknown; status: number }>) {
  const { data, error, status } = await query;
  expect(data).toBeNull();
  return { status, error: { ...(error as object) } };
}

/** Sorts grouped rows (whose order PostgREST leaves open) by one key's JSON text. */
const byKey = (key: string) => (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const [x, y] = [JSON.stringify(a[key]), JSON.stringify(b[key])];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Two arrays of a to-many spread zipped into pairs, sorted (the order within one parent row is open). */
const pairs = (a: unknown[], b: unknown[]) => a.map((x, i) => [x, b[i]]).sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));

describe('spread embeds', () => {
  it('a to-one spread merges the related columns, aliases included, with nulls when there is no related row', async () => {
    const data = await ok(db().from('films').select('title, ...directors(director:name, country)').order('id'));
    expect(data).toEqual([
      { title: 'Cléo from 5 to 7', director: 'Agnès Varda', country: 'France' },
      { title: 'Vagabond', director: 'Agnès Varda', country: 'France' },
      { title: 'Rashomon', director: 'Akira Kurosawa', country: 'Japan' },
      { title: 'Ikiru', director: 'Akira Kurosawa', country: 'Japan' },
      { title: 'The Hitch-Hiker', director: 'Ida Lupino', country: 'USA' },
      { title: 'Untitled', director: null, country: null },
    ]);
  });

  it('spreads every column with *, and through a hint naming the foreign key', async () => {
    const star = await ok(db().from('films').select('title, ...directors(*)').eq('id', 3));
    expect(star).toEqual([{ title: 'Rashomon', id: 2, name: 'Akira Kurosawa', country: 'Japan' }]);
    const hinted = await ok(db().from('films').select('title, ...directors!films_director_id_fkey(name)').eq('id', 5));
    expect(hinted).toEqual([{ title: 'The Hitch-Hiker', name: 'Ida Lupino' }]);
  });

  it('nests: a spread inside a spread, and a spread inside a normal embed', async () => {
    const nested = await ok(db().from('screenings').select('city, ...films(title, ...directors(director:name))').order('id').limit(2));
    expect(nested).toEqual([
      { city: 'Paris', title: 'Cléo from 5 to 7', director: 'Agnès Varda' },
      { city: 'Lyon', title: 'Cléo from 5 to 7', director: 'Agnès Varda' },
    ]);
    const inside = await ok(db().from('screenings').select('city, film:films(title, ...directors(director:name))').eq('id', 3));
    expect(inside).toEqual([{ city: 'Tokyo', film: { title: 'Rashomon', director: 'Akira Kurosawa' } }]);
  });

  it('an embed filter on a spread nulls its columns; with !inner the parent row goes instead', async () => {
    const left = await ok(db().from('films').select('title, ...directors(name)').eq('directors.country', 'Japan').lte('id', 3).order('id'));
    expect(left).toEqual([
      { title: 'Cléo from 5 to 7', name: null },
      { title: 'Vagabond', name: null },
      { title: 'Rashomon', name: 'Akira Kurosawa' },
    ]);
    const inner = await ok(db().from('films').select('title, ...directors!inner(name)').eq('directors.country', 'Japan').order('id'));
    expect(inner).toEqual([
      { title: 'Rashomon', name: 'Akira Kurosawa' },
      { title: 'Ikiru', name: 'Akira Kurosawa' },
    ]);
  });

  it('a to-many spread makes each column an array of the related values, in the embed order, [] when there are none', async () => {
    const data = await ok(
      db().from('films').select('title, ...screenings(cities:city, tickets)').in('id', [1, 2, 3]).order('id').order('tickets', { referencedTable: 'screenings', ascending: false }),
    );
    expect(data).toEqual([
      { title: 'Cléo from 5 to 7', cities: ['Paris', 'Lyon'], tickets: [120, 80] },
      { title: 'Vagabond', cities: [], tickets: [] },
      { title: 'Rashomon', cities: ['Tokyo', 'Paris'], tickets: [300, 150] },
    ]);
  });

  it('a to-many spread through a junction (many-to-many), ordered inside the embed', async () => {
    const data = await ok(db().from('films').select('title, ...actors(cast_names:name)').in('id', [3, 6]).order('id').order('name', { referencedTable: 'actors' }));
    expect(data).toEqual([
      { title: 'Rashomon', cast_names: ['Takashi Shimura', 'Toshiro Mifune'] },
      { title: 'Untitled', cast_names: [] },
    ]);
  });

  it('a spread inside a many-to-many embed keeps every related row', async () => {
    const data = await ok(db().from('actors').select('name, films(title, ...directors(director:name))').eq('id', 4).order('year', { referencedTable: 'films' }));
    expect(data).toEqual([
      {
        name: 'Takashi Shimura',
        films: [
          { title: 'Rashomon', director: 'Akira Kurosawa' },
          { title: 'Ikiru', director: 'Akira Kurosawa' },
        ],
      },
    ]);
  });

  it('a to-many spread inside a to-many spread is flattened: one entry per related row, the outer values repeated, null without one', async () => {
    const data = (await ok(db().from('directors').select('name, ...films(title, ...screenings(city))').in('id', [1, 2]).order('id'))) as {
      name: string;
      title: string[];
      city: (string | null)[];
    }[];
    expect(data.map((d) => [d.name, pairs(d.title, d.city)])).toEqual([
      [
        'Agnès Varda',
        [
          ['Cléo from 5 to 7', 'Lyon'],
          ['Cléo from 5 to 7', 'Paris'],
          ['Vagabond', null],
        ],
      ],
      [
        'Akira Kurosawa',
        [
          ['Ikiru', 'Tokyo'],
          ['Rashomon', 'Paris'],
          ['Rashomon', 'Tokyo'],
        ],
      ],
    ]);
  });

  it('a to-many embed inside a to-many spread is one object per related row', async () => {
    const [row] = (await ok(db().from('directors').select('name, ...films(title, screenings(city))').eq('id', 2))) as { title: string[]; screenings: unknown[] }[];
    expect(pairs(row.title, row.screenings)).toEqual([
      ['Ikiru', { city: 'Tokyo' }],
      ['Rashomon', { city: 'Paris' }],
      ['Rashomon', { city: 'Tokyo' }],
    ]);
  });

  it('aggregates in a to-one spread are applied over the parent rows, grouped by the other columns', async () => {
    const data = (await ok(db().from('screenings').select('city, ...films(total_budget:budget.sum())'))) as Record<string, unknown>[];
    expect(data.sort(byKey('city'))).toEqual([
      { city: 'Lyon', total_budget: 100000.5 },
      { city: 'Paris', total_budget: 350000.5 },
      { city: 'Tokyo', total_budget: 550000.25 },
    ]);
  });

  it('aggregates grouped by a column spread from a nested to-one embed', async () => {
    const data = (await ok(db().from('screenings').select('tickets.sum(), ...films(...directors(country))'))) as Record<string, unknown>[];
    expect(data.sort(byKey('country'))).toEqual([
      { sum: 200, country: 'France' },
      { sum: 541, country: 'Japan' },
    ]);
  });

  it('count() in a to-one spread counts the parent rows that have a related row, per group', async () => {
    const data = (await ok(db().from('films').select('year_from:year.min(), ...directors(country, films_counted:count())'))) as Record<string, unknown>[];
    expect(data.sort(byKey('country'))).toEqual([
      { year_from: 1962, country: 'France', films_counted: 2 },
      { year_from: 1950, country: 'Japan', films_counted: 2 },
      { year_from: 1953, country: 'USA', films_counted: 1 },
      { year_from: 2030, country: null, films_counted: 0 },
    ]);
  });

  it('aggregates in a to-many spread are PGRST127, as PostgREST', async () => {
    const { status, error } = await fails(db().from('directors').select('name, ...films(budget.sum())'));
    expect(status).toBe(400);
    expect(error).toEqual({ code: 'PGRST127', message: 'Feature not implemented', details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.', hint: null });
  });
});

describe('column keys', () => {
  it('a JSON path is keyed by its last key, the one before a final array index, or the column', async () => {
    expect(await ok(db().from('films').select('festivals->cannes->>1').eq('id', 1))).toEqual([{ cannes: '1963' }]);
    expect(await ok(db().from('films').select('title, festivals->cannes->0').eq('id', 1))).toEqual([{ title: 'Cléo from 5 to 7', cannes: 1962 }]);
    expect(await ok(db().from('films').select('festivals->1').eq('id', 2))).toEqual([{ festivals: 'Berlin' }]);
  });
});

describe('return=representation', () => {
  it("a written row's representation spreads and aggregates like a read (rolled back)", async () => {
    const rows = [
      { id: 100, film_id: 2, city: 'Nantes', tickets: 40 },
      { id: 101, film_id: 5, city: 'Nantes', tickets: 60 },
    ];
    const spread = await ok(db().from('screenings').insert(rows).select('city, ...films(title, ...directors(director:name))').rollback());
    expect(spread).toEqual([
      { city: 'Nantes', title: 'Vagabond', director: 'Agnès Varda' },
      { city: 'Nantes', title: 'The Hitch-Hiker', director: 'Ida Lupino' },
    ]);
    const summed = await ok(db().from('screenings').insert(rows).select('city, tickets.sum()').rollback());
    expect(summed).toEqual([{ city: 'Nantes', sum: 100 }]);
    expect(await sql('select id from pgrst_select.screenings where id >= 100')).toEqual([]);
  });
});

describe('aggregates', () => {
  it('sum, min, max and count of a column; numeric sums and bigint counts are JSON numbers', async () => {
    expect(await ok(db().from('films').select('budget.sum()'))).toEqual([{ sum: 900000.75 }]);
    expect(await ok(db().from('films').select('year.min(), year.max(), budget.count()'))).toEqual([{ min: 1950, max: 2030, count: 5 }]);
  });

  it('avg of an integer column is numeric', async () => {
    expect(await ok(db().from('screenings').select('tickets.avg()'))).toEqual([{ avg: 148.2 }]);
  });

  it('count() counts rows, with an alias and a cast of its result', async () => {
    expect(await ok(db().from('films').select('count()'))).toEqual([{ count: 6 }]);
    expect(await ok(db().from('films').select('n:count()::text'))).toEqual([{ n: '6' }]);
  });

  it('aliases, a cast of the input and a cast of the result', async () => {
    expect(await ok(db().from('screenings').select('total:tickets.sum()::text'))).toEqual([{ total: '741' }]);
    expect(await ok(db().from('films').select('budget::int.sum()'))).toEqual([{ sum: 900001 }]);
  });

  it('groups by every other selected column, aliased or not; filters and order apply', async () => {
    const data = await ok(db().from('screenings').select('town:city, tickets.sum(), shows:count()').gt('tickets', 85).order('city'));
    expect(data).toEqual([
      { town: 'Paris', sum: 270, shows: 2 },
      { town: 'Tokyo', sum: 391, shows: 2 },
    ]);
  });

  it('groups by an embedded to-one resource', async () => {
    const data = (await ok(db().from('films').select('budget.sum(), directors(country)'))) as Record<string, unknown>[];
    expect(data.sort(byKey('directors'))).toEqual([
      { sum: 50000, directors: null },
      { sum: 300000.5, directors: { country: 'France' } },
      { sum: 550000.25, directors: { country: 'Japan' } },
      { sum: null, directors: { country: 'USA' } },
    ]);
  });

  it('aggregates inside a to-many embed: one row per parent, nulls and 0 when it has no related rows', async () => {
    const data = await ok(db().from('directors').select('name, films(budget.sum(), count())').order('id'));
    expect(data).toEqual([
      { name: 'Agnès Varda', films: [{ sum: 300000.5, count: 2 }] },
      { name: 'Akira Kurosawa', films: [{ sum: 550000.25, count: 2 }] },
      { name: 'Ida Lupino', films: [{ sum: null, count: 1 }] },
      { name: 'Nobody Yet', films: [{ sum: null, count: 0 }] },
    ]);
  });

  it('on no rows: one row of nulls and zero counts without grouping, no rows when grouped', async () => {
    expect(await ok(db().from('films').select('budget.sum(), count()').gt('year', 3000))).toEqual([{ sum: null, count: 0 }]);
    expect(await ok(db().from('films').select('year, count()').gt('year', 3000))).toEqual([]);
  });

  it('a bare count selects the row count (PostgREST backwards compatibility)', async () => {
    expect(await ok(db().from('films').select('count'))).toEqual([{ count: 6 }]);
  });

  it("spreads and aggregates work on a set-returning function's rows", async () => {
    const spread = await ok(db().rpc('films_since', { since: 1960 }).select('title, ...directors(name)').order('id'));
    expect(spread).toEqual([
      { title: 'Cléo from 5 to 7', name: 'Agnès Varda' },
      { title: 'Vagabond', name: 'Agnès Varda' },
      { title: 'Untitled', name: null },
    ]);
    const summed = await ok(db().rpc('films_since', { since: 1951 }).select('budget.sum(), films:count()'));
    expect(summed).toEqual([{ sum: 650000.75, films: 5 }]);
  });

  it('rel(count) and rel(count()) are an object on a to-one embed, an array on a to-many', async () => {
    expect(await ok(db().from('films').select('title, directors(count)').in('id', [1, 6]).order('id'))).toEqual([
      { title: 'Cléo from 5 to 7', directors: { count: 1 } },
      { title: 'Untitled', directors: { count: 0 } },
    ]);
    expect(await ok(db().from('directors').select('name, films(count())').eq('id', 1))).toEqual([{ name: 'Agnès Varda', films: [{ count: 2 }] }]);
  });

  it('an unknown aggregate function is a parse error (PGRST100)', async () => {
    const { status, error } = await fails(db().from('films').select('budget.median()'));
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST100' });
  });
});

describe('ordering by an embedded to-one column', () => {
  it("order=rel(col).desc.nullslast, sent as .order('rel(col)')", async () => {
    const data = await ok(db().from('films').select('title, directors(name)').order('directors(name)', { ascending: false, nullsFirst: false }).order('title'));
    expect(data.map((f) => f.title)).toEqual(['The Hitch-Hiker', 'Ikiru', 'Rashomon', 'Cléo from 5 to 7', 'Vagabond', 'Untitled']);
  });

  it("by the embed's alias, and by a spread embed's column", async () => {
    const aliased = await ok(db().from('films').select('title, dir:directors(country)').order('dir(country)', { nullsFirst: true }).order('id'));
    expect(aliased.map((f) => f.title)).toEqual(['Untitled', 'Cléo from 5 to 7', 'Vagabond', 'Rashomon', 'Ikiru', 'The Hitch-Hiker']);
    const spread = await ok(db().from('films').select('title, ...directors(name)').order('directors(name)').order('id').limit(3));
    expect(spread).toEqual([
      { title: 'Cléo from 5 to 7', name: 'Agnès Varda' },
      { title: 'Vagabond', name: 'Agnès Varda' },
      { title: 'Rashomon', name: 'Akira Kurosawa' },
    ]);
  });

  it('orders aggregated rows by the spread column they are grouped by', async () => {
    const data = await ok(db().from('films').select('budget.sum(), ...directors(country)').order('directors(country)', { ascending: false }));
    expect(data).toEqual([
      { sum: 50000, country: null },
      { sum: null, country: 'USA' },
      { sum: 550000.25, country: 'Japan' },
      { sum: 300000.5, country: 'France' },
    ]);
  });

  it('referencedTable orders inside the embed (rel.order=col), not the parent', async () => {
    const data = await ok(db().from('films').select('title, screenings(city)').eq('id', 3).order('city', { referencedTable: 'screenings' }));
    expect(data).toEqual([{ title: 'Rashomon', screenings: [{ city: 'Paris' }, { city: 'Tokyo' }] }]);
  });

  it('a to-many embed is PGRST118', async () => {
    const { status, error } = await fails(db().from('directors').select('name, films(title)').order('films(title)'));
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST118',
      message: "A related order on 'films' is not possible",
      details: "'directors' and 'films' do not form a many-to-one or one-to-one relationship",
      hint: null,
    });
  });

  it('an embed that is not in the select is PGRST108', async () => {
    const { status, error } = await fails(db().from('films').select('title').order('directors(name)'));
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST108',
      message: "'directors' is not an embedded resource in this request",
      details: null,
      hint: "Verify that 'directors' is included in the 'select' query parameter.",
    });
  });
});

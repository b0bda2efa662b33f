import { describe, expect, it } from 'vitest';
import { LIMITS, ParseError, parseCondition, parseLogicValue, parseOrder, parseQuery, parseSelect, type Condition, type Filter } from './parse.ts';

const field = (name: string) => ({ name, json: [] });
const cond = (value: string): Condition => parseCondition(field('c'), value);
const filterOf = (value: string): Filter => cond(value).filter;
const query = (qs: string) => parseQuery(new URLSearchParams(qs));
const parseFails = (fn: () => unknown, detail?: RegExp) => {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ParseError);
  if (detail) expect(`${(error as ParseError).message} ${(error as ParseError).details}`).toMatch(detail);
};

describe('filter operators', () => {
  it.each([
    ['eq', 'eq.5', { op: 'eq', value: '5' }],
    ['neq', 'neq.a', { op: 'neq', value: 'a' }],
    ['gt', 'gt.1.5', { op: 'gt', value: '1.5' }],
    ['gte', 'gte.2026-01-01', { op: 'gte', value: '2026-01-01' }],
    ['lt', 'lt.-3', { op: 'lt', value: '-3' }],
    ['lte', 'lte.0', { op: 'lte', value: '0' }],
    ['like', 'like.*tee*', { op: 'like', value: '*tee*' }],
    ['ilike', 'ilike.%Tee%', { op: 'ilike', value: '%Tee%' }],
    ['match', 'match.^a.+$', { op: 'match', value: '^a.+$' }],
    ['imatch', 'imatch.ab', { op: 'imatch', value: 'ab' }],
    ['isdistinct', 'isdistinct.x', { op: 'isdistinct', value: 'x' }],
    ['cs', 'cs.{gym,new}', { op: 'cs', value: '{gym,new}' }],
    ['cs json', 'cs.{"a":1}', { op: 'cs', value: '{"a":1}' }],
    ['cd', 'cd.{a}', { op: 'cd', value: '{a}' }],
    ['ov', 'ov.{gym,new}', { op: 'ov', value: '{gym,new}' }],
    ['ov range', 'ov.[1,5)', { op: 'ov', value: '[1,5)' }],
    ['sl', 'sl.(1,10)', { op: 'sl', value: '(1,10)' }],
    ['sr', 'sr.[1,2]', { op: 'sr', value: '[1,2]' }],
    ['nxr', 'nxr.[1,2]', { op: 'nxr', value: '[1,2]' }],
    ['nxl', 'nxl.[1,2]', { op: 'nxl', value: '[1,2]' }],
    ['adj', 'adj.[1,2)', { op: 'adj', value: '[1,2)' }],
    ['value with dots and commas', 'eq.a.b,c(d)', { op: 'eq', value: 'a.b,c(d)' }],
    ['empty value', 'eq.', { op: 'eq', value: '' }],
    ['top-level quotes stay literal', 'eq."x"', { op: 'eq', value: '"x"' }],
  ])('%s', (_name, text, expected) => {
    expect(filterOf(text)).toEqual(expected);
  });

  it.each(['null', 'not_null', 'true', 'false', 'unknown', 'NULL', 'True'])('is.%s', (v) => {
    expect(filterOf(`is.${v}`)).toEqual({ op: 'is', value: v.toLowerCase() });
  });

  it('rejects other is values', () => parseFails(() => cond('is.maybe'), /null, not_null/));

  it.each([
    ['fts', 'fts.cat', { op: 'fts', config: undefined, value: 'cat' }],
    ['fts with config', 'fts(english).cat & dog', { op: 'fts', config: 'english', value: 'cat & dog' }],
    ['plfts', 'plfts(german).fat cats', { op: 'plfts', config: 'german', value: 'fat cats' }],
    ['phfts', 'phfts.fat cats', { op: 'phfts', config: undefined, value: 'fat cats' }],
    ['wfts', "wfts(simple).'fat' -rat", { op: 'wfts', config: 'simple', value: "'fat' -rat" }],
  ])('%s', (_name, text, expected) => expect(filterOf(text)).toEqual(expected));

  it('rejects a bad fts config', () => parseFails(() => cond('fts(eng lish).x'), /expecting "\)"/));

  it.each([
    ['like(any)', 'like(any).{a*,b*}', { op: 'like', quantifier: 'any', value: '{a*,b*}' }],
    ['ilike(all)', 'ilike(all).{%a%,%b%}', { op: 'ilike', quantifier: 'all', value: '{%a%,%b%}' }],
    ['eq(any)', 'eq(any).{1,2}', { op: 'eq', quantifier: 'any', value: '{1,2}' }],
    ['gt(all)', 'gt(all).{1,2}', { op: 'gt', quantifier: 'all', value: '{1,2}' }],
  ])('%s', (_name, text, expected) => expect(filterOf(text)).toEqual(expected));

  it('rejects quantifiers where PostgREST has none, or without a list', () => {
    parseFails(() => cond('cs(any).{a}'));
    parseFails(() => cond('like(some).{a}'), /\(any\)/);
    parseFails(() => cond('eq(any).5'), /list/);
  });

  it.each([
    ['plain', 'in.(1,2,3)', ['1', '2', '3']],
    ['empty', 'in.()', []],
    ['one empty item', 'in.("")', ['']],
    ['quoted with commas and parens', 'in.("a,b","c(d)",e)', ['a,b', 'c(d)', 'e']],
    ['escaped quote and backslash', 'in.("a\\"b","c\\\\d")', ['a"b', 'c\\d']],
    ['spaces kept', 'in.( a , b )', [' a ', ' b ']],
  ])('in: %s', (_name, text, values) => expect(filterOf(text)).toEqual({ op: 'in', values }));

  it('in: rejects junk after the list, unclosed lists and quotes', () => {
    parseFails(() => cond('in.(1,2)x'), /end of input/);
    parseFails(() => cond('in.(1,2'));
    parseFails(() => cond('in.("a)'), /closing quote/);
    parseFails(() => cond('in.1,2'), /"\("/);
  });

  it(`in: caps the list at ${LIMITS.inValues} values`, () => {
    const ok = `in.(${Array.from({ length: LIMITS.inValues }, (_, i) => i).join(',')})`;
    expect((filterOf(ok) as { values: string[] }).values).toHaveLength(LIMITS.inValues);
    parseFails(() => cond(`in.(${Array.from({ length: LIMITS.inValues + 1 }, (_, i) => i).join(',')})`), /at most/);
  });

  it('not. negates any operator', () => {
    expect(cond('not.eq.5')).toEqual({ kind: 'condition', field: field('c'), negate: true, filter: { op: 'eq', value: '5' } });
    expect(cond('not.in.(a,b)').negate).toBe(true);
    expect(cond('not.is.null').filter).toEqual({ op: 'is', value: 'null' });
  });

  it('rejects unknown operators and missing dots, saying where', () => {
    parseFails(() => cond('equals.5'), /operator \(eq, neq/);
    parseFails(() => cond('eq5'), /expecting "\."/);
    parseFails(() => cond(''), /operator/);
    parseFails(() => cond('not.not.eq.1'), /operator/);
    parseFails(() => cond('constructor.1'), /operator/);
    parseFails(() => cond('__proto__.1'), /operator/);
    try {
      cond('eq5');
    } catch (e) {
      expect((e as ParseError).message).toBe('"failed to parse filter (eq5)" (line 1, column 3)');
    }
  });
});

describe('logic trees', () => {
  it('or with simple conditions (the postgrest-js search form)', () => {
    expect(parseLogicValue('or', false, '(title.ilike.%tee%,subtitle.ilike.%tee%)')).toEqual({
      kind: 'logic',
      op: 'or',
      negate: false,
      children: [
        { kind: 'condition', field: field('title'), negate: false, filter: { op: 'ilike', value: '%tee%' } },
        { kind: 'condition', field: field('subtitle'), negate: false, filter: { op: 'ilike', value: '%tee%' } },
      ],
    });
  });

  it('quoted values keep commas, parentheses, quotes, backslashes, % and _', () => {
    const tree = parseLogicValue('or', false, '(title.ilike."%a,b(c)\\"d\\\\e_%",slug.eq."x.y")');
    expect(tree.children.map((c) => (c as Condition).filter)).toEqual([
      { op: 'ilike', value: '%a,b(c)"d\\e_%' },
      { op: 'eq', value: 'x.y' },
    ]);
  });

  it('nests and/or with not', () => {
    const tree = parseLogicValue('and', true, '(a.eq.1,or(b.gt.2,not.and(c.is.null,d.not.eq.4)),e.in.(1,"2,3"))');
    expect(tree.negate).toBe(true);
    const inner = tree.children[1];
    expect(inner).toMatchObject({ kind: 'logic', op: 'or', negate: false });
    expect((inner as { children: unknown[] }).children[1]).toMatchObject({ kind: 'logic', op: 'and', negate: true });
    expect(tree.children[2]).toMatchObject({ filter: { op: 'in', values: ['1', '2,3'] } });
  });

  it('accepts arrays, fts config, json paths and is inside logic', () => {
    const tree = parseLogicValue('or', false, '(tags.cs.{a,b},body.fts(english).cat,data->a->>b.eq.1,x.is.true)');
    expect(tree.children.map((c) => (c as Condition).filter)).toEqual([
      { op: 'cs', value: '{a,b}' },
      { op: 'fts', config: 'english', value: 'cat' },
      { op: 'eq', value: '1' },
      { op: 'is', value: 'true' },
    ]);
    expect((tree.children[2] as Condition).field).toEqual({
      name: 'data',
      json: [
        { arrow: '->', key: 'a' },
        { arrow: '->>', key: 'b' },
      ],
    });
  });

  it('rejects unbalanced or malformed trees', () => {
    for (const bad of ['a.eq.1', '(a.eq.1', '(a.eq.1))', '()', '(a.eq.1,)', '(a.zz.1)', '(a)', '(and(a.eq.1)', '(a.eq."x)']) {
      parseFails(() => parseLogicValue('or', false, bad));
    }
  });

  it(`caps nesting at ${LIMITS.depth} levels`, () => {
    const nest = (n: number) => `(${'or('.repeat(n)}a.eq.1${')'.repeat(n)})`;
    expect(() => parseLogicValue('or', false, nest(LIMITS.depth))).not.toThrow();
    parseFails(() => parseLogicValue('or', false, nest(LIMITS.depth + 1)), /nested deeper/);
  });
});

describe('select', () => {
  it('columns, star, aliases, casts and JSON paths', () => {
    expect(parseSelect('*,id,t:title,price::text,data->a->>b,x:data->0::int')).toEqual([
      { kind: 'star' },
      { kind: 'column', field: field('id'), alias: undefined, cast: undefined },
      { kind: 'column', field: field('title'), alias: 't', cast: undefined },
      { kind: 'column', field: field('price'), alias: undefined, cast: 'text' },
      {
        kind: 'column',
        field: {
          name: 'data',
          json: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
      { kind: 'column', field: { name: 'data', json: [{ arrow: '->', key: '0' }] }, alias: 'x', cast: 'int' },
    ]);
  });

  it('empty select means all columns', () => expect(parseSelect('')).toEqual([{ kind: 'star' }]));

  it('embeds with hints, join types, aliases, nesting and counts', () => {
    expect(parseSelect('id,variants(*),author:profiles(id),orders!inner(id),products!product_id(slug),o:orders!order_items_order_id_fkey!left(id,items(count)),rel()')).toEqual([
      { kind: 'column', field: field('id'), alias: undefined, cast: undefined },
      { kind: 'embed', relation: 'variants', alias: undefined, hint: undefined, join: undefined, select: [{ kind: 'star' }] },
      {
        kind: 'embed',
        relation: 'profiles',
        alias: 'author',
        hint: undefined,
        join: undefined,
        select: [{ kind: 'column', field: field('id'), alias: undefined, cast: undefined }],
      },
      { kind: 'embed', relation: 'orders', alias: undefined, hint: undefined, join: 'inner', select: [{ kind: 'column', field: field('id'), alias: undefined, cast: undefined }] },
      {
        kind: 'embed',
        relation: 'products',
        alias: undefined,
        hint: 'product_id',
        join: undefined,
        select: [{ kind: 'column', field: field('slug'), alias: undefined, cast: undefined }],
      },
      {
        kind: 'embed',
        relation: 'orders',
        alias: 'o',
        hint: 'order_items_order_id_fkey',
        join: 'left',
        select: [
          { kind: 'column', field: field('id'), alias: undefined, cast: undefined },
          {
            kind: 'embed',
            relation: 'items',
            alias: undefined,
            hint: undefined,
            join: undefined,
            select: [{ kind: 'column', field: field('count'), alias: undefined, cast: undefined }],
          },
        ],
      },
      { kind: 'embed', relation: 'rel', alias: undefined, hint: undefined, join: undefined, select: [] },
    ]);
  });

  it('count() aggregate with alias and cast; count( never starts an embed', () => {
    expect(parseSelect('count(),n:count()::int')).toEqual([
      { kind: 'count', alias: undefined, cast: undefined },
      { kind: 'count', alias: 'n', cast: 'int' },
    ]);
    for (const bad of ['count(id)', 'c:count(*)', 'count!inner(id)']) parseFails(() => parseSelect(bad), /failed to parse select parameter/);
  });

  it('spread embeds: ...rel(…) with hints, join types, stars and nesting; no alias on a spread', () => {
    expect(parseSelect('title,...directors!films_director_id_fkey!inner(name,...countries(*)),film:films(...directors(x:name))')).toEqual([
      { kind: 'column', field: field('title'), alias: undefined, cast: undefined },
      {
        kind: 'embed',
        relation: 'directors',
        hint: 'films_director_id_fkey',
        join: 'inner',
        spread: true,
        select: [
          { kind: 'column', field: field('name') },
          { kind: 'embed', relation: 'countries', spread: true, select: [{ kind: 'star' }] },
        ],
      },
      {
        kind: 'embed',
        relation: 'films',
        alias: 'film',
        select: [{ kind: 'embed', relation: 'directors', spread: true, select: [{ kind: 'column', field: field('name'), alias: 'x' }] }],
      },
    ]);
    for (const bad of ['a:...rel(x)', '...rel', '...(x)', '..rel(x)', '....rel(x)', '...rel!(x)', '...rel(x'])
      parseFails(() => parseSelect(bad), /failed to parse select parameter/);
  });

  it('aggregates: col.fn() with aliases, a cast of the input and of the result, on JSON paths', () => {
    expect(parseSelect('amount.sum(),total:amount.sum()::text,amount::int.avg(),data->>n::int.max(),id.min(),id.count()')).toEqual([
      { kind: 'column', field: field('amount'), aggregate: { fn: 'sum' } },
      { kind: 'column', field: field('amount'), alias: 'total', aggregate: { fn: 'sum', cast: 'text' } },
      { kind: 'column', field: field('amount'), cast: 'int', aggregate: { fn: 'avg' } },
      { kind: 'column', field: { name: 'data', json: [{ arrow: '->>', key: 'n' }] }, cast: 'int', aggregate: { fn: 'max' } },
      { kind: 'column', field: field('id'), aggregate: { fn: 'min' } },
      { kind: 'column', field: field('id'), aggregate: { fn: 'count' } },
    ]);
    expect(parseSelect('orders(amount.sum())')).toEqual([{ kind: 'embed', relation: 'orders', select: [{ kind: 'column', field: field('amount'), aggregate: { fn: 'sum' } }] }]);
  });

  it('rejects unknown or malformed aggregates', () => {
    for (const bad of ['amount.median()', 'amount.sum', 'amount.sum(x)', 'amount.sum()::', 'amount.sum().avg()', 'amount.', 'amount.SUM()']) {
      parseFails(() => parseSelect(bad), /failed to parse select parameter/);
    }
    parseFails(() => parseSelect('amount.median()'), /\.sum\(\), \.avg\(\), \.min\(\), \.max\(\) or \.count\(\)/);
  });

  it('quoted names and multi-word casts', () => {
    expect(parseSelect('"my col","a,b":x::double precision')).toEqual([
      { kind: 'column', field: field('my col'), alias: undefined, cast: undefined },
      { kind: 'column', field: field('x'), alias: 'a,b', cast: 'double precision' },
    ]);
  });

  it('rejects malformed selects, saying where', () => {
    for (const bad of [
      'id,',
      ',id',
      'id,,x',
      'rel(id',
      'rel(id))',
      'a:',
      'x::',
      'x::1int',
      'x::text;drop',
      'id)',
      'rel!(id)',
      'rel!a!b!c(id)',
      'x->',
      'a b:c:d',
      "id'",
      'id;select 1',
    ]) {
      parseFails(() => parseSelect(bad), /failed to parse select parameter/);
    }
  });

  it(`caps embedding at ${LIMITS.depth} levels`, () => {
    const nest = (n: number) => `${'a('.repeat(n)}id${')'.repeat(n)}`;
    expect(() => parseSelect(nest(LIMITS.depth))).not.toThrow();
    parseFails(() => parseSelect(nest(LIMITS.depth + 1)), /nested deeper/);
  });
});

describe('order', () => {
  it('directions, nulls and JSON paths', () => {
    expect(parseOrder('created_at.desc.nullslast,title,price.asc,data->>a.desc,b.nullsfirst')).toEqual([
      { field: field('created_at'), direction: 'desc', nulls: 'last' },
      { field: field('title') },
      { field: field('price'), direction: 'asc' },
      { field: { name: 'data', json: [{ arrow: '->>', key: 'a' }] }, direction: 'desc' },
      { field: field('b'), nulls: 'first' },
    ]);
  });

  it('related orders: rel(col) on an embed, with JSON paths, directions and nulls', () => {
    expect(parseOrder('directors(name).desc.nullslast,dir(data->>x),id')).toEqual([
      { relation: 'directors', field: field('name'), direction: 'desc', nulls: 'last' },
      { relation: 'dir', field: { name: 'data', json: [{ arrow: '->>', key: 'x' }] } },
      { field: field('id') },
    ]);
    for (const bad of ['rel(', 'rel()', 'rel(a,b)', 'rel(a).up', 'rel(a)x', 'rel(a(b))']) parseFails(() => parseOrder(bad), /failed to parse order/);
  });

  it('rejects unknown modifiers', () => {
    for (const bad of ['a.up', 'a.desc.nullsmiddle', 'a,', '', 'a.desc.asc', 'a;b']) parseFails(() => parseOrder(bad), /failed to parse order/);
  });
});

describe('whole query strings', () => {
  it('the postgrest-js shop query', () => {
    const ast = query('select=*,variants(*),media(*)&category=eq.clothing&tags=ov.%7Bgym,new%7D&order=created_at.desc&offset=12&limit=12');
    expect(ast.select).toHaveLength(3);
    const root = ast.scopes.get('')!;
    expect(root.filters).toHaveLength(2);
    expect(root).toMatchObject({ limit: 12, offset: 12, order: [{ field: field('created_at'), direction: 'desc' }] });
  });

  it('the search query with or and URL-encoded spaces', () => {
    const ast = query('select=id,slug,title,subtitle,media(url,is_primary)&status=eq.published&or=(title.ilike.%25big+tee%25,subtitle.ilike.%25big+tee%25)&limit=10');
    const or = ast.scopes.get('')!.filters[1];
    expect(or).toMatchObject({ kind: 'logic', op: 'or', children: [{ filter: { op: 'ilike', value: '%big tee%' } }, {}] });
  });

  it('embedded filters, order, limit and or go to their scope', () => {
    const ast = query(
      'select=id,orders!inner(id)&product_id=eq.p&orders.user_id=eq.u&orders.status=eq.paid&variants.order=price.asc&variants.limit=1&variants.offset=2&orders.or=(a.eq.1,b.eq.2)&orders.not.and=(c.eq.1)&a.b.c=eq.1',
    );
    expect(ast.scopes.get('')!.filters).toHaveLength(1);
    expect(ast.scopes.get('orders')!.filters).toHaveLength(4);
    expect(ast.scopes.get('orders')!.filters[3]).toMatchObject({ kind: 'logic', op: 'and', negate: true });
    expect(ast.scopes.get('variants')).toMatchObject({ limit: 1, offset: 2, order: [{ field: field('price'), direction: 'asc' }] });
    expect(ast.scopes.get('a.b')!.filters[0]).toMatchObject({ field: field('c') });
  });

  it('not.or at the top level; JSON-path filter keys', () => {
    const ast = query('not.or=(a.eq.1,b.eq.2)&data->a->>b=eq.x');
    expect(ast.scopes.get('')!.filters[0]).toMatchObject({ kind: 'logic', op: 'or', negate: true });
    expect(ast.scopes.get('')!.filters[1]).toMatchObject({
      field: {
        name: 'data',
        json: [
          { arrow: '->', key: 'a' },
          { arrow: '->>', key: 'b' },
        ],
      },
    });
  });

  it('columns and on_conflict, quoted as postgrest-js sends them', () => {
    const ast = query('columns=%22a%22,%22b%20c%22&on_conflict=slug,sku');
    expect(ast.columns).toEqual(['a', 'b c']);
    expect(ast.onConflict).toEqual(['slug', 'sku']);
  });

  it('RPC arguments are separated from filters by name', () => {
    const ast = parseQuery(new URLSearchParams('product_uuid=abc&select=average_rating&average_rating=gt.1'), new Set(['product_uuid']));
    expect(ast.args).toEqual(new Map([['product_uuid', 'abc']]));
    expect(ast.scopes.get('')!.filters).toHaveLength(1);
  });

  it('ignores apikey; rejects bad limits, empty key parts, reserved names and NUL bytes', () => {
    expect(query('apikey=x').scopes.get('')!.filters).toHaveLength(0);
    parseFails(() => query('limit=-1'), /limit parameter/);
    parseFails(() => query('offset=1e3'), /offset parameter/);
    parseFails(() => query('a..b=eq.1'), /empty name/);
    parseFails(() => query('x.select=eq.1'), /reserved/);
    parseFails(() => query('a=eq.x%00y'), /NUL/);
    parseFails(() => query('a%00=eq.1'), /NUL/);
    parseFails(() => query('a=5'), /operator/);
  });
});

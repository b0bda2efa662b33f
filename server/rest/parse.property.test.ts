import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAccept, parsePrefer, parseRange } from './headers.ts';
import { AGGREGATE_FUNCTIONS, ParseError, parseCondition, parseLogicValue, parseOrder, parseQuery, parseSelect } from './parse.ts';

/** Parsing hostile input either succeeds or throws a ParseError — never anything else. */
function succeedsOrParseError(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch (e) {
    if (e instanceof ParseError) return true;
    throw e;
  }
}

const grammarPieces = [
  '(',
  ')',
  ',',
  '.',
  '"',
  '\\',
  ':',
  '::',
  '!',
  '->',
  '->>',
  '*',
  '{',
  '}',
  '[',
  ']',
  'not.',
  'or(',
  'and(',
  'eq.',
  'in.(',
  'is.',
  'fts(',
  'like(any).',
  '%',
  '_',
  "'",
  ';',
  '--',
  '\0',
  ' ',
  'ä',
  '😀',
  'id',
  'select',
  'inner',
  'count()',
  '.desc',
  '.nullslast',
  '...',
  '.sum()',
  '.avg()',
  '.min()',
  '.max()',
  '.count()',
  '.median()',
  '::int',
  'rel(col)',
  'rel(',
  '!hint',
];
const hostile = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(fc.constantFrom(...grammarPieces), { maxLength: 60 }).map((parts) => parts.join('')),
  fc.constantFrom('x'.repeat(10_240), `eq.${'"'.repeat(10_240)}`, `(${'or('.repeat(500)}`, `in.(${','.repeat(5000)})`, `${'a('.repeat(2000)}`),
);

describe('the parser under hostile input', () => {
  const runs = { numRuns: 2000 };
  it('select', () =>
    fc.assert(
      fc.property(hostile, (s) => succeedsOrParseError(() => parseSelect(s))),
      runs,
    ));
  it('order', () =>
    fc.assert(
      fc.property(hostile, (s) => succeedsOrParseError(() => parseOrder(s))),
      runs,
    ));
  it('filters', () =>
    fc.assert(
      fc.property(hostile, (s) => succeedsOrParseError(() => parseCondition({ name: 'c', json: [] }, s))),
      runs,
    ));
  it('or/and trees', () =>
    fc.assert(
      fc.property(hostile, fc.boolean(), (s, negate) => succeedsOrParseError(() => parseLogicValue('or', negate, s))),
      runs,
    ));
  it('whole query strings with random keys and values', () =>
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(hostile, fc.constantFrom('select', 'order', 'or', 'not.and', 'a.b.or', 'limit', 'offset', 'columns', 'on_conflict', 'x.order', 'x.limit', 'data->a')),
            hostile,
          ),
          { maxLength: 8 },
        ),
        (pairs) => succeedsOrParseError(() => parseQuery(pairs)),
      ),
      runs,
    ));
  it('well-formed filters round-trip through every operator with random values', () =>
    fc.assert(
      fc.property(
        fc.constantFrom(
          'eq',
          'neq',
          'gt',
          'gte',
          'lt',
          'lte',
          'like',
          'ilike',
          'match',
          'imatch',
          'isdistinct',
          'cs',
          'cd',
          'ov',
          'sl',
          'sr',
          'nxr',
          'nxl',
          'adj',
          'fts',
          'plfts',
          'phfts',
          'wfts',
        ),
        fc.string({ maxLength: 100 }),
        (op, value) => {
          const parsed = parseCondition({ name: 'c', json: [] }, `${op}.${value}`);
          expect(parsed.filter).toMatchObject({ op, value });
        },
      ),
      runs,
    ));
  it('quoted or-values survive any content once escaped', () =>
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (value) => {
        const quoted = `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
        const tree = parseLogicValue('or', false, `(a.ilike.${quoted},b.eq.${quoted})`);
        expect(tree.children).toEqual([
          { kind: 'condition', field: { name: 'a', json: [] }, negate: false, filter: { op: 'ilike', value } },
          { kind: 'condition', field: { name: 'b', json: [] }, negate: false, filter: { op: 'eq', value } },
        ]);
      }),
      runs,
    ));
  it('well-formed aggregates round-trip with any function, alias and casts', () =>
    fc.assert(
      fc.property(
        fc.constantFrom(...AGGREGATE_FUNCTIONS),
        fc.option(fc.constantFrom('int', 'text', 'numeric')),
        fc.option(fc.constantFrom('int8', 'text')),
        fc.option(fc.stringMatching(/^[a-z_][a-z0-9_]{0,10}$/)),
        (fn, input, output, alias) => {
          const text = `${alias ? `${alias}:` : ''}amount${input ? `::${input}` : ''}.${fn}()${output ? `::${output}` : ''}`;
          expect(parseSelect(`...rel(${text})`)).toEqual([
            {
              kind: 'embed',
              relation: 'rel',
              spread: true,
              select: [{ kind: 'column', field: { name: 'amount', json: [] }, alias: alias ?? undefined, cast: input ?? undefined, aggregate: { fn, cast: output ?? undefined } }],
            },
          ]);
        },
      ),
      runs,
    ));
  it('related order terms round-trip with any relation and column name', () =>
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z_][a-z0-9_]{0,10}$/),
        fc.stringMatching(/^[a-z_][a-z0-9_]{0,10}$/),
        fc.constantFrom('', '.asc', '.desc.nullslast'),
        (rel, col, modifier) => {
          expect(parseOrder(`${rel}(${col})${modifier}`)[0]).toMatchObject({ relation: rel, field: { name: col, json: [] } });
        },
      ),
      runs,
    ));
  it('header parsers never throw', () =>
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        parsePrefer(a);
        parseAccept(a);
        parseRange(a, b);
      }),
      runs,
    ));
});

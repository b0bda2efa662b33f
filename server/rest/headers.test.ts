import { describe, expect, it } from 'vitest';
import { appliedPreferences, parseAccept, parsePrefer, parseRange } from './headers.ts';
import { viewColumnOrigins } from './view-origins.ts';

describe('Prefer', () => {
  it('reads every preference postgrest-js sends', () => {
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates,missing=default, handling=strict,tx=rollback,max-affected=5')).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      handling: 'strict',
      tx: 'rollback',
      maxAffected: 5,
      invalid: [],
    });
    expect(parsePrefer(undefined)).toEqual({ invalid: [] });
  });

  it('collects what it does not understand, and echoes what it applied', () => {
    const prefs = parsePrefer('count=exactly, bogus, return=minimal, __proto__=x, max-affected=-1');
    expect(prefs.invalid).toEqual(['count=exactly', 'bogus', '__proto__=x', 'max-affected=-1']);
    expect(appliedPreferences(prefs, ['return', 'count'])).toBe('return=minimal');
    expect(appliedPreferences(parsePrefer('max-affected=3'), ['maxAffected'])).toBe('max-affected=3');
  });
});

describe('Accept', () => {
  it.each([
    [undefined, { media: 'json', stripNulls: false }],
    ['*/*', { media: 'json', stripNulls: false }],
    ['application/json', { media: 'json', stripNulls: false }],
    ['application/vnd.pgrst.object+json', { media: 'object', stripNulls: false }],
    ['application/vnd.pgrst.object+json;nulls=stripped', { media: 'object', stripNulls: true }],
    ['application/vnd.pgrst.array+json;nulls=stripped', { media: 'json', stripNulls: true }],
    ['text/csv', { media: 'csv', stripNulls: false }],
    ['text/html, application/json;q=0.9', { media: 'json', stripNulls: false }],
    ['text/html', undefined],
    ['application/geo+json', undefined],
  ])('%s', (header, expected) => expect(parseAccept(header)).toEqual(expected));
});

describe('Range', () => {
  it('reads item ranges and ignores anything else', () => {
    expect(parseRange('0-9', 'items')).toEqual({ offset: 0, limit: 10 });
    expect(parseRange('5-', undefined)).toEqual({ offset: 5 });
    expect(parseRange('5-4', 'items')).toEqual({ offset: 5, limit: 0 });
    expect(parseRange('0-9', 'bytes')).toBeUndefined();
    expect(parseRange('a-b', 'items')).toBeUndefined();
    expect(parseRange(undefined, 'items')).toBeUndefined();
  });
});

describe('view column origins', () => {
  it('reads the top-level target list only, not subqueries', () => {
    const action =
      '({QUERY :commandType 1 :rtable ({RANGETBLENTRY :relid 100}) :jointree {FROMEXPR :quals {SUBLINK :subselect {QUERY :targetList ({TARGETENTRY :resno 1 :resname min :ressortgroupref 0 :resorigtbl 200 :resorigcol 4 :resjunk false})}}} ' +
      ':targetList ({TARGETENTRY :expr {VAR :varno 1} :resno 1 :resname id :ressortgroupref 0 :resorigtbl 100 :resorigcol 1 :resjunk false} ' +
      '{TARGETENTRY :expr {SUBLINK :subselect {QUERY :targetList ({TARGETENTRY :resno 1 :resname x :resorigtbl 300 :resorigcol 2 :resjunk false})}} :resno 2 :resname min_price :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} ' +
      '{TARGETENTRY :resno 3 :resname my\\ col :resorigtbl 100 :resorigcol 3 :resjunk false}) :override 0})';
    expect(viewColumnOrigins(action)).toEqual([
      { resno: 1, name: 'id', table: '100', column: 1 },
      { resno: 2, name: 'min_price', table: '0', column: 0 },
      { resno: 3, name: 'my col', table: '100', column: 3 },
    ]);
  });

  it('answers nothing for text it cannot read', () => {
    expect(viewColumnOrigins('')).toEqual([]);
    expect(viewColumnOrigins('({QUERY :targetList <>})')).toEqual([]);
  });
});

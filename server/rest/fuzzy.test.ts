import { describe, expect, it } from 'vitest';
import { fuzzyMatches } from './fuzzy.ts';

// Expectations from PostgREST's doctests of noRelBetweenHint / noRpcHint (src/PostgREST/Error.hs).
describe('fuzzyMatches (PostgREST\'s "Perhaps you meant" search)', () => {
  it('finds the near name first', () => {
    expect(fuzzyMatches(['films'], 'film')[0][1]).toBe('films');
    expect(fuzzyMatches(['directors', 'roles', 'actors'], 'role')[0][1]).toBe('roles');
    expect(fuzzyMatches(['test', 'another'], 'testt', 0.75)[0][1]).toBe('test');
  });

  it('finds nothing close to an unrelated name', () => {
    expect(fuzzyMatches(['films'], 'noclosealternative')).toEqual([]);
    expect(fuzzyMatches(['directors', 'roles', 'actors'], 'noclosealternative')).toEqual([]);
    expect(fuzzyMatches(['test', 'another'], 'other', 0.75)).toEqual([]);
  });

  it('an equal name (ignoring case) is the only answer, with score 1', () => {
    expect(fuzzyMatches(['directors', 'Roles', 'actors'], 'roles')).toEqual([[1, 'Roles']]);
  });

  it('scores fall between the minimum and 1, best first', () => {
    const found = fuzzyMatches(['addresses', 'address_labels', 'orders'], 'adresses');
    expect(found[0][1]).toBe('addresses');
    for (const [score] of found) expect(score).toBeGreaterThanOrEqual(0.33);
    expect(found.map(([s]) => s)).toEqual([...found.map(([s]) => s)].sort((a, b) => b - a));
  });
});

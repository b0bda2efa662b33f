import { describe, expect, it } from 'vitest';
import { Memo } from './memo.ts';

describe('Memo', () => {
  it('makes a value once per key, keeps at most its limit, and lets the oldest go first', () => {
    const memo = new Memo<string, string>(2);
    let made = 0;
    const get = (key: string) => memo.get(key, () => `${key}${++made}`);
    expect([get('a'), get('a'), get('b'), get('a')]).toEqual(['a1', 'a1', 'b2', 'a1']);
    expect(get('c')).toBe('c3'); // a was kept first: it goes, though used last
    expect([get('b'), get('c'), get('a')]).toEqual(['b2', 'c3', 'a4']);
  });

  it('makes again what it was told not to keep', () => {
    const memo = new Memo<string, number>(4);
    let made = 0;
    const get = () =>
      memo.get(
        'k',
        () => ++made,
        (v) => v > 1,
      );
    expect([get(), get(), get()]).toEqual([1, 2, 2]);
  });
});

/**
 * src/api/filters.ts: what a shopper types must reach Postgres as the same literal text. The
 * or-filter text is read back with the backend's own PostgREST parser (server/rest/parse.ts), the
 * like pattern is matched with an independent LIKE implementation, and array literals with an
 * independent Postgres array-literal reader.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyColumnContains, arrayLiteral, containsPattern, quoted, regexLiteral } from '../../src/api/filters.ts';
import { type Condition, type FilterNode, parseCondition, parseLogicValue } from '../../server/rest/parse.ts';

/** Text that tends to break query strings, plus unicode. */
const NASTY = [',', '(', ')', '"', "'", '\\', '%', '_', '{', '}', '*', '.', ':', ' ', 'ü', 'ß', '🏋️', 'é', '\u00a0', 'NULL', 'a', 'B'];
const nasty = fc.oneof(
  fc.array(fc.constantFrom(...NASTY), { maxLength: 12 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);

/**
 * LIKE with `\` as the escape character, as Postgres evaluates it: `%` any run, `_` one character,
 * `\x` the character x. Patterns that end in a lone backslash are invalid in Postgres.
 */
function likeMatches(text: string, pattern: string): boolean {
  let source = '^';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (ch === '\\') {
      i++;
      if (i >= chars.length) throw new Error('LIKE pattern must not end with escape character');
      source += escapeRegExp(chars[i]);
    } else if (ch === '%') source += '.*';
    else if (ch === '_') source += '.';
    else source += escapeRegExp(ch);
  }
  return new RegExp(`${source}$`, 'su').test(text);
}
const escapeRegExp = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** Postgres' reading of a one-dimensional text[] literal (quoted elements, backslash escapes). */
function readArrayLiteral(literal: string): (string | null)[] {
  if (!literal.startsWith('{') || !literal.endsWith('}')) throw new Error(`not an array literal: ${literal}`);
  const body = literal.slice(1, -1);
  if (body === '') return [];
  const out: (string | null)[] = [];
  let i = 0;
  for (;;) {
    if (body[i] === '"') {
      let value = '';
      i++;
      while (body[i] !== '"') {
        if (i >= body.length) throw new Error(`unterminated element in ${literal}`);
        if (body[i] === '\\') i++;
        value += body[i++];
      }
      i++;
      out.push(value);
    } else {
      const start = i;
      while (i < body.length && body[i] !== ',') {
        if ('{}"\\'.includes(body[i])) throw new Error(`unquoted special character in ${literal}`);
        i++;
      }
      const raw = body.slice(start, i).trim();
      out.push(raw.toUpperCase() === 'NULL' ? null : raw);
    }
    if (i === body.length) return out;
    if (body[i] !== ',') throw new Error(`expected "," at ${i} in ${literal}`);
    i++;
  }
}

const conditions = (nodes: FilterNode[]): Condition[] =>
  nodes.map((node) => {
    if (node.kind !== 'condition') throw new Error('unexpected nested logic');
    return node;
  });

describe('containsPattern', () => {
  it('wraps the term in % and escapes %, _ and \\ so they match themselves', () => {
    expect(containsPattern('tee')).toBe('%tee%');
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('A_B')).toBe('%A\\_B%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
    expect(containsPattern('')).toBe('%%');
  });

  it('leaves other special characters and unicode alone', () => {
    for (const text of ['(Cotton),', '"Heavy"', "it's", '{x}', 'Größe', '🏋️ Gym']) expect(containsPattern(text)).toBe(`%${text}%`);
  });

  it('matches exactly the texts that contain the term literally (LIKE semantics)', () => {
    expect(likeMatches('Tee 100% Cotton', containsPattern('100%'))).toBe(true);
    expect(likeMatches('Tee 1000 Cotton', containsPattern('100%'))).toBe(false);
    expect(likeMatches('A_B', containsPattern('A_B'))).toBe(true);
    expect(likeMatches('AxB', containsPattern('A_B'))).toBe(false);
    expect(likeMatches('back\\slash', containsPattern('\\'))).toBe(true);
    expect(likeMatches('no slash', containsPattern('\\'))).toBe(false);
    fc.assert(
      fc.property(nasty, nasty, nasty, (before, term, after) => {
        expect(likeMatches(`${before}${term}${after}`, containsPattern(term))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(nasty, nasty, (text, term) => {
        expect(likeMatches(text, containsPattern(term))).toBe(text.includes(term));
      }),
    );
  });
});

describe('quoted', () => {
  it('double-quotes and escapes " and \\ only', () => {
    expect(quoted('plain')).toBe('"plain"');
    expect(quoted('say "hi"')).toBe('"say \\"hi\\""');
    expect(quoted('a\\b')).toBe('"a\\\\b"');
    expect(quoted('a,b(c)')).toBe('"a,b(c)"');
    expect(quoted('')).toBe('""');
  });

  it('is read back as the same value by the PostgREST grammar, whatever the value', () => {
    fc.assert(
      fc.property(nasty, (value) => {
        const condition = parseCondition({ name: 'title', json: [] }, `eq.${quoted(value)}`);
        // A bare eq value is taken verbatim; inside an or() list the quotes are what protects it.
        expect(condition.filter).toMatchObject({ op: 'eq' });
        const [inList] = conditions(parseLogicValue('or', false, `(title.eq.${quoted(value)})`).children);
        expect(inList.filter).toEqual({ op: 'eq', value });
      }),
    );
  });
});

describe('anyColumnContains', () => {
  it('builds one ilike condition per column, all on the same escaped pattern', () => {
    expect(anyColumnContains(['title', 'subtitle'], 'tee')).toBe('title.ilike."%tee%",subtitle.ilike."%tee%"');
    expect(anyColumnContains(['title'], 'Tee 100% (Cotton), "Heavy" \\ A_B')).toBe('title.ilike."%Tee 100\\\\% (Cotton), \\"Heavy\\" \\\\\\\\ A\\\\_B%"');
  });

  it('parses back (PostgREST or-grammar) to exactly one condition per column with the literal pattern', () => {
    const columns = ['title', 'description', 'title_de', 'description_de'];
    fc.assert(
      fc.property(nasty, (term) => {
        const tree = parseLogicValue('or', false, `(${anyColumnContains(columns, term)})`);
        const parsed = conditions(tree.children);
        expect(parsed.map((c) => c.field.name)).toEqual(columns);
        for (const condition of parsed) {
          expect(condition.negate).toBe(false);
          const filter = condition.filter as { op: string; value: string };
          if (term.includes('*')) {
            // PostgREST turns every `*` of a like pattern into `%`: such terms are matched literally another way.
            expect(filter.op).not.toBe('ilike');
            expect(filter.op).not.toBe('like');
          } else {
            expect(filter).toEqual({ op: 'ilike', value: containsPattern(term) });
          }
        }
      }),
    );
  });

  it('a term with * is matched literally (no wildcard), case-insensitively', () => {
    const [condition] = conditions(parseLogicValue('or', false, `(${anyColumnContains(['title'], 'a*b (x)')})`).children);
    const filter = condition.filter as { op: string; value: string };
    expect(filter.op).toBe('imatch');
    const re = new RegExp(filter.value, 'iu');
    expect(re.test('Strap A*B (X) pro')).toBe(true);
    expect(re.test('Strap aXXb (x)')).toBe(false);
    expect(re.test('Strap ab (x)')).toBe(false);
  });
});

describe('regexLiteral', () => {
  it('escapes every regular-expression operator, so the text matches only itself', () => {
    expect(regexLiteral('a*b')).toBe('a\\*b');
    expect(regexLiteral('plain text, ünïcode')).toBe('plain text, ünïcode');
    fc.assert(
      fc.property(nasty, nasty, (text, term) => {
        expect(new RegExp(regexLiteral(term), 'u').test(text)).toBe(text.includes(term));
      }),
    );
  });
});

describe('arrayLiteral', () => {
  it('quotes every element', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['gym'])).toBe('{"gym"}');
    expect(arrayLiteral(['gym', 'Stone Grey'])).toBe('{"gym","Stone Grey"}');
    expect(arrayLiteral(['a,b', '{c}', 'say "hi"', 'back\\slash'])).toBe('{"a,b","{c}","say \\"hi\\"","back\\\\slash"}');
  });

  it('keeps NULL, empty strings and unicode as text elements', () => {
    expect(readArrayLiteral(arrayLiteral(['NULL', '', 'Größe', '🏋️']))).toEqual(['NULL', '', 'Größe', '🏋️']);
  });

  it('is read back by Postgres array syntax as exactly the same elements', () => {
    fc.assert(
      fc.property(fc.array(nasty, { maxLength: 5 }), (values) => {
        expect(readArrayLiteral(arrayLiteral(values))).toEqual(values);
      }),
    );
  });

  it('survives the PostgREST grammar as one value (cs/ov operand)', () => {
    fc.assert(
      fc.property(fc.array(nasty, { minLength: 1, maxLength: 4 }), (values) => {
        const condition = parseCondition({ name: 'tags', json: [] }, `ov.${arrayLiteral(values)}`);
        expect(condition.filter).toEqual({ op: 'ov', value: arrayLiteral(values) });
      }),
    );
  });
});

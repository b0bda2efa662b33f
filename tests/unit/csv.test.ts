import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CatalogueVariant, checkFile, IMPORT_MAX_BYTES, mergePreview, parseEuros, productsCsv, readProductsCsv, rowProblemOf } from '../../domain/catalogueCsv';
import { BOM, detectSeparator, neutralise, parseCsv, unneutralise, writeCsv } from '../../domain/csv';

/** Cells as spreadsheets and attackers write them: separators, quotes, line breaks, formula starts, umlauts. */
const cell = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom('', ',', ';', '"', '""', '\r\n', '\n', '\r', '=1+1', "'=1+1", "''=x", '+49 30', '-5', '@SUM(A1)', '\tx', "'", 'Größe; "XL"', ' padded '),
  fc.array(fc.constantFrom('a', ',', ';', '"', '\n', '\r', '=', "'", ' ', 'ü'), { maxLength: 8 }).map((parts) => parts.join('')),
);
const records = fc.integer({ min: 1, max: 5 }).chain((width) => fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 }));

describe('RFC 4180 writer and reader', () => {
  it('round-trips any records with either separator (property)', () => {
    fc.assert(
      fc.property(records, fc.constantFrom(',' as const, ';' as const), (rows, separator) => {
        const parsed = parseCsv(writeCsv(rows, { separator }), separator);
        expect(parsed).toEqual({ ok: true, separator, records: rows });
      }),
      { numRuns: 500 },
    );
  });

  it('writes a BOM, CRLF, quotes what must be quoted and doubles quotes', () => {
    expect(writeCsv([['a', 'b,c', 'say "hi"', 'two\nlines']])).toBe(`${BOM}a,"b,c","say ""hi""","two\nlines"\r\n`);
    expect(writeCsv([['a;b', 'c,d']], { separator: ';', bom: false })).toBe('"a;b";c,d\r\n');
  });

  it('neutralises formula starts on export, and the reader takes exactly that mark off', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(neutralise(`${start}1`)).toBe(`'${start}1`);
      expect(unneutralise(neutralise(`${start}1`))).toBe(`${start}1`);
    }
    expect(writeCsv([['=HYPERLINK("http://x")']], { bom: false })).toBe(`"'=HYPERLINK(""http://x"")"\r\n`);
    expect(neutralise("it's")).toBe("it's");
    expect(unneutralise("'quoted")).toBe("'quoted");
    // A formula typed into the file (not ours) stays text as it is.
    expect(parseCsv('a,b\r\n=1+1,@cmd\r\n')).toEqual({
      ok: true,
      separator: ',',
      records: [
        ['a', 'b'],
        ['=1+1', '@cmd'],
      ],
    });
  });

  it('detects the separator from the header line, reads CRLF, LF and CR, skips blank lines', () => {
    expect(detectSeparator('sku;title;price\r\nA;"x,y";1,50')).toBe(';');
    expect(detectSeparator('"a;b",c\n')).toBe(',');
    expect(parseCsv(`${BOM}a;b\n1;2\r\n\r\n3;4\r5;6`)).toEqual({
      ok: true,
      separator: ';',
      records: [
        ['a', 'b'],
        ['1', '2'],
        ['3', '4'],
        ['5', '6'],
      ],
    });
  });

  it('says where a file is broken', () => {
    expect(parseCsv('a,b\n1,"open\n2,3')).toEqual({ ok: false, error: 'unclosed_quote', line: 2 });
    expect(parseCsv('a,b\n1,x"y"\n')).toEqual({ ok: false, error: 'stray_quote', line: 2 });
    expect(parseCsv('a,b\n"x"y,1\n')).toEqual({ ok: false, error: 'stray_quote', line: 2 });
    expect(parseCsv('\r\n\r\n')).toMatchObject({ ok: false, error: 'empty' });
    expect(parseCsv('PNG\u0000\u0001')).toMatchObject({ ok: false, error: 'binary' });
  });
});

const variant = (over: Partial<CatalogueVariant> = {}): CatalogueVariant => ({
  sku: 'TEE-M',
  slug: 'tee',
  title: 'Tee, "classic"',
  titleDe: 'T-Shirt',
  subtitle: null,
  subtitleDe: null,
  description: '=cmd|calc\nsecond line',
  descriptionDe: 'Größe: M; weich',
  metaTitle: null,
  metaDescription: null,
  category: 'clothing',
  status: 'published',
  featured: true,
  tags: ['cotton', 'summer'],
  size: 'M',
  color: null,
  price: 1250,
  compareAtPrice: null,
  inventory: 3,
  barcode: null,
  ...over,
});

describe('product file', () => {
  it('export → read gives the values back, with , and with ; (German decimals)', () => {
    for (const separator of [',', ';'] as const) {
      const read = readProductsCsv(productsCsv([variant(), variant({ sku: 'TEE-L', size: 'L', price: 99, compareAtPrice: 1999, inventory: 0 })], separator));
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(read.separator).toBe(separator);
      expect(read.rows.map((r) => r.problem)).toEqual([null, null]);
      expect(read.rows[0].payload).toEqual({
        line: 2,
        sku: 'TEE-M',
        slug: 'tee',
        title: 'Tee, "classic"',
        title_de: 'T-Shirt',
        subtitle: null,
        subtitle_de: null,
        description: '=cmd|calc\nsecond line',
        description_de: 'Größe: M; weich',
        meta_title: null,
        meta_description: null,
        category: 'clothing',
        status: 'published',
        featured: true,
        tags: ['cotton', 'summer'],
        size: 'M',
        color: null,
        price: 1250,
        compare_at_price: null,
        inventory: 3,
        barcode: null,
      });
      expect(read.rows[1].payload).toMatchObject({ sku: 'TEE-L', price: 99, compare_at_price: 1999, inventory: 0 });
    }
  });

  it('reads euros with . or , and refuses anything else', () => {
    expect(['12', '12.5', '12,50', '0.99', ' 7,05 '].map(parseEuros)).toEqual([1200, 1250, 1250, 99, 705]);
    expect(['', 'abc', '1.234,50', '-1', '12.505', '1e3', '€12'].map(parseEuros)).toEqual([null, null, null, null, null, null, null]);
  });

  it('refuses a file that is too large or not a CSV, with the reason', () => {
    expect(checkFile({ name: 'big.csv', size: IMPORT_MAX_BYTES + 1, type: 'text/csv' })).toEqual({ kind: 'too_large', maxBytes: IMPORT_MAX_BYTES });
    expect(checkFile({ name: 'photo.png', size: 10, type: 'image/png' })).toEqual({ kind: 'not_csv' });
    expect(checkFile({ name: 'catalogue.csv', size: 10, type: 'image/png' })).toEqual({ kind: 'not_csv' });
    expect(checkFile({ name: 'catalogue.CSV', size: 10, type: 'application/vnd.ms-excel' })).toBeNull();
    expect(readProductsCsv('just some prose without columns')).toEqual({ ok: false, problem: { kind: 'not_csv' } });
    expect(readProductsCsv('\u0000\u0001PNG')).toEqual({ ok: false, problem: { kind: 'not_csv' } });
  });

  it('names wrong columns: missing, unknown, twice', () => {
    expect(readProductsCsv('sku,title\nA,x')).toEqual({ ok: false, problem: { kind: 'missing_columns', columns: ['slug', 'category', 'price', 'inventory'] } });
    expect(readProductsCsv('sku,slug,title,category,price,inventory,colour\nA,a,x,clothing,1,1,red')).toEqual({
      ok: false,
      problem: { kind: 'unknown_columns', columns: ['colour'] },
    });
    expect(readProductsCsv('sku,slug,title,category,price,inventory,sku\nA,a,x,clothing,1,1,A')).toEqual({ ok: false, problem: { kind: 'duplicate_columns', columns: ['sku'] } });
  });

  it('marks bad rows with their reason and keeps the good ones', () => {
    const read = readProductsCsv(
      [
        'sku,slug,title,category,price,inventory',
        'A,a,x,clothing,1.00,1',
        'A,a,x,clothing,1.00,1',
        'B,a,x,clothing,zwölf,1',
        'C,a,x,clothing,1,viele',
        'D,a,x,shoes,1,1',
        'E,a,x,clothing,1',
        'F,a,x,clothing,0,1',
      ].join('\n'),
    );
    if (!read.ok) throw new Error('expected rows');
    expect(read.rows.map((r) => [r.line, r.problem])).toEqual([
      [2, null],
      [3, { kind: 'duplicate_sku', firstLine: 2 }],
      [4, { kind: 'not_a_number', column: 'price' }],
      [5, { kind: 'not_a_number', column: 'inventory' }],
      [6, { kind: 'invalid', column: 'category' }],
      [7, { kind: 'field_count', expected: 6, got: 5 }],
      [8, { kind: 'invalid', column: 'price' }],
    ]);
  });

  it('merges the database plan: every row in file order, database errors as row problems', () => {
    const read = readProductsCsv('sku,slug,title,category,price,inventory\nA,a,x,clothing,1,1\nB,b,x,clothing,x,1\nC,c,x,clothing,1,1');
    if (!read.ok) throw new Error('expected rows');
    const preview = mergePreview(read.rows, [
      { line: 2, sku: 'A', action: 'update', fields: ['price'], error: null },
      { line: 4, sku: 'C', action: 'error', fields: [], error: 'sku_of_other_product:other-slug' },
    ]);
    expect(preview.counts).toEqual({ create: 0, update: 1, unchanged: 0, error: 2 });
    expect(preview.rows[2].problem).toEqual({ kind: 'sku_of_other_product', slug: 'other-slug' });
    expect(rowProblemOf('too_long:title_de')).toEqual({ kind: 'too_long', column: 'title_de' });
  });
});

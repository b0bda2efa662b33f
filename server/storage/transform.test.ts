import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http.ts';
import { chooseFormat, DEFAULT_WIDTH_LADDER, etagMatches, parseTransform, parseWidthLadder, snapToLadder, type Transform, variantETag, variantKey } from './transform.ts';

const parse = (query: string) => parseTransform(new URLSearchParams(query));

/** The 400 a bad query gets, with Storage's error body; anything else fails the test. */
function refusal(query: string): { status: number; payload: unknown } {
  try {
    parse(query);
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, payload: e.payload };
    throw e;
  }
  throw new Error(`"${query}" was accepted`);
}

describe('parseTransform', () => {
  it('fills in Supabase defaults: cover, quality 80, format negotiated', () => {
    expect(parse('')).toEqual({ resize: 'cover', quality: 80, format: 'auto' });
    expect(parse('width=320')).toEqual({ width: 320, resize: 'cover', quality: 80, format: 'auto' });
  });

  it('reads what supabase-js getPublicUrl writes, ignoring the parameters that are not transforms', () => {
    expect(parse('download=&width=500&height=600&resize=contain&format=origin&quality=55&cacheNonce=7&versionId=x&apikey=k')).toEqual({
      width: 500,
      height: 600,
      resize: 'contain',
      quality: 55,
      format: 'origin',
    });
    expect(parse('height=1&format=webp').format).toBe('webp');
    expect(parse('format=avif&resize=fill').format).toBe('avif');
    expect(parse('width=2500&height=2500&quality=100')).toMatchObject({ width: 2500, height: 2500, quality: 100 });
    expect(parse('quality=20').quality).toBe(20);
  });

  it.each([
    'width=0',
    'width=2501',
    'width=100000',
    'width=abc',
    'width=1.5',
    'width=-3',
    'width=+3',
    'width=1e3',
    'width=0x10',
    'width= 10',
    'width=',
    'height=0',
    'height=99999999999999999999',
    'width=10&width=20',
    'width=10&width=10',
    'resize=zoom',
    'resize=Cover',
    'resize=',
    'quality=19',
    'quality=101',
    'quality=80.5',
    'format=svg',
    'format=gif',
    'format=png',
    'format=jpeg',
    'format=image/webp',
    'format=',
    'format=origin&format=webp',
  ])('%s → 400 with the Storage error body', (query) => {
    const { status, payload } = refusal(query);
    expect(status).toBe(400);
    expect(payload).toMatchObject({ statusCode: '400', error: 'InvalidRequest', message: expect.stringMatching(/^querystring\//) });
  });

  it('any query string gives a valid transform or a 400 — never another error (property)', () => {
    const keys = fc.constantFrom('width', 'height', 'resize', 'quality', 'format', 'download', 'x', '');
    const values = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.integer({ min: -10, max: 3000 }).map(String),
      fc.double().map(String),
      fc.constantFrom('cover', 'contain', 'fill', 'origin', 'webp', 'avif', '0', '2500', '2501', '１００'),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(keys, values), { maxLength: 8 }), fc.string({ maxLength: 40 }), (pairs, raw) => {
        for (const params of [new URLSearchParams(pairs), new URLSearchParams(raw)]) {
          let transform: Transform;
          try {
            transform = parseTransform(params);
          } catch (e) {
            expect(e).toBeInstanceOf(HttpError);
            expect((e as HttpError).status).toBe(400);
            continue;
          }
          for (const size of [transform.width, transform.height]) {
            if (size !== undefined) expect(Number.isInteger(size) && size >= 1 && size <= 2500).toBe(true);
          }
          expect(Number.isInteger(transform.quality) && transform.quality >= 20 && transform.quality <= 100).toBe(true);
          expect(['cover', 'contain', 'fill']).toContain(transform.resize);
          expect(['auto', 'origin', 'webp', 'avif']).toContain(transform.format);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('every valid transform survives being written as a query and read back (property)', () => {
    const transform = fc.record(
      {
        width: fc.integer({ min: 1, max: 2500 }),
        height: fc.integer({ min: 1, max: 2500 }),
        resize: fc.constantFrom('cover', 'contain', 'fill'),
        quality: fc.integer({ min: 20, max: 100 }),
        format: fc.constantFrom('origin', 'webp', 'avif'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(transform, (t) => {
        const query = new URLSearchParams(Object.entries(t).map(([k, v]) => [k, String(v)]));
        expect(parseTransform(query)).toEqual({ resize: 'cover', quality: 80, format: 'auto', ...t });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('chooseFormat', () => {
  it('keeps an explicit format whatever the client accepts', () => {
    expect(chooseFormat('origin', 'image/webp')).toBe('origin');
    expect(chooseFormat('avif', undefined)).toBe('avif');
    expect(chooseFormat('webp', 'image/png')).toBe('webp');
  });

  it('negotiates WebP only when Accept names it with a quality above 0, never AVIF', () => {
    expect(chooseFormat('auto', 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8')).toBe('webp');
    expect(chooseFormat('auto', 'image/webp')).toBe('webp');
    expect(chooseFormat('auto', 'IMAGE/WEBP;q=0.5')).toBe('webp');
    expect(chooseFormat('auto', 'image/avif,image/*,*/*')).toBe('origin');
    expect(chooseFormat('auto', 'image/webp;q=0, */*')).toBe('origin');
    expect(chooseFormat('auto', '*/*')).toBe('origin');
    expect(chooseFormat('auto', undefined)).toBe('origin');
    expect(chooseFormat('auto', '')).toBe('origin');
  });
});

describe('variant keys and ETags', () => {
  const object = { id: '6f1c1e55-0000-4000-8000-000000000001', version: '0b7f39c4-0000-4000-8000-000000000002', eTag: '"abc"' };
  const keyOf = (query: string, accept?: string) => {
    const t = parse(query);
    return variantKey(t, chooseFormat(t.format, accept), 'sharp-x');
  };

  it('names one variant the same however its defaults are spelled', () => {
    expect(keyOf('width=320', 'image/webp')).toBe(keyOf('quality=80&resize=cover&width=320', 'image/webp'));
    expect(keyOf('width=320', 'image/webp')).toBe(keyOf('width=0320&format=webp'));
    expect(keyOf('width=320')).toBe(keyOf('width=320&format=origin'));
  });

  it('tells apart every parameter, the chosen format and the encoder', () => {
    const keys = [
      keyOf('width=320'),
      keyOf('width=321'),
      keyOf('height=320'),
      keyOf('width=320&height=320'),
      keyOf('width=320&resize=contain'),
      keyOf('width=320&resize=fill'),
      keyOf('width=320&quality=79'),
      keyOf('width=320', 'image/webp'),
      keyOf('width=320&format=avif'),
      variantKey(parse('width=320'), 'origin', 'sharp-y'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives a strong ETag that changes with the object version, its bytes, its id and the variant', () => {
    const key = keyOf('width=320', 'image/webp');
    const etag = variantETag(object, key);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(variantETag({ ...object }, key)).toBe(etag);
    const others = [
      variantETag({ ...object, version: '0b7f39c4-0000-4000-8000-000000000003' }, key),
      variantETag({ ...object, eTag: '"abd"' }, key),
      variantETag({ ...object, id: '6f1c1e55-0000-4000-8000-000000000009' }, key),
      variantETag(object, keyOf('width=320')),
    ];
    expect(new Set([etag, ...others]).size).toBe(5);
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"x", "a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('', '"a"')).toBe(false);
  });
});

describe('snapToLadder and IMAGE_WIDTHS', () => {
  const t = (width?: number, height?: number): Transform => ({ width, height, resize: 'cover', quality: 80, format: 'auto' });

  it('rounds a width up to the next step (the top step at most) and scales a height asked with it', () => {
    expect(snapToLadder(t(301), DEFAULT_WIDTH_LADDER).width).toBe(320);
    expect(snapToLadder(t(320), DEFAULT_WIDTH_LADDER).width).toBe(320);
    expect(snapToLadder(t(2500), DEFAULT_WIDTH_LADDER).width).toBe(1200);
    expect(snapToLadder(t(300, 375), DEFAULT_WIDTH_LADDER)).toMatchObject({ width: 320, height: 400 });
    expect(snapToLadder(t(undefined, 201), DEFAULT_WIDTH_LADDER)).toMatchObject({ height: 240 });
    expect(snapToLadder(t(301, 250), [])).toMatchObject({ width: 301, height: 250 });
  });

  it('parses IMAGE_WIDTHS, "any" turning snapping off, and names a bad entry', () => {
    expect(parseWidthLadder(undefined)).toEqual([...DEFAULT_WIDTH_LADDER]);
    expect(parseWidthLadder('640, 160,320,160')).toEqual([160, 320, 640]);
    expect(parseWidthLadder('any')).toEqual([]);
    expect(() => parseWidthLadder('160,0')).toThrow(/"0"/);
    expect(() => parseWidthLadder('160,3000')).toThrow(/"3000"/);
  });
});

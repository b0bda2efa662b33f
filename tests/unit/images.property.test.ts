import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_DISPLAYS, IMAGE_WIDTHS, parsePublicObjectUrl, renderUrl, responsiveImage } from '../../src/ui/images';

const OBJECT = '/storage/v1/object/public/';
const RENDER = '/storage/v1/render/image/public/';

/** Path segments as people and attackers write them: plain, encoded, dots, slashes, odd characters. */
const segment = fc.oneof(
  fc.webSegment(),
  fc.constantFrom('.', '..', '%2e%2e', '%2E.', '', 'a%2Fb', 'a\\b', '%5C', '%00', '%zz', '?', '#', 'storage', 'object', 'public'),
  fc.string({ unit: 'grapheme', maxLength: 8 }).map(encodeURIComponent),
  fc.string({ maxLength: 6 }),
);
const query = fc.option(
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom('width', 'height', 'resize', 'quality', 'format', 'v', 'download'), fc.webSegment()), fc.webSegment()), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  { nil: undefined },
);
const prefix = fc.oneof(
  fc.webUrl({ withQueryParameters: false, withFragments: false }),
  fc.constantFrom('', 'http://localhost:54321', 'https://x.supabase.co', 'javascript:', 'data:image/png;base64,', 'blob:http://localhost:5173', '//cdn.example'),
);
const plainSegment = fc.oneof(
  fc.webSegment().filter((s) => s !== ''),
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
    .map(encodeURIComponent)
    .filter((s) => s !== '.' && s !== '..'),
);
/** What uploads produce: an http(s) origin or none, a bucket, a path of one or more segments, maybe a query. */
const wellFormed = fc
  .tuple(
    fc.oneof(
      fc.webUrl({ withQueryParameters: false, withFragments: false }).map((u) => new URL(u).origin),
      fc.constantFrom('', 'http://localhost:54321', 'https://x.supabase.co', 'http://[::1]:8000/api'),
    ),
    plainSegment,
    fc.array(plainSegment, { minLength: 1, maxLength: 4 }),
    query,
  )
  .map(([origin, bucket, path, q]) => `${origin}${OBJECT}${bucket}/${path.join('/')}${q === undefined ? '' : `?${q}`}`);
/** Anything else a media row's url column might hold: hostile paths, other schemes, fragments, junk. */
const hostile = fc
  .tuple(prefix, fc.array(segment, { minLength: 0, maxLength: 4 }), query, fc.option(fc.webFragments(), { nil: undefined }))
  .map(([p, segs, q, f]) => `${p}${OBJECT}${segs.join('/')}${q === undefined ? '' : `?${q}`}${f === undefined ? '' : `#${f}`}`);
const anyUrl = fc.oneof(
  { arbitrary: wellFormed, weight: 4 },
  { arbitrary: hostile, weight: 4 },
  { arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }), weight: 1 },
  { arbitrary: fc.string(), weight: 1 },
);

it('the generated URLs are rewritten often enough for the properties to mean something', () => {
  const urls = fc.sample(anyUrl, { numRuns: 2000, seed: 12 });
  const rewritten = urls.filter((u) => renderUrl(u, { width: 160 }) !== null).length;
  expect(rewritten).toBeGreaterThan(600);
  expect(rewritten).toBeLessThan(1800);
});

describe('any URL in → unchanged, or a render URL of the same bucket and path', () => {
  it('renderUrl', () => {
    fc.assert(
      fc.property(anyUrl, fc.constantFrom(...IMAGE_WIDTHS), (url, width) => {
        const out = renderUrl(url, { width });
        if (out === null) return;
        const parsed = parsePublicObjectUrl(url);
        expect(parsed).not.toBeNull();
        const { base, bucket, path } = parsed!;
        expect(out.startsWith(`${base}${RENDER}${bucket}/${path}?width=${width}&`)).toBe(true);
        // What a browser would fetch: the same bucket and path under the render route, nothing resolved away.
        const page = 'http://page.example/shop';
        const before = new URL(url, page);
        const after = new URL(out, page);
        expect(after.origin).toBe(before.origin);
        const i = before.pathname.indexOf(OBJECT);
        expect(after.pathname).toBe(`${before.pathname.slice(0, i)}${RENDER}${before.pathname.slice(i + OBJECT.length)}`);
        expect(after.searchParams.getAll('width')).toEqual([String(width)]);
      }),
      { numRuns: 3000 },
    );
  });

  it('responsiveImage: src and every srcset candidate', () => {
    fc.assert(
      fc.property(anyUrl, fc.constantFrom(...Object.values(IMAGE_DISPLAYS)), (url, display) => {
        const image = responsiveImage({ url, width: 800, height: 1000 }, display);
        const parsed = parsePublicObjectUrl(url);
        if (image.src === url) {
          expect(image.srcSet).toBeUndefined();
          return;
        }
        expect(parsed).not.toBeNull();
        const prefixOut = `${parsed!.base}${RENDER}${parsed!.bucket}/${parsed!.path}?`;
        expect(image.src.startsWith(prefixOut)).toBe(true);
        const candidates = image.srcSet!.split(/ \d+w(?:, |$)/).filter(Boolean);
        expect(candidates.length).toBeGreaterThan(0);
        for (const c of candidates) expect(c.startsWith(prefixOut)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

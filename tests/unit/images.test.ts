import { describe, expect, it } from 'vitest';
import {
  candidateWidths,
  IMAGE_DISPLAYS,
  IMAGE_QUALITY,
  IMAGE_WIDTHS,
  type ImageDisplay,
  ladderWidth,
  parsePublicObjectUrl,
  renderUrl,
  responsiveImage,
} from '../../src/ui/images';

const HOSTED = 'https://abcdefghijklmnop.supabase.co/storage/v1/object/public/product-images/3f2a/1.png';
const LOCAL = 'http://localhost:54321/storage/v1/object/public/product-images/3f2a/1.png';

describe('renderUrl', () => {
  it('rewrites a hosted public object URL to the render endpoint of the same bucket and path', () => {
    expect(renderUrl(HOSTED, { width: 320 })).toBe(
      `https://abcdefghijklmnop.supabase.co/storage/v1/render/image/public/product-images/3f2a/1.png?width=320&quality=${IMAGE_QUALITY}`,
    );
  });

  it('works for any host, port and path prefix, and for a path on the page’s own origin', () => {
    expect(renderUrl(LOCAL, { width: 160 })).toBe('http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=160&quality=75');
    expect(renderUrl('https://api.example.com/supabase/storage/v1/object/public/b/x.webp', { width: 480 })).toBe(
      'https://api.example.com/supabase/storage/v1/render/image/public/b/x.webp?width=480&quality=75',
    );
    expect(renderUrl('/storage/v1/object/public/b/x.jpg', { width: 240 })).toBe('/storage/v1/render/image/public/b/x.jpg?width=240&quality=75');
  });

  it('asks for height and resize when given, and the quality asked for', () => {
    expect(renderUrl(LOCAL, { width: 320, height: 400, resize: 'cover', quality: 60 })).toBe(
      'http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=320&height=400&resize=cover&quality=60',
    );
  });

  it('keeps encoded and unusual path characters exactly as they were', () => {
    const url = 'http://localhost:54321/storage/v1/object/public/product-images/a%20b/M%C3%BCtze%20%231.png';
    expect(renderUrl(url, { width: 160 })).toBe('http://localhost:54321/storage/v1/render/image/public/product-images/a%20b/M%C3%BCtze%20%231.png?width=160&quality=75');
    expect(renderUrl('http://h/storage/v1/object/public/b/folder/deeper/x(1).png', { width: 160 })).toBe(
      'http://h/storage/v1/render/image/public/b/folder/deeper/x(1).png?width=160&quality=75',
    );
  });

  it('keeps other query parameters and replaces transform parameters the URL already had', () => {
    expect(renderUrl(`${LOCAL}?v=3`, { width: 320 })).toBe('http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=320&quality=75&v=3');
    expect(renderUrl(`${LOCAL}?width=9&v=a%20b&quality=10&format=origin&height=1&resize=fill`, { width: 320 })).toBe(
      'http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=320&quality=75&v=a+b',
    );
  });

  it('uses the first /storage/v1/object/public/ as the route: the rest is the object’s path', () => {
    expect(renderUrl('http://h/storage/v1/object/public/b/storage/v1/object/public/c/x.png', { width: 160 })).toBe(
      'http://h/storage/v1/render/image/public/b/storage/v1/object/public/c/x.png?width=160&quality=75',
    );
  });

  it.each([
    ['an external image', 'https://images.example.com/shirt.png'],
    ['a data: URL', 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'],
    ['a blob: preview', 'blob:http://localhost:5173/6f1c0c9e-4b1e-4c47-9d3a-2f3b9d1f7a10'],
    ['an authenticated object URL', 'http://localhost:54321/storage/v1/object/authenticated/b/x.png'],
    ['a signed object URL', 'http://localhost:54321/storage/v1/object/sign/b/x.png?token=abc'],
    ['a render URL already', 'http://localhost:54321/storage/v1/render/image/public/b/x.png?width=160'],
    ['a bucket without a path', 'http://localhost:54321/storage/v1/object/public/b'],
    ['a bucket with an empty path', 'http://localhost:54321/storage/v1/object/public/b/'],
    ['a dot-dot segment', 'http://localhost:54321/storage/v1/object/public/b/../secret.png'],
    ['an encoded dot-dot segment', 'http://localhost:54321/storage/v1/object/public/b/%2e%2E/secret.png'],
    ['a dot-dot bucket', 'http://localhost:54321/storage/v1/object/public/../b/x.png'],
    ['a dot-dot before the route', 'http://localhost:54321/x/../storage/v1/object/public/b/x.png'],
    ['an empty segment', 'http://localhost:54321/storage/v1/object/public/b//x.png'],
    ['an encoded slash', 'http://localhost:54321/storage/v1/object/public/b/a%2Fb.png'],
    ['an encoded backslash', 'http://localhost:54321/storage/v1/object/public/b/a%5cb.png'],
    ['a malformed escape', 'http://localhost:54321/storage/v1/object/public/b/a%zz.png'],
    ['a fragment', 'http://localhost:54321/storage/v1/object/public/b/x.png#top'],
    ['another scheme', 'javascript:/storage/v1/object/public/b/x.png'],
    ['a protocol-relative URL', '//localhost:54321/storage/v1/object/public/b/x.png'],
    ['a relative path', 'storage/v1/object/public/b/x.png'],
    ['an empty string', ''],
  ])('leaves %s alone', (_, url) => {
    expect(renderUrl(url, { width: 320 })).toBeNull();
    expect(responsiveImage({ url, width: 800, height: 1000 }, IMAGE_DISPLAYS.shopCard)).toEqual({ src: url, width: 800, height: 1000 });
  });

  it('parses bucket, path and query', () => {
    expect(parsePublicObjectUrl(`${LOCAL}?v=1`)).toEqual({ base: 'http://localhost:54321', bucket: 'product-images', path: '3f2a/1.png', query: 'v=1' });
  });
});

describe('the ladder', () => {
  it('is short, rising and within Storage’s 1–2500 px', () => {
    expect(IMAGE_WIDTHS.length).toBeLessThanOrEqual(8);
    expect([...IMAGE_WIDTHS].sort((a, b) => a - b)).toEqual([...IMAGE_WIDTHS]);
    for (const w of IMAGE_WIDTHS) {
      expect(w).toBeGreaterThanOrEqual(1);
      expect(w).toBeLessThanOrEqual(2500);
    }
  });

  it('rounds a width up to the next step, and caps at the largest', () => {
    expect(ladderWidth(1)).toBe(160);
    expect(ladderWidth(160)).toBe(160);
    expect(ladderWidth(161)).toBe(240);
    expect(ladderWidth(316)).toBe(320);
    expect(ladderWidth(700)).toBe(800);
    expect(ladderWidth(5000)).toBe(1200);
  });

  it('offers a display the steps from its narrowest layout at 1x to its widest at 2x', () => {
    const display: ImageDisplay = { sizes: '50vw', minWidth: 150, maxWidth: 300 };
    expect(candidateWidths(display)).toEqual([160, 240, 320, 480, 640]);
    expect(candidateWidths({ sizes: '48px', minWidth: 48, maxWidth: 48 })).toEqual([160]);
    expect(candidateWidths(IMAGE_DISPLAYS.galleryMain)).toEqual([320, 480, 640, 800, 1200]);
  });

  it('leaves out steps the source is too small for (Storage does not enlarge)', () => {
    expect(candidateWidths(IMAGE_DISPLAYS.galleryMain, { width: 800, height: 1000 })).toEqual([320, 480, 640, 800]);
    // A landscape source cropped to portrait: its height is the limit (640×800 needs 800 px of height).
    expect(candidateWidths(IMAGE_DISPLAYS.galleryMain, { width: 1600, height: 700 })).toEqual([320, 480]);
    expect(candidateWidths(IMAGE_DISPLAYS.galleryMain, { width: 200, height: 250 })).toEqual([]);
  });
});

describe('responsiveImage', () => {
  it('gives a shop card the ladder from 160 to 800, cropped to 4:5, with the grid’s sizes', () => {
    const image = responsiveImage({ url: LOCAL, width: 800, height: 1000 }, IMAGE_DISPLAYS.shopCard);
    const base = 'http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png';
    expect(image).toEqual({
      src: `${base}?width=480&height=600&resize=cover&quality=75`,
      srcSet: [160, 240, 320, 480, 640, 800].map((w) => `${base}?width=${w}&height=${w * 1.25}&resize=cover&quality=75 ${w}w`).join(', '),
      sizes: IMAGE_DISPLAYS.shopCard.sizes,
      width: 800,
      height: 1000,
    });
  });

  it('shows the object URL as stored when the project has no image transformations (VITE_IMAGE_TRANSFORMS=false)', () => {
    expect(responsiveImage({ url: LOCAL, width: 800, height: 1000 }, IMAGE_DISPLAYS.shopCard, false)).toEqual({ src: LOCAL, width: 800, height: 1000 });
  });

  it('crops square displays to squares and keeps to small steps for small boxes', () => {
    const image = responsiveImage(LOCAL, IMAGE_DISPLAYS.cartLine);
    expect(image.srcSet).toBe(
      'http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=160&height=160&resize=cover&quality=75 160w, ' +
        'http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=240&height=240&resize=cover&quality=75 240w',
    );
    expect(image.sizes).toBe('(min-width: 768px) 96px, 80px');
    expect([image.width, image.height]).toEqual([240, 240]);
  });

  it('gives width and height in the display’s aspect ratio whatever the source’s shape', () => {
    for (const [name, display] of Object.entries(IMAGE_DISPLAYS)) {
      const image = responsiveImage({ url: HOSTED, width: 1200, height: 900 }, display);
      expect(image.width, name).toBeGreaterThan(0);
      expect(Math.abs((image.width as number) / (image.height as number) - (display.aspect as number)), name).toBeLessThan(0.01);
    }
  });

  it('without an aspect ratio asks for width alone and keeps the media row’s size', () => {
    const display: ImageDisplay = { sizes: '100vw', minWidth: 300, maxWidth: 300 };
    expect(responsiveImage({ url: LOCAL, width: 1000, height: 500 }, display)).toEqual({
      src: 'http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=320&quality=75',
      srcSet:
        'http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=320&quality=75 320w, ' +
        'http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=480&quality=75 480w, ' +
        'http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=640&quality=75 640w',
      sizes: '100vw',
      width: 1000,
      height: 500,
    });
    expect(responsiveImage('https://elsewhere.example/x.png', display)).toEqual({ src: 'https://elsewhere.example/x.png' });
  });

  it('uses the original when the source is smaller than every step the display needs', () => {
    expect(responsiveImage({ url: LOCAL, width: 120, height: 150 }, IMAGE_DISPLAYS.galleryMain)).toEqual({ src: LOCAL, width: 120, height: 150 });
  });

  it('falls back for old browsers to the step that covers the widest layout at 1x', () => {
    expect(responsiveImage(LOCAL, IMAGE_DISPLAYS.searchThumb).src).toBe(
      'http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=160&height=200&resize=cover&quality=75',
    );
    expect(responsiveImage({ url: LOCAL, width: 800, height: 1000 }, IMAGE_DISPLAYS.galleryMain).src).toBe(
      'http://localhost:54321/storage/v1/render/image/public/product-images/3f2a/1.png?width=800&height=1000&resize=cover&quality=75',
    );
  });
});

describe('the displays', () => {
  // Each `sizes` must agree with its own minWidth/maxWidth: evaluate it at viewport widths 320…1600.
  const evaluate = (sizes: string, vw: number): number => {
    for (const part of sizes.split(/,\s*(?![^(]*\))/)) {
      const m = /^\(min-width: (\d+)px\)\s+(.*)$/.exec(part);
      const [min, length] = m ? [Number(m[1]), m[2]] : [0, part];
      if (vw < min) continue;
      const expr = length
        .replace(/^calc/, '')
        .replace(/(\d+(?:\.\d+)?)vw/g, (_, n) => String((Number(n) * vw) / 100))
        .replace(/px/g, '');
      return Function(`return (${expr})`)() as number;
    }
    throw new Error(`no length in ${sizes}`);
  };

  it.each(Object.entries(IMAGE_DISPLAYS))('%s: sizes stays within its min and max width', (_, display) => {
    let lo = Infinity;
    let hi = 0;
    for (let vw = 320; vw <= 1600; vw++) {
      const px = evaluate(display.sizes, vw);
      lo = Math.min(lo, px);
      hi = Math.max(hi, px);
    }
    expect(lo).toBeGreaterThanOrEqual(display.minWidth - 1);
    expect(lo).toBeLessThanOrEqual(display.minWidth + 1);
    expect(hi).toBeLessThanOrEqual(display.maxWidth + 1);
    expect(hi).toBeGreaterThanOrEqual(display.maxWidth - 1);
  });

  it('a shop card on a 360 px phone is 158 px wide (two columns), on a 1280 px desktop 299 px', () => {
    expect(evaluate(IMAGE_DISPLAYS.shopCard.sizes, 360)).toBe(158);
    expect(Math.round(evaluate(IMAGE_DISPLAYS.shopCard.sizes, 1280))).toBe(299);
  });
});

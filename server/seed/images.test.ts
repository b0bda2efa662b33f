import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { IMAGE_HEIGHT, IMAGE_WIDTH, SILHOUETTE_NAMES, hexToRgb, productImagePng } from './images.ts';
import { CATALOGUE, COLOURS } from './catalogue.ts';

const pixel = (png: PNG, x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];

describe('product images', () => {
  it('are valid 800×1000 PNGs for every silhouette and both shots', () => {
    for (const silhouette of SILHOUETTE_NAMES) {
      for (const n of [1, 2] as const) {
        const bytes = productImagePng({ silhouette, colour: hexToRgb('#5b6237'), n });
        const png = PNG.sync.read(bytes);
        expect(png.width).toBe(IMAGE_WIDTH);
        expect(png.height).toBe(IMAGE_HEIGHT);
        // Shown in grids on phone connections: the encoder's strongest deflate keeps them small.
        expect(bytes.length).toBeLessThan(16_000);
      }
    }
  });

  it('fill the silhouette with the product colour on the dark brand background', () => {
    const png = PNG.sync.read(productImagePng({ silhouette: 'tee', colour: hexToRgb('#5b6237'), n: 1 }));
    expect(pixel(png, 400, 650)).toEqual([0x5b, 0x62, 0x37]);
    const corner = pixel(png, 5, IMAGE_HEIGHT - 5);
    expect(Math.max(...corner)).toBeLessThan(0x20);
    const stripe = pixel(png, 400, 478);
    expect(stripe).toEqual([0xe1, 0x1d, 0x2e]);
  });

  it('differ per colour and between the primary and the detail shot', () => {
    const black = productImagePng({ silhouette: 'hoodie', colour: hexToRgb(COLOURS.Black.hex), n: 1 });
    const bone = productImagePng({ silhouette: 'hoodie', colour: hexToRgb(COLOURS.Bone.hex), n: 1 });
    const detail = productImagePng({ silhouette: 'hoodie', colour: hexToRgb(COLOURS.Black.hex), n: 2 });
    expect(black.equals(bone)).toBe(false);
    expect(black.equals(detail)).toBe(false);
    expect(black.equals(productImagePng({ silhouette: 'hoodie', colour: hexToRgb(COLOURS.Black.hex), n: 1 }))).toBe(true);
  });

  it('cover every product of the catalogue with a known silhouette and colour', () => {
    for (const p of CATALOGUE) {
      expect(SILHOUETTE_NAMES).toContain(p.silhouette);
      expect(COLOURS[p.imageColour]).toBeDefined();
    }
  });
});

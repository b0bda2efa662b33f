import { crc32, deflateSync } from 'node:zlib';

/**
 * Product images drawn from simple geometry: a flat silhouette per product type in the product's
 * colour on the dark brand background, with the brand-red accent. No fonts, no network; the same
 * input always gives the same bytes.
 */
export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 1000;

export type Silhouette =
  | 'tee'
  | 'tank'
  | 'stringer'
  | 'hoodie'
  | 'zip'
  | 'joggers'
  | 'shorts'
  | 'leggings'
  | 'bra'
  | 'cap'
  | 'bag'
  | 'socks'
  | 'shaker'
  | 'bottle'
  | 'belt'
  | 'straps'
  | 'wraps'
  | 'band'
  | 'rope'
  | 'sleeve'
  | 'roller'
  | 'tub'
  | 'bar';

export type Rgb = readonly [number, number, number];

export const BRAND_BACKGROUND: Rgb = [0x0b, 0x0b, 0x0c];
export const BRAND_RED: Rgb = [0xe1, 0x1d, 0x2e];

export function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a colour: ${hex}`);
  return [Number.parseInt(m[1], 16), Number.parseInt(m[2], 16), Number.parseInt(m[3], 16)];
}

type Role = 'main' | 'shade' | 'light' | 'accent';
type Point = readonly [number, number];
type Shape =
  | { kind: 'poly'; role: Role; points: readonly Point[] }
  | { kind: 'rect'; role: Role; x: number; y: number; w: number; h: number; r?: number }
  | { kind: 'ellipse'; role: Role; cx: number; cy: number; rx: number; ry: number; yMax?: number; yMin?: number }
  | { kind: 'ring'; role: Role; cx: number; cy: number; rx: number; ry: number; t: number; yMax?: number; yMin?: number };

const poly = (role: Role, ...points: Point[]): Shape => ({ kind: 'poly', role, points });
const rect = (role: Role, x: number, y: number, w: number, h: number, r = 0): Shape => ({ kind: 'rect', role, x, y, w, h, r });
const ellipse = (role: Role, cx: number, cy: number, rx: number, ry: number, clip: { yMin?: number; yMax?: number } = {}): Shape => ({
  kind: 'ellipse',
  role,
  cx,
  cy,
  rx,
  ry,
  ...clip,
});
const ring = (role: Role, cx: number, cy: number, rx: number, ry: number, t: number, clip: { yMin?: number; yMax?: number } = {}): Shape => ({
  kind: 'ring',
  role,
  cx,
  cy,
  rx,
  ry,
  t,
  ...clip,
});

const tshirt = (sleeveEndY: number, sleeveOuterX: number): Shape[] => [
  poly(
    'main',
    [330, 225],
    [230, 255],
    [sleeveOuterX, sleeveEndY - 40],
    [sleeveOuterX + 75, sleeveEndY],
    [250, 400],
    [245, 800],
    [555, 800],
    [550, 400],
    [800 - sleeveOuterX - 75, sleeveEndY],
    [800 - sleeveOuterX, sleeveEndY - 40],
    [570, 255],
    [470, 225],
  ),
  ellipse('shade', 400, 228, 72, 32),
];

const SILHOUETTES: Record<Silhouette, Shape[]> = {
  tee: [...tshirt(440, 115), rect('accent', 300, 470, 200, 18)],
  tank: [
    poly('main', [295, 215], [335, 215], [400, 320], [465, 215], [505, 215], [512, 340], [555, 420], [550, 800], [250, 800], [245, 420], [288, 340]),
    rect('accent', 300, 470, 200, 18),
  ],
  stringer: [
    poly('main', [318, 200], [342, 200], [400, 350], [458, 200], [482, 200], [485, 330], [560, 520], [552, 800], [248, 800], [240, 520], [315, 330]),
    rect('accent', 250, 760, 300, 16),
  ],
  hoodie: [
    ellipse('main', 400, 235, 115, 105),
    poly('main', [310, 260], [220, 290], [130, 760], [205, 780], [262, 470], [250, 820], [550, 820], [538, 470], [595, 780], [670, 760], [580, 290], [490, 260]),
    ellipse('shade', 400, 255, 62, 72),
    poly('shade', [295, 620], [505, 620], [535, 750], [265, 750]),
    rect('light', 370, 320, 10, 120),
    rect('light', 420, 320, 10, 120),
    rect('accent', 130, 700, 78, 16),
    rect('accent', 592, 700, 78, 16),
  ],
  zip: [
    poly('main', [330, 220], [220, 270], [130, 760], [205, 780], [262, 470], [250, 820], [550, 820], [538, 470], [595, 780], [670, 760], [580, 270], [470, 220]),
    rect('shade', 330, 195, 140, 45, 18),
    rect('light', 395, 230, 10, 590),
    poly('shade', [290, 640], [305, 630], [345, 720], [330, 730]),
    poly('shade', [510, 640], [495, 630], [455, 720], [470, 730]),
    rect('accent', 232, 300, 16, 300),
    rect('accent', 552, 300, 16, 300),
  ],
  joggers: [
    rect('shade', 265, 190, 270, 55, 10),
    poly('main', [265, 245], [400, 245], [398, 420], [385, 800], [295, 800], [262, 480]),
    poly('main', [535, 245], [400, 245], [402, 420], [415, 800], [505, 800], [538, 480]),
    rect('shade', 293, 800, 94, 45, 8),
    rect('shade', 413, 800, 94, 45, 8),
    rect('accent', 270, 300, 14, 380),
    rect('accent', 516, 300, 14, 380),
  ],
  shorts: [
    rect('shade', 255, 280, 290, 55, 10),
    poly('main', [255, 335], [400, 335], [398, 420], [390, 610], [250, 610], [245, 480]),
    poly('main', [545, 335], [400, 335], [402, 420], [410, 610], [550, 610], [555, 480]),
    rect('accent', 250, 580, 140, 14),
    rect('accent', 410, 580, 140, 14),
  ],
  leggings: [
    rect('shade', 285, 170, 230, 60, 12),
    poly('main', [285, 230], [400, 230], [398, 400], [375, 880], [320, 880], [288, 480]),
    poly('main', [515, 230], [400, 230], [402, 400], [425, 880], [480, 880], [512, 480]),
    rect('accent', 292, 240, 12, 300),
    rect('accent', 496, 240, 12, 300),
  ],
  bra: [
    poly('main', [300, 240], [320, 240], [360, 400], [340, 410]),
    poly('main', [500, 240], [480, 240], [440, 400], [460, 410]),
    ellipse('main', 335, 455, 85, 75),
    ellipse('main', 465, 455, 85, 75),
    rect('main', 255, 470, 290, 110, 20),
    rect('shade', 255, 540, 290, 40, 12),
    rect('accent', 255, 552, 290, 12),
  ],
  cap: [
    ellipse('main', 380, 540, 205, 200, { yMax: 540 }),
    poly('shade', [380, 345], [392, 345], [400, 540], [372, 540]),
    ellipse('shade', 560, 545, 170, 42),
    rect('main', 175, 520, 410, 30),
    ellipse('shade', 380, 340, 18, 12),
    rect('accent', 180, 505, 400, 14),
  ],
  bag: [
    ring('shade', 400, 440, 150, 120, 24, { yMax: 440 }),
    rect('main', 160, 420, 480, 300, 120),
    ellipse('shade', 205, 570, 35, 110),
    ellipse('shade', 595, 570, 35, 110),
    rect('light', 240, 440, 320, 10),
    rect('accent', 180, 600, 440, 22),
  ],
  socks: [
    poly('main', [250, 200], [370, 200], [370, 620], [470, 690], [470, 790], [280, 790], [250, 700]),
    poly('main', [430, 240], [550, 240], [550, 660], [650, 730], [650, 830], [460, 830], [430, 740]),
    rect('accent', 250, 230, 120, 16),
    rect('accent', 430, 270, 120, 16),
    rect('shade', 250, 200, 120, 20),
    rect('shade', 430, 240, 120, 20),
  ],
  shaker: [
    rect('shade', 340, 210, 120, 60, 14),
    rect('shade', 290, 265, 220, 80, 12),
    poly('main', [300, 345], [500, 345], [478, 830], [322, 830]),
    rect('light', 320, 420, 40, 6),
    rect('light', 320, 500, 40, 6),
    rect('light', 320, 580, 40, 6),
    rect('light', 320, 660, 40, 6),
    rect('accent', 305, 745, 190, 18),
  ],
  bottle: [ring('shade', 400, 230, 50, 40, 12, { yMax: 240 }), rect('shade', 340, 225, 120, 95, 16), rect('main', 300, 310, 200, 560, 70), rect('accent', 300, 520, 200, 20)],
  belt: [
    ring('main', 400, 520, 280, 170, 60),
    ring('shade', 400, 520, 280, 170, 10),
    rect('light', 355, 640, 90, 80, 10),
    rect('shade', 375, 660, 50, 40, 4),
    rect('accent', 150, 505, 30, 30),
  ],
  straps: [
    ring('main', 320, 240, 55, 55, 20),
    ring('main', 480, 300, 55, 55, 20),
    rect('main', 285, 290, 70, 540, 12),
    rect('main', 445, 350, 70, 540, 12),
    rect('accent', 285, 700, 70, 16),
    rect('accent', 445, 760, 70, 16),
  ],
  wraps: [
    ellipse('main', 400, 440, 190, 190),
    ring('shade', 400, 440, 150, 150, 8),
    ring('shade', 400, 440, 105, 105, 8),
    ellipse('shade', 400, 440, 55, 55),
    rect('main', 400, 580, 230, 110, 14),
    rect('accent', 500, 600, 110, 70, 10),
  ],
  band: [ring('main', 400, 360, 230, 130, 34), ring('shade', 400, 560, 200, 110, 30), ring('accent', 400, 730, 170, 90, 26)],
  rope: [
    ring('main', 400, 470, 230, 300, 10, { yMax: 620 }),
    rect('shade', 150, 600, 40, 200, 18),
    rect('shade', 610, 600, 40, 200, 18),
    rect('accent', 150, 740, 40, 16),
    rect('accent', 610, 740, 40, 16),
  ],
  sleeve: [rect('main', 290, 230, 220, 560, 40), ellipse('shade', 400, 235, 105, 28), rect('shade', 290, 500, 220, 12), rect('accent', 290, 720, 220, 18)],
  roller: [
    rect('main', 170, 410, 460, 220),
    ellipse('main', 630, 520, 50, 110),
    ellipse('shade', 170, 520, 50, 110),
    ellipse('light', 170, 520, 18, 40),
    rect('shade', 260, 410, 14, 220),
    rect('shade', 360, 410, 14, 220),
    rect('shade', 460, 410, 14, 220),
    rect('accent', 540, 410, 22, 220),
  ],
  tub: [rect('shade', 215, 290, 370, 85, 14), rect('main', 230, 370, 340, 470, 28), rect('light', 230, 500, 340, 180), rect('accent', 230, 560, 340, 40)],
  bar: [
    poly('shade', [140, 420], [175, 440], [140, 460], [175, 480], [140, 500], [175, 520], [140, 540], [175, 560], [175, 420]),
    poly('shade', [660, 420], [625, 440], [660, 460], [625, 480], [660, 500], [625, 520], [660, 540], [625, 560], [625, 420]),
    rect('main', 175, 420, 450, 140, 10),
    rect('accent', 175, 476, 450, 26),
    rect('main', 230, 640, 340, 120, 10),
    rect('shade', 230, 690, 340, 14),
  ],
};

export const SILHOUETTE_NAMES = Object.keys(SILHOUETTES) as Silhouette[];

interface Transform {
  scale: number;
  dx: number;
  dy: number;
}

/** Horizontal spans [x0, x1) a shape covers on pixel row y (sampled at the row's centre). */
function spans(shape: Shape, y: number, t: Transform): [number, number][] {
  const sy = (y + 0.5 - t.dy) / t.scale;
  const out: [number, number][] = [];
  const push = (a: number, b: number) => {
    if (b > a) out.push([a * t.scale + t.dx, b * t.scale + t.dx]);
  };
  switch (shape.kind) {
    case 'rect': {
      const { x, y: top, w, h, r = 0 } = shape;
      if (sy < top || sy >= top + h) break;
      const dyEdge = Math.max(top + r - sy, sy - (top + h - r), 0);
      const inset = r > 0 && dyEdge > 0 ? r - Math.sqrt(Math.max(r * r - dyEdge * dyEdge, 0)) : 0;
      push(x + inset, x + w - inset);
      break;
    }
    case 'ellipse': {
      if ((shape.yMax !== undefined && sy > shape.yMax) || (shape.yMin !== undefined && sy < shape.yMin)) break;
      const d = (sy - shape.cy) / shape.ry;
      if (Math.abs(d) >= 1) break;
      const half = shape.rx * Math.sqrt(1 - d * d);
      push(shape.cx - half, shape.cx + half);
      break;
    }
    case 'ring': {
      if ((shape.yMax !== undefined && sy > shape.yMax) || (shape.yMin !== undefined && sy < shape.yMin)) break;
      const d = (sy - shape.cy) / shape.ry;
      if (Math.abs(d) >= 1) break;
      const outer = shape.rx * Math.sqrt(1 - d * d);
      const ri = shape.ry - shape.t;
      const di = ri > 0 ? (sy - shape.cy) / ri : 2;
      if (Math.abs(di) >= 1) {
        push(shape.cx - outer, shape.cx + outer);
      } else {
        const inner = (shape.rx - shape.t) * Math.sqrt(1 - di * di);
        push(shape.cx - outer, shape.cx - inner);
        push(shape.cx + inner, shape.cx + outer);
      }
      break;
    }
    case 'poly': {
      const xs: number[] = [];
      const pts = shape.points;
      for (let i = 0; i < pts.length; i++) {
        const [x1, y1] = pts[i];
        const [x2, y2] = pts[(i + 1) % pts.length];
        if (y1 <= sy !== y2 <= sy) xs.push(x1 + ((sy - y1) / (y2 - y1)) * (x2 - x1));
      }
      xs.sort((a, b) => a - b);
      for (let i = 0; i + 1 < xs.length; i += 2) push(xs[i], xs[i + 1]);
      break;
    }
  }
  return out;
}

function verticalExtent(shape: Shape): [number, number] {
  switch (shape.kind) {
    case 'rect':
      return [shape.y, shape.y + shape.h];
    case 'ellipse':
    case 'ring':
      return [Math.max(shape.cy - shape.ry, shape.yMin ?? -Infinity), Math.min(shape.cy + shape.ry, shape.yMax ?? Infinity)];
    case 'poly': {
      const ys = shape.points.map((p) => p[1]);
      return [Math.min(...ys), Math.max(...ys)];
    }
  }
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t)];
const luminance = (c: Rgb) => (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;

/**
 * An RGB canvas laid out as PNG scanlines (a filter byte, 0 = none, before each row), so encoding
 * is one deflate call. Fills are native Buffer.fill calls on row spans.
 */
class Canvas {
  readonly data: Buffer;
  readonly stride: number;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Buffer,
  ) {
    this.stride = width * 3 + 1;
    this.data = Buffer.from(background);
  }
  span(y: number, x0: number, x1: number, colour: Buffer): void {
    if (y < 0 || y >= this.height) return;
    const a = Math.max(0, Math.round(x0));
    const b = Math.min(this.width, Math.round(x1));
    if (b > a) this.data.fill(colour, y * this.stride + 1 + a * 3, y * this.stride + 1 + b * 3);
  }
  shape(shape: Shape, colour: Buffer, t: Transform): void {
    const [top, bottom] = verticalExtent(shape);
    const y0 = Math.max(0, Math.floor(top * t.scale + t.dy));
    const y1 = Math.min(this.height, Math.ceil(bottom * t.scale + t.dy));
    for (let y = y0; y < y1; y++) for (const [a, b] of spans(shape, y, t)) this.span(y, a, b, colour);
  }
}

const backgrounds = new Map<string, Buffer>();
/** Light grey studio backdrop: black garments vanish on the brand's near-black background. */
const STUDIO_TOP: Rgb = [0xe4, 0xe4, 0xe7];
const STUDIO_BOTTOM: Rgb = [0xb4, 0xb4, 0xba];
/**
 * The backdrop as scanlines, the same for every image of a size and tone: the brand background (a
 * subtle vertical gradient into #0b0b0c) for coloured products, the studio grey for dark ones.
 */
function background(width: number, height: number, studio: boolean): Buffer {
  const key = `${width}x${height}x${studio}`;
  let buf = backgrounds.get(key);
  if (!buf) {
    const stride = width * 3 + 1;
    buf = Buffer.alloc(stride * height);
    const top = studio ? STUDIO_TOP : mix(BRAND_BACKGROUND, [0x22, 0x22, 0x26], 0.9);
    const bottom = studio ? STUDIO_BOTTOM : BRAND_BACKGROUND;
    for (let y = 0; y < height; y++) {
      buf.fill(Buffer.from(mix(top, bottom, y / (height - 1))), y * stride + 1, (y + 1) * stride);
    }
    backgrounds.set(key, buf);
  }
  return buf;
}

const rgbBuffer = (c: Rgb) => Buffer.from(c);

export interface ImageRequest {
  silhouette: Silhouette;
  /** The product colour the silhouette is filled with. */
  colour: Rgb;
  /** 1 = the primary (whole product), 2 = a detail (close-up). */
  n: 1 | 2;
}

/** One product image as PNG scanlines (per row: filter byte 0, then 3 bytes per pixel). */
function renderScanlines({ silhouette, colour, n }: ImageRequest, width: number, height: number): Buffer {
  const dark = luminance(colour) < 0.18;
  const canvas = new Canvas(width, height, background(width, height, dark));
  const k = width / IMAGE_WIDTH;
  const base: Transform = { scale: k, dx: 0, dy: (height - IMAGE_HEIGHT * k) / 2 };
  const t: Transform = n === 1 ? base : { scale: 1.75 * k, dx: -300 * k, dy: base.dy - 330 * k };

  const palette: Record<Role, Buffer> = {
    main: rgbBuffer(colour),
    shade: rgbBuffer(dark ? mix(colour, [0x60, 0x60, 0x66], 0.35) : mix(colour, [0, 0, 0], 0.3)),
    light: rgbBuffer(dark ? mix(colour, [0xff, 0xff, 0xff], 0.45) : mix(colour, [0xff, 0xff, 0xff], 0.5)),
    accent: rgbBuffer(BRAND_RED),
  };
  const shadow = rgbBuffer(dark ? [0x8e, 0x8e, 0x95] : mix(BRAND_BACKGROUND, colour, 0.18));

  // A floor spotlight under the product, then an offset shadow copy so dark products keep an edge.
  canvas.shape(ellipse('main', 400, 900, 300, 40), rgbBuffer(dark ? [0x9c, 0x9c, 0xa3] : [0x17, 0x17, 0x1a]), base);
  const shapes = SILHOUETTES[silhouette];
  const offset: Transform = { ...t, dx: t.dx + 10 * k, dy: t.dy + 10 * k };
  for (const s of shapes) canvas.shape(s, shadow, offset);
  for (const s of shapes) canvas.shape(s, palette[s.role], t);

  // Brand marks: a red bar top left and, on the detail shot, a red band across the bottom.
  const red = palette.accent;
  for (let y = Math.round(56 * k); y < Math.round(68 * k); y++) canvas.span(y, 56 * k, 176 * k, red);
  if (n === 2) for (let y = height - Math.round(90 * k); y < height - Math.round(70 * k); y++) canvas.span(y, 0, width, red);
  return canvas.data;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Encodes RGB scanlines as an 8-bit truecolour PNG. Written out here rather than with pngjs'
 * encoder because pngjs filters every row in JavaScript (≈ 18 ms per image, 6× the deflate);
 * these flat-colour images compress well with no filter. The strongest deflate level costs ~8 ms
 * more per image at seed time and makes the files 3× smaller (~24 KB → ~7 KB), which shoppers on a
 * phone connection wait for on every grid.
 */
export function encodePng(scanlines: Buffer, width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: truecolour
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(scanlines, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

export function productImagePng(request: ImageRequest, width = IMAGE_WIDTH, height = IMAGE_HEIGHT): Buffer {
  return encodePng(renderScanlines(request, width, height), width, height);
}

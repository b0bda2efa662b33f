/**
 * Product images at the size they are shown. A media URL that is a Supabase Storage public object
 * URL (`…/storage/v1/object/public/{bucket}/{path}`, any host) becomes a set of Storage image
 * transformation URLs (`…/storage/v1/render/image/public/{bucket}/{path}?width=…`) for `srcset`,
 * one per step of a small fixed ladder of widths; the browser picks one from `sizes` and its pixel
 * density. Hosted Supabase (with image transformations) and the local backend serve the same
 * URLs; without `format`, both answer WebP to browsers that accept it. Any other URL (external
 * images, data: and blob: URLs) is used as it is.
 *
 * Pure: no React, no supabase-js, no browser globals — the same code runs for server rendering.
 */

/**
 * The widths (px) any image is ever asked for. Few distinct widths keep a CDN's (and the local
 * backend's disk cache's) hit rate high: every display of every product shares these URLs. They
 * follow the displays below — 160/240 for thumbnails and cart lines (48–96 CSS px at 1–2x),
 * 240/320/480 for grid cards on phones (138–250 CSS px at 1.5–2x), 320/480/640 for cards on
 * desktops (260–347 CSS px at 1–2x), 640/800 for the product page's main image (328–524 CSS px),
 * and 1200 for large uploads shown at 2x on desktops. Steps of 1.25–1.5x (2x only at the small end,
 * where bytes are few) keep the overshoot of the chosen candidate at most ~2.25x in pixels.
 */
/**
 * Whether the Supabase project transforms images (`/storage/v1/render/image`). Hosted Supabase offers
 * it on paid plans only: a project without it builds with `VITE_IMAGE_TRANSFORMS=false`, and every
 * image is then shown from its object URL as stored (docs/deploy.md).
 */
export const IMAGE_TRANSFORMS = import.meta.env.VITE_IMAGE_TRANSFORMS !== 'false';

export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 800, 1200] as const;

/**
 * Storage's quality (20–100; its default is 80). Product shots at 75 look the same on a phone and
 * weigh about a fifth less.
 */
export const IMAGE_QUALITY = 75;

/**
 * The highest pixel density the candidates cover: 3x phones get the 2x image (no visible
 * difference at these sizes, 2.25x fewer pixels).
 */
export const MAX_DENSITY = 2;

/** Where and how big an image is shown, read from the CSS of the place that shows it. */
export type ImageDisplay = {
  /** The `sizes` attribute: the image's CSS width per layout, widest media condition first. */
  sizes: string;
  /** The narrowest CSS px width the layout gives the image (on a 320 px phone). */
  minWidth: number;
  /** The widest CSS px width the layout gives the image at any viewport. */
  maxWidth: number;
  /**
   * Width ÷ height of the box the image fills with `object-fit: cover`: the server crops to it
   * (`resize=cover`), so no bytes are sent for what the box would cut off. Absent: the image keeps
   * its own shape (width alone is asked for).
   */
  aspect?: number;
};

/** What a media row (or a cart/order line's picture) knows about the image. */
export type ImageSource = { url: string; width?: number | null; height?: number | null };

/** Spread onto an `<img>`: `srcSet`/`sizes` only when the URL could be resized. */
export type ResponsiveImage = { src: string; srcSet?: string; sizes?: string; width?: number; height?: number };

export type Transform = { width: number; height?: number; resize?: 'cover' | 'contain' | 'fill'; quality?: number };

type PublicObjectUrl = { base: string; bucket: string; path: string; query: string };

const PUBLIC_OBJECT = /^([^?#]*?)\/storage\/v1\/object\/public\/([^/?#]+)\/([^?#]+)(?:\?([^#]*))?$/;
const ORIGIN = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?(?=\/|$)/i;
const TRANSFORM_PARAMS = new Set(['width', 'height', 'resize', 'quality', 'format']);

/** A segment that a browser or server would resolve or split (`.`, `..`, `%2e`, backslashes) or an empty one. */
function unsafeSegment(segment: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return true; // malformed escapes: not a URL this code should build on
  }
  return decoded === '' || decoded === '.' || decoded === '..' || decoded.includes('\\') || decoded.includes('/') || decoded.includes('\0');
}

/**
 * The parts of a Supabase Storage public object URL, or null for anything else (or anything whose
 * path a browser would resolve differently, e.g. with `..` segments: those stay as they are).
 */
export function parsePublicObjectUrl(url: string): PublicObjectUrl | null {
  // Whitespace would split a srcset candidate; browsers drop tabs and newlines from URLs.
  if (/\s/.test(url) || [...url].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  const match = PUBLIC_OBJECT.exec(url);
  if (!match) return null;
  const [, base, bucket, path, query = ''] = match;
  // An absolute http(s) URL (plain host, optional port) or a path on the page's own origin; never another scheme.
  const origin = ORIGIN.exec(base)?.[0] ?? '';
  if (origin === '' && base !== '' && !(base.startsWith('/') && !base.startsWith('//'))) return null;
  if (base.includes('\\')) return null;
  const basePath = base.slice(origin.length);
  if (basePath.split('/').some((s) => s !== '' && unsafeSegment(s))) return null;
  if (unsafeSegment(bucket) || path.split('/').some(unsafeSegment)) return null;
  return { base, bucket, path, query };
}

/**
 * The Storage image-transformation URL for a public object URL, or null when `url` is not one.
 * The original's other query parameters (a cache buster, say) are kept; transform parameters are
 * replaced by the ones asked for.
 */
export function renderUrl(url: string, transform: Transform): string | null {
  const parts = parsePublicObjectUrl(url);
  if (!parts) return null;
  const params = [`width=${transform.width}`];
  if (transform.height !== undefined) params.push(`height=${transform.height}`);
  if (transform.resize) params.push(`resize=${transform.resize}`);
  params.push(`quality=${transform.quality ?? IMAGE_QUALITY}`);
  const kept = new URLSearchParams(parts.query);
  for (const key of [...kept.keys()]) if (TRANSFORM_PARAMS.has(key)) kept.delete(key);
  const rest = kept.toString();
  return `${parts.base}/storage/v1/render/image/public/${parts.bucket}/${parts.path}?${params.join('&')}${rest ? `&${rest}` : ''}`;
}

/** The smallest ladder width at least `px` wide (the largest when none is). */
export function ladderWidth(px: number): number {
  return IMAGE_WIDTHS.find((w) => w >= px) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}

const known = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;
const heightFor = (width: number, aspect: number) => Math.round(width / aspect);

/**
 * The ladder widths a display needs: from the one that covers its narrowest layout at 1x to the
 * one that covers its widest at MAX_DENSITY, leaving out any the source is too small for (Storage
 * does not enlarge, so they would only be copies of a smaller one under another URL).
 */
export function candidateWidths(display: ImageDisplay, source: Pick<ImageSource, 'width' | 'height'> = {}): number[] {
  const lo = ladderWidth(display.minWidth);
  const hi = ladderWidth(display.maxWidth * MAX_DENSITY);
  return IMAGE_WIDTHS.filter((w) => {
    if (w < lo || w > hi) return false;
    if (known(source.width) && w > source.width) return false;
    if (display.aspect && known(source.height) && heightFor(w, display.aspect) > source.height) return false;
    return true;
  });
}

/**
 * `src`, `srcSet`, `sizes`, `width` and `height` for an `<img>` showing `source` in `display`.
 * `width`/`height` give the box's shape before the image arrives (nothing shifts): the display's
 * aspect ratio when it crops, else the media row's own size.
 */
export function responsiveImage(source: ImageSource | string, display: ImageDisplay, transforms = IMAGE_TRANSFORMS): ResponsiveImage {
  const image = typeof source === 'string' ? { url: source } : source;
  const { aspect } = display;
  const widths = transforms && parsePublicObjectUrl(image.url) ? candidateWidths(display, image) : [];
  const box = (width: number) =>
    aspect ? { width, height: heightFor(width, aspect) } : known(image.width) && known(image.height) ? { width: image.width, height: image.height } : {};
  if (widths.length === 0) return { src: image.url, ...box(known(image.width) ? image.width : display.maxWidth) };
  const url = (width: number) => renderUrl(image.url, aspect ? { width, height: heightFor(width, aspect), resize: 'cover' } : { width }) as string;
  // For browsers without srcset: the candidate that covers the widest layout at 1x.
  const fallback = widths.find((w) => w >= display.maxWidth) ?? widths[widths.length - 1];
  return {
    src: url(fallback),
    srcSet: widths.map((w) => `${url(w)} ${w}w`).join(', '),
    sizes: display.sizes,
    ...box(widths[widths.length - 1]),
  };
}

/* ── The displays: each mirrors the Panda CSS of the place named (breakpoints md 768, lg 1024 px;
   sizes 6xl 1152, 7xl 1280 px; spacing 1 = 4 px). Change them together. ─────────────────────── */

const PORTRAIT = 4 / 5;

export const IMAGE_DISPLAYS = {
  /**
   * /shop grid (ShopView): page px 16/32 (md) in max 1280; from md a 240 px filter column + 32 px
   * gap; cards 2 columns (gap 12, md 24), 3 from lg.
   */
  shopCard: {
    sizes: '(min-width: 1280px) 299px, (min-width: 1024px) calc((100vw - 384px) / 3), (min-width: 768px) calc(50vw - 180px), calc(50vw - 22px)',
    minWidth: 138,
    maxWidth: 362,
    aspect: PORTRAIT,
  },
  /** Home featured grid (FeaturedView): px 16/32 in max 1152; 2 columns (gap 16, md 24), 3 from lg. */
  featuredCard: {
    sizes: '(min-width: 1152px) 347px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 768px) calc(50vw - 44px), calc(50vw - 24px)',
    minWidth: 136,
    maxWidth: 468,
    aspect: PORTRAIT,
  },
  /** Product page "You May Also Like" (RelatedProducts): px 16/32 in max 1152; 2 columns, 4 from md; gap 16. */
  relatedCard: {
    sizes: '(min-width: 1152px) 260px, (min-width: 768px) calc((100vw - 112px) / 4), calc(50vw - 24px)',
    minWidth: 136,
    maxWidth: 360,
    aspect: PORTRAIT,
  },
  /** Product page main image (Gallery in ProductView): full width on phones; from md half of max 1152 less px 32 and gap 40. */
  galleryMain: {
    sizes: '(min-width: 1152px) 524px, (min-width: 768px) calc(50vw - 52px), calc(100vw - 32px)',
    minWidth: 288,
    maxWidth: 735,
    aspect: PORTRAIT,
  },
  /** Gallery thumbnails: 4 columns with gap 8 under the main image. */
  galleryThumb: {
    sizes: '(min-width: 1152px) 125px, (min-width: 768px) calc(12.5vw - 19px), calc(25vw - 14px)',
    minWidth: 66,
    maxWidth: 178,
    aspect: PORTRAIT,
  },
  /** Search results (SearchDialogView): 48×60. */
  searchThumb: { sizes: '48px', minWidth: 48, maxWidth: 48, aspect: PORTRAIT },
  /** Cart page line (CartLineItem): 80 px square, 96 from md. */
  cartLine: { sizes: '(min-width: 768px) 96px, 80px', minWidth: 80, maxWidth: 96, aspect: 1 },
  /** Cart drawer line (CartLineItem compact): 64 px square. */
  cartLineCompact: { sizes: '64px', minWidth: 64, maxWidth: 64, aspect: 1 },
  /** Order detail line (OrderLines): 64 px square, 80 from md. */
  orderLine: { sizes: '(min-width: 768px) 80px, 64px', minWidth: 64, maxWidth: 80, aspect: 1 },
  /** Admin products list (AdminProductsView): 40 px square. */
  adminListThumb: { sizes: '40px', minWidth: 40, maxWidth: 40, aspect: 1 },
  /** Admin order detail line (AdminOrderView): 56 px square. */
  adminOrderLine: { sizes: '56px', minWidth: 56, maxWidth: 56, aspect: 1 },
} as const satisfies Record<string, ImageDisplay>;

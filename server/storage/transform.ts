import { createHash } from 'node:crypto';
import { invalidRequest } from './errors.ts';

/**
 * Query parameters of Storage's image-transformation endpoint
 * (`/storage/v1/render/image/{public|authenticated}/{bucket}/{path}`), as supabase-js'
 * `getPublicUrl(path, { transform })` writes them and as Supabase documents them.
 *
 * Where we differ from hosted Supabase, on purpose:
 * - Hosted Storage's schema takes width/height ≥ 0, treats 0 as "not given" and silently clamps big
 *   values to its limit. Supabase documents "an integer value between 1-2500"; we hold callers to
 *   that and answer 400 for 0, 2501+, signs, decimals and text, so a wrong URL shows up in
 *   development instead of quietly serving another size. supabase-js never sends 0 (it drops
 *   falsy values), so its URLs behave the same in both worlds.
 * - A parameter given twice is a 400 here; hosted's query parser would turn it into an array
 *   that its schema then refuses too.
 * Unknown parameters (download, cacheNonce, versionId, apikey, token …) are ignored, as hosted
 * Storage ignores them.
 */
export const SIZE_MIN = 1;
export const SIZE_MAX = 2500;
export const QUALITY_MIN = 20;
export const QUALITY_MAX = 100;
export const DEFAULT_QUALITY = 80;

/**
 * - cover (default): keep the aspect ratio, fill width × height, crop what projects (imgproxy `fill`)
 * - contain: keep the aspect ratio, fit inside width × height, no padding (imgproxy `fit`)
 * - fill: stretch to width × height (imgproxy `force`)
 */
export type ResizeMode = 'cover' | 'contain' | 'fill';

/**
 * `origin` keeps the source's format. Hosted Storage's schema accepts `origin`, `avif` and `webp`;
 * without `format` it picks the best format the client's Accept allows — WebP only (its imgproxy
 * runs with WebP detection; AVIF is never chosen automatically). We do the same: measured on the
 * seed images, AVIF came out larger than WebP for this flat artwork and took about twice as long
 * to encode, so on-demand AVIF is only served to callers that ask for it by name.
 */
export type RequestedFormat = 'auto' | 'origin' | 'webp' | 'avif';
export type OutputFormat = 'origin' | 'webp' | 'avif';

export interface Transform {
  width?: number;
  height?: number;
  resize: ResizeMode;
  quality: number;
  format: RequestedFormat;
}

const RESIZE_MODES: readonly ResizeMode[] = ['cover', 'contain', 'fill'];
const FORMATS: readonly Exclude<RequestedFormat, 'auto'>[] = ['origin', 'webp', 'avif'];
const TRANSFORM_KEYS = new Set(['width', 'height', 'resize', 'quality', 'format']);

/** The transform a query string asks for; anything malformed is a 400 with Storage's error body. */
export function parseTransform(params: URLSearchParams): Transform {
  const seen = new Map<string, string>();
  for (const [key, value] of params) {
    if (!TRANSFORM_KEYS.has(key)) continue;
    if (seen.has(key)) throw invalidRequest(`querystring/${key} must be given at most once`);
    seen.set(key, value);
  }
  const transform: Transform = { resize: 'cover', quality: DEFAULT_QUALITY, format: 'auto' };
  const width = seen.get('width');
  const height = seen.get('height');
  const resize = seen.get('resize');
  const quality = seen.get('quality');
  const format = seen.get('format');
  if (width !== undefined) transform.width = wholeNumber('width', width, SIZE_MIN, SIZE_MAX);
  if (height !== undefined) transform.height = wholeNumber('height', height, SIZE_MIN, SIZE_MAX);
  if (resize !== undefined) {
    if (!(RESIZE_MODES as readonly string[]).includes(resize)) {
      throw invalidRequest(`querystring/resize must be one of ${RESIZE_MODES.join(', ')}`);
    }
    transform.resize = resize as ResizeMode;
  }
  if (quality !== undefined) transform.quality = wholeNumber('quality', quality, QUALITY_MIN, QUALITY_MAX);
  if (format !== undefined) {
    if (!(FORMATS as readonly string[]).includes(format)) {
      throw invalidRequest(`querystring/format must be one of ${FORMATS.join(', ')}`);
    }
    transform.format = format as RequestedFormat;
  }
  return transform;
}

/**
 * The storefront's ladder of image widths (src/ui/images.ts IMAGE_WIDTHS): the only widths it ever
 * asks for. The default of IMAGE_WIDTHS; a test keeps the two equal.
 */
/** Encodes that may wait for a slot before requests are refused with 503 (IMAGE_RENDER_QUEUE). */
export const DEFAULT_RENDER_QUEUE = 32;
/** Encodes one client may cause per minute (IMAGE_RENDER_RATE_LIMIT). */
export const DEFAULT_RENDER_RATE_LIMIT = 300;

export const DEFAULT_WIDTH_LADDER: readonly number[] = [160, 240, 320, 480, 640, 800, 1200];

/**
 * Snaps a transform's width to `ladder` (sorted ascending; empty: no snapping): a width between two
 * steps becomes the next step up, one above the top becomes the top step. So `width=1…2500` makes at
 * most `ladder.length` widths of an image, not 2500 variants to encode and keep. A height asked
 * with the width is scaled with it (the asked shape is kept); a height alone snaps to the ladder too.
 * The storefront's own URLs are on the ladder already and are served unchanged.
 */
export function snapToLadder(transform: Transform, ladder: readonly number[]): Transform {
  if (ladder.length === 0) return transform;
  const step = (px: number) => ladder.find((w) => w >= px) ?? ladder[ladder.length - 1];
  const { width, height } = transform;
  if (width !== undefined) {
    const snapped = step(width);
    const scaled = height === undefined ? undefined : Math.min(SIZE_MAX, Math.max(SIZE_MIN, Math.round((height * snapped) / width)));
    return { ...transform, width: snapped, ...(scaled === undefined ? {} : { height: scaled }) };
  }
  return height === undefined ? transform : { ...transform, height: step(height) };
}

/** Parses IMAGE_WIDTHS: whole numbers from SIZE_MIN to SIZE_MAX, comma separated; `any` (or empty) turns snapping off. */
export function parseWidthLadder(value: string | undefined): number[] {
  if (value === undefined) return [...DEFAULT_WIDTH_LADDER];
  if (value.trim() === '' || value.trim().toLowerCase() === 'any') return [];
  const widths = value.split(',').map((s) => s.trim());
  const bad = widths.find((w) => !/^\d{1,4}$/.test(w) || Number(w) < SIZE_MIN || Number(w) > SIZE_MAX);
  if (bad !== undefined) throw new Error(`IMAGE_WIDTHS: "${bad}" is not a width from ${SIZE_MIN} to ${SIZE_MAX} (e.g. 160,320,640,1200, or "any")`);
  return [...new Set(widths.map(Number))].sort((a, b) => a - b);
}

function wholeNumber(name: string, raw: string, min: number, max: number): number {
  // Digits only: no sign, no decimals, no exponent, no spaces, no hex — and few enough to compare.
  const value = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min && value <= max)) throw invalidRequest(`querystring/${name} must be a whole number from ${min} to ${max}`);
  return value;
}

/**
 * The format to encode: an explicit one as asked; without one, WebP when the client's Accept
 * allows it (an explicit `image/webp` with q > 0), else the source's own format.
 */
export function chooseFormat(requested: RequestedFormat, accept: string | undefined): OutputFormat {
  if (requested !== 'auto') return requested;
  return acceptsWebp(accept) ? 'webp' : 'origin';
}

function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (type !== 'image/webp') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Bump when the encoder's settings change, so cached variants and ETags of the old output retire. */
export const RENDER_REVISION = 1;

/**
 * A variant's name: the normalised transform (defaults filled in, so `?width=320` and
 * `?width=320&resize=cover&quality=80` are one variant) plus the format actually encoded.
 */
export function variantKey(transform: Transform, output: OutputFormat, encoder: string): string {
  return [`r${RENDER_REVISION}`, encoder, `w${transform.width ?? ''}`, `h${transform.height ?? ''}`, transform.resize, `q${transform.quality}`, output].join(';');
}

export interface ObjectVersion {
  id: string;
  version: string;
  /** The object's own ETag (md5 of its bytes, quoted). */
  eTag: string;
}

/**
 * A strong ETag for one variant of one object version. It changes whenever the object is
 * replaced (new version, usually new bytes), the transform or chosen format differs, or the
 * encoder changes — so a browser or CDN revalidating with If-None-Match never keeps a variant of
 * an image the admin has since replaced. Hosted Storage sends the object's own ETag for every
 * variant, which would let a 304 confirm a WebP copy to a client now asking for PNG; ours does not.
 */
export function variantETag(object: ObjectVersion, key: string): string {
  const digest = createHash('sha256').update(`${object.id}\n${object.version}\n${object.eTag}\n${key}`).digest('base64url');
  return `"${digest.slice(0, 32)}"`;
}

/** If-None-Match against one strong ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

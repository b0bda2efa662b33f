import { availableParallelism } from 'node:os';
import { DatabaseRateLimiter, type Limiter, RateLimiter } from '../auth/rateLimit.ts';
import type { Database } from '../db/types.ts';
import { type ApiRequest, type ApiResponse, HttpError } from '../http.ts';
import type { Claims } from '../jwt.ts';
import type { BlobStore } from './blobs.ts';
import { objectNotFound, storageError } from './errors.ts';
import { sniffImageType } from './mime.ts';
import type { ObjectStore, StoredObject } from './objects.ts';
import { loadSharp } from './sharp.ts';
import {
  chooseFormat,
  DEFAULT_RENDER_QUEUE,
  DEFAULT_RENDER_RATE_LIMIT,
  etagMatches,
  type OutputFormat,
  parseTransform,
  snapToLadder,
  type Transform,
  variantETag,
  variantKey,
} from './transform.ts';
import type { VariantCache, VariantRef } from './variant-cache.ts';

/** Supabase's documented limits for a transformation's source: 25 MB and 50 megapixels. */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
export const MAX_SOURCE_PIXELS = 50_000_000;
/** imgproxy's request timeout on hosted Storage is 15 s; libvips stops an encode after as long. */
const ENCODE_TIMEOUT_SECONDS = 15;
/** AVIF's encoder speed: 2 of 0 (fastest) … 9; the default 4 took ~3× as long for ~3 % fewer bytes. */
const AVIF_EFFORT = 2;

export type Encoder = (source: Buffer, sourceType: string, transform: Transform, output: OutputFormat) => Promise<Buffer>;

export interface RendererOptions {
  /** Replaces sharp (tests count and hold encodes with it), with a name for it in cache keys and ETags. */
  encoder?: { name: string; encode: Encoder };
  /** Encodes run at once at most; more wait their turn, so a burst cannot exhaust memory. */
  concurrency?: number;
  /**
   * Encodes that may wait for a slot (IMAGE_RENDER_QUEUE, default 32); past that a request is
   * answered 503 with Retry-After at once, so a flood cannot pile up work and memory without end.
   */
  queueLimit?: number;
  /** The widths a transform snaps to (IMAGE_WIDTHS; transform.ts snapToLadder); empty: none. */
  widths?: readonly number[];
  /**
   * Encodes (not cache hits) one client may cause per window (IMAGE_RENDER_RATE_LIMIT per minute,
   * default 300; 0: no limit); the client is ApiRequest.ip, so behind TRUSTED_PROXIES the forwarded one.
   */
  rateLimit?: { max: number; windowMs: number };
  /**
   * Where the budget is counted: the database every instance shares (ADR 0033), so N instances
   * give one budget; without it (unit tests) this process' memory.
   */
  db?: Database;
  maxSourcePixels?: number;
}

/** Seconds a client is asked to wait (Retry-After) when the queue is full or its budget is spent. */
export const RENDER_RETRY_AFTER_SECONDS = 5;

const busy = () =>
  new HttpError(
    503,
    { statusCode: '503', error: 'SlowDown', message: 'Too many image transformations are waiting. Please try again in a few seconds.' },
    { 'retry-after': String(RENDER_RETRY_AFTER_SECONDS) },
  );
const overRenderLimit = (windowMs: number) =>
  new HttpError(
    429,
    { statusCode: '429', error: 'too_many_requests', message: 'Too many image transformations from your connection. Please try again in a minute.' },
    { 'retry-after': String(Math.ceil(windowMs / 1000)) },
  );

type Access = { claims: Claims } | { publicBucket: true };

const unprocessable = (message: string) => storageError(422, 'InvalidRequest', message);

/**
 * Storage's image-transformation endpoint: resizes and re-encodes an object with sharp, caches
 * every variant on disk by object version, and answers with the object's Cache-Control plus a
 * strong ETag of the variant (If-None-Match → 304 before any image work).
 */
export class ImageRenderer {
  /** Encodes done by this process (not cache hits) — read by tests. */
  encodes = 0;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  /** Encodes waiting for a slot now — read by tests. */
  get queued(): number {
    return this.slots.queued;
  }
  private readonly encode: Encoder;
  private readonly encoderName: () => Promise<string>;
  private readonly slots: Semaphore;
  private readonly widths: readonly number[];
  private readonly limiter: Limiter | undefined;
  private readonly limitWindowMs: number;

  constructor(
    private readonly objects: ObjectStore,
    private readonly blobs: BlobStore,
    private readonly cache: VariantCache,
    options: RendererOptions = {},
  ) {
    this.encode = options.encoder?.encode ?? sharpEncoder(options.maxSourcePixels ?? MAX_SOURCE_PIXELS);
    const name = options.encoder?.name;
    this.encoderName = name ? async () => name : sharpName;
    this.slots = new Semaphore(options.concurrency ?? Math.max(1, Math.min(4, availableParallelism())), options.queueLimit ?? DEFAULT_RENDER_QUEUE);
    this.widths = options.widths ?? [];
    const limit = options.rateLimit ?? { max: DEFAULT_RENDER_RATE_LIMIT, windowMs: 60_000 };
    this.limiter =
      limit.max <= 0 ? undefined : options.db ? new DatabaseRateLimiter(options.db, 'image_render', limit.max, limit.windowMs) : new RateLimiter(limit.max, limit.windowMs);
    this.limitWindowMs = limit.windowMs;
  }

  async render(req: ApiRequest, access: Access, bucket: string, name: string): Promise<ApiResponse> {
    // The query is checked before the database is asked anything: a bad URL costs nothing.
    const transform = snapToLadder(parseTransform(req.url.searchParams), this.widths);
    const object = await this.objects.find(access, bucket, name);
    const output = chooseFormat(transform.format, req.headers.accept);
    const key = variantKey(transform, output, await this.encoderName());
    const etag = variantETag({ id: object.id, version: object.version, eTag: object.metadata.eTag ?? '' }, key);

    const headers: Record<string, string> = {
      'cache-control': object.metadata.cacheControl || 'no-cache',
      etag,
      'last-modified': new Date(object.metadata.lastModified || object.updated_at).toUTCString(),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    };
    // Without an explicit format the answer depends on Accept: caches must keep one copy per Accept.
    if (transform.format === 'auto') headers.vary = 'Accept';
    if (etagMatches(req.headers['if-none-match'], etag)) return { status: 304, headers, body: '' };

    const { bytes, encoded } = await this.variant({ bucket, version: object.version, key }, object, transform, output, req.ip);
    headers['content-type'] = sniffImageType(bytes) ?? 'application/octet-stream';
    headers['content-length'] = String(bytes.byteLength);
    // Local diagnostics only (hosted sends no such header): whether this answer was encoded now.
    headers['x-render-cache'] = encoded ? 'miss' : 'hit';
    const download = req.url.searchParams.get('download');
    if (download !== null) {
      const filename = download || (object.name.split('/').pop() ?? 'download');
      headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
    }
    return { status: 200, headers, body: bytes };
  }

  /**
   * The variant's bytes: from the cache, or encoded once however many requests ask at the same
   * time (they all wait for the first one's encode).
   */
  private async variant(ref: VariantRef, object: StoredObject, transform: Transform, output: OutputFormat, client: string): Promise<{ bytes: Buffer; encoded: boolean }> {
    const id = `${ref.bucket}\n${ref.version}\n${ref.key}`;
    const shared = this.inFlight.get(id);
    if (shared) return { bytes: await shared, encoded: false };
    const cached = await this.cache.get(ref);
    if (cached) return { bytes: cached, encoded: false };
    const again = this.inFlight.get(id);
    if (again) return { bytes: await again, encoded: false };
    // Only an encode costs: cache hits and requests joining one in flight are free. A full queue is
    // refused before the client's budget is touched.
    if (this.slots.full) throw busy();
    if (this.limiter) {
      if (!(await this.limiter.take(client))) throw overRenderLimit(this.limitWindowMs);
      // The count is a database round trip: another request may have started (or finished) this
      // variant meanwhile. Then it is joined, and the hit given back, so it is still encoded once.
      const joined = this.inFlight.get(id);
      const done = joined ? undefined : await this.cache.get(ref);
      const after = joined ?? this.inFlight.get(id);
      if (after || done) {
        await this.limiter.release(client);
        return { bytes: done ?? (await (after as Promise<Buffer>)), encoded: false };
      }
    }

    const work = this.produce(ref, object, transform, output);
    this.inFlight.set(id, work);
    try {
      return { bytes: await work, encoded: true };
    } finally {
      this.inFlight.delete(id);
    }
  }

  private async produce(ref: VariantRef, object: StoredObject, transform: Transform, output: OutputFormat): Promise<Buffer> {
    const source = await this.blobs.read(ref.bucket, object.version);
    if (!source) throw objectNotFound();
    if (source.byteLength > MAX_SOURCE_BYTES) throw unprocessable('Source image file is too big: the limit is 25 MB');
    const sourceType = sniffImageType(source);
    if (!sourceType) throw unprocessable('The object is not an image that can be transformed (JPEG, PNG, WebP, GIF or AVIF)');
    const bytes = await this.slots.run(() => this.encode(source, sourceType, transform, output));
    this.encodes += 1;
    await this.cache.put(ref, bytes).catch((e: unknown) => {
      // A full disk costs the next request an encode, never this answer.
      console.error('[storage] could not cache an image variant:', e);
    });
    return bytes;
  }
}

/** The encoder's versions are part of every variant's key: an upgrade re-encodes and changes ETags. */
const sharpName = async () => {
  const { versions } = await loadSharp();
  return `sharp-${versions.sharp}-vips-${versions.vips}`;
};

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

/** Resize and encode with sharp; anything libvips refuses (corrupt, too big, timed out) is a 422. */
export function sharpEncoder(maxPixels: number): Encoder {
  return async (source, sourceType, transform, output) => {
    const sharp = await loadSharp();
    try {
      let image = sharp(source, { limitInputPixels: maxPixels }).autoOrient().timeout({ seconds: ENCODE_TIMEOUT_SECONDS });
      if (transform.width !== undefined || transform.height !== undefined) {
        image = image.resize({ width: transform.width, height: transform.height, fit: FIT[transform.resize], withoutEnlargement: true });
      }
      const format = output === 'origin' ? sourceType : `image/${output}`;
      const quality = transform.quality;
      if (format === 'image/webp') image = image.webp({ quality });
      else if (format === 'image/avif') image = image.avif({ quality, effort: AVIF_EFFORT });
      else if (format === 'image/jpeg') image = image.jpeg({ quality, progressive: true });
      else if (format === 'image/png') image = image.png();
      else if (format === 'image/gif') image = image.gif();
      else throw new Error(`no encoder for ${format}`);
      return await image.toBuffer();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (/pixel limit/i.test(message)) throw unprocessable('Source image resolution is too big: the limit is 50 megapixels');
      throw unprocessable(`The object is not a valid image: ${message.split('\n')[0].slice(0, 200)}`);
    }
  };
}

/** At most `size` tasks at once; up to `maxWaiting` more queue in order; past that run() refuses (503). */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly maxWaiting: number,
  ) {}

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Whether a task started now would be refused. */
  get full(): boolean {
    return this.active >= this.size && this.waiting.length >= this.maxWaiting;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.full) throw busy();
    // A finished task hands its slot straight to the next in line, so none can be taken in between.
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

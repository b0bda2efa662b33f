import { rm } from 'node:fs/promises';
import { API_ROLES, resolveCaller } from '../caller.ts';
import type { Module, ServerContext } from '../context.ts';
import { type ApiRequest, type ApiResponse, json, readJson } from '../http.ts';
import type { Claims } from '../jwt.ts';
import { BlobStore } from './blobs.ts';
import { BucketAdmin } from './buckets.ts';
import { objectResponse } from './download.ts';
import { invalidRequest, storageError } from './errors.ts';
import { checkBucketId, checkObjectName, decodeSegment, splitObjectPath } from './names.ts';
import { ObjectStore, parseListOptions, type StoredObject } from './objects.ts';
import { ImageRenderer, type RendererOptions } from './render.ts';
import { readUploadBody } from './upload-body.ts';
import { VariantCache } from './variant-cache.ts';

const JSON_LIMIT = 256 * 1024;

/** Where encoded image variants live: beside the blobs (`<DATA_DIR>/storage-cache`, or a temp folder's sibling). */
export const renderCacheDir = (storageDir: string) => `${storageDir.replace(/[\\/]+$/, '')}-cache`;

export interface StorageModule extends Module {
  /** The image-transformation endpoint's renderer (tests read its encode count). */
  renderer: ImageRenderer;
  renderCache: VariantCache;
}

/** /storage/v1: the part of the Supabase Storage API storage-js uses, plus image transformations. */
export function createStorage(context: ServerContext, renderOptions: RendererOptions = {}): StorageModule {
  const renderCache = new VariantCache(renderCacheDir(context.storageDir), context.config.storageRenderCacheBytes);
  const blobs = new BlobStore(context.storageDir, (bucket, version) => renderCache.dropVersion(bucket, version));
  const objects = new ObjectStore(context.db, blobs, context.config.storageFileSizeLimit);
  const buckets = new BucketAdmin(context.db, blobs);
  const { imageWidths, imageRenderQueue, imageRenderRateLimit } = context.config;
  const renderer = new ImageRenderer(objects, blobs, renderCache, {
    widths: imageWidths,
    queueLimit: imageRenderQueue,
    rateLimit: { max: imageRenderRateLimit, windowMs: 60_000 },
    db: context.db,
    ...renderOptions,
  });

  const callerOf = async (req: ApiRequest): Promise<Claims> => {
    const caller = await resolveCaller(req, context.config);
    if (!caller.ok) throw storageError(400, 'InvalidJWT', caller.message);
    if (!API_ROLES.has(caller.claims.role)) throw storageError(403, 'Unauthorized', `role "${caller.claims.role}" is not allowed`);
    return caller.claims;
  };
  const body = (req: ApiRequest) => readJson(req, (message) => invalidRequest(`Invalid JSON body: ${message}`), JSON_LIMIT);
  const ok = (payload: unknown) => json(200, payload);

  async function handleBucket(req: ApiRequest, rest: string[]): Promise<ApiResponse> {
    const claims = await callerOf(req);
    const [rawId, action] = rest;
    if (rawId === undefined || rawId === '') {
      if (req.method === 'GET') return ok(await buckets.list(claims));
      if (req.method === 'POST') return ok(await buckets.create(claims, await body(req)));
    } else {
      const id = checkBucketId(decodeSegment(rawId));
      if (action === 'empty' && rest.length === 2 && req.method === 'POST') return ok(await buckets.empty(claims, id));
      if (rest.length === 1) {
        if (req.method === 'GET') return ok(await buckets.get(claims, id));
        if (req.method === 'PUT') return ok(await buckets.update(claims, id, await body(req)));
        if (req.method === 'DELETE') return ok(await buckets.remove(claims, id));
      }
    }
    throw notFoundRoute(req);
  }

  async function handleObject(req: ApiRequest, objectPath: string): Promise<ApiResponse> {
    const [first] = objectPath.split('/', 1);
    const after = objectPath.slice(first.length + 1);
    const read = req.method === 'GET' || req.method === 'HEAD';

    if (first === 'public' && read) {
      const { bucket, name } = splitObjectPath(after);
      const { object, bytes } = await objects.read({ publicBucket: true }, bucket, name);
      return objectResponse(req, object, bytes);
    }
    if (first === 'authenticated' && read) {
      const { bucket, name } = splitObjectPath(after);
      const { object, bytes } = await objects.read({ claims: await callerOf(req) }, bucket, name);
      return objectResponse(req, object, bytes);
    }
    if (first === 'info' && req.method === 'GET') {
      const [scope] = after.split('/', 1);
      const isPublic = scope === 'public';
      const { bucket, name } = splitObjectPath(isPublic || scope === 'authenticated' ? after.slice(scope.length + 1) : after);
      const object = await objects.find(isPublic ? { publicBucket: true } : { claims: await callerOf(req) }, bucket, name);
      return ok(objectInfo(object));
    }
    if (first === 'list' && req.method === 'POST') {
      const bucket = checkBucketId(decodeSegment(after));
      return ok(await objects.list(await callerOf(req), bucket, parseListOptions(await body(req))));
    }
    if ((first === 'move' || first === 'copy') && after === '' && req.method === 'POST') {
      const claims = await callerOf(req);
      const { from, to } = parseTransfer(await body(req));
      return ok(first === 'move' ? await objects.move(claims, from, to) : await objects.copy(claims, from, to));
    }
    if (!objectPath.includes('/') && req.method === 'DELETE') {
      const bucket = checkBucketId(decodeSegment(objectPath));
      return ok(await objects.remove(await callerOf(req), bucket, parsePrefixes(await body(req))));
    }

    const { bucket, name } = splitObjectPath(objectPath);
    const claims = await callerOf(req);
    if (req.method === 'POST' || req.method === 'PUT') {
      const upsert = req.method === 'PUT' || req.headers['x-upsert']?.toLowerCase() === 'true';
      return ok(await objects.upload({ claims, bucket, name, upsert, readBody: (limit) => readUploadBody(req, limit) }));
    }
    if (read) {
      const { object, bytes } = await objects.read({ claims }, bucket, name);
      return objectResponse(req, object, bytes);
    }
    if (req.method === 'DELETE') {
      const [removed] = await objects.remove(claims, bucket, [name]);
      if (!removed) throw storageError(404, 'not_found', 'Object not found');
      return ok({ message: 'Successfully deleted' });
    }
    throw notFoundRoute(req);
  }

  /** /render/image/public/{bucket}/{path} (anyone, public buckets only) and …/authenticated/… (RLS as the caller). */
  async function handleRender(req: ApiRequest, renderPath: string): Promise<ApiResponse> {
    const match = /^image\/(public|authenticated)\/(.+)$/.exec(renderPath);
    if (!match || (req.method !== 'GET' && req.method !== 'HEAD')) throw notFoundRoute(req);
    const { bucket, name } = splitObjectPath(match[2]);
    const access = match[1] === 'public' ? ({ publicBucket: true } as const) : { claims: await callerOf(req) };
    return renderer.render(req, access, bucket, name);
  }

  return {
    renderer,
    renderCache,
    async handle(req) {
      const path = req.path.replace(/^\/+/, '');
      const [section] = path.split('/', 1);
      const rest = path.slice(section.length + 1);
      if (section === 'bucket') return handleBucket(req, rest === '' ? [] : rest.split('/'));
      if (section === 'object' && rest !== '') return handleObject(req, rest);
      if (section === 'render') return handleRender(req, rest);
      throw notFoundRoute(req);
    },
    async close() {
      // In memory (no DATA_DIR) the variants are as temporary as the run's blobs.
      if (!context.config.dataDir) await rm(renderCache.root, { recursive: true, force: true });
    },
  };
}

const notFoundRoute = (req: ApiRequest) => storageError(404, 'not_found', `Route ${req.method}:${req.url.pathname} not found`);

function objectInfo(object: StoredObject) {
  return {
    id: object.id,
    name: object.name,
    version: object.version,
    bucket_id: object.bucket_id,
    size: object.metadata.size,
    content_type: object.metadata.mimetype,
    cache_control: object.metadata.cacheControl,
    etag: object.metadata.eTag,
    metadata: object.user_metadata ?? {},
    last_modified: object.updated_at,
    created_at: object.created_at,
  };
}

function parsePrefixes(body: unknown): string[] {
  const prefixes = (body as { prefixes?: unknown } | undefined)?.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || !prefixes.every((p) => typeof p === 'string')) {
    throw invalidRequest('The body must be {"prefixes": [<object names>]} with 1 to 1000 names');
  }
  return prefixes;
}

function parseTransfer(body: unknown): { from: { bucket: string; name: string }; to: { bucket: string; name: string } } {
  const b = (body ?? {}) as Record<string, unknown>;
  const { bucketId, sourceKey, destinationKey, destinationBucket } = b;
  if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string') {
    throw invalidRequest('bucketId, sourceKey and destinationKey are required strings');
  }
  if (destinationBucket !== undefined && destinationBucket !== null && typeof destinationBucket !== 'string') {
    throw invalidRequest('destinationBucket must be a string');
  }
  const fromBucket = checkBucketId(bucketId);
  return {
    from: { bucket: fromBucket, name: checkObjectName(sourceKey) },
    to: { bucket: checkBucketId(destinationBucket ?? fromBucket), name: checkObjectName(destinationKey) },
  };
}

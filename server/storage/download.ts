import type { ApiRequest, ApiResponse } from '../http.ts';
import type { StoredObject } from './objects.ts';

/**
 * An object's bytes with the caching headers Storage sends: Content-Type, Content-Length,
 * Cache-Control (from the upload's cacheControl), ETag and Last-Modified; a matching
 * If-None-Match is answered 304 without the body.
 */
export function objectResponse(req: ApiRequest, object: StoredObject, bytes: Uint8Array): ApiResponse {
  const meta = object.metadata;
  const headers: Record<string, string> = {
    'content-type': meta.mimetype || 'application/octet-stream',
    'cache-control': meta.cacheControl || 'no-cache',
    etag: meta.eTag,
    'last-modified': new Date(meta.lastModified || object.updated_at).toUTCString(),
    'x-content-type-options': 'nosniff',
    // User content is served from the API's origin: it may be displayed, never run as a page.
    'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  };
  if (etagMatches(req.headers['if-none-match'], meta.eTag)) return { status: 304, headers, body: '' };
  const download = req.url.searchParams.get('download');
  if (download !== null) {
    const filename = download || (object.name.split('/').pop() ?? 'download');
    headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
  }
  headers['content-length'] = String(bytes.byteLength);
  return { status: 200, headers, body: bytes };
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

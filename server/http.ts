import { createHash, hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { clientAddress, NO_TRUSTED_PROXIES, type TrustedProxies } from './proxy.ts';

/** A request as every server module sees it: parsed URL, lower-cased headers, body read on demand. */
export interface ApiRequest {
  method: string;
  url: URL;
  /** Path below the module's mount point, e.g. '/products' for '/rest/v1/products'. */
  path: string;
  headers: Record<string, string | undefined>;
  /** Client address (for rate limits): the socket's, or X-Forwarded-For's from a TRUSTED_PROXIES peer (server/proxy.ts). */
  ip: string;
  /** The raw body, at most `limit` bytes; throws HttpError 413 beyond that. */
  body(limit?: number): Promise<Buffer>;
}

export interface ApiResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** Thrown by any module for a response that is not a success; caught by the router. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly payload: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof payload === 'object' && payload && 'message' in payload ? String(payload.message) : `HTTP ${status}`);
  }
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export function json(status: number, payload: unknown, headers: Record<string, string> = {}): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: payload === undefined ? '' : JSON.stringify(payload),
  };
}

export function html(status: number, body: string, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers }, body };
}

export function redirect(location: string, status = 303): ApiResponse {
  return { status, headers: { location }, body: '' };
}

export function toApiRequest(req: IncomingMessage, url: URL, path: string, trustedProxies: TrustedProxies = NO_TRUSTED_PROXIES): ApiRequest {
  let cached: Promise<Buffer> | undefined;
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    url,
    path,
    headers,
    ip: clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustedProxies),
    body(limit = DEFAULT_BODY_LIMIT) {
      cached ??= new Promise<Buffer>((resolve, reject) => {
        const declared = Number(req.headers['content-length'] ?? 0);
        if (declared > limit) {
          req.resume();
          reject(new HttpError(413, { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' }));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        req.on('data', (c: Buffer) => {
          size += c.length;
          if (size > limit) {
            req.destroy();
            reject(new HttpError(413, { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' }));
            return;
          }
          chunks.push(c);
        });
        req.on('end', () => resolve(Buffer.concat(chunks)));
        req.on('error', reject);
      });
      return cached;
    },
  };
}

/** Parses a JSON body; a malformed one is the caller's error (400), never a crash. */
export async function readJson(req: ApiRequest, onError: (message: string) => HttpError, limit?: number): Promise<unknown> {
  const raw = await req.body(limit);
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (e) {
    throw onError(e instanceof Error ? e.message : 'Invalid JSON');
  }
}

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS',
  'access-control-allow-headers':
    'apikey,authorization,x-client-info,prefer,accept-profile,content-profile,x-upsert,x-supabase-api-version,cache-control,x-retry-count,content-type,range,accept,accept-language,x-requested-with,content-disposition',
  'access-control-expose-headers': 'Content-Range,X-Supabase-Api-Version,Content-Length,Content-Type,Preference-Applied,Location,ETag',
  'access-control-max-age': '3600',
};

// ── Conditional GET (ETag / If-None-Match) ─────────────────────────────────────────────────────

/**
 * A strong ETag for an answer: a hash of its status, every header it carries (content type,
 * Content-Range, Preference-Applied: what makes the representation) and its body, before any
 * content coding. Two answers get the same tag only when a client could not tell them apart, so a
 * 304 for it is right whoever asks and whatever happened in between.
 */
export function strongEtag(res: ApiResponse): string {
  // Status and headers as one string and, for a text body, the body with them: one hash call. Hashing
  // is the largest piece of a small read's own work; the bytes hashed are the same as piece by piece.
  let head = `${res.status}\n`;
  const headers = res.headers;
  if (headers) {
    // Names sorted by UTF-16 code units, as `<` compares them (names are unique: no ties).
    const names = Object.keys(headers).sort();
    for (const name of names) head += `${name.toLowerCase()}: ${headers[name]}\n`;
  }
  head += '\n';
  const body = res.body;
  if (body === undefined || typeof body === 'string') return `"${hash('sha256', body === undefined ? head : head + body, 'base64url').slice(0, 32)}"`;
  return `"${createHash('sha256').update(head).update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * The ETag of the same answer in a content coding: a strong validator differs per representation
 * (RFC 9110 §8.8.3), and the gzipped body is another one. Weak tags stay as they are.
 */
export function etagForEncoding(etag: string, encoding: string): string {
  return /^"[^"]*"$/.test(etag) ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): W/"x" matches "x"; * matches any tag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const current = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === current);
}

/** Representation fields a 304 leaves out (RFC 9110 §15.4.5): the client keeps the ones it has. */
const NOT_MODIFIED_DROPS = ['content-type', 'content-length', 'content-encoding', 'content-range', 'content-disposition', 'content-language', 'preference-applied'];

/**
 * Answers a GET/HEAD whose If-None-Match names the answer's final ETag (after content coding)
 * with 304 and no body; any other answer is returned as it is. Only 2xx answers are conditional.
 */
export function notModifiedIfMatching(method: string, ifNoneMatch: string | undefined, res: ApiResponse, headers: Record<string, string>): ApiResponse {
  if (method !== 'GET' && method !== 'HEAD') return res;
  if (res.status < 200 || res.status > 299 || !etagMatches(ifNoneMatch, headers.etag)) return res;
  for (const name of NOT_MODIFIED_DROPS) delete headers[name];
  return { status: 304, headers: res.headers, body: undefined };
}

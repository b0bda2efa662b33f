import type { IncomingMessage } from 'node:http';

/** A request as every server module sees it: parsed URL, lower-cased headers, body read on demand. */
export interface ApiRequest {
  method: string;
  url: URL;
  /** Path below the module's mount point, e.g. '/products' for '/rest/v1/products'. */
  path: string;
  headers: Record<string, string | undefined>;
  /** Client address (for rate limits). */
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

export function toApiRequest(req: IncomingMessage, url: URL, path: string): ApiRequest {
  let cached: Promise<Buffer> | undefined;
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    url,
    path,
    headers,
    ip: req.socket.remoteAddress ?? 'unknown',
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

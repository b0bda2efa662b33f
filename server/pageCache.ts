import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { ApiResponse } from './http.ts';
import { AnswerCache, type Answer, type Freshness, type Outcome } from './rest/answer-cache.ts';

/**
 * A rendered page as the page cache keeps it (docs/adr/0032-page-cache.md): status, the HTML, the
 * same HTML gzipped once (a hit costs no compression) and its strong ETag.
 */
export interface Page extends ApiResponse {
  status: number;
  body: Buffer;
  gzip: Buffer;
  etag: string;
}

/** What a render is given: the URL, Accept-Language, and only the cookies the renderer reads. */
export interface PageRequest {
  url: string;
  acceptLanguage?: string;
  cookie?: string;
}

export interface PageCacheLimits {
  bytes: number;
  entries: number;
}

/**
 * The Cookie header reduced to the cookies named (the renderer's PAGE_COOKIES), in the order sent;
 * undefined when none is there. A render is given only these, so no other cookie can change a page.
 */
export function keepCookies(header: string | undefined, names: readonly string[]): string | undefined {
  if (!header) return undefined;
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => names.includes(part.split('=')[0]));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/** Supabase's session cookies (`sb-<ref>-auth-token`, chunked as `.0`, `.1` …), and any cookie named like a session. */
const SESSION_COOKIE = /^(sb-.+-auth-token(\.\d+)?|.*(session|auth).*)$/i;

/**
 * Why a page request must neither be answered from the cache nor fill it, or undefined when it may:
 * it carries credentials (Authorization, or a session cookie as @supabase/ssr would set it). The
 * renderer reads neither today (the session lives in the browser's storage), but a page for a
 * signed-in visitor is never shared, whatever the renderer does with it tomorrow.
 */
export function bypassReason(headers: IncomingHttpHeaders): string | undefined {
  if (headers.authorization) return 'authorization';
  for (const part of headers.cookie?.split(';') ?? []) {
    const name = part.trim().split('=')[0];
    if (name && SESSION_COOKIE.test(name)) return 'session cookie';
  }
  return undefined;
}

/**
 * The key of a page: the build (template and server bundle), the path and query as sent, the
 * language the renderer decides for the request (its own pageLocale: `?lang`, the cookie,
 * Accept-Language), and the cookies the renderer is given. That is everything a render reads besides
 * the data, whose freshness the versions guard.
 */
export function pageKey(build: string, request: PageRequest, locale: string): string {
  return `${build}\n${request.url}\n${locale}\n${request.cookie ?? ''}`;
}

/** A short hash of what makes a build: the page template and the server bundle. */
export function buildId(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url').slice(0, 16);
}

/** The page for an HTML body: its gzip (made once) and strong ETag. */
export function makePage(status: number, html: string | Buffer): Page {
  const body = Buffer.isBuffer(html) ? html : Buffer.from(html);
  return { status, headers: {}, body, gzip: gzipSync(body, { level: 6 }), etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/**
 * Rendered pages for anonymous requests, kept while the data they were rendered from is unchanged —
 * the REST answer cache's own machinery (AnswerCache, ADR 0019) with the backend's versions: a page
 * is observed the version before its render and kept only if the version is the same after it (on
 * PGlite: no write started or ended; on PostgreSQL: no transaction ended anywhere), served only to a
 * request that observed that version after it arrived, and every page is dropped when a later
 * version differs. Identical requests arriving during a render wait for it (single-flight). Bounded
 * in bytes and pages, least recently used first.
 */
export class PageCache {
  private readonly cache: AnswerCache<Page>;

  constructor(freshness: Freshness, limits: PageCacheLimits) {
    this.cache = new AnswerCache<Page>(freshness.versions, limits, freshness.volatile);
  }

  /**
   * The page for key: from the cache, shared with the render in progress, or rendered (and kept when
   * `storable`: a complete 200 or 404 page).
   */
  serve(key: string, render: () => Promise<Answer<Page>>): Promise<{ response: Page; outcome: Outcome }> {
    return this.cache.answer(key, render);
  }

  get stats(): { hits: number; shared: number; misses: number; stored: number } {
    return this.cache.stats;
  }

  size(): { entries: number; bytes: number } {
    return this.cache.size();
  }
}

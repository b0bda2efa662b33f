import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sirv from 'sirv';
import { PAGE_CACHE_DEFAULTS } from './config.ts';
import { buildId, bypassReason, keepCookies, makePage, type Page, PageCache, type PageCacheLimits, type PageRequest, pageKey } from './pageCache.ts';
import type { Freshness, Outcome } from './rest/answer-cache.ts';
import { isSecureRequest, NO_TRUSTED_PROXIES, type TrustedProxies } from './proxy.ts';
import { contentSecurityPolicy, inlineScriptHashes, originOf, preconnectOrigins, securityHeaders } from './securityHeaders.ts';

export interface WebServer {
  url: string;
  close(): Promise<void>;
}

/** What the storefront's server bundle exports (src/entry-server.tsx, built into dist/server/). */
type Renderer = {
  render(request: PageRequest): Promise<{ status: number; locale: string; html: string; state: string; complete?: boolean }>;
  /** The language render() decides for a request (absent in bundles built before the page cache: then it is off). */
  pageLocale?(request: PageRequest): string;
  /** The cookies render() reads; it is given only these. */
  PAGE_COOKIES?: readonly string[];
};

/**
 * Whether a request path names something under dist/server/ (the server bundle: read by Node, never
 * sent), decoded and normalized at least as far as sirv goes when it looks for the file.
 */
function inServerBundle(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // sirv then looks the path up as it is.
  }
  const normalized = posix.normalize(`/${decoded.replace(/\\/g, '/')}`);
  return normalized === '/server' || normalized.startsWith('/server/');
}

/** Requests for a page (not a file): what a browser sends when it navigates. */
function wantsPage(req: IncomingMessage, pathname: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)) return false;
  const accept = req.headers.accept ?? '*/*';
  return accept.includes('text/html') || accept.includes('*/*');
}

/**
 * The built index.html with the rendered first screen put in: the app's markup in #root, the
 * language on <html> (and only its shell catalogue preloaded), and the machines' snapshots.
 */
export function fillTemplate(template: string, page: { locale: string; html: string; state: string }): string {
  const locale = page.locale === 'de' ? 'de' : 'en';
  return (
    template
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
      // The page's language is known: the other language's shell catalogue need not be fetched.
      .replace(/<link [^>]*data-locale="([a-z]+)"[^>]*>\n?/g, (link, linkLocale: string) => (linkLocale === locale ? link : ''))
      .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${page.state}`)
  );
}

/**
 * Serves the built storefront (dist/). Pages are rendered on the server with the first screen's
 * data when the server bundle is built (dist/server/entry-server.js), else they get index.html and
 * the client router decides (its 404 page included). Hashed assets are cached for good; pages are
 * always revalidated (ETag), so a new build or new catalogue data is picked up.
 */
export async function startWebServer(opts: {
  dir: string;
  port: number;
  host: string;
  /** The API's public URL (config.apiUrl): allowed for connections and images besides the API the build preconnects to. */
  apiUrl?: string;
  /** The country lookup the build was made with (VITE_GEO_URL), allowed for connections. */
  geoUrl?: string;
  /** Whose `X-Forwarded-Proto: https` turns on HSTS (TRUSTED_PROXIES). */
  trustedProxies?: TrustedProxies;
  /**
   * The versions of the data the pages are rendered from (dataFreshness of the backend's database):
   * with them anonymous pages are kept in a page cache (ADR 0032) — if the build reads from apiUrl.
   * Without them (the web server alone, in front of another API) every page is rendered.
   */
  freshness?: Freshness;
  /** The page cache's bounds (config.pageCache); 0 bytes or entries turn it off. */
  pageCache?: PageCacheLimits;
}): Promise<WebServer & { pageCache?: PageCache }> {
  const indexFile = join(opts.dir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${opts.dir}/index.html not found: run \`npm run build\` first`);
  const template = readFileSync(indexFile, 'utf8');
  // The policy follows the build it serves: its inline scripts' hashes and the API it preconnects to.
  const csp = contentSecurityPolicy({
    scriptHashes: inlineScriptHashes(template),
    apiOrigins: [...preconnectOrigins(template), originOf(opts.apiUrl)],
    connectOrigins: [originOf(opts.geoUrl)],
  });
  const headers = { plain: securityHeaders(csp, { secure: false }), secure: securityHeaders(csp, { secure: true }) };
  const trustedProxies = opts.trustedProxies ?? NO_TRUSTED_PROXIES;
  const serverEntry = resolve(opts.dir, 'server', 'entry-server.js');
  const renderer: Renderer | undefined = existsSync(serverEntry) ? ((await import(pathToFileURL(serverEntry).href)) as Renderer) : undefined;
  const pageCache = renderer ? pageCacheFor(opts, template, renderer, serverEntry) : undefined;
  const build = renderer ? buildId(template, readFileSync(serverEntry)) : '';

  const serve = sirv(opts.dir, {
    single: true,
    gzip: true,
    brotli: true,
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  async function servePage(req: IncomingMessage, res: ServerResponse, renderer: Renderer): Promise<void> {
    // The renderer is given only the cookies it reads (all of them from a bundle that does not say which).
    const cookie = renderer.PAGE_COOKIES ? keepCookies(req.headers.cookie, renderer.PAGE_COOKIES) : req.headers.cookie;
    const request: PageRequest = { url: req.url ?? '/', acceptLanguage: req.headers['accept-language'], cookie };
    const render = async () => {
      const rendered = await renderer.render(request);
      const page = makePage(rendered.status, fillTemplate(template, rendered));
      // A page whose data did not all arrive (a failed load, the deadline) is sent but never kept.
      return { response: page, storable: rendered.complete !== false && (page.status === 200 || page.status === 404) };
    };
    let page: Page;
    let outcome: Outcome = 'bypass';
    if (pageCache && renderer.pageLocale && !bypassReason(req.headers)) {
      ({ response: page, outcome } = await pageCache.serve(pageKey(build, request, renderer.pageLocale(request)), render));
    } else {
      page = (await render()).response;
    }
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      // Revalidated on every use, by browsers and shared caches alike (ADR 0032): the ETag makes that a 304.
      'Cache-Control': 'no-cache',
      // The language comes from the lang parameter, the cookie or Accept-Language.
      Vary: 'Accept-Language, Cookie, Accept-Encoding',
      ETag: page.etag,
      // hit (kept page), shared (another request's render), miss (rendered), bypass (rendered, cache not asked).
      'X-Page-Cache': outcome,
    };
    if (ifNoneMatch(req.headers['if-none-match'], page.etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const sent = gzip ? page.gzip : page.body;
    if (gzip) headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = String(sent.length);
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : sent);
  }

  const server = createServer((req, res) => {
    // Every answer carries them: pages, files, 404s, errors (writeHead adds its own headers to these).
    for (const [name, value] of Object.entries(isSecureRequest(req, trustedProxies) ? headers.secure : headers.plain)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('Method Not Allowed');
      return;
    }
    const pathname = (req.url ?? '/').split('?')[0];
    if (inServerBundle(pathname)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    if (renderer && wantsPage(req, pathname)) {
      servePage(req, res, renderer).catch((error: unknown) => {
        // The page still works without its first screen: the browser renders it.
        console.error(`Server rendering of ${req.url} failed; sending the plain page:`, error);
        if (!res.headersSent) serve(req, res);
      });
      return;
    }
    serve(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    pageCache,
    url: `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** Whether an If-None-Match header names etag (or is `*`); weak tags match by their opaque part (RFC 9110 §13.1.2). */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * The page cache, when it can be exact: the backend's versions are given, bounds are not 0, the
 * bundle says how it decides the language, and the build reads its data from that backend (the API
 * it preconnects to is apiUrl) — pages read from another API are rendered every time.
 */
function pageCacheFor(
  opts: { freshness?: Freshness; pageCache?: PageCacheLimits; apiUrl?: string },
  template: string,
  renderer: Renderer,
  serverEntry: string,
): PageCache | undefined {
  const limits = opts.pageCache ?? PAGE_CACHE_DEFAULTS;
  if (!opts.freshness || limits.bytes <= 0 || limits.entries <= 0) return undefined;
  if (!renderer.pageLocale || !renderer.PAGE_COOKIES) {
    console.warn(`Page cache off: ${serverEntry} does not export pageLocale and PAGE_COOKIES (rebuild with \`npm run build\`)`);
    return undefined;
  }
  const api = originOf(opts.apiUrl);
  if (!api || !preconnectOrigins(template).includes(api)) {
    console.warn(`Page cache off: the build reads its data from ${preconnectOrigins(template).join(', ') || 'an unknown API'}, not from this backend (${opts.apiUrl ?? 'none'})`);
    return undefined;
  }
  return new PageCache(opts.freshness, limits);
}

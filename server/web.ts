import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';

export interface WebServer {
  url: string;
  close(): Promise<void>;
}

/** What the storefront's server bundle exports (src/entry-server.tsx, built into dist/server/). */
type Renderer = {
  render(request: { url: string; acceptLanguage?: string; cookie?: string }): Promise<{ status: number; locale: string; html: string; state: string }>;
};

const SECURITY_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' } as const;

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
export async function startWebServer(opts: { dir: string; port: number; host: string }): Promise<WebServer> {
  const indexFile = join(opts.dir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${opts.dir}/index.html not found: run \`npm run build\` first`);
  const template = readFileSync(indexFile, 'utf8');
  const serverEntry = resolve(opts.dir, 'server', 'entry-server.js');
  const renderer: Renderer | undefined = existsSync(serverEntry) ? ((await import(pathToFileURL(serverEntry).href)) as Renderer) : undefined;

  const serve = sirv(opts.dir, {
    single: true,
    gzip: true,
    brotli: true,
    etag: true,
    setHeaders(res, pathname) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  async function servePage(req: IncomingMessage, res: ServerResponse, renderer: Renderer): Promise<void> {
    const page = await renderer.render({ url: req.url ?? '/', acceptLanguage: req.headers['accept-language'], cookie: req.headers.cookie });
    const body = Buffer.from(fillTemplate(template, page));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const headers: Record<string, string> = {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      // The language comes from the lang parameter, the cookie or Accept-Language.
      Vary: 'Accept-Language, Cookie, Accept-Encoding',
      ETag: etag,
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const sent = gzip ? gzipSync(body, { level: 6 }) : body;
    if (gzip) headers['Content-Encoding'] = 'gzip';
    headers['Content-Length'] = String(sent.length);
    res.writeHead(page.status, headers);
    res.end(req.method === 'HEAD' ? undefined : sent);
  }

  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('Method Not Allowed');
      return;
    }
    const pathname = (req.url ?? '/').split('?')[0];
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
    url: `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

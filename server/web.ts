import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';

export interface WebServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the built storefront (dist/) as a single-page app: files by path, every other path gets
 * index.html and the client router decides (its 404 page included). Hashed assets are cached for
 * good; index.html is always revalidated so a new build is picked up.
 */
export async function startWebServer(opts: { dir: string; port: number; host: string }): Promise<WebServer> {
  if (!existsSync(join(opts.dir, 'index.html'))) throw new Error(`${opts.dir}/index.html not found: run \`npm run build\` first`);
  const serve = sirv(opts.dir, {
    single: true,
    gzip: true,
    brotli: true,
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
      res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('Method Not Allowed');
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

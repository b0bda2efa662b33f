import cluster from 'node:cluster';
import { gzipSync } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CORS_HEADERS, etagForEncoding, HttpError, json, notModifiedIfMatching, toApiRequest, type ApiRequest, type ApiResponse } from './http.ts';
import type { Module, ServerContext } from './context.ts';
import { startHousekeeping, type Housekeeping } from './checkout/housekeeping.ts';
import { createRest } from './rest/index.ts';
import { createAuth } from './auth/index.ts';
import { createStorage } from './storage/index.ts';
import { createFunctions } from './functions/index.ts';
import { createCheckout } from './checkout/index.ts';
import { createMailOutbox } from './mail/index.ts';
import { handleSend } from './mail/send.ts';
import { createSmtpMailer } from './mail/smtp.ts';

/** Paths the gateway lets through without an apikey (as hosted Supabase's Kong config does). */
const OPEN_PATHS = [
  /^\/auth\/v1\/(verify|callback|authorize|health)(\/|$)/,
  /^\/auth\/v1\/\.well-known\/jwks\.json$/,
  /^\/storage\/v1\/object\/public\//,
  /^\/storage\/v1\/render\/image\/public\//,
  /^\/functions\/v1\//,
];

export interface ApiServer {
  server: Server;
  context: ServerContext;
  /** Base URL the server listens on. */
  url: string;
  /** Sessions past their expiry and queued e-mails, handled every config.housekeepingMs (run() for one round now). */
  housekeeping: Housekeeping;
  /** Stops accepting, waits for in-flight requests, closes modules (not the database). */
  close(): Promise<void>;
}

export type ContextInit = Omit<ServerContext, 'internalUrl' | 'mailer'> & Partial<Pick<ServerContext, 'mailer'>>;

/** Builds the API server (all of /rest, /auth, /storage, /functions and /_dev) and starts listening. */
export async function startApiServer(init: ContextInit, port = init.config.apiPort, host = init.config.host): Promise<ApiServer> {
  let boundUrl = `http://127.0.0.1:${port}`;
  // POST /_dev/mail/send hands mail to the server's mailer: the one given, else SMTP when configured,
  // else the outbox, which outside development keeps no bodies (no links or codes in the table).
  const mail = createMailOutbox(init.db, {
    serviceRoleKey: init.config.serviceRoleKey,
    send: (message) => context.mailer.send(message),
    redact: !init.config.devRoutes,
  });
  const smtp = !init.mailer && init.config.smtp ? createSmtpMailer(init.config.smtp) : undefined;
  const context: ServerContext = { ...init, mailer: init.mailer ?? smtp ?? mail.mailer, internalUrl: () => boundUrl };

  const housekeeping = startHousekeeping(context);
  const mounts: [prefix: string, module: Module][] = [
    ['/rest/v1', createRest(context)],
    ['/auth/v1', createAuth(context)],
    ['/storage/v1', createStorage(context)],
    ['/functions/v1', createFunctions(context)],
  ];
  // Where functions' order e-mails reach the mailer without /_dev routes (functionEnv's MAIL_SEND_URL).
  mounts.push(['/_internal/mail', { handle: async (req) => (req.path === '/send' ? handleSend(req, init.config.serviceRoleKey, (m) => context.mailer.send(m)) : NOT_FOUND()) }]);
  if (init.config.devRoutes) {
    mounts.push(['/_dev/checkout', createCheckout(context)], ['/_dev/mail', mail.module], ['/_dev/geo', { handle: async () => geo(context) }]);
  }

  const dispatch = async (req: ApiRequest, rawPath: string): Promise<ApiResponse> => {
    for (const [prefix, module] of mounts) {
      if (rawPath === prefix || rawPath.startsWith(`${prefix}/`)) {
        if (needsApiKey(rawPath) && init.config.requireApiKey) {
          const key = req.headers.apikey ?? req.url.searchParams.get('apikey') ?? undefined;
          if (!key) {
            return json(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
          }
          if (key !== init.config.anonKey && key !== init.config.serviceRoleKey) {
            return json(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
          }
        }
        return module.handle({ ...req, path: rawPath.slice(prefix.length) || '/' });
      }
    }
    if (rawPath === '/health') return health(init.db);
    if (rawPath === '/') return json(200, { status: 'ok', name: 'no-pain-no-gain local Supabase' });
    return NOT_FOUND();
  };

  const inFlight = new Set<Promise<unknown>>();
  // Long query strings must reach /rest/v1, which answers them with PostgREST's JSON 414, instead of
  // Node's bare 431 at its 16 KB default.
  const server = createServer({ maxHeaderSize: 64 * 1024 }, (nodeReq, nodeRes) => {
    const started = performance.now();
    const work = (async () => {
      let url: URL;
      try {
        url = new URL(nodeReq.url ?? '/', 'http://localhost');
      } catch {
        url = new URL('http://localhost/');
      }
      const req = toApiRequest(nodeReq, url, url.pathname, init.config.trustedProxies);
      let res: ApiResponse;
      if (req.method === 'OPTIONS') {
        res = { status: 200, body: 'ok' };
      } else {
        try {
          res = await dispatch(req, url.pathname);
        } catch (e) {
          if (e instanceof HttpError) res = json(e.status, e.payload, e.headers);
          else {
            console.error(`[api] ${req.method} ${url.pathname}${url.search}:`, e);
            res = json(500, { code: 'XX000', message: 'Internal server error', details: null, hint: null });
          }
        }
      }
      // /_dev and /_internal answers are for this machine and its tools, not for other origins' pages:
      // no CORS, except GET /_dev/geo, which the storefront (another origin, :5173) fetches: a country code, nothing secret.
      const headers = crossOrigin(url.pathname) ? withCors(res.headers) : { ...res.headers };
      const gzip = gzipWanted(res, headers, nodeReq.headers['accept-encoding']);
      // The ETag to compare is the one of the representation this client gets (gzipped or not).
      if (gzip && headers.etag) headers.etag = etagForEncoding(headers.etag, 'gzip');
      res = notModifiedIfMatching(req.method, req.headers['if-none-match'], res, headers);
      if (gzip && res.status !== 304) compressBody(res, headers);
      // A known length spares clients chunked decoding (HEAD keeps the length of the GET body).
      if (res.body !== undefined && !('content-length' in headers) && res.status !== 204 && res.status !== 304) {
        headers['content-length'] = String(typeof res.body === 'string' ? Buffer.byteLength(res.body) : res.body.byteLength);
      }
      if (!nodeRes.headersSent) {
        nodeRes.writeHead(res.status, headers);
        nodeRes.end(req.method === 'HEAD' ? undefined : res.body);
      }
      if (init.config.logRequests) {
        console.log(`[api] ${res.status} ${req.method} ${url.pathname}${url.search} ${(performance.now() - started).toFixed(1)}ms`);
      }
    })();
    inFlight.add(work);
    work.finally(() => inFlight.delete(work));
  });
  server.keepAliveTimeout = 65_000;
  // Requests Node refuses before they reach a handler (headers or URL past the limit, broken HTTP)
  // still get a JSON answer the client can read, not a bare status line.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify({
      code: String(status),
      message: tooLarge ? 'Request header fields too large: the URL and headers may hold at most 64 KB' : 'Malformed HTTP request',
      details: null,
      hint: null,
    });
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  boundUrl = `http://127.0.0.1:${address.port}`;
  if (init.config.apiUrl === 'http://localhost:0') init.config.apiUrl = `http://localhost:${address.port}`;

  return {
    server,
    context,
    housekeeping,
    url: boundUrl,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await Promise.allSettled([...inFlight]);
      await housekeeping.close();
      for (const [, module] of mounts) await module.close?.();
      smtp?.close();
    },
  };
}

/**
 * CORS_HEADERS, then the answer's own headers (which win), in that order: `{ ...CORS_HEADERS,
 * ...res.headers }` by Object.assign. V8 takes a slow path for a second spread into an object literal
 * (~2 µs a response, as much as the rest of this file's work); Object.assign onto a fresh object is
 * ~0.1 µs. (Only an own `__proto__` key, which assigning would take for the prototype, needs the spread.)
 */
function withCors(own: Record<string, string> | undefined): Record<string, string> {
  if (own && Object.hasOwn(own, '__proto__')) return { ...CORS_HEADERS, ...own };
  return Object.assign({}, CORS_HEADERS, own);
}

/** How long GET /health waits for the database's `select 1` before it answers 503. */
export const HEALTH_DB_TIMEOUT_MS = 2000;

/**
 * GET /health, a load balancer's health check (docs/deploy.md, ADR 0034): 200 when the database
 * answers a read-only `select 1` through this process' pool within HEALTH_DB_TIMEOUT_MS, else 503 (the reason is
 * logged, not answered). In a cluster it names the worker that answered (its number, not its pid).
 */
async function health(db: ContextInit['db']): Promise<ApiResponse> {
  const headers = { 'cache-control': 'no-store' };
  const worker = cluster.isWorker ? { worker: cluster.worker?.id } : {};
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      // Read-only: a health check every few seconds must not move the write clock (and empty the answer cache).
      db.transaction((tx) => tx.query('select 1'), { readOnly: true }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_DB_TIMEOUT_MS} ms`)), HEALTH_DB_TIMEOUT_MS);
      }),
    ]);
    return json(200, { status: 'ok', name: 'no-pain-no-gain local Supabase', database: 'ok', ...worker }, headers);
  } catch (e) {
    console.error(`[health] the database is not answering: ${(e as Error).message}`);
    return json(503, { status: 'unavailable', name: 'no-pain-no-gain local Supabase', database: 'not answering', ...worker }, headers);
  } finally {
    clearTimeout(timer);
  }
}

const NOT_FOUND = () => json(404, { message: 'no Route matched with those values' });

/** Whether an answer carries CORS headers: everything but /_dev and /_internal, where only GET /_dev/geo does. */
function crossOrigin(path: string): boolean {
  if (path === '/_dev/geo') return true;
  return !/^\/_(dev|internal)(\/|$)/.test(path);
}

function needsApiKey(path: string): boolean {
  if (!/^\/(rest|auth|storage)\/v1(\/|$)/.test(path)) return false;
  return !OPEN_PATHS.some((re) => re.test(path));
}

/** Local stand-in for the third-party IP-geolocation service: a plain-text country code. */
async function geo(context: ServerContext): Promise<ApiResponse> {
  return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: context.config.devCountry };
}

const COMPRESSIBLE = /^(application\/(json|vnd\.pgrst\.[a-z+.]*json|openapi\+json)|text\/)/;

/**
 * Gzips text answers of 1 KB or more when the client accepts it, as hosted Supabase's gateway
 * does: a shop page of products with their variants and images is ~30 KB of JSON, ~4 KB gzipped.
 * Decided first (the ETag and Vary depend on it), done once a 304 has been ruled out.
 */
function gzipWanted(res: ApiResponse, headers: Record<string, string>, acceptEncoding: string | undefined): boolean {
  const type = headers['content-type'] ?? '';
  if (res.body === undefined || 'content-encoding' in headers || !COMPRESSIBLE.test(type)) return false;
  if (!/\bgzip\b/.test(acceptEncoding ?? '')) return false;
  if ((typeof res.body === 'string' ? Buffer.byteLength(res.body) : res.body.byteLength) < 1024) return false;
  if (!/\baccept-encoding\b/i.test(headers.vary ?? '')) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  return true;
}

/**
 * Gzipped bodies by the body they were made from: answers from the REST answer cache hand out the
 * same body object on every hit, so each is compressed once, not per request.
 */
const gzipped = new WeakMap<Uint8Array, Buffer>();

function compressBody(res: ApiResponse, headers: Record<string, string>): void {
  if (res.body === undefined) return;
  if (typeof res.body === 'string') res.body = gzipSync(res.body, { level: 6 });
  else {
    const body = res.body;
    const done = gzipped.get(body) ?? gzipSync(body, { level: 6 });
    gzipped.set(body, done);
    res.body = done;
  }
  headers['content-encoding'] = 'gzip';
  delete headers['content-length'];
}

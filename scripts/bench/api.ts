/**
 * `npm run bench:api` — API latency and throughput at 10,000 products / 40,000 variants, on the
 * embedded PGlite and on a temporary PostgreSQL 15 (started like scripts/with-postgres.ts; skipped
 * with a line saying so when its binaries are missing), side by side.
 *
 * Per engine it seeds the catalogue, then prints, as anon through HTTP with the answer cache off
 * (it measures our own overhead): p50/p95 of the shop page (12 rows from product_listing with
 * variant and media embeds, exact count, every filter), product by slug and search; beside them the
 * same SQL statements run in-process (captured from the REST layer, replayed under the same role,
 * claims and read-only transaction), the HTTP/SQL ratio, and the HTTP p50 with the answer cache on.
 * HTTP is timed over a kept-alive socket with the request written as bytes (as autocannon does), so
 * the figure is the server's time, not an HTTP client library's.
 * Then requests/s at 50 concurrent connections (autocannon, shop pages): cache on, cache on while
 * a write commits every 100 ms (each one moves the data's version, so the cache starts over), and
 * cache off.
 * Budgets (exit 1 when missed): with the cache on, on each engine, ≥ 1,200 req/s (median of the
 * per-second counts), p99 ≤ 100 ms, 0 errors; HTTP/SQL p50 ≤ 1.3× on every query and engine.
 * The machine is shared with whatever else runs: figures are noisy, compare runs on a quiet machine.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import autocannon from 'autocannon';
import { startApiServer } from '../../server/app.ts';
import { asRole } from '../../server/context.ts';
import { readOnlyView } from '../../server/db/writes.ts';
import { startBackend } from '../../server/start.ts';
import { postgresMissing, startTemporaryPostgres } from '../with-postgres.ts';
import { captureStatements, type CapturedStatement, seedBenchProducts } from './catalogue.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BUDGET = { reqPerSec: 1200, p99: 100, ratio: 1.3 };

interface Case {
  name: string;
  urls: string[];
  headers: Record<string, string>;
}

function cases(anonKey: string): Case[] {
  const headers = { apikey: anonKey };
  return [
    { name: 'shop page', urls: shopUrls(), headers: { ...headers, prefer: 'count=exact' } },
    {
      name: 'product by slug',
      urls: [17, 523, 2048, 4999, 7771].map((n) => `/rest/v1/products?select=*,variants(*),media(*)&slug=eq.bench-product-${1 + ((n - 1) % PRODUCTS)}&status=eq.published`),
      headers: { ...headers, accept: 'application/vnd.pgrst.object+json' },
    },
    {
      name: 'search',
      urls: ['titan', 'grind hoodie', 'beast', '42'].map(
        (q) =>
          `/rest/v1/products?select=id,slug,title,subtitle,media(url,is_primary)&status=eq.published&or=(title.ilike.%25${encodeURIComponent(q)}%25,subtitle.ilike.%25${encodeURIComponent(q)}%25)&limit=10`,
      ),
      headers,
    },
  ];
}

function shopUrls(): string[] {
  return ['clothing', 'accessories', 'equipment', 'supplements'].flatMap((category, i) => [
    `/rest/v1/product_listing?select=*,variants(*),media(*)&status=eq.published&category=eq.${category}&min_price=gte.2000&min_price=lte.15000&sizes=cs.%7BM%7D&colors=cs.%7BBlack%7D&in_stock=is.true&order=min_price.asc&offset=${12 * i}&limit=12`,
    `/rest/v1/product_listing?select=*,variants(*),media(*)&status=eq.published&category=eq.${category}&tags=ov.%7Bgym,new%7D&order=created_at.desc&offset=${12 * (i + 1)}&limit=12`,
  ]);
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

interface Latency {
  name: string;
  httpP50: number;
  httpP95: number;
  sqlP50: number;
  sqlP95: number;
  cachedP50?: number;
}

interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

interface EngineResult {
  engine: string;
  latency: Latency[];
  loadOn: Load;
  loadWrites: Load;
  loadOff: Load;
}

/** One kept-alive socket per server, as a browser holds one to the API. */
const sockets = new Map<string, Socket>();

async function socketTo(base: string): Promise<Socket> {
  const known = sockets.get(base);
  if (known && !known.destroyed) return known;
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  socket.setNoDelay(true);
  await once(socket, 'connect');
  sockets.set(base, socket);
  return socket;
}

/**
 * One GET over a kept-alive socket, the request written as bytes and the answer read to its
 * Content-Length, as autocannon does: the client's own cost stays near zero, so the time is the
 * server's (node:http's client costs ~0.1 ms a request, fetch's ~0.4 ms: neither is the API's).
 * No content coding (the gateway's gzip is transport, not REST work).
 */
async function timedGet(base: string, path: string, headers: Record<string, string>): Promise<number> {
  const socket = await socketTo(base);
  const head = Object.entries({ host: new URL(base).host, ...headers, 'accept-encoding': 'identity' }).map(([k, v]) => `${k}: ${v}\r\n`);
  const t = performance.now();
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const text = received.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text)?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      socket.off('data', onData);
      const status = Number(text.slice(9, 12));
      if (status === 200 || status === 206) resolve(performance.now() - t);
      else
        reject(
          new Error(
            `${path}: ${status} ${received
              .subarray(end + 4)
              .toString()
              .slice(0, 300)}`,
          ),
        );
    };
    socket.on('data', onData);
    socket.write(`GET ${path} HTTP/1.1\r\n${head.join('')}\r\n`);
  });
}

async function load(base: string, headers: Record<string, string>, write?: () => Promise<unknown>): Promise<Load> {
  let writes = 0;
  const timer = write
    ? setInterval(() => {
        writes++;
        write().catch((e: Error) => console.error(`write failed: ${e.message}`));
      }, 100)
    : undefined;
  const r = await autocannon({
    url: base,
    connections: 50,
    duration: LOAD_SECONDS,
    requests: shopUrls().map((path) => ({ method: 'GET', path, headers })),
  });
  clearInterval(timer);
  if (write && writes < LOAD_SECONDS * 5) console.log(`  (only ${writes} writes ran during the load)`);
  return { reqPerSec: r.requests.p50, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx /* autocannon's errors include its timeouts */ };
}

async function benchEngine(engine: string, databaseUrl: string | undefined): Promise<EngineResult> {
  // No housekeeping rounds: their queries would be captured and replayed as the measured reads' own.
  const backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, databaseUrl, housekeepingMs: 0 }, seed: false });
  try {
    const { db, config } = backend;
    console.log(`[${engine}] seeding ${PRODUCTS} products, ${PRODUCTS * 4} variants…`);
    const t0 = performance.now();
    await seedBenchProducts(db, PRODUCTS);
    console.log(`[${engine}] seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // A second API over the same database with the answer cache off: our overhead, nothing saved.
    const off = await startApiServer({ config: { ...config, answerCache: { bytes: 0, entries: 0 } }, db, storageDir: backend.api.context.storageDir }, 0);
    const cached = backend.api.url;
    try {
      const capture = captureStatements(db);
      const reads = readOnlyView(db);
      const latency: Latency[] = [];
      for (const c of cases(config.anonKey)) {
        const statements: CapturedStatement[][] = [];
        for (const url of c.urls) {
          capture.start();
          await timedGet(off.url, url, c.headers);
          statements.push(capture.stop().filter((s) => !s.sql.includes("set_config('role'")));
        }
        const http: number[] = [];
        const sql: number[] = [];
        const hit: number[] = [];
        for (let i = 0; i < SAMPLES + 20; i++) {
          const k = i % c.urls.length;
          const h = await timedGet(off.url, c.urls[k], c.headers);
          const t = performance.now();
          await asRole(reads, { role: 'anon' }, async (tx) => {
            for (const s of statements[k]) await tx.query(s.sql, s.params);
          });
          const q = performance.now() - t;
          const w = await timedGet(cached, c.urls[k], c.headers);
          if (i >= 20) {
            http.push(h);
            sql.push(q);
            hit.push(w);
          }
        }
        latency.push({
          name: c.name,
          httpP50: pct(http, 50),
          httpP95: pct(http, 95),
          sqlP50: pct(sql, 50),
          sqlP95: pct(sql, 95),
          cachedP50: pct(hit, 50),
        });
      }
      capture.restore();
      const headers = { apikey: config.anonKey, prefer: 'count=exact' };
      const loadOn = await load(cached, headers);
      // A stock change as the admin or a checkout would make it; on PostgreSQL the same would come from any other process.
      const loadWrites = await load(cached, headers, () => db.query("update public.variants set inventory = inventory where sku = 'BENCH-1-M'"));
      const loadOff = await load(off.url, headers);
      return { engine, latency, loadOn, loadWrites, loadOff };
    } finally {
      for (const socket of sockets.values()) socket.destroy();
      sockets.clear();
      await off.close();
    }
  } finally {
    await backend.stop();
  }
}

const results: EngineResult[] = [await benchEngine('PGlite', undefined)];
const missing = postgresMissing();
if (missing) console.log(`\n[PostgreSQL 15] skipped: ${missing}`);
else {
  const cluster = await startTemporaryPostgres();
  try {
    results.push(await benchEngine('PostgreSQL 15', cluster.url));
  } finally {
    cluster.stop();
  }
}

const ms = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(2));
const col = (values: string[], widths: number[]) => values.map((v, i) => v.padEnd(widths[i])).join('');
const widths = [16, 17, 10, 10, 10, 10, 14, 16];
console.log(`\nLatency (ms, ${SAMPLES} sequential requests each, anon, one kept-alive raw socket; HTTP and SQL with the answer cache off)`);
console.log(col(['engine', 'query', 'HTTP p50', 'HTTP p95', 'SQL p50', 'SQL p95', 'HTTP/SQL p50', 'cache-on p50'], widths));
const missed: string[] = [];
for (const r of results) {
  for (const l of r.latency) {
    const ratio = l.httpP50 / l.sqlP50;
    console.log(col([r.engine, l.name, ms(l.httpP50), ms(l.httpP95), ms(l.sqlP50), ms(l.sqlP95), ratio.toFixed(2), ms(l.cachedP50)], widths));
    if (ratio > BUDGET.ratio) missed.push(`${r.engine} ${l.name} HTTP/SQL ${ratio.toFixed(2)} > ${BUDGET.ratio}`);
  }
}

const loadLine = (l: Load) => `${String(l.reqPerSec).padEnd(8)} ${String(l.p50).padEnd(7)} ${String(l.p99).padEnd(7)} ${l.errors}`;
console.log(`\nLoad: 50 connections, ${LOAD_SECONDS} s, shop pages (req/s = median of per-second counts; latency ms)`);
console.log(`${'engine'.padEnd(16)}${'cache'.padEnd(20)}req/s    p50     p99     errors`);
for (const r of results) {
  console.log(`${r.engine.padEnd(16)}${'on'.padEnd(20)}${loadLine(r.loadOn)}`);
  console.log(`${r.engine.padEnd(16)}${'on, 10 writes/s'.padEnd(20)}${loadLine(r.loadWrites)}`);
  console.log(`${r.engine.padEnd(16)}${'off'.padEnd(20)}${loadLine(r.loadOff)}`);
  for (const l of [r.loadOn, r.loadWrites, r.loadOff]) if (l.errors > 0) missed.push(`${r.engine} ${l.errors} errors under load`);
  if (r.loadOn.reqPerSec < BUDGET.reqPerSec) missed.push(`${r.engine} cache on ${r.loadOn.reqPerSec} req/s < ${BUDGET.reqPerSec}`);
  if (r.loadOn.p99 > BUDGET.p99) missed.push(`${r.engine} cache on p99 ${r.loadOn.p99} ms > ${BUDGET.p99}`);
}

console.log(
  `\nBudgets: cache on ≥ ${BUDGET.reqPerSec} req/s, p99 ≤ ${BUDGET.p99} ms, 0 errors; HTTP/SQL p50 ≤ ${BUDGET.ratio}× (cache off, every engine) → ${missed.length ? `MISSED:\n  ${missed.join('\n  ')}` : 'met'}`,
);
console.log('(Figures are noisy on a shared machine: other processes take CPU from the server and the load generator alike.)');
process.exit(missed.length ? 1 : 0);

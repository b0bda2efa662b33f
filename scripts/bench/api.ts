/**
 * `npm run bench:api` — API latency and throughput at 10,000 products / 40,000 variants.
 * Seeds a temporary in-memory database, then prints, as anon through HTTP: p50/p95 of the shop page
 * (12 rows from product_listing with variant and media embeds, exact count, every filter), product
 * by slug and search; beside them the same SQL statements run in-process (captured from the REST
 * layer, replayed under the same role and claims) and the HTTP/SQL ratio; then requests/s and
 * errors at 50 concurrent connections (autocannon). Exits 1 when a budget is missed.
 * Budgets: shop page p95 ≤ 25 ms, HTTP ≤ 1.5× raw SQL (p50), 0 errors.
 */
import autocannon from 'autocannon';
import { startBackend } from '../../server/start.ts';
import { asRole } from '../../server/context.ts';
import { captureStatements, type CapturedStatement, seedBenchProducts } from './catalogue.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, databaseUrl: undefined }, seed: false });
const { db, config } = backend;
const base = backend.api.url;

console.log(`Seeding ${PRODUCTS} products, ${PRODUCTS * 4} variants…`);
const t0 = performance.now();
await seedBenchProducts(db, PRODUCTS);
console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

const headers = { apikey: config.anonKey };
const shopUrls = ['clothing', 'accessories', 'equipment', 'supplements'].flatMap((category, i) => [
  `/rest/v1/product_listing?select=*,variants(*),media(*)&status=eq.published&category=eq.${category}&min_price=gte.2000&min_price=lte.15000&sizes=cs.%7BM%7D&colors=cs.%7BBlack%7D&in_stock=is.true&order=min_price.asc&offset=${12 * i}&limit=12`,
  `/rest/v1/product_listing?select=*,variants(*),media(*)&status=eq.published&category=eq.${category}&tags=ov.%7Bgym,new%7D&order=created_at.desc&offset=${12 * (i + 1)}&limit=12`,
]);
const cases = [
  { name: 'shop page', urls: shopUrls, headers: { ...headers, prefer: 'count=exact' } },
  {
    name: 'product by slug',
    urls: [17, 523, 2048, 4999, 7771].map((n) => `/rest/v1/products?select=*,variants(*),media(*)&slug=eq.bench-product-${n}&status=eq.published`),
    headers: { ...headers, accept: 'application/vnd.pgrst.object+json' },
  },
  {
    name: 'search',
    urls: ['titan', 'grind hoodie', 'beast', '42'].map(
      (q) => `/rest/v1/products?select=id,slug,title,subtitle,media(url,is_primary)&status=eq.published&or=(title.ilike.%25${encodeURIComponent(q)}%25,subtitle.ilike.%25${encodeURIComponent(q)}%25)&limit=10`,
    ),
    headers,
  },
];

// Capture the statements the REST layer runs for one request, to replay them as raw SQL.
const capture = captureStatements(db);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const rows: string[][] = [];
let failed = false;
for (const c of cases) {
  const statements: CapturedStatement[][] = [];
  for (const url of c.urls) {
    capture.start();
    const res = await fetch(base + url, { headers: c.headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`${c.name}: ${res.status} ${body.slice(0, 300)}`);
    statements.push(capture.stop().filter((s) => !s.sql.includes("set_config('role'")));
  }
  const http: number[] = [];
  const sql: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    const k = i % c.urls.length;
    let t = performance.now();
    const res = await fetch(base + c.urls[k], { headers: c.headers });
    await res.arrayBuffer();
    if (i >= 20) http.push(performance.now() - t);
    t = performance.now();
    await asRole(db, { role: 'anon', iss: 'supabase-demo' }, async (tx) => {
      for (const s of statements[k]) await tx.query(s.sql, s.params);
    });
    if (i >= 20) sql.push(performance.now() - t);
  }
  const ratio = pct(http, 50) / pct(sql, 50);
  rows.push([c.name, pct(http, 50).toFixed(2), pct(http, 95).toFixed(2), pct(sql, 50).toFixed(2), pct(sql, 95).toFixed(2), ratio.toFixed(2)]);
  if (ratio > 1.5) failed = true;
  if (c.name === 'shop page' && pct(http, 95) > 25) failed = true;
}
capture.restore();

console.log(`Latency (ms, ${SAMPLES} sequential requests each, anon, keep-alive)`);
console.log(['query', 'HTTP p50', 'HTTP p95', 'SQL p50', 'SQL p95', 'HTTP/SQL p50'].map((h) => h.padEnd(16)).join(''));
for (const r of rows) console.log(r.map((v) => v.padEnd(16)).join(''));

const load = await autocannon({
  url: base,
  connections: 50,
  duration: LOAD_SECONDS,
  requests: shopUrls.map((path) => ({ method: 'GET', path, headers: { ...headers, prefer: 'count=exact' } })),
});
const errors = load.errors + load.non2xx + load.timeouts;
console.log(`\nLoad: 50 connections, ${LOAD_SECONDS} s, shop pages: ${load.requests.average.toFixed(0)} req/s (median ${load.requests.p50}), latency p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, errors ${errors} (non-2xx ${load.non2xx}, timeouts ${load.timeouts})`);
if (errors > 0) failed = true;

const shop = rows[0];
console.log(`\nBudgets: shop page p95 ${shop[2]} ms (≤ 25) · HTTP/SQL ${rows.map((r) => r[5]).join(' / ')} (≤ 1.5) · errors ${errors} (0) → ${failed ? 'MISSED' : 'met'}`);
await backend.stop();
process.exit(failed ? 1 : 0);


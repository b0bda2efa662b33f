/**
 * `npx tsx scripts/bench/admin-list.ts` — the admin product list (view admin_products) at 10,000
 * products / 40,000 variants, as src/api/admin.ts fetchAdminProducts asks for it: 25 rows ordered
 * by updated_at desc, id with an exact count; with a status filter; with a title-or-SKU search;
 * a deep page. Prints HTTP p50/p95 per query (sequential, keep-alive, signed in as an admin) and
 * the plan of each SQL statement. Runs on in-memory PGlite, or on the Postgres named by
 * DATABASE_URL (`npx tsx scripts/with-postgres.ts npx tsx scripts/bench/admin-list.ts`). Figures
 * are printed, never asserted.
 */
import { randomUUID } from 'node:crypto';
import { asRole } from '../../server/context.ts';
import { signJwt } from '../../server/jwt.ts';
import { startBackend } from '../../server/start.ts';
import { captureStatements, seedBenchProducts } from './catalogue.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const ADMIN_EMAIL = 'bench-admin@example.test';

const backend = await startBackend({
  config: { dataDir: undefined, apiPort: 0, databaseUrl: process.env.DATABASE_URL || undefined, adminEmails: [ADMIN_EMAIL], logRequests: false, housekeepingMs: 0 },
  seed: false,
});
const { db, config } = backend;
const base = backend.api.url;

console.log(`${db.kind}: seeding ${PRODUCTS} products, ${PRODUCTS * 4} variants…`);
const t0 = performance.now();
const adminId = randomUUID();
await db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [adminId, ADMIN_EMAIL]);
await seedBenchProducts(db, PRODUCTS, { scatterUpdatedAt: true });
console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

const claims = { role: 'authenticated', sub: adminId, aud: 'authenticated', email: ADMIN_EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 };
const token = await signJwt(claims, config.jwtSecret);
const headers = { apikey: config.anonKey, authorization: `Bearer ${token}`, prefer: 'count=exact' };
const list = (extra: string, offset = 0) =>
  `/rest/v1/admin_products?select=id,slug,title,status,featured,updated_at,image,total_inventory,variant_count${extra}&order=updated_at.desc,id.asc&offset=${offset}&limit=25`;
const cases = [
  { name: 'first page', url: list('') },
  { name: 'oldest first', url: list('').replace('updated_at.desc', 'updated_at.asc') },
  { name: 'status=draft', url: list('&status=eq.draft') },
  { name: 'status=published', url: list('&status=eq.published') },
  { name: 'search "titan"', url: list(`&or=(title.ilike.*titan*,skus.ilike.*titan*)`) },
  { name: 'search SKU', url: list(`&or=(title.ilike.*BENCH-4242-M*,skus.ilike.*BENCH-4242-M*)`) },
  { name: 'search no match', url: list(`&or=(title.ilike.*zzqx*,skus.ilike.*zzqx*)`) },
  { name: 'page 200', url: list('', 25 * 199) },
];

// Capture the statements the REST layer runs for one request, to explain them.
const capture = captureStatements(db);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const rows: string[][] = [];
const plans: string[] = [];
for (const c of cases) {
  capture.start();
  const first = await fetch(base + c.url, { headers });
  const body = (await first.json()) as unknown[];
  if (!first.ok) throw new Error(`${c.name}: ${first.status} ${JSON.stringify(body).slice(0, 300)}`);
  const statement = capture.stop().find((s) => s.sql.includes('admin_products'));
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 10; i++) {
    const t = performance.now();
    const res = await fetch(base + c.url, { headers });
    await res.arrayBuffer();
    if (i >= 10) times.push(performance.now() - t);
  }
  rows.push([c.name, first.headers.get('content-range') ?? '', String(body.length), pct(times, 50).toFixed(2), pct(times, 95).toFixed(2)]);
  if (statement && process.env.BENCH_PLANS !== '0') {
    const plan = await asRole(db, claims, (tx) => tx.query<Record<string, string>>(`explain (analyze, costs off, timing on) ${statement.sql}`, statement.params));
    plans.push(`── ${c.name}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
}
capture.restore();

console.log(`admin_products at ${PRODUCTS} products (${db.kind}, ms over ${SAMPLES} sequential requests, admin JWT, count=exact)`);
console.log(['query', 'Content-Range', 'rows', 'HTTP p50', 'HTTP p95'].map((h) => h.padEnd(20)).join(''));
for (const r of rows) console.log(r.map((v) => v.padEnd(20)).join(''));
if (process.env.BENCH_PLANS !== '0') console.log(`\n${plans.join('\n\n')}`);
await backend.stop();

/**
 * `npm run bench:import` — the catalogue CSV import (issue 24, ADR 0037) of a 2,000-variant file
 * (500 products × 4 sizes) as the import page does it: the file read in the browser's code
 * (domain/catalogueCsv.ts), then public.import_products over HTTP as an admin — preview, then
 * apply — for a file of new products (2,000 creates) and the same file with every price changed
 * (2,000 updates). Median of 5 runs each (fresh SKUs per run); the budget is preview + apply
 * < 10 s, printed as PASS/FAIL. Runs on in-memory PGlite, then on a temporary PostgreSQL 15
 * (scripts/with-postgres.ts); with DATABASE_URL set, on that database only.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { productsCsv, readProductsCsv, type CatalogueVariant } from '../../domain/catalogueCsv.ts';
import { signJwt } from '../../server/jwt.ts';
import { startBackend } from '../../server/start.ts';

const VARIANTS = Number(process.env.BENCH_VARIANTS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET_MS = 10_000;
const ADMIN_EMAIL = 'bench-import-admin@example.test';
const SIZES = ['S', 'M', 'L', 'XL'];

if (!process.env.DATABASE_URL && !process.env.BENCH_IMPORT_CHILD) {
  await bench();
  console.log('');
  const pg = spawnSync('npx', ['tsx', 'scripts/with-postgres.ts', 'npx', 'tsx', 'scripts/bench/import.ts'], { stdio: 'inherit', env: { ...process.env, BENCH_IMPORT_CHILD: '1' } });
  process.exit(pg.status ?? 1);
} else {
  await bench();
  process.exit(0);
}

async function bench() {
  const backend = await startBackend({
    config: { dataDir: undefined, apiPort: 0, databaseUrl: process.env.DATABASE_URL || undefined, adminEmails: [ADMIN_EMAIL], logRequests: false, housekeepingMs: 0 },
    seed: false,
  });
  const { db, config } = backend;
  const adminId = randomUUID();
  await db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [adminId, ADMIN_EMAIL]);
  await db.query('insert into public.admin_emails (email) values ($1) on conflict do nothing', [ADMIN_EMAIL]);
  const token = await signJwt({ role: 'authenticated', sub: adminId, aud: 'authenticated', email: ADMIN_EMAIL, exp: Math.floor(Date.now() / 1000) + 3600 }, config.jwtSecret);
  const headers = { apikey: config.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const file = (prefix: string, price: number) => {
    const variants: CatalogueVariant[] = Array.from({ length: VARIANTS }, (_, i) => {
      const product = Math.floor(i / SIZES.length);
      return {
        sku: `${prefix}-${product}-${SIZES[i % SIZES.length]}`,
        slug: `${prefix}-product-${product}`,
        title: `Bench product ${product}`,
        titleDe: `Testprodukt ${product}`,
        subtitle: null,
        subtitleDe: null,
        description: `A description of bench product ${product}, with a comma, and "quotes".`,
        descriptionDe: `Beschreibung von Testprodukt ${product}; mit Umlauten: ä ö ü.`,
        metaTitle: null,
        metaDescription: null,
        category: 'clothing',
        status: 'draft',
        featured: false,
        tags: ['bench', 'import'],
        size: SIZES[i % SIZES.length],
        color: 'Black',
        price,
        compareAtPrice: null,
        inventory: i % 7,
        barcode: null,
      };
    });
    return productsCsv(variants, ';');
  };

  const rpc = async (rows: unknown[], apply: boolean) => {
    const res = await fetch(`${backend.api.url}/rest/v1/rpc/import_products`, { method: 'POST', headers, body: JSON.stringify({ items: rows, apply }) });
    const body = (await res.json()) as { counts?: Record<string, number> };
    if (!res.ok) throw new Error(`import_products ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body.counts ?? {};
  };

  /** Read + preview, then apply: the two stages the admin waits for. */
  const once = async (text: string, expect: string) => {
    const t0 = performance.now();
    const read = readProductsCsv(text);
    if (!read.ok) throw new Error(`file refused: ${JSON.stringify(read.problem)}`);
    const rows = read.rows.map((r) => r.payload);
    const planned = await rpc(rows, false);
    const t1 = performance.now();
    const applied = await rpc(rows, true);
    const t2 = performance.now();
    if (planned[expect] !== VARIANTS || applied[expect] !== VARIANTS)
      throw new Error(`expected ${VARIANTS} ${expect}, got ${JSON.stringify(planned)} / ${JSON.stringify(applied)}`);
    return { preview: t1 - t0, apply: t2 - t1 };
  };

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const results: Record<'create' | 'update', { preview: number[]; apply: number[] }> = { create: { preview: [], apply: [] }, update: { preview: [], apply: [] } };
  for (let run = 0; run < RUNS; run++) {
    const prefix = `b${run}${randomUUID().slice(0, 6)}`;
    const created = await once(file(prefix, 2500), 'create');
    results.create.preview.push(created.preview);
    results.create.apply.push(created.apply);
    const updated = await once(file(prefix, 2750), 'update');
    results.update.preview.push(updated.preview);
    results.update.apply.push(updated.apply);
  }

  const bytes = Buffer.byteLength(file('size', 2500));
  console.log(`import of ${VARIANTS} variants (${(bytes / 1024).toFixed(0)} KB file), ${db.kind}, median of ${RUNS} runs`);
  console.log(['file', 'preview ms', 'apply ms', 'total ms', `budget ${BUDGET_MS} ms`].map((h) => h.padEnd(16)).join(''));
  let pass = true;
  for (const kind of ['create', 'update'] as const) {
    const preview = median(results[kind].preview);
    const apply = median(results[kind].apply);
    const ok = preview + apply < BUDGET_MS;
    pass &&= ok;
    console.log([`${VARIANTS} ${kind}s`, preview.toFixed(0), apply.toFixed(0), (preview + apply).toFixed(0), ok ? 'PASS' : 'FAIL'].map((v) => v.padEnd(16)).join(''));
  }
  await backend.stop();
  if (!pass) process.exitCode = 1;
}

/**
 * `npm run bench:pages [-- --no-build] [-- --runs N] [-- --duration S]` — server-rendered pages under
 * load (issue 23), against the storefront as `npm start` serves it (tsx server/main.ts, a fresh
 * temporary data dir, seeded), on the embedded PGlite and on a temporary PostgreSQL 15 (started like
 * scripts/with-postgres.ts; skipped with a line saying so when its binaries are missing).
 * WEB_CONCURRENCY is passed through to the server as it is (workers on PostgreSQL: the server decides).
 *
 * Pages: `/`, `/shop`, a published product (its slug from the REST API) and `/collections`, each in
 * English (`?lang=en`) and German (`?lang=de`): the renderer takes the language from the `lang`
 * parameter before the cookie and Accept-Language (src/entry-server.tsx), so every run asks the same.
 * Requests look like a browser's navigation: Accept text/html, Accept-Encoding gzip/br, no cookie.
 *
 * Per engine and page, 50 connections (autocannon) for --duration seconds (default 10) in three phases:
 *   cold    right after a write that moves the data version (and, for the first page, right after
 *           the start): the first seconds from empty caches;
 *   warm    the same page again straight after;
 *   writes  the same page while a service-role REST PATCH commits once a second (the `updated_at`
 *           of a draft product this benchmark created: invisible on the pages, but it moves the
 *           data version every cache is keyed on).
 * Then one static asset (the main script under /assets/) from the same server, as the ceiling, and
 * the memory: RSS summed over the server process and all its descendants (workers), from /proc.
 *
 * Reported per page and phase: pages/s (median of autocannon's per-second counts), p50 and p99 (ms),
 * errors (connection errors and timeouts, autocannon's `errors`) and non-2xx answers; page:static (warm pages/s ÷ static
 * requests/s) and writes:warm. --runs N (default 3) repeats everything (a fresh server and database
 * each time) and reports the medians of the runs (errors: summed over the runs).
 *
 * Budgets (PASS/MISS per line, exit 1 when one is missed):
 *   PGlite warm, every page: ≥ 1,000 pages/s, p99 ≤ 100 ms, 0 errors and 0 non-2xx;
 *   PostgreSQL warm, all workers: ≥ 1,500 pages/s, aggregated over the 8 pages as the harmonic
 *     mean of their pages/s (the rate of a mix asking each page equally often);
 *   page:static ≥ 0.5 for every page (warm), each engine;
 *   1 write/s: pages/s ≥ 40 % of warm for every page, each engine;
 *   memory (RSS of the server and its children at the end) ≤ 800 MB, each engine.
 * Uses the ports Playwright uses (5173/54321): run it under the e2e lock (flock /tmp/npng-e2e.lock …).
 * The machine may be shared with whatever else runs: figures are noisy, compare runs on a quiet machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { postgresMissing, startTemporaryPostgres } from '../with-postgres.ts';
import { API, buildUnlessSkipped, median, option, publishedSlug, runBench, SITE, show, startServer, stopServer, table } from './server.ts';

/** The local service_role key (server/config.ts LOCAL_SERVICE_ROLE_KEY, the Supabase CLI's well-known demo key). */
const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const CONNECTIONS = 50;
const BUDGET = { pglitePages: 1000, pgliteP99: 100, postgresPages: 1500, staticRatio: 0.5, writeRatio: 0.4, memoryMb: 800 };
const PHASES = ['cold', 'warm', 'writes'] as const;
type Phase = (typeof PHASES)[number];

const RUNS = Number(option('--runs') ?? 3);
const DURATION = Number(option('--duration') ?? 10);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`--runs must be a whole number ≥ 1 (got ${option('--runs')})`);
  process.exit(2);
}
if (!Number.isInteger(DURATION) || DURATION < 1) {
  console.error(`--duration must be a whole number of seconds ≥ 1 (got ${option('--duration')})`);
  process.exit(2);
}

/** What a browser sends when it navigates to a page (no cookie: an anonymous first visit). */
const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'npng-bench-pages',
};

interface Load {
  pagesPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface EngineRun {
  pages: Map<string, Record<Phase, Load>>;
  staticLoad: Load;
  memoryMb: number;
  writesFailed: number;
}

interface Engine {
  name: string;
  env: Record<string, string>;
}

function pagePaths(slug: string): string[] {
  return ['/', '/shop', `/shop/${slug}`, '/collections'].flatMap((path) => [`${path}?lang=en`, `${path}?lang=de`]);
}

/** The app's entry script in the built index.html (the main JS the browser loads first). */
function mainScript(): string {
  const html = readFileSync('dist/index.html', 'utf8');
  const found = /\/assets\/index-[\w-]+\.js/.exec(html)?.[0] ?? /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  if (!found) throw new Error('no /assets/*.js found in dist/index.html');
  return found;
}

/**
 * Each page once before the load: 200, HTML in the asked language, server-rendered (the app's markup
 * in #root). A benchmark of 404 pages or of the plain index.html would measure the wrong thing.
 */
async function checkPages(paths: string[]): Promise<void> {
  for (const path of paths) {
    const res = await fetch(`${SITE}${path}`, { headers: PAGE_HEADERS });
    const html = await res.text();
    const lang = new URLSearchParams(path.split('?')[1]).get('lang');
    if (res.status !== 200) throw new Error(`GET ${path} → ${res.status}`);
    if (!html.includes(`<html lang="${lang}"`)) throw new Error(`GET ${path}: not <html lang="${lang}">`);
    if (html.includes('<div id="root"></div>')) throw new Error(`GET ${path}: not server-rendered (empty #root)`);
  }
}

/**
 * Waits until the server has finished what the last load left open (autocannon stops with 50
 * requests in flight, and a slow server keeps rendering them for seconds): until the static asset
 * answers within 50 ms twice in a row (at most 60 s), so that a phase does not pay for the one before.
 */
async function settle(): Promise<void> {
  const asset = mainScript();
  const deadline = Date.now() + 60_000;
  for (let quick = 0; quick < 2 && Date.now() < deadline; ) {
    const t = performance.now();
    try {
      const res = await fetch(`${SITE}${asset}`, { method: 'HEAD', signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      quick = performance.now() - t < 50 ? quick + 1 : 0;
    } catch {
      quick = 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function load(path: string, headers: Record<string, string>, duration: number): Promise<Load> {
  const r = await autocannon({ url: SITE, connections: CONNECTIONS, duration, requests: [{ method: 'GET', path, headers }] });
  // autocannon's errors include its timeouts (10 s without an answer): not added again.
  return { pagesPerSec: r.requests.p50, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function rest(method: string, path: string, body: unknown, prefer = 'return=minimal'): Promise<Response> {
  return fetch(`${API}/rest/v1/${path}`, {
    method,
    headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': 'application/json', prefer },
    body: JSON.stringify(body),
  });
}

/** A draft product of this run's own: its writes move the data version without changing any page. */
async function createWriteTarget(): Promise<() => Promise<boolean>> {
  const slug = `bench-pages-${Date.now()}`;
  const res = await rest('POST', 'products?select=id', { status: 'draft', category: 'clothing', slug, title: 'Bench pages write target' }, 'return=representation');
  if (!res.ok) throw new Error(`POST /rest/v1/products → ${res.status} ${await res.text()}`);
  const [{ id }] = (await res.json()) as { id: string }[];
  return async () => {
    const patch = await rest('PATCH', `products?id=eq.${id}`, { updated_at: new Date().toISOString() });
    await patch.arrayBuffer();
    return patch.ok;
  };
}

/** The server process tree started by this script (tsx server/main.ts, its node child, any workers): summed VmRSS in MB. */
function serverRssMb(): number {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may contain spaces and parentheses, so split after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
      commands.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      // gone meanwhile
    }
  }
  const roots = [...parents].filter(([pid, ppid]) => ppid === process.pid && commands.get(pid)?.includes('server/main.ts')).map(([pid]) => pid);
  const tree = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let kb = 0;
  for (const pid of tree) {
    try {
      kb += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

async function benchEngine(engine: Engine, run: number): Promise<EngineRun> {
  console.log(`\n── [${engine.name}] run ${run}/${RUNS}: starting tsx server/main.ts on a fresh database`);
  await startServer(engine.env);
  try {
    const slug = await publishedSlug();
    await checkPages(pagePaths(slug));
    const write = await createWriteTarget();
    let writesFailed = 0;
    const writeOnce = () =>
      write().then(
        (ok) => {
          if (!ok) writesFailed++;
        },
        () => {
          writesFailed++;
        },
      );
    const pages = new Map<string, Record<Phase, Load>>();
    for (const path of pagePaths(slug)) {
      // Cold: a write has just moved the data version (for the first page the server has also just started; checkPages asked each page once).
      await settle();
      await writeOnce();
      const cold = await load(path, PAGE_HEADERS, DURATION);
      await settle();
      const warm = await load(path, PAGE_HEADERS, DURATION);
      await settle();
      let writes = 0;
      const timer = setInterval(() => {
        writes++;
        void writeOnce();
      }, 1000);
      const written = await load(path, PAGE_HEADERS, DURATION);
      clearInterval(timer);
      if (writes < DURATION - 1) console.log(`  (only ${writes} writes ran during ${path}'s write phase)`);
      pages.set(path, { cold, warm, writes: written });
      console.log(`  ${path.padEnd(40)} pages/s cold ${cold.pagesPerSec}, warm ${warm.pagesPerSec}, writes ${written.pagesPerSec}`);
    }
    const asset = mainScript();
    await settle();
    const staticLoad = await load(asset, { accept: '*/*', 'accept-encoding': 'gzip, deflate, br' }, DURATION);
    console.log(`  ${asset.padEnd(40)} requests/s ${staticLoad.pagesPerSec}`);
    const memoryMb = serverRssMb();
    console.log(`  memory (RSS, server and children) ${memoryMb.toFixed(0)} MB`);
    if (writesFailed > 0) console.log(`  ${writesFailed} writes failed`);
    return { pages, staticLoad, memoryMb, writesFailed };
  } finally {
    await stopServer();
  }
}

/** The medians of several runs of one figure (errors are summed: one error in any run counts). */
function combine(loads: Load[]): Load {
  const m = (f: (l: Load) => number) => median(loads.map(f)) ?? Number.NaN;
  return {
    pagesPerSec: m((l) => l.pagesPerSec),
    p50: m((l) => l.p50),
    p99: m((l) => l.p99),
    errors: loads.reduce((s, l) => s + l.errors, 0),
    non2xx: loads.reduce((s, l) => s + l.non2xx, 0),
  };
}

const harmonicMean = (xs: number[]) => xs.length / xs.reduce((s, x) => s + 1 / x, 0);
/** a ÷ b, null when b is 0 or unknown (shown as n/a). */
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? a / b : null);

async function main(): Promise<number> {
  if (!buildUnlessSkipped()) return 1;
  // DATABASE_URL empty: PGlite even when this shell has one set (e.g. under scripts/with-postgres.ts).
  const engines: Engine[] = [{ name: 'PGlite', env: { DATABASE_URL: '' } }];
  const missing = postgresMissing();
  if (missing) console.log(`[PostgreSQL 15] skipped: ${missing}`);
  else engines.push({ name: 'PostgreSQL 15', env: {} });
  console.log(
    `bench:pages — ${CONNECTIONS} connections, ${DURATION} s per page and phase, ${RUNS} run(s); WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? '(unset: the server decides)'}`,
  );
  const results = new Map<string, EngineRun[]>(engines.map((e) => [e.name, []]));
  for (let run = 1; run <= RUNS; run++) {
    for (const engine of engines) {
      if (engine.name === 'PGlite') {
        results.get(engine.name)?.push(await benchEngine(engine, run));
        continue;
      }
      // A fresh cluster per run, as PGlite gets a fresh data dir: the server seeds it on start.
      const cluster = await startTemporaryPostgres();
      try {
        results.get(engine.name)?.push(await benchEngine({ ...engine, env: { DATABASE_URL: cluster.url } }, run));
      } finally {
        cluster.stop();
      }
    }
  }

  const missed: string[] = [];
  const verdict = (ok: boolean, line: string) => {
    console.log(`${ok ? 'PASS' : 'MISS'}  ${line}`);
    if (!ok) missed.push(line);
  };
  const budgetLines: (() => void)[] = [];
  for (const [name, runs] of results) {
    const paths = [...runs[0].pages.keys()];
    const staticLoad = combine(runs.map((r) => r.staticLoad));
    const memoryMb = median(runs.map((r) => r.memoryMb)) ?? Number.NaN;
    const rows: string[][] = [];
    const combined = new Map<string, Record<Phase, Load>>();
    for (const path of paths) {
      const byPhase = Object.fromEntries(PHASES.map((phase) => [phase, combine(runs.map((r) => r.pages.get(path)?.[phase] as Load))])) as Record<Phase, Load>;
      combined.set(path, byPhase);
      for (const phase of PHASES) {
        const l = byPhase[phase];
        rows.push([
          phase === 'cold' ? path : '',
          phase,
          show(l.pagesPerSec),
          show(l.p50, 1),
          show(l.p99, 0),
          String(l.errors),
          String(l.non2xx),
          phase === 'warm' ? show(ratio(l.pagesPerSec, staticLoad.pagesPerSec), 2) : '',
          phase === 'writes' ? show(ratio(l.pagesPerSec, byPhase.warm.pagesPerSec), 2) : '',
        ]);
      }
    }
    rows.push([
      mainScript(),
      'static',
      show(staticLoad.pagesPerSec),
      show(staticLoad.p50, 1),
      show(staticLoad.p99, 0),
      String(staticLoad.errors),
      String(staticLoad.non2xx),
      '',
      '',
    ]);
    const warmAll = harmonicMean(paths.map((p) => combined.get(p)?.warm.pagesPerSec ?? Number.NaN));
    console.log(
      `\n${name}: ${CONNECTIONS} connections, ${DURATION} s each, ${runs.length === 1 ? 'one run' : `medians of ${runs.length} runs (errors summed)`}; pages/s = median of per-second counts, latency in ms`,
    );
    console.log(table(['page', 'phase', 'pages/s', 'p50', 'p99', 'errors', 'non-2xx', 'page:static', 'writes:warm'], rows));
    console.log(
      `warm, all pages (harmonic mean = rate of an even mix): ${show(warmAll)} pages/s; memory at the end (RSS, server and children): ${show(memoryMb)} MB; failed writes: ${runs.reduce((s, r) => s + r.writesFailed, 0)}`,
    );

    budgetLines.push(() => {
      if (name === 'PGlite') {
        for (const path of paths) {
          const w = combined.get(path)?.warm as Load;
          verdict(
            w.pagesPerSec >= BUDGET.pglitePages && w.p99 <= BUDGET.pgliteP99 && w.errors + w.non2xx === 0,
            `${name} warm ${path}: ${show(w.pagesPerSec)} pages/s (≥ ${BUDGET.pglitePages}), p99 ${show(w.p99)} ms (≤ ${BUDGET.pgliteP99}), ${w.errors} errors + ${w.non2xx} non-2xx (0)`,
          );
        }
      } else {
        verdict(warmAll >= BUDGET.postgresPages, `${name} warm, all pages (harmonic mean of the 8): ${show(warmAll)} pages/s (≥ ${BUDGET.postgresPages})`);
      }
      const worstStatic = Math.min(...paths.map((p) => ratio(combined.get(p)?.warm.pagesPerSec ?? 0, staticLoad.pagesPerSec) ?? 0));
      verdict(worstStatic >= BUDGET.staticRatio, `${name} page:static, lowest page: ${show(worstStatic, 2)} (≥ ${BUDGET.staticRatio})`);
      const worstWrite = Math.min(...paths.map((p) => ratio(combined.get(p)?.writes.pagesPerSec ?? 0, combined.get(p)?.warm.pagesPerSec ?? 0) ?? 0));
      verdict(worstWrite >= BUDGET.writeRatio, `${name} 1 write/s : warm, lowest page: ${show(worstWrite, 2)} (≥ ${BUDGET.writeRatio})`);
      verdict(memoryMb <= BUDGET.memoryMb, `${name} memory at the end: ${show(memoryMb)} MB (≤ ${BUDGET.memoryMb})`);
    });
  }
  console.log('\nBudgets (issue 23)');
  for (const lines of budgetLines) lines();
  console.log('(Figures are noisy on a shared machine: other processes take CPU from the server and the load generator alike.)');
  return missed.length ? 1 : 0;
}

runBench(main);

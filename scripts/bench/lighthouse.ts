/**
 * `npm run bench:lighthouse [-- --no-build] [-- --runs N] [-- --save DIR]`: Lighthouse scores of the
 * storefront as `npm start` serves it. --save keeps every run's Lighthouse report (JSON) in DIR.
 *
 * 1. Builds (`npm run build`) unless --no-build is given.
 * 2. Starts `tsx server/main.ts` (storefront on :5173, API on :54321) on a fresh temporary DATA_DIR,
 *    which it seeds on first start, and waits until both answer. The server is stopped at the end,
 *    also on errors and Ctrl+C. The ports are the ones Playwright uses: while other work runs e2e
 *    tests on this machine, run the benchmark under the same lock:
 *      flock /tmp/npng-e2e.lock npm run bench:lighthouse
 * 3. Picks a published product through the REST API and audits `/`, `/shop` and `/shop/{slug}`
 *    with Lighthouse's defaults — mobile form factor, simulated throttling (Moto G Power on slow
 *    4G) — categories performance and accessibility, in Debian's Chromium (headless, a fresh
 *    profile per run), N runs per page (default 3).
 * 4. Prints per page the median of each figure over the runs (performance and accessibility
 *    score, LCP, CLS, TBT) and every run's performance score, then one verdict line per budget;
 *    exits 1 when a budget is missed.
 *
 * Budgets (SPEC §9 / issue): performance ≥ 90, accessibility = 100, CLS ≤ 0.05 on every page.
 *
 * Lighthouse 12 (not 13): Lighthouse 13 needs Node 22.19+, the project supports Node 20.19+. Each
 * figure's median is taken on its own over the runs; a run that Lighthouse could not measure
 * (runtimeError) makes the page's figures n/a, which misses the budgets.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

const WEB_PORT = 5173;
const API_PORT = 54321;
const SITE = `http://localhost:${WEB_PORT}`;
const API = `http://localhost:${API_PORT}`;
/** The local anon key (server/config.ts LOCAL_ANON_KEY, the Supabase CLI's well-known demo key). */
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const BUDGETS = { performance: 90, accessibility: 100, cls: 0.05 } as const;
const START_TIMEOUT_MS = 120_000;

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i !== -1) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}
const RUNS = Number(option('--runs') ?? 3);
const SAVE_DIR = option('--save');
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`--runs must be a whole number ≥ 1 (got ${option('--runs')})`);
  process.exit(2);
}

// ── The server ───────────────────────────────────────────────────────────────────────────────

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/** Stops the server (its whole process group) and removes the temporary database. */
function cleanUp() {
  if (server?.pid && server.exitCode === null && server.signalCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/** Stops the server and waits for it (it closes the database on SIGTERM), then removes the data. */
async function stopServer(): Promise<void> {
  const child = server;
  if (child?.pid && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  }
  cleanUp();
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function answers(url: string, headers: Record<string, string> = {}): Promise<boolean> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function startServer(): Promise<void> {
  for (const port of [WEB_PORT, API_PORT]) {
    if (await portInUse(port)) {
      throw new Error(
        `port ${port} is already in use (npm start, or a Playwright run?). Stop it, and run the benchmark under the e2e lock: flock /tmp/npng-e2e.lock npm run bench:lighthouse`,
      );
    }
  }
  dataDir = mkdtempSync(join(tmpdir(), 'npng-lighthouse-'));
  const log = join(dataDir, 'server.log');
  const out = openSync(log, 'a');
  server = spawn(join('node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    env: { ...process.env, DATA_DIR: join(dataDir, 'db'), PORT: String(WEB_PORT), API_PORT: String(API_PORT) },
    stdio: ['ignore', out, out],
    detached: true,
  });
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${readFileSync(log, 'utf8').slice(-3000)}`);
    if (
      (await answers(`${SITE}/`)) &&
      (await answers(`${API}/rest/v1/products?select=id&limit=1`, { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` }))
    ) {
      return;
    }
    if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${readFileSync(log, 'utf8').slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function publishedSlug(): Promise<string> {
  const res = await fetch(`${API}/rest/v1/products?select=slug&status=eq.published&order=created_at.desc,id&limit=1`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` },
  });
  if (!res.ok) throw new Error(`GET /rest/v1/products → ${res.status} ${await res.text()}`);
  const rows = (await res.json()) as { slug: string }[];
  if (!rows[0]) throw new Error('the catalogue has no published product');
  return rows[0].slug;
}

// ── Lighthouse ───────────────────────────────────────────────────────────────────────────────

type Run = { performance: number | null; accessibility: number | null; lcp: number | null; cls: number | null; tbt: number | null; error?: string };

async function audit(url: string, saveAs?: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr, null, 1));
    const score = (id: string) => (typeof lhr.categories[id]?.score === 'number' ? Math.round((lhr.categories[id].score as number) * 100) : null);
    const value = (id: string) => (typeof lhr.audits[id]?.numericValue === 'number' ? (lhr.audits[id].numericValue as number) : null);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcp: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbt: value('total-blocking-time'),
      error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    };
  } finally {
    await chrome.kill();
  }
}

function median(values: (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (xs.length === 0 || xs.length < values.length) return null; // a failed run makes the figure unknown
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const show = (v: number | null, digits = 0, unit = '') => (v === null ? 'n/a' : `${v.toFixed(digits)}${unit}`);

async function main(): Promise<number> {
  const t0 = Date.now();
  if (SAVE_DIR) mkdirSync(SAVE_DIR, { recursive: true });
  if (!process.argv.includes('--no-build')) {
    console.log('── npm run build');
    const r = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
    if (r.status !== 0) {
      console.error('build failed');
      return r.status ?? 1;
    }
  } else if (!existsSync('dist/index.html')) {
    console.error('dist/index.html missing: run `npm run build` first (or drop --no-build)');
    return 1;
  }

  console.log('── starting tsx server/main.ts on a fresh database');
  await startServer();
  const slug = await publishedSlug();
  const pages = [
    { name: '/', url: `${SITE}/` },
    { name: '/shop', url: `${SITE}/shop` },
    { name: `/shop/${slug}`, url: `${SITE}/shop/${slug}` },
  ];
  console.log(`── Lighthouse (mobile, simulated throttling), ${RUNS} run${RUNS === 1 ? '' : 's'} per page\n`);

  const results: { name: string; runs: Run[] }[] = [];
  for (const page of pages) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const saveAs = SAVE_DIR && join(SAVE_DIR, `${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${i + 1}.json`);
      const run = await audit(page.url, saveAs);
      runs.push(run);
      console.log(`${page.name} run ${i + 1}: performance ${show(run.performance)}, accessibility ${show(run.accessibility)}${run.error ? ` — ${run.error}` : ''}`);
    }
    results.push({ name: page.name, runs });
  }

  const summary = results.map(({ name, runs }) => ({
    name,
    performance: median(runs.map((r) => r.performance)),
    accessibility: median(runs.map((r) => r.accessibility)),
    lcp: median(runs.map((r) => r.lcp)),
    cls: median(runs.map((r) => r.cls)),
    tbt: median(runs.map((r) => r.tbt)),
    runs: runs.map((r) => show(r.performance)).join(' '),
  }));
  console.log(`\nMedians of ${RUNS} run${RUNS === 1 ? '' : 's'}\n`);
  console.log(
    table(
      ['page', 'performance', 'accessibility', 'LCP', 'CLS', 'TBT', 'runs (performance)'],
      summary.map((s) => [s.name, show(s.performance), show(s.accessibility), show(s.lcp && s.lcp / 1000, 2, ' s'), show(s.cls, 3), show(s.tbt, 0, ' ms'), s.runs]),
    ),
  );

  const verdicts = [
    { budget: `performance ≥ ${BUDGETS.performance}`, ok: (s: (typeof summary)[number]) => s.performance !== null && s.performance >= BUDGETS.performance, value: (s: (typeof summary)[number]) => show(s.performance) },
    { budget: `accessibility = ${BUDGETS.accessibility}`, ok: (s: (typeof summary)[number]) => s.accessibility === BUDGETS.accessibility, value: (s: (typeof summary)[number]) => show(s.accessibility) },
    { budget: `CLS ≤ ${BUDGETS.cls}`, ok: (s: (typeof summary)[number]) => s.cls !== null && s.cls <= BUDGETS.cls, value: (s: (typeof summary)[number]) => show(s.cls, 3) },
  ];
  console.log('');
  let missed = false;
  for (const v of verdicts) {
    const failing = summary.filter((s) => !v.ok(s));
    missed ||= failing.length > 0;
    const detail = summary.map((s) => `${s.name} ${v.value(s)}`).join(', ');
    console.log(`${failing.length ? 'MISSED' : 'OK    '}  ${v.budget.padEnd(18)} ${detail}${failing.length ? ` (missed on ${failing.map((s) => s.name).join(', ')})` : ''}`);
  }
  console.log(`\n${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
  return missed ? 1 : 0;
}

main()
  .catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    return 1;
  })
  .then(async (code) => {
    await stopServer();
    process.exit(code);
  });

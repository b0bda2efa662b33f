/**
 * `npm run bench:start [-- --runs N]`: how long `npm start` takes, on an unchanged checkout, from
 * spawning it to the storefront's first 200 answer for `/` (port 5173).
 *
 * 1. Makes dist/ up to date first (`tsx scripts/start.ts --build-only`, not timed), so every timed
 *    start finds the build current — the issue's case: an unchanged checkout.
 * 2. N times (default 3), on a fresh temporary DATA_DIR: `npm start` on it (the first start of a data
 *    dir creates, migrates and seeds the database), stopped with Ctrl+C (SIGINT to its process
 *    group, as a terminal sends it); then `npm start` again on the same, now existing, data dir.
 *    Each start is timed to the first 200 of GET / on :5173, polled every 25 ms, and split into
 *    phases from the moments its output lines arrive: npm + tsx up to the build check's line,
 *    then the server's own work up to its banner, then up to the first 200.
 * 3. Prints every run, the medians and one budget line per case (≤ 5 s); exits 1 when the
 *    existing-data-dir case (every start but a shop's very first) misses it.
 * 4. Then, where a fresh data dir's server start goes, timed in this process (the steps of
 *    server/start.ts's startBackend on a temporary DATA_DIR, API on a free port): loading the
 *    server's modules, PGlite creating the data dir (initdb), the shim and migrations, the API
 *    listening, each step of the seed (server/seed/seedCatalogue.ts's own log lines) and the
 *    closing VACUUM ANALYZE; then the same data dir opened again.
 *
 * Binds 5173 and 54321, like Playwright: run it under the e2e lock,
 *   flock /tmp/npng-e2e.lock npm run bench:start
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, option, portInUse, show, table } from './server.ts';

const WEB_PORT = 5173;
const API_PORT = 54321;
const SITE = `http://localhost:${WEB_PORT}`;
const BUDGET_MS = 5000;
const START_TIMEOUT_MS = 180_000;
const RUNS = Number(option('--runs') ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`--runs must be a whole number ≥ 1 (got ${option('--runs')})`);
  process.exit(2);
}

interface Start {
  /** Spawn → first 200 of GET /. */
  total: number;
  /** Spawn → scripts/start.ts's "build up to date" line (npm, tsx, the fingerprint). */
  buildCheck: number | null;
  /** Spawn → the server's banner (database open, migrated, seeded; API and storefront listening). */
  banner: number | null;
  /** What the server says about its own start ("ready in 1.2 s"), seconds. */
  readyIn: number | null;
  seeded: boolean;
  /** The build check's line, to show that no build ran. */
  checkLine: string;
}

let current: ChildProcess | undefined;
const dataDirs = new Set<string>();

function cleanUp() {
  if (current?.pid && current.exitCode === null && current.signalCode === null) {
    try {
      process.kill(-current.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

async function ok(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Spawns `npm start` on `dataDir`, waits for GET / → 200, then stops it with SIGINT and waits. */
async function timedStart(dataDir: string): Promise<Start> {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(WEB_PORT), API_PORT: String(API_PORT) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  current = child;
  const result: Start = { total: 0, buildCheck: null, banner: null, readyIn: null, seeded: false, checkLine: '' };
  let output = '';
  const onData = (chunk: Buffer) => {
    const at = performance.now() - t0;
    output += chunk.toString('utf8');
    if (result.buildCheck === null && /^(build up to date|sources changed)/m.test(output)) {
      result.buildCheck = at;
      result.checkLine = /^(build up to date.*|sources changed.*)$/m.exec(output)?.[1] ?? '';
    }
    const ready = /ready in ([\d.]+) s/.exec(output);
    if (result.banner === null && ready) {
      result.banner = at;
      result.readyIn = Number(ready[1]);
      result.seeded = output.includes('fresh database, seeded');
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output.slice(-3000)}`);
    if (await ok(`${SITE}/`)) break;
    if (performance.now() - t0 > START_TIMEOUT_MS) throw new Error(`no 200 from ${SITE}/ within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  result.total = performance.now() - t0;

  // Ctrl+C, as a terminal sends it: SIGINT to the whole process group.
  if (child.pid) process.kill(-child.pid, 'SIGINT');
  const timer = setTimeout(() => {
    console.error('  npm start did not stop within 15 s of Ctrl+C: killing it');
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  }, 15_000);
  const code = await exited;
  clearTimeout(timer);
  current = undefined;
  if (!/finishing in-flight requests, closing the database/.test(output)) {
    console.error(`  npm start exited (${code}) without the server's shutdown line:\n${output.slice(-1500)}`);
  }
  return result;
}

const secs = (ms: number | null) => show(ms === null ? null : ms / 1000, 2, ' s');

/** The steps of a fresh data dir's start (server/start.ts), each timed, in this process. */
async function freshStartPhases(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'npng-bench-phases-'));
  dataDirs.add(dir);
  let last = performance.now();
  const lap = (what: string) => {
    const now = performance.now();
    console.log(`  ${((now - last) / 1000).toFixed(2).padStart(6)} s  ${what}`);
    last = now;
  };
  const { loadConfig } = await import('../../server/config.ts');
  const { openDatabase } = await import('../../server/db/index.ts');
  const { migrate } = await import('../../server/db/migrate.ts');
  const { startApiServer } = await import('../../server/app.ts');
  const { seedCatalogue } = await import('../../server/seed/seedCatalogue.ts');
  lap('loading the server modules (tsx)');
  const config = loadConfig({ ...process.env, DATA_DIR: join(dir, 'db'), API_PORT: '0', DATABASE_URL: '' });
  let db = await openDatabase({ dataDir: config.dataDir });
  lap('PGlite creating the data dir (initdb)');
  await migrate(db);
  lap('shim + migrations');
  mkdirSync(join(dir, 'db', 'storage'), { recursive: true });
  const api = await startApiServer({ config, db, storageDir: join(dir, 'db', 'storage') });
  lap('API listening');
  await seedCatalogue({
    url: api.context.internalUrl(),
    serviceRoleKey: config.serviceRoleKey,
    anonKey: config.anonKey,
    publicUrl: config.apiUrl,
    log: (message) => lap(`seed: ${message.length > 70 ? `${message.slice(0, 70)}…` : message}`),
  });
  lap('seed: summary');
  await db.exec('vacuum analyze');
  lap('VACUUM ANALYZE');
  await api.close();
  await db.close();
  lap('closing');
  db = await openDatabase({ dataDir: config.dataDir });
  lap('PGlite opening the existing data dir');
  await migrate(db);
  lap('migrations (none to apply)');
  await db.close();
  rmSync(dir, { recursive: true, force: true });
  dataDirs.delete(dir);
}

async function main(): Promise<number> {
  const t0 = Date.now();
  console.log('── making dist/ up to date (not timed): tsx scripts/start.ts --build-only');
  const build = spawnSync(join('node_modules', '.bin', 'tsx'), ['scripts/start.ts', '--build-only'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('build failed');
    return 1;
  }
  for (const port of [WEB_PORT, API_PORT]) {
    if (await portInUse(port)) {
      console.error(`port ${port} is already in use (npm start, or a Playwright run?). Stop it, and run under the e2e lock: flock /tmp/npng-e2e.lock npm run bench:start`);
      return 1;
    }
  }

  console.log(`── npm start, ${RUNS} run${RUNS === 1 ? '' : 's'}: a fresh DATA_DIR, then the same one again\n`);
  const runs: { fresh: Start; existing: Start }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'npng-bench-start-'));
    dataDirs.add(dir);
    const dataDir = join(dir, 'db');
    const fresh = await timedStart(dataDir);
    const existing = await timedStart(dataDir);
    rmSync(dir, { recursive: true, force: true });
    dataDirs.delete(dir);
    runs.push({ fresh, existing });
    for (const [name, s] of [
      ['fresh data dir   ', fresh],
      ['existing data dir', existing],
    ] as const) {
      console.log(
        `run ${i + 1} ${name}: first 200 of / after ${secs(s.total)} — build check ${secs(s.buildCheck)}, server banner ${secs(s.banner)} (server says ready in ${show(s.readyIn, 1, ' s')}${s.seeded ? ', seeded' : ''}) — "${s.checkLine}"`,
      );
    }
  }

  const phases = (pick: (r: (typeof runs)[number]) => Start) => {
    const starts = runs.map(pick);
    const m = (f: (s: Start) => number | null) => median(starts.map(f));
    const check = m((s) => s.buildCheck);
    const banner = m((s) => s.banner);
    const total = m((s) => s.total);
    return {
      total,
      row: [
        secs(total),
        secs(check),
        secs(banner !== null && check !== null ? banner - check : null),
        secs(total !== null && banner !== null ? total - banner : null),
        starts.map((s) => (s.total / 1000).toFixed(2)).join(' '),
      ],
    };
  };
  const fresh = phases((r) => r.fresh);
  const existing = phases((r) => r.existing);
  console.log(`\nMedians of ${RUNS} (phases: spawn → build-check line → server banner → first 200)\n`);
  console.log(
    table(
      ['case', 'first 200 of /', 'npm + tsx + build check', 'server start', 'banner → 200', 'runs (s)'],
      [
        ['existing data dir', ...existing.row],
        ['fresh data dir (seeds)', ...fresh.row],
      ],
    ),
  );
  console.log('');
  const verdict = (name: string, total: number | null) => {
    const met = total !== null && total <= BUDGET_MS;
    console.log(`${met ? 'OK    ' : 'MISSED'}  first page ≤ ${BUDGET_MS / 1000} s, ${name}: ${secs(total)}`);
    return met;
  };
  const existingOk = verdict('unchanged checkout, existing data dir', existing.total);
  verdict('unchanged checkout, fresh data dir (first start: seeds the shop)', fresh.total);

  console.log("\nWhere a fresh data dir's server start goes (one run, in this process):");
  await freshStartPhases();
  console.log(`\n${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
  return existingOk ? 0 : 1;
}

main()
  .catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    return 1;
  })
  .then((code) => {
    cleanUp();
    process.exit(code);
  });

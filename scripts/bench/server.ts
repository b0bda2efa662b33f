/**
 * What the browser benchmarks share: the storefront as `npm start` serves it (tsx server/main.ts on
 * a fresh temporary database, seeded on first start), a build step, medians and a plain table.
 * The ports are the ones Playwright uses: while other work runs e2e tests on this machine, run a
 * benchmark under the same lock (flock /tmp/npng-e2e.lock npm run bench:…).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { SEED_USERS } from '../../server/seed/users.ts';

const WEB_PORT = 5173;
const API_PORT = 54321;
export const SITE = `http://localhost:${WEB_PORT}`;
export const API = `http://localhost:${API_PORT}`;
/** The local anon key (server/config.ts LOCAL_ANON_KEY, the Supabase CLI's well-known demo key). */
export const ANON_KEY = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const START_TIMEOUT_MS = 120_000;

export function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i !== -1) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** `npm run build` unless --no-build was given (then dist/ must exist); false when it failed. */
export function buildUnlessSkipped(): boolean {
  if (!process.argv.includes('--no-build')) {
    console.log('── npm run build');
    const r = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
    if (r.status !== 0) {
      console.error('build failed');
      return false;
    }
  } else if (!existsSync('dist/index.html')) {
    console.error('dist/index.html missing: run `npm run build` first (or drop --no-build)');
    return false;
  }
  return true;
}

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
export async function stopServer(): Promise<void> {
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

/** Whether something already listens on this local port (another server, a Playwright run). */
export function portInUse(port: number): Promise<boolean> {
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

export async function startServer(env: Record<string, string> = {}): Promise<void> {
  for (const port of [WEB_PORT, API_PORT]) {
    if (await portInUse(port)) {
      throw new Error(
        `port ${port} is already in use (npm start, or a Playwright run?). Stop it, and run the benchmark under the e2e lock: flock /tmp/npng-e2e.lock npm run bench:…`,
      );
    }
  }
  dataDir = mkdtempSync(join(tmpdir(), 'npng-bench-'));
  const log = join(dataDir, 'server.log');
  const out = openSync(log, 'a');
  server = spawn(join('node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    // DEV_ROUTES as `npm start` sets it: the storefront asks /_dev/geo, the checkout pays on /_dev/checkout.
    env: { ...process.env, DATA_DIR: join(dataDir, 'db'), PORT: String(WEB_PORT), API_PORT: String(API_PORT), DEV_ROUTES: 'true', ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${readFileSync(log, 'utf8').slice(-3000)}`);
    if ((await answers(`${SITE}/`)) && (await answers(`${API}/rest/v1/products?select=id&limit=1`, { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` }))) {
      return;
    }
    if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${readFileSync(log, 'utf8').slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function publishedSlug(): Promise<string> {
  const res = await fetch(`${API}/rest/v1/products?select=slug&status=eq.published&order=created_at.desc,id&limit=1`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` },
  });
  if (!res.ok) throw new Error(`GET /rest/v1/products → ${res.status} ${await res.text()}`);
  const rows = (await res.json()) as { slug: string }[];
  if (!rows[0]) throw new Error('the catalogue has no published product');
  return rows[0].slug;
}

export function median(values: (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (xs.length === 0 || xs.length < values.length) return null; // a failed run makes the figure unknown
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2;
}

export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const show = (v: number | null, digits = 0, unit = '') => (v === null ? 'n/a' : `${v.toFixed(digits)}${unit}`);

/** Runs a benchmark's main, then stops the server whatever happened, and exits with its code. */
export function runBench(main: () => Promise<number>): void {
  main()
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      return 1;
    })
    .then(async (code) => {
      await stopServer();
      process.exit(code);
    });
}

/** The seed admin signs in through /auth once; a benchmark starts every run from that browser state. */
export async function signedInAdminState(browser: Browser): Promise<string> {
  const admin = SEED_USERS.find((u) => u.label === 'admin')!;
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${SITE}/auth`);
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(admin.email);
  await form.getByLabel('Password', { exact: true }).fill(admin.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${SITE}/`, { timeout: 20_000 });
  await page.getByText('Welcome back!').first().waitFor();
  const state = JSON.stringify(await context.storageState());
  await context.close();
  return state;
}

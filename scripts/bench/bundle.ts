/**
 * `npm run bench:bundle [-- --no-build]`: how much JavaScript the storefront ships.
 *
 * 1. Builds (`npm run build`, with hidden source maps so every chunk's modules are known) unless
 *    --no-build is given.
 * 2. Serves dist/ and opens `/` in Chromium, recording every JS file the page loads (no API is
 *    needed: failed API calls don't change which code loads); prints raw and gzip size of each.
 * 3. Prints every route chunk (the manifest's dynamic entries) with its own gzip size and what it
 *    adds on top of `/`.
 * 4. Checks the budget (SPEC/issue: ≤ 170 KB gzip of JS for `/`; account, orders, checkout and admin
 *    code split off) and exits 1 when it is missed.
 *
 * Sizes are gzip level 9 of the files in dist/, in KB of 1,024 bytes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { startWebServer } from '../../server/web.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

const DIST = 'dist';
/** The repository root: source paths are reported relative to it (src/app/App.tsx). */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUDGET_KB = 170;
/** Code that must not load for `/`: the account, orders, checkout and admin code (paths are prefixes). */
const SPLIT_OFF = [
  { name: 'account', dir: 'src/features/account/' },
  { name: 'orders', dir: 'src/features/orders/' },
  { name: 'order machines', dir: 'machines/order' },
  { name: 'orders API', dir: 'src/api/orders.ts' },
  { name: 'checkout machine', dir: 'machines/checkoutMachine.ts' },
  { name: 'checkout API', dir: 'src/api/checkout.ts' },
  { name: 'functions client', dir: 'node_modules/@supabase/functions-js/' },
  { name: 'admin', dir: 'src/features/admin/' },
  { name: 'admin API', dir: 'src/api/admin.ts' },
  { name: 'admin machines', dir: 'machines/admin' },
  { name: 'product form machine', dir: 'machines/productFormMachine.ts' },
  { name: 'review moderation machine', dir: 'machines/reviewModerationMachine.ts' },
  { name: 'storage client', dir: 'node_modules/@supabase/storage-js/' },
] as const;

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipCache = new Map<string, { raw: number; gzip: number }>();
/** Raw and gzip size of a file in dist/ (path relative to dist, e.g. assets/index-abc.js). */
function sizes(file: string): { raw: number; gzip: number } {
  let s = gzipCache.get(file);
  if (!s) {
    const bytes = readFileSync(join(DIST, file));
    s = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    gzipCache.set(file, s);
  }
  return s;
}

function table(head: string[], rows: string[][], align: ('l' | 'r')[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(head), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The JS files (relative to dist/) that loading `/` fetches. */
async function jsLoadedForRoot(): Promise<string[]> {
  const port = await freePort();
  const web = await startWebServer({ dir: DIST, port, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const files = new Set<string>();
  try {
    const page = await browser.newPage();
    page.on('response', (res) => {
      const url = new URL(res.url());
      const type = res.headers()['content-type'] ?? '';
      if (url.origin === web.url && res.ok() && (type.includes('javascript') || url.pathname.endsWith('.js'))) files.add(url.pathname.replace(/^\//, ''));
    });
    await page.goto(`${web.url}/`, { waitUntil: 'load' });
    // Lazy screens and shell parts (home, footer newsletter, cart drawer, toasts) load right after.
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    await page.getByRole('banner').waitFor({ timeout: 15_000 }).catch(() => {
      console.warn('warning: the header never rendered; the figures cover only what loaded');
    });
    await page.waitForTimeout(500);
  } finally {
    await browser.close();
    await web.close();
  }
  return [...files].sort();
}

/** Source modules per chunk, from hidden source maps (dist/assets/*.js.map), when present. */
function modulesFromSourceMaps(): Map<string, string[]> | undefined {
  const dir = join(DIST, 'assets');
  const maps = readdirSync(dir).filter((f) => f.endsWith('.js.map'));
  if (maps.length === 0) return undefined;
  const modules = new Map<string, string[]>();
  for (const map of maps) {
    const { sources = [] } = JSON.parse(readFileSync(join(dir, map), 'utf8')) as { sources?: string[] };
    // Sources are relative to the map: ../../src/app/App.tsx → src/app/App.tsx.
    const normalised = sources.map((s) => relative(ROOT, resolve(dir, s)).split('\\').join('/'));
    modules.set(`assets/${map.slice(0, -'.map'.length)}`, normalised);
  }
  return modules;
}

function removeSourceMaps() {
  const dir = join(DIST, 'assets');
  for (const f of readdirSync(dir)) if (f.endsWith('.js.map')) rmSync(join(dir, f));
}

/** Static imports of a chunk, transitively (manifest keys). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  for (const dep of manifest[key]?.imports ?? []) {
    if (!seen.has(dep)) {
      seen.add(dep);
      staticClosure(manifest, dep, seen);
    }
  }
  return seen;
}

async function main() {
  const build = !process.argv.includes('--no-build');
  if (build) {
    console.log('── npm run build (with hidden source maps for the module lists)');
    const r = spawnSync('npm', ['run', '--silent', 'build', '--', '--sourcemap', 'hidden'], { stdio: 'inherit' });
    if (r.status !== 0) {
      console.error('build failed');
      process.exit(r.status ?? 1);
    }
  }
  const manifestPath = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(join(DIST, 'index.html')) || !existsSync(manifestPath)) {
    console.error(`${DIST}/index.html or ${manifestPath} missing: run \`npm run build\` first (or drop --no-build)`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const modules = modulesFromSourceMaps();
  // Hidden maps are only for this analysis: the served storefront doesn't carry them.
  if (build && modules) removeSourceMaps();

  // (a) What `/` loads.
  const loaded = await jsLoadedForRoot();
  const loadedSet = new Set(loaded);
  const label = (file: string) => {
    const chunk = manifest[keyOfFile.get(file) ?? ''];
    return chunk?.src ?? chunk?.name ?? '';
  };
  let totalRaw = 0;
  let totalGzip = 0;
  const rows = loaded.map((file) => {
    const s = sizes(file);
    totalRaw += s.raw;
    totalGzip += s.gzip;
    return [file, label(file), kb(s.raw), kb(s.gzip)];
  });
  rows.push(['total', `${loaded.length} files`, kb(totalRaw), kb(totalGzip)]);
  console.log('\nJavaScript loaded for /\n');
  console.log(table(['file', 'chunk', 'raw KB', 'gzip KB'], rows, ['l', 'l', 'r', 'r']));

  // (b) Route chunks: the dynamic entries, each on its own and with what it adds to `/`.
  const dynamic = Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry)
    .sort(([a], [b]) => a.localeCompare(b));
  const routeRows = dynamic.map(([key, chunk]) => {
    const own = sizes(chunk.file).gzip;
    const extra = [key, ...staticClosure(manifest, key)]
      .map((k) => manifest[k]?.file)
      .filter((f): f is string => !!f && f.endsWith('.js') && !loadedSet.has(f))
      .reduce((sum, f) => sum + sizes(f).gzip, 0);
    return [chunk.name ?? '', chunk.src ?? key, chunk.file, kb(own), kb(extra), loadedSet.has(chunk.file) ? 'yes' : ''];
  });
  console.log('\nRoute chunks (dynamic entries)\n');
  console.log(table(['name', 'source', 'file', 'gzip KB', 'adds to / KB', 'on /'], routeRows, ['l', 'l', 'l', 'r', 'r', 'l']));

  // (c) The budget.
  const results: { ok: boolean; text: string }[] = [];
  results.push({ ok: totalGzip / 1024 <= BUDGET_KB, text: `JS for /: ${kb(totalGzip)} KB gzip (budget ≤ ${BUDGET_KB} KB)` });
  for (const { name, dir } of SPLIT_OFF) {
    const inManifest = Object.values(manifest).filter((c) => c.src?.startsWith(dir));
    let offenders: string[];
    let how: string;
    if (modules) {
      // Exact: every source module of every chunk loaded for `/`.
      offenders = loaded.flatMap((file) => (modules.get(file) ?? []).filter((m) => m.startsWith(dir)).map((m) => `${m} in ${file}`));
      how = 'source maps';
    } else {
      // From the manifest: a loaded chunk that is one of these screens, or only they import.
      const importers = (key: string) => Object.entries(manifest).filter(([, c]) => c.imports?.includes(key) || c.dynamicImports?.includes(key));
      const isTheirs = (c: ManifestChunk | undefined) => !!c?.src?.startsWith(dir);
      offenders = loaded.filter((file) => {
        const key = keyOfFile.get(file);
        if (!key) return false;
        if (isTheirs(manifest[key])) return true;
        const by = importers(key);
        return by.length > 0 && by.every(([, c]) => isTheirs(c));
      });
      how = 'manifest';
    }
    const splitInto = inManifest.filter((c) => c.isDynamicEntry).map((c) => c.file);
    if (offenders.length > 0) {
      results.push({ ok: false, text: `${name} code (${dir}) is loaded for /: ${offenders.join(', ')}` });
    } else if (inManifest.length === 0 && !(modules && [...modules.values()].some((ms) => ms.some((m) => m.startsWith(dir))))) {
      results.push({ ok: true, text: `${name} code (${dir}): none in the build yet, so none loaded for / (checked by ${how})` });
    } else {
      results.push({ ok: true, text: `${name} code (${dir}) not loaded for /: split into ${splitInto.join(', ') || 'chunks not loaded by /'} (checked by ${how})` });
    }
  }
  if (modules) {
    const features = new Set(loaded.flatMap((file) => (modules.get(file) ?? []).map((m) => /^src\/features\/([^/]+)\//.exec(m)?.[1]).filter((f): f is string => !!f)));
    console.log(`\nFeature code loaded for /: ${[...features].sort().join(', ') || 'none'}`);
  }
  console.log('\nBudget\n');
  for (const r of results) console.log(`${r.ok ? 'PASS  ' : 'MISSED'}  ${r.text}`);
  if (!modules) console.log('\n(no source maps in dist: module checks used the manifest; run without --no-build for exact module lists)');
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

await main();

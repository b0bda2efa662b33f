/**
 * `npm run bench:bundle [-- --no-build]`: how much JavaScript the storefront ships.
 *
 * 1. Builds (`npm run build`, then the browser build once more with hidden source maps into a
 *    temporary folder, so every chunk's modules are known) unless --no-build is given.
 * 2. Serves dist/ and opens `/` in Chromium, recording every JS file the page loads (no API is
 *    needed: failed API calls don't change which code loads); prints raw and gzip size of each.
 * 3. Prints every route chunk (the manifest's dynamic entries) with its own gzip size and what it
 *    adds on top of `/`.
 * 4. With source maps: the modules and packages that weigh most in what `/` loads (each chunk's
 *    gzip size shared out over its modules, see moduleSizes).
 * 5. Checks the budget (issue 12: ≤ 130 KB gzip of JS for `/`; account, orders, checkout, admin and
 *    the Supabase auth client split off) and exits 1 when it is missed.
 *
 * `--dist <dir>` measures another directory than dist/ (and, unless --no-build, builds only the
 * browser code into it, with its source maps), so an analysis does not overwrite the build others
 * serve. Sizes are gzip level 9 of the built files, in KB of 1,024 bytes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { startWebServer } from '../../server/web.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

const DIST = (() => {
  const at = process.argv.indexOf('--dist');
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : 'dist';
})();
/** The repository root: source paths are reported relative to it (src/app/App.tsx). */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUDGET_KB = 130;
/** How many of the largest modules loaded for `/` are listed. */
const TOP_MODULES = Number(process.env.BENCH_TOP_MODULES ?? 20);
/** Code that must not load for `/`: the account, orders, checkout, admin and auth code (paths are prefixes). */
const SPLIT_OFF = [
  { name: 'account', dir: 'src/features/account/' },
  { name: 'orders', dir: 'src/features/orders/' },
  { name: 'order machines', dir: 'machines/order' },
  { name: 'order rules', dir: 'domain/order' },
  { name: 'checkout rules', dir: 'domain/checkout.ts' },
  { name: 'shipping rules', dir: 'domain/shipping.ts' },
  { name: 'VAT rules', dir: 'domain/vat.ts' },
  { name: 'address rules', dir: 'domain/address.ts' },
  { name: 'orders API', dir: 'src/api/orders.ts' },
  { name: 'checkout machine', dir: 'machines/checkoutMachine.ts' },
  { name: 'checkout API', dir: 'src/api/checkout.ts' },
  { name: 'functions client', dir: 'node_modules/@supabase/functions-js/' },
  { name: 'admin', dir: 'src/features/admin/' },
  { name: 'admin API', dir: 'src/api/admin.ts' },
  { name: 'admin machines', dir: 'machines/admin' },
  { name: 'admin rules', dir: 'domain/admin' },
  { name: 'product form rules', dir: 'domain/product' },
  { name: 'refund rules', dir: 'domain/refunds.ts' },
  { name: 'shipment rules', dir: 'domain/shipment.ts' },
  { name: 'product form machine', dir: 'machines/productFormMachine.ts' },
  { name: 'review moderation machine', dir: 'machines/reviewModerationMachine.ts' },
  { name: 'storage client', dir: 'node_modules/@supabase/storage-js/' },
  // Loaded once there is a session to restore or a sign-in, never for an anonymous visit (ADR 0017).
  { name: 'auth client', dir: 'node_modules/@supabase/auth-js/' },
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
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
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
    await page
      .getByRole('banner')
      .waitFor({ timeout: 15_000 })
      .catch(() => {
        console.warn('warning: the header never rendered; the figures cover only what loaded');
      });
    await page.waitForTimeout(500);
  } finally {
    await browser.close();
    await web.close();
  }
  return [...files].sort();
}

type SourceMap = { sources?: string[]; mappings?: string };

/** Sources are relative to their map: ../../src/app/App.tsx → src/app/App.tsx. */
const sourcePath = (dir: string, source: string) => relative(ROOT, resolve(dir, source)).split('\\').join('/');

/** Hidden source maps by chunk (assets/x.js → its map, sources already relative to the repository). */
const sourceMaps = new Map<string, SourceMap>();

/**
 * Source modules per chunk, from the hidden source maps in `dir` (an `assets` folder), when present.
 * Only maps of chunks that exist in the measured build count.
 */
function modulesFromSourceMaps(dir: string): Map<string, string[]> | undefined {
  if (!existsSync(dir)) return undefined;
  const maps = readdirSync(dir).filter((f) => f.endsWith('.js.map') && existsSync(join(DIST, 'assets', f.slice(0, -'.map'.length))));
  if (maps.length === 0) return undefined;
  const modules = new Map<string, string[]>();
  for (const map of maps) {
    const file = `assets/${map.slice(0, -'.map'.length)}`;
    const parsed = JSON.parse(readFileSync(join(dir, map), 'utf8')) as SourceMap;
    const sources = (parsed.sources ?? []).map((s) => sourcePath(dir, s));
    sourceMaps.set(file, { sources, mappings: parsed.mappings });
    modules.set(file, sources);
  }
  return modules;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The source index of every mapping segment, with where it starts in the generated code (line, column). */
function* segments(mappings: string): Generator<{ line: number; column: number; source: number | undefined }> {
  let source = 0;
  let line = 0;
  for (const lineText of mappings.split(';')) {
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length >= 4) source += fields[1];
      yield { line, column, source: fields.length >= 4 ? source : undefined };
    }
    line++;
  }
}

/**
 * The code of a chunk per source module: every generated character belongs to the module of the
 * mapping segment it follows (the bundler's glue before the first segment counts as '(bundler)').
 */
function codePerModule(file: string, map: SourceMap): Map<string, string> {
  const sources = map.sources ?? [];
  const lines = readFileSync(join(DIST, file), 'utf8').split('\n');
  const parts = new Map<string, string[]>();
  const add = (module: string, text: string) => {
    if (text) parts.set(module, [...(parts.get(module) ?? []), text]);
  };
  let current = '(bundler)';
  let line = 0;
  let column = 0;
  for (const seg of segments(map.mappings ?? '')) {
    while (line < seg.line) {
      add(current, `${lines[line]?.slice(column) ?? ''}\n`);
      line++;
      column = 0;
    }
    add(current, lines[line]?.slice(column, seg.column) ?? '');
    column = seg.column;
    if (seg.source !== undefined) current = sources[seg.source] ?? current;
  }
  for (; line < lines.length; line++, column = 0) add(current, `${lines[line].slice(column)}${line < lines.length - 1 ? '\n' : ''}`);
  return new Map([...parts].map(([module, texts]) => [module, texts.join('')]));
}

type ModuleSize = { module: string; file: string; raw: number; gzip: number };

/**
 * Raw bytes and approximate gzip bytes of every module of the given chunks. gzip compresses a chunk
 * as a whole, so a module has no gzip size of its own: each chunk's gzip size is shared out in
 * proportion to its modules' code gzipped on its own. The shares add up to the chunk's size.
 */
function moduleSizes(files: string[]): ModuleSize[] {
  return files.flatMap((file) => {
    const map = sourceMaps.get(file);
    if (!map) return [];
    const code = [...codePerModule(file, map)].map(([module, text]) => ({ module, raw: Buffer.byteLength(text), alone: gzipSync(text, { level: 9 }).length }));
    const aloneTotal = code.reduce((sum, c) => sum + c.alone, 0);
    const chunkGzip = sizes(file).gzip;
    return code.map((c) => ({ module: c.module, file, raw: c.raw, gzip: (c.alone / aloneTotal) * chunkGzip }));
  });
}

/** The package a module comes from (node_modules/@scope/name), else the source folder (src/app, machines). */
function packageOf(module: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (inPackage) return inPackage[1];
  const parts = module.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0];
}

/** Runs a build step, exiting when it fails. */
function run(label: string, command: string, args: string[]) {
  console.log(`── ${label}`);
  const r = spawnSync(command, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`${label} failed`);
    process.exit(r.status ?? 1);
  }
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
  // Where the hidden source maps are: beside the chunks, or in a second build of the browser code.
  let mapsDir = join(DIST, 'assets');
  let mapsBuild: string | undefined;
  if (build && DIST === 'dist') {
    run('npm run build', 'npm', ['run', '--silent', 'build']);
    // dist/ stays exactly what `npm start` serves; the same browser build with hidden source maps
    // goes elsewhere. Its chunks are byte-identical (same names), so its maps describe dist/'s.
    mapsBuild = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
    run('the browser build again, with hidden source maps', 'npx', ['vite', 'build', '--sourcemap', 'hidden', '--outDir', mapsBuild, '--emptyOutDir', '--logLevel', 'warn']);
    mapsDir = join(mapsBuild, 'assets');
  } else if (build) {
    run(`the browser build into ${DIST}, with hidden source maps`, 'npx', ['vite', 'build', '--sourcemap', 'hidden', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn']);
  }
  const manifestPath = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(join(DIST, 'index.html')) || !existsSync(manifestPath)) {
    console.error(`${DIST}/index.html or ${manifestPath} missing: run \`npm run build\` first (or drop --no-build)`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const modules = modulesFromSourceMaps(mapsDir);
  if (mapsBuild) rmSync(mapsBuild, { recursive: true, force: true });

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

  // (c) What `/` is made of, per module and per package (needs the source maps).
  if (modules) {
    const perModule = moduleSizes(loaded);
    const total = perModule.reduce((sum, m) => sum + m.gzip, 0);
    const share = (gzip: number) => `${((gzip / total) * 100).toFixed(1)}%`;
    const topModules = [...perModule].sort((a, b) => b.gzip - a.gzip).slice(0, TOP_MODULES);
    console.log(`\nThe ${TOP_MODULES} largest modules loaded for / (gzip shared out over each chunk's modules, approximate)\n`);
    console.log(
      table(
        ['module', 'chunk', 'raw KB', '~gzip KB', 'share'],
        topModules.map((m) => [m.module, m.file.replace(/^assets\//, ''), kb(m.raw), kb(m.gzip), share(m.gzip)]),
        ['l', 'l', 'r', 'r', 'r'],
      ),
    );
    const packages = new Map<string, { raw: number; gzip: number; modules: number }>();
    for (const m of perModule) {
      const p = packages.get(packageOf(m.module)) ?? { raw: 0, gzip: 0, modules: 0 };
      packages.set(packageOf(m.module), { raw: p.raw + m.raw, gzip: p.gzip + m.gzip, modules: p.modules + 1 });
    }
    console.log('\nPackages and source folders loaded for / (approximate gzip)\n');
    console.log(
      table(
        ['package / folder', 'modules', 'raw KB', '~gzip KB', 'share'],
        [...packages].sort(([, a], [, b]) => b.gzip - a.gzip).map(([name, p]) => [name, String(p.modules), kb(p.raw), kb(p.gzip), share(p.gzip)]),
        ['l', 'r', 'r', 'r', 'r'],
      ),
    );
  }

  // (d) The budget.
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
  if (!modules) console.log('\n(no source maps for these chunks: module checks used the manifest; run without --no-build for exact module lists)');
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

await main();

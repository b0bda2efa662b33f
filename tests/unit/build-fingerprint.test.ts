import { cpSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCommands, buildFingerprint, clearStamp, readStamp, STAMP_PATH, upToDate, writeStamp } from '../../scripts/build-fingerprint.ts';

/** A small project with one file of every kind the build reads, and some it does not. */
const PROJECT: Record<string, string> = {
  'package.json': JSON.stringify({
    scripts: { build: 'panda codegen --silent && npm run build:server', 'build:server': 'tsx scripts/build-server.ts', test: 'vitest' },
  }),
  'package-lock.json': '{"lockfileVersion":3}',
  'index.html': '<!doctype html><div id="root"></div>',
  'vite.config.ts': 'export default {}',
  'vite.server.config.ts': 'export default { ssr: true }',
  'panda.config.ts': 'export default {}',
  'postcss.config.cjs': 'module.exports = {}',
  'lingui.config.ts': 'export default {}',
  'tsconfig.json': '{}',
  'tsconfig.app.json': '{}',
  'src/main.tsx': 'console.log(1)',
  'src/features/shop/locales/de/messages.po': 'msgid "Shop"\nmsgstr "Shop"\n',
  'machines/cartMachine.ts': 'export const cart = 1',
  'domain/paging.ts': 'export const pageCount = 1',
  'supabase/functions/_shared/company.ts': 'export const COMPANY = {}',
  'server/securityHeaders.ts': 'export const csp = 1',
  'public/favicon.svg': '<svg/>',
  'scripts/build-server.ts': 'build()',
  // Not read by the build:
  'server/main.ts': 'serve()',
  'README.md': '# readme',
  'scripts/other.ts': 'other()',
};

let root: string;
const ENV = { PATH: '/usr/bin', VITE_SUPABASE_URL: 'http://localhost:54321' };

function write(rel: string, content: string) {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), content);
}
const print = (env: NodeJS.ProcessEnv = ENV) => buildFingerprint(root, env).hash;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'npng-fingerprint-'));
  for (const [rel, content] of Object.entries(PROJECT)) write(rel, content);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('buildFingerprint', () => {
  it('is the same for the same inputs: twice in a row, in a copy elsewhere, and after every mtime changed', () => {
    const first = print();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(print()).toBe(first);
    expect(buildFingerprint(root, ENV).files).toBe(17);

    const copy = mkdtempSync(join(tmpdir(), 'npng-fingerprint-copy-'));
    try {
      cpSync(root, copy, { recursive: true });
      expect(buildFingerprint(copy, ENV).hash).toBe(first);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    const later = new Date(Date.now() + 86_400_000);
    for (const rel of Object.keys(PROJECT)) utimesSync(join(root, rel), later, later);
    expect(print()).toBe(first);
  });

  it.each(Object.keys(PROJECT).filter((rel) => !['server/main.ts', 'README.md', 'scripts/other.ts', 'package.json'].includes(rel)))(
    'changes when one byte of %s changes',
    (rel) => {
      const before = print();
      const content = PROJECT[rel];
      write(rel, `${content.slice(0, -1)}${content.endsWith('x') ? 'y' : 'x'}`);
      expect(print()).not.toBe(before);
    },
  );

  it('stays the same when a file the build does not read changes', () => {
    const before = print();
    write('server/main.ts', 'serve(2)');
    write('README.md', '# changed');
    write('scripts/other.ts', 'other(2)');
    write('supabase/functions/stripe-webhook/index.ts', 'serve(2)');
    write('dist/index.html', '<!doctype html>');
    write('src/node_modules/x/index.js', 'ignored');
    expect(print()).toBe(before);
  });

  it('changes when a source file is added or removed', () => {
    const before = print();
    write('src/features/new/View.tsx', 'export {}');
    const added = print();
    expect(added).not.toBe(before);
    unlinkSync(join(root, 'src/features/new/View.tsx'));
    expect(print()).toBe(before);
    unlinkSync(join(root, 'machines/cartMachine.ts'));
    expect(print()).not.toBe(before);
  });

  it('changes when a file is renamed with the same contents', () => {
    const before = print();
    unlinkSync(join(root, 'src/main.tsx'));
    write('src/index.tsx', PROJECT['src/main.tsx']);
    expect(print()).not.toBe(before);
  });

  it('changes with the build command (and the scripts it runs), not with other scripts', () => {
    const before = print();
    const pkg = JSON.parse(PROJECT['package.json']) as { scripts: Record<string, string> };
    write('package.json', JSON.stringify({ ...pkg, scripts: { ...pkg.scripts, test: 'vitest run', lint: 'biome lint' } }));
    expect(print()).toBe(before);
    write('package.json', JSON.stringify({ ...pkg, scripts: { ...pkg.scripts, 'build:server': 'tsx scripts/build-server.ts --minify' } }));
    expect(print()).not.toBe(before);
    write('package.json', JSON.stringify({ ...pkg, scripts: { ...pkg.scripts, build: 'vite build' } }));
    expect(print()).not.toBe(before);
  });

  it('changes with a VITE_ value from the environment or an env file, not with other variables', () => {
    const before = print();
    expect(print({ ...ENV, PATH: '/bin', STRIPE_SECRET_KEY: 'sk_test' })).toBe(before);
    expect(print({ ...ENV, VITE_SUPABASE_URL: 'https://xyz.supabase.co' })).not.toBe(before);
    expect(print({ ...ENV, VITE_GEO_URL: '' })).not.toBe(before);
    expect(print({ ...ENV, NODE_ENV: 'development' })).not.toBe(before);

    write('.env', 'PORT=5174\nSTRIPE_SECRET_KEY=sk_test\n');
    expect(print()).toBe(before);
    write('.env', 'PORT=5174\nVITE_GEO_URL=https://geo.example\n');
    const fromFile = print();
    expect(fromFile).not.toBe(before);
    // The environment wins over the file, as in Vite.
    expect(print({ ...ENV, VITE_GEO_URL: 'https://geo.example' })).toBe(fromFile);
    expect(print({ ...ENV, VITE_GEO_URL: 'https://other.example' })).not.toBe(fromFile);
    write('.env.production.local', 'VITE_GEO_URL=https://local.example\n');
    expect(print()).not.toBe(fromFile);
  });
});

describe('buildCommands', () => {
  it('follows npm run from the build script, once each', () => {
    expect(buildCommands(JSON.stringify({ scripts: { build: 'npm run a && npm run --silent b', a: 'npm run b', b: 'vite build' } }))).toEqual([
      'build=npm run a && npm run --silent b',
      'a=npm run b',
      'b=vite build',
    ]);
    expect(buildCommands('not json')).toEqual(['build=<none>']);
  });
});

describe('the build stamp', () => {
  it('marks dist/ up to date only with dist/index.html and a stamp of the same fingerprint', () => {
    const hash = print();
    expect(upToDate(root, hash)).toBe(false); // no dist/
    write('dist/index.html', '<!doctype html>');
    expect(upToDate(root, hash)).toBe(false); // no stamp
    writeStamp(root, hash);
    expect(readStamp(root)).toBe(hash);
    expect(upToDate(root, hash)).toBe(true);
    expect(upToDate(root, print({ ...ENV, VITE_SUPABASE_URL: 'https://xyz.supabase.co' }))).toBe(false);
    clearStamp(root);
    expect(upToDate(root, hash)).toBe(false);
    clearStamp(root); // nothing to clear: no error
    writeStamp(root, hash);
    unlinkSync(join(root, 'dist/index.html'));
    expect(upToDate(root, hash)).toBe(false);
  });

  it('treats a garbled or truncated stamp as no stamp', () => {
    const hash = print();
    write('dist/index.html', '<!doctype html>');
    write(STAMP_PATH, hash.slice(0, 40));
    expect(readStamp(root)).toBeUndefined();
    expect(upToDate(root, hash)).toBe(false);
    write(STAMP_PATH, '\u0000\u0001garbage');
    expect(upToDate(root, hash)).toBe(false);
  });
});

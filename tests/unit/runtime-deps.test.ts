import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; scripts: Record<string, string> };

/** The server's run-time sources: server/ and the functions it runs, without tests and their fixtures. */
function runtimeFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !/[/\\]fixtures[/\\]/.test(file));
}

/** `lodash/fp` → lodash, `@scope/pkg/sub` → @scope/pkg. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('npm ci --omit=dev && npm start', () => {
  it('finds every package server/ imports at run time among the dependencies', () => {
    const missing: string[] = [];
    for (const file of [...runtimeFiles('server'), ...runtimeFiles('supabase/functions'), join(ROOT, 'scripts', 'start.ts'), join(ROOT, 'scripts', 'build-fingerprint.ts')]) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/(?:^|\n)\s*(?:import|export)(?!\s+type\b)[^'"]*?from\s+'([^'.][^']*)'|import\('([^'.][^']*)'\)/g)) {
        const specifier = m[1] ?? m[2];
        if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
        if (!(packageOf(specifier) in pkg.dependencies)) missing.push(`${relative(ROOT, file)}: ${specifier}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('installs without Panda: the prepare script skips the codegen only building needs', () => {
    // npm runs `prepare` after `npm ci`, also with --omit=dev; `panda codegen` there failed with 127.
    expect(pkg.scripts.prepare).toBe('tsx scripts/prepare.ts');
    const bare = mkdtempSync(join(tmpdir(), 'npng-omit-dev-'));
    try {
      const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'prepare.ts')], { cwd: bare, encoding: 'utf8' });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Panda is not installed');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

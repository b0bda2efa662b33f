/**
 * `npm test`: every check CI runs, in order, then one closing line "N passed, N failed" summed over
 * all Vitest runs. Stops at the first failing step. The PostgreSQL 15 run is skipped with a notice
 * when its binaries are missing, except in CI (CI=true), where it is required.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const out = '.test-results';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const PG_BIN = '/usr/lib/postgresql/15/bin/initdb';

interface Step {
  name: string;
  cmd: string[];
  /** JSON report file of a Vitest run, summed into the closing line. */
  report?: string;
  /** Playwright JSON report file, summed into the closing line. */
  e2eReport?: string;
  env?: Record<string, string>;
  skip?: () => string | undefined;
}

const vitest = (project: string, report: string, wrap: string[] = []): string[] => [
  ...wrap,
  'npx',
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(out, report)}`,
];

const steps: Step[] = [
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint and format', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'translations (every German text present)', cmd: ['npm', 'run', '--silent', 'i18n:check'] },
  { name: 'unit tests', cmd: vitest('unit', 'unit.json'), report: 'unit.json' },
  { name: 'machines, model-based and view tests (jsdom)', cmd: vitest('web', 'web.json'), report: 'web.json' },
  { name: 'Storybook build', cmd: ['npm', 'run', '--silent', 'build-storybook'] },
  { name: 'stories as tests (Chromium)', cmd: vitest('storybook', 'storybook.json'), report: 'storybook.json' },
  // Before the integration tests: some of them serve the built storefront (server-rendered pages).
  { name: 'storefront build', cmd: ['npm', 'run', '--silent', 'build'] },
  { name: 'integration tests (PGlite)', cmd: vitest('integration', 'integration.json'), report: 'integration.json' },
  {
    name: 'integration tests (PostgreSQL 15)',
    cmd: vitest('integration', 'integration-pg.json', ['npx', 'tsx', 'scripts/with-postgres.ts']),
    report: 'integration-pg.json',
    skip: () =>
      !existsSync(PG_BIN) && process.env.CI !== 'true' ? `PostgreSQL 15 binaries not found (${PG_BIN}); install postgresql-15 to run this step (CI always does)` : undefined,
  },
  {
    name: 'end-to-end journeys (Playwright, Chromium)',
    cmd: ['npx', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'e2e.json') },
    e2eReport: 'e2e.json',
  },
];

let passed = 0;
let failed = 0;
let skipped = 0;
let failedStep: string | undefined;
const started = Date.now();
for (const step of steps) {
  const why = step.skip?.();
  if (why) {
    console.log(`\n── ${step.name}: skipped — ${why}`);
    continue;
  }
  console.log(`\n── ${step.name}: ${step.cmd.join(' ')}`);
  const t0 = Date.now();
  const r = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (step.report && existsSync(join(out, step.report))) {
    const report = JSON.parse(readFileSync(join(out, step.report), 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  if (step.e2eReport && existsSync(join(out, step.e2eReport))) {
    const stats = JSON.parse(readFileSync(join(out, step.e2eReport), 'utf8')).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    skipped += stats.skipped ?? 0;
  }
  console.log(`── ${step.name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (r.status !== 0) {
    failedStep = step.name;
    break;
  }
}
console.log(`\n${failedStep ? `Failed at: ${failedStep}. ` : ''}Total time ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);

import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

const CI = !!process.env.CI;

/**
 * One fresh database per run. Workers load this file again but inherit the runner's environment,
 * so the folder is made once. The server outlives every hook, so a run cannot delete its own
 * folder; runs older than a few hours are cleared here instead.
 */
function freshDataDir(): string {
  const parent = join(tmpdir(), 'npng-e2e');
  mkdirSync(parent, { recursive: true });
  for (const name of readdirSync(parent)) {
    const dir = join(parent, name);
    if (Date.now() - statSync(dir).mtimeMs > 6 * 3_600_000) rmSync(dir, { recursive: true, force: true });
  }
  return mkdtempSync(join(parent, 'run-'));
}
process.env.E2E_DATA_DIR ??= freshDataDir();

const CHROMIUM = { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } };

/**
 * These journeys compare what the shop shows with the whole published catalogue (counts, pages,
 * best sellers, featured, categories), so they run first, before any journey that creates,
 * publishes, features, restocks or sells a product: with two workers, a product created by the
 * admin journey between the API read and the page load made "44 products" read "45". The other
 * journeys only run once these have passed (`--no-deps` runs a file alone).
 */
const CATALOGUE_READERS = ['**/shop.spec.ts', '**/home.spec.ts', '**/first-screen.spec.ts', '**/collections.spec.ts', '**/search.spec.ts'];

/**
 * The journeys run against the real thing: `server/main.ts` serves the built storefront (dist/, from
 * `npm run build`) on :5173 and the API on :54321, on a fresh, seeded PGlite. Chromium is Debian's;
 * browsers are never downloaded.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Two shared cores; the journeys also share one backend, so two workers at most. CI runs two as
  // well: with one, the journeys alone took 16 of CI's 37 minutes. The catalogue readers run first
  // (above), and every other journey counts only what it made itself.
  workers: 2,
  fullyParallel: false,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // `npm test` adds the JSON report on the command line (--reporter=list,json).
  reporter: 'list',
  use: {
    baseURL: 'http://localhost:5173',
    trace: 'off',
    screenshot: 'off',
    video: 'off',
    locale: 'en-US',
    actionTimeout: 10_000,
    navigationTimeout: 30_000,
  },
  projects: [
    { name: 'catalogue', testMatch: CATALOGUE_READERS, use: CHROMIUM },
    { name: 'journeys', testIgnore: CATALOGUE_READERS, dependencies: ['catalogue'], use: CHROMIUM },
  ],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: 'http://localhost:5173',
    reuseExistingServer: !CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Every journey signs in from the same address; the defaults are made for real visitors.
      RATE_LIMIT_SIGN_IN: '500',
      RATE_LIMIT_SIGN_UP: '200',
      CHECKOUT_RATE_LIMIT: '10000',
      DEV_ROUTES: 'true',
      DEV_COUNTRY: '',
    },
  },
});

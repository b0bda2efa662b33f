/**
 * `npm start`: builds the storefront only when dist/ is out of date with the checkout, then runs
 * server/main.ts in this same process (same output, same Ctrl+C handling as `tsx server/main.ts`).
 *
 * Out of date = the fingerprint of the build's inputs (scripts/build-fingerprint.ts: file contents,
 * the build command, the VITE_* environment) differs from the one the last successful build left in
 * dist/.build-fingerprint, or there is no dist/index.html. The stamp is removed before a build and
 * written only after `npm run build` succeeded, with the fingerprint taken before it started: a
 * failed build always builds again next time, and a source edited during the build too.
 *
 *   npm start                      build if needed, then serve
 *   npm start -- --build-only      build if needed, then exit (benchmarks use it)
 *   npm start -- --api-only        no storefront, so no build (`npm run start:api`)
 *
 * It also sets DEV_ROUTES=true for the local shop (below). With DATABASE_URL, server/main.ts then
 * serves from WEB_CONCURRENCY worker processes (default one per core, ADR 0034); the workers run
 * server/main.ts itself, not this script, so the build is checked once.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadConfig } from '../server/config.ts';
import { productionReason } from '../server/production.ts';
import { buildFingerprint, clearStamp, readStamp, upToDate, writeStamp } from './build-fingerprint.ts';

const root = process.cwd();
const argv = process.argv.slice(2);

/** Runs `npm run build`, passing Ctrl+C / SIGTERM on to it; resolves with its exit code. */
function runBuild(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build'], { stdio: 'inherit' });
    const forward = (signal: NodeJS.Signals) => {
      // From a terminal the build has the signal already (same process group); from `kill` it has not.
      if (child.exitCode === null) child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (e) => {
      console.error(`npm run build could not start: ${e.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(signal ? 130 : (code ?? 1));
    });
  });
}

async function ensureBuilt(): Promise<number> {
  const started = performance.now();
  const { hash } = buildFingerprint(root, process.env);
  const short = hash.slice(0, 12);
  if (upToDate(root, hash)) {
    console.log(`build up to date (fingerprint ${short}, checked in ${(performance.now() - started).toFixed(0)} ms)`);
    return 0;
  }
  const stamp = readStamp(root);
  console.log(`sources changed: rebuilding (fingerprint ${short}; dist/ has ${stamp ? stamp.slice(0, 12) : 'no build stamp'})`);
  // Whatever a failed build leaves in dist/ must not pass for the old build.
  clearStamp(root);
  const code = await runBuild();
  if (code !== 0) {
    console.error(`npm run build failed (exit ${code}); dist/ is not marked up to date`);
    return code;
  }
  writeStamp(root, hash);
  return 0;
}

if (!argv.includes('--api-only')) {
  const code = await ensureBuilt();
  if (code !== 0 || argv.includes('--build-only')) process.exit(code);
}
// The local shop serves its mail outbox, checkout page and geo stub (/_dev), which the server
// itself leaves off unless asked (ADR 0029): asked here, unless DEV_ROUTES is set or this is a
// production start (another HOST, NODE_ENV=production, a public SITE_URL), which refuses them.
// .env first, as server/main.ts reads it (the environment wins over the file either way).
if (existsSync('.env')) process.loadEnvFile('.env');
if (!process.env.DEV_ROUTES && !productionReason(loadConfig(process.env), process.env)) process.env.DEV_ROUTES = 'true';
// server/main.ts reads process.argv (--api-only) and installs its own SIGINT/SIGTERM handlers.
await import('../server/main.ts');

import cluster from 'node:cluster';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, startFlags, type Config } from './config.ts';
import { startBackend, type Backend } from './start.ts';
import { SEED_USERS } from './seed/users.ts';
import { productionReason } from './production.ts';
import { startWebServer, type WebServer } from './web.ts';
import { dataFreshness } from './rest/answer-cache.ts';
import { announceListening, drainOnShutdown, superviseWorkers, workerPlan, workerPoolSize, type WorkerInfo, type WorkerPlan } from './cluster.ts';

// Local overrides (see .env.example); the environment wins over the file.
if (existsSync('.env')) process.loadEnvFile('.env');

/** How long SIGINT/SIGTERM waits for every worker to finish its in-flight requests before killing it. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

const started = Date.now();
// --migrate / --no-migrate / --seed / --no-seed: what may be done to the database (see README).
const flags = startFlags(process.argv.slice(2));
const apiOnly = process.argv.includes('--api-only');

if (cluster.isWorker) {
  await serveAsWorker();
} else {
  // Every core on PostgreSQL (ADR 0034); PGlite's database belongs to one process.
  const plan = workerPlan(process.env, loadConfig(process.env).databaseUrl);
  if (plan.workers > 1) await serveAsCluster(plan);
  else await serveAlone(plan);
}

/** One process opens, prepares and serves the database (PGlite, or WEB_CONCURRENCY=1). */
async function serveAlone(plan: WorkerPlan): Promise<void> {
  const backend = await startOrExit({ config: flags });
  const web = await startWeb(backend);
  printBanner(backend, { api: backend.api.url, web: web?.url, notes: plan.note ? [plan.note] : [] });

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal}: finishing in-flight requests, closing the database…`);
      Promise.all([web?.close(), backend.stop()]).then(
        () => process.exit(0),
        (e) => {
          console.error(e);
          process.exit(1);
        },
      );
    });
  }
}

/**
 * The primary: prepares the database once (inspect, production refusals, migrate, admin sync, seed
 * — on a loopback port of its own for the seed, closed afterwards), then forks the workers, which
 * only serve, and prints the banner when all of them listen.
 */
async function serveAsCluster(plan: WorkerPlan): Promise<void> {
  // Signing key file and uploaded objects live in DATA_DIR: the workers must share one. Without one
  // (DATA_DIR=:memory:) they share a temporary directory, removed when the primary exits.
  let shared: string | undefined;
  if (!loadConfig(process.env).dataDir) {
    shared = mkdtempSync(join(tmpdir(), 'npng-cluster-'));
    process.env.DATA_DIR = shared;
  }
  const removeShared = () => {
    if (shared) rmSync(shared, { recursive: true, force: true });
  };
  process.on('exit', removeShared);

  const backend = await startOrExit({ config: { ...flags, housekeepingMs: 0 }, listen: { port: 0, host: '127.0.0.1' } });
  await backend.stop();

  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: process.argv.slice(2) });
  const supervisor = superviseWorkers({ count: plan.workers, env: { DB_POOL_MAX: String(workerPoolSize(process.env, plan.workers)) } });
  let stopping = false;
  const stop = (why: string, failed = false) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${why}: the workers finish their in-flight requests and close the database…`);
    supervisor.stop(SHUTDOWN_TIMEOUT_MS).then((code) => process.exit(failed ? 1 : code));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));

  const workers = await supervisor.ready.catch((e: Error) => {
    console.error(`The workers did not start: ${e.message}`);
    stop('Stopping', true);
    return undefined;
  });
  if (!workers) return;
  const first = workers[0];
  printBanner(backend, {
    api: first?.api ?? backend.config.apiUrl,
    web: first?.web,
    workers,
    notes: plan.note ? [plan.note] : [],
  });
}

/** A worker: the primary prepared the database; this process only serves, until asked to drain. */
async function serveAsWorker(): Promise<void> {
  const backend = await startBackend({ config: flags, prepared: true });
  const web = await startWeb(backend);
  drainOnShutdown(() => Promise.all([web?.close(), backend.stop()]));
  announceListening(backend.api.url, web?.url);
}

async function startOrExit(opts: Parameters<typeof startBackend>[0]): Promise<Backend> {
  return startBackend(opts).catch((e: unknown) => {
    // A refused start says what to set; its stack trace would only bury that.
    if (!(e instanceof Error && e.name === 'StartRefused')) throw e;
    console.error(e.message);
    process.exit(1);
  });
}

/** The storefront is served when it has been built (`npm start` builds it; `npm run start:api` doesn't). */
async function startWeb(backend: Backend): Promise<WebServer | undefined> {
  const { config } = backend;
  if (!existsSync('dist/index.html') || apiOnly) return undefined;
  try {
    return await startWebServer({
      dir: 'dist',
      port: config.webPort,
      host: config.host,
      apiUrl: config.apiUrl,
      geoUrl: process.env.VITE_GEO_URL,
      trustedProxies: config.trustedProxies,
      // Anonymous pages are kept until the data they were rendered from changes (ADR 0032).
      freshness: dataFreshness(backend.db),
      pageCache: config.pageCache,
    });
  } catch (e) {
    await backend.stop();
    throw e;
  }
}

function printBanner(backend: Backend, listening: { api: string; web?: string; workers?: WorkerInfo[]; notes: string[] }): void {
  const config: Config = backend.config;
  const apiUrl = config.apiUrl;
  // Keys, secrets and the seed's passwords are printed only for local development (ADR 0029).
  const production = productionReason(config, process.env);
  const local = production === undefined;
  const warnings = [...backend.database.warnings, ...listening.notes];
  // ADR 0031: the embedded database cannot cancel a statement, so the per-role timeouts do not hold.
  if (!local && backend.db.kind === 'pglite') {
    warnings.push('PGlite cannot stop a query past STATEMENT_TIMEOUT_*, and one slow query stalls every request: run a public shop on PostgreSQL (DATABASE_URL)');
  }
  const workers = listening.workers ? `  Workers             ${listening.workers.length} workers (WEB_CONCURRENCY), pids ${listening.workers.map((w) => w.pid).join(', ')}\n` : '';
  console.log(`
  No Pain, No Gain — local backend${backend.seeded ? ' (fresh database, seeded)' : ''}
  ─────────────────────────────────────────────────────────────
  API (Supabase URL)  ${apiUrl}        listening on ${listening.api}
${listening.web ? `  Storefront          ${config.siteUrl}        listening on ${listening.web}\n` : ''}${config.smtp ? `  Mail                SMTP ${config.smtp.host}:${config.smtp.port} as ${config.smtp.from}\n` : ''}${config.devRoutes ? `  Mail outbox         ${apiUrl}/_dev/mail\n` : '  Dev routes          off (/_dev/mail, /_dev/checkout, /_dev/geo): set DEV_ROUTES=true to serve them\n'}  Database            ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir ? `PGlite in ${config.dataDir}` : 'PGlite in memory'}
                      ${backend.database.summary}
${workers}${warnings.map((w) => `  ⚠ ${w}\n`).join('')}  Answer cache        ${config.answerCache.bytes > 0 && config.answerCache.entries > 0 ? `on (anon reads of /rest/v1, up to ${Math.round(config.answerCache.bytes / 1024 / 1024)} MB, until ${backend.db.kind === 'pglite' ? 'the next write' : "the database's snapshot moves"})` : 'off (ANSWER_CACHE_BYTES=0)'}

${
  local
    ? `  anon key            ${config.anonKey}
  service_role key    ${config.serviceRoleKey}
  JWT secret          ${config.jwtSecret}
`
    : `  Production start    ${production}
  Keys and secrets    from ANON_KEY, SERVICE_ROLE_KEY, JWT_SECRET and JWT_SIGNING_KEYS (not printed)
`
}
${local && backend.database.seed ? `  Seed logins\n${SEED_USERS.map((u) => `    ${u.label.padEnd(10)} ${u.email.padEnd(28)} ${u.password}`).join('\n')}\n` : ''}
  ready in ${((Date.now() - started) / 1000).toFixed(1)} s — Ctrl+C stops
`);
}

import { existsSync } from 'node:fs';
import { startFlags } from './config.ts';
import { startBackend } from './start.ts';
import { SEED_USERS } from './seed/users.ts';
import { productionReason } from './production.ts';
import { startWebServer, type WebServer } from './web.ts';
import { dataFreshness } from './rest/answer-cache.ts';

// Local overrides (see .env.example); the environment wins over the file.
if (existsSync('.env')) process.loadEnvFile('.env');

const started = Date.now();
// --migrate / --no-migrate / --seed / --no-seed: what may be done to the database (see README).
const backend = await startBackend({ config: startFlags(process.argv.slice(2)) }).catch((e: unknown) => {
  // A refused start says what to set; its stack trace would only bury that.
  if (!(e instanceof Error && e.name === 'StartRefused')) throw e;
  console.error(e.message);
  process.exit(1);
});
const { config, api } = backend;
const apiUrl = config.apiUrl;
// The storefront is served when it has been built (`npm start` builds it; `npm run start:api` doesn't).
let web: WebServer | undefined;
if (existsSync('dist/index.html') && !process.argv.includes('--api-only')) {
  try {
    web = await startWebServer({
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

// Keys, secrets and the seed's passwords are printed only for local development (ADR 0029).
const production = productionReason(config, process.env);
const local = production === undefined;
const warnings = [...backend.database.warnings];
// ADR 0031: the embedded database cannot cancel a statement, so the per-role timeouts do not hold.
if (!local && backend.db.kind === 'pglite') {
  warnings.push('PGlite cannot stop a query past STATEMENT_TIMEOUT_*, and one slow query stalls every request: run a public shop on PostgreSQL (DATABASE_URL)');
}
console.log(`
  No Pain, No Gain — local backend${backend.seeded ? ' (fresh database, seeded)' : ''}
  ─────────────────────────────────────────────────────────────
  API (Supabase URL)  ${apiUrl}        listening on ${api.url}
${web ? `  Storefront          ${config.siteUrl}        listening on ${web.url}\n` : ''}${config.smtp ? `  Mail                SMTP ${config.smtp.host}:${config.smtp.port} as ${config.smtp.from}\n` : ''}${config.devRoutes ? `  Mail outbox         ${apiUrl}/_dev/mail\n` : '  Dev routes          off (/_dev/mail, /_dev/checkout, /_dev/geo): set DEV_ROUTES=true to serve them\n'}  Database            ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir ? `PGlite in ${config.dataDir}` : 'PGlite in memory'}
                      ${backend.database.summary}
${warnings.map((w) => `  ⚠ ${w}\n`).join('')}  Answer cache        ${config.answerCache.bytes > 0 && config.answerCache.entries > 0 ? `on (anon reads of /rest/v1, up to ${Math.round(config.answerCache.bytes / 1024 / 1024)} MB, until ${backend.db.kind === 'pglite' ? 'the next write' : "the database's snapshot moves"})` : 'off (ANSWER_CACHE_BYTES=0)'}

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

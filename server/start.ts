import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, openMigratedMemoryDatabase } from './db/index.ts';
import { inspectDatabase, planStartup, type DatabaseKind } from './db/existing.ts';
import { migrate } from './db/migrate.ts';
import { startApiServer, type ApiServer } from './app.ts';
import { seed } from './seed/index.ts';
import { loadKeyRing } from './auth/keys.ts';
import { demoLoginsIn, productionProblems, productionReason, refusal } from './production.ts';
import type { Database } from './db/types.ts';

export interface Backend {
  api: ApiServer;
  db: Database;
  config: Config;
  /** True when this start created and seeded the database. */
  seeded: boolean;
  /** What the database was found to be and what was (not) done to it, for the banner. */
  database: { kind: DatabaseKind; summary: string; warnings: string[]; seed: boolean };
  stop(): Promise<void>;
}

/**
 * Opens the database; applies the shim and migrations, syncs ADMIN_EMAILS and seeds when it is
 * empty or the shop's own (or when asked: config.migrate / config.seed), and serves any other
 * database as it is; then starts the API. Used by `npm start`, the integration tests and the benchmarks.
 */
export async function startBackend(
  opts: {
    config?: Partial<Config>;
    env?: NodeJS.ProcessEnv;
    seed?: boolean;
    /** Runs on the migrated database before the API serves its first request (tests add their own schemas here). */
    prepare?: (db: Database) => Promise<void>;
    /**
     * Where the API listens instead of config.apiPort and config.host. The cluster's primary
     * (server/main.ts) prepares the database on a loopback port of its own, only for the seed.
     */
    listen?: { port: number; host: string };
    /**
     * The database was prepared by another process (the cluster's primary, ADR 0034): nothing is
     * inspected, refused, migrated, synced or seeded here; the key ring is loaded and the API serves.
     */
    prepared?: boolean;
  } = {},
): Promise<Backend> {
  const env = opts.env ?? process.env;
  const config = loadConfig(env, opts.config);
  const persistent = Boolean(config.databaseUrl || config.dataDir);
  const db = persistent ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }) : await openMigratedMemoryDatabase();
  if (opts.prepared) return servePrepared(config, db, opts.prepare);
  try {
    // A database in memory was made just now, from the migrated snapshot: always the shop's.
    const facts = persistent ? await inspectDatabase(db) : { kind: 'empty' as const, hasApiRoles: true };
    const plan = planStartup(facts, { migrate: persistent ? config.migrate : true, seed: config.seed });
    // Nothing is written and nothing listens before the configuration is known to be safe (ADR 0029).
    // The seed runs only while the catalogue is empty (seed/index.ts): a shop's database with products is not seeded again.
    const seedNow = opts.seed !== false && plan.seed && (facts.kind !== 'shop' || (await catalogueEmpty(db)));
    const demoLogins = facts.kind === 'shop' && !seedNow && productionReason(config, env) ? await demoLoginsIn(db) : [];
    const problems = productionProblems(config, env, { seed: seedNow, demoLogins });
    if (problems.length > 0) throw refusal(config, env, problems);
    if (persistent && plan.migrate) await migrate(db);
    if (plan.migrate || facts.kind === 'shop') await syncAdminEmails(db, config.adminEmails);
    const api = await serveApi(config, db, opts.prepare, opts.listen);
    let seeded = false;
    try {
      if (opts.seed !== false && plan.seed) seeded = await seed(api.context);
    } catch (e) {
      await api.close();
      throw e;
    }
    return backendOf(api, db, config, seeded, { kind: facts.kind, summary: plan.summary, warnings: plan.warnings, seed: plan.seed });
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}

/**
 * The API over a prepared database: the storage directory, the signing key — read (or made, in the
 * database: ADR 0033) before the first request, so a bad JWT_SIGNING_KEYS stops the start — the
 * caller's own preparation, then the server.
 */
async function serveApi(config: Config, db: Database, prepare?: (db: Database) => Promise<void>, listen?: { port: number; host: string }): Promise<ApiServer> {
  const storageDir = config.dataDir ? join(config.dataDir, 'storage') : join(tmpdir(), `npng-storage-${randomUUID()}`);
  mkdirSync(storageDir, { recursive: true });
  await loadKeyRing(config, db);
  await prepare?.(db);
  return startApiServer({ config, db, storageDir }, listen?.port, listen?.host);
}

function backendOf(api: ApiServer, db: Database, config: Config, seeded: boolean, database: Backend['database']): Backend {
  return {
    api,
    db,
    config,
    seeded,
    database,
    async stop() {
      await api.close();
      await db.close();
    },
  };
}

/** A cluster worker's start: the primary did the rest (ADR 0034). */
async function servePrepared(config: Config, db: Database, prepare?: (db: Database) => Promise<void>): Promise<Backend> {
  try {
    const api = await serveApi(config, db, prepare);
    return backendOf(api, db, config, false, { kind: 'shop', summary: 'prepared by the primary process', warnings: [], seed: false });
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
}

async function catalogueEmpty(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>('select not exists (select 1 from public.products) as empty');
  return rows[0]?.empty ?? true;
}

/** ADMIN_EMAILS is the source of truth for who administers this shop; the table mirrors it. */
async function syncAdminEmails(db: Database, emails: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from public.admin_emails where not (email = any($1::text[]))', [emails]);
    for (const email of emails) {
      await tx.query('insert into public.admin_emails (email) values ($1) on conflict do nothing', [email]);
    }
  });
}

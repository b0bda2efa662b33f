import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { loadConfig, type Config } from './config.ts';
import { openMigratedDatabase } from './db/index.ts';
import { startApiServer, type ApiServer } from './app.ts';
import { seed } from './seed/index.ts';
import type { Database } from './db/types.ts';

export interface Backend {
  api: ApiServer;
  db: Database;
  config: Config;
  /** True when this start created and seeded the database. */
  seeded: boolean;
  stop(): Promise<void>;
}

/**
 * Opens the database, applies migrations, seeds a fresh database, syncs ADMIN_EMAILS, and starts
 * the API. Used by `npm start`, the integration tests and the benchmarks.
 */
export async function startBackend(
  opts: {
    config?: Partial<Config>;
    env?: NodeJS.ProcessEnv;
    seed?: boolean;
    /** Runs on the migrated database before the API serves its first request (tests add their own schemas here). */
    prepare?: (db: Database) => Promise<void>;
  } = {},
): Promise<Backend> {
  const config = loadConfig(opts.env ?? process.env, opts.config);
  const db = await openMigratedDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const storageDir = config.dataDir ? join(config.dataDir, 'storage') : join(tmpdir(), `npng-storage-${randomUUID()}`);
    mkdirSync(storageDir, { recursive: true });
    await syncAdminEmails(db, config.adminEmails);
    await opts.prepare?.(db);
    const api = await startApiServer({ config, db, storageDir });
    let seeded = false;
    try {
      if (opts.seed !== false) seeded = await seed(api.context);
    } catch (e) {
      await api.close();
      throw e;
    }
    return {
      api,
      db,
      config,
      seeded,
      async stop() {
        await api.close();
        await db.close();
      },
    };
  } catch (e) {
    await db.close().catch(() => {});
    throw e;
  }
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

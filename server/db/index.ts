import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { MIGRATIONS_DIR, SHIM_PATH, migrate } from './migrate.ts';
import type { Database } from './types.ts';

/** DATABASE_URL → real Postgres; otherwise embedded PGlite in dataDir (in memory when undefined). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

/**
 * Opens an in-memory PGlite with the shim and every migration applied, from a migrated snapshot
 * cached in the temp folder, keyed by the SQL it was made from, so tests and benchmarks skip initdb
 * and the migrations after the first run. (A database that persists is opened with openDatabase,
 * and server/start.ts decides whether it gets migrations: server/db/existing.ts.)
 */
export async function openMigratedMemoryDatabase(): Promise<Database> {
  const snapshotPath = join(tmpdir(), `npng-pglite-${schemaHash()}.tar`);
  if (existsSync(snapshotPath)) {
    try {
      return await openPglite(undefined, new Blob([readFileSync(snapshotPath)]));
    } catch {
      // An unreadable snapshot (e.g. a half-written file from a killed run) is rebuilt below.
    }
  }
  const db = await openPglite();
  await migrate(db);
  const snapshot = Buffer.from(await (await db.dump()).arrayBuffer());
  const partial = `${snapshotPath}.${process.pid}.partial`;
  writeFileSync(partial, snapshot);
  renameSync(partial, snapshotPath);
  for (const old of readdirSync(tmpdir())) {
    if (/^npng-pglite-[0-9a-f]{16}\.tar$/.test(old) && join(tmpdir(), old) !== snapshotPath) rmSync(join(tmpdir(), old), { force: true });
  }
  return db;
}

function schemaHash(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(SHIM_PATH));
  const pkg = JSON.parse(readFileSync(join(MIGRATIONS_DIR, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'));
  hash.update(pkg.version);
  if (existsSync(MIGRATIONS_DIR)) {
    for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
      hash.update(file);
      hash.update(readFileSync(join(MIGRATIONS_DIR, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

export type { Database, Queryable, QueryResult, PgError, WriteClock } from './types.ts';
export { readOnlyView } from './writes.ts';

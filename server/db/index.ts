import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Database } from './types.ts';

/** DATABASE_URL → real Postgres; otherwise embedded PGlite in dataDir (in memory when undefined). */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

export type { Database, Queryable, QueryResult, PgError } from './types.ts';

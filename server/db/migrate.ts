import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './types.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(here, '..', '..');
export const MIGRATIONS_DIR = join(ROOT, 'supabase', 'migrations');
export const SHIM_PATH = join(here, 'shim.sql');

/**
 * Applies the Supabase shim, then every supabase/migrations/*.sql not yet recorded, in name
 * order, each in its own transaction — the bookkeeping the Supabase CLI keeps in
 * supabase_migrations.schema_migrations. Returns the versions applied now.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(readFileSync(SHIM_PATH, 'utf8'));
  await db.exec(`create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, statements text[]);`);
  const done = new Set((await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^\d{14}_.+\.sql$/.test(f))
        .sort()
    : [];
  const applied: string[] = [];
  for (const file of files) {
    const version = file.slice(0, 14);
    if (done.has(version)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, file.slice(15, -4)]);
    });
    applied.push(version);
  }
  return applied;
}

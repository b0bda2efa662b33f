import { existsSync, readdirSync } from 'node:fs';
import { MIGRATIONS_DIR } from './migrate.ts';
import type { Queryable } from './types.ts';

/**
 * What a database handed to the backend holds: nothing yet (`empty`), this shop (`shop`: every
 * version in supabase_migrations.schema_migrations is one of ours, or it is there and empty — a
 * first start that stopped half-way), or anything else (`foreign`).
 */
export type DatabaseKind = 'empty' | 'shop' | 'foreign';

export interface DatabaseFacts {
  kind: DatabaseKind;
  /** The roles PostgREST switches to (anon, authenticated, service_role) all exist. */
  hasApiRoles: boolean;
}

/** Versions of supabase/migrations/*.sql (their 14-digit prefixes). */
export function shopMigrationVersions(dir = MIGRATIONS_DIR): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^\d{14}_.+\.sql$/.test(f))
        .map((f) => f.slice(0, 14))
    : [];
}

export async function inspectDatabase(db: Queryable, ours = shopMigrationVersions()): Promise<DatabaseFacts> {
  const { rows } = await db.query<{ relations: boolean; ledger: boolean; roles: boolean }>(`select
      exists (select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
              where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
                and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')) as relations,
      to_regclass('supabase_migrations.schema_migrations') is not null as ledger,
      (select count(*) from pg_catalog.pg_roles where rolname in ('anon', 'authenticated', 'service_role')) = 3 as roles`);
  const { relations, ledger, roles } = rows[0];
  let kind: DatabaseKind = relations ? 'foreign' : 'empty';
  if (ledger) {
    const recorded = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
    const known = new Set(ours);
    if (recorded.rows.every((r) => known.has(r.version))) kind = 'shop';
  }
  return { kind, hasApiRoles: roles };
}

/** What the start was asked to do: --migrate / --no-migrate, --seed / --no-seed (or DB_MIGRATE, DB_SEED). */
export interface Asked {
  migrate?: boolean;
  seed?: boolean;
}

export interface StartupPlan {
  migrate: boolean;
  seed: boolean;
  /** One line for the banner: what is (not) done to this database, and how to change it. */
  summary: string;
  /** Things the operator should know (e.g. the API roles are missing, so /rest/v1 will fail). */
  warnings: string[];
}

/**
 * Whether to apply the shim and the shop's migrations, and seed, to the database found. An empty
 * database or the shop's own gets them unless told otherwise; anything else is served as it is
 * unless asked — a foreign database is never changed unasked.
 */
export function planStartup(facts: DatabaseFacts, asked: Asked): StartupPlan {
  const ours = facts.kind !== 'foreign';
  const migrate = asked.migrate ?? ours;
  const seed = asked.seed ?? ours;
  if (seed && !migrate && facts.kind !== 'shop') {
    throw new Error(`Seeding needs the shop's tables: this ${facts.kind} database does not have them. Add --migrate (DB_MIGRATE=true), or leave out --seed.`);
  }
  const warnings: string[] = [];
  if (!migrate && !facts.hasApiRoles) {
    warnings.push(
      'The roles anon, authenticated and service_role do not exist: /rest/v1 cannot switch to them and will answer errors. --migrate creates them (with the Supabase shim).',
    );
  }
  const done = [migrate ? 'migrations applied' : 'no migrations', seed ? 'seeded when empty' : 'no seed'].join(', ');
  const how = facts.kind === 'foreign' && !migrate ? ' (--migrate / --seed to change)' : '';
  const what = { empty: 'empty database', shop: "the shop's database", foreign: migrate ? 'existing database, migrated as asked' : 'existing database, served as it is' }[
    facts.kind
  ];
  return { migrate, seed, summary: `${what}: ${done}${how}`, warnings };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresMissing, startTemporaryPostgres } from '../../scripts/with-postgres.ts';
import { startBackend } from '../start.ts';
import { inspectDatabase, planStartup, type DatabaseFacts } from './existing.ts';
import { openPglite } from './pglite.ts';

const facts = (kind: DatabaseFacts['kind'], hasApiRoles = true): DatabaseFacts => ({ kind, hasApiRoles });

describe('planStartup', () => {
  it('migrates and seeds an empty database and the shop’s own unless told not to', () => {
    for (const kind of ['empty', 'shop'] as const) {
      expect(planStartup(facts(kind), {})).toMatchObject({ migrate: true, seed: true, warnings: [] });
      expect(planStartup(facts(kind), { seed: false })).toMatchObject({ migrate: true, seed: false });
    }
    expect(planStartup(facts('shop'), { migrate: false })).toMatchObject({ migrate: false, seed: true });
  });

  it('serves a foreign database as it is unless asked, and says how to ask', () => {
    const plan = planStartup(facts('foreign'), {});
    expect(plan).toMatchObject({ migrate: false, seed: false });
    expect(plan.summary).toContain('served as it is');
    expect(plan.summary).toContain('--migrate');
    expect(planStartup(facts('foreign'), { migrate: true })).toMatchObject({ migrate: true, seed: false });
    expect(planStartup(facts('foreign'), { migrate: true, seed: true })).toMatchObject({ migrate: true, seed: true });
  });

  it('refuses to seed a database without the shop’s tables', () => {
    expect(() => planStartup(facts('foreign'), { seed: true })).toThrow(/--migrate/);
    expect(() => planStartup(facts('empty'), { migrate: false, seed: true })).toThrow(/--migrate/);
  });

  it('warns when the API roles are missing and nothing will create them', () => {
    expect(planStartup(facts('foreign', false), {}).warnings.join()).toMatch(/anon, authenticated and service_role/);
    expect(planStartup(facts('foreign', false), { migrate: true }).warnings).toEqual([]);
  });
});

describe('inspectDatabase and startBackend on a database that is not the shop’s (PGlite in a folder)', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'npng-foreign-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A PGlite data folder holding someone else's table. */
  async function foreignFolder(): Promise<string> {
    const dir = folder();
    const db = await openPglite(dir);
    await db.exec("create table public.notes (id int primary key, body text); insert into public.notes values (1, 'mine')");
    await db.close();
    return dir;
  }

  it('tells empty, foreign and the shop’s ledger apart', async () => {
    const db = await openPglite();
    try {
      expect(await inspectDatabase(db, ['20990101000000'])).toEqual({ kind: 'empty', hasApiRoles: false });
      await db.exec('create table public.t (id int)');
      expect((await inspectDatabase(db, ['20990101000000'])).kind).toBe('foreign');
      await db.exec(
        "create schema supabase_migrations; create table supabase_migrations.schema_migrations (version text primary key); insert into supabase_migrations.schema_migrations values ('20990101000000')",
      );
      expect((await inspectDatabase(db, ['20990101000000'])).kind).toBe('shop');
      await db.exec("insert into supabase_migrations.schema_migrations values ('20000101000000')");
      expect((await inspectDatabase(db, ['20990101000000'])).kind).toBe('foreign');
    } finally {
      await db.close();
    }
  });

  it('serves it as it is: no shim, no migrations, no seed, the data untouched', async () => {
    const dir = await foreignFolder();
    const backend = await startBackend({ env: {}, config: { dataDir: dir, databaseUrl: undefined, apiPort: 0 } });
    try {
      expect(backend.database.kind).toBe('foreign');
      expect(backend.seeded).toBe(false);
      const { rows } = await backend.db.query<{ ledger: string | null; auth: string | null }>(
        "select to_regclass('supabase_migrations.schema_migrations')::text as ledger, to_regnamespace('auth')::text as auth",
      );
      expect(rows).toEqual([{ ledger: null, auth: null }]);
      expect((await backend.db.query('select * from public.notes')).rows).toEqual([{ id: 1, body: 'mine' }]);
    } finally {
      await backend.stop();
    }
  });

  it('migrates it when asked, keeping its data', async () => {
    const dir = await foreignFolder();
    const backend = await startBackend({ env: {}, config: { dataDir: dir, databaseUrl: undefined, apiPort: 0, migrate: true }, seed: false });
    try {
      expect(backend.database.summary).toContain('migrated as asked');
      const { rows } = await backend.db.query<{ n: string }>('select count(*)::int8 as n from supabase_migrations.schema_migrations');
      expect(Number(rows[0].n)).toBeGreaterThan(0);
      expect((await backend.db.query('select * from public.notes')).rows).toEqual([{ id: 1, body: 'mine' }]);
    } finally {
      await backend.stop();
    }
  });
});

// On PostgreSQL (DATABASE_URL, else a temporary PostgreSQL 15 where its binaries are installed, as
// in CI): a second database in the same cluster, holding someone else's table, is served as it is.
describe.runIf(process.env.DATABASE_URL || !postgresMissing())('startBackend on a foreign PostgreSQL database', () => {
  it('leaves it as it is', async () => {
    const temporary = process.env.DATABASE_URL ? undefined : await startTemporaryPostgres();
    const clusterUrl = process.env.DATABASE_URL ?? temporary!.url;
    const admin = new pg.Client({ connectionString: clusterUrl });
    await admin.connect();
    const name = `foreign_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const url = new URL(clusterUrl);
    url.pathname = `/${name}`;
    try {
      const setup = new pg.Client({ connectionString: url.toString() });
      await setup.connect();
      await setup.query("create table public.notes (id int primary key, body text); insert into public.notes values (1, 'mine')");
      await setup.end();
      const backend = await startBackend({ env: {}, config: { databaseUrl: url.toString(), dataDir: undefined, apiPort: 0 } });
      try {
        expect(backend.database.kind).toBe('foreign');
        const { rows } = await backend.db.query("select to_regclass('supabase_migrations.schema_migrations')::text as ledger");
        expect(rows).toEqual([{ ledger: null }]);
        expect((await backend.db.query('select * from public.notes')).rows).toEqual([{ id: 1, body: 'mine' }]);
      } finally {
        await backend.stop();
      }
    } finally {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
      temporary?.stop();
    }
  }, 60_000);
});

import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startBackend } from '../../server/start.ts';
import type { Database } from '../../server/db/types.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    jwtSecret: string;
    adminEmails: string[];
    databaseKind: 'pglite' | 'postgres';
    /** Test-only: POST {sql, params} runs SQL as the database superuser (to prove what REST cannot show). */
    sqlOracleUrl: string;
  }
}

/**
 * One backend for the whole integration run: in-memory PGlite (migrated and seeded), or the
 * empty Postgres named by DATABASE_URL. Rate limits are raised so the suites' many sign-ins pass.
 */
export default async function setup(project: TestProject) {
  const schemas = testSchemas();
  const backend = await startBackend({
    prepare: async (db) => {
      for (const s of schemas) await db.exec(s.sql);
      // The per-client limits kept in SQL (contact form, newsletter sign-ups): every suite calls from 127.0.0.1.
      await db.exec('update private.client_rate_limits set max_hits = 100000');
    },
    config: {
      dbSchemas: ['public', ...schemas.map((s) => s.name)],
      dataDir: undefined,
      databaseUrl: process.env.DATABASE_URL || undefined,
      apiPort: 0,
      logRequests: false,
      rateLimits: { signIn: 1000, signUp: 1000, recover: 1000, windowMs: 60_000 },
      checkoutRateLimit: 100_000,
      // No rounds of their own: a queued e-mail a suite made as a fixture must stay as it made it.
      housekeepingMs: 0,
      // GoTrue features off by default that auth-gotrue.test.ts exercises.
      anonymousSignIns: true,
      anonymousRateLimit: 0,
      securePasswordChange: true,
      // The suites read the mail outbox and pay on the local checkout page (/_dev, off unless asked).
      devRoutes: true,
    },
  });
  project.provide('apiUrl', backend.api.url);
  project.provide('anonKey', backend.config.anonKey);
  project.provide('serviceRoleKey', backend.config.serviceRoleKey);
  project.provide('jwtSecret', backend.config.jwtSecret);
  project.provide('adminEmails', backend.config.adminEmails);
  project.provide('databaseKind', backend.db.kind);
  const oracle = await startSqlOracle(backend.db);
  project.provide('sqlOracleUrl', oracle.url);
  return async () => {
    await oracle.close();
    await backend.stop();
  };
}

/**
 * Schemas of the tests' own (PostgREST conformance suites): `schemas/<name>.sql` creates schema
 * `<name>`, which the API exposes beside `public` — the shop's tables are never the fixture.
 */
function testSchemas(): { name: string; sql: string }[] {
  const dir = new URL('./schemas/', import.meta.url);
  return readdirSync(dir)
    .filter((f) => /^[a-z_][a-z0-9_]*\.sql$/.test(f))
    .sort()
    .map((f) => ({ name: f.slice(0, -4), sql: readFileSync(new URL(f, dir), 'utf8') }));
}

/**
 * The test files run in workers and cannot reach the backend's database handle: this tiny
 * loopback endpoint lets them read auth.users, storage.objects and inventory directly as a
 * superuser oracle, independent of the REST layer under test.
 */
async function startSqlOracle(db: Database): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const { sql, params } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { sql: string; params?: unknown[] };
        const result = await db.query(sql, params);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result.rows));
      } catch (e) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: (e as Error).message, code: (e as { code?: string }).code }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

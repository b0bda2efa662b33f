/**
 * Two instances on one PostgreSQL (issue 23 item 3, ADR 0033): signing keys and auth rate limits
 * live in the database, so a session started on one instance works on the other, the JWKS is the
 * same on both, and a per-client budget spent across both runs out as on one.
 *
 * PostgreSQL only: one PGlite data directory belongs to one process, so two PGlite instances never
 * share a database (npm run test:integration:pg runs it; the key store's own tests in
 * server/auth/keyStore.test.ts cover PGlite).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import type { Config } from '../../server/config.ts';
import { type Backend, startBackend } from '../../server/start.ts';
import { fetchFrom, loopbackClient, TEST_PASSWORD, uniqueEmail } from './support.ts';

const SIGN_IN_BUDGET = 6;

describe.runIf(inject('databaseKind') === 'postgres')('two instances on one PostgreSQL', () => {
  let a: Backend;
  let b: Backend;
  const dirs: string[] = [];

  beforeAll(async () => {
    // Each instance has its own data directory (its storage files), as separate machines would.
    const dataDir = () => {
      const dir = mkdtempSync(join(tmpdir(), 'npng-instance-'));
      dirs.push(dir);
      return dir;
    };
    const config: Partial<Config> = {
      databaseUrl: process.env.DATABASE_URL,
      apiPort: 0,
      logRequests: false,
      housekeepingMs: 0,
      rateLimits: { signIn: SIGN_IN_BUDGET, signUp: 1000, recover: 1000, windowMs: 60_000 },
    };
    // Started at once, as a load balancer's instances are; the second as a second instance runs (no migrations, no seed).
    [a, b] = await Promise.all([
      startBackend({ config: { ...config, dataDir: dataDir(), seed: false }, env: {}, seed: false }),
      startBackend({ config: { ...config, dataDir: dataDir(), migrate: false, seed: false }, env: {}, seed: false }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  // The auth budgets are counted per client address in the one database every suite of this run
  // shares: this suite's clients call from a loopback address of their own, not 127.0.0.1.
  const from = loopbackClient();
  const client = (backend: Backend, key = backend.config.anonKey): SupabaseClient =>
    createClient(backend.api.url, key, {
      global: { fetch: ((input: string | URL, init?: RequestInit) => fetchFrom(from, String(input), init)) as typeof fetch },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });

  it('a session started on A works on B (getUser, a REST read as the user, refresh), and its refresh on A again', async () => {
    const email = uniqueEmail('instances');
    const made = await client(a, a.config.serviceRoleKey).auth.admin.createUser({ email, password: TEST_PASSWORD, email_confirm: true });
    expect(made.error).toBeNull();
    const signedIn = await client(a).auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signedIn.error).toBeNull();
    const session = signedIn.data.session;
    if (!session) throw new Error('no session');

    const onB = await client(b).auth.getUser(session.access_token);
    expect(onB.error).toBeNull();
    expect(onB.data.user?.email).toBe(email);

    const read = await fetch(`${b.api.url}/rest/v1/products?select=id&limit=1`, { headers: { apikey: b.config.anonKey, authorization: `Bearer ${session.access_token}` } });
    expect(read.status).toBe(200);

    const refreshedOnB = await client(b).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshedOnB.error).toBeNull();
    const second = refreshedOnB.data.session;
    if (!second) throw new Error('no session after refresh on B');
    expect((await client(a).auth.getUser(second.access_token)).data.user?.email).toBe(email);

    const refreshedOnA = await client(a).auth.refreshSession({ refresh_token: second.refresh_token });
    expect(refreshedOnA.error).toBeNull();
    expect((await client(b).auth.getUser(refreshedOnA.data.session?.access_token)).data.user?.email).toBe(email);
  });

  it('publishes the same JWKS on both', async () => {
    const jwks = async (backend: Backend) => (await fetch(`${backend.api.url}/auth/v1/.well-known/jwks.json`)).json();
    const [fromA, fromB] = await Promise.all([jwks(a), jwks(b)]);
    expect(fromA.keys.length).toBeGreaterThan(0);
    expect(fromB).toEqual(fromA);
  });

  it('the per-address sign-in budget spent half on A and half on B runs out at the same count as on one instance', async () => {
    const other = loopbackClient();
    const attempt = (backend: Backend) =>
      fetchFrom(other, `${backend.api.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: backend.config.anonKey, 'content-type': 'application/json' },
        // A different unknown address each time, so only the per-client limit counts.
        body: JSON.stringify({ email: uniqueEmail('instances-rl'), password: 'wrong-password' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_BUDGET; i++) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual(Array(SIGN_IN_BUDGET).fill(400));
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });
});

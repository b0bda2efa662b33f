/**
 * GET /health is a load balancer's health check (ADR 0034): it asks the database, and answers 503
 * when the database does not answer, so the balancer sends shoppers to an instance that can serve them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from './start.ts';
import { HEALTH_DB_TIMEOUT_MS } from './app.ts';

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, housekeepingMs: 0 }, env: {}, seed: false });
});

afterAll(async () => {
  await backend?.stop();
});

describe('GET /health', () => {
  it('answers 200 with the database checked, without an apikey, and without moving the write clock (the answer cache stays)', async () => {
    const before = backend.db.writes.generation;
    const res = await fetch(`${backend.api.url}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', name: 'no-pain-no-gain local Supabase', database: 'ok' });
    expect(backend.db.writes.generation).toBe(before);
  });

  it('answers 503 when the database fails, and when it does not answer in time', async () => {
    const transaction = backend.db.transaction;
    const db = backend.db as { transaction: Backend['db']['transaction'] };
    try {
      db.transaction = () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432'));
      const failed = await fetch(`${backend.api.url}/health`);
      expect(failed.status).toBe(503);
      const body = await failed.json();
      expect(body).toEqual({ status: 'unavailable', name: 'no-pain-no-gain local Supabase', database: 'not answering' });
      // The reason goes to the log, not to whoever asks.
      expect(JSON.stringify(body)).not.toContain('10.0.0.5');

      db.transaction = () => new Promise(() => {});
      const hanging = await fetch(`${backend.api.url}/health`, { signal: AbortSignal.timeout(HEALTH_DB_TIMEOUT_MS + 10_000) });
      expect(hanging.status).toBe(503);
    } finally {
      db.transaction = transaction;
    }
    expect((await fetch(`${backend.api.url}/health`)).status).toBe(200);
    // `/` stays the plain answer it was.
    expect(await (await fetch(`${backend.api.url}/`)).json()).toEqual({ status: 'ok', name: 'no-pain-no-gain local Supabase' });
  });
});

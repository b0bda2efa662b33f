/**
 * Every core (ADR 0034): `tsx server/main.ts` on PostgreSQL with WEB_CONCURRENCY=2 serves from two
 * workers, replaces one that dies, and drains both on SIGTERM. Runs against a throw-away PostgreSQL
 * 15 cluster (scripts/with-postgres.ts), skipped where its binaries are missing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissing, startTemporaryPostgres, type TemporaryPostgres } from '../scripts/with-postgres.ts';
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { superviseWorkers, workerPlan, workerPoolSize } from './cluster.ts';
import { LOCAL_ANON_KEY } from './config.ts';

describe('workerPlan', () => {
  it('runs WEB_CONCURRENCY workers on PostgreSQL, one per core by default', () => {
    expect(workerPlan({}, 'postgres://db', 4)).toEqual({ workers: 4 });
    expect(workerPlan({ WEB_CONCURRENCY: '3' }, 'postgres://db', 4)).toEqual({ workers: 3 });
    expect(workerPlan({ WEB_CONCURRENCY: '1' }, 'postgres://db', 4)).toEqual({ workers: 1 });
    expect(workerPlan({ WEB_CONCURRENCY: 'many' }, 'postgres://db', 4)).toMatchObject({ workers: 4, note: expect.stringContaining('WEB_CONCURRENCY=many') });
  });

  it('runs one process on PGlite, saying why when more were asked for', () => {
    expect(workerPlan({}, undefined, 4)).toEqual({ workers: 1 });
    const plan = workerPlan({ WEB_CONCURRENCY: '4' }, undefined, 4);
    expect(plan.workers).toBe(1);
    expect(plan.note).toMatch(/PGlite's database belongs to one process/);
  });

  it('shares the one-process pool between the workers unless DB_POOL_MAX says otherwise', () => {
    expect(workerPoolSize({}, 2, 2)).toBe(3);
    expect(workerPoolSize({}, 8, 8)).toBe(3);
    expect(workerPoolSize({}, 16, 2)).toBe(2);
    expect(workerPoolSize({ DB_POOL_MAX: '10' }, 4, 4)).toBe(10);
  });
});

describe('superviseWorkers (a stand-in worker, server/fixtures/cluster-worker.mjs)', () => {
  const worker = (env: Record<string, string>) => {
    cluster.setupPrimary({ exec: fileURLToPath(new URL('./fixtures/cluster-worker.mjs', import.meta.url)), execArgv: [], args: [], silent: true });
    return env;
  };

  it('waits longer before each replacement while workers keep dying young, and stops them all', async () => {
    const lines: string[] = [];
    const supervisor = superviseWorkers({ count: 2, env: worker({ LIVE_MS: '600' }), log: (l) => lines.push(l), backoff: { initialMs: 100, maxMs: 800, youngMs: 10_000 } });
    expect((await supervisor.ready).map((w) => w.api)).toEqual(['http://127.0.0.1:1', 'http://127.0.0.1:1']);
    await new Promise((r) => setTimeout(r, 4000));
    // Resolves once every worker has exited (its code is 1 when one was dying of itself meanwhile).
    await supervisor.stop(5000);
    expect(supervisor.workers()).toEqual([]);
    const logged = lines.length;
    await new Promise((r) => setTimeout(r, 1000));
    // Nothing is replaced once stopping.
    expect(lines.length).toBe(logged);
    const delays = lines.flatMap((l) => {
      const m = /exited with code 3 after [\d.]+ s: starting another in ([\d.]+) s/.exec(l);
      return m ? [Number(m[1])] : [];
    });
    // 0.1 s, then doubling up to 0.8 s: a crash loop slows down instead of spinning.
    expect(delays.slice(0, 4)).toEqual([0.1, 0.2, 0.4, 0.8]);
    expect(Math.max(...delays)).toBe(0.8);
    expect(lines.filter((l) => / listening, in place of worker \d+$/.test(l)).length).toBeGreaterThanOrEqual(2);
  });

  it('fails the start when a worker exits before it listens', async () => {
    const supervisor = superviseWorkers({ count: 2, env: worker({ CRASH_BEFORE_LISTENING: '1' }), log: () => {} });
    await expect(supervisor.ready).rejects.toThrow(/exited with code 3 before it listened/);
    await supervisor.stop(5000);
  });
});

const missing = postgresMissing();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** GET on a fresh connection each time (the cluster hands connections, not requests, round-robin). */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, headers: { connection: 'close' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to GET ${path} within 10 s`)));
    req.end();
  });
}

describe.skipIf(missing)(`WEB_CONCURRENCY=2 on PostgreSQL${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let pg: TemporaryPostgres;
  let child: ChildProcess;
  let output = '';
  let port: number;
  let dataDir: string;
  const exited = { code: undefined as number | null | undefined };

  const waitFor = async (what: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const m = output.match(what);
      if (m) return m;
      if (exited.code !== undefined) throw new Error(`server exited (${exited.code}) before ${what}:\n${output}`);
      if (Date.now() > until) throw new Error(`no ${what} within ${timeoutMs} ms:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const workersAnswering = async (n: number) => {
    const ids = new Set<number>();
    for (let i = 0; i < n; i++) {
      const res = await get(port, '/health');
      expect(res.status).toBe(200);
      const body = JSON.parse(res.body) as { status: string; database: string; worker: number };
      expect(body).toMatchObject({ status: 'ok', database: 'ok' });
      ids.add(body.worker);
    }
    return ids;
  };

  beforeAll(async () => {
    pg = await startTemporaryPostgres();
    port = await freePort();
    dataDir = mkdtempSync(join(tmpdir(), 'npng-cluster-test-'));
    // node with tsx's loader, not the tsx CLI: the pid signalled is the primary's.
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--api-only', '--no-seed'], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: pg.url,
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: '2',
        API_PORT: String(port),
        HOST: '127.0.0.1',
        DB_POOL_MAX: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('exit', (code) => {
      exited.code = code;
    });
    await waitFor(/ready in/, 90_000);
  });

  afterAll(async () => {
    if (child && exited.code === undefined) child.kill('SIGKILL');
    pg?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('prepares the database once and prints one banner when both workers listen; both answer', async () => {
    expect(output).toMatch(/Workers {13}2 workers \(WEB_CONCURRENCY\), pids \d+, \d+/);
    expect(output.match(/No Pain, No Gain/g)).toHaveLength(1);
    expect(output).toContain('migrations applied');
    expect(await workersAnswering(6)).toEqual(new Set([1, 2]));
  });

  it('replaces a worker that dies, and requests keep succeeding meanwhile', async () => {
    const [, first] = (await waitFor(/pids (\d+), (\d+)/)) as unknown as [string, string, string];
    process.kill(Number(first), 'SIGKILL');
    const [, dead] = (await waitFor(new RegExp(`\\[cluster\\] worker (\\d) \\(pid ${first}\\) exited with SIGKILL after [\\d.]+ s: starting another in [\\d.]+ s`))) as unknown as [
      string,
      string,
    ];
    // While it is replaced, the other worker answers every request. (A connection the primary handed
    // to the worker in the instant it died is lost with it: a node:cluster limit, ADR 0034.)
    const during = await workersAnswering(4);
    expect(during.size).toBeGreaterThanOrEqual(1);
    await waitFor(new RegExp(`\\[cluster\\] worker 3 \\(pid \\d+\\) listening, in place of worker ${dead}`));
    expect(await workersAnswering(6)).toEqual(new Set([3, dead === '1' ? 2 : 1]));
  }, 90_000);

  it('on SIGTERM finishes a request in flight, then exits 0', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/auth/v1/token?grant_type=password',
          agent: false,
          headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      // Half the body now, the rest after SIGTERM: the request is in flight while the workers drain.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 1000);
      }, 300);
    });
    const res = await answer;
    // The sign-in was answered (wrong password), not cut off.
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error_code: 'invalid_credentials' });
    await waitFor(/SIGTERM: the workers finish their in-flight requests/);
    const until = Date.now() + 30_000;
    while (exited.code === undefined && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(exited.code).toBe(0);
    // Nothing listens any more.
    await expect(get(port, '/health')).rejects.toThrow(/ECONNREFUSED/);
  });
});

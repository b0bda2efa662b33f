/**
 * Every core (ADR 0034): on PostgreSQL, server/main.ts runs one worker process per core through
 * node:cluster. The primary prepares the database once and forks workers that only serve; they
 * share the API and web ports (the primary hands connections round-robin) and nothing but the
 * database and DATA_DIR. This file is the primary's supervision and the workers' side of it.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { poolSize } from './db/postgres.ts';

/** How many processes serve, and why not as many as asked (for the banner). */
export interface WorkerPlan {
  workers: number;
  note?: string;
}

/**
 * WEB_CONCURRENCY workers (default: one per core, os.availableParallelism()) on PostgreSQL; one
 * process on PGlite, whose data directory (or memory) belongs to the one process that opened it.
 */
export function workerPlan(env: NodeJS.ProcessEnv, databaseUrl: string | undefined, cores = availableParallelism()): WorkerPlan {
  const raw = env.WEB_CONCURRENCY?.trim();
  const valid = raw !== undefined && /^[1-9]\d*$/.test(raw);
  const asked = valid ? Number(raw) : cores;
  const invalid = raw && !valid ? `WEB_CONCURRENCY=${raw} is not a whole number of workers ≥ 1: ` : '';
  if (!databaseUrl) {
    if (asked > 1 && (valid || invalid)) {
      return {
        workers: 1,
        note: `${invalid}WEB_CONCURRENCY asks for ${asked} workers, but PGlite's database belongs to one process: serving from one (DATABASE_URL runs one per core)`,
      };
    }
    return { workers: 1 };
  }
  return invalid ? { workers: asked, note: `${invalid}one per core (${asked})` } : { workers: asked };
}

/**
 * The pool each worker opens: DB_POOL_MAX when set (per process), else the one process' default
 * (2 × cores + 1, server/db/postgres.ts) shared between the workers, at least 2 each — so N
 * workers hold about as many connections as one process did.
 */
export function workerPoolSize(env: NodeJS.ProcessEnv, workers: number, cores = availableParallelism()): number {
  const set = env.DB_POOL_MAX;
  if (set && /^[1-9]\d*$/.test(set)) return Number(set);
  return Math.max(2, Math.ceil(poolSize({}, cores) / workers));
}

/** A worker tells the primary it serves. */
export interface ListeningMessage {
  type: 'npng:listening';
  api: string;
  web?: string;
}

/** The primary tells a worker to stop accepting, finish what is in flight and exit. */
export interface ShutdownMessage {
  type: 'npng:shutdown';
}

export interface WorkerInfo {
  id: number;
  pid: number;
  api: string;
  web?: string;
}

export interface Supervisor {
  /** Resolves when every first worker listens; rejects when one exits before it does. */
  ready: Promise<WorkerInfo[]>;
  /** Workers serving now. */
  workers(): WorkerInfo[];
  /**
   * Asks every worker to drain and waits for all to exit, at most timeoutMs; then kills the rest.
   * Resolves with the exit code for the primary: 0 when every worker exited 0 in time.
   */
  stop(timeoutMs: number): Promise<number>;
}

export interface SuperviseOptions {
  count: number;
  /** Environment of the workers (besides the primary's own). */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Delay before replacing a worker that died; doubled for each one that dies young, up to maxMs. */
  backoff?: { initialMs: number; maxMs: number; youngMs: number };
}

/**
 * Forks `count` workers (the running script again, with the same arguments) and keeps that many:
 * a worker that exits while the cluster is not stopping is logged and replaced, after a delay that
 * grows while replacements keep dying young (a crash loop waits up to backoff.maxMs between tries).
 */
export function superviseWorkers(opts: SuperviseOptions): Supervisor {
  const log = opts.log ?? ((line: string) => console.log(line));
  const backoff = opts.backoff ?? { initialMs: 100, maxMs: 30_000, youngMs: 10_000 };
  const serving = new Map<number, WorkerInfo>();
  const all = new Set<Worker>();
  const born = new Map<number, number>();
  let stopping = false;
  let delay = 0;
  const pending = new Set<NodeJS.Timeout>();
  let started = false;
  let resolveReady!: (w: WorkerInfo[]) => void;
  let rejectReady!: (e: Error) => void;
  const ready = new Promise<WorkerInfo[]>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => {});
  let onAllExited: (() => void) | undefined;

  const fork = (replaces?: WorkerInfo) => {
    const worker = cluster.fork(opts.env);
    all.add(worker);
    born.set(worker.id, Date.now());
    worker.on('message', (m: ListeningMessage) => {
      if (m?.type !== 'npng:listening') return;
      const info = { id: worker.id, pid: worker.process.pid ?? 0, api: m.api, web: m.web };
      serving.set(worker.id, info);
      if (replaces) log(`[cluster] worker ${info.id} (pid ${info.pid}) listening, in place of worker ${replaces.id}`);
      if (!started && serving.size === opts.count) {
        started = true;
        resolveReady([...serving.values()]);
      }
    });
    worker.on('exit', (code, signal) => {
      all.delete(worker);
      const info = serving.get(worker.id) ?? { id: worker.id, pid: worker.process.pid ?? 0, api: '' };
      serving.delete(worker.id);
      if (stopping) {
        if (code !== 0) log(`[cluster] worker ${info.id} (pid ${info.pid}) exited with ${signal ?? `code ${code}`} while stopping`);
        if (all.size === 0) onAllExited?.();
        return;
      }
      if (!started) {
        rejectReady(new Error(`worker ${info.id} (pid ${info.pid}) exited with ${signal ?? `code ${code}`} before it listened`));
        return;
      }
      const lived = Date.now() - (born.get(worker.id) ?? 0);
      delay = lived < backoff.youngMs ? Math.min(backoff.maxMs, Math.max(backoff.initialMs, delay * 2)) : backoff.initialMs;
      log(
        `[cluster] worker ${info.id} (pid ${info.pid}) exited with ${signal ?? `code ${code}`} after ${(lived / 1000).toFixed(1)} s: starting another in ${(delay / 1000).toFixed(1)} s`,
      );
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (!stopping) fork(info);
      }, delay);
      pending.add(timer);
    });
  };

  // The workers run this same entry point; server/main.ts sees cluster.isWorker and serves.
  for (let i = 0; i < opts.count; i++) fork();

  return {
    ready,
    workers: () => [...serving.values()],
    stop(timeoutMs) {
      stopping = true;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      if (!started) rejectReady(new Error('stopped before every worker listened'));
      return new Promise<number>((resolve) => {
        let code = 0;
        const exited = new Promise<void>((done) => {
          onAllExited = done;
        });
        for (const worker of all) {
          worker.once('exit', (c) => {
            if (c !== 0) code = 1;
          });
          if (worker.isConnected()) worker.send({ type: 'npng:shutdown' } satisfies ShutdownMessage, () => {});
          else worker.process.kill('SIGTERM');
        }
        if (all.size === 0) {
          resolve(0);
          return;
        }
        const timer = setTimeout(() => {
          log(`[cluster] ${all.size} worker(s) still running after ${(timeoutMs / 1000).toFixed(0)} s: killing them`);
          for (const worker of all) worker.process.kill('SIGKILL');
          code = 1;
        }, timeoutMs);
        exited.then(() => {
          clearTimeout(timer);
          resolve(code);
        });
      });
    },
  };
}

/**
 * In a worker: calls `drain` once when the primary asks (npng:shutdown), on SIGINT/SIGTERM (Ctrl+C
 * reaches the whole process group) and when the primary is gone (the IPC channel closes), then exits
 * with 0 when draining succeeded.
 */
export function drainOnShutdown(drain: () => Promise<unknown>): void {
  let draining = false;
  const run = () => {
    if (draining) return;
    draining = true;
    drain().then(
      () => process.exit(0),
      (e) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('message', (m: ShutdownMessage) => {
    if (m?.type === 'npng:shutdown') run();
  });
  process.on('SIGINT', run);
  process.on('SIGTERM', run);
  process.on('disconnect', run);
}

/** In a worker: tells the primary it listens. */
export function announceListening(api: string, web?: string): void {
  process.send?.({ type: 'npng:listening', api, web } satisfies ListeningMessage);
}

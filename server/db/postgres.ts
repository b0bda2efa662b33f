import { availableParallelism } from 'node:os';
import pg from 'pg';
import { TEXT_TYPE_OIDS, type Database, type Queryable } from './types.ts';
import { trackWrites } from './writes.ts';

const identity = (v: string) => v;
const textTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if ((TEXT_TYPE_OIDS as readonly number[]).includes(oid)) return identity;
    return pg.types.getTypeParser(oid, format);
  },
};

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query(sql, params) {
      const r = await c.query({ text: sql, values: params as unknown[] | undefined, types: textTypes });
      return { rows: r.rows, affectedRows: r.rowCount ?? undefined };
    },
    async exec(sql) {
      await c.query(sql);
    },
  };
}

/**
 * Connections the pool opens at most: DB_POOL_MAX when set, else 2 per CPU plus one. Node runs the
 * API on one thread, so more connections only help while it waits on the network; two per core keeps
 * a database on this machine busy (one query running, one being sent or read per core) without
 * queueing work inside Postgres, which costs more than queueing it in the pool. A remote database
 * with more cores or more latency may want more: set DB_POOL_MAX.
 */
export function poolSize(env: NodeJS.ProcessEnv = process.env, cpus = availableParallelism()): number {
  const set = env.DB_POOL_MAX;
  return set && /^[1-9]\d*$/.test(set) ? Number(set) : 2 * cpus + 1;
}

/** A real PostgreSQL (hosted or local) through a connection pool of `poolSize()` connections. */
export async function openPostgres(url: string, max = poolSize()): Promise<Database> {
  // Pipelined clients (pg ≥ 8.23): a query is written without waiting for the answer to the one
  // before it, which transaction() uses to send BEGIN together with the first statement.
  const pool = new pg.Pool({ connectionString: url, max, pipeline: true });
  // An idle connection the server ends (restart, admin shutdown) is replaced on next use; unhandled,
  // its error event would end the process.
  pool.on('error', (e) => console.error(`[db] idle PostgreSQL connection lost: ${e.message}`));
  await pool.query('select 1');
  return trackWrites({
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn, options) {
      const client = await pool.connect();
      let handedBack = false;
      try {
        // Not awaited on its own: BEGIN and the first statement share one round trip. Postgres runs
        // them in order; should BEGIN fail, so do the statements behind it, and the error surfaces.
        const begin = client.query(options?.readOnly ? 'begin read only' : 'begin');
        begin.catch(() => {});
        const result = await fn(wrap(client));
        await begin;
        if (options?.readOnly) {
          // Nothing a read-only transaction did can fail at COMMIT: its answer is final once its
          // statements answered. COMMIT goes out now; the connection returns to the pool when done.
          handedBack = true;
          client.query('commit').then(
            () => client.release(),
            (e: Error) => client.release(e),
          );
          return result;
        }
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        if (!handedBack) client.release();
      }
    },
    close: () => pool.end(),
  });
}

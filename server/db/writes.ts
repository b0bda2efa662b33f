import type { Database, WriteClock } from './types.ts';

/** A driver's database before write tracking (server/db/pglite.ts, server/db/postgres.ts). */
export type Driver = Omit<Database, 'writes'>;

/**
 * Wraps a driver so every call that may change data moves the write clock: a plain query or
 * script, or a transaction not opened read-only, advances `generation` when it starts and again
 * when it ends (committed or not), and counts in `writing` meanwhile. Nothing is trusted to
 * declare itself a read except a READ ONLY transaction, which Postgres itself keeps from writing.
 * The answer cache (server/rest/answer-cache.ts) relies on this to drop what any write may change.
 */
export function trackWrites(driver: Driver): Database {
  const clock = { generation: 0, writing: 0 };
  const write = async <T>(run: () => Promise<T>): Promise<T> => {
    clock.generation++;
    clock.writing++;
    try {
      return await run();
    } finally {
      clock.writing--;
      clock.generation++;
    }
  };
  return {
    kind: driver.kind,
    writes: clock as WriteClock,
    query: (sql, params) => write(() => driver.query(sql, params)),
    exec: (sql) => write(() => driver.exec(sql)),
    transaction: (fn, options) => (options?.readOnly ? driver.transaction(fn, options) : write(() => driver.transaction(fn, options))),
    close: () => driver.close(),
  };
}

/**
 * The same database where everything runs in READ ONLY transactions: what GET and HEAD on
 * /rest/v1 use (PostgREST runs them read-only too), so reads never move the write clock and a
 * function that tries to write fails with 25006 instead of changing data behind a cached answer.
 * Calls go through `db.transaction` at call time, so a tap on it (scripts/bench) still sees them.
 */
export function readOnlyView(db: Database): Database {
  return {
    kind: db.kind,
    get writes() {
      return db.writes;
    },
    query: (sql, params) => db.transaction((tx) => tx.query(sql, params), { readOnly: true }),
    exec: (sql) => db.transaction((tx) => tx.exec(sql), { readOnly: true }),
    transaction: (fn, options) => db.transaction(fn, { ...options, readOnly: true }),
    close: () => db.close(),
  };
}

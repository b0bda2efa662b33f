/** The one database interface every server module uses; PGlite and node-postgres both implement it. */
export interface QueryResult<T> {
  rows: T[];
  /** Rows touched by INSERT/UPDATE/DELETE (undefined for plain SELECT on some drivers). */
  affectedRows?: number;
}

export interface Queryable {
  /** One statement with bound parameters ($1, $2 …). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** A script of several statements, no parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /**
   * A READ ONLY transaction: Postgres refuses every write in it (SQLSTATE 25006), so it is known
   * not to change data and does not advance the write clock.
   */
  readOnly?: boolean;
}

/**
 * This process' writes as a clock (server/db/writes.ts): `generation` advances when anything that
 * may change data starts and again when it ends; `writing` counts those in flight. An answer read
 * while `writing` was 0 and `generation` stayed the same saw data no write of this process touched.
 */
export interface WriteClock {
  readonly generation: number;
  readonly writing: number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** Writes through this handle (every query, script and transaction not opened read-only). */
  readonly writes: WriteClock;
  close(): Promise<void>;
}

/** Error raised by either driver: Postgres' SQLSTATE and texts. */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgError {
  return e instanceof Error && typeof (e as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgError).code ?? '');
}

/**
 * Types both drivers return as text, so numbers beyond 2^53, exact decimals and timestamps reach
 * JSON unchanged: int8, numeric, date, timestamp, timestamptz, time, interval.
 */
export const TEXT_TYPE_OIDS = [20, 1700, 1082, 1114, 1184, 1083, 1266, 1186] as const;

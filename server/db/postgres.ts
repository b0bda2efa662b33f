import pg from 'pg';
import { TEXT_TYPE_OIDS, type Database, type Queryable } from './types.ts';

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

/** A real PostgreSQL (hosted or local) through a connection pool. */
export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

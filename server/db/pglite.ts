import { mkdirSync, openSync, closeSync, writeSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { TEXT_TYPE_OIDS, type Database, type Queryable } from './types.ts';
import { trackWrites } from './writes.ts';

const identity = (v: string) => v;
const parsers = Object.fromEntries(TEXT_TYPE_OIDS.map((oid) => [oid, identity]));

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query(sql, params) {
      const r = await q.query(sql, params as unknown[] | undefined, { parsers });
      return { rows: r.rows as never[], affectedRows: r.affectedRows };
    },
    async exec(sql) {
      await q.exec(sql);
    },
  };
}

/**
 * PGlite keeps no lock of its own: two processes on one data directory would corrupt it. A pid
 * lockfile refuses a second live process and takes over a stale one.
 */
function lockDataDir(dir: string): () => void {
  const path = join(dir, 'server.lock');
  try {
    const fd = openSync(path, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const pid = Number(readFileSync(path, 'utf8'));
    let alive = false;
    try {
      if (pid && pid !== process.pid) {
        process.kill(pid, 0);
        alive = true;
      }
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`The data directory ${dir} is in use by process ${pid}. Stop it first, or set DATA_DIR.`);
    unlinkSync(path);
    return lockDataDir(dir);
  }
  return () => {
    try {
      unlinkSync(path);
    } catch {
      /* already gone */
    }
  };
}

/**
 * Opens (creating on first use) an embedded PostgreSQL in dataDir, or in memory when dataDir is
 * undefined — then optionally from a snapshot made by `dumpPglite` (about 4× faster than initdb).
 */
export async function openPglite(dataDir?: string, snapshot?: Blob): Promise<Database & { dump(): Promise<Blob> }> {
  let unlock = () => {};
  let pgDir: string | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
    pgDir = join(dataDir, 'pgdata');
  }
  const pg = await PGlite.create({ dataDir: pgDir, loadDataDir: snapshot, extensions: { pgcrypto, pg_trgm } });
  const base = wrap(pg);
  const db = trackWrites({
    kind: 'pglite',
    ...base,
    transaction: (fn, options) =>
      pg.transaction(async (tx) => {
        if (options?.readOnly) await tx.query('set transaction read only');
        return fn(wrap(tx));
      }),
    async close() {
      await pg.close();
      unlock();
    },
  });
  return { ...db, dump: () => pg.dumpDataDir('none') };
}

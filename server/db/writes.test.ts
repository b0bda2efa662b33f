import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';
import { poolSize } from './postgres.ts';
import type { Database, Queryable } from './types.ts';
import { readOnlyView, trackWrites, type Driver } from './writes.ts';

/** A driver whose calls wait for `release`, so the clock can be read while they are in flight. */
function fakeDriver() {
  let release!: () => void;
  let gate = Promise.resolve();
  const tx: Queryable = { query: async () => ({ rows: [] }), exec: async () => {} };
  const options: unknown[] = [];
  const driver: Driver = {
    kind: 'pglite',
    query: async () => {
      await gate;
      return { rows: [] };
    },
    exec: async () => {
      await gate;
    },
    transaction: async (fn, o) => {
      options.push(o);
      await gate;
      return fn(tx);
    },
    close: async () => {},
  };
  return {
    driver,
    options,
    hold() {
      gate = new Promise<void>((r) => {
        release = r;
      });
    },
    release: () => release(),
  };
}

describe('trackWrites', () => {
  it('moves the clock when a query, script or transaction starts and when it ends', async () => {
    const fake = fakeDriver();
    const db = trackWrites(fake.driver);
    for (const call of [() => db.query('x'), () => db.exec('x'), () => db.transaction(async () => 1)]) {
      const before = db.writes.generation;
      fake.hold();
      const running = call();
      expect(db.writes).toEqual({ generation: before + 1, writing: 1 });
      fake.release();
      await running;
      expect(db.writes).toEqual({ generation: before + 2, writing: 0 });
    }
  });

  it('ends a failed write too', async () => {
    const db = trackWrites({ ...fakeDriver().driver, query: async () => Promise.reject(new Error('boom')) });
    await expect(db.query('x')).rejects.toThrow('boom');
    expect(db.writes).toEqual({ generation: 2, writing: 0 });
  });

  it('leaves the clock alone for read-only transactions, which readOnlyView uses for everything', async () => {
    const fake = fakeDriver();
    const db = trackWrites(fake.driver);
    const reads = readOnlyView(db);
    await reads.query('x');
    await reads.exec('x');
    await reads.transaction(async () => 1);
    expect(db.writes).toEqual({ generation: 0, writing: 0 });
    expect(fake.options).toEqual([{ readOnly: true }, { readOnly: true }, { readOnly: true }]);
  });
});

describe('read-only transactions on PGlite', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    await db.exec('create table t (n int); insert into t values (1)');
  });
  afterAll(() => db.close());

  it('are refused writes by Postgres (25006), and the clock does not move', async () => {
    const before = db.writes.generation;
    await expect(readOnlyView(db).query('update t set n = 2')).rejects.toMatchObject({ code: '25006' });
    expect((await readOnlyView(db).query<{ n: number }>('select n from t')).rows).toEqual([{ n: 1 }]);
    expect(db.writes.generation).toBe(before);
  });
});

describe('poolSize', () => {
  it('is two connections per CPU plus one, unless DB_POOL_MAX says otherwise', () => {
    expect(poolSize({}, 2)).toBe(5);
    expect(poolSize({}, 8)).toBe(17);
    expect(poolSize({ DB_POOL_MAX: '20' }, 2)).toBe(20);
    expect(poolSize({ DB_POOL_MAX: '0' }, 2)).toBe(5);
    expect(poolSize({ DB_POOL_MAX: 'many' }, 2)).toBe(5);
  });
});

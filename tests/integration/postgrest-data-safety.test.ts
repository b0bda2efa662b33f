/**
 * PostgREST conformance — data safety on function calls (fixture: schemas/pgrst_safety.sql).
 * `Prefer: tx=rollback` must undo what a function wrote, and `handling=strict, max-affected=N`
 * must refuse (PGRST124) and keep nothing when a function changes more rows than allowed —
 * as PostgREST 13 does for /rpc, not only for PATCH and DELETE.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { rest, schemaClient, sql } from './support.ts';

const db = () => schemaClient('pgrst_safety');

const totalHits = async () => Number((await sql<{ n: string }>('select sum(hits)::int8 as n from pgrst_safety.counters'))[0].n);
const logRows = async () => Number((await sql<{ n: string }>('select count(*)::int8 as n from pgrst_safety.log'))[0].n);

/** POST /rpc/hit_all with a Prefer header supabase-js would not send on its own. */
const hitAllPreferring = (prefer: string) =>
  rest('/rest/v1/rpc/hit_all', { method: 'POST', headers: { 'content-type': 'application/json', 'content-profile': 'pgrst_safety', prefer }, body: '{}' });

beforeEach(async () => {
  await sql('update pgrst_safety.counters set hits = 0');
  await sql('delete from pgrst_safety.log');
});

describe('Prefer: tx=rollback on /rpc', () => {
  it('a void function answers 204 and its writes are rolled back', async () => {
    const { error, status } = await db().rpc('hit_all').rollback();
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(await totalHits()).toBe(0);
  });

  it('a set-returning function answers its rows and keeps none of its changes', async () => {
    const { data, error } = await db().rpc('hit_upto', { upto: 3 }).rollback();
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, hits: 1 },
      { id: 2, hits: 1 },
      { id: 3, hits: 1 },
    ]);
    expect(await totalHits()).toBe(0);
  });

  it('a scalar plpgsql function answers its value and its insert is rolled back', async () => {
    const { data, error } = await db().rpc('write_log', { note: 'dry run' }).rollback();
    expect(error).toBeNull();
    expect(typeof data).toBe('number');
    expect(await logRows()).toBe(0);
  });

  it('echoes tx=rollback in Preference-Applied; without it the same call commits', async () => {
    const res = await hitAllPreferring('tx=rollback');
    expect(res.status).toBe(204);
    expect(res.headers.get('preference-applied')).toContain('tx=rollback');
    expect(await totalHits()).toBe(0);
    const { error } = await db().rpc('hit_all');
    expect(error).toBeNull();
    expect(await totalHits()).toBe(10);
  });
});

describe('Prefer: handling=strict, max-affected on /rpc', () => {
  it('a function changing more rows than allowed fails with PGRST124 and changes nothing (void)', async () => {
    const { error, status } = await db().rpc('hit_all').maxAffected(5);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 10 rows' });
    expect(await totalHits()).toBe(0);
  });

  it('a scalar function that changes 10 rows is refused at 9 and allowed at 10', async () => {
    const refused = await db().rpc('hit_all_count').maxAffected(9);
    expect(refused.error?.code).toBe('PGRST124');
    expect(await totalHits()).toBe(0);
    const allowed = await db().rpc('hit_all_count').maxAffected(10);
    expect(allowed.error).toBeNull();
    expect(allowed.data).toBe(10);
    expect(await totalHits()).toBe(10);
  });

  it('a set-returning function is limited by the rows it changes and returns', async () => {
    const refused = await db().rpc('hit_upto', { upto: 4 }).maxAffected(3);
    expect(refused.error?.code).toBe('PGRST124');
    expect(refused.error?.details).toBe('The query affects 4 rows');
    expect(await totalHits()).toBe(0);
    const allowed = await db().rpc('hit_upto', { upto: 3 }).maxAffected(3);
    expect(allowed.error).toBeNull();
    expect(allowed.data).toHaveLength(3);
    expect(await totalHits()).toBe(3);
  });

  it('lenient handling ignores max-affected, as PostgREST does', async () => {
    const res = await hitAllPreferring('max-affected=1');
    expect(res.status).toBe(204);
    expect(await totalHits()).toBe(10);
  });

  it('max-affected on a table update still refuses and rolls back', async () => {
    const { error } = await db().from('counters').update({ hits: 7 }).lte('id', 6).maxAffected(5);
    expect(error?.code).toBe('PGRST124');
    expect(await totalHits()).toBe(0);
  });
});

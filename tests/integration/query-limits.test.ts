/**
 * Queries that cannot take the server down (issue 22 item 6): every API role's statements run under
 * hosted Supabase's statement timeout (anon 3 s, authenticated 8 s), a query past it gets
 * PostgREST's 57014 while other requests are answered, and no read answers more than max_rows
 * (supabase/config.toml: 1000) rows. Fixture: tests/integration/schemas/pgrst_limits.sql.
 */
import { describe, expect, inject, it } from 'vitest';
import { createConfirmedUser, rest, serviceRoleKey } from './support.ts';

const reading = { 'accept-profile': 'pgrst_limits' };
const calling = { 'content-profile': 'pgrst_limits', 'content-type': 'application/json' };

describe('statement timeout per API role', () => {
  it('anon, authenticated and service_role run under 3 s, 8 s and 8 s, as on hosted Supabase', async () => {
    const anon = await rest('/rest/v1/rpc/statement_timeout', { headers: reading });
    expect(anon.status).toBe(200);
    expect(await anon.json()).toBe('3s');

    const { session } = await createConfirmedUser();
    const user = await rest('/rest/v1/rpc/statement_timeout', { headers: { ...reading, authorization: `Bearer ${session.access_token}` } });
    expect(await user.json()).toBe('8s');

    const service = await rest('/rest/v1/rpc/statement_timeout', { headers: reading, key: serviceRoleKey() });
    expect(await service.json()).toBe('8s');
  });

  // PGlite runs a statement to its end on the one thread the whole server shares: nothing can
  // interrupt it, so this holds on PostgreSQL only (npm run test:integration:pg; ADR 0031).
  it.runIf(inject('databaseKind') === 'postgres')('an anonymous query past 3 s gets PostgREST’s timeout error while other requests are still answered', async () => {
    const order: string[] = [];
    const slow = rest('/rest/v1/rpc/sleep', { method: 'POST', headers: calling, body: JSON.stringify({ seconds: 6 }), signal: AbortSignal.timeout(20_000) }).then(async (res) => {
      order.push('slow');
      return { status: res.status, body: await res.json() };
    });
    await new Promise((r) => setTimeout(r, 200));
    const other = await rest('/rest/v1/rows?select=id&id=eq.7', { headers: reading });
    order.push('other');
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual([{ id: 7 }]);

    const answer = await slow;
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null });
    expect(order).toEqual(['other', 'slow']);
  });
});

describe('max_rows (supabase/config.toml [api] max_rows = 1000)', () => {
  it('a read of a bigger table answers 1000 rows, and Content-Range says so', async () => {
    const all = await rest('/rest/v1/rows?select=id&order=id', { headers: reading });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-999/*');
    const rows = (await all.json()) as { id: number }[];
    expect(rows).toHaveLength(1000);
    expect(rows.at(-1)).toEqual({ id: 1000 });

    const counted = await rest('/rest/v1/rows?select=id&order=id', { headers: { ...reading, prefer: 'count=exact' } });
    expect(counted.status).toBe(206);
    expect(counted.headers.get('content-range')).toBe('0-999/1500');
  });

  it('a smaller limit, a later offset and a Range header still work below it', async () => {
    const limited = await rest('/rest/v1/rows?select=id&order=id&limit=5', { headers: reading });
    expect(await limited.json()).toHaveLength(5);

    const late = await rest('/rest/v1/rows?select=id&order=id&offset=1200', { headers: reading });
    expect(late.headers.get('content-range')).toBe('1200-1499/*');
    expect(await late.json()).toHaveLength(300);

    const ranged = await rest('/rest/v1/rows?select=id&order=id', { headers: { ...reading, range: '0-1499' } });
    expect(ranged.headers.get('content-range')).toBe('0-999/*');
  });

  it('count=estimated is exact up to max_rows and the planner’s estimate above it, as in PostgREST', async () => {
    const few = await rest('/rest/v1/rows?select=id&id=lte.500', { headers: { ...reading, prefer: 'count=estimated' } });
    expect(few.headers.get('content-range')).toBe('0-499/500');

    // `label <> 'x'` keeps all 1500 rows; the planner reckons 1499 (1 - 1/n_distinct of the analyzed table).
    const planned = await rest('/rest/v1/rows?select=id&label=neq.x', { headers: { ...reading, prefer: 'count=planned' } });
    const estimated = await rest('/rest/v1/rows?select=id&label=neq.x', { headers: { ...reading, prefer: 'count=estimated' } });
    const total = (res: Response) => res.headers.get('content-range')?.split('/')[1];
    expect(total(planned)).not.toBe('1500');
    expect(estimated.status).toBe(206);
    expect(estimated.headers.get('content-range')).toMatch(/^0-999\/\d+$/);
    expect(total(estimated)).toBe(total(planned));
  });

  it('a function’s set of rows is cut at 1000 too', async () => {
    const res = await rest('/rest/v1/rpc/numbers?n=1500', { headers: reading });
    expect(res.status).toBe(200);
    const values = (await res.json()) as number[];
    expect(values).toHaveLength(1000);
    expect(values.at(-1)).toBe(1000);
  });
});

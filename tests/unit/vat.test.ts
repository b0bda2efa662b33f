/**
 * docs/adr/0023-vat-in-prices.md: the VAT contained in a gross amount, in the database
 * (vat_rates, vat_contained, vat_rate, the orders trigger) and in the storefront's cart rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteShipping } from '../../domain/shipping.ts';
import { cartVat, vatContained } from '../../domain/vat.ts';
import { asRole } from '../../server/context.ts';
import { type Database, openDatabase } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';

let db: Database;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
  await migrate(db);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

const scalar = async <T>(sql: string, params: unknown[] = []) => (await db.query<{ v: T }>(sql, params)).rows[0].v;

/** The 27 member states' standard rates as of 2026, in basis points. */
const EU_RATES: Record<string, number> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

describe('vat_rates', () => {
  it('holds the standard rate of each of the 27 member states and nothing else', async () => {
    const { rows } = await db.query<{ country: string; rate_basis_points: number }>('select country, rate_basis_points from public.vat_rates order by country');
    expect(Object.fromEntries(rows.map((r) => [r.country, r.rate_basis_points]))).toEqual(EU_RATES);
  });

  it('is readable by anyone and writable by no shopper', async () => {
    const rows = await asRole(db, { role: 'anon' }, (q) => q.query<{ n: number }>('select count(*)::int as n from public.vat_rates'));
    expect(rows.rows[0].n).toBe(27);
    await expect(asRole(db, { role: 'anon' }, (q) => q.query(`update public.vat_rates set rate_basis_points = 0 where country = 'DE'`))).rejects.toThrow();
  });
});

describe('vat_contained and vat_rate', () => {
  it('gives the VAT contained in a gross amount, rounded half up to the cent', async () => {
    expect(await scalar<number>('select public.vat_contained(3997, 1900) as v')).toBe(638);
    expect(await scalar<number>('select public.vat_contained(11900, 1900) as v')).toBe(1900);
    expect(await scalar<number>('select public.vat_contained(12550, 2550) as v')).toBe(2550);
    expect(await scalar<number>('select public.vat_contained(0, 1900) as v')).toBe(0);
    // 119 × 19 / 119 = 19 exactly; 1 cent at 19 % is 0.16 → 0; 3 cents → 0.479 → 0; 4 cents → 0.639 → 1.
    expect(await scalar<number>('select public.vat_contained(1, 1900) as v')).toBe(0);
    expect(await scalar<number>('select public.vat_contained(4, 1900) as v')).toBe(1);
  });

  it('agrees with the storefront’s rule for every cent up to €100 at each EU rate', async () => {
    const { rows } = await db.query<{ gross: number; rate: number; v: number }>(
      'select g as gross, r.rate_basis_points as rate, public.vat_contained(g, r.rate_basis_points) as v from generate_series(0, 10000, 7) g cross join public.vat_rates r',
    );
    expect(rows.length).toBeGreaterThan(1000);
    for (const row of rows) expect(vatContained(row.gross, row.rate)).toBe(row.v);
  });

  it('knows the rate of a member state and none for an export (GB, US, CH, NO)', async () => {
    expect(await scalar<number>(`select public.vat_rate('de') as v`)).toBe(1900);
    expect(await scalar<number>(`select public.vat_rate('FI') as v`)).toBe(2550);
    for (const country of ['GB', 'US', 'CH', 'NO', 'CA']) expect(await scalar<number | null>('select public.vat_rate($1) as v', [country])).toBeNull();
  });
});

describe('an order keeps the VAT of its destination', () => {
  const insertOrder = async (address: object | null, region: string | null, total = 3997) =>
    (
      await db.query<{ vat_rate_basis_points: number | null; vat_amount: number | null }>(
        `insert into public.orders (subtotal, shipping, total, shipping_address, shipping_region) values ($1, 0, $1, $2, $3)
         returning vat_rate_basis_points, vat_amount`,
        [total, address === null ? null : JSON.stringify(address), region],
      )
    ).rows[0];
  const address = (country: string) => ({ name: 'Sam', line1: 'Main St 1', postalCode: '12345', city: 'Town', country });

  it('the delivery country decides: DE 19 %, AT 20 %, and none for GB or the USA', async () => {
    expect(await insertOrder(address('DE'), 'DE')).toEqual({ vat_rate_basis_points: 1900, vat_amount: 638 });
    expect(await insertOrder(address('AT'), 'EU', 12000)).toEqual({ vat_rate_basis_points: 2000, vat_amount: 2000 });
    expect(await insertOrder(address('GB'), 'UK')).toEqual({ vat_rate_basis_points: null, vat_amount: null });
    expect(await insertOrder(address('US'), 'US')).toEqual({ vat_rate_basis_points: null, vat_amount: null });
  });

  it('without an address: the DE region counts as Germany, any other region says nothing', async () => {
    expect(await insertOrder(null, 'DE')).toEqual({ vat_rate_basis_points: 1900, vat_amount: 638 });
    expect(await insertOrder(null, 'EU')).toEqual({ vat_rate_basis_points: null, vat_amount: null });
  });
});

describe('the cart’s VAT (region only)', () => {
  it('DE: Germany’s rate on the total, shipping included; EU: the destination’s; UK and US: an export', () => {
    expect(cartVat('DE', 3997, 1900)).toEqual({ kind: 'contained', rateBasisPoints: 1900, amount: 638 });
    expect(cartVat('EU', 3997, null)).toEqual({ kind: 'destination' });
    expect(cartVat('UK', 3997, null)).toEqual({ kind: 'export' });
    expect(cartVat('US', 3997, 1900)).toEqual({ kind: 'export' });
    expect(cartVat('DE', 3997, null)).toBeNull();
  });

  it('the quote’s VAT is on subtotal plus shipping', () => {
    const rates = [{ region: 'DE' as const, standardRate: 499, expressRate: 999, freeFrom: 7500, vatRateBasisPoints: 1900 }];
    expect(quoteShipping(rates, 'DE', 3498)?.vat).toEqual({ kind: 'contained', rateBasisPoints: 1900, amount: vatContained(3997, 1900) });
  });
});

describe('who writes an order needs no right on the VAT helpers', () => {
  it('the service role inserts an order and gets its VAT', async () => {
    const { rows } = await asRole(db, { role: 'service_role' }, (q) =>
      q.query<{ vat_amount: number | null }>(
        `insert into public.orders (subtotal, shipping, total, shipping_address, shipping_region) values (3997, 0, 3997, $1, 'DE') returning vat_amount`,
        [JSON.stringify({ name: 'Sam', line1: 'Main St 1', postalCode: '12345', city: 'Town', country: 'DE' })],
      ),
    );
    expect(rows[0].vat_amount).toBe(638);
  });
});

/**
 * The lowest price of the last 30 days (§ 11 PAngV, docs/adr/0027-lowest-price-30-days.md): every
 * price a variant has is kept in public.variant_price_history by the database, and the figure a
 * reduction states is fixed by a trigger when the reduction is applied. Time is simulated by
 * moving the test's own history rows into the past with the superuser oracle.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lowestPrice } from '../../domain/catalogue.ts';
import { type Client, createSupabaseClient } from '../../src/api/client.ts';
import { fetchProductBySlug } from '../../src/api/products.ts';
import { ADMIN, ALEX, anonClient, anonKey, apiUrl, serviceClient, signIn, sql } from './support.ts';

/** src/api's `supabase()` answers with the storefront's own client, signed out (a shopper). */
const current = vi.hoisted(() => ({ client: null as Client | null }));
vi.mock('../../src/api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/api/client.ts')>();
  return {
    ...real,
    supabase: () => {
      if (!current.client) throw new Error('test: no client selected');
      return current.client;
    },
  };
});

const marker = randomUUID().slice(0, 8);
let service: SupabaseClient;
let admin: SupabaseClient;
let productId: string;
const slug = `it-price-history-${marker}`;

type HistoryRow = { price: number; valid_from: string; valid_to: string | null };

async function history(variantId: string): Promise<HistoryRow[]> {
  return sql<HistoryRow>('select price, valid_from::text, valid_to::text from public.variant_price_history where variant_id = $1 order by valid_from, id', [variantId]);
}

async function variantRow(variantId: string) {
  return (
    await sql<{ price: number; compare_at_price: number | null; prior_lowest_price: number | null }>(
      'select price, compare_at_price, prior_lowest_price from public.variants where id = $1',
      [variantId],
    )
  )[0];
}

/** A published product of the test's own, as the service role creates one. */
async function newProduct(productSlug = `it-price-history-${marker}-${randomUUID().slice(0, 8)}`): Promise<string> {
  const { data, error } = await service
    .from('products')
    .insert({ slug: productSlug, title: `Price History Tee ${marker}`, category: 'clothing', status: 'published', currency: 'EUR' })
    .select('id')
    .single();
  if (error) throw new Error(`insert product: ${error.message}`);
  return data.id;
}

/**
 * A new variant, as the service role creates one: of the shared product, or of `product` (the
 * admin's save makes a product's variants exactly the ones it lists, so a test that saves has its own).
 */
async function newVariant(price: number, compareAt: number | null = null, product = productId): Promise<string> {
  const { data, error } = await service
    .from('variants')
    .insert({ product_id: product, sku: `it-ph-${marker}-${randomUUID().slice(0, 8)}`, price, compare_at_price: compareAt, inventory: 5 })
    .select('id')
    .single();
  if (error) throw new Error(`insert variant: ${error.message}`);
  return data.id;
}

/**
 * Replaces the variant's history with the given periods (days before now; `to` null: in force
 * now), as if those prices had applied then. The period in force now keeps the variant's price.
 */
async function pretendHistory(variantId: string, periods: { price: number; from: number; to: number | null }[]) {
  await sql('delete from public.variant_price_history where variant_id = $1', [variantId]);
  for (const p of periods) {
    await sql(
      `insert into public.variant_price_history (variant_id, price, valid_from, valid_to)
       values ($1, $2, now() - make_interval(days => $3), case when $4::int is null then null else now() - make_interval(days => $4::int) end)`,
      [variantId, p.price, p.from, p.to],
    );
  }
}

async function update(variantId: string, values: Record<string, unknown>) {
  const { error } = await service.from('variants').update(values).eq('id', variantId);
  if (error) throw new Error(`update variant: ${error.message}`);
}

beforeAll(async () => {
  service = serviceClient();
  admin = (await signIn(ADMIN.email, ADMIN.password)).client;
  productId = await newProduct(slug);
});

describe('variant_price_history', () => {
  it('keeps every price a variant had, written by the database whoever changes it', async () => {
    const product = await newProduct();
    const id = await newVariant(5000, null, product);
    expect(await history(id)).toEqual([{ price: 5000, valid_from: expect.any(String), valid_to: null }]);

    await update(id, { price: 6000 });
    await update(id, { inventory: 2 }); // not a price: no new period
    const rows = await history(id);
    expect(rows.map((r) => r.price)).toEqual([5000, 6000]);
    expect(rows[0].valid_to).not.toBeNull();
    expect(rows[0].valid_to).toBe(rows[1].valid_from);
    expect(rows[1].valid_to).toBeNull();

    // The admin's save (save_product_variants) is recorded like any other change.
    const sku = (await service.from('variants').select('sku').eq('id', id).single()).data!.sku as string;
    const saved = await admin.rpc('save_product_variants', { product_id: product, variants: [{ id, sku, price: 5500, compare_at_price: null, inventory: 2 }] });
    expect(saved.error).toBeNull();
    expect((await history(id)).map((r) => r.price)).toEqual([5000, 6000, 5500]);
    await admin.rpc('save_product_variants', { product_id: product, variants: [{ id, sku, price: 5500, compare_at_price: null, inventory: 3 }] });
    expect((await history(id)).map((r) => r.price)).toEqual([5000, 6000, 5500]);
  });

  it('is read by admins only', async () => {
    const id = await newVariant(4200);
    const asAdmin = await admin.from('variant_price_history').select('price,valid_to').eq('variant_id', id);
    expect(asAdmin).toMatchObject({ error: null, data: [{ price: 4200, valid_to: null }] });

    const asCustomer = await (await signIn(ALEX.email, ALEX.password)).client.from('variant_price_history').select('price').eq('variant_id', id);
    expect(asCustomer).toMatchObject({ error: null, data: [] });

    const asAnon = await anonClient().from('variant_price_history').select('price').eq('variant_id', id);
    expect(asAnon.error?.code).toBe('42501');
    const write = await admin.from('variant_price_history').insert({ variant_id: id, price: 1, valid_from: new Date().toISOString() });
    expect(write.error?.code).toBe('42501');
    expect((await history(id)).map((r) => r.price)).toEqual([4200]);
  });
});

describe('prior_lowest_price: the lowest price of the 30 days before a reduction (§ 11 (1) PAngV)', () => {
  it('takes the lowest price in force in the 30 days before the reduction, a lower and a higher earlier price included', async () => {
    const id = await newVariant(10000);
    await pretendHistory(id, [
      { price: 2000, from: 60, to: 35 }, // ended more than 30 days ago: does not count
      { price: 4000, from: 35, to: 20 }, // began before the window, in force within it: counts
      { price: 12000, from: 20, to: 10 },
      { price: 10000, from: 10, to: null },
    ]);
    expect(await variantRow(id)).toMatchObject({ prior_lowest_price: null });

    await update(id, { price: 8000, compare_at_price: 12000 });
    expect(await variantRow(id)).toEqual({ price: 8000, compare_at_price: 12000, prior_lowest_price: 4000 });

    // The same rule at another moment: 21 days ago the 2000 was within its 30 days.
    const [{ at21, atNow }] = await sql<{ at21: number; atNow: number }>(
      `select private.lowest_price_before($1, now() - interval '21 days') as "at21", private.lowest_price_before($1, now()) as "atNow"`,
      [id],
    );
    expect(at21).toBe(2000);
    expect(atNow).toBe(4000);
  });

  it('is the old price when nothing lower came before, and stays fixed while the reduction runs', async () => {
    const id = await newVariant(10000);
    await pretendHistory(id, [{ price: 10000, from: 90, to: null }]);
    await update(id, { price: 7000, compare_at_price: 10000 });
    expect((await variantRow(id)).prior_lowest_price).toBe(10000);

    // The reduction goes on: another compare-at price, stock, or 40 days passing change nothing.
    await update(id, { compare_at_price: 11000, inventory: 1 });
    await sql(`update public.variant_price_history set valid_from = valid_from - interval '40 days', valid_to = valid_to - interval '40 days' where variant_id = $1`, [id]);
    await update(id, { compare_at_price: 10000 });
    expect((await variantRow(id)).prior_lowest_price).toBe(10000);
  });

  it('takes the lower price before a rise while still reduced; clears without a reduction; starts again when one is shown', async () => {
    const id = await newVariant(10000);
    await pretendHistory(id, [{ price: 10000, from: 60, to: null }]);
    await update(id, { price: 7000, compare_at_price: 10000 });
    expect((await variantRow(id)).prior_lowest_price).toBe(10000);

    // A rise to 8000, still shown against 10000: the 7000 of the last days is the lowest.
    await update(id, { price: 8000 });
    expect((await variantRow(id)).prior_lowest_price).toBe(7000);

    // The compare-at price goes: no reduction, no figure.
    await update(id, { compare_at_price: null });
    expect((await variantRow(id)).prior_lowest_price).toBeNull();
    // A compare-at price at or below the price is no reduction either.
    await update(id, { compare_at_price: 8000 });
    expect((await variantRow(id)).prior_lowest_price).toBeNull();

    // A reduction shown again without a new price: the lowest of the 30 days before now.
    await update(id, { compare_at_price: 9500 });
    expect((await variantRow(id)).prior_lowest_price).toBe(7000);
  });

  it('is the price itself for a variant created reduced (no earlier price exists)', async () => {
    const id = await newVariant(3000, 4500);
    expect(await variantRow(id)).toEqual({ price: 3000, compare_at_price: 4500, prior_lowest_price: 3000 });
  });

  it('is owned by the trigger: the admin can set it neither directly nor through the save, the service role’s value is replaced', async () => {
    const product = await newProduct();
    const id = await newVariant(5000, null, product);
    await update(id, { price: 4000, compare_at_price: 6000 });
    expect((await variantRow(id)).prior_lowest_price).toBe(5000);

    const direct = await admin.from('variants').update({ prior_lowest_price: 1 }).eq('id', id);
    expect(direct.error?.code).toBe('42501');
    const inserted = await admin.from('variants').insert({ product_id: product, sku: `it-ph-${marker}-forged`, price: 100, compare_at_price: 200, prior_lowest_price: 1 });
    expect(inserted.error?.code).toBe('42501');
    expect(await sql('select 1 from public.variants where sku = $1', [`it-ph-${marker}-forged`])).toEqual([]);

    const sku = (await service.from('variants').select('sku').eq('id', id).single()).data!.sku as string;
    const saved = await admin.rpc('save_product_variants', {
      product_id: product,
      variants: [{ id, sku, price: 4000, compare_at_price: 6500, prior_lowest_price: 1, inventory: 5 }],
    });
    expect(saved.error).toBeNull();
    expect((saved.data as { prior_lowest_price: number }[])[0].prior_lowest_price).toBe(5000);

    await update(id, { prior_lowest_price: 1 });
    expect(await variantRow(id)).toEqual({ price: 4000, compare_at_price: 6500, prior_lowest_price: 5000 });
  });
});

describe('the storefront reads it with the product', () => {
  it('anon gets prior_lowest_price on the product page and its card', async () => {
    const id = await newVariant(10000);
    await pretendHistory(id, [
      { price: 8500, from: 25, to: 15 },
      { price: 10000, from: 15, to: null },
    ]);
    await update(id, { price: 7500, compare_at_price: 10000 });

    const raw = await anonClient().from('variants').select('id,prior_lowest_price').eq('id', id).single();
    expect(raw).toMatchObject({ error: null, data: { id, prior_lowest_price: 8500 } });

    current.client = createSupabaseClient(apiUrl(), anonKey());
    const product = await fetchProductBySlug(slug);
    const variant = product.variants.find((v) => v.id === id);
    expect(variant).toMatchObject({ price: 7500, compare_at_price: 10000, prior_lowest_price: 8500 });
    expect(lowestPrice({ variants: [variant!] })).toEqual({ price: 7500, compareAt: 10000, priorLowest: 8500 });
  });
});

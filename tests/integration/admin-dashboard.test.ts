/**
 * The admin dashboard's RPCs (ADR 0036) through the app's own client (src/api/dashboard.ts), signed
 * in as the seed admin. Other suites write orders at the same time, so every sum is checked as the
 * DIFFERENCE between two calls around what this file adds, or on lists filtered to this file's own
 * products and variants. Orders are written as fulfilment leaves them (the superuser oracle), with
 * the times and statuses a case needs; everything made here is removed at the end.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttentionPanel, SalesPanel, StockPanel } from '../../domain/adminDashboard.ts';
import { type Client, createSupabaseClient } from '../../src/api/client.ts';
import { fetchDashboardAttention, fetchDashboardSales, fetchDashboardStock, fetchDashboardTopProducts } from '../../src/api/dashboard.ts';
import { ApiError } from '../../src/api/errors.ts';
import { ADMIN, ALEX, anonKey, apiUrl, sql } from './support.ts';

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

const run = `d${randomUUID().replaceAll('-', '').slice(0, 10)}`;
let counter = 0;
const marker = () => `${run}-${++counter}`;
const orders: string[] = [];
const products: string[] = [];
const sessions: string[] = [];
let adminClient: Client;
let alexClient: Client;

async function signedIn(email: string, password: string): Promise<Client> {
  const client = createSupabaseClient(apiUrl(), anonKey());
  const { error } = await (await client.auth()).signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in ${email}: ${error.message}`);
  return client;
}

/** A published product of this file with one variant per given stock. */
async function product(inventories: number[]) {
  const m = marker();
  const [p] = await sql<{ id: string }>(`insert into public.products (slug, title, category, status) values ($1, $2, 'clothing', 'published') returning id`, [
    `it-dash-${m}`,
    `Dashboard test ${m}`,
  ]);
  products.push(p.id);
  const variants = [];
  for (const [i, inventory] of inventories.entries()) {
    const [v] = await sql<{ id: string; sku: string }>(`insert into public.variants (product_id, sku, size, price, inventory) values ($1, $2, $3, 1000, $4) returning id, sku`, [
      p.id,
      `DASH-${m}-${i}`,
      ['S', 'M', 'L', 'XL'][i % 4],
      inventory,
    ]);
    variants.push(v);
  }
  return { id: p.id, variants };
}

/**
 * An order of one line (`qty` × `unitPrice` of the product) placed at `at` (an SQL timestamptz
 * expression), with `refunded` cents refunded; shipping 0, so its total is the line.
 */
async function order(productId: string, { qty = 1, unitPrice = 1000, status = 'paid', at = 'now()', refunded = 0, currency = 'EUR' } = {}) {
  const total = qty * unitPrice;
  const [o] = await sql<{ id: string }>(
    `insert into public.orders (customer_email, status, subtotal, shipping, total, refunded_total, currency, created_at)
     values ($1, $2, $3, 0, $3, $4, $5, ${at}) returning id`,
    [`${marker()}@example.test`, status, total, refunded, currency],
  );
  orders.push(o.id);
  await sql(`insert into public.order_items (order_id, product_id, title, unit_price, qty, line_total, position) values ($1, $2, 'Dashboard line', $3, $4, $5, 1)`, [
    o.id,
    productId,
    unitPrice,
    qty,
    total,
  ]);
  return o.id;
}

const asAdmin = () => {
  current.client = adminClient;
};
const dayOf = (sales: SalesPanel, offset: number) => sales.current.series[sales.current.series.length - 1 - offset];
/** Berlin's today, yesterday…: an SQL expression for noon of that day, so a run near midnight stays on its day. */
const berlinNoon = (daysAgo: number) => `((((now() at time zone 'Europe/Berlin')::date - ${daysAgo}) + time '12:00') at time zone 'Europe/Berlin')`;

beforeAll(async () => {
  [adminClient, alexClient] = await Promise.all([signedIn(ADMIN.email, ADMIN.password), signedIn(ALEX.email, ALEX.password)]);
});

afterAll(async () => {
  if (orders.length) {
    await sql('delete from public.withdrawals where order_id = any($1::uuid[])', [orders]);
    await sql('delete from public.refunds where order_id = any($1::uuid[])', [orders]);
    await sql('delete from public.orders where id = any($1::uuid[])', [orders]);
    await sql('delete from public.checkout_sessions where id = any($1::text[])', [sessions]);
  }
  if (products.length) await sql('delete from public.products where id = any($1::uuid[])', [products]);
});

describe('sales per day', () => {
  it('has every Berlin day of the period and the period before, oldest first', async () => {
    asAdmin();
    for (const days of [7, 30, 90] as const) {
      const sales = await fetchDashboardSales(days);
      expect(sales.days).toBe(days);
      expect(sales.currency).toBe('EUR');
      expect(sales.current.series).toHaveLength(days);
      expect(sales.previous.series).toHaveLength(days);
      const [today] = await sql<{ d: string }>(`select to_char((now() at time zone 'Europe/Berlin')::date, 'YYYY-MM-DD') as d`);
      expect(sales.current.to).toBe(today.d);
      const all = [...sales.previous.series, ...sales.current.series].map((d) => d.day);
      expect(all).toEqual([...all].sort());
      expect(new Set(all).size).toBe(days * 2);
    }
  });

  it('counts exactly the orders added: paid, shipped and refunded orders less their refunds; not pending, cancelled or another currency', async () => {
    asAdmin();
    const p = await product([10]);
    const before = await fetchDashboardSales(7);
    await order(p.id, { qty: 2, unitPrice: 1250, at: berlinNoon(0) }); // +2500, 1 order today
    await order(p.id, { status: 'shipped', unitPrice: 4000, refunded: 1500, at: berlinNoon(0) }); // +2500, 1 order today
    await order(p.id, { status: 'refunded', unitPrice: 3000, refunded: 3000, at: berlinNoon(2) }); // +0, 1 order 2 days ago
    await order(p.id, { status: 'delivered', unitPrice: 999, at: berlinNoon(9) }); // the period before: +999, 1 order
    await order(p.id, { status: 'pending', unitPrice: 7777, at: berlinNoon(0) }); // never paid
    await order(p.id, { status: 'cancelled', unitPrice: 8888, at: berlinNoon(0) }); // not a sale
    await order(p.id, { currency: 'USD', unitPrice: 6666, at: berlinNoon(0) }); // not the shop's currency
    const after = await fetchDashboardSales(7);
    const diff = (a: { revenue: number; orders: number }, b: { revenue: number; orders: number }) => ({ revenue: a.revenue - b.revenue, orders: a.orders - b.orders });
    expect(diff(after.current.total, before.current.total)).toEqual({ revenue: 5000, orders: 3 });
    expect(diff(after.previous.total, before.previous.total)).toEqual({ revenue: 999, orders: 1 });
    expect(diff(dayOf(after, 0), dayOf(before, 0))).toEqual({ revenue: 5000, orders: 2 });
    expect(diff(dayOf(after, 2), dayOf(before, 2))).toEqual({ revenue: 0, orders: 1 });
    expect(diff(after.previous.series[4], before.previous.series[4])).toEqual({ revenue: 999, orders: 1 });
  });

  it('puts an order on its day in Berlin: 23:30 and 00:30 Berlin time, which are another day in UTC', async () => {
    asAdmin();
    const p = await product([10]);
    const before = await fetchDashboardSales(7);
    // 23:30 Berlin time of the day before yesterday: UTC 21:30 or 22:30 of that day.
    await order(p.id, { unitPrice: 1111, at: `((((now() at time zone 'Europe/Berlin')::date - 2) + time '23:30') at time zone 'Europe/Berlin')` });
    // 00:30 Berlin time yesterday: still the day before in UTC.
    await order(p.id, { unitPrice: 2222, at: `((((now() at time zone 'Europe/Berlin')::date - 1) + time '00:30') at time zone 'Europe/Berlin')` });
    const after = await fetchDashboardSales(7);
    expect(dayOf(after, 2).revenue - dayOf(before, 2).revenue).toBe(1111);
    expect(dayOf(after, 1).revenue - dayOf(before, 1).revenue).toBe(2222);
  });

  it('computes the change in % from the totals', async () => {
    asAdmin();
    const sales = await fetchDashboardSales(30);
    const pct = (now: number, then: number) => (then === 0 ? null : Math.round(((now - then) * 1000) / then) / 10);
    expect(sales.change.revenue).toBe(pct(sales.current.total.revenue, sales.previous.total.revenue));
    expect(sales.change.orders).toBe(pct(sales.current.total.orders, sales.previous.total.orders));
  });

  it('refuses a period other than 7, 30 or 90', async () => {
    asAdmin();
    const error = await fetchDashboardSales(31 as never).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('days must be 7, 30 or 90');
  });
});

describe('top products', () => {
  it('ranks by the revenue of the period; this file’s products by exactly what it sold', async () => {
    asAdmin();
    const big = await product([10]);
    const small = await product([10]);
    // Far above anything else the suites sell in a week, so both enter the top 10.
    await order(big.id, { qty: 3, unitPrice: 9_000_000, at: berlinNoon(1) });
    await order(big.id, { qty: 1, unitPrice: 9_000_000, status: 'delivered', at: berlinNoon(0) });
    await order(small.id, { qty: 2, unitPrice: 8_000_000, at: berlinNoon(0) });
    await order(small.id, { qty: 5, unitPrice: 8_000_000, at: berlinNoon(20) }); // outside the 7 days
    await order(small.id, { qty: 5, unitPrice: 9_900_000, status: 'cancelled', at: berlinNoon(0) }); // not a sale
    const top = await fetchDashboardTopProducts(7);
    expect(top.length).toBeLessThanOrEqual(10);
    const revenues = top.map((t) => t.revenue);
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    const mine = top.filter((t) => t.productId === big.id || t.productId === small.id);
    expect(mine).toEqual([
      { productId: big.id, title: expect.stringMatching(/^Dashboard test/), revenue: 36_000_000, units: 4 },
      { productId: small.id, title: expect.stringMatching(/^Dashboard test/), revenue: 16_000_000, units: 2 },
    ]);
    const month = await fetchDashboardTopProducts(30);
    expect(month.find((t) => t.productId === small.id)).toMatchObject({ revenue: 56_000_000, units: 7 });
  });
});

describe('low stock and sold out', () => {
  it('lists this file’s variants at or below the threshold, sold out ones with their waiting requests', async () => {
    asAdmin();
    const p = await product([0, 1, 5, 6]);
    const [soldOut, one, five, six] = p.variants;
    const emails = [1, 2, 3].map(() => `${marker()}@example.test`);
    for (const [i, email] of emails.entries()) {
      // A waiting request is a confirmed one (back_in_stock_requests_waiting_confirmed).
      await sql(`insert into public.back_in_stock_requests (variant_id, email, status, confirmed_at) values ($1, $2, $3, case when $3 = 'waiting' then now() end)`, [
        soldOut.id,
        email,
        i < 2 ? 'waiting' : 'pending',
      ]);
    }
    const stock: StockPanel = await fetchDashboardStock(5);
    expect(stock.threshold).toBe(5);
    const lowSkus = stock.low.map((v) => v.sku);
    expect(lowSkus).toContain(one.sku);
    expect(lowSkus).not.toContain(six.sku);
    expect(lowSkus).not.toContain(soldOut.sku);
    expect(stock.low.find((v) => v.sku === one.sku)).toMatchObject({ variantId: one.id, productId: p.id, inventory: 1, size: 'M' });
    expect(stock.soldOut.find((v) => v.sku === soldOut.sku)).toMatchObject({ variantId: soldOut.id, inventory: 0, waiting: 2 });
    expect(stock.low.every((v) => v.inventory >= 1 && v.inventory <= 5)).toBe(true);
    expect(stock.soldOut.every((v) => v.inventory === 0)).toBe(true);
    // A lower threshold leaves the variant with 5 out, a higher one takes in the one with 6.
    const lower = await fetchDashboardStock(4);
    expect(lower.low.map((v) => v.sku)).not.toContain(five.sku);
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from public.variants where archived_at is null and inventory between 1 and 6');
    if (n <= 50) expect((await fetchDashboardStock(6)).low.map((v) => v.sku)).toContain(six.sku);
  });

  it('counts the low and sold-out variants exactly: this file’s additions change the counts by as many', async () => {
    asAdmin();
    const before = await fetchDashboardStock(5);
    const p = await product([0, 0, 2, 3, 9]);
    const after = await fetchDashboardStock(5);
    expect(after.lowCount - before.lowCount).toBe(2);
    expect(after.soldOutCount - before.soldOutCount).toBe(2);
    // An archived variant and an archived product's variants are not live stock.
    await sql('update public.variants set archived_at = now() where id = $1', [p.variants[2].id]);
    await sql(`update public.products set status = 'archived' where id = $1`, [p.id]);
    const archived = await fetchDashboardStock(5);
    expect([archived.lowCount - before.lowCount, archived.soldOutCount - before.soldOutCount]).toEqual([0, 0]);
  });

  it('refuses a threshold that is not 1 to 1000', async () => {
    asAdmin();
    for (const threshold of [0, 1001]) {
      await expect(fetchDashboardStock(threshold)).rejects.toMatchObject({ message: 'threshold must be a whole number from 1 to 1000' });
    }
  });
});

describe('needs attention', () => {
  it('counts unshipped paid orders older than 2 days, open withdrawals and refund failures: exactly what this file adds', async () => {
    asAdmin();
    const p = await product([10]);
    const before: AttentionPanel = await fetchDashboardAttention();
    const late = await order(p.id, { at: `now() - interval '3 days'` }); // paid 3 days ago, not shipped
    await order(p.id, { status: 'processing', at: `now() - interval '50 hours'` }); // processing, 50 h
    await order(p.id, { at: `now() - interval '47 hours'` }); // not late yet
    await order(p.id, { status: 'shipped', at: `now() - interval '5 days'` }); // shipped
    const withdrawn = await order(p.id, { status: 'delivered', at: `now() - interval '10 days'` });
    await sql(`insert into public.withdrawals (order_id, email) values ($1, $2)`, [withdrawn, `${marker()}@example.test`]);
    const settled = await order(p.id, { status: 'refunded', refunded: 1000, at: `now() - interval '10 days'` });
    await sql(`insert into public.withdrawals (order_id, email) values ($1, $2)`, [settled, `${marker()}@example.test`]);
    // A failed refund (a failure), and one that failed and was then retried with success (no longer one).
    const refund = async (orderId: string, status: string, at: string) => {
      const session = `cs_${marker().replaceAll('-', '_')}`;
      await sql(
        `insert into public.checkout_sessions (id, provider, line_items, amount_subtotal, amount_shipping, amount_total, currency, success_url, cancel_url, status, completed_at)
         values ($1, 'local', '[{}]', 1000, 0, 1000, 'EUR', 'http://x/s', 'http://x/c', 'complete', now())`,
        [session],
      );
      sessions.push(session);
      await sql(
        `insert into public.refunds (order_id, checkout_session_id, kind, amount, currency, reason, status, provider, created_at)
         values ($1, $2, 'partial', 100, 'EUR', 'test', $3, 'local', ${at})`,
        [orderId, session, status],
      );
    };
    await refund(late, 'failed', `now() - interval '1 hour'`);
    const retried = await order(p.id, { status: 'delivered', at: `now() - interval '10 days'` });
    await refund(retried, 'failed', `now() - interval '2 hours'`);
    await refund(retried, 'succeeded', `now() - interval '1 hour'`);
    const after: AttentionPanel = await fetchDashboardAttention();
    expect(after.unshipped - before.unshipped).toBe(2);
    expect(after.openWithdrawals - before.openWithdrawals).toBe(1);
    expect(after.refundFailures - before.refundFailures).toBe(1);
    expect(after.pendingReviews - before.pendingReviews).toBe(0);
    expect(after.oldestUnshipped.length).toBeLessThanOrEqual(5);
  });
});

describe('who may', () => {
  it('a customer is refused every panel (42501) with a clear message', async () => {
    current.client = alexClient;
    for (const call of [() => fetchDashboardSales(7), () => fetchDashboardTopProducts(7), () => fetchDashboardStock(5), () => fetchDashboardAttention()]) {
      await expect(call()).rejects.toMatchObject({ message: 'Only admins can see the dashboard' });
    }
  });
});

/**
 * Orders a shop can ship and refund (issue 19, ADR 0021), through the API as the storefront and
 * the admin call it: held stock and its release, addresses, shipping with tracking, refunds
 * (partial, cancel, twice at once, too much, failing at Stripe and retried), the timeline each
 * side may read, and the e-mails queued. Every test makes its own products and orders.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts';
import { signStripePayload } from '../../supabase/functions/_shared/stripe.ts';
import { createHandler as createCheckoutHandler } from '../../supabase/functions/create-checkout-session/handler.ts';
import { createHandler as createRefundHandler } from '../../supabase/functions/refund-order/handler.ts';
import { createHandler as createWebhookHandler } from '../../supabase/functions/stripe-webhook/handler.ts';
import { startFakeStripe, type FakeStripe } from '../../server/functions/fixtures/fake-stripe.ts';
import { ADMIN, ALEX, anonClient, anonKey, apiUrl, serviceClient, serviceRoleKey, signIn, type SignedIn, sql, uniqueEmail } from './support.ts';

const SITE = 'http://localhost:5173';

/** What refund-order answers: the refund, or an error with the database's code. */
type RefundAnswer = {
  error?: string;
  code?: string;
  refund: { id: string; status: string; kind: string; amount: number; failure: string | null; providerRefundId: string | null };
};
const marker = randomUUID().slice(0, 8);
const service = serviceClient();
const GERMAN_ADDRESS = { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE' };
let admin: SignedIn;
let alex: SignedIn;
let productId: string;
const variants: Record<'tee' | 'cap' | 'last', string> = { tee: '', cap: '', last: '' };

async function inventory(id: string): Promise<number> {
  const { data } = await service.from('variants').select('inventory').eq('id', id).single();
  return data!.inventory as number;
}

async function openSession(client: SupabaseClient, items: { variantId: string; qty: number }[], extra: Record<string, unknown> = {}) {
  return client.functions.invoke('create-checkout-session', { body: { items, successUrl: `${SITE}/orders`, cancelUrl: `${SITE}/cart`, ...extra } });
}

/** A paid order of the given lines (local provider), settled as the payment page does. */
async function paidOrder(items: { variantId: string; qty: number }[], client: SupabaseClient = anonClient(), email: string | null = uniqueEmail('buyer')) {
  const { data, error } = await openSession(client, items, email ? { email } : {});
  if (error) throw new Error(`create-checkout-session: ${error.message}`);
  const settled = await service.rpc('settle_checkout_session', { session_id: data.sessionId, payment: { address: GERMAN_ADDRESS, paymentIntent: `pi_local_${marker}` } });
  if (settled.error) throw new Error(`settle: ${settled.error.message}`);
  expect(settled.data.outcome).toBe('order');
  const { data: order } = await service.from('orders').select('*, order_items(id,variant_id,qty,unit_price)').eq('id', settled.data.orderId).single();
  return order as {
    id: string;
    order_number: string;
    total: number;
    refunded_total: number;
    status: string;
    order_items: { id: string; variant_id: string; qty: number; unit_price: number }[];
  };
}

/** POST /functions/v1/refund-order as the given user; the status and the JSON answer. */
async function refund(who: SignedIn, body: Record<string, unknown>): Promise<[number, RefundAnswer]> {
  const res = await fetch(`${apiUrl()}/functions/v1/refund-order`, {
    method: 'POST',
    headers: { apikey: anonKey(), authorization: `Bearer ${who.session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return [res.status, await res.json()];
}

const orderRow = async (id: string) =>
  (await service.from('orders').select('status,refunded_total,stock_returned_at,carrier,tracking_number,tracking_url,shipped_at').eq('id', id).single()).data!;
const noticesOf = async (orderId: string) => sql<{ kind: string }>('select kind from public.order_notices where order_id = $1 order by created_at', [orderId]);

beforeAll(async () => {
  [admin, alex] = await Promise.all([signIn(ADMIN.email, ADMIN.password), signIn(ALEX.email, ALEX.password)]);
  const { data: product, error } = await service
    .from('products')
    .insert({ slug: `it-sr-${marker}`, title: `Ship Refund Tee ${marker}`, description: 'x', category: 'clothing', status: 'published', currency: 'EUR' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  productId = product.id;
  const { data: rows } = await service
    .from('variants')
    .insert([
      { product_id: productId, sku: `IT-SR-${marker}-M`, size: 'M', price: 2500, inventory: 100 },
      { product_id: productId, sku: `IT-SR-${marker}-CAP`, size: 'L', price: 1500, inventory: 100 },
      { product_id: productId, sku: `IT-SR-${marker}-LAST`, size: 'S', price: 3000, inventory: 1 },
    ])
    .select('id,sku');
  for (const row of rows as { id: string; sku: string }[]) {
    if (row.sku.endsWith('-M')) variants.tee = row.id;
    else if (row.sku.endsWith('-CAP')) variants.cap = row.id;
    else variants.last = row.id;
  }
});

afterAll(async () => {
  await sql(`delete from public.refunds where checkout_session_id in (select id from public.checkout_sessions where line_items::text like $1)`, [`%${variants.tee || 'none'}%`]);
  await sql(`delete from public.refunds where checkout_session_id in (select id from public.checkout_sessions where line_items::text like $1)`, [`%${variants.last || 'none'}%`]);
  await sql(`delete from public.orders where id in (select order_id from public.order_items where product_id = $1)`, [productId]);
  await sql(`delete from public.checkout_sessions where line_items::text like $1 or line_items::text like $2`, [`%${variants.tee}%`, `%${variants.last}%`]);
  await service.from('products').delete().eq('id', productId);
});

describe('stock held by an open checkout session', () => {
  it('twenty sessions for the last unit: one is opened, nineteen are told before paying; expiry gives it back', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => openSession(anonClient(), [{ variantId: variants.last, qty: 1 }], { email: uniqueEmail('race') })));
    const opened = answers.filter((a) => a.error === null);
    expect(opened).toHaveLength(1);
    for (const refused of answers.filter((a) => a.error !== null)) {
      const context = (refused.error as { context: Response }).context;
      expect(context.status).toBe(409);
      expect(await context.json()).toMatchObject({ code: 'sold_out', variantId: variants.last, available: 0 });
    }
    expect(await inventory(variants.last)).toBe(0);
    const sessionId = opened[0].data.sessionId as string;
    await sql(`update public.checkout_sessions set expires_at = now() - interval '1 second' where id = $1`, [sessionId]);
    const [{ n }] = await sql<{ n: number }>('select public.expire_checkout_sessions() as n');
    expect(n).toBeGreaterThanOrEqual(1);
    expect(await inventory(variants.last)).toBe(1);
    const [{ status, stock }] = await sql<{ status: string; stock: string }>('select status, stock from public.checkout_sessions where id = $1', [sessionId]);
    expect([status, stock]).toEqual(['expired', 'released']);
  });

  it('twenty payments for one unit (sessions that outlived their hold): one order, nineteen refunds, none without either', async () => {
    const before = await inventory(variants.last);
    await service.from('variants').update({ inventory: 20 }).eq('id', variants.last);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { data, error } = await openSession(anonClient(), [{ variantId: variants.last, qty: 1 }], { email: uniqueEmail('late') });
      expect(error).toBeNull();
      ids.push(data.sessionId);
    }
    await sql(`update public.checkout_sessions set expires_at = now() - interval '1 second' where id = any($1)`, [ids]);
    await sql('select public.expire_checkout_sessions()');
    await service.from('variants').update({ inventory: 1 }).eq('id', variants.last);
    const settled = await Promise.all(ids.map((id) => service.rpc('settle_checkout_session', { session_id: id, payment: { address: GERMAN_ADDRESS } })));
    for (const s of settled) expect(s.error).toBeNull();
    const outcomes = settled.map((s) => s.data.outcome);
    expect(outcomes.filter((o) => o === 'order')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'refund')).toHaveLength(19);
    const [{ orders, refunds, neither }] = await sql<{ orders: number; refunds: number; neither: number }>(
      `select count(o.id)::int as orders, count(r.id)::int as refunds, count(*) filter (where o.id is null and r.id is null)::int as neither
       from unnest($1::text[]) as s (id)
       left join public.orders o on o.checkout_session_id = s.id
       left join public.refunds r on r.checkout_session_id = s.id and r.kind = 'unfulfillable'`,
      [ids],
    );
    expect({ orders, refunds, neither }).toEqual({ orders: 1, refunds: 19, neither: 0 });
    expect(await inventory(variants.last)).toBe(0);
    await service.from('variants').update({ inventory: before }).eq('id', variants.last);
  });

  it('a signed-in customer’s next session offers their last address again', async () => {
    const first = await paidOrder([{ variantId: variants.tee, qty: 1 }], alex.client, null);
    expect(first.status).toBe('paid');
    const { data } = await openSession(alex.client, [{ variantId: variants.tee, qty: 1 }]);
    const [row] = await sql<{ shipping_address: unknown }>('select shipping_address from public.checkout_sessions where id = $1', [data.sessionId]);
    expect(row.shipping_address).toEqual(GERMAN_ADDRESS);
    await service.rpc('expire_checkout_session', { session_id: data.sessionId });
  });
});

describe('addresses', () => {
  it('are checked per region: postcode formats, a country outside the region, missing and over-long fields', async () => {
    const check = async (address: Record<string, unknown>, region: string) => (await service.rpc('check_shipping_address', { address, shipping_region: region })).data;
    expect(await check({ ...GERMAN_ADDRESS, postalCode: ' 10115 ' }, 'DE')).toEqual({ ok: true, address: { ...GERMAN_ADDRESS, postalCode: '10115' } });
    expect(await check({ ...GERMAN_ADDRESS, postalCode: '1011' }, 'DE')).toEqual({ ok: false, field: 'postalCode', problem: 'invalid' });
    expect(await check({ ...GERMAN_ADDRESS, country: 'US', postalCode: '10001' }, 'DE')).toEqual({ ok: false, field: 'country', problem: 'not_in_region' });
    expect(await check({ ...GERMAN_ADDRESS, country: 'gb', postalCode: 'sw1a1aa', city: 'London' }, 'UK')).toMatchObject({
      ok: true,
      address: { country: 'GB', postalCode: 'SW1A 1AA' },
    });
    expect(await check({ ...GERMAN_ADDRESS, country: 'GB', postalCode: '12345' }, 'UK')).toEqual({ ok: false, field: 'postalCode', problem: 'invalid' });
    expect(await check({ ...GERMAN_ADDRESS, country: 'AT', postalCode: '1010' }, 'EU')).toMatchObject({ ok: true });
    expect(await check({ ...GERMAN_ADDRESS, country: 'CH', postalCode: '80011' }, 'US')).toEqual({ ok: false, field: 'postalCode', problem: 'invalid' });
    expect(await check({ ...GERMAN_ADDRESS, country: 'US', postalCode: '10001-1234' }, 'US')).toMatchObject({ ok: true });
    expect(await check({ ...GERMAN_ADDRESS, name: '  ' }, 'DE')).toEqual({ ok: false, field: 'name', problem: 'missing' });
    expect(await check({ ...GERMAN_ADDRESS, line1: 'x'.repeat(101) }, 'DE')).toEqual({ ok: false, field: 'line1', problem: 'too_long' });
    expect(await check({ ...GERMAN_ADDRESS, city: 42 }, 'DE')).toEqual({ ok: false, field: 'city', problem: 'invalid' });
    expect(await check({ ...GERMAN_ADDRESS, phone: '<script>' }, 'DE')).toEqual({ ok: false, field: 'phone', problem: 'invalid' });
  });

  it('are kept with the order and read only by its owner and the admin', async () => {
    const order = await paidOrder([{ variantId: variants.tee, qty: 1 }], alex.client, null);
    const own = await alex.client.from('orders').select('shipping_address').eq('id', order.id).single();
    expect(own.data?.shipping_address).toEqual(GERMAN_ADDRESS);
    const asAdmin = await admin.client.from('orders').select('shipping_address').eq('id', order.id).single();
    expect(asAdmin.data?.shipping_address).toEqual(GERMAN_ADDRESS);
    const other = await signIn(...(await otherCustomer()));
    expect((await other.client.from('orders').select('shipping_address').eq('id', order.id)).data).toEqual([]);
    expect((await anonClient().from('orders').select('shipping_address').eq('id', order.id)).data ?? []).toEqual([]);
  });

  it('the success link of an account’s order shows nothing signed out and says to sign in; a guest’s shows the guest order', async () => {
    const accountOrder = await paidOrder([{ variantId: variants.tee, qty: 1 }], alex.client, null);
    const [{ checkout_session_id: accountSession }] = await sql<{ checkout_session_id: string }>('select checkout_session_id from public.orders where id = $1', [accountOrder.id]);
    const anon = anonClient();
    expect((await anon.rpc('order_by_checkout_session', { session_id: accountSession })).data).toBeNull();
    expect((await anon.rpc('checkout_session_needs_sign_in', { session_id: accountSession })).data).toBe(true);
    const guestOrder = await paidOrder([{ variantId: variants.tee, qty: 1 }]);
    const [{ checkout_session_id: guestSession }] = await sql<{ checkout_session_id: string }>('select checkout_session_id from public.orders where id = $1', [guestOrder.id]);
    expect((await anon.rpc('order_by_checkout_session', { session_id: guestSession })).data).toMatchObject({
      orderNumber: guestOrder.order_number,
      shippingAddress: GERMAN_ADDRESS,
    });
    expect((await anon.rpc('checkout_session_needs_sign_in', { session_id: guestSession })).data).toBe(false);
    expect((await anon.rpc('order_by_checkout_session', { session_id: 'cs_local_forged_0000000000000' })).data).toBeNull();
  });
});

async function otherCustomer(): Promise<[string, string]> {
  const email = uniqueEmail('other');
  const password = 'Other-Pass-2025!';
  const { error } = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw new Error(error.message);
  return [email, password];
}

describe('shipping with tracking', () => {
  it('marks a paid order shipped with carrier and number: tracking link, timeline, one e-mail queued', async () => {
    const order = await paidOrder([{ variantId: variants.tee, qty: 1 }]);
    const { data, error } = await admin.client.rpc('ship_order', { order_id: order.id, carrier: 'dhl', tracking_number: '00340434161094042557' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'shipped', carrier: 'dhl', trackingNumber: '00340434161094042557', trackingUrl: expect.stringContaining('00340434161094042557') });
    expect(await orderRow(order.id)).toMatchObject({ status: 'shipped', carrier: 'dhl', shipped_at: expect.any(String) });
    expect(await noticesOf(order.id)).toEqual([{ kind: 'shipped' }]);
    const timeline = (await admin.client.rpc('order_timeline', { order_id: order.id })).data as { kind: string; data: Record<string, unknown>; actor: string | null }[];
    expect(timeline.map((e) => e.kind)).toEqual(['paid', 'shipped']);
    expect(timeline[1]).toMatchObject({ data: { carrier: 'dhl', trackingNumber: '00340434161094042557' }, actor: ADMIN.email });
    // Shipping again is refused and changes nothing.
    const again = await admin.client.rpc('ship_order', { order_id: order.id, carrier: 'ups', tracking_number: '1Z999AA10123456784' });
    expect(again.error?.hint).toBe('stale');
    expect(await orderRow(order.id)).toMatchObject({ carrier: 'dhl' });
  });

  it('refuses a tracking number with markup, an unknown carrier, and anyone but the admin; nothing changes', async () => {
    const order = await paidOrder([{ variantId: variants.tee, qty: 1 }], alex.client, null);
    const markup = await admin.client.rpc('ship_order', { order_id: order.id, carrier: 'dhl', tracking_number: '<img src=x onerror=alert(1)>' });
    expect(markup.error?.hint).toBe('tracking_invalid');
    const carrier = await admin.client.rpc('ship_order', { order_id: order.id, carrier: 'pigeon', tracking_number: null });
    expect(carrier.error?.hint).toBe('carrier_invalid');
    const customer = await alex.client.rpc('ship_order', { order_id: order.id, carrier: null, tracking_number: null });
    expect(customer.error?.code).toBe('42501');
    expect((await anonClient().rpc('ship_order', { order_id: order.id })).error).not.toBeNull();
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', carrier: null, tracking_number: null, shipped_at: null });
    expect(await noticesOf(order.id)).toEqual([]);
  });

  it('the customer’s timeline has the kinds and dates only', async () => {
    const order = await paidOrder([{ variantId: variants.tee, qty: 1 }], alex.client, null);
    await admin.client.rpc('ship_order', { order_id: order.id, carrier: 'usps', tracking_number: '9400111899223856928499' });
    const own = (await alex.client.rpc('order_timeline', { order_id: order.id })).data as Record<string, unknown>[];
    expect(own.map((e) => Object.keys(e).sort())).toEqual([
      ['at', 'kind'],
      ['at', 'kind'],
    ]);
    expect(own.map((e) => e.kind)).toEqual(['paid', 'shipped']);
    const other = await signIn(...(await otherCustomer()));
    expect((await other.client.rpc('order_timeline', { order_id: order.id })).data).toEqual([]);
  });
});

describe('refunds through refund-order (local payments)', () => {
  it('refunds one line: the amount, the stock of that line, the timeline with who and why, one e-mail', async () => {
    const order = await paidOrder([
      { variantId: variants.tee, qty: 2 },
      { variantId: variants.cap, qty: 1 },
    ]);
    const capLine = order.order_items.find((i) => i.variant_id === variants.cap)!;
    const capStock = await inventory(variants.cap);
    const teeStock = await inventory(variants.tee);
    const [status, body] = await refund(admin, { orderId: order.id, lines: [{ itemId: capLine.id, qty: 1 }], reason: 'Cap arrived damaged' });
    expect(status).toBe(200);
    expect(body.refund).toMatchObject({ status: 'succeeded', kind: 'partial', amount: 1500, providerRefundId: expect.stringMatching(/^re_local_/) });
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', refunded_total: 1500 });
    expect(await inventory(variants.cap)).toBe(capStock + 1);
    expect(await inventory(variants.tee)).toBe(teeStock);
    const timeline = (await admin.client.rpc('order_timeline', { order_id: order.id })).data as { kind: string; data: Record<string, unknown>; actor: string }[];
    expect(timeline.find((e) => e.kind === 'refunded')).toMatchObject({ data: { amount: 1500, reason: 'Cap arrived damaged', kind: 'partial' }, actor: ADMIN.email });
    expect(await noticesOf(order.id)).toEqual([{ kind: 'refunded' }]);

    // The same line again: nothing left of it to refund.
    const [again, againBody] = await refund(admin, { orderId: order.id, lines: [{ itemId: capLine.id, qty: 1 }], reason: 'again' });
    expect([again, againBody.code]).toEqual([409, 'over_refund']);
    expect(await orderRow(order.id)).toMatchObject({ refunded_total: 1500 });
    expect(await inventory(variants.cap)).toBe(capStock + 1);
  });

  it('two admins refunding the same line at once refund it once', async () => {
    const order = await paidOrder([{ variantId: variants.tee, qty: 1 }]);
    const line = order.order_items[0];
    const admin2 = await signIn(ADMIN.email, ADMIN.password);
    const stock = await inventory(variants.tee);
    const answers = await Promise.all([admin, admin2, admin].map((who) => refund(who, { orderId: order.id, lines: [{ itemId: line.id, qty: 1 }], reason: 'Duplicate click' })));
    expect(answers.filter(([s]) => s === 200)).toHaveLength(1);
    for (const [s, b] of answers.filter(([s]) => s !== 200)) expect([s, ['refund_in_progress', 'over_refund'].includes(b.code ?? '')]).toEqual([409, true]);
    // The shipping was not part of the line: the order stays paid with that much given back.
    expect(await orderRow(order.id)).toMatchObject({ refunded_total: line.unit_price, status: 'paid' });
    expect(await inventory(variants.tee)).toBe(stock + 1);
    const [{ n }] = await sql<{ n: number }>(`select count(*)::int as n from public.refunds where order_id = $1`, [order.id]);
    expect(n).toBe(1);
  });

  it('cancel of a paid order refunds everything left (shipping too), stock back once, status refunded', async () => {
    const order = await paidOrder([
      { variantId: variants.tee, qty: 1 },
      { variantId: variants.cap, qty: 2 },
    ]);
    const cap = order.order_items.find((i) => i.variant_id === variants.cap)!;
    await refund(admin, { orderId: order.id, lines: [{ itemId: cap.id, qty: 1 }], reason: 'One cap too many' });
    const [teeStock, capStock] = [await inventory(variants.tee), await inventory(variants.cap)];
    const [status, body] = await refund(admin, { orderId: order.id, cancel: true, reason: 'Customer changed their mind' });
    expect(status).toBe(200);
    expect(body.refund).toMatchObject({ kind: 'cancel', amount: order.total - 1500 });
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded', refunded_total: order.total, stock_returned_at: expect.any(String) });
    expect([await inventory(variants.tee), await inventory(variants.cap)]).toEqual([teeStock + 1, capStock + 1]);
    const [again, againBody] = await refund(admin, { orderId: order.id, cancel: true, reason: 'twice' });
    expect([again, againBody.code]).toEqual([409, 'not_refundable']);
    expect([await inventory(variants.tee), await inventory(variants.cap)]).toEqual([teeStock + 1, capStock + 1]);
    // A paid order can no longer be cancelled by a status change alone (that kept the money).
    const other = await paidOrder([{ variantId: variants.tee, qty: 1 }]);
    const { error } = await admin.client.from('orders').update({ status: 'cancelled' }).eq('id', other.id);
    expect(error?.message).toBe('A paid order is cancelled by refunding it');
    expect(await orderRow(other.id)).toMatchObject({ status: 'paid' });
  });

  it('refuses bad input and anyone but the admin, and changes nothing', async () => {
    const order = await paidOrder([{ variantId: variants.tee, qty: 2 }]);
    const line = order.order_items[0];
    const cases: [Record<string, unknown>, number, string | undefined][] = [
      [{ orderId: order.id, lines: [{ itemId: line.id, qty: 1 }] }, 400, undefined],
      [{ orderId: order.id, lines: [{ itemId: line.id, qty: 1 }], reason: '   ' }, 400, 'reason_missing'],
      [{ orderId: order.id, lines: [{ itemId: line.id, qty: 1 }], reason: 'x'.repeat(501) }, 400, 'reason_too_long'],
      [{ orderId: order.id, lines: [], reason: 'r' }, 400, 'lines_missing'],
      [{ orderId: order.id, lines: [{ itemId: line.id, qty: 0 }], reason: 'r' }, 400, undefined],
      [{ orderId: order.id, lines: [{ itemId: line.id, qty: 3 }], reason: 'r' }, 409, 'over_refund'],
      [{ orderId: order.id, lines: [{ itemId: randomUUID(), qty: 1 }], reason: 'r' }, 400, 'lines_invalid'],
      [{ orderId: randomUUID(), lines: [{ itemId: line.id, qty: 1 }], reason: 'r' }, 404, 'not_found'],
      [{ orderId: 'not-a-uuid', reason: 'r' }, 400, undefined],
    ];
    for (const [body, status, code] of cases) {
      const [s, b] = await refund(admin, body);
      expect([s, b.code], JSON.stringify(body).slice(0, 120)).toEqual([status, code]);
    }
    const [customer] = await refund(alex, { orderId: order.id, lines: [{ itemId: line.id, qty: 1 }], reason: 'mine' });
    expect(customer).toBe(403);
    const anon = await fetch(`${apiUrl()}/functions/v1/refund-order`, { method: 'POST', headers: { apikey: anonKey(), authorization: `Bearer ${anonKey()}` }, body: '{}' });
    expect(anon.status).toBe(401);
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', refunded_total: 0 });
    expect(await sql('select 1 from public.refunds where order_id = $1', [order.id])).toEqual([]);
  });

  it('refunds are for the admin’s eyes: customers and visitors read none', async () => {
    const order = await paidOrder([{ variantId: variants.tee, qty: 1 }], alex.client, null);
    await refund(admin, { orderId: order.id, lines: [{ itemId: order.order_items[0].id, qty: 1 }], reason: 'Sorry' });
    expect((await admin.client.from('refunds').select('amount').eq('order_id', order.id)).data).toEqual([{ amount: order.order_items[0].unit_price }]);
    expect((await alex.client.from('refunds').select('amount').eq('order_id', order.id)).data).toEqual([]);
    expect((await anonClient().from('refunds').select('amount')).error).not.toBeNull();
  });
});

describe('refunds of Stripe payments', () => {
  const SECRET = 'whsec_refund_test';
  let stripe: FakeStripe;
  let env: FunctionEnv;

  beforeAll(async () => {
    stripe = await startFakeStripe({ idPrefix: `cs_test_rf${marker}_` });
    env = {
      SUPABASE_URL: apiUrl(),
      SUPABASE_ANON_KEY: anonKey(),
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey(),
      SITE_URL: SITE,
      API_EXTERNAL_URL: apiUrl(),
      STRIPE_SECRET_KEY: 'sk_test_refunds',
      STRIPE_API_BASE: stripe.url,
      STRIPE_WEBHOOK_SECRET: SECRET,
      MAIL_SEND_URL: `${apiUrl()}/_dev/mail/send`,
      CHECKOUT_RATE_LIMIT: 10_000,
    };
  });
  afterAll(() => stripe.close());

  async function stripeOrder(email: string) {
    const res = await createCheckoutHandler(env)(
      new Request(`${apiUrl()}/functions/v1/create-checkout-session`, {
        method: 'POST',
        headers: { authorization: `Bearer ${anonKey()}` },
        body: JSON.stringify({ email, items: [{ variantId: variants.tee, qty: 2 }], successUrl: `${SITE}/orders`, cancelUrl: `${SITE}/cart` }),
      }),
    );
    const { sessionId } = await res.json();
    const payload = JSON.stringify({
      id: `evt_${marker}`,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          payment_status: 'paid',
          payment_intent: `pi_test_${sessionId.slice(-8)}`,
          customer_details: { email },
          collected_information: { shipping_details: { name: 'Pat Payer', address: { line1: '1 High St', postal_code: '10115', city: 'Berlin', country: 'DE' } } },
        },
      },
    });
    const webhook = await createWebhookHandler(env)(
      new Request(`${apiUrl()}/functions/v1/stripe-webhook`, {
        method: 'POST',
        headers: { 'stripe-signature': await signStripePayload(SECRET, payload, Math.floor(Date.now() / 1000)) },
        body: payload,
      }),
    );
    const { orderNumber } = await webhook.json();
    const { data } = await service.from('orders').select('id,total,payment_intent,order_items(id,unit_price)').eq('order_number', orderNumber).single();
    return data as { id: string; total: number; payment_intent: string; order_items: { id: string; unit_price: number }[] };
  }

  const refundAsAdmin = async (body: Record<string, unknown>) => {
    const res = await createRefundHandler(env)(
      new Request(`${apiUrl()}/functions/v1/refund-order`, { method: 'POST', headers: { authorization: `Bearer ${admin.session.access_token}` }, body: JSON.stringify(body) }),
    );
    return [res.status, await res.json()] as [number, RefundAnswer];
  };

  it('a refund Stripe refuses leaves the order as it was and is shown failed; Retry pays it back with the same idempotency key', async () => {
    const order = await stripeOrder(uniqueEmail('stripe'));
    expect(order.payment_intent).toMatch(/^pi_test_/);
    const stock = await inventory(variants.tee);
    stripe.failRefundsWith = { status: 402, message: 'Insufficient funds in Stripe account' };
    const quiet = console.error;
    console.error = () => {};
    const [failedStatus, failed] = await refundAsAdmin({ orderId: order.id, cancel: true, reason: 'Out of stock at the warehouse' }).finally(() => {
      console.error = quiet;
    });
    expect(failedStatus).toBe(502);
    expect(failed).toMatchObject({ error: 'Insufficient funds in Stripe account', refund: { status: 'failed', failure: 'Insufficient funds in Stripe account' } });
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', refunded_total: 0 });
    expect(await inventory(variants.tee)).toBe(stock);
    const timeline = (await admin.client.rpc('order_timeline', { order_id: order.id })).data as { kind: string }[];
    expect(timeline.map((e) => e.kind)).toContain('refund_failed');

    stripe.failRefundsWith = undefined;
    const [retried, body] = await refundAsAdmin({ refundId: failed.refund.id });
    expect([retried, body.refund.status]).toEqual([200, 'succeeded']);
    // Retrying a paid-back refund pays nothing more.
    const [twice, twiceBody] = await refundAsAdmin({ refundId: failed.refund.id });
    expect([twice, twiceBody.code]).toEqual([409, 'already_refunded']);
    const mine = stripe.refunds.filter((r) => r.paymentIntent === order.payment_intent);
    expect(mine.map((r) => [r.amount, r.idempotencyKey])).toEqual([[order.total, `refund_${failed.refund.id}`]]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded', refunded_total: order.total });
    expect(await inventory(variants.tee)).toBe(stock + 2);
  });
});

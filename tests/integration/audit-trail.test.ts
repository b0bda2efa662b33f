/**
 * The audit trail (issue 24 item 5, ADR 0039): every admin write to a product, variant, review,
 * order or refund leaves one row written by the database with who, when and the changed fields;
 * a write under the import context says so; a shopper's purchase leaves none; and nobody — the
 * admin, the service role, the table's owner — can change or delete a row. Every test reads only
 * the rows of products and orders it made itself (filtered by their ids).
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, anonClient, anonKey, apiUrl, rest, serviceClient, serviceRoleKey, signIn, type SignedIn, sql, uniqueEmail } from './support.ts';

type Entry = {
  id: number;
  at: string;
  actor: string | null;
  actorEmail: string | null;
  via: string;
  context: string | null;
  entity: string;
  entityId: string;
  subjectId: string;
  label: string | null;
  subjectLabel: string | null;
  currency: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

const marker = randomUUID().slice(0, 8);
const service = serviceClient();
const ADDRESS = { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE' };
let admin: SignedIn;
let productId: string;
let variantId: string;
const orderIds: string[] = [];

async function history(client: SupabaseClient, filters: Record<string, unknown>): Promise<{ total: number; rows: Entry[] }> {
  const { data, error } = await client.rpc('admin_audit_log', filters);
  if (error) throw new Error(`admin_audit_log: ${error.code} ${error.message}`);
  return data;
}

/** A paid order of one unit of the test's variant, made as a shopper's checkout makes it (service role). */
async function paidOrder(): Promise<{ id: string; order_number: string; order_items: { id: string }[] }> {
  const { data, error } = await anonClient().functions.invoke('create-checkout-session', {
    body: { items: [{ variantId, qty: 1 }], successUrl: 'http://localhost:5173/orders', cancelUrl: 'http://localhost:5173/cart', email: uniqueEmail('audit') },
  });
  if (error) throw new Error(`create-checkout-session: ${error.message}`);
  const settled = await service.rpc('settle_checkout_session', { session_id: data.sessionId, payment: { address: ADDRESS } });
  if (settled.error) throw new Error(`settle: ${settled.error.message}`);
  const { data: order } = await service.from('orders').select('id, order_number, order_items(id)').eq('id', settled.data.orderId).single();
  orderIds.push(order!.id);
  return order as never;
}

beforeAll(async () => {
  admin = await signIn(ADMIN.email, ADMIN.password);
  const { data: product, error } = await service
    .from('products')
    .insert({ slug: `it-audit-${marker}`, title: `Audit Tee ${marker}`, description: 'x', category: 'clothing', status: 'draft', currency: 'EUR' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  productId = product.id;
  const { data: variant } = await service
    .from('variants')
    .insert({ product_id: productId, sku: `IT-AUDIT-${marker}`, size: 'M', price: 2500, inventory: 50 })
    .select('id')
    .single();
  variantId = variant!.id;
});

afterAll(async () => {
  await sql('delete from public.refunds where order_id = any($1::uuid[])', [orderIds]);
  await sql('delete from public.checkout_sessions where id in (select checkout_session_id from public.orders where id = any($1::uuid[]))', [orderIds]);
  await sql('delete from public.orders where id = any($1::uuid[])', [orderIds]);
  await service.from('products').delete().eq('id', productId);
});

describe('what is recorded', () => {
  it('the service role’s fixture writes (no admin behind them) leave nothing', async () => {
    expect(await history(admin.client, { entity_id: productId })).toEqual({ total: 0, rows: [] });
  });

  it('a price, stock and status change: one entry each, with only the changed fields and the admin', async () => {
    const price = await admin.client.from('variants').update({ price: 2990, inventory: 42 }).eq('id', variantId);
    expect(price.error).toBeNull();
    const status = await admin.client.from('products').update({ status: 'published' }).eq('id', productId);
    expect(status.error).toBeNull();

    const { total, rows } = await history(admin.client, { entity_id: productId });
    expect(total).toBe(2);
    const [product, variant] = rows;
    expect(product).toMatchObject({
      entity: 'product',
      entityId: productId,
      subjectId: productId,
      action: 'update',
      actorEmail: ADMIN.email,
      actor: admin.user.id,
      via: 'authenticated',
      context: null,
      label: `Audit Tee ${marker}`,
      before: { status: 'draft' },
      after: { status: 'published' },
    });
    expect(variant).toMatchObject({
      entity: 'variant',
      entityId: variantId,
      subjectId: productId,
      action: 'update',
      actorEmail: ADMIN.email,
      label: `IT-AUDIT-${marker}`,
      subjectLabel: `Audit Tee ${marker}`,
      currency: 'EUR',
      before: { price: 2500, inventory: 50 },
      after: { price: 2990, inventory: 42 },
    });
    expect(new Date(product.at).getTime()).toBeGreaterThanOrEqual(new Date(variant.at).getTime());
  });

  it('a save that changes nothing recorded (the same values again) leaves no entry', async () => {
    const before = (await history(admin.client, { entity_id: productId })).total;
    const { error } = await admin.client.rpc('save_product_variants', {
      product_id: productId,
      variants: [{ id: variantId, sku: `IT-AUDIT-${marker}`, size: 'M', color: null, price: 2990, compare_at_price: null, inventory: 42, barcode: null }],
    });
    expect(error).toBeNull();
    expect((await history(admin.client, { entity_id: productId })).total).toBe(before);
  });

  it('a review decision', async () => {
    const { data: review } = await service
      .from('reviews')
      .insert({ product_id: productId, rating: 4, title: `Good ${marker}`, body: 'Fits well.', author_name: 'Alex', status: 'pending' })
      .select('id')
      .single();
    const { error } = await admin.client.from('reviews').update({ status: 'approved' }).eq('id', review!.id).eq('status', 'pending');
    expect(error).toBeNull();
    const { total, rows } = await history(admin.client, { entity_id: review!.id });
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      entity: 'review',
      subjectId: productId,
      action: 'update',
      actorEmail: ADMIN.email,
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    // Only the decision: the shopper's name and text are not copied into the log.
    expect(Object.keys(rows[0].after ?? {})).toEqual(['status']);
  });

  it('a shopper’s purchase (stock taken, order paid) is not an admin write: no entry', async () => {
    const order = await paidOrder();
    expect(await history(admin.client, { entity_id: order.id })).toEqual({ total: 0, rows: [] });
    const variantRows = (await history(admin.client, { entity_id: variantId })).rows;
    expect(variantRows.every((row) => row.actorEmail === ADMIN.email)).toBe(true);
  });

  it('an order status change', async () => {
    const order = await paidOrder();
    const { error } = await admin.client.from('orders').update({ status: 'processing' }).eq('id', order.id).eq('status', 'paid');
    expect(error).toBeNull();
    const { total, rows } = await history(admin.client, { entity_id: order.id });
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({
      entity: 'order',
      entityId: order.id,
      subjectId: order.id,
      label: order.order_number,
      action: 'update',
      actorEmail: ADMIN.email,
      before: { status: 'paid' },
      after: { status: 'processing' },
    });
  });

  it('a refund: asked for by the admin, completed by the service role on their behalf — every step is the admin’s', async () => {
    const order = await paidOrder();
    const stockBefore = (await history(admin.client, { entity_id: variantId })).total;
    const res = await fetch(`${apiUrl()}/functions/v1/refund-order`, {
      method: 'POST',
      headers: { apikey: anonKey(), authorization: `Bearer ${admin.session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: order.id, lines: [{ itemId: order.order_items[0].id, qty: 1 }], reason: `Audit ${marker}` }),
    });
    expect(res.status).toBe(200);
    const { rows } = await history(admin.client, { entity_id: order.id });
    const refundRows = rows.filter((row) => row.entity === 'refund').reverse();
    expect(refundRows).toHaveLength(2);
    expect(refundRows[0]).toMatchObject({
      action: 'insert',
      via: 'authenticated',
      actorEmail: ADMIN.email,
      subjectId: order.id,
      label: order.order_number,
      currency: 'EUR',
      before: null,
      after: { kind: 'partial', amount: 2990, status: 'pending', reason: `Audit ${marker}` },
    });
    expect(refundRows[1]).toMatchObject({ action: 'update', via: 'service_role', actorEmail: ADMIN.email, before: { status: 'pending' }, after: { status: 'succeeded' } });
    const orderRows = rows.filter((row) => row.entity === 'order');
    expect(orderRows).toHaveLength(1);
    expect(orderRows[0]).toMatchObject({
      via: 'service_role',
      actorEmail: ADMIN.email,
      before: { refunded_total: 0 },
      after: { refunded_total: 2990 },
    });
    // The refunded unit went back to stock, recorded as the admin's too.
    const stock = await history(admin.client, { entity_id: variantId });
    expect(stock.total).toBe(stockBefore + 1);
    expect(stock.rows[0]).toMatchObject({ entity: 'variant', via: 'service_role', actorEmail: ADMIN.email });
    expect((stock.rows[0].after as { inventory: number }).inventory - (stock.rows[0].before as { inventory: number }).inventory).toBe(1);
  });

  it('a write under the import context shows as an import', async () => {
    const claims = JSON.stringify({ sub: admin.user.id, role: 'authenticated', aal: 'aal1' });
    await sql(
      `update public.variants set inventory = 7
       where id = $1
         and (select set_config('request.jwt.claims', $2, true)) is not null
         and (select set_config('npng.audit_context', 'import', true)) = 'import'`,
      [variantId, claims],
    );
    const { rows } = await history(admin.client, { entity_id: variantId });
    expect(rows[0]).toMatchObject({ context: 'import', actorEmail: ADMIN.email, after: { inventory: 7 } });
  });

  it('filters: entity, action, actor, dates and paging', async () => {
    const all = await history(admin.client, { entity_id: productId });
    expect(all.total).toBeGreaterThanOrEqual(4);
    const variants = await history(admin.client, { entity_id: productId, entity: 'variant' });
    expect(variants.rows.every((row) => row.entity === 'variant')).toBe(true);
    expect((await history(admin.client, { entity_id: productId, action: 'delete' })).total).toBe(0);
    expect((await history(admin.client, { entity_id: productId, actor_email: ADMIN.email.toUpperCase() })).total).toBe(all.total);
    expect((await history(admin.client, { entity_id: productId, actor_email: 'nobody@example.test' })).total).toBe(0);
    expect((await history(admin.client, { entity_id: productId, since: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
    expect((await history(admin.client, { entity_id: productId, until: new Date(Date.now() + 60_000).toISOString() })).total).toBe(all.total);
    const second = await history(admin.client, { entity_id: productId, page: 2, page_size: 1 });
    expect(second).toEqual({ total: all.total, rows: [all.rows[1]] });
    for (const bad of [{ entity: 'customer' }, { action: 'truncate' }, { page: 0 }, { page_size: 101 }]) {
      const { error } = await admin.client.rpc('admin_audit_log', bad);
      expect(error?.code).toBe('22023');
    }
  });
});

describe('nobody can change or delete it', () => {
  const oneRow = async () => (await history(admin.client, { entity_id: productId, page_size: 1 })).rows[0];

  it.each([
    ['the admin', () => admin.session.access_token],
    ['the service role', () => serviceRoleKey()],
  ])('%s through the REST API: no read, insert, update or delete', async (_who, token) => {
    const entry = await oneRow();
    const headers = { authorization: `Bearer ${token()}`, 'content-type': 'application/json', prefer: 'return=representation' };
    const attempts = [
      rest(`/rest/v1/audit_log?id=eq.${entry.id}`, { headers }),
      rest('/rest/v1/audit_log', {
        method: 'POST',
        headers,
        body: JSON.stringify({ via: 'forged', entity: 'product', entity_id: productId, subject_id: productId, action: 'delete' }),
      }),
      rest(`/rest/v1/audit_log?id=eq.${entry.id}`, { method: 'PATCH', headers, body: JSON.stringify({ actor_email: 'someone@else.test' }) }),
      rest(`/rest/v1/audit_log?id=eq.${entry.id}`, { method: 'DELETE', headers }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, await res.text()).toBeGreaterThanOrEqual(401);
      expect(res.status).toBeLessThan(500);
    }
    expect(await oneRow()).toEqual(entry);
    expect((await history(admin.client, { entity_id: productId })).rows.some((row) => row.via === 'forged')).toBe(false);
  });

  it('not even the table’s owner: UPDATE, DELETE and TRUNCATE raise', async () => {
    const entry = await oneRow();
    await expect(sql('update public.audit_log set actor_email = $2 where id = $1', [entry.id, 'x@example.test'])).rejects.toThrow(/cannot be changed/);
    await expect(sql('delete from public.audit_log where id = $1', [entry.id])).rejects.toThrow(/cannot be changed/);
    await expect(sql('truncate public.audit_log')).rejects.toThrow(/cannot be changed/);
    expect(await oneRow()).toEqual(entry);
  });

  it('the service role may read it through the RPC; anon and a customer may not', async () => {
    const asService = await service.rpc('admin_audit_log', { entity_id: productId, page_size: 1 });
    expect(asService.error).toBeNull();
    expect((await anonClient().rpc('admin_audit_log', { entity_id: productId })).error).not.toBeNull();
  });
});

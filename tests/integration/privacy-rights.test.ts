/**
 * Privacy rights in the account (issue 20 item 5, ADR 0026), through the API as the storefront
 * calls it: export_my_data answers the caller's own data only (Art. 15, 20 GDPR); delete_my_account
 * needs a password sign-in of the last 5 minutes, refuses while an order is open, and otherwise
 * removes the account and keeps its orders and reviews without the person (Art. 17). Every test
 * makes its own customers, product and orders.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, anonClient, anonKey, apiUrl, createConfirmedUser, serviceClient, signIn, sql, tokenClient, uniqueEmail } from './support.ts';

const SITE = 'http://localhost:5173';
const ADDRESS = { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE', phone: '+49 221 123456' };
const marker = randomUUID().slice(0, 8);
const service = serviceClient();
let productId: string;
let variantId: string;

type Customer = Awaited<ReturnType<typeof createConfirmedUser>>;

/** A paid order of one tee for the signed-in customer (local provider, settled as the payment page does). */
async function paidOrder(client: SupabaseClient, status: 'paid' | 'delivered' = 'delivered') {
  const { data, error } = await client.functions.invoke('create-checkout-session', {
    body: { items: [{ variantId, qty: 2 }], successUrl: `${SITE}/orders`, cancelUrl: `${SITE}/cart` },
  });
  if (error) throw new Error(`create-checkout-session: ${error.message}`);
  const settled = await service.rpc('settle_checkout_session', { session_id: data.sessionId, payment: { address: ADDRESS, paymentIntent: `pi_local_${marker}` } });
  if (settled.error) throw new Error(`settle: ${settled.error.message}`);
  const orderId = settled.data.orderId as string;
  if (status === 'delivered') await sql(`update public.orders set status = 'delivered' where id = $1`, [orderId]);
  const [order] = await sql<{ id: string; order_number: string; total: number; subtotal: number; shipping: number; vat_amount: number; vat_rate_basis_points: number }>(
    'select id, order_number, total, subtotal, shipping, vat_amount, vat_rate_basis_points from public.orders where id = $1',
    [orderId],
  );
  return order;
}

/** A customer with a delivered order, an approved review of it, a profile and a confirmed newsletter subscription. */
async function activeCustomer(label: string) {
  const customer = await createConfirmedUser({ email: uniqueEmail(label), data: { full_name: `Privacy ${label}` } });
  await customer.client.from('profiles').upsert({ id: customer.user.id, full_name: `Privacy ${label}`, phone: '+49 30 1234567' });
  const order = await paidOrder(customer.client);
  const review = await customer.client
    .from('reviews')
    .insert({ product_id: productId, rating: 4, title: `Solid ${label}`, body: 'Held up through a year of squats.', author_name: `Privacy ${label}`, author_email: customer.email })
    .select('id')
    .single();
  if (review.error) throw new Error(`review: ${review.error.message}`);
  await sql(`update public.reviews set status = 'approved' where id = $1`, [review.data.id]);
  const subscribed = await customer.client.rpc('subscribe_newsletter', { email: customer.email, source: 'account', locale: 'de' });
  if (subscribed.error) throw new Error(`subscribe: ${subscribed.error.message}`);
  await sql(`update public.newsletter_subscribers set status = 'confirmed', confirmed_at = now(), confirmed_ip_hash = 'abc123' where lower(email) = lower($1)`, [customer.email]);
  return { ...customer, order, reviewId: review.data.id as string };
}

/** Makes the session's password sign-in look 10 minutes old and refreshes, as a tab left open would. */
async function staleSession(customer: Customer): Promise<SupabaseClient> {
  const sessionId = decodeJwt(customer.session.access_token).session_id as string;
  await sql(`update auth.mfa_amr_claims set created_at = now() - interval '10 minutes', updated_at = now() - interval '10 minutes' where session_id = $1`, [sessionId]);
  const { data, error } = await customer.client.auth.refreshSession();
  if (error || !data.session) throw new Error(`refresh: ${error?.message}`);
  return tokenClient(data.session.access_token);
}

beforeAll(async () => {
  const { data: product, error } = await service
    .from('products')
    .insert({ slug: `it-privacy-${marker}`, title: `Privacy Tee ${marker}`, description: 'x', category: 'clothing', status: 'published', currency: 'EUR' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  productId = product.id;
  const { data: variant, error: variantError } = await service
    .from('variants')
    .insert({ product_id: productId, sku: `IT-PR-${marker}`, size: 'M', price: 2500, inventory: 500 })
    .select('id')
    .single();
  if (variantError) throw new Error(variantError.message);
  variantId = variant.id;
});

afterAll(async () => {
  await sql('delete from public.reviews where product_id = $1', [productId]);
  await sql('delete from public.orders where id in (select order_id from public.order_items where product_id = $1)', [productId]);
  await sql('delete from public.checkout_sessions where line_items::text like $1', [`%${variantId}%`]);
  await service.from('products').delete().eq('id', productId);
});

describe('export_my_data (Art. 15, 20 GDPR)', () => {
  it("answers the caller's account, profile, addresses, orders with items, reviews and newsletter status as JSON", async () => {
    const customer = await activeCustomer('export');
    const { data, error } = await customer.client.rpc('export_my_data');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      format: 'no-pain-no-gain/personal-data@1',
      exportedAt: expect.any(String),
      account: { id: customer.user.id, email: customer.email, createdAt: expect.any(String) },
      profile: { fullName: 'Privacy export', phone: '+49 30 1234567' },
      addresses: [ADDRESS],
      orders: [
        {
          orderNumber: customer.order.order_number,
          status: 'delivered',
          email: customer.email,
          total: customer.order.total,
          currency: 'EUR',
          vatAmount: customer.order.vat_amount,
          shippingAddress: ADDRESS,
          items: [{ title: `Privacy Tee ${marker}`, sku: `IT-PR-${marker}`, size: 'M', unitPrice: 2500, qty: 2, lineTotal: 5000 }],
          refunds: [],
        },
      ],
      reviews: [{ product: `Privacy Tee ${marker}`, rating: 4, title: 'Solid export', authorName: 'Privacy export', authorEmail: customer.email, status: 'approved' }],
      newsletter: {
        status: 'subscribed',
        subscriptions: [{ email: customer.email.toLowerCase(), status: 'confirmed', source: 'account', locale: 'de', confirmedAt: expect.any(String), confirmedIpHash: 'abc123' }],
      },
      contactMessages: [],
    });
  });

  it("never contains another customer's data; a customer with nothing has empty lists and newsletter 'none'", async () => {
    const [active, other] = await Promise.all([activeCustomer('owner'), createConfirmedUser({ email: uniqueEmail('stranger') })]);
    const { data, error } = await other.client.rpc('export_my_data');
    expect(error).toBeNull();
    expect(data).toMatchObject({ account: { id: other.user.id, email: other.email }, addresses: [], orders: [], reviews: [], newsletter: { status: 'none', subscriptions: [] } });
    const text = JSON.stringify(data);
    for (const foreign of [active.email, active.user.id, active.order.order_number, ADDRESS.line1, 'Solid owner']) expect(text).not.toContain(foreign);
    // The function takes no argument, so there is no way to name someone else.
    const named = await other.client.rpc('export_my_data', { user_id: active.user.id });
    expect(named.error).not.toBeNull();
  });

  it('refuses anon (no data, a clear error)', async () => {
    const { data, error } = await anonClient().rpc('export_my_data');
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '42501' });
  });
});

describe('delete_my_account (Art. 17 GDPR)', () => {
  it('refuses a session whose password sign-in is older than 5 minutes, and changes nothing', async () => {
    const customer = await activeCustomer('stale');
    const stale = await staleSession(customer);
    const { error } = await stale.rpc('delete_my_account');
    expect(error).toMatchObject({ hint: 'reauthentication_needed', message: 'Enter your password again to delete your account' });
    expect(await sql('select 1 from auth.users where id = $1', [customer.user.id])).toHaveLength(1);
    expect((await sql<{ customer_email: string }>('select customer_email from public.orders where id = $1', [customer.order.id]))[0].customer_email).toBe(customer.email);
    // Signing in with the password again (what the dialog does) makes it fresh.
    const again = await signIn(customer.email, customer.password);
    expect((await again.client.rpc('delete_my_account')).error).toBeNull();
  });

  it('refuses while an order is paid but not yet delivered, and changes nothing', async () => {
    const customer = await createConfirmedUser({ email: uniqueEmail('open') });
    const order = await paidOrder(customer.client, 'paid');
    const { error } = await customer.client.rpc('delete_my_account');
    expect(error).toMatchObject({ hint: 'open_orders', message: expect.stringContaining('open order') });
    expect(await sql('select 1 from auth.users where id = $1', [customer.user.id])).toHaveLength(1);
    expect((await sql<{ user_id: string }>('select user_id from public.orders where id = $1', [order.id]))[0].user_id).toBe(customer.user.id);
    // Once delivered, it goes.
    await sql(`update public.orders set status = 'delivered' where id = $1`, [order.id]);
    expect((await customer.client.rpc('delete_my_account')).error).toBeNull();
  });

  it('refuses while a checkout session is still open (a payment may still arrive)', async () => {
    const customer = await createConfirmedUser({ email: uniqueEmail('paying') });
    const opened = await customer.client.functions.invoke('create-checkout-session', {
      body: { items: [{ variantId, qty: 1 }], successUrl: `${SITE}/orders`, cancelUrl: `${SITE}/cart` },
    });
    expect(opened.error).toBeNull();
    expect((await customer.client.rpc('delete_my_account')).error).toMatchObject({ hint: 'open_orders' });
    await service.rpc('expire_checkout_session', { session_id: opened.data.sessionId });
    await sql(`update public.checkout_sessions set status = 'expired', expires_at = now() - interval '1 second' where id = $1`, [opened.data.sessionId]);
    expect((await customer.client.rpc('delete_my_account')).error).toBeNull();
  });

  it('refuses while a withdrawal awaits its refund; once refunded, the withdrawal stays without e-mail and name', async () => {
    const customer = await createConfirmedUser({ email: uniqueEmail('withdrawn') });
    const order = await paidOrder(customer.client);
    const withdrawn = await customer.client.rpc('submit_withdrawal', {
      order_number: order.order_number,
      email: customer.email,
      name: 'Wilma Widerruf',
      statement: 'Both shirts.',
    });
    expect(withdrawn.error).toBeNull();
    expect((await customer.client.rpc('export_my_data')).data).toMatchObject({
      orders: [{ withdrawal: { email: customer.email, name: 'Wilma Widerruf', statement: 'Both shirts.' } }],
    });
    expect((await customer.client.rpc('delete_my_account')).error).toMatchObject({ hint: 'open_orders' });
    await sql(`update public.orders set status = 'refunded', refunded_total = total where id = $1`, [order.id]);
    expect((await customer.client.rpc('delete_my_account')).error).toBeNull();
    expect(await sql('select email, name, statement from public.withdrawals where order_id = $1', [order.id])).toEqual([{ email: null, name: null, statement: 'Both shirts.' }]);
  });

  it('refuses an admin account and anon', async () => {
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const { error } = await admin.client.rpc('delete_my_account');
    expect(error).toMatchObject({ hint: 'admin_account' });
    expect(await sql('select 1 from auth.users where lower(email) = lower($1)', [ADMIN.email])).toHaveLength(1);
    expect((await anonClient().rpc('delete_my_account')).error).toMatchObject({ code: '42501' });
  });

  it('deletes the account: the old token and the password fail; orders stay for the admin without the person, totals and VAT intact; reviews keep rating and text without name', async () => {
    const customer = await activeCustomer('gone');
    const other = await activeCustomer('kept');
    const refreshToken = customer.session.refresh_token;
    const { data, error } = await customer.client.rpc('delete_my_account');
    expect(error).toBeNull();
    expect(data).toEqual({ deleted: true, ordersKept: 1, reviewsKept: 1 });

    // The session is over: the access token no longer names a user, the refresh token is gone, the password signs nobody in.
    const user = await fetch(`${apiUrl()}/auth/v1/user`, { headers: { apikey: anonKey(), authorization: `Bearer ${customer.session.access_token}` } });
    expect(user.status).toBe(403);
    const refreshed = await fetch(`${apiUrl()}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: anonKey(), 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(refreshed.status).toBe(400);
    const signInAgain = await anonClient().auth.signInWithPassword({ email: customer.email, password: customer.password });
    expect(signInAgain.error).toMatchObject({ code: 'invalid_credentials' });
    expect((await customer.client.rpc('export_my_data')).error).toMatchObject({ hint: 'no_account' });
    expect(await sql('select 1 from auth.sessions where user_id = $1', [customer.user.id])).toHaveLength(0);
    expect(await sql('select 1 from public.profiles where id = $1', [customer.user.id])).toHaveLength(0);
    expect(await sql('select 1 from public.newsletter_subscribers where lower(email) = lower($1)', [customer.email])).toHaveLength(0);

    // The admin still sees the order: amounts and VAT as they were, the person replaced.
    const admin = await signIn(ADMIN.email, ADMIN.password);
    const { data: kept } = await admin.client
      .from('orders')
      .select('order_number, user_id, customer_email, shipping_address, subtotal, shipping, total, vat_amount, vat_rate_basis_points, status, order_items(qty, unit_price)')
      .eq('id', customer.order.id)
      .single();
    expect(kept).toEqual({
      order_number: customer.order.order_number,
      user_id: null,
      customer_email: null,
      shipping_address: { country: 'DE' },
      subtotal: customer.order.subtotal,
      shipping: customer.order.shipping,
      total: customer.order.total,
      vat_amount: customer.order.vat_amount,
      vat_rate_basis_points: customer.order.vat_rate_basis_points,
      status: 'delivered',
      order_items: [{ qty: 2, unit_price: 2500 }],
    });
    const sessions = await sql<{ email: string | null; shipping_address: unknown }>(
      'select email, shipping_address from public.checkout_sessions where line_items::text like $1 and user_id is null and email is null',
      [`%${variantId}%`],
    );
    expect(JSON.stringify(sessions)).not.toContain(ADDRESS.line1);

    // The review is still published, without name or e-mail.
    const { data: review } = await anonClient().from('reviews').select('rating, title, body, author_name, author_email').eq('id', customer.reviewId).single();
    expect(review).toEqual({ rating: 4, title: 'Solid gone', body: 'Held up through a year of squats.', author_name: 'Anonymous', author_email: null });

    // The other customer lost nothing.
    const { data: untouched } = await other.client.rpc('export_my_data');
    expect(untouched).toMatchObject({
      orders: [{ orderNumber: other.order.order_number, email: other.email, shippingAddress: ADDRESS }],
      reviews: [{ authorName: 'Privacy kept' }],
      newsletter: { status: 'subscribed' },
    });
  });
});

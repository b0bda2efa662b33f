import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../../server/start.ts';
import { startFakeSupabase, type FakeSupabase } from '../../../server/functions/fixtures/fake-supabase.ts';
import { insertTestCatalogue, type TestVariants } from '../../../server/functions/fixtures/catalogue.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { signStripePayload } from '../_shared/stripe.ts';
import { startFakeStripe } from '../../../server/functions/fixtures/fake-stripe.ts';
import { createHandler as createCheckoutHandler } from '../create-checkout-session/handler.ts';
import { createHandler } from './handler.ts';

const SECRET = 'whsec_webhook_test';
let backend: Backend;
let supabase: FakeSupabase;
let variants: TestVariants;
let env: FunctionEnv;

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function deliver(payload: string, signature?: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const sig = signature === undefined ? await signStripePayload(SECRET, payload, nowSeconds()) : signature;
  if (sig !== null) headers['stripe-signature'] = sig;
  return createHandler(env)(new Request('http://functions.local/stripe-webhook', { method: 'POST', headers, body: payload }));
}

const completed = (sessionId: string, paymentStatus = 'paid', details: Record<string, unknown> = {}) =>
  JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus, ...details } } });

/** What Stripe's page collected, as a 2024-09+ API version reports it. */
const COLLECTED = {
  payment_intent: 'pi_test_webhook_1',
  customer_details: {
    email: 'Guest.Buyer@Example.com',
    name: 'Billing Name',
    phone: '+49 30 1234567',
    address: { line1: 'Billing 1', postal_code: '10115', city: 'Berlin', country: 'DE' },
  },
  collected_information: {
    shipping_details: { name: 'Erika Mustermann', address: { line1: 'Heidestraße 17', line2: 'Hinterhaus', postal_code: '51147', city: 'Köln', country: 'DE', state: null } },
  },
};
const sessionRow = async (sessionId: string) =>
  (await backend.db.query<{ status: string; stock: string; email: string | null }>('select status, stock, email from public.checkout_sessions where id = $1', [sessionId])).rows[0];
const refundsFor = async (sessionId: string) =>
  (
    await backend.db.query<{ kind: string; amount: number; reason: string; status: string; provider_refund_id: string | null }>(
      'select kind, amount, reason, status, provider_refund_id from public.refunds where checkout_session_id = $1',
      [sessionId],
    )
  ).rows;

/** A session as create-checkout-session stores it (Stripe mode needs Stripe; the row is the same in local mode). */
async function openSession(variantId: string, qty: number, email: string | null = 'buyer@example.com'): Promise<string> {
  const res = await createCheckoutHandler(env)(
    new Request('http://functions.local/create-checkout-session', {
      method: 'POST',
      body: JSON.stringify({ items: [{ variantId, qty }], successUrl: 'http://localhost:5173/orders', cancelUrl: 'http://localhost:5173/cart', email }),
    }),
  );
  return (await res.json()).sessionId;
}

const ordersFor = async (sessionId: string) =>
  (
    await backend.db.query<{ order_number: string; status: string; total: number }>('select order_number, status, total from public.orders where checkout_session_id = $1', [
      sessionId,
    ])
  ).rows;
const inventory = async (variantId: string) =>
  (await backend.db.query<{ inventory: number }>('select inventory from public.variants where id = $1', [variantId])).rows[0].inventory;

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, devRoutes: true }, seed: false });
  variants = await insertTestCatalogue(backend.db);
  supabase = await startFakeSupabase(backend.db, backend.config.serviceRoleKey);
  env = {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: backend.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.config.serviceRoleKey,
    SITE_URL: 'http://localhost:5173',
    API_EXTERNAL_URL: 'http://localhost:54321',
    STRIPE_WEBHOOK_SECRET: SECRET,
    CHECKOUT_RATE_LIMIT: 10_000,
  };
}, 60_000);

afterAll(async () => {
  await supabase?.close();
  await backend?.stop();
});

describe('stripe-webhook', () => {
  it('fulfils a paid checkout.session.completed once, however often Stripe delivers it', async () => {
    const before = await inventory(variants.tee);
    const sessionId = await openSession(variants.tee, 2);
    // The open session holds its stock; paying sells what it holds, it takes nothing more.
    expect(await inventory(variants.tee)).toBe(before - 2);
    const first = await deliver(completed(sessionId));
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({ received: true, fulfilled: true, orderNumber: expect.stringMatching(/^NPNG-\d+$/) });
    const again = await deliver(completed(sessionId));
    expect(await again.json()).toEqual(body);
    expect(await ordersFor(sessionId)).toEqual([{ order_number: body.orderNumber, status: 'paid', total: 5998 }]);
    expect(await inventory(variants.tee)).toBe(before - 2);
  });

  it('sends the order confirmation once, also when Stripe delivers the event again', async () => {
    const mailEnv = { ...env, MAIL_SEND_URL: `${backend.api.url}/_dev/mail/send` };
    const email = 'buyer@example.com';
    const outbox = async () => (await (await fetch(`${backend.api.url}/_dev/mail?format=json&to=${email}`)).json()) as { subject: string }[];
    await fetch(`${backend.api.url}/_dev/mail`, { method: 'DELETE' });
    const sessionId = await openSession(variants.tee, 1);
    const deliverWithMail = async () =>
      createHandler(mailEnv)(
        new Request('http://functions.local/stripe-webhook', {
          method: 'POST',
          headers: { 'stripe-signature': await signStripePayload(SECRET, completed(sessionId), nowSeconds()) },
          body: completed(sessionId),
        }),
      );
    const first = await deliverWithMail();
    const { orderNumber } = await first.json();
    // Orders the earlier tests fulfilled without a mail endpoint were queued, and go out now as well.
    const sent = await outbox();
    expect(sent.filter((m) => m.subject === `Your order ${orderNumber} is confirmed`)).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect((await deliverWithMail()).status).toBe(200);
    expect(await outbox()).toHaveLength(sent.length);
    expect(await ordersFor(sessionId)).toHaveLength(1);
  });

  it('stores the e-mail, the shipping address and the payment intent Stripe collected with the order', async () => {
    const sessionId = await openSession(variants.tee, 1, null);
    const res = await deliver(completed(sessionId, 'paid', COLLECTED));
    expect((await res.json()).fulfilled).toBe(true);
    const { rows } = await backend.db.query<{ customer_email: string; shipping_address: unknown; payment_intent: string }>(
      'select customer_email, shipping_address, payment_intent from public.orders where checkout_session_id = $1',
      [sessionId],
    );
    expect(rows).toEqual([
      {
        customer_email: 'guest.buyer@example.com',
        shipping_address: { name: 'Erika Mustermann', line1: 'Heidestraße 17', line2: 'Hinterhaus', postalCode: '51147', city: 'Köln', country: 'DE', phone: '+49 30 1234567' },
        payment_intent: 'pi_test_webhook_1',
      },
    ]);
  });

  it('a session opened with the review step’s address keeps it when Stripe reports no shipping (the billing address is not taken)', async () => {
    const res = await createCheckoutHandler(env)(
      new Request('http://functions.local/create-checkout-session', {
        method: 'POST',
        body: JSON.stringify({
          items: [{ variantId: variants.tee, qty: 1 }],
          successUrl: 'http://localhost:5173/orders',
          cancelUrl: 'http://localhost:5173/cart',
          email: 'review@example.com',
          shippingAddress: { name: 'Anna Gruber', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE' },
        }),
      }),
    );
    const { sessionId } = await res.json();
    const { collected_information: _none, ...billingOnly } = COLLECTED;
    const paid = await deliver(completed(sessionId, 'paid', { ...billingOnly, metadata: { shipping_address: 'review' } }));
    expect((await paid.json()).fulfilled).toBe(true);
    const { rows } = await backend.db.query<{ shipping_address: unknown }>('select shipping_address from public.orders where checkout_session_id = $1', [sessionId]);
    expect(rows).toEqual([{ shipping_address: { name: 'Anna Gruber', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE' } }]);
  });

  it('a session that expired before the payment arrived: an order while the stock lasts, else a refund', async () => {
    const sessionId = await openSession(variants.tee, 1);
    const before = await inventory(variants.tee);
    await backend.db.query(`update public.checkout_sessions set expires_at = now() - interval '1 minute' where id = $1`, [sessionId]);
    await backend.db.query('select public.expire_checkout_sessions()');
    expect(await inventory(variants.tee)).toBe(before + 1);
    const res = await deliver(completed(sessionId, 'paid', COLLECTED));
    expect((await res.json()).fulfilled).toBe(true);
    expect(await inventory(variants.tee)).toBe(before);
  });

  it('paid but the item is gone: no order, the whole payment refunded at Stripe (once) and recorded', async () => {
    const stripe = await startFakeStripe();
    try {
      const stripeEnv = { ...env, STRIPE_SECRET_KEY: 'sk_test_webhook', STRIPE_API_BASE: stripe.url };
      const sessionId = await openSession(variants.lastOne, 1);
      await backend.db.query(`update public.products set status = 'archived' where id = (select product_id from public.variants where id = $1)`, [variants.lastOne]);
      await backend.db.query(`update public.checkout_sessions set provider = 'stripe' where id = $1`, [sessionId]);
      const payload = completed(sessionId, 'paid', COLLECTED);
      const send = async () =>
        createHandler(stripeEnv)(
          new Request('http://functions.local/stripe-webhook', {
            method: 'POST',
            headers: { 'stripe-signature': await signStripePayload(SECRET, payload, nowSeconds()) },
            body: payload,
          }),
        );
      const first = await send();
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ received: true, fulfilled: false, reason: 'unavailable', refund: { status: 'succeeded' } });
      // A replayed event pays nothing back twice.
      expect((await (await send()).json()).fulfilled).toBe(false);
      expect(stripe.refunds.map((r) => [r.paymentIntent, r.amount])).toEqual([['pi_test_webhook_1', 5999]]);
      expect(stripe.refunds[0].idempotencyKey).toMatch(/^refund_[0-9a-f-]{36}$/);
      expect(await ordersFor(sessionId)).toEqual([]);
      expect(await refundsFor(sessionId)).toEqual([{ kind: 'unfulfillable', amount: 5999, reason: 'unavailable', status: 'succeeded', provider_refund_id: 're_test_0001' }]);
      // The held unit went back to the variant.
      expect(await sessionRow(sessionId)).toMatchObject({ status: 'complete', stock: 'released' });
    } finally {
      await backend.db.query(`update public.products set status = 'published' where id = (select product_id from public.variants where id = $1)`, [variants.lastOne]);
      await stripe.close();
    }
  });

  it('a refund Stripe refuses is kept as failed and paid back when Stripe delivers the event again', async () => {
    const stripe = await startFakeStripe();
    try {
      const stripeEnv = { ...env, STRIPE_SECRET_KEY: 'sk_test_webhook', STRIPE_API_BASE: stripe.url };
      const sessionId = await openSession(variants.tee, 1);
      await backend.db.query(`update public.checkout_sessions set provider = 'stripe' where id = $1`, [sessionId]);
      await backend.db.query(`update public.variants set price = price + 100 where id = $1`, [variants.tee]);
      const payload = completed(sessionId, 'paid', COLLECTED);
      const send = async () =>
        createHandler(stripeEnv)(
          new Request('http://functions.local/stripe-webhook', {
            method: 'POST',
            headers: { 'stripe-signature': await signStripePayload(SECRET, payload, nowSeconds()) },
            body: payload,
          }),
        );
      stripe.failRefundsWith = { status: 500, message: 'Stripe is down' };
      const quiet = console.error;
      console.error = () => {};
      const first = await send().finally(() => {
        console.error = quiet;
      });
      expect(first.status).toBe(502);
      expect(await first.json()).toMatchObject({ fulfilled: false, reason: 'price_changed', refund: { status: 'failed' } });
      expect(await refundsFor(sessionId)).toMatchObject([{ status: 'failed', provider_refund_id: null }]);
      stripe.failRefundsWith = undefined;
      expect(await (await send()).json()).toMatchObject({ fulfilled: false, refund: { status: 'succeeded' } });
      expect(await refundsFor(sessionId)).toMatchObject([{ status: 'succeeded', provider_refund_id: 're_test_0001' }]);
      expect(stripe.refunds).toHaveLength(1);
    } finally {
      await backend.db.query(`update public.variants set price = price - 100 where id = $1`, [variants.tee]);
      await stripe.close();
    }
  });

  it('checkout.session.expired gives the held stock back, once', async () => {
    const before = await inventory(variants.tee);
    const sessionId = await openSession(variants.tee, 3);
    expect(await inventory(variants.tee)).toBe(before - 3);
    const event = JSON.stringify({ id: 'evt_x', type: 'checkout.session.expired', data: { object: { id: sessionId, object: 'checkout.session', status: 'expired' } } });
    expect(await (await deliver(event)).json()).toEqual({ received: true, expired: true });
    expect(await (await deliver(event)).json()).toEqual({ received: true, expired: false });
    expect(await inventory(variants.tee)).toBe(before);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'expired', stock: 'released' });
  });

  it('answers 404 for a session this shop never opened, and changes nothing', async () => {
    const orders = (await backend.db.query('select count(*)::int as n from public.orders')).rows[0];
    for (const type of ['checkout.session.completed', 'checkout.session.expired']) {
      const res = await deliver(JSON.stringify({ id: 'evt_u', type, data: { object: { id: 'cs_test_unknown_session', payment_status: 'paid' } } }));
      expect(res.status).toBe(404);
      expect((await res.json()).error).toMatch(/not one of this shop's/);
    }
    expect((await backend.db.query('select count(*)::int as n from public.orders')).rows[0]).toEqual(orders);
  });

  it('acknowledges other events and unpaid sessions without fulfilling them', async () => {
    const sessionId = await openSession(variants.tee, 1);
    const other = await deliver(JSON.stringify({ id: 'evt_2', type: 'payment_intent.created', data: { object: { id: 'pi_1' } } }));
    expect([other.status, await other.json()]).toEqual([200, { received: true }]);
    const unpaid = await deliver(completed(sessionId, 'unpaid'));
    expect(unpaid.status).toBe(200);
    expect((await unpaid.json()).fulfilled).toBe(false);
    expect(await ordersFor(sessionId)).toEqual([]);
  });

  it.each([
    ['no signature', () => null],
    ['the wrong secret', (p: string) => signStripePayload('whsec_wrong', p, nowSeconds())],
    ['a stale timestamp', (p: string) => signStripePayload(SECRET, p, nowSeconds() - 600)],
    ['a signature of another body', (p: string) => signStripePayload(SECRET, p.replace('paid', 'unpaid'), nowSeconds())],
  ])('refuses an event with %s (400) and fulfils nothing', async (_what, sign) => {
    const sessionId = await openSession(variants.tee, 1);
    const payload = completed(sessionId);
    const res = await deliver(payload, await sign(payload));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^Webhook signature verification failed: /);
    expect(await ordersFor(sessionId)).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"type": "checkout.session.completed", '],
    ['JSON that is not an event', '[1, 2, 3]'],
    ['an event without data.object', '{"type": "checkout.session.completed", "data": {}}'],
  ])('answers 400 for a correctly signed body with %s', async (_what, payload) => {
    const res = await deliver(payload);
    expect([res.status, await res.json()]).toEqual([400, { error: 'The event is not a JSON Stripe event' }]);
  });

  it('answers 404 (not enabled) without a signing secret, whatever the body', async () => {
    const handler = createHandler({ ...env, STRIPE_WEBHOOK_SECRET: undefined });
    for (const body of ['{}', 'not json', JSON.stringify({ type: 'checkout.session.completed', data: { object: { id: 'cs_x', payment_status: 'paid' } } })]) {
      const res = await handler(new Request('http://f.local/', { method: 'POST', body, headers: { 'stripe-signature': 't=1,v1=00' } }));
      expect(res.status).toBe(404);
      expect((await res.json()).error).toMatch(/not enabled/);
    }
  });
});

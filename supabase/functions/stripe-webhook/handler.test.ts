import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../../server/start.ts';
import { startFakeSupabase, type FakeSupabase } from '../../../server/functions/fixtures/fake-supabase.ts';
import { insertTestCatalogue, type TestVariants } from '../../../server/functions/fixtures/catalogue.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { signStripePayload } from '../_shared/stripe.ts';
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

const completed = (sessionId: string, paymentStatus = 'paid') =>
  JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: sessionId, object: 'checkout.session', payment_status: paymentStatus } } });

/** A session as create-checkout-session stores it (Stripe mode needs Stripe; the row is the same in local mode). */
async function openSession(variantId: string, qty: number): Promise<string> {
  const res = await createCheckoutHandler(env)(
    new Request('http://functions.local/create-checkout-session', {
      method: 'POST',
      body: JSON.stringify({ items: [{ variantId, qty }], successUrl: 'http://localhost:5173/orders', cancelUrl: 'http://localhost:5173/cart', email: 'buyer@example.com' }),
    }),
  );
  return (await res.json()).sessionId;
}

const ordersFor = async (sessionId: string) =>
  (await backend.db.query<{ order_number: string; status: string; total: number }>('select order_number, status, total from public.orders where checkout_session_id = $1', [sessionId])).rows;
const inventory = async (variantId: string) => (await backend.db.query<{ inventory: number }>('select inventory from public.variants where id = $1', [variantId])).rows[0].inventory;

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0 }, seed: false });
  variants = await insertTestCatalogue(backend.db);
  supabase = await startFakeSupabase(backend.db, backend.config.serviceRoleKey);
  env = {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: backend.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.config.serviceRoleKey,
    SITE_URL: 'http://localhost:5173',
    API_EXTERNAL_URL: 'http://localhost:54321',
    STRIPE_WEBHOOK_SECRET: SECRET,
  };
}, 60_000);

afterAll(async () => {
  await supabase?.close();
  await backend?.stop();
});

describe('stripe-webhook', () => {
  it('fulfils a paid checkout.session.completed once, however often Stripe delivers it', async () => {
    const sessionId = await openSession(variants.tee, 2);
    const before = await inventory(variants.tee);
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

  it('answers 200 with a refund note when the stock is gone, and creates no order', async () => {
    const sessionId = await openSession(variants.lastOne, 1);
    await backend.db.query('update public.variants set inventory = 0 where id = $1', [variants.lastOne]);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    const res = await deliver(completed(sessionId)).finally(() => {
      console.error = original;
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      received: true,
      fulfilled: false,
      reason: 'out_of_stock',
      note: 'Paid but out of stock: no order was created. An operator must refund this payment in Stripe.',
    });
    expect(errors).toHaveLength(1);
    expect(await ordersFor(sessionId)).toEqual([]);
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

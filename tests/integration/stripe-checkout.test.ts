/**
 * Stripe mode end to end, without the network: create-checkout-session talks to a local fake of
 * Stripe's API, and the stripe-webhook handler receives the signed `checkout.session.completed`
 * event Stripe would send — both running against the shared backend (REST, auth, mail).
 * One order and one e-mail per paid session, however often the event arrives; a forged,
 * foreign or stale signature changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts';
import { signStripePayload } from '../../supabase/functions/_shared/stripe.ts';
import { createHandler as createCheckoutHandler } from '../../supabase/functions/create-checkout-session/handler.ts';
import { createHandler as createWebhookHandler } from '../../supabase/functions/stripe-webhook/handler.ts';
import { startFakeStripe, type FakeStripe } from '../../server/functions/fixtures/fake-stripe.ts';
import { anonClient, anonKey, apiUrl, mailFor, serviceClient, serviceRoleKey, sleep, uniqueEmail } from './support.ts';

const SITE = 'http://localhost:5173';
const SECRET = 'whsec_integration_test';
let stripe: FakeStripe;
let env: FunctionEnv;
let variant: { id: string; price: number };
const sessions: string[] = [];
const service = serviceClient();

const nowSeconds = () => Math.floor(Date.now() / 1000);
const completed = (sessionId: string) =>
  JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', status: 'complete' } },
  });

async function deliver(payload: string, signature: string): Promise<Response> {
  return createWebhookHandler(env)(
    new Request(`${apiUrl()}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload }),
  );
}

/** A guest's checkout through Stripe (the fake): the session id Stripe returned. */
async function checkout(email: string, locale: 'en' | 'de'): Promise<string> {
  const res = await createCheckoutHandler(env)(
    new Request(`${apiUrl()}/functions/v1/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${anonKey()}` },
      body: JSON.stringify({ email, items: [{ variantId: variant.id, qty: 1 }], successUrl: `${SITE}/orders`, cancelUrl: `${SITE}/cart`, locale }),
    }),
  );
  expect(res.status).toBe(200);
  const { sessionId, url } = await res.json();
  expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
  sessions.push(sessionId);
  return sessionId;
}

const ordersOf = async (sessionId: string) => (await service.from('orders').select('order_number,status,total,locale').eq('checkout_session_id', sessionId)).data ?? [];

beforeAll(async () => {
  stripe = await startFakeStripe({ idPrefix: `cs_test_it${randomUUID().replaceAll('-', '').slice(0, 12)}_` });
  env = {
    SUPABASE_URL: apiUrl(),
    SUPABASE_ANON_KEY: anonKey(),
    SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey(),
    SITE_URL: SITE,
    API_EXTERNAL_URL: apiUrl(),
    STRIPE_SECRET_KEY: 'sk_test_integration',
    STRIPE_API_BASE: stripe.url,
    STRIPE_WEBHOOK_SECRET: SECRET,
    MAIL_SEND_URL: `${apiUrl()}/_dev/mail/send`,
  };
  const { data, error } = await service
    .from('variants')
    .select('id,price,products!inner(status)')
    .eq('products.status', 'published')
    .gte('inventory', 5)
    .order('id', { ascending: false })
    .limit(1)
    .single();
  if (error) throw new Error(`no variant in stock: ${error.message}`);
  variant = { id: data.id, price: data.price };
});

afterAll(async () => {
  if (sessions.length) {
    await service.from('orders').delete().in('checkout_session_id', sessions);
    await service.from('checkout_sessions').delete().in('id', sessions);
  }
  await stripe?.close();
});

describe('Stripe Checkout, end to end without the network', () => {
  it('a paid checkout.session.completed makes one order and one e-mail, also when Stripe sends it again', async () => {
    const email = uniqueEmail('stripe');
    const sessionId = await checkout(email, 'de');
    expect(Object.fromEntries(stripe.sessions.at(-1)!.form)).toMatchObject({ locale: 'de', 'metadata[locale]': 'de', customer_email: email });
    expect(await ordersOf(sessionId)).toEqual([]);

    const payload = completed(sessionId);
    const first = await deliver(payload, await signStripePayload(SECRET, payload, nowSeconds()));
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toEqual({ received: true, fulfilled: true, orderNumber: expect.stringMatching(/^NPNG-\d+$/) });
    const total = variant.price + (variant.price >= 5000 ? 0 : 499);
    expect(await ordersOf(sessionId)).toEqual([{ order_number: body.orderNumber, status: 'paid', total, locale: 'de' }]);
    const mails = await mailFor(email);
    expect(mails.map((m) => m.subject)).toEqual([`Deine Bestellung ${body.orderNumber} ist bestätigt`]);

    // Stripe retries (same event, newly signed) and a second event for the same session.
    for (const replay of [payload, completed(sessionId)]) {
      const again = await deliver(replay, await signStripePayload(SECRET, replay, nowSeconds()));
      expect([again.status, await again.json()]).toEqual([200, body]);
    }
    await sleep(200);
    expect(await ordersOf(sessionId)).toHaveLength(1);
    expect(await mailFor(email)).toHaveLength(1);

    // The payer's browser, back from Stripe with the session id, finds the order signed out.
    const { data: order } = await anonClient().rpc('order_by_checkout_session', { session_id: sessionId });
    expect(order).toMatchObject({ orderNumber: body.orderNumber, status: 'paid', total, email, shippingRegion: 'DE' });
  });

  it.each([
    ['a forged signature', (_p: string) => Promise.resolve(`t=${nowSeconds()},v1=${'0'.repeat(64)}`)],
    ['the wrong secret', (p: string) => signStripePayload('whsec_someone_else', p, nowSeconds())],
    ['a stale timestamp', (p: string) => signStripePayload(SECRET, p, nowSeconds() - 3600)],
    ['a signature of another body', (p: string) => signStripePayload(SECRET, p.replace('"paid"', '"unpaid"'), nowSeconds())],
  ])('refuses an event with %s: 400, no order, no e-mail', async (_what, sign) => {
    const email = uniqueEmail('forged');
    const sessionId = await checkout(email, 'en');
    const payload = completed(sessionId);
    const res = await deliver(payload, await sign(payload));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^Webhook signature verification failed: /);
    await sleep(100);
    expect(await ordersOf(sessionId)).toEqual([]);
    expect(await mailFor(email)).toEqual([]);
    const { data: order } = await anonClient().rpc('order_by_checkout_session', { session_id: sessionId });
    expect(order).toBeNull();
  });
});

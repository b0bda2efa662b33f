/**
 * Two instances on one PostgreSQL, as a load balancer runs them (issue 23 item 5, ADR 0034): A
 * starts as the first instance does, B as every further one (`--no-migrate --no-seed`), both on
 * the suite's DATABASE_URL, both in Stripe mode against a local fake. What must happen exactly once
 * does, whichever instance each request reaches: the last unit, a webhook, a refund, an e-mail.
 * Sign-in across instances and rate limits adding up: instances-auth.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signStripePayload } from '../../supabase/functions/_shared/stripe.ts';
import { startFakeStripe, type FakeStripe } from '../../server/functions/fixtures/fake-stripe.ts';
import { startBackend, type Backend } from '../../server/start.ts';
import { startWebServer, type WebServer } from '../../server/web.ts';
import type { Config } from '../../server/config.ts';
import { ADMIN, anonKey, mailFor, serviceClient, sleep, sql, uniqueEmail } from './support.ts';

const SITE = 'http://localhost:5173';
const SECRET = 'whsec_instances_test';
/** The API the storefront build reads its pages' data from (VITE_SUPABASE_URL unset at build time). */
const BUILD_API_PORT = 54321;
const marker = randomUUID().slice(0, 8);
const onPostgres = inject('databaseKind') === 'postgres';

describe.skipIf(!onPostgres)('two instances on one PostgreSQL (skipped on PGlite: its database belongs to the one process that opened it, so there is no second instance)', () => {
  const service = serviceClient();
  let stripe: FakeStripe;
  let a: Backend;
  let b: Backend;
  let webB: WebServer | undefined;
  /** Why B serves no pages here, when it does not. */
  let noPages: string | undefined;
  let productId: string;
  let slug: string;
  let variantId: string;
  const sessions: string[] = [];

  const url = (instance: Backend) => instance.api.url;

  async function call(instance: Backend, path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
    const res = await fetch(`${url(instance)}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { apikey: anonKey(), authorization: `Bearer ${init.token ?? anonKey()}`, 'content-type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  async function checkout(instance: Backend, email: string): Promise<string> {
    const res = await call(instance, '/functions/v1/create-checkout-session', {
      body: { email, items: [{ variantId, qty: 1 }], successUrl: `${SITE}/orders`, cancelUrl: `${SITE}/cart` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    sessions.push(res.body.sessionId);
    return res.body.sessionId as string;
  }

  /** Stripe's checkout.session.completed for a session, paid. */
  const completed = (sessionId: string, email: string) =>
    JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          payment_status: 'paid',
          status: 'complete',
          payment_intent: `pi_test_${sessionId.slice(-12)}`,
          customer_details: { email },
          collected_information: { shipping_details: { name: 'Pat Payer', address: { line1: '1 High St', postal_code: '10115', city: 'Berlin', country: 'DE' } } },
        },
      },
    });

  async function deliver(instance: Backend, payload: string) {
    const signature = await signStripePayload(SECRET, payload, Math.floor(Date.now() / 1000));
    return call(instance, '/functions/v1/stripe-webhook', { body: payload, headers: { 'stripe-signature': signature } });
  }

  const setInventory = (n: number) => sql('update public.variants set inventory = $2 where id = $1', [variantId, n]);
  const inventory = async () => Number((await sql<{ inventory: number }>('select inventory from public.variants where id = $1', [variantId]))[0].inventory);
  const ordersOf = (ids: string[]) =>
    sql<{ id: string; order_number: string; total: number }>('select id, order_number, total from public.orders where checkout_session_id = any($1)', [ids]);

  beforeAll(async () => {
    stripe = await startFakeStripe({ idPrefix: `cs_test_in${marker}_` });
    const config: Partial<Config> = {
      databaseUrl: process.env.DATABASE_URL,
      dataDir: undefined,
      apiPort: 0,
      logRequests: false,
      housekeepingMs: 0,
      devRoutes: true,
      siteUrl: SITE,
      rateLimits: { signIn: 1000, signUp: 1000, recover: 1000, windowMs: 60_000 },
      checkoutRateLimit: 100_000,
      stripeSecretKey: 'sk_test_instances',
      stripeWebhookSecret: SECRET,
      stripeApiBase: stripe.url,
    };
    // A as the first instance starts (it may migrate; the suite's database is the shop's already).
    a = await startBackend({ config, env: {}, seed: false });
    // B as every further one: nothing migrated or seeded. It listens where the build's pages read
    // their data, so that its server-rendered pages are B's own (when that port is free).
    const second = { ...config, migrate: false, seed: false };
    try {
      b = await startBackend({ config: { ...second, apiPort: BUILD_API_PORT }, env: {}, seed: false });
      webB = await startWebServer({ dir: 'dist', port: 0, host: '127.0.0.1', apiUrl: b.config.apiUrl });
    } catch (e) {
      noPages = `${(e as Error).message} (port ${BUILD_API_PORT} in use by a running server, or no build: run npm run build)`;
      b ??= await startBackend({ config: second, env: {}, seed: false });
    }

    slug = `it-inst-${marker}`;
    const { data: product, error } = await service
      .from('products')
      .insert({ slug, title: `Instance Tee ${marker}`, description: 'Two instances, one shop.', category: 'clothing', status: 'published', currency: 'EUR' })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    productId = product.id;
    const { data: variant, error: variantError } = await service
      .from('variants')
      .insert({ product_id: productId, sku: `IT-INST-${marker}`, size: 'M', price: 2500, inventory: 100 })
      .select('id')
      .single();
    if (variantError) throw new Error(variantError.message);
    variantId = variant.id;
  });

  afterAll(async () => {
    if (sessions.length) {
      await sql('delete from public.refunds where checkout_session_id = any($1)', [sessions]);
      await sql('delete from public.orders where checkout_session_id = any($1)', [sessions]);
      await sql('delete from public.checkout_sessions where id = any($1)', [sessions]);
    }
    if (productId) await service.from('products').delete().eq('id', productId);
    await webB?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await stripe?.close();
  });

  it('20 payers for the last unit, their webhooks spread over both instances: 1 order, 19 refunded as sold out', async () => {
    // Twenty sessions while there is stock for all, past their hold (ADR 0021), then one unit left.
    await setInventory(20);
    const emails = Array.from({ length: 20 }, () => uniqueEmail('inst-payer'));
    const ids = await Promise.all(emails.map((email, i) => checkout(i % 2 ? b : a, email)));
    await sql(`update public.checkout_sessions set expires_at = now() - interval '1 second' where id = any($1)`, [ids]);
    await sql('select public.expire_checkout_sessions()');
    await setInventory(1);

    const answers = await Promise.all(ids.map((id, i) => deliver(i % 2 ? a : b, completed(id, emails[i]))));
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sold = answers.filter((res) => res.body.fulfilled === true);
    expect(sold).toHaveLength(1);
    for (const res of answers.filter((r) => r.body.fulfilled !== true)) {
      expect(res.body).toMatchObject({ received: true, fulfilled: false, reason: 'sold_out', refund: { status: 'succeeded' } });
    }
    expect(await ordersOf(ids)).toHaveLength(1);
    expect(await inventory()).toBe(0);
    const refunds = await sql<{ n: number }>(`select count(*)::int as n from public.refunds where kind = 'unfulfillable' and checkout_session_id = any($1)`, [ids]);
    expect(refunds[0].n).toBe(19);
  }, 90_000);

  it('an admin’s edit through A shows in B’s next server-rendered page', async (ctx) => {
    if (noPages || !webB) ctx.skip(`B serves no pages here: ${noPages}`);
    const page = async () => {
      const res = await fetch(`${webB!.url}/shop/${slug}`, { headers: { accept: 'text/html', 'accept-language': 'en' } });
      expect(res.status).toBe(200);
      return res.text();
    };
    expect(await page()).toContain(`Instance Tee ${marker}`);
    // B's REST answer cache holds the product now; the edit reaches B only through the database.
    expect(await page()).toContain(`Instance Tee ${marker}`);

    const admin = await call(a, '/auth/v1/token?grant_type=password', { body: { email: ADMIN.email, password: ADMIN.password } });
    expect(admin.status).toBe(200);
    const renamed = `Renamed on A ${marker}`;
    const edit = await call(a, `/rest/v1/products?id=eq.${productId}`, {
      method: 'PATCH',
      body: { title: renamed },
      token: admin.body.access_token,
      headers: { prefer: 'return=minimal' },
    });
    expect(edit.status).toBe(204);

    const after = await page();
    expect(after).toContain(renamed);
    expect(after).not.toContain(`Instance Tee ${marker}`);
  }, 60_000);

  it('the same signed webhook event delivered to both at once makes one order and one e-mail', async () => {
    await setInventory(10);
    const email = uniqueEmail('inst-webhook');
    const id = await checkout(a, email);
    const payload = completed(id, email);
    const [first, second] = await Promise.all([deliver(a, payload), deliver(b, payload)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body).toMatchObject({ received: true, fulfilled: true, orderNumber: expect.stringMatching(/^NPNG-\d+$/) });
    expect(second.body).toEqual(first.body);
    await sleep(300);
    expect(await ordersOf([id])).toHaveLength(1);
    expect(await inventory()).toBe(9);
    expect((await mailFor(email)).map((m) => m.subject)).toEqual([`Your order ${first.body.orderNumber} is confirmed`]);
  }, 60_000);

  it('the mail outbox: both instances’ senders at once send each queued e-mail once', async () => {
    await setInventory(10);
    // Orders settled without their webhook's own delivery: their confirmations wait in the outbox.
    const emails = [uniqueEmail('inst-outbox'), uniqueEmail('inst-outbox')];
    for (const email of emails) {
      const id = await checkout(b, email);
      const settled = await service.rpc('settle_checkout_session', {
        session_id: id,
        payment: { address: { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE' }, paymentIntent: `pi_test_${marker}` },
      });
      expect(settled.error).toBeNull();
    }
    for (const email of emails) expect(await mailFor(email)).toEqual([]);
    await Promise.all([a.api.housekeeping.run(), b.api.housekeeping.run(), a.api.housekeeping.run(), b.api.housekeeping.run()]);
    for (const email of emails) expect(await mailFor(email)).toHaveLength(1);
  }, 60_000);

  it('a refund requested on both at once is made once', async () => {
    await setInventory(10);
    const email = uniqueEmail('inst-refund');
    const id = await checkout(b, email);
    const paid = await deliver(a, completed(id, email));
    expect(paid.body.fulfilled).toBe(true);
    const [order] = await ordersOf([id]);
    const admin = await call(b, '/auth/v1/token?grant_type=password', { body: { email: ADMIN.email, password: ADMIN.password } });
    const refund = (instance: Backend) =>
      call(instance, '/functions/v1/refund-order', { body: { orderId: order.id, cancel: true, reason: 'Clicked on both' }, token: admin.body.access_token });
    const answers = await Promise.all([refund(a), refund(b), refund(a), refund(b)]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200))
      expect([r.status, ['refund_in_progress', 'not_refundable', 'not_cancellable', 'over_refund', 'already_refunded'].includes(r.body.code)]).toEqual([409, true]);
    const [{ n }] = await sql<{ n: number }>('select count(*)::int as n from public.refunds where order_id = $1', [order.id]);
    expect(n).toBe(1);
    expect(stripe.refunds.filter((r) => r.paymentIntent === `pi_test_${id.slice(-12)}`).map((r) => r.amount)).toEqual([order.total]);
    expect(await inventory()).toBe(10);
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../../server/start.ts';
import { startFakeSupabase, type FakeSupabase } from '../../../server/functions/fixtures/fake-supabase.ts';
import { startFakeStripe, type FakeStripe } from '../../../server/functions/fixtures/fake-stripe.ts';
import { insertTestCatalogue, type TestVariants } from '../../../server/functions/fixtures/catalogue.ts';
import { signJwt } from '../../../server/jwt.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { createHandler } from './handler.ts';

const SITE = 'http://localhost:5173';
let backend: Backend;
let supabase: FakeSupabase;
let stripe: FakeStripe;
let variants: TestVariants;
let env: FunctionEnv;
const user = { id: randomUUID(), email: 'alex@example.com' };
let userToken: string;

const call = (body: unknown, token?: string, handlerEnv = env) =>
  createHandler(handlerEnv)(
    new Request('http://functions.local/create-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token ?? backend.config.anonKey}` },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

const cart = (items: { variantId: string; qty: number }[], extra: Record<string, unknown> = {}) => ({
  userId: null,
  email: null,
  items,
  successUrl: `${SITE}/orders`,
  cancelUrl: `${SITE}/cart`,
  ...extra,
});

const sessionRow = async (id: string) => (await backend.db.query<Record<string, unknown>>('select * from public.checkout_sessions where id = $1', [id])).rows[0];
const sessionCount = async () => Number((await backend.db.query<{ n: string }>('select count(*) as n from public.checkout_sessions')).rows[0].n);

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0 }, seed: false });
  variants = await insertTestCatalogue(backend.db);
  await backend.db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [user.id, user.email]);
  supabase = await startFakeSupabase(backend.db, backend.config.serviceRoleKey);
  stripe = await startFakeStripe();
  userToken = await signJwt({ role: 'authenticated', sub: user.id, email: user.email }, backend.config.jwtSecret);
  supabase.users.set(userToken, user);
  env = {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: backend.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.config.serviceRoleKey,
    SITE_URL: SITE,
    API_EXTERNAL_URL: 'http://localhost:54321',
    CHECKOUT_RATE_LIMIT: 10_000,
  };
}, 60_000);

/** Each session holds its stock: the tests' sessions end (as at their expiry) so the next test starts with the full stock. */
afterEach(async () => {
  await backend.db.query(`update public.checkout_sessions set expires_at = now() - interval '1 second' where status = 'open'`);
  await backend.db.query('select public.expire_checkout_sessions()');
});

afterAll(async () => {
  await stripe?.close();
  await supabase?.close();
  await backend?.stop();
});

beforeEach(() => {
  stripe.sessions.length = 0;
  stripe.failWith = undefined;
});

describe('local mode (no STRIPE_SECRET_KEY)', () => {
  it('prices the cart in the database and stores a local session for a guest', async () => {
    const res = await call(
      cart(
        [
          { variantId: variants.tee, qty: 2 },
          { variantId: variants.tee, qty: 1 },
        ],
        { email: 'Guest@Example.com' },
      ),
    );
    expect(res.status).toBe(200);
    const { url, sessionId } = await res.json();
    expect(sessionId).toMatch(/^cs_local_[A-Za-z0-9]{24}$/);
    expect(url).toBe(`http://localhost:54321/_dev/checkout/${sessionId}`);
    const row = await sessionRow(sessionId);
    expect(row).toMatchObject({
      provider: 'local',
      user_id: null,
      email: 'guest@example.com',
      amount_subtotal: 8997,
      amount_shipping: 0,
      amount_total: 8997,
      currency: 'EUR',
      success_url: `${SITE}/orders`,
      cancel_url: `${SITE}/cart`,
      status: 'open',
      url,
    });
    expect(row.line_items).toEqual([expect.objectContaining({ variant_id: variants.tee, qty: 3, unit_price: 2999, line_total: 8997, title: 'Test Tee' })]);
  });

  it('keeps the shopper’s shipping region and language on the session (DE and en unless given)', async () => {
    const given = await call(cart([{ variantId: variants.tee, qty: 1 }], { shippingRegion: 'uk', locale: 'de' }));
    expect(given.status).toBe(200);
    expect(await sessionRow((await given.json()).sessionId)).toMatchObject({ shipping_region: 'UK', locale: 'de' });
    const defaults = await call(cart([{ variantId: variants.tee, qty: 1 }]));
    expect(await sessionRow((await defaults.json()).sessionId)).toMatchObject({ shipping_region: 'DE', locale: 'en' });
  });

  it('adds the regional shipping rate below the free-shipping threshold', async () => {
    const res = await call(cart([{ variantId: variants.tee, qty: 1 }], { shippingRegion: 'UK' }));
    const row = await sessionRow((await res.json()).sessionId);
    expect(row).toMatchObject({ amount_subtotal: 2999, amount_shipping: 999, amount_total: 3998 });
  });

  it('takes the buyer from the access token, never from the body', async () => {
    const res = await call(cart([{ variantId: variants.tee, qty: 1 }], { userId: user.id }), userToken);
    expect(res.status).toBe(200);
    expect(await sessionRow((await res.json()).sessionId)).toMatchObject({ user_id: user.id, email: user.email });

    const someoneElse = await call(cart([{ variantId: variants.tee, qty: 1 }], { userId: randomUUID() }), userToken);
    expect([someoneElse.status, await someoneElse.json()]).toEqual([400, { error: 'userId does not match the signed-in user' }]);
    const otherEmail = await call(cart([{ variantId: variants.tee, qty: 1 }], { email: 'other@example.com' }), userToken);
    expect(otherEmail.status).toBe(400);
    const guestClaimingUser = await call(cart([{ variantId: variants.tee, qty: 1 }], { userId: user.id }));
    expect([guestClaimingUser.status, await guestClaimingUser.json()]).toEqual([400, { error: 'userId was given but the request is not signed in' }]);
    const stale = await signJwt({ role: 'authenticated', sub: randomUUID() }, backend.config.jwtSecret);
    const expired = await call(cart([{ variantId: variants.tee, qty: 1 }]), stale);
    expect(expired.status).toBe(401);
  });

  it.each([
    ['more than the stock', () => [{ variantId: variants.lastOne, qty: 2 }], 409, 'only 1 left of SKU HOOD-S-GRY'],
    ['an unpublished product', () => [{ variantId: variants.draft, qty: 1 }], 409, /variant .* not found/],
    ['an unknown variant', () => [{ variantId: randomUUID(), qty: 1 }], 409, /variant .* not found/],
  ])('refuses a cart with %s and stores nothing', async (_what, items, status, error) => {
    const before = await sessionCount();
    const res = await call(cart(items()));
    expect(res.status).toBe(status);
    expect((await res.json()).error).toMatch(error);
    expect(await sessionCount()).toBe(before);
  });

  it('says which line the stock cannot meet, and how much is left, in a 409 a program can read', async () => {
    const unknown = randomUUID();
    const cases: [{ variantId: string; qty: number }[], unknown][] = [
      [
        [
          { variantId: variants.tee, qty: 1 },
          { variantId: variants.lastOne, qty: 2 },
        ],
        { error: 'only 1 left of SKU HOOD-S-GRY', code: 'insufficient_stock', variantId: variants.lastOne, available: 1 },
      ],
      [[{ variantId: variants.draft, qty: 1 }], { error: `variant ${variants.draft} not found`, code: 'unavailable', variantId: variants.draft, available: 0 }],
      [[{ variantId: unknown, qty: 1 }], { error: `variant ${unknown} not found`, code: 'unavailable', variantId: unknown, available: 0 }],
    ];
    for (const [items, body] of cases) {
      const res = await call(cart(items));
      expect([res.status, await res.json()]).toEqual([409, body]);
    }
    await backend.db.query('update public.variants set inventory = 0 where id = $1', [variants.hoodie]);
    try {
      const soldOut = await call(cart([{ variantId: variants.hoodie, qty: 1 }]));
      expect([soldOut.status, await soldOut.json()]).toEqual([409, { error: 'SKU HOOD-L-GRY is sold out', code: 'sold_out', variantId: variants.hoodie, available: 0 }]);
    } finally {
      await backend.db.query('update public.variants set inventory = 5 where id = $1', [variants.hoodie]);
    }
  });

  const line = (over: Record<string, unknown> = {}) => ({ variantId: variants.tee, qty: 1, ...over });
  it.each([
    ['a price at the top level', () => cart([line()], { price: 1 }), 400, 'Unknown field "price"'],
    ['a unitPrice at the top level', () => cart([line()], { unitPrice: 1 }), 400, 'Unknown field "unitPrice"'],
    ['a currency at the top level', () => cart([line()], { currency: 'USD' }), 400, 'Unknown field "currency"'],
    ['a total at the top level', () => cart([line()], { total: 0 }), 400, 'Unknown field "total"'],
    ['a price in a line', () => cart([line({ price: 1 })]), 400, 'items[0] has an unknown field "price"'],
    ['a unitPrice in a line', () => cart([line({ unitPrice: 1 })]), 400, 'items[0] has an unknown field "unitPrice"'],
    ['a currency in a line', () => cart([line({ currency: 'USD' })]), 400, 'items[0] has an unknown field "currency"'],
    ['a total in a line', () => cart([line({ total: 0 })]), 400, 'items[0] has an unknown field "total"'],
    ['1,000 lines', () => cart(Array.from({ length: 1000 }, () => line())), 400, 'A cart holds at most 50 lines'],
    ['qty 1e9', () => cart([line({ qty: 1e9 })]), 400, 'items[0].qty must be a whole number from 1 to 99'],
    ['qty 0', () => cart([line({ qty: 0 })]), 400, 'items[0].qty must be a whole number from 1 to 99'],
    ['qty -1', () => cart([line({ qty: -1 })]), 400, 'items[0].qty must be a whole number from 1 to 99'],
    ['qty 1.5', () => cart([line({ qty: 1.5 })]), 400, 'items[0].qty must be a whole number from 1 to 99'],
    ['qty "2"', () => cart([line({ qty: '2' })]), 400, 'items[0].qty must be a whole number from 1 to 99'],
    ['a foreign userId from a guest', () => cart([line()], { userId: randomUUID() }), 400, 'userId was given but the request is not signed in'],
    ['an unknown locale', () => cart([line()], { locale: 'fr' }), 400, "locale must be 'en' or 'de'"],
    ['an array body', () => '[]', 400, 'The body must be a JSON object'],
    ['a string body', () => '"cart"', 400, 'The body must be a JSON object'],
    ['a number body', () => '42', 400, 'The body must be a JSON object'],
    ['a null body', () => 'null', 400, 'The body must be a JSON object'],
    ['an empty body', () => '', 400, 'The request body is empty; send JSON.'],
    ['a 100 KB body', () => cart([line()], { email: `${'a'.repeat(100 * 1024)}@example.com` }), 413, 'The request body is too large (at most 64 KB).'],
    ['a 7 MB body', () => `{"items": [${'1,'.repeat(3.5 * 1024 * 1024)}1]}`, 413, 'The request body is too large (at most 64 KB).'],
  ])('refuses %s with a clear error and stores nothing', async (_what, body, status, error) => {
    const before = await sessionCount();
    const res = await call(body());
    expect([res.status, await res.json()]).toEqual([status, { error }]);
    expect(await sessionCount()).toBe(before);
  });

  it('keeps the review step’s address on the session, normalised and confirmed; without one, as before', async () => {
    const address = { name: ' Erika Mustermann ', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'de' };
    const res = await call(cart([{ variantId: variants.tee, qty: 1 }], { shippingAddress: address }));
    expect(res.status).toBe(200);
    expect(await sessionRow((await res.json()).sessionId)).toMatchObject({
      shipping_address: { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE' },
      address_confirmed: true,
    });
    const without = await call(cart([{ variantId: variants.tee, qty: 1 }]));
    expect(await sessionRow((await without.json()).sessionId)).toMatchObject({ shipping_address: null, address_confirmed: false });
  });

  it('refuses an address per field, in the shop’s language, and opens no session', async () => {
    const before = await sessionCount();
    const bad = { name: '', line1: 'Heidestraße 17', postalCode: '1234', city: 'Köln', country: 'DE' };
    const en = await call(cart([{ variantId: variants.tee, qty: 1 }], { shippingAddress: bad }));
    expect(en.status).toBe(400);
    expect(await en.json()).toEqual({
      error: 'The shipping address cannot be used',
      code: 'invalid_address',
      fields: [
        { field: 'name', problem: 'missing', message: 'Enter your full name.' },
        { field: 'postalCode', problem: 'invalid', message: 'A German postcode has 5 digits, e.g. 10115.' },
      ],
    });
    const de = await call(cart([{ variantId: variants.tee, qty: 1 }], { shippingAddress: { ...bad, name: 'Erika' }, locale: 'de' }));
    expect((await de.json()).fields).toEqual([{ field: 'postalCode', problem: 'invalid', message: 'Eine deutsche Postleitzahl hat 5 Ziffern, z. B. 10115.' }]);
    // A country of another region than the one priced.
    const abroad = await call(cart([{ variantId: variants.tee, qty: 1 }], { shippingAddress: { ...bad, name: 'Erika', postalCode: '1060', country: 'AT' } }));
    expect((await abroad.json()).fields).toEqual([expect.objectContaining({ field: 'country', problem: 'not_in_region' })]);
    const notText = await call(cart([{ variantId: variants.tee, qty: 1 }], { shippingAddress: { ...bad, name: 'Erika', postalCode: 51147 } }));
    expect([notText.status, (await notText.json()).fields]).toEqual([400, [expect.objectContaining({ field: 'postalCode', problem: 'invalid' })]]);
    for (const malformed of ['Köln', ['DE'], { ...bad, street: 'x' }]) {
      const res = await call(cart([{ variantId: variants.tee, qty: 1 }], { shippingAddress: malformed }));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatch(/^shippingAddress /);
    }
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a signed-in shopper naming another user as userId', async () => {
    const before = await sessionCount();
    const res = await call(cart([line()], { userId: randomUUID() }), userToken);
    expect([res.status, await res.json()]).toEqual([400, { error: 'userId does not match the signed-in user' }]);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a body larger than it says, reading no further than the limit', async () => {
    const before = await sessionCount();
    const huge = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`{"items":"${'x'.repeat(70 * 1024)}`));
      },
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(120));
      },
    });
    const res = await createHandler(env)(
      new Request('http://functions.local/create-checkout-session', { method: 'POST', body: huge, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit),
    );
    expect([res.status, (await res.json()).error]).toEqual([413, 'The request body is too large (at most 64 KB).']);
    expect(await sessionCount()).toBe(before);
  });

  it('answers 400 for a malformed body, 405 for GET and the preflight without a body', async () => {
    const before = await sessionCount();
    const malformed = await call('{"items": [');
    expect([malformed.status, await malformed.json()]).toEqual([400, { error: 'The request body is not valid JSON.' }]);
    const empty = await call(cart([]));
    expect([empty.status, await empty.json()]).toEqual([400, { error: 'Your cart is empty.' }]);
    const openRedirect = await call(cart([{ variantId: variants.tee, qty: 1 }], { successUrl: 'https://evil.example/' }));
    expect(openRedirect.status).toBe(400);
    expect(await sessionCount()).toBe(before);
    expect((await createHandler(env)(new Request('http://f.local/', { method: 'GET' }))).status).toBe(405);
    const preflight = await createHandler(env)(new Request('http://f.local/', { method: 'OPTIONS' }));
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('Stripe mode (STRIPE_SECRET_KEY set)', () => {
  const stripeEnv = () => ({ ...env, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: stripe.url });

  it('creates a Checkout Session with database prices and stores Stripe’s id and url', async () => {
    const res = await call(
      cart(
        [
          { variantId: variants.tee, qty: 1 },
          { variantId: variants.hoodie, qty: 1 },
        ],
        { shippingRegion: 'EU' },
      ),
      userToken,
      stripeEnv(),
    );
    expect(res.status).toBe(200);
    const { url, sessionId } = await res.json();
    expect(sessionId).toBe('cs_test_0001abc');
    expect(url).toBe('https://checkout.stripe.test/c/pay/cs_test_0001abc');

    const [sent] = stripe.sessions;
    expect(sent.authorization).toBe('Bearer sk_test_123');
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2999',
      'line_items[0][price_data][product_data][name]': 'Test Tee — M / Black',
      'line_items[1][price_data][unit_amount]': '5999',
      'shipping_options[0][shipping_rate_data][type]': 'fixed_amount',
      'shipping_options[0][shipping_rate_data][fixed_amount][amount]': '0',
      'shipping_options[0][shipping_rate_data][fixed_amount][currency]': 'eur',
      success_url: `${SITE}/orders?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/cart`,
      customer_email: user.email,
      client_reference_id: user.id,
      'metadata[user_id]': user.id,
      'metadata[shipping_region]': 'EU',
      locale: 'en',
      'metadata[locale]': 'en',
    });
    expect(await sessionRow(sessionId)).toMatchObject({ provider: 'stripe', url, user_id: user.id, amount_total: 8998, amount_shipping: 0 });
  });

  it('asks Stripe for its German page when the shop is in German, and keeps the language on the session', async () => {
    const res = await call(cart([{ variantId: variants.tee, qty: 1 }], { locale: 'de', shippingRegion: 'US' }), undefined, stripeEnv());
    expect(res.status).toBe(200);
    const form = stripe.sessions[0].form;
    expect([form.get('locale'), form.get('metadata[locale]'), form.get('metadata[shipping_region]')]).toEqual(['de', 'de', 'US']);
    expect(await sessionRow((await res.json()).sessionId)).toMatchObject({ provider: 'stripe', locale: 'de', shipping_region: 'US', amount_shipping: 1299 });
  });

  it('leaves out customer_email and client_reference_id for a guest without email', async () => {
    const res = await call(cart([{ variantId: variants.tee, qty: 1 }]), undefined, stripeEnv());
    expect(res.status).toBe(200);
    const form = stripe.sessions[0].form;
    expect(form.has('customer_email')).toBe(false);
    expect(form.has('client_reference_id')).toBe(false);
    expect(form.get('shipping_options[0][shipping_rate_data][fixed_amount][amount]')).toBe('499');
  });

  it('answers 502 with Stripe’s message when Stripe refuses, and stores nothing', async () => {
    stripe.failWith = { status: 400, message: 'Invalid API Key provided' };
    const before = await sessionCount();
    const res = await call(cart([{ variantId: variants.tee, qty: 1 }]), undefined, stripeEnv());
    expect([res.status, await res.json()]).toEqual([502, { error: 'The payment provider refused the checkout: Invalid API Key provided' }]);
    expect(await sessionCount()).toBe(before);
  });

  it('holds the stock of an open session: the last unit goes to the first session, the second is told before paying', async () => {
    const first = await call(cart([{ variantId: variants.lastOne, qty: 1 }]));
    expect(first.status).toBe(200);
    const second = await call(cart([{ variantId: variants.lastOne, qty: 1 }]));
    expect([second.status, await second.json()]).toEqual([409, { error: 'SKU HOOD-S-GRY is sold out', code: 'sold_out', variantId: variants.lastOne, available: 0 }]);
    const { rows } = await backend.db.query<{ stock: string; expires_at: string }>('select stock, expires_at from public.checkout_sessions where id = $1', [
      (await first.json()).sessionId,
    ]);
    expect(rows[0].stock).toBe('held');
    const minutes = (new Date(rows[0].expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('asks Stripe for the address in the region’s countries only, and for a page that ends with the hold', async () => {
    stripe.failWith = undefined;
    const res = await call(cart([{ variantId: variants.tee, qty: 1 }], { shippingRegion: 'UK' }), undefined, stripeEnv());
    expect(res.status).toBe(200);
    const form = stripe.sessions.at(-1)!.form;
    expect(form.getAll('shipping_address_collection[allowed_countries][0]')).toEqual(['GB']);
    expect(form.get('shipping_address_collection[allowed_countries][1]')).toBeNull();
    const expiresAt = Number(form.get('expires_at'));
    const { rows } = await backend.db.query<{ expires_at: string }>('select expires_at from public.checkout_sessions where id = $1', [(await res.json()).sessionId]);
    expect(expiresAt).toBe(Math.floor(new Date(rows[0].expires_at).getTime() / 1000));
  });

  it('with the review step’s address: no address collection on Stripe’s page, the address as the payment’s shipping', async () => {
    const address = { name: 'Oliver Smith', line1: '10 Downing Street', line2: 'Flat 2', postalCode: 'sw1a2aa', city: 'London', country: 'GB', phone: '+44 20 7925 0918' };
    const res = await call(cart([{ variantId: variants.tee, qty: 1 }], { shippingRegion: 'UK', shippingAddress: address }), undefined, stripeEnv());
    expect(res.status).toBe(200);
    const form = stripe.sessions.at(-1)!.form;
    expect([...form.keys()].filter((k) => k.startsWith('shipping_address_collection'))).toEqual([]);
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith('payment_intent_data')))).toEqual({
      'payment_intent_data[shipping][name]': 'Oliver Smith',
      'payment_intent_data[shipping][phone]': '+44 20 7925 0918',
      'payment_intent_data[shipping][address][line1]': '10 Downing Street',
      'payment_intent_data[shipping][address][line2]': 'Flat 2',
      'payment_intent_data[shipping][address][postal_code]': 'SW1A 2AA',
      'payment_intent_data[shipping][address][city]': 'London',
      'payment_intent_data[shipping][address][country]': 'GB',
    });
    expect(form.get('metadata[shipping_address]')).toBe('review');
  });

  it('limits sessions per client: past the limit a 429 that stores and holds nothing', async () => {
    const limited = { ...env, CHECKOUT_RATE_LIMIT: 2 };
    const client = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const send = () =>
      createHandler(limited)(
        new Request('http://functions.local/create-checkout-session', {
          method: 'POST',
          headers: { 'x-forwarded-for': client },
          body: JSON.stringify(cart([{ variantId: variants.tee, qty: 1 }])),
        }),
      );
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const before = await sessionCount();
    const third = await send();
    expect([third.status, (await third.json()).code]).toEqual([429, 'rate_limited']);
    expect(await sessionCount()).toBe(before);
    // Another client has a budget of its own.
    const other = await createHandler(limited)(
      new Request('http://functions.local/create-checkout-session', {
        method: 'POST',
        headers: { 'x-forwarded-for': '198.51.100.7' },
        body: JSON.stringify(cart([{ variantId: variants.tee, qty: 1 }])),
      }),
    );
    expect(other.status).toBe(200);
  });
});

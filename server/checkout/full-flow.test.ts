import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startBackend, type Backend } from '../start.ts';
import { insertTestCatalogue, type TestVariants } from '../functions/fixtures/catalogue.ts';

/**
 * The whole local payment path with nothing faked: supabase-js → /functions/v1 → create-checkout-session
 * → /auth/v1/user and /rest/v1 (price_cart, checkout_sessions) → the /_dev/checkout page → fulfilment.
 */
let backend: Backend;
let variants: TestVariants;
const customer = { email: 'flow@example.com', password: 'Flow-Pass-2025!' };

const client = (): SupabaseClient =>
  createClient(backend.api.url, backend.config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, devRoutes: true }, seed: false });
  variants = await insertTestCatalogue(backend.db);
  const created = await fetch(`${backend.api.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: backend.config.serviceRoleKey, authorization: `Bearer ${backend.config.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...customer, email_confirm: true }),
  });
  expect(created.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

/** The checkout URL names API_EXTERNAL_URL; in this test the API listens on a free port instead. */
const onThisServer = (url: string) => `${backend.api.url}${new URL(url).pathname}`;

describe('checkout end to end on the local backend', () => {
  it('takes a signed-in customer from the German cart through the German payment page to a paid order they can read', async () => {
    const supabase = client();
    const { data: auth, error: signInError } = await supabase.auth.signInWithPassword(customer);
    expect(signInError).toBeNull();
    const userId = auth.user?.id as string;
    const site = backend.config.siteUrl;

    const { data, error } = await supabase.functions.invoke('create-checkout-session', {
      body: { userId, email: customer.email, items: [{ variantId: variants.tee, qty: 2 }], successUrl: `${site}/orders`, cancelUrl: `${site}/cart`, locale: 'de' },
    });
    expect(error).toBeNull();
    expect(data.url).toBe(`${backend.config.apiUrl}/_dev/checkout/${data.sessionId}`);

    const page = await fetch(onThisServer(data.url));
    expect(page.status).toBe(200);
    // The shop was in German: so is the payment page, all of it.
    const html = (await page.text()).replaceAll('\u00a0', ' ');
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1 id="pay-title">Bezahlen 59,98 €</h1>');
    expect(html).toContain('<button type="submit">Bezahlen</button>');
    expect(html).toContain(`Beleg an: ${customer.email}`);
    expect(html).toContain('<legend>Lieferadresse</legend>');
    expect(html).toContain('<option value="DE" selected>Deutschland</option>');
    expect(html).not.toMatch(/>Pay<|Card number|Cancel and return|Shipping address/);
    const paid = await fetch(`${onThisServer(data.url)}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Flo Kunde',
        line1: 'Torstraße 5',
        postalCode: '10119',
        city: 'Berlin',
        country: 'DE',
        number: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
      }),
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${site}/orders?session_id=${data.sessionId}`);

    const { data: order, error: orderError } = await supabase
      .from('orders')
      .select('status, total, user_id, customer_email, shipping_address')
      .eq('checkout_session_id', data.sessionId)
      .single();
    expect(orderError).toBeNull();
    expect(order).toEqual({
      status: 'paid',
      total: 5998,
      user_id: userId,
      customer_email: customer.email,
      shipping_address: { name: 'Flo Kunde', line1: 'Torstraße 5', postalCode: '10119', city: 'Berlin', country: 'DE' },
    });

    // The next checkout offers the address of this order again (open_checkout_session copies it).
    const next = await supabase.functions.invoke('create-checkout-session', {
      body: { userId, email: customer.email, items: [{ variantId: variants.tee, qty: 1 }], successUrl: `${site}/orders`, cancelUrl: `${site}/cart`, locale: 'de' },
    });
    expect(next.error).toBeNull();
    const offered = await (await fetch(onThisServer(next.data.url))).text();
    expect(offered).toMatch(/<input id="line1" [^>]*value="Torstraße 5"/);
    expect(offered).toMatch(/<input id="postalCode" [^>]*value="10119"/);
  });

  it('refuses a guest claiming a user id, and an empty cart, with the function’s message', async () => {
    const supabase = client();
    const site = backend.config.siteUrl;
    const claim = await supabase.functions.invoke('create-checkout-session', {
      body: { userId: '00000000-0000-4000-8000-000000000000', email: null, items: [{ variantId: variants.tee, qty: 1 }], successUrl: `${site}/orders`, cancelUrl: `${site}/cart` },
    });
    expect(claim.error?.context.status).toBe(400);
    expect(await claim.error?.context.json()).toEqual({ error: 'userId was given but the request is not signed in' });
    const empty = await supabase.functions.invoke('create-checkout-session', { body: { items: [], successUrl: `${site}/orders`, cancelUrl: `${site}/cart` } });
    expect(await empty.error?.context.json()).toEqual({ error: 'Your cart is empty.' });
  });
});

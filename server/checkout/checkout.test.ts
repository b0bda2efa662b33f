import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../start.ts';
import { startFakeSupabase, type FakeSupabase } from '../functions/fixtures/fake-supabase.ts';
import { insertTestCatalogue, type TestVariants } from '../functions/fixtures/catalogue.ts';
import { createHandler } from '../../supabase/functions/create-checkout-session/handler.ts';

const SITE = 'http://localhost:5173';
let backend: Backend;
let supabase: FakeSupabase;
let variants: TestVariants;

/** A local session as the storefront gets it: through create-checkout-session, its url pointing at this server. */
async function openSession(items: { variantId: string; qty: number }[], extra: Record<string, unknown> = {}): Promise<{ url: string; sessionId: string }> {
  const handler = createHandler({
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: backend.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.config.serviceRoleKey,
    SITE_URL: SITE,
    API_EXTERNAL_URL: backend.api.url,
  });
  const res = await handler(
    new Request('http://functions.local/', { method: 'POST', body: JSON.stringify({ items, successUrl: `${SITE}/orders`, cancelUrl: `${SITE}/cart`, ...extra }) }),
  );
  expect(res.status).toBe(200);
  return res.json();
}

const pay = (url: string, fields: Record<string, string>) =>
  fetch(`${url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', ...fields }),
  });

const orderOf = async (sessionId: string) =>
  (await backend.db.query<{ customer_email: string; total: number; status: string }>('select customer_email, total, status from public.orders where checkout_session_id = $1', [sessionId])).rows;
const inventory = async (id: string) => (await backend.db.query<{ inventory: number }>('select inventory from public.variants where id = $1', [id])).rows[0].inventory;

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0 }, seed: false });
  variants = await insertTestCatalogue(backend.db);
  supabase = await startFakeSupabase(backend.db, backend.config.serviceRoleKey);
}, 60_000);

afterAll(async () => {
  await supabase?.close();
  await backend?.stop();
});

describe('the local hosted checkout page', () => {
  it('shows the order in EUR and a card form prefilled with the test card', async () => {
    const { url } = await openSession([{ variantId: variants.tee, qty: 2 }]);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' ${SITE}`);
    const page = (await res.text()).replaceAll('\u00a0', ' ');
    expect(page).toContain('No Pain, No Gain');
    expect(page).toContain('Test Tee');
    expect(page).toContain('M · Black');
    expect(page).toContain('2 × 29,99 €');
    expect(page).toContain('59,98 €');
    expect(page).toContain('Free / Kostenlos');
    expect(page).toContain('value="4242 4242 4242 4242"');
    expect(page).toContain('4000 0000 0000 0002');
    expect(page).toContain('Pay / Bezahlen');
    expect(page).toMatch(/<label for="email">/);
  });

  it('pays: fulfils the order and redirects to the success URL with session_id, once', async () => {
    const { url, sessionId } = await openSession([{ variantId: variants.hoodie, qty: 1 }]);
    const before = await inventory(variants.hoodie);
    const res = await pay(url, { email: 'Guest@Example.com' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${SITE}/orders?session_id=${sessionId}`);
    expect(await orderOf(sessionId)).toEqual([{ customer_email: 'guest@example.com', total: 5999, status: 'paid' }]);
    expect(await inventory(variants.hoodie)).toBe(before - 1);

    const again = await pay(url, { email: 'guest@example.com' });
    expect([again.status, again.headers.get('location')]).toEqual([303, `${SITE}/orders?session_id=${sessionId}`]);
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(await orderOf(sessionId)).toHaveLength(1);
    expect(await inventory(variants.hoodie)).toBe(before - 1);
  });

  it('sends one order confirmation to the outbox, in the shop’s language, however often pay is sent', async () => {
    const email = `mail-${randomUUID().slice(0, 8)}@example.com`;
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { locale: 'de' });
    const outbox = async () => (await (await fetch(`${backend.api.url}/_dev/mail?format=json&to=${email}`)).json()) as { subject: string; text: string }[];
    expect((await pay(url, { email })).status).toBe(303);
    const [order] = (await backend.db.query<{ order_number: string; locale: string }>('select order_number, locale from public.orders where checkout_session_id = $1', [sessionId])).rows;
    expect(order.locale).toBe('de');
    const mails = await outbox();
    expect(mails.map((m) => m.subject)).toEqual([`Deine Bestellung ${order.order_number} ist bestätigt`]);
    expect(mails[0].text.replaceAll('\u00a0', ' ')).toContain('Gesamt: 34,98 €');
    await Promise.all([pay(url, { email }), pay(url, { email })]);
    expect(await outbox()).toHaveLength(1);
  });

  it('creates one order when the pay button is sent twice at once', async () => {
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { email: 'twice@example.com' });
    const before = await inventory(variants.tee);
    const answers = await Promise.all([pay(url, {}), pay(url, {})]);
    expect(answers.map((r) => r.status)).toEqual([303, 303]);
    expect(await orderOf(sessionId)).toHaveLength(1);
    expect(await inventory(variants.tee)).toBe(before - 1);
  });

  it('shows "Your card was declined." for 4000 0000 0000 0002 and charges nothing', async () => {
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { email: 'a@example.com' });
    const res = await pay(url, { number: '4000 0000 0000 0002' });
    expect(res.status).toBe(402);
    const page = await res.text();
    expect(page).toContain('Your card was declined.');
    expect(page).toContain('role="alert"');
    expect(await orderOf(sessionId)).toEqual([]);
  });

  it.each([
    ['an invalid card number', { number: '1234 5678 9012 3456' }, 'Your card number is invalid.'],
    ['a markup injection in the number', { number: '"><script>alert(1)</script>' }, 'Your card number is invalid.'],
    ['a past expiry', { expiry: '01/20' }, 'expiry date is in the past.'],
    ['a short CVC', { cvc: '1' }, 'security code is invalid.'],
    ['no email when the session has none', { email: '' }, 'Enter a valid email address.'],
    ['an email without @', { email: 'buyer.example.com' }, 'Enter a valid email address.'],
  ])('answers 400 with the form again for %s', async (_what, fields, message) => {
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }]);
    const res = await pay(url, { email: 'buyer@example.com', ...fields });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(message);
    expect(page).toContain('aria-invalid="true"');
    expect(page).not.toContain('<script>');
    expect(await orderOf(sessionId)).toEqual([]);
  });

  it('explains an item that sold out meanwhile and leaves stock and session as they were', async () => {
    const { url, sessionId } = await openSession([{ variantId: variants.lastOne, qty: 1 }], { email: 'b@example.com' });
    await backend.db.query('update public.variants set inventory = 0 where id = $1', [variants.lastOne]);
    const res = await pay(url, {});
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('Nothing was charged.');
    expect(await orderOf(sessionId)).toEqual([]);
    expect(await inventory(variants.lastOne)).toBe(0);
    const { rows } = await backend.db.query('select status from public.checkout_sessions where id = $1', [sessionId]);
    expect(rows).toEqual([{ status: 'open' }]);
  });

  it('cancels back to the cancel URL', async () => {
    const { url } = await openSession([{ variantId: variants.tee, qty: 1 }]);
    for (const method of ['POST', 'GET']) {
      const res = await fetch(`${url}/cancel`, { method, redirect: 'manual' });
      expect([res.status, res.headers.get('location')]).toEqual([303, `${SITE}/cart`]);
    }
  });

  it.each(['cs_local_doesnotexist0000000000', 'not-a-session', `cs_${randomUUID()}`, '%E0%A4%A', 'cs_x/pay/more'])('answers 404 for the unknown session %s', async (id) => {
    const res = await fetch(`${backend.api.url}/_dev/checkout/${id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Checkout not found');
  });

  it('does not show Stripe sessions on the local page', async () => {
    await backend.db.query(
      `insert into public.checkout_sessions (id, provider, line_items, amount_subtotal, amount_shipping, amount_total, currency, success_url, cancel_url)
       values ('cs_test_stripe1', 'stripe', '[{"qty":1}]', 1, 0, 1, 'EUR', $1, $2)`,
      [`${SITE}/orders`, `${SITE}/cart`],
    );
    expect((await fetch(`${backend.api.url}/_dev/checkout/cs_test_stripe1`)).status).toBe(404);
  });
});

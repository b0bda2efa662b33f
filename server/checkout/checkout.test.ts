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
  await backend.db.query("update public.products set title_de = 'Test-Shirt' where slug = 'test-tee'");
  supabase = await startFakeSupabase(backend.db, backend.config.serviceRoleKey);
}, 60_000);

afterAll(async () => {
  await supabase?.close();
  await backend?.stop();
});

/** The text a reader sees: no style, no tags, entities and no-break spaces resolved. */
const visibleText = (page: string) =>
  page
    .replace(/<style>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
    .replaceAll('\u00a0', ' ')
    .replace(/\s+/g, ' ');

describe('the local hosted checkout page', () => {
  it('shows an English purchase in English: the order in EUR and a card form prefilled with the test card', async () => {
    const { url } = await openSession([{ variantId: variants.tee, qty: 2 }], { locale: 'en' });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' ${SITE}`);
    const page = (await res.text()).replaceAll('\u00a0', ' ');
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('No Pain, No Gain');
    expect(page).toContain('Test Tee');
    expect(page).toContain('M · Black');
    expect(page).toContain('2 × €29.99');
    expect(page).toContain('<h1 id="pay-title">Pay €59.98</h1>');
    expect(page).toContain('<td class="num">Free</td>');
    expect(page).toContain('value="4242 4242 4242 4242"');
    expect(page).toContain('4000 0000 0000 0002');
    expect(page).toContain('<button type="submit">Pay</button>');
    expect(page).toContain('<button type="submit" class="secondary">Cancel and return to the shop</button>');
    expect(page).toContain('<label for="email">Email</label>');
    expect(page).toContain('<label for="number">Card number</label>');
    expect(page).toContain('<label for="expiry">Expiry (MM/YY)</label>');
    expect(page).toContain('<label for="cvc">CVC</label>');
    const text = visibleText(page);
    for (const german of ['Bezahlen', 'Kasse', 'Kartennummer', 'Prüfziffer', 'Kostenlos', 'Gesamt', 'Zahlung', 'Schwarz', 'Test-Shirt', ' / ']) {
      expect(text).not.toContain(german);
    }
  });

  it('shows a German purchase in German only: labels, German title and colour, money as 59,98 €', async () => {
    const { url } = await openSession([{ variantId: variants.tee, qty: 2 }], { locale: 'de' });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const page = (await res.text()).replaceAll('\u00a0', ' ');
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('<span class="badge">Testkasse</span>');
    expect(page).toContain('Bestellübersicht');
    expect(page).toContain('Test-Shirt');
    expect(page).toContain('M · Schwarz');
    expect(page).toContain('2 × 29,99 €');
    expect(page).toContain('<h1 id="pay-title">Bezahlen 59,98 €</h1>');
    for (const label of ['Zwischensumme', 'Versand', 'Gesamt']) expect(page).toContain(`<th scope="row" colspan="2">${label}</th>`);
    expect(page).toContain('<td class="num">Kostenlos</td>');
    expect(page).toContain('value="4242 4242 4242 4242"');
    expect(page).toContain('<button type="submit">Bezahlen</button>');
    expect(page).toContain('<button type="submit" class="secondary">Abbrechen und zurück zum Shop</button>');
    expect(page).toContain('<label for="email">E-Mail</label>');
    expect(page).toContain('<label for="number">Kartennummer</label>');
    expect(page).toContain('<label for="expiry">Ablaufdatum (MM/JJ)</label>');
    expect(page).toContain('<label for="cvc">Prüfziffer</label>');
    const text = visibleText(page);
    for (const english of ['Pay', 'Card', 'Email', 'Expiry', 'CVC', 'Cancel', 'Free', 'Total', 'Subtotal', 'Shipping', 'Order', 'Black', 'Test Tee', 'payment', ' / ']) {
      expect(text).not.toContain(english);
    }
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

  it.each([
    ['en', 'Your card was declined.', 'Deine Karte'],
    ['de', 'Deine Karte wurde abgelehnt.', 'Your card'],
  ])('shows the decline of 4000 0000 0000 0002 in the session’s language (%s) and charges nothing', async (locale, message, other) => {
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { email: 'a@example.com', locale });
    const res = await pay(url, { number: '4000 0000 0000 0002' });
    expect(res.status).toBe(402);
    const page = await res.text();
    expect(page).toContain(`<div id="form-error" class="alert" role="alert">${message.replace("'", '&#39;')}</div>`);
    expect(page).not.toContain(other);
    expect(page).toContain(`<html lang="${locale}">`);
    expect(await orderOf(sessionId)).toEqual([]);
  });

  it.each([
    ['an invalid card number', { number: '1234 5678 9012 3456' }, 'number', 'Your card number is invalid.', 'Deine Kartennummer ist ungültig.'],
    ['a markup injection in the number', { number: '"><script>alert(1)</script>' }, 'number', 'Your card number is invalid.', 'Deine Kartennummer ist ungültig.'],
    ['an unreadable expiry', { expiry: 'soon' }, 'expiry', 'Enter the expiry date as MM/YY.', 'Gib das Ablaufdatum als MM/JJ ein.'],
    ['a past expiry', { expiry: '01/20' }, 'expiry', 'Your card&#39;s expiry date is in the past.', 'Deine Karte ist abgelaufen.'],
    ['a short CVC', { cvc: '1' }, 'cvc', 'Your card&#39;s security code is invalid.', 'Deine Prüfziffer ist ungültig.'],
    ['no email when the session has none', { email: '' }, 'email', 'Enter a valid email address.', 'Gib eine gültige E-Mail-Adresse ein.'],
    ['an email without @', { email: 'buyer.example.com' }, 'email', 'Enter a valid email address.', 'Gib eine gültige E-Mail-Adresse ein.'],
  ])('answers 400 with the form again for %s, in English and in German', async (_what, fields, field, english, german) => {
    for (const [locale, message, other] of [
      ['en', english, german],
      ['de', german, english],
    ]) {
      const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { locale });
      const res = await pay(url, { email: 'buyer@example.com', ...fields });
      expect(res.status).toBe(400);
      const page = await res.text();
      expect(page).toContain(`<div id="form-error" class="alert" role="alert">${message}</div>`);
      expect(page).not.toContain(other);
      expect(page).toMatch(new RegExp(`<input id="${field}" [^>]*aria-invalid="true" aria-describedby="form-error"`));
      expect(page).not.toContain('<script>');
      expect(await orderOf(sessionId)).toEqual([]);
    }
  });

  it('explains an item that sold out meanwhile and leaves stock and session as they were', async () => {
    const { url, sessionId } = await openSession([{ variantId: variants.lastOne, qty: 1 }], { email: 'b@example.com' });
    await backend.db.query('update public.variants set inventory = 0 where id = $1', [variants.lastOne]);
    const res = await pay(url, {});
    expect(res.status).toBe(409);
    const page = await res.text();
    expect(page).toContain('<h1 id="notice-title">Sold out</h1>');
    expect(page).toContain('Nothing was charged.');
    expect(page).toContain(`<a href="${SITE}/cart">Back to your cart</a>`);
    expect(page).not.toContain('Ausverkauft');
    expect(await orderOf(sessionId)).toEqual([]);
    expect(await inventory(variants.lastOne)).toBe(0);
    const { rows } = await backend.db.query('select status from public.checkout_sessions where id = $1', [sessionId]);
    expect(rows).toEqual([{ status: 'open' }]);
  });

  it('says an item sold out in German on a German purchase', async () => {
    await backend.db.query('update public.variants set inventory = 1 where id = $1', [variants.lastOne]);
    const { url } = await openSession([{ variantId: variants.lastOne, qty: 1 }], { email: 'b@example.com', locale: 'de' });
    await backend.db.query('update public.variants set inventory = 0 where id = $1', [variants.lastOne]);
    const res = await pay(url, {});
    expect(res.status).toBe(409);
    const page = await res.text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('<h1 id="notice-title">Ausverkauft</h1>');
    expect(page).toContain('Ein Artikel in Deinem Warenkorb ist gerade ausverkauft. Es wurde nichts abgebucht.');
    expect(page).toContain(`<a href="${SITE}/cart">Zurück zum Warenkorb</a>`);
    expect(page).not.toMatch(/Sold out|your cart|Nothing/);
  });

  it.each([
    ['en', 'Payment not possible', 'This checkout can no longer be paid. Nothing was charged.', 'Back to the shop'],
    ['de', 'Zahlung nicht möglich', 'Diese Kasse kann nicht mehr bezahlt werden. Es wurde nichts abgebucht.', 'Zurück zum Shop'],
  ])('explains a payment the database refuses in the session’s language (%s), without its English reason', async (locale, title, message, link) => {
    const email = `refused-${locale}@example.com`;
    await backend.db.exec(`
      create or replace function public.test_refuse_order() returns trigger language plpgsql as $$
      begin
        if new.customer_email like 'refused-%' then raise exception 'refused for the test'; end if;
        return new;
      end $$;
      drop trigger if exists test_refuse_order on public.orders;
      create trigger test_refuse_order before insert on public.orders for each row execute function public.test_refuse_order();`);
    try {
      const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { email, locale });
      const res = await pay(url, {});
      expect(res.status).toBe(409);
      const page = await res.text();
      expect(page).toContain(`<html lang="${locale}">`);
      expect(page).toContain(`<h1 id="notice-title">${title}</h1>`);
      expect(page).toContain(`<p>${message}</p>`);
      expect(page).toContain(`<a href="${SITE}/cart">${link}</a>`);
      expect(page).not.toContain('refused for the test');
      expect(await orderOf(sessionId)).toEqual([]);
    } finally {
      await backend.db.exec('drop trigger if exists test_refuse_order on public.orders; drop function if exists public.test_refuse_order()');
    }
  });

  it.each([
    ['en', 'Checkout expired', 'This checkout has expired. Please start again from your cart.', 'Back to your cart'],
    ['de', 'Kasse abgelaufen', 'Diese Kasse ist abgelaufen. Bitte starte erneut aus Deinem Warenkorb.', 'Zurück zum Warenkorb'],
  ])('says an expired checkout has expired in the session’s language (%s)', async (locale, title, message, link) => {
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { locale });
    await backend.db.query("update public.checkout_sessions set status = 'expired' where id = $1", [sessionId]);
    for (const res of [await fetch(url), await pay(url, { email: 'late@example.com' })]) {
      expect(res.status).toBe(410);
      const page = await res.text();
      expect(page).toContain(`<html lang="${locale}">`);
      expect(page).toContain(`<title>${title} · No Pain, No Gain</title>`);
      expect(page).toContain(`<p>${message}</p>`);
      expect(page).toContain(`<a href="${SITE}/cart">${link}</a>`);
      expect(page).not.toContain(' / ');
    }
  });

  it.each([
    ['en', 'Not allowed', 'This action is not available here.'],
    ['de', 'Nicht erlaubt', 'Diese Aktion ist hier nicht möglich.'],
  ])('refuses other methods and actions in the session’s language (%s)', async (locale, title, message) => {
    const { url } = await openSession([{ variantId: variants.tee, qty: 1 }], { locale });
    for (const res of [await fetch(url, { method: 'POST' }), await fetch(`${url}/pay`), await fetch(`${url}/refund`, { method: 'POST' })]) {
      expect(res.status).toBe(405);
      const page = await res.text();
      expect(page).toContain(`<html lang="${locale}">`);
      expect(page).toContain(`<h1 id="notice-title">${title}</h1>`);
      expect(page).toContain(`<p>${message}</p>`);
      expect(page).not.toContain(' / ');
    }
  });

  it('cancels back to the cancel URL', async () => {
    const { url } = await openSession([{ variantId: variants.tee, qty: 1 }]);
    for (const method of ['POST', 'GET']) {
      const res = await fetch(`${url}/cancel`, { method, redirect: 'manual' });
      expect([res.status, res.headers.get('location')]).toEqual([303, `${SITE}/cart`]);
    }
  });

  it.each(['cs_local_doesnotexist0000000000', 'not-a-session', `cs_${randomUUID()}`, '%E0%A4%A', 'cs_x/pay/more'])('answers 404 for the unknown session %s, in both languages (there is none to follow)', async (id) => {
    const res = await fetch(`${backend.api.url}/_dev/checkout/${id}`);
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(page).toContain('Checkout not found / <span lang="de">Kasse nicht gefunden</span>');
    expect(page).toContain('<title>Checkout not found / Kasse nicht gefunden · No Pain, No Gain</title>');
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

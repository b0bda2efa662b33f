import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../start.ts';
import { insertTestCatalogue, type TestVariants } from '../functions/fixtures/catalogue.ts';
import { addressProblem, normaliseAddress, SHIPPING_COUNTRIES } from '../../supabase/functions/_shared/address.ts';

const SITE = 'http://localhost:5173';
let backend: Backend;
let variants: TestVariants;

const ADDRESS = { name: 'Alex Muster', line1: 'Hauptstraße 1', line2: '', postalCode: '10115', city: 'Berlin', country: 'DE', phone: '' };

interface OpenOptions {
  email?: string | null;
  locale?: string;
  region?: string;
  address?: Record<string, string> | null;
  /** The address was confirmed on the shop's review step (create-checkout-session's shippingAddress). */
  confirmed?: boolean;
}

/**
 * A local session as create-checkout-session opens it: priced by price_cart, opened (and its stock
 * held) by public.open_checkout_session, its url pointing at this server.
 */
async function openSession(items: { variantId: string; qty: number }[], options: OpenOptions = {}): Promise<{ url: string; sessionId: string }> {
  const sessionId = `cs_local_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  const url = `${backend.api.url}/_dev/checkout/${sessionId}`;
  const region = options.region ?? 'DE';
  await backend.db.query(
    `select public.open_checkout_session(jsonb_build_object(
       'id', $1::text, 'provider', 'local', 'email', $2::text, 'line_items', c -> 'lines', 'amount_subtotal', c -> 'subtotal',
       'amount_shipping', c -> 'shipping', 'amount_total', c -> 'total', 'currency', c ->> 'currency', 'success_url', $3::text,
       'cancel_url', $4::text, 'url', $5::text, 'shipping_region', $6::text, 'locale', $7::text, 'shipping_address', $8::jsonb,
       'address_confirmed', $10::boolean))
     from (select public.price_cart($9::jsonb, $6::text) as c) priced`,
    [
      sessionId,
      options.email ?? null,
      `${SITE}/orders`,
      `${SITE}/cart`,
      url,
      region,
      options.locale ?? 'en',
      options.address ? JSON.stringify(options.address) : null,
      JSON.stringify(items),
      options.confirmed ?? false,
    ],
  );
  return { url, sessionId };
}

const pay = (url: string, fields: Record<string, string>) =>
  fetch(`${url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...ADDRESS, number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', ...fields }),
  });

const orderOf = async (sessionId: string) =>
  (
    await backend.db.query<{ customer_email: string; total: number; status: string }>('select customer_email, total, status from public.orders where checkout_session_id = $1', [
      sessionId,
    ])
  ).rows;
const inventory = async (id: string) => (await backend.db.query<{ inventory: number }>('select inventory from public.variants where id = $1', [id])).rows[0].inventory;
const sessionRow = async (sessionId: string) =>
  (
    await backend.db.query<{ status: string; stock: string; shipping_address: unknown }>('select status, stock, shipping_address from public.checkout_sessions where id = $1', [
      sessionId,
    ])
  ).rows[0];

beforeAll(async () => {
  backend = await startBackend({ config: { dataDir: undefined, apiPort: 0, devRoutes: true }, seed: false });
  variants = await insertTestCatalogue(backend.db);
  await backend.db.query("update public.products set title_de = 'Test-Shirt' where slug = 'test-tee'");
  // Plenty of stock: every open session holds its units until it is paid, cancelled or expired.
  await backend.db.query("update public.variants set inventory = 1000 where sku in ('TEE-M-BLK', 'HOOD-L-GRY')");
}, 60_000);

afterAll(async () => {
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

const label = (id: string, text: string) => `<label for="${id}">${text} <span class="req" aria-hidden="true">*</span></label>`;

describe('the local hosted checkout page', () => {
  it('shows an English purchase in English: the order in EUR, the address and a card form prefilled with the test card', async () => {
    const { url } = await openSession([{ variantId: variants.tee, qty: 2 }], { locale: 'en' });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' ${SITE}`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
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
    expect(page).toContain('<legend>Shipping address</legend>');
    for (const [id, text] of [
      ['email', 'Email'],
      ['name', 'Full name'],
      ['line1', 'Address line 1'],
      ['postalCode', 'Postcode'],
      ['city', 'City'],
      ['country', 'Country'],
      ['number', 'Card number'],
      ['expiry', 'Expiry (MM/YY)'],
      ['cvc', 'CVC'],
    ]) {
      expect(page).toContain(label(id, text));
    }
    expect(page).toContain('<label for="line2">Address line 2 <span class="muted">(optional)</span></label>');
    // A German session ships to Germany only: the one country, chosen.
    expect(page).toMatch(/<select id="country" [^>]*><option value="DE" selected>Germany<\/option><\/select>/);
    const text = visibleText(page);
    for (const german of ['Bezahlen', 'Kasse', 'Kartennummer', 'Prüfziffer', 'Kostenlos', 'Gesamt', 'Zahlung', 'Schwarz', 'Test-Shirt', 'Lieferadresse', 'Deutschland', ' / ']) {
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
    for (const heading of ['Zwischensumme', 'Versand', 'Gesamt']) expect(page).toContain(`<th scope="row" colspan="2">${heading}</th>`);
    expect(page).toContain('<td class="num">Kostenlos</td>');
    expect(page).toContain('value="4242 4242 4242 4242"');
    expect(page).toContain('<button type="submit">Bezahlen</button>');
    expect(page).toContain('<button type="submit" class="secondary">Abbrechen und zurück zum Shop</button>');
    expect(page).toContain('<legend>Lieferadresse</legend>');
    for (const [id, text] of [
      ['email', 'E-Mail'],
      ['name', 'Vor- und Nachname'],
      ['line1', 'Adresszeile 1'],
      ['postalCode', 'Postleitzahl'],
      ['city', 'Ort'],
      ['country', 'Land'],
      ['number', 'Kartennummer'],
      ['expiry', 'Ablaufdatum (MM/JJ)'],
      ['cvc', 'Prüfziffer'],
    ]) {
      expect(page).toContain(label(id, text));
    }
    expect(page).toContain('<label for="phone">Telefon <span class="muted">(freiwillig)</span></label>');
    expect(page).toContain('<option value="DE" selected>Deutschland</option>');
    const text = visibleText(page);
    for (const english of [
      'Pay',
      'Card',
      'Email',
      'Expiry',
      'CVC',
      'Cancel',
      'Free',
      'Total',
      'Subtotal',
      'Shipping',
      'Order',
      'Black',
      'Test Tee',
      'payment',
      'Address',
      'Postcode',
      'optional',
      'required',
      'Germany',
      ' / ',
    ]) {
      expect(text).not.toContain(english);
    }
  });

  it('offers the countries of the session’s region only, and the address the session already has', async () => {
    const last = { name: 'Pat Doe', line1: '1 Main St', postalCode: '94103', city: 'San Francisco', country: 'US', phone: '+1 415 555 0100' };
    const { url } = await openSession([{ variantId: variants.tee, qty: 1 }], { region: 'US', address: last });
    const page = await (await fetch(url)).text();
    const options = [...page.matchAll(/<option value="(\w*)"( selected)?>/g)].map(([, code, selected]) => `${code}${selected ? '!' : ''}`);
    expect(options.sort()).toEqual(['', ...SHIPPING_COUNTRIES.US.map((c) => (c === 'US' ? 'US!' : c))].sort());
    expect(page).toMatch(/<input id="name" [^>]*value="Pat Doe"/);
    expect(page).toMatch(/<input id="line1" [^>]*value="1 Main St"/);
    expect(page).toMatch(/<input id="postalCode" [^>]*value="94103"/);
    expect(page).toMatch(/<input id="phone" [^>]*type="tel"[^>]*value="\+1 415 555 0100"/);
  });

  it('a session opened with the review step’s address shows it read-only and asks only for the card (and a guest’s e-mail)', async () => {
    const confirmed = { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE' };
    for (const [locale, heading, country] of [
      ['en', 'Delivery address', 'Germany'],
      ['de', 'Lieferadresse', 'Deutschland'],
    ] as const) {
      const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { address: confirmed, confirmed: true, locale });
      const page = await (await fetch(url)).text();
      expect(visibleText(page)).toContain(`${heading} Erika Mustermann Heidestraße 17 51147 Köln ${country}`);
      for (const id of ['name', 'line1', 'line2', 'postalCode', 'city', 'country', 'phone']) expect(page).not.toContain(`id="${id}"`);
      expect(page).toMatch(/<input id="email" /);
      expect(page).toMatch(/<input id="number" /);
      // What the form sends for the address is not taken: the confirmed one is the order's.
      const res = await pay(url, { email: 'review@example.com', name: 'Someone Else', line1: 'Elsewhere 1', postalCode: '99999', city: 'Anywhere' });
      expect(res.status).toBe(303);
      const { rows } = await backend.db.query<{ shipping_address: unknown }>('select shipping_address from public.orders where checkout_session_id = $1', [sessionId]);
      expect(rows[0].shipping_address).toEqual(confirmed);
    }
  });

  it('a confirmed address the database refuses opens no session and holds no stock', async () => {
    const before = await inventory(variants.tee);
    await expect(openSession([{ variantId: variants.tee, qty: 1 }], { address: { ...ADDRESS, postalCode: '1234' }, confirmed: true })).rejects.toThrow(/postalCode invalid/);
    expect(await inventory(variants.tee)).toBe(before);
  });

  it('pays: the order with its shipping address, the stock held at opening sold, and the success URL with session_id, once', async () => {
    const before = await inventory(variants.hoodie);
    const { url, sessionId } = await openSession([{ variantId: variants.hoodie, qty: 1 }]);
    expect(await inventory(variants.hoodie)).toBe(before - 1);
    const res = await pay(url, { email: 'Guest@Example.com', name: '  Alex  Muster ', postalCode: ' 10115 ', line2: 'Hinterhaus', phone: '+49 30 123456' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${SITE}/orders?session_id=${sessionId}`);
    expect(await orderOf(sessionId)).toEqual([{ customer_email: 'guest@example.com', total: 5999, status: 'paid' }]);
    const { rows } = await backend.db.query<{ shipping_address: unknown; payment_intent: string }>(
      'select shipping_address, payment_intent from public.orders where checkout_session_id = $1',
      [sessionId],
    );
    expect(rows[0].shipping_address).toEqual({
      name: 'Alex  Muster',
      line1: 'Hauptstraße 1',
      line2: 'Hinterhaus',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
      phone: '+49 30 123456',
    });
    expect(rows[0].payment_intent).toMatch(/^pi_local_[A-Za-z0-9]{24}$/);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'complete', stock: 'sold' });
    expect(await inventory(variants.hoodie)).toBe(before - 1);

    const again = await pay(url, { email: 'guest@example.com' });
    expect([again.status, again.headers.get('location')]).toEqual([303, `${SITE}/orders?session_id=${sessionId}`]);
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(await orderOf(sessionId)).toHaveLength(1);
    expect(await inventory(variants.hoodie)).toBe(before - 1);
  });

  it('writes a UK postcode as Royal Mail does on a UK session', async () => {
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { region: 'UK', email: 'uk@example.com' });
    const res = await pay(url, { country: 'gb', postalCode: 'sw1a1aa', city: 'London', line1: '10 Downing Street' });
    expect(res.status).toBe(303);
    const { rows } = await backend.db.query<{ shipping_address: { postalCode: string; country: string } }>(
      'select shipping_address from public.orders where checkout_session_id = $1',
      [sessionId],
    );
    expect(rows[0].shipping_address).toMatchObject({ postalCode: 'SW1A 1AA', country: 'GB' });
  });

  it('sends one order confirmation to the outbox, in the shop’s language, however often pay is sent', async () => {
    const email = `mail-${randomUUID().slice(0, 8)}@example.com`;
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { locale: 'de' });
    const outbox = async () => (await (await fetch(`${backend.api.url}/_dev/mail?format=json&to=${email}`)).json()) as { subject: string; text: string }[];
    expect((await pay(url, { email })).status).toBe(303);
    const [order] = (await backend.db.query<{ order_number: string; locale: string }>('select order_number, locale from public.orders where checkout_session_id = $1', [sessionId]))
      .rows;
    expect(order.locale).toBe('de');
    const mails = await outbox();
    expect(mails.map((m) => m.subject)).toEqual([`Deine Bestellung ${order.order_number} ist bestätigt`]);
    expect(mails[0].text.replaceAll('\u00a0', ' ')).toContain('Gesamt: 34,98 €');
    await Promise.all([pay(url, { email }), pay(url, { email })]);
    expect(await outbox()).toHaveLength(1);
  });

  it('creates one order when the pay button is sent twice at once', async () => {
    const before = await inventory(variants.tee);
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { email: 'twice@example.com' });
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
    expect((await sessionRow(sessionId)).status).toBe('open');
  });

  it.each([
    ['an invalid card number', { number: '1234 5678 9012 3456' }, 'number', 'Your card number is invalid.', 'Deine Kartennummer ist ungültig.'],
    ['a markup injection in the number', { number: '"><script>alert(1)</script>' }, 'number', 'Your card number is invalid.', 'Deine Kartennummer ist ungültig.'],
    ['an unreadable expiry', { expiry: 'soon' }, 'expiry', 'Enter the expiry date as MM/YY.', 'Gib das Ablaufdatum als MM/JJ ein.'],
    ['a past expiry', { expiry: '01/20' }, 'expiry', 'Your card&#39;s expiry date is in the past.', 'Deine Karte ist abgelaufen.'],
    ['a short CVC', { cvc: '1' }, 'cvc', 'Your card&#39;s security code is invalid.', 'Deine Prüfziffer ist ungültig.'],
    ['no email when the session has none', { email: '' }, 'email', 'Enter a valid email address.', 'Gib eine gültige E-Mail-Adresse ein.'],
    ['an email without @', { email: 'buyer.example.com' }, 'email', 'Enter a valid email address.', 'Gib eine gültige E-Mail-Adresse ein.'],
    ['a missing name', { name: '  ' }, 'name', 'Enter your full name.', 'Gib Deinen vollständigen Namen ein.'],
    [
      'a line 1 of 101 characters',
      { line1: 'x'.repeat(101) },
      'line1',
      'Address line 1 can be at most 100 characters long.',
      'Adresszeile 1 darf höchstens 100 Zeichen lang sein.',
    ],
    [
      'a control character in line 2',
      { line2: 'a\u0001b' },
      'line2',
      'Address line 2 contains characters that cannot be used.',
      'Adresszeile 2 enthält Zeichen, die nicht erlaubt sind.',
    ],
    [
      'a German postcode of 4 digits',
      { postalCode: '1234' },
      'postalCode',
      'A German postcode has 5 digits, e.g. 10115.',
      'Eine deutsche Postleitzahl hat 5 Ziffern, z. B. 10115.',
    ],
    ['a missing city', { city: '' }, 'city', 'Enter your town or city.', 'Gib Deinen Ort ein.'],
    [
      'a US address on a German session',
      { country: 'US', postalCode: '94103', city: 'San Francisco' },
      'country',
      'This order’s shipping was priced for another region. Choose one of the listed countries, or change “Ship to” in your cart.',
      'Die Versandkosten dieser Bestellung gelten für eine andere Region. Wähle eines der aufgeführten Länder oder ändere „Lieferung nach“ in Deinem Warenkorb.',
    ],
    [
      'a phone number of letters',
      { phone: 'call me' },
      'phone',
      'Enter a phone number of digits, spaces and + ( ) / . - only.',
      'Gib eine Telefonnummer nur aus Ziffern, Leerzeichen und + ( ) / . - ein.',
    ],
  ])('answers 400 with the form again for %s, in English and in German, and writes nothing', async (_what, fields, field, english, german) => {
    for (const [locale, message, other] of [
      ['en', english, german],
      ['de', german, english],
    ]) {
      const before = await inventory(variants.tee);
      const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { locale });
      const res = await pay(url, { email: 'buyer@example.com', ...fields });
      expect(res.status).toBe(400);
      const page = await res.text();
      expect(page).toContain(`<div id="form-error" class="alert" role="alert">${message}</div>`);
      expect(page).toContain(`<p id="${field}-error" class="field-error">${message}</p>`);
      expect(page).not.toContain(other);
      expect(page).toMatch(new RegExp(`<(input|select) id="${field}" [^>]*aria-invalid="true" aria-describedby="${field}-error"`));
      expect(page).not.toContain('<script>');
      expect(await orderOf(sessionId)).toEqual([]);
      expect(await sessionRow(sessionId)).toEqual({ status: 'open', stock: 'held', shipping_address: null });
      // The one unit this session holds, nothing more.
      expect(await inventory(variants.tee)).toBe(before - 1);
    }
  });

  it('refuses a UK postcode of digits on a UK session', async () => {
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { region: 'UK', email: 'uk2@example.com' });
    const res = await pay(url, { country: 'GB', postalCode: '12345', city: 'London' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<p id="postalCode-error" class="field-error">Enter a UK postcode such as SW1A 1AA.</p>');
    expect(await orderOf(sessionId)).toEqual([]);
  });

  it('keeps every typed value after an error, markup shown as text, and names each field’s problem', async () => {
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { email: 'm@example.com' });
    const res = await pay(url, { name: '<script>alert(1)</script>', line1: '"><img src=x onerror=alert(1)>', postalCode: '1', city: '' });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toMatch(/<input id="name" [^>]*value="&lt;script&gt;alert\(1\)&lt;\/script&gt;"/);
    expect(page).toMatch(/<input id="line1" [^>]*value="&quot;&gt;&lt;img src=x onerror=alert\(1\)&gt;"/);
    expect(page).not.toMatch(/<script>|<img /);
    expect(page).toContain('<li>A German postcode has 5 digits, e.g. 10115.</li>');
    expect(page).toContain('<li>Enter your town or city.</li>');
    expect(await orderOf(sessionId)).toEqual([]);
  });

  it('stores markup in an address as the text it is', async () => {
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { email: 'markup@example.com' });
    const name = '<b>Alex</b> & "Co"';
    expect((await pay(url, { name })).status).toBe(303);
    const { rows } = await backend.db.query<{ shipping_address: { name: string } }>('select shipping_address from public.orders where checkout_session_id = $1', [sessionId]);
    expect(rows[0].shipping_address.name).toBe(name);
  });

  it('words an address as the database judges it (the same rules in address.ts and in SQL)', async () => {
    const cases: Record<string, unknown>[] = [
      ADDRESS,
      { ...ADDRESS, name: '' },
      { ...ADDRESS, name: 'x'.repeat(101) },
      { ...ADDRESS, line1: 'a\tb' },
      { ...ADDRESS, city: 'a\u0085b' },
      { ...ADDRESS, name: 'a\u007fb' },
      { ...ADDRESS, line2: 'é'.repeat(101) },
      { ...ADDRESS, postalCode: '1234' },
      { ...ADDRESS, postalCode: ' 1 0115 ' },
      { ...ADDRESS, country: 'de' },
      { ...ADDRESS, country: 'DEU' },
      { ...ADDRESS, country: '1X' },
      { ...ADDRESS, country: 'AT', postalCode: '1010' },
      { ...ADDRESS, country: 'GB', postalCode: 'sw1a 1aa' },
      { ...ADDRESS, country: 'GB', postalCode: '12345' },
      { ...ADDRESS, country: 'GB', postalCode: 'gir0aa' },
      { ...ADDRESS, country: 'US', postalCode: '12345-6789' },
      { ...ADDRESS, country: 'US', postalCode: '1234' },
      { ...ADDRESS, country: 'CH', postalCode: '8001' },
      { ...ADDRESS, country: 'JP', postalCode: '100-0001' },
      { ...ADDRESS, country: 'NL', postalCode: '1012 ab' },
      { ...ADDRESS, country: 'FR', postalCode: 'x' },
      { ...ADDRESS, phone: '12' },
      { ...ADDRESS, phone: '+44 (20) 7946-0958' },
      { ...ADDRESS, city: 'c'.repeat(81) },
      { ...ADDRESS, postalCode: '1'.repeat(17) },
    ];
    for (const region of ['DE', 'EU', 'UK', 'US']) {
      for (const address of cases) {
        const { rows } = await backend.db.query<{ answer: { ok: boolean; field?: string; problem?: string; address?: unknown } }>(
          'select public.check_shipping_address($1::jsonb, $2) as answer',
          [JSON.stringify(address), region],
        );
        const normalised = normaliseAddress(address);
        const problem = addressProblem(normalised, SHIPPING_COUNTRIES[region as keyof typeof SHIPPING_COUNTRIES]);
        const what = `${region} ${JSON.stringify(address)}`;
        expect(problem ? { ok: false, ...problem } : { ok: true, address: normalised }, what).toEqual(rows[0].answer);
      }
    }
  });

  it.each([
    ['en', 'price_changed', 'Your payment has been refunded', 'The price of an item in your cart changed while you were paying.', 'Back to your cart'],
    ['de', 'unavailable', 'Deine Zahlung wurde erstattet', 'Ein Artikel in Deinem Warenkorb ist nicht mehr erhältlich.', 'Zurück zum Warenkorb'],
  ])('refunds a payment that cannot become an order and says so (%s, %s)', async (locale, reason, title, why, link) => {
    await backend.db.query('update public.variants set inventory = 5, price = 5999, archived_at = null where id = $1', [variants.lastOne]);
    const { url, sessionId } = await openSession([{ variantId: variants.lastOne, qty: 2 }], { email: `refund-${locale}@example.com`, locale });
    expect(await inventory(variants.lastOne)).toBe(3);
    if (reason === 'price_changed') await backend.db.query('update public.variants set price = 6999 where id = $1', [variants.lastOne]);
    else await backend.db.query('update public.variants set archived_at = now() where id = $1', [variants.lastOne]);
    const res = await pay(url, {});
    expect(res.status).toBe(409);
    const page = await res.text();
    expect(page).toContain(`<html lang="${locale}">`);
    expect(page).toContain(`<h1 id="notice-title">${title}</h1>`);
    expect(page).toContain(`<p>${why}</p>`);
    expect(visibleText(page)).toMatch(locale === 'en' ? /full amount has been refunded.*e-mail/ : /vollen Betrag.*erstattet.*E-Mail/);
    expect(page).toContain(`<a href="${SITE}/cart">${link}</a>`);
    expect(await orderOf(sessionId)).toEqual([]);
    const refunds = await backend.db.query<{ kind: string; reason: string; status: string; amount: number }>(
      'select kind, reason, status, amount from public.refunds where checkout_session_id = $1',
      [sessionId],
    );
    expect(refunds.rows).toEqual([{ kind: 'unfulfillable', reason, status: 'succeeded', amount: 11998 }]);
    // The held units are back.
    expect(await inventory(variants.lastOne)).toBe(5);
    // Coming back to the page (or paying again) says the same, and refunds nothing twice.
    const again = await fetch(url);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(`<p>${why}</p>`);
    expect((await pay(url, {})).status).toBe(409);
    expect((await backend.db.query('select 1 from public.refunds where checkout_session_id = $1', [sessionId])).rows).toHaveLength(1);
    await backend.db.query('update public.variants set price = 5999, archived_at = null where id = $1', [variants.lastOne]);
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
      expect(await sessionRow(sessionId)).toMatchObject({ status: 'open', stock: 'held' });
    } finally {
      await backend.db.exec('drop trigger if exists test_refuse_order on public.orders; drop function if exists public.test_refuse_order()');
    }
  });

  it.each([
    ['en', 'Checkout expired', 'This checkout has expired. Please start again from your cart.', 'Back to your cart'],
    ['de', 'Kasse abgelaufen', 'Diese Kasse ist abgelaufen. Bitte starte erneut aus Deinem Warenkorb.', 'Zurück zum Warenkorb'],
  ])('says an expired checkout has expired in the session’s language (%s)', async (locale, title, message, link) => {
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { locale });
    await backend.db.query('select public.expire_checkout_session($1)', [sessionId]);
    for (const res of [await fetch(url), await pay(url, { email: 'late@example.com' })]) {
      expect(res.status).toBe(410);
      const page = await res.text();
      expect(page).toContain(`<html lang="${locale}">`);
      expect(page).toContain(`<title>${title} · No Pain, No Gain</title>`);
      expect(page).toContain(`<p>${message}</p>`);
      expect(page).toContain(`<a href="${SITE}/cart">${link}</a>`);
      expect(page).not.toContain(' / ');
    }
    expect(await orderOf(sessionId)).toEqual([]);
  });

  it('ends a session past its expires_at on the spot: 410, and its stock back', async () => {
    const before = await inventory(variants.tee);
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 3 }], { email: 'slow@example.com' });
    expect(await inventory(variants.tee)).toBe(before - 3);
    await backend.db.query("update public.checkout_sessions set expires_at = now() - interval '1 minute' where id = $1", [sessionId]);
    const res = await pay(url, {});
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('Checkout expired');
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'expired', stock: 'released' });
    expect(await inventory(variants.tee)).toBe(before);
    expect(await orderOf(sessionId)).toEqual([]);
    expect((await fetch(url)).status).toBe(410);
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

  it('cancels back to the cancel URL and gives the held stock back at once', async () => {
    const before = await inventory(variants.hoodie);
    const { url, sessionId } = await openSession([{ variantId: variants.hoodie, qty: 2 }]);
    expect(await inventory(variants.hoodie)).toBe(before - 2);
    for (const method of ['POST', 'GET']) {
      const res = await fetch(`${url}/cancel`, { method, redirect: 'manual' });
      expect([res.status, res.headers.get('location')]).toEqual([303, `${SITE}/cart`]);
      // Once: the second cancel finds it ended.
      expect(await inventory(variants.hoodie)).toBe(before);
    }
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'expired', stock: 'released' });
    expect((await fetch(url)).status).toBe(410);
    expect((await pay(url, { email: 'after@example.com' })).status).toBe(410);
    expect(await orderOf(sessionId)).toEqual([]);
  });

  it('cancel of a paid session only goes back: the order and its stock stay', async () => {
    const { url, sessionId } = await openSession([{ variantId: variants.tee, qty: 1 }], { email: 'paid@example.com' });
    expect((await pay(url, {})).status).toBe(303);
    const before = await inventory(variants.tee);
    const res = await fetch(`${url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).toEqual([303, `${SITE}/cart`]);
    expect(await orderOf(sessionId)).toHaveLength(1);
    expect(await inventory(variants.tee)).toBe(before);
  });

  it.each(['cs_local_doesnotexist0000000000', 'not-a-session', `cs_${randomUUID()}`, '%E0%A4%A', 'cs_x/pay/more'])(
    'answers 404 for the unknown session %s, in both languages (there is none to follow)',
    async (id) => {
      const res = await fetch(`${backend.api.url}/_dev/checkout/${id}`);
      expect(res.status).toBe(404);
      const page = await res.text();
      expect(page).toContain('Checkout not found / <span lang="de">Kasse nicht gefunden</span>');
      expect(page).toContain('<title>Checkout not found / Kasse nicht gefunden · No Pain, No Gain</title>');
      const cancel = await fetch(`${backend.api.url}/_dev/checkout/${id}/cancel`, { method: 'POST', redirect: 'manual' });
      expect(cancel.status).toBe(404);
    },
  );

  it('does not show Stripe sessions on the local page', async () => {
    await backend.db.query(
      `insert into public.checkout_sessions (id, provider, line_items, amount_subtotal, amount_shipping, amount_total, currency, success_url, cancel_url)
       values ('cs_test_stripe1', 'stripe', '[{"qty":1}]', 1, 0, 1, 'EUR', $1, $2)`,
      [`${SITE}/orders`, `${SITE}/cart`],
    );
    expect((await fetch(`${backend.api.url}/_dev/checkout/cs_test_stripe1`)).status).toBe(404);
  });
});

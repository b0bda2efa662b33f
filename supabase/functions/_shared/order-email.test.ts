import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBackend, type Backend } from '../../../server/start.ts';
import { startFakeSupabase, type FakeSupabase } from '../../../server/functions/fixtures/fake-supabase.ts';
import { insertTestCatalogue, type TestVariants } from '../../../server/functions/fixtures/catalogue.ts';
import type { FunctionEnv } from './env.ts';
import { COMPANY } from './company.ts';
import { deliverOrderEmails, renderOrderEmail, type OrderEmailData } from './order-email.ts';
import { WITHDRAWAL_INFORMATION, withdrawalBlocks } from './withdrawal-information.ts';

const order = (over: Partial<OrderEmailData> = {}): OrderEmailData => ({
  orderId: '6a1f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
  orderNumber: 'NPNG-100123',
  email: 'sam@example.com',
  locale: 'en',
  shippingRegion: 'DE',
  currency: 'EUR',
  subtotal: 4498,
  shipping: 499,
  total: 4997,
  createdAt: '2025-11-24T10:15:00.000Z',
  items: [
    { title: 'Iron Tee', size: 'M', color: 'Black', qty: 1, unitPrice: 2999, lineTotal: 2999 },
    { title: 'Lifting Straps', size: null, color: null, qty: 1, unitPrice: 1499, lineTotal: 1499 },
  ],
  ...over,
});

const SITE_URL = 'https://shop.example/';
/** The confirmation as the outbox renders it, with its links on SITE_URL. */
const confirmation = (data: OrderEmailData) => renderOrderEmail(data, SITE_URL);

const COPY_OUTRO = { en: 'We will let you know as soon as it ships.', de: 'Wir melden uns, sobald Deine Bestellung unterwegs ist.' };

/** Text without the narrow/normal no-break spaces Intl puts between amount and currency. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('renderOrderEmail', () => {
  it('writes an English confirmation: number, lines, subtotal, shipping with the region, total', () => {
    const mail = confirmation(order());
    expect(mail.to).toBe('sam@example.com');
    expect(mail.subject).toBe('Your order NPNG-100123 is confirmed');
    const text = plain(mail.text);
    expect(text).toContain('Order: NPNG-100123');
    expect(text).toContain('Ordered on: November 24, 2025');
    expect(text).toContain('1 × Iron Tee — M / Black: €29.99');
    expect(text).toContain('1 × Lifting Straps: €14.99');
    expect(text).toContain('Subtotal: €44.98');
    expect(text).toContain('Shipping (Germany): €4.99');
    expect(text).toContain('Total: €49.97');
    const html = plain(mail.html);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Iron Tee — M / Black');
    expect(html).toContain('€49.97');
  });

  it('writes a German confirmation in the Du-form, with German amounts and region names', () => {
    const mail = confirmation(order({ locale: 'de', shippingRegion: 'US', subtotal: 16000, shipping: 0, total: 16000 }));
    expect(mail.subject).toBe('Deine Bestellung NPNG-100123 ist bestätigt');
    const text = plain(mail.text);
    expect(text).toContain('Danke für Deine Bestellung!');
    expect(text).toContain('Bestellung: NPNG-100123');
    expect(text).toContain('Bestellt am: 24. November 2025');
    expect(text).toContain('1 × Iron Tee — M / Schwarz: 29,99 €');
    expect(text).toContain('Zwischensumme: 160,00 €');
    expect(text).toContain('Versand (USA, Kanada & weltweit): Kostenlos');
    expect(text).toContain('Gesamt: 160,00 €');
    expect(text).not.toMatch(/Your order|Subtotal|Shipping|Free\b/);
    expect(plain(mail.html)).toContain('<html lang="de">');
    expect(mail.html).toContain('USA, Kanada &amp; weltweit');
  });

  it('states the VAT the total contains at the destination’s rate, in the e-mail’s language (ADR 0023)', () => {
    const en = confirmation(order({ total: 3997, vat: { rateBasisPoints: 1900, amount: 638 } }));
    expect(plain(en.text)).toContain('Total: €39.97\nincl. 19 % VAT: €6.38');
    expect(plain(en.html)).toContain('incl. 19 % VAT: €6.38');
    const de = confirmation(order({ locale: 'de', vat: { rateBasisPoints: 2550, amount: 1016 } }));
    expect(plain(de.text)).toContain('enthält 25,5 % MwSt.: 10,16 €');
  });

  it('states no VAT for an export or an order without a known destination', () => {
    for (const vat of [null, undefined]) {
      const mail = confirmation(order({ shippingRegion: 'US', vat }));
      // The seller's VAT ID in the footer is no VAT contained.
      expect(mail.text).not.toMatch(/VAT:|MwSt\./);
      expect(mail.html).not.toMatch(/VAT:|MwSt\./);
    }
  });

  it('names colours and flavours in German as the German storefront does; sizes and unknown values as stored', () => {
    const items = [
      { title: 'Eisen-Shirt', size: 'XL', color: 'Stone Grey', qty: 1, unitPrice: 2999, lineTotal: 2999 },
      { title: 'Whey Isolat', size: '1 kg', color: 'Chocolate', qty: 1, unitPrice: 3299, lineTotal: 3299 },
      { title: 'Gürtel', size: null, color: 'Chartreuse', qty: 1, unitPrice: 1499, lineTotal: 1499 },
    ];
    const de = confirmation(order({ locale: 'de', items }));
    const text = plain(de.text);
    expect(text).toContain('1 × Eisen-Shirt — XL / Steingrau: 29,99 €');
    expect(text).toContain('1 × Whey Isolat — 1 kg / Schokolade: 32,99 €');
    expect(text).toContain('1 × Gürtel — Chartreuse: 14,99 €');
    expect(de.html).toContain('Eisen-Shirt — XL / Steingrau');
    expect(de.html).not.toMatch(/Stone Grey|Chocolate/);
    const en = plain(confirmation(order({ locale: 'en', items })).text);
    expect(en).toContain('1 × Eisen-Shirt — XL / Stone Grey: €29.99');
    expect(en).toContain('1 × Whey Isolat — 1 kg / Chocolate: €32.99');
  });

  it.each([
    ['en', 'EU', 'Shipping (EU)'],
    ['en', 'UK', 'Shipping (United Kingdom)'],
    ['en', 'US', 'Shipping (USA, Canada & worldwide)'],
    ['de', 'DE', 'Versand (Deutschland)'],
    ['de', 'EU', 'Versand (EU)'],
    ['de', 'UK', 'Versand (Vereinigtes Königreich)'],
    ['en', null, 'Shipping: €4.99'],
  ])('names the region (%s, %s)', (locale, shippingRegion, expected) => {
    expect(plain(confirmation(order({ locale, shippingRegion })).text)).toContain(expected);
  });

  it('names where the order goes: name, lines, postcode and city, the country in the e-mail’s language', () => {
    const shippingAddress = { name: 'Sam Lift', line1: 'Kärntner Straße 1', line2: 'Top 4', postalCode: '1010', city: 'Wien', country: 'AT' };
    const en = confirmation(order({ shippingAddress }));
    expect(en.text).toContain('Delivery address:\nSam Lift\nKärntner Straße 1\nTop 4\n1010 Wien\nAustria\n');
    expect(en.html).toContain('<strong>Delivery address</strong><br>Sam Lift<br>Kärntner Straße 1<br>Top 4<br>1010 Wien<br>Austria');
    const de = confirmation(order({ locale: 'de', shippingAddress }));
    expect(de.text).toContain('Lieferadresse:\nSam Lift\nKärntner Straße 1\nTop 4\n1010 Wien\nÖsterreich\n');
    expect(de.html).toContain('<strong>Lieferadresse</strong>');
    expect(de.text).not.toContain('Austria');
  });

  it('an order without an address (placed before they were kept): no address block', () => {
    for (const shippingAddress of [undefined, null]) {
      const mail = confirmation(order({ shippingAddress }));
      expect(mail.text).not.toContain('Delivery address');
      expect(mail.html).not.toContain('Delivery address');
    }
  });

  it('formats the order’s own currency and falls back to English for an unknown language', () => {
    const mail = confirmation(order({ locale: 'fr', currency: 'GBP', shipping: 0, total: 4498 }));
    expect(mail.subject).toBe('Your order NPNG-100123 is confirmed');
    expect(plain(mail.text)).toContain('Total: £44.98');
    expect(plain(mail.text)).toContain('Shipping (Germany): Free');
  });

  it('escapes every value in the HTML', () => {
    const evil = '<img src=x onerror="alert(1)">&\'';
    const mail = confirmation(
      order({
        orderNumber: `NPNG-1<b>`,
        shippingRegion: '<script>',
        items: [{ title: evil, size: '<i>', color: '"x"', qty: 2, unitPrice: 100, lineTotal: 200 }],
        shippingAddress: { name: '<script>alert(2)</script>', line1: '<b>1</b>', postalCode: '1', city: 'x', country: 'DE' },
      }),
    );
    expect(mail.html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;<br>&lt;b&gt;1&lt;/b&gt;');
    expect(mail.html).not.toMatch(/<img|<script>|<b>|<i>|onerror="/);
    expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
    expect(mail.html).toContain('NPNG-1&lt;b&gt;');
    expect(mail.html).toContain('&lt;i&gt; / &quot;x&quot;');
    expect(mail.html).toContain('&lt;script&gt;');
    // The plain-text part is not HTML: it keeps the values as they are.
    expect(mail.text).toContain(evil);
  });
});

describe('renderOrderEmail: the withdrawal information on a durable medium (§ 312f (2) BGB, ADR 0025)', () => {
  const SELLER = `${COMPANY.name}, ${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.city}`;
  const cases = [
    {
      lang: 'en' as const,
      links: ['Withdraw from contract: https://shop.example/withdraw?order=NPNG-100123', 'Terms of Service: https://shop.example/terms'],
      seller: `you must inform us (${SELLER}, email: ${COMPANY.email}, phone: ${COMPANY.phone})`,
      website: `on our website (${COMPANY.website}/withdraw)`,
      formTo: `– To ${SELLER}, email: ${COMPANY.email}:`,
      statutory: 'We will bear the cost of returning the goods.',
      foreign: /Widerruf|Muster-Widerruf|Sie haben|Bestell/,
    },
    {
      lang: 'de' as const,
      links: ['Vertrag widerrufen: https://shop.example/withdraw?order=NPNG-100123', 'AGB: https://shop.example/terms'],
      seller: `müssen Sie uns (${SELLER}, E-Mail: ${COMPANY.email}, Telefon: ${COMPANY.phone})`,
      website: `auf unserer Webseite (${COMPANY.website}/withdraw)`,
      formTo: `– An ${SELLER}, E-Mail: ${COMPANY.email}:`,
      statutory: 'Wir tragen die Kosten der Rücksendung der Waren.',
      foreign: /Withdrawal information|Right of withdrawal|Model withdrawal form|Terms of Service/,
    },
  ];

  it.each(cases)('$lang: the links, then the information and the model form, before the company', ({ lang, links, seller, website, formTo, statutory, foreign }) => {
    const mail = confirmation(order({ locale: lang }));
    const info = WITHDRAWAL_INFORMATION[lang];
    const text = mail.text;
    for (const link of links) expect(text).toContain(link);
    for (const block of [seller, website, formTo, statutory]) expect(text).toContain(block);
    // Every heading, paragraph and form line of the module, in the page's order, after the outro and before the company.
    let at = text.indexOf(COPY_OUTRO[lang]);
    expect(at).toBeGreaterThan(0);
    for (const block of withdrawalBlocks(lang)) {
      const next = text.indexOf(block, at);
      expect(next, block).toBeGreaterThan(at);
      at = next;
    }
    expect(at).toBeLessThan(text.lastIndexOf(COMPANY.name));
    expect(text).toContain(`${info.heading}\n${'='.repeat(info.heading.length)}\n`);
    expect(text).not.toMatch(/\{\w+\}/);
    expect(text).not.toMatch(foreign);

    const html = mail.html;
    expect(html).toContain(`<a href="https://shop.example/withdraw?order=NPNG-100123"`);
    expect(html).toContain(`<a href="https://shop.example/terms"`);
    expect(html).toMatch(new RegExp(`<h2[^>]*>${info.heading}</h2>`));
    for (const section of info.sections) expect(html).toMatch(new RegExp(`<h3[^>]*>${section.heading}</h3>`));
    expect(html).toMatch(new RegExp(`<h2[^>]*>${info.form.heading}</h2>`));
    for (const paragraph of info.sections.flatMap((s) => s.paragraphs)) expect(html).toContain(`<p>${paragraph}</p>`);
    expect(html.match(/<li>/g)).toHaveLength(info.form.lines.length);
    expect(html).toContain(`<li>${formTo.slice(2)}</li>`);
    expect(html.indexOf(info.form.note)).toBeLessThan(html.lastIndexOf(COMPANY.vatId));
    expect(html).not.toMatch(foreign);
  });

  it('puts the order’s number, encoded, in the withdrawal link, on whatever SITE_URL is', () => {
    const mail = renderOrderEmail(order({ orderNumber: 'NPNG-1 2&3' }), 'http://localhost:5173');
    expect(mail.text).toContain('Withdraw from contract: http://localhost:5173/withdraw?order=NPNG-1%202%263');
    expect(mail.html).toContain('href="http://localhost:5173/withdraw?order=NPNG-1%202%263"');
    expect(mail.text).toContain('Terms of Service: http://localhost:5173/terms');
  });
});

describe('deliverOrderEmails', () => {
  let backend: Backend;
  let supabase: FakeSupabase;
  let variants: TestVariants;
  let mailServer: Server;
  let mailUrl: string;
  /** What the mail endpoint received, and the status it answers next. */
  const received: { authorization?: string; body: Record<string, string> }[] = [];
  let answer = 202;

  const env = (over: Partial<FunctionEnv> = {}): FunctionEnv => ({
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: backend.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.config.serviceRoleKey,
    SITE_URL: 'http://localhost:5173',
    API_EXTERNAL_URL: 'http://localhost:54321',
    MAIL_SEND_URL: mailUrl,
    ...over,
  });

  /** A paid order from a session, through the real fulfilment (which queues its e-mail). */
  async function paidOrder(email: string | null, locale = 'en', address: Record<string, string> | null = null): Promise<string> {
    const id = `cs_local_mail${Math.random().toString(36).slice(2, 14)}`;
    const line = { variant_id: variants.tee, title: 'Test Tee', sku: 'TEE-M-BLK', size: 'M', color: 'Black', image: null, unit_price: 2999, qty: 1, line_total: 2999 };
    await backend.db.query(
      `insert into public.checkout_sessions (id, provider, email, line_items, amount_subtotal, amount_shipping, amount_total, currency, success_url, cancel_url, shipping_region, locale)
       values ($1, 'local', $2, $3, 2999, 499, 3498, 'EUR', 'http://localhost:5173/orders', 'http://localhost:5173/cart', 'DE', $4)`,
      [id, email, JSON.stringify([line]), locale],
    );
    if (address) await backend.db.query('update public.checkout_sessions set shipping_address = $2 where id = $1', [id, JSON.stringify(address)]);
    const { rows } = await backend.db.query<{ order_number: string }>('select (public.fulfil_checkout_session($1)).order_number', [id]);
    return rows[0].order_number;
  }
  /** Ships an order as the admin's ship_order would (the status trigger queues the shipping notice). */
  async function ship(orderNumber: string) {
    await backend.db.query(
      `update public.orders set status = 'shipped', carrier = 'dhl', tracking_number = 'JD0146000038',
              tracking_url = 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=JD0146000038'
       where order_number = $1`,
      [orderNumber],
    );
  }
  const unsentNotices = async () => Number((await backend.db.query<{ n: number }>('select count(*)::int as n from public.order_notices where sent_at is null')).rows[0].n);
  const unsent = async () => Number((await backend.db.query<{ n: number }>('select count(*)::int as n from public.order_emails where sent_at is null')).rows[0].n);

  beforeAll(async () => {
    backend = await startBackend({ config: { dataDir: undefined, apiPort: 0 }, seed: false });
    variants = await insertTestCatalogue(backend.db);
    supabase = await startFakeSupabase(backend.db, backend.config.serviceRoleKey);
    mailServer = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      received.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => mailServer.listen(0, '127.0.0.1', resolve));
    mailUrl = `http://127.0.0.1:${(mailServer.address() as AddressInfo).port}/send`;
  }, 60_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => mailServer?.close(() => resolve()));
    await supabase?.close();
    await backend?.stop();
  });

  it('with no MAIL_SEND_URL claims nothing, warns once, and leaves the e-mails queued', async () => {
    await paidOrder('queued@example.com');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const before = supabase.requests.length;
      expect(await deliverOrderEmails(env({ MAIL_SEND_URL: undefined }))).toEqual({ claimed: 0, sent: 0, failed: 0 });
      expect(await deliverOrderEmails(env({ MAIL_SEND_URL: undefined }))).toEqual({ claimed: 0, sent: 0, failed: 0 });
      expect(supabase.requests.length).toBe(before);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
    expect(await unsent()).toBe(1);
  });

  it('sends each queued order once, as JSON with the service-role key, in the order’s language', async () => {
    const german = await paidOrder('kim@example.com', 'de');
    received.length = 0;
    expect(await deliverOrderEmails(env())).toEqual({ claimed: 2, sent: 2, failed: 0 });
    expect(received.map((r) => r.body.to).sort()).toEqual(['kim@example.com', 'queued@example.com']);
    const kim = received.find((r) => r.body.to === 'kim@example.com');
    expect(kim?.authorization).toBe(`Bearer ${backend.config.serviceRoleKey}`);
    expect(Object.keys(kim?.body ?? {}).sort()).toEqual(['html', 'subject', 'text', 'to']);
    expect(kim?.body.subject).toBe(`Deine Bestellung ${german} ist bestätigt`);
    expect(plain(kim?.body.text ?? '')).toContain('Gesamt: 34,98 €');
    expect(plain(kim?.body.text ?? '')).toContain(' — M / Schwarz: 29,99 €');

    expect(await deliverOrderEmails(env())).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(received).toHaveLength(2);
  });

  it('releases an e-mail the endpoint refused, so the next delivery sends it', async () => {
    const number = await paidOrder('retry@example.com');
    received.length = 0;
    answer = 503;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await deliverOrderEmails(env())).toEqual({ claimed: 1, sent: 0, failed: 1 });
      expect(error).toHaveBeenCalledWith(expect.stringContaining(`${number}: not sent`), expect.stringContaining('503'));
    } finally {
      error.mockRestore();
      answer = 202;
    }
    expect(await unsent()).toBe(1);
    expect(await deliverOrderEmails(env())).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(received.map((r) => r.body.subject)).toEqual([`Your order ${number} is confirmed`, `Your order ${number} is confirmed`]);
    expect(await unsent()).toBe(0);
  });

  it('marks an order without an address as done without sending anything', async () => {
    await paidOrder(null);
    received.length = 0;
    expect(await deliverOrderEmails(env())).toEqual({ claimed: 0, sent: 0, failed: 0 });
    expect(received).toEqual([]);
    expect(await unsent()).toBe(0);
  });

  it('never throws when the database or the mail endpoint cannot be reached', async () => {
    await paidOrder('down@example.com');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await deliverOrderEmails(env({ SUPABASE_URL: 'http://127.0.0.1:1' }))).toEqual({ claimed: 0, sent: 0, failed: 0 });
      expect(await unsent()).toBe(1);
      // The endpoint is down: the e-mail is claimed, fails, and is released again.
      expect(await deliverOrderEmails(env({ MAIL_SEND_URL: 'http://127.0.0.1:1/send' }))).toEqual({ claimed: 1, sent: 0, failed: 1 });
      expect(await unsent()).toBe(1);
    } finally {
      error.mockRestore();
    }
    expect(await deliverOrderEmails(env())).toMatchObject({ sent: 1 });
  });

  it('sends the confirmation with the delivery address, then the shipping notice; a refused notice is released and sent next time', async () => {
    const address = { name: 'Kim Iron', line1: 'Torstraße 12', postalCode: '10119', city: 'Berlin', country: 'DE' };
    const number = await paidOrder('ship@example.com', 'de', address);
    received.length = 0;
    expect(await deliverOrderEmails(env())).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(received[0].body.text).toContain('Lieferadresse:\nKim Iron\nTorstraße 12\n10119 Berlin\nDeutschland');

    await ship(number);
    expect(await unsentNotices()).toBe(1);
    received.length = 0;
    answer = 503;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Counted with the confirmations: claimed and failed, then put back.
      expect(await deliverOrderEmails(env())).toEqual({ claimed: 1, sent: 0, failed: 1 });
      expect(error).toHaveBeenCalledWith(expect.stringContaining(`shipped notice ${number}: not sent`), expect.stringContaining('503'));
    } finally {
      error.mockRestore();
      answer = 202;
    }
    expect(await unsentNotices()).toBe(1);
    // The e-mail that did not go is not on the timeline either.
    const events = async () =>
      (
        await backend.db.query<{ email: string }>(
          `select e.data ->> 'email' as email from public.order_events e join public.orders o on o.id = e.order_id where o.order_number = $1 and e.kind = 'email_sent' order by e.id`,
          [number],
        )
      ).rows.map((r) => r.email);
    expect(await events()).toEqual(['confirmation']);

    expect(await deliverOrderEmails(env())).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(received.map((r) => r.body.subject)).toEqual([`Deine Bestellung ${number} ist unterwegs`, `Deine Bestellung ${number} ist unterwegs`]);
    const notice = received[1].body;
    expect(notice.to).toBe('ship@example.com');
    expect(Object.keys(notice).sort()).toEqual(['html', 'subject', 'text', 'to']);
    expect(notice.text).toContain('Versanddienstleister: DHL\nSendungsnummer: JD0146000038');
    expect(notice.html).toContain('href="https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=JD0146000038"');
    expect(notice.text).toContain('Lieferadresse:\nKim Iron');
    expect(await unsentNotices()).toBe(0);
    expect(await events()).toEqual(['confirmation', 'shipped']);
    expect(await deliverOrderEmails(env())).toEqual({ claimed: 0, sent: 0, failed: 0 });
  });

  it('sends a refund notice with the refunded amount in the order’s currency', async () => {
    const number = await paidOrder('refund@example.com');
    await deliverOrderEmails(env());
    const { rows } = await backend.db.query<{ id: string; session: string; item: string }>(
      `select o.id, o.checkout_session_id as session, (select i.id from public.order_items i where i.order_id = o.id limit 1) as item
       from public.orders o where o.order_number = $1`,
      [number],
    );
    const [{ id, session, item }] = rows;
    const refund = await backend.db.query<{ id: string }>(
      `insert into public.refunds (order_id, checkout_session_id, kind, amount, currency, lines, reason, provider)
       values ($1, $2, 'cancel', 3498, 'EUR', $3, 'Customer asked', 'local') returning id`,
      [id, session, JSON.stringify([{ itemId: item, qty: 1 }])],
    );
    await backend.db.query(`select public.complete_refund($1, 're_local_test')`, [refund.rows[0].id]);
    received.length = 0;
    expect(await deliverOrderEmails(env())).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect(received[0].body.subject).toBe(`Your order ${number} is cancelled and refunded`);
    expect(plain(received[0].body.text)).toContain(`We have cancelled order ${number} and refunded €34.98 to your original payment method.`);
    expect(received[0].body.text).not.toContain('Customer asked');
  });
});

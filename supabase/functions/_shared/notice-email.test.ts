import { describe, expect, it } from 'vitest';
import { type OrderNotice, renderNoticeEmail } from './notice-email.ts';

const ADDRESS = { name: 'Sam Lift', line1: 'Torstraße 12', line2: 'Hinterhaus', postalCode: '10119', city: 'Berlin', country: 'DE' };
const DHL_URL = 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=JD0146000038';

const shipped = (over: Partial<OrderNotice> = {}): OrderNotice => ({
  id: '0b6f4c4e-8a51-4f0e-9a8e-1f1b2c3d4e5f',
  kind: 'shipped',
  email: 'sam@example.com',
  locale: 'en',
  orderNumber: 'NPNG-100123',
  currency: 'EUR',
  carrier: 'dhl',
  trackingNumber: 'JD0146000038',
  trackingUrl: DHL_URL,
  shippingAddress: ADDRESS,
  refund: null,
  ...over,
});

const refunded = (refund: Partial<NonNullable<OrderNotice['refund']>>, over: Partial<OrderNotice> = {}): OrderNotice => ({
  ...shipped(),
  kind: 'refunded',
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  refund: { kind: 'cancel', amount: 4997, reason: 'Customer asked by phone: changed her mind', orderTotal: 4997, refundedTotal: 4997, items: [], ...refund },
  ...over,
});

/** Text without the narrow/normal no-break spaces Intl puts between amount and currency. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('renderNoticeEmail: shipped', () => {
  it('English: on its way, carrier, number, the tracking link and the address with the country’s name', () => {
    const mail = renderNoticeEmail(shipped());
    expect(mail.to).toBe('sam@example.com');
    expect(mail.subject).toBe('Your order NPNG-100123 is on its way');
    expect(mail.text).toContain('Good news: order NPNG-100123 has left our warehouse.');
    expect(mail.text).toContain('Carrier: DHL\nTracking number: JD0146000038');
    expect(mail.text).toContain(`Track your parcel: ${DHL_URL}`);
    expect(mail.text).toContain('Delivery address:\nSam Lift\nTorstraße 12\nHinterhaus\n10119 Berlin\nGermany');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain(`<a href="${DHL_URL}"`);
    expect(mail.html).toContain('>Track your parcel</a>');
    expect(mail.html).toContain('Sam Lift<br>Torstraße 12<br>Hinterhaus<br>10119 Berlin<br>Germany');
  });

  it('German, Du-form: unterwegs, Versanddienstleister, Sendungsnummer, Sendung verfolgen, Deutschland', () => {
    const mail = renderNoticeEmail(shipped({ locale: 'de', shippingAddress: { ...ADDRESS, country: 'AT', postalCode: '1010', city: 'Wien' } }));
    expect(mail.subject).toBe('Deine Bestellung NPNG-100123 ist unterwegs');
    expect(mail.text).toContain('Deine Bestellung ist unterwegs!');
    expect(mail.text).toContain('Gute Nachrichten: Deine Bestellung NPNG-100123 hat unser Lager verlassen.');
    expect(mail.text).toContain('Versanddienstleister: DHL\nSendungsnummer: JD0146000038');
    expect(mail.text).toContain(`Sendung verfolgen: ${DHL_URL}`);
    expect(mail.text).toContain('Lieferadresse:\nSam Lift\nTorstraße 12\nHinterhaus\n1010 Wien\nÖsterreich');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.text + mail.html).not.toMatch(/Your order|Tracking number|Delivery address|Track your parcel|Austria/);
  });

  it('a carrier without a tracking page: the number alone, no link; another carrier is not named', () => {
    for (const locale of ['en', 'de']) {
      const mail = renderNoticeEmail(shipped({ locale, carrier: 'other', trackingNumber: 'HERMES 4471', trackingUrl: null }));
      expect(mail.html).not.toContain('<a ');
      expect(mail.text).not.toMatch(/https?:/);
      expect(mail.text).toContain(locale === 'de' ? 'Sendungsnummer: HERMES 4471' : 'Tracking number: HERMES 4471');
      expect(mail.text).not.toMatch(/Carrier:|Versanddienstleister:/);
    }
    expect(renderNoticeEmail(shipped({ trackingUrl: null })).text).toContain('You can follow it on the carrier’s website with this number.');
  });

  it('shipped without a number or an address: neither is made up', () => {
    const mail = renderNoticeEmail(shipped({ carrier: null, trackingNumber: null, trackingUrl: null, shippingAddress: null }));
    expect(mail.text).not.toMatch(/Tracking|Carrier|Delivery address|website/);
    expect(mail.html).not.toContain('<a ');
  });

  it('a tracking page that is no web address is never a link', () => {
    const mail = renderNoticeEmail(shipped({ trackingUrl: 'javascript:alert(1)' }));
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).not.toContain('<a ');
  });

  it('escapes every value in the HTML; the text part keeps them as they are', () => {
    const evil = '<img src=x onerror="alert(1)">&\'';
    const mail = renderNoticeEmail(
      shipped({
        orderNumber: 'NPNG-1<b>',
        trackingNumber: '<script>x</script>',
        trackingUrl: `https://track.example/?n="><script>alert(1)</script>`,
        shippingAddress: { ...ADDRESS, name: evil, line1: '<i>Main</i>', city: '<u>City</u>' },
      }),
    );
    expect(mail.html).not.toMatch(/<img|<script>|<b>|<i>|<u>|onerror="/);
    expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
    expect(mail.html).toContain('NPNG-1&lt;b&gt;');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).toContain('href="https://track.example/?n=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(mail.text).toContain(evil);
    expect(mail.text).toContain('Tracking number: <script>x</script>');
  });
});

describe('renderNoticeEmail: refunded', () => {
  it('a cancel, English: cancelled and refunded, the amount, the statement note; the admin’s reason is not sent', () => {
    const mail = renderNoticeEmail(refunded({ kind: 'cancel' }));
    expect(mail.subject).toBe('Your order NPNG-100123 is cancelled and refunded');
    const text = plain(mail.text);
    expect(text).toContain('We have cancelled order NPNG-100123 and refunded €49.97 to your original payment method.');
    expect(text).toContain('Refunds show on your statement within 5–10 business days.');
    expect(mail.text + mail.html).not.toContain('changed her mind');
  });

  it('a cancel, German', () => {
    const mail = renderNoticeEmail(refunded({ kind: 'cancel' }, { locale: 'de' }));
    expect(mail.subject).toBe('Deine Bestellung NPNG-100123 ist storniert und erstattet');
    const text = plain(mail.text);
    expect(text).toContain('Wir haben Deine Bestellung NPNG-100123 storniert und Dir 49,97 € auf Dein ursprüngliches Zahlungsmittel erstattet.');
    expect(text).toContain('Erstattungen erscheinen innerhalb von 5–10 Werktagen auf Deiner Abrechnung.');
    expect(mail.text).not.toMatch(/refund|Your order/i);
  });

  const partial = {
    kind: 'partial' as const,
    amount: 6498,
    orderTotal: 12995,
    refundedTotal: 6498,
    items: [
      { title: 'Iron Tee', size: 'M', color: 'Black', qty: 2, unitPrice: 2999 },
      { title: 'Lifting Straps', size: null, color: null, qty: 1, unitPrice: 500 },
    ],
  };

  it('a partial refund, English: the amount, the refunded lines and how much of the order is refunded so far', () => {
    const mail = renderNoticeEmail(refunded(partial, { currency: 'GBP' }));
    expect(mail.subject).toBe('A refund for your order NPNG-100123');
    const text = plain(mail.text);
    expect(text).toContain('We have refunded £64.98 of order NPNG-100123 to your original payment method.');
    expect(text).toContain('Refunded items:\n2 × Iron Tee — M / Black: £59.98\n1 × Lifting Straps: £5.00');
    expect(text).toContain('Refunded so far: £64.98 of £129.95.');
    expect(text).toContain('within 5–10 business days');
    expect(plain(mail.html)).toContain('<li>2 × Iron Tee — M / Black: £59.98</li>');
    expect(mail.text).not.toContain('changed her mind');
  });

  it('a partial refund, German: German amounts and colour names', () => {
    const mail = renderNoticeEmail(refunded(partial, { locale: 'de' }));
    expect(mail.subject).toBe('Eine Erstattung zu Deiner Bestellung NPNG-100123');
    const text = plain(mail.text);
    expect(text).toContain('Wir haben Dir 64,98 € aus Deiner Bestellung NPNG-100123 auf Dein ursprüngliches Zahlungsmittel erstattet.');
    expect(text).toContain('Erstattete Artikel:\n2 × Iron Tee — M / Schwarz: 59,98 €\n1 × Lifting Straps: 5,00 €');
    expect(text).toContain('Bisher erstattet: 64,98 € von 129,95 €.');
  });

  it.each([
    ['en', 'sold_out', 'An item in your order sold out while you were paying, so your payment could not become an order.'],
    ['en', 'unavailable', 'An item in your order is no longer available, so your payment could not become an order.'],
    ['en', 'price_changed', 'The price of an item in your order changed while you were paying, so your payment could not become an order.'],
    ['en', 'something_else', 'Your payment could not become an order.'],
    ['de', 'sold_out', 'Ein Artikel Deiner Bestellung war ausverkauft, während Du bezahlt hast. Deshalb konnte aus Deiner Zahlung keine Bestellung werden.'],
    ['de', 'unavailable', 'Ein Artikel Deiner Bestellung ist nicht mehr erhältlich. Deshalb konnte aus Deiner Zahlung keine Bestellung werden.'],
    ['de', 'price_changed', 'Der Preis eines Artikels Deiner Bestellung hat sich geändert, während Du bezahlt hast. Deshalb konnte aus Deiner Zahlung keine Bestellung werden.'],
  ])('an unfulfillable payment (%s, %s): what happened, the full amount refunded, the statement note', (locale, reason, because) => {
    const mail = renderNoticeEmail(refunded({ kind: 'unfulfillable', reason, orderTotal: null, refundedTotal: null, items: [] }, { locale, orderNumber: null }));
    const text = plain(mail.text);
    expect(mail.subject).toBe(locale === 'de' ? 'Deine Zahlung wurde erstattet' : 'Your payment has been refunded');
    expect(text).toContain(because);
    expect(text).toContain(
      locale === 'de'
        ? 'Wir haben Dir den vollen Betrag von 49,97 € auf Dein ursprüngliches Zahlungsmittel erstattet.'
        : 'We have refunded the full amount of €49.97 to your original payment method.',
    );
    expect(text).toContain(locale === 'de' ? '5–10 Werktagen' : '5–10 business days');
    expect(text).not.toContain(reason);
    expect(text).not.toContain('null');
  });

  it('escapes refunded lines in the HTML', () => {
    const mail = renderNoticeEmail(refunded({ ...partial, items: [{ title: '<b>Tee</b>', size: '"M"', color: null, qty: 1, unitPrice: 100 }] }));
    expect(mail.html).not.toContain('<b>Tee');
    expect(mail.html).toContain('&lt;b&gt;Tee&lt;/b&gt; — &quot;M&quot;');
  });

  it('a refund notice without its refund is refused (released by the sender, not sent empty)', () => {
    expect(() => renderNoticeEmail({ ...refunded({}), refund: null })).toThrow(/has no refund/);
  });
});

const withdrawn = (withdrawal: Partial<NonNullable<OrderNotice['withdrawal']>> = {}, over: Partial<OrderNotice> = {}): OrderNotice => ({
  ...shipped(),
  kind: 'withdrawal',
  email: 'sam@example.com',
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  // 21:05 UTC in November is 22:05 in Berlin (CET); in June 23:05 (CEST).
  withdrawal: { receivedAt: '2026-11-27T21:05:09.000Z', email: 'sam@example.com', name: 'Sam Lift', statement: 'The black tee, size M.\nThe cap stays.', ...withdrawal },
  ...over,
});

describe('renderNoticeEmail: withdrawal (confirmation of receipt, § 356a BGB)', () => {
  it('English: received on the Berlin date at the Berlin time, what was sent, and the seller', () => {
    const mail = renderNoticeEmail(withdrawn());
    expect(mail.to).toBe('sam@example.com');
    expect(mail.subject).toBe('Confirmation of receipt: your withdrawal from order NPNG-100123');
    expect(mail.text).toContain(
      'We received your withdrawal from the contract for order NPNG-100123 on November 27, 2026 at 22:05 (German time, Europe/Berlin). This e-mail confirms its receipt.',
    );
    expect(mail.text).toContain('Order number: NPNG-100123\nName: Sam Lift\nE-mail: sam@example.com');
    expect(mail.text).toContain('Your message:\nThe black tee, size M.\nThe cap stays.');
    // The seller, once, at the end (the signature every e-mail carries).
    expect(mail.text.match(/No Pain, No Gain GmbH/g)).toHaveLength(1);
    expect(mail.text).toContain('VAT ID: DE123456789');
    expect(mail.html.match(/DE123456789/g)).toHaveLength(1);
    expect(mail.html).toContain('on November 27, 2026 at 22:05');
  });

  it('German in the Du-form, summer time, no name line when none was given', () => {
    const mail = renderNoticeEmail(withdrawn({ receivedAt: '2026-06-30T21:05:00.000Z', name: null, statement: null }, { locale: 'de' }));
    expect(mail.subject).toBe('Eingangsbestätigung: Dein Widerruf zur Bestellung NPNG-100123');
    expect(mail.text).toContain('ist am 30. Juni 2026 um 23:05 Uhr (deutsche Zeit, Europe/Berlin) bei uns eingegangen.');
    expect(mail.text).not.toContain('Name:');
    expect(mail.text).not.toContain('Deine Nachricht');
    expect(mail.text).toContain('USt-IdNr.: DE123456789');
  });

  it('escapes what the consumer wrote in the HTML part', () => {
    const mail = renderNoticeEmail(withdrawn({ statement: '<script>alert(1)</script>', name: 'Sam "Lift" & Co' }));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Sam &quot;Lift&quot; &amp; Co');
    expect(mail.text).toContain('<script>alert(1)</script>');
  });

  it('refuses a withdrawal notice without its withdrawal', () => {
    expect(() => renderNoticeEmail(withdrawn({}, { withdrawal: null }))).toThrow(/has no withdrawal/);
  });
});

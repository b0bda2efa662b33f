import { describe, expect, it } from 'vitest';
import { confirmSignupMail, reauthenticationMail } from '../../../server/mail/templates.ts';
import { COMPANY } from './company.ts';
import type { RenderedEmail } from './email-parts.ts';
import { renderNewsletterEmail } from './newsletter-email.ts';
import { type OrderNotice, renderNoticeEmail } from './notice-email.ts';
import { renderOrderEmail } from './order-email.ts';

const order = (locale: string) =>
  renderOrderEmail(
    {
      orderId: '6a1f0c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b',
      orderNumber: 'NPNG-100123',
      email: 'sam@example.com',
      locale,
      shippingRegion: 'DE',
      currency: 'EUR',
      subtotal: 2999,
      shipping: 0,
      total: 2999,
      createdAt: '2025-11-24T10:15:00.000Z',
      items: [{ title: 'Iron Tee', size: 'M', color: 'Black', qty: 1, unitPrice: 2999, lineTotal: 2999 }],
    },
    'https://shop.example',
  );

const notice = (locale: string, kind: 'shipped' | 'refunded'): RenderedEmail => {
  const base: OrderNotice = {
    id: '0b6f4c4e-8a51-4f0e-9a8e-1f1b2c3d4e5f',
    kind,
    email: 'sam@example.com',
    locale,
    orderNumber: 'NPNG-100123',
    currency: 'EUR',
    carrier: 'dhl',
    trackingNumber: 'JD0146000038',
    trackingUrl: null,
    shippingAddress: null,
    refund: kind === 'refunded' ? { kind: 'cancel', amount: 2999, reason: 'changed her mind', orderTotal: 2999, refundedTotal: 2999, items: [] } : null,
  };
  return renderNoticeEmail(base);
};

const newsletter = (locale: string) =>
  renderNewsletterEmail({ id: 'n1', kind: 'confirm', email: 'sam@example.com', locale, confirmToken: 'c', unsubscribeToken: 'u' }, 'https://shop.example');

/** Every e-mail the shop sends, in each of its languages. */
const MAILS: [name: string, lang: 'en' | 'de' | 'en+de', mail: RenderedEmail][] = [
  ['order confirmation', 'en', order('en')],
  ['order confirmation', 'de', order('de')],
  ['shipped notice', 'en', notice('en', 'shipped')],
  ['shipped notice', 'de', notice('de', 'shipped')],
  ['refund notice', 'en', notice('en', 'refunded')],
  ['refund notice', 'de', notice('de', 'refunded')],
  ['newsletter confirmation', 'en', newsletter('en')],
  ['newsletter confirmation', 'de', newsletter('de')],
  ['sign-up confirmation (local auth)', 'en+de', confirmSignupMail('sam@example.com', 'https://shop.example/auth/v1/verify?token=t')],
  ['reauthentication code (local auth)', 'en+de', reauthenticationMail('sam@example.com', '123456')],
];

const LABELS = {
  en: ['Germany', 'Managing directors: ', 'Commercial register: ', 'VAT ID: ', 'Phone: '],
  de: ['Deutschland', 'Geschäftsführung: ', 'Registereintrag: ', 'USt-IdNr.: ', 'Telefon: '],
  'en+de': ['Germany / Deutschland', 'Managing directors / Geschäftsführung: ', 'VAT ID / USt-IdNr.: '],
};

describe('every e-mail ends with the seller’s identity from company.ts', () => {
  it.each(MAILS)('%s (%s)', (_name, lang, mail) => {
    const facts = [
      COMPANY.name,
      `${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.city}`,
      COMPANY.managingDirectors.join(', '),
      `${COMPANY.registerCourt}, ${COMPANY.registerNumber}`,
      COMPANY.vatId,
      COMPANY.phone,
      COMPANY.email,
    ];
    const tail = mail.text.slice(mail.text.lastIndexOf(COMPANY.name));
    for (const fact of [...facts, ...LABELS[lang]]) {
      expect(tail).toContain(fact);
      expect(mail.html).toContain(fact);
    }
    // The company closes the e-mail: nothing but its lines follow its name.
    expect(tail.split('\n')).toHaveLength(6);
    expect(mail.html.slice(mail.html.lastIndexOf(COMPANY.vatId))).toMatch(/^[^<]*<br>[^<]*<\/p>\s*<\/body><\/html>$/);
  });
});

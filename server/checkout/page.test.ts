import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, type CardProblem } from './card.ts';
import { LANGS, NOTICES, PAGE, REFUND_REASONS, type Lang, type NoticeKind } from './copy.ts';
import { checkoutPage, formatMoney, noticePage, type PaymentFormState } from './page.ts';
import type { CheckoutSession } from './sessions.ts';
import { ADDRESS_LABELS, addressMessage, COUNTRY_NAMES, SHIPPING_COUNTRIES } from '../../supabase/functions/_shared/address.ts';

const session = (locale: Lang, over: Partial<CheckoutSession> = {}): CheckoutSession => ({
  id: 'cs_local_abcdefghijklmnopqrstuvwx',
  provider: 'local',
  email: null,
  line_items: [{ title: locale === 'de' ? 'Eisen-Shirt' : 'Iron Tee', size: 'M', color: 'Black', qty: 2, unit_price: 2999, line_total: 5998 }],
  amount_subtotal: 5998,
  amount_shipping: 0,
  amount_total: 5998,
  currency: 'EUR',
  success_url: 'http://localhost:5173/orders',
  cancel_url: 'http://localhost:5173/cart',
  status: 'open',
  locale,
  shipping_region: 'DE',
  countries: ['DE'],
  shipping_address: null,
  address_confirmed: false,
  expires_at: '2030-01-01T00:00:00.000Z',
  lapsed: false,
  refund: null,
  ...over,
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

const other = (lang: Lang): Lang => (lang === 'en' ? 'de' : 'en');

/** Every text of a language that the other language words differently. */
function textsOnlyIn(lang: Lang): string[] {
  const o = other(lang);
  const pairs: [string, string][] = [
    ...(Object.keys(PAGE.en) as (keyof typeof PAGE.en)[]).map((k): [string, string] => [PAGE[lang][k], PAGE[o][k]]),
    ...(Object.keys(NOTICES) as NoticeKind[]).flatMap((k) =>
      (['title', 'message', 'link'] as const).map((f): [string, string] => [NOTICES[k][lang][f] ?? '', NOTICES[k][o][f] ?? '']),
    ),
    ...(Object.keys(CARD_MESSAGES.en) as CardProblem[]).map((k): [string, string] => [CARD_MESSAGES[lang][k], CARD_MESSAGES[o][k]]),
    ...(Object.keys(REFUND_REASONS) as (keyof typeof REFUND_REASONS)[]).map((k): [string, string] => [REFUND_REASONS[k][lang], REFUND_REASONS[k][o]]),
    ...(Object.keys(ADDRESS_LABELS.en) as (keyof typeof ADDRESS_LABELS.en)[]).map((k): [string, string] => [ADDRESS_LABELS[lang][k], ADDRESS_LABELS[o][k]]),
    lang === 'en' ? ['Black', 'Schwarz'] : ['Schwarz', 'Black'],
  ];
  return pairs.filter(([mine, theirs]) => mine && mine !== theirs).map(([mine]) => mine);
}

const ERRORS: PaymentFormState[] = [
  { errors: [{ field: 'email', problem: 'email_invalid' }], email: 'nope' },
  { errors: [{ field: 'number', problem: 'number_invalid' }], number: '1234' },
  { errors: [{ field: 'expiry', problem: 'expiry_unreadable' }], expiry: 'soon' },
  { errors: [{ field: 'expiry', problem: 'expiry_past' }], expiry: '01/20' },
  { errors: [{ field: 'cvc', problem: 'cvc_invalid' }] },
  { errors: [{ problem: 'declined' }], number: '4000 0000 0000 0002' },
  { errors: [{ field: 'name', problem: 'missing' }], address: { name: '' } },
  { errors: [{ field: 'postalCode', problem: 'invalid' }], address: { postalCode: '1234', country: 'DE' } },
  { errors: [{ field: 'country', problem: 'not_in_region' }], address: { country: 'US' } },
];
const messageOf = (state: PaymentFormState, lang: Lang) => {
  const [error] = state.errors ?? [];
  if (error.problem === 'email_invalid') return PAGE[lang].emailInvalid;
  if (error.field === undefined || error.field === 'number' || error.field === 'expiry' || error.field === 'cvc') return CARD_MESSAGES[lang][error.problem as CardProblem];
  return addressMessage({ field: error.field, problem: error.problem as 'missing' }, lang, state.address?.country);
};

describe('the checkout page in the session’s language', () => {
  it.each(LANGS)('renders %s only: the form, every field error and the decline', (lang) => {
    const pages = [
      checkoutPage(session(lang), '/_dev/checkout'),
      checkoutPage(session(lang, { email: 'buyer@example.com', amount_shipping: 499, amount_total: 6497 }), '/_dev/checkout'),
      ...ERRORS.map((state) => checkoutPage(session(lang), '/_dev/checkout', state)),
    ];
    const foreign = textsOnlyIn(other(lang));
    for (const page of pages) {
      expect(page).toContain(`<html lang="${lang}">`);
      const text = visibleText(page);
      for (const t of foreign) expect(text, t).not.toContain(t);
      expect(text).not.toContain(' / ');
    }
    for (const [i, state] of ERRORS.entries()) {
      const message = messageOf(state, lang);
      expect(visibleText(pages[i + 2])).toContain(message);
      expect(pages[i + 2]).toContain(`<div id="form-error" class="alert" role="alert">${message.replaceAll("'", '&#39;')}</div>`);
      const field = state.errors?.[0].field;
      if (field) {
        expect(pages[i + 2]).toMatch(new RegExp(`<(input|select) id="${field}" [^>]*aria-invalid="true" aria-describedby="${field}-error"`));
        expect(pages[i + 2]).toContain(`<p id="${field}-error" class="field-error">${message.replaceAll("'", '&#39;')}</p>`);
      } else {
        expect(pages[i + 2]).not.toContain('aria-invalid="true" aria-describedby');
      }
    }
  });

  it('names the fields and buttons with the agreed, stable labels; required ones marked, optional ones said', () => {
    const labels = (page: string) =>
      [...page.matchAll(/<label for="(\w+)">([^<]*)(?:<span class="(req|muted)"[^>]*>([^<]*)<\/span>)?<\/label>/g)].map(([, id, text, kind, mark]) => [
        id,
        `${text}${kind === 'muted' ? mark : kind === 'req' ? '*' : ''}`,
      ]);
    const buttons = (page: string) => [...page.matchAll(/<button [^>]*>([^<]*)<\/button>/g)].map(([, text]) => text);
    const en = checkoutPage(session('en'), '/_dev/checkout');
    const de = checkoutPage(session('de'), '/_dev/checkout');
    expect(labels(en)).toEqual([
      ['email', 'Email *'],
      ['name', 'Full name *'],
      ['line1', 'Address line 1 *'],
      ['line2', 'Address line 2 (optional)'],
      ['postalCode', 'Postcode *'],
      ['city', 'City *'],
      ['country', 'Country *'],
      ['phone', 'Phone (optional)'],
      ['number', 'Card number *'],
      ['expiry', 'Expiry (MM/YY) *'],
      ['cvc', 'CVC *'],
    ]);
    expect(labels(de)).toEqual([
      ['email', 'E-Mail *'],
      ['name', 'Vor- und Nachname *'],
      ['line1', 'Adresszeile 1 *'],
      ['line2', 'Adresszeile 2 (freiwillig)'],
      ['postalCode', 'Postleitzahl *'],
      ['city', 'Ort *'],
      ['country', 'Land *'],
      ['phone', 'Telefon (freiwillig)'],
      ['number', 'Kartennummer *'],
      ['expiry', 'Ablaufdatum (MM/JJ) *'],
      ['cvc', 'Prüfziffer *'],
    ]);
    expect(en).toContain('<p class="muted">Fields marked * are required.</p>');
    expect(de).toContain('<p class="muted">Mit * markierte Felder sind Pflichtfelder.</p>');
    expect(en).toContain('<legend>Shipping address</legend>');
    expect(de).toContain('<legend>Lieferadresse</legend>');
    expect(buttons(en)).toEqual(['Pay', 'Cancel and return to the shop']);
    expect(buttons(de)).toEqual(['Bezahlen', 'Abbrechen und zurück zum Shop']);
  });

  it('asks for the address with the browser’s shipping autofill names; required fields are required', () => {
    const page = checkoutPage(session('en'), '/_dev/checkout');
    const control = (id: string) => new RegExp(`<(?:input|select) id="${id}" name="${id}" [^>]*>`).exec(page)?.[0] ?? '';
    expect(control('name')).toContain('autocomplete="shipping name"');
    expect(control('line1')).toContain('autocomplete="shipping address-line1"');
    expect(control('line2')).toContain('autocomplete="shipping address-line2"');
    expect(control('postalCode')).toContain('autocomplete="shipping postal-code"');
    expect(control('city')).toContain('autocomplete="shipping address-level2"');
    expect(control('country')).toContain('autocomplete="shipping country"');
    expect(control('phone')).toContain('type="tel" autocomplete="shipping tel"');
    for (const id of ['name', 'line1', 'postalCode', 'city', 'country']) expect(control(id), id).toMatch(/ required[ >]/);
    for (const id of ['line2', 'phone']) expect(control(id), id).not.toContain('required');
  });

  it('offers only the countries of the session’s region: one preselected, several sorted by name after a prompt', () => {
    const options = (page: string) =>
      [...(/<select id="country"[^>]*>([\s\S]*?)<\/select>/.exec(page)?.[1] ?? '').matchAll(/<option value="(\w*)"( selected)?>([^<]*)<\/option>/g)].map(
        ([, v, sel, text]) => `${v}${sel ? '!' : ''}:${text}`,
      );
    expect(options(checkoutPage(session('de'), '/_dev/checkout'))).toEqual(['DE!:Deutschland']);
    expect(options(checkoutPage(session('en', { shipping_region: 'UK', countries: ['GB'] }), '/_dev/checkout'))).toEqual(['GB!:United Kingdom']);
    const us = options(checkoutPage(session('en', { shipping_region: 'US', countries: [...SHIPPING_COUNTRIES.US] }), '/_dev/checkout'));
    expect(us[0]).toBe('!:Choose a country');
    expect(us.slice(1).map((o) => o.split(':')[1])).toEqual([...SHIPPING_COUNTRIES.US].map((c) => COUNTRY_NAMES.en[c]).sort());
    const eu = options(checkoutPage(session('de', { shipping_region: 'EU', countries: [...SHIPPING_COUNTRIES.EU] }), '/_dev/checkout', { address: { country: 'AT' } }));
    expect(eu).toHaveLength(27);
    expect(eu[0]).toBe(':Land wählen');
    expect(eu[1]).toBe('BE:Belgien');
    expect(eu).toContain('AT!:Österreich');
    expect(eu.join()).not.toContain('DE:');
  });

  it('prefills the session’s address (a customer’s last one), and keeps what was typed after an error, escaped', () => {
    const last = { name: 'Alex Muster', line1: 'Hauptstraße 1', line2: 'Hinterhaus', postalCode: '10115', city: 'Berlin', country: 'DE', phone: '+49 30 123456' };
    const page = checkoutPage(session('de', { shipping_address: last }), '/_dev/checkout');
    for (const [id, value] of Object.entries(last)) {
      if (id === 'country') expect(page).toContain('<option value="DE" selected>Deutschland</option>');
      else expect(page).toMatch(new RegExp(`<input id="${id}" [^>]*value="${value.replace('+', '\\+')}"`));
    }
    const typed = checkoutPage(session('en', { shipping_address: last }), '/_dev/checkout', {
      address: { name: '<b>"Bob"</b>', line1: '', postalCode: '1234', city: 'Köln' },
      errors: [{ field: 'line1', problem: 'missing' }],
    });
    expect(typed).toContain('value="&lt;b&gt;&quot;Bob&quot;&lt;/b&gt;"');
    expect(typed).not.toContain('<b>"Bob"</b>');
    expect(typed).toMatch(/<input id="postalCode" [^>]*value="1234"/);
    expect(typed).not.toContain('Hauptstraße');
  });

  it('lists several problems in the summary, in the order of the page, each also at its field', () => {
    const page = checkoutPage(session('en'), '/_dev/checkout', {
      address: { country: 'DE', postalCode: '1' },
      errors: [
        { field: 'cvc', problem: 'cvc_invalid' },
        { field: 'postalCode', problem: 'invalid' },
        { field: 'name', problem: 'missing' },
      ],
    });
    expect(page).toContain(
      '<div id="form-error" class="alert" role="alert"><p>Please check these fields:</p><ul><li>Enter your full name.</li><li>A German postcode has 5 digits, e.g. 10115.</li><li>Your card&#39;s security code is invalid.</li></ul></div>',
    );
    expect([...page.matchAll(/aria-invalid="true" aria-describedby="(\w+)-error"/g)].map(([, id]) => id)).toEqual(['name', 'postalCode', 'cvc']);
  });

  it('keeps the success test card prefilled, with a valid expiry and CVC', () => {
    for (const lang of LANGS) {
      const page = checkoutPage(session(lang), '/_dev/checkout');
      expect(page).toContain('name="number" autocomplete="cc-number" inputmode="numeric" value="4242 4242 4242 4242"');
      expect(page).toMatch(/name="expiry" [^>]*value="12\/\d\d"/);
      expect(page).toMatch(/name="cvc" [^>]*value="123"/);
    }
  });

  it('formats money in the page’s locale and the session’s currency', () => {
    const nbsp = (s: string) => s.replaceAll('\u00a0', ' ');
    expect(nbsp(formatMoney(5998, 'EUR', 'en'))).toBe('€59.98');
    expect(nbsp(formatMoney(5998, 'EUR', 'de'))).toBe('59,98 €');
    expect(nbsp(formatMoney(123456, 'USD', 'de'))).toBe('1.234,56 $');
    const de = nbsp(checkoutPage(session('de', { currency: 'USD' }), '/_dev/checkout'));
    expect(de).toContain('2 × 29,99 $');
    expect(de).toContain('Bezahlen 59,98 $');
    expect(nbsp(checkoutPage(session('en', { currency: 'USD' }), '/_dev/checkout'))).toContain('Pay $59.98');
  });

  it('names colours as the German storefront does, and leaves other values as stored', () => {
    expect(checkoutPage(session('de'), '/_dev/checkout')).toContain('M · Schwarz');
    expect(checkoutPage(session('en'), '/_dev/checkout')).toContain('M · Black');
    const odd = session('de', { line_items: [{ title: 'Gürtel', size: null, color: 'Chartreuse', qty: 1, unit_price: 5998, line_total: 5998 }] });
    expect(checkoutPage(odd, '/_dev/checkout')).toContain('<span class="muted">Chartreuse</span>');
  });
});

describe('the notice pages', () => {
  const KINDS = Object.keys(NOTICES) as NoticeKind[];

  it.each(LANGS)('say every notice in %s only', (lang) => {
    const foreign = textsOnlyIn(other(lang));
    for (const kind of KINDS) {
      const page = noticePage(kind, lang, 'http://localhost:5173/cart');
      expect(page).toContain(`<html lang="${lang}">`);
      expect(page).toContain(`<title>${NOTICES[kind][lang].title} · No Pain, No Gain</title>`);
      expect(page).toContain(`<h1 id="notice-title">${NOTICES[kind][lang].title}</h1>`);
      const text = visibleText(page);
      expect(text).toContain(NOTICES[kind][lang].message);
      for (const t of foreign) expect(text, `${kind}: ${t}`).not.toContain(t);
      const link = NOTICES[kind][lang].link;
      if (link) expect(page).toContain(`<a href="http://localhost:5173/cart">${link}</a>`);
      else expect(page).not.toContain('<a ');
    }
  });

  it('say it in both languages when there is no session, the German marked as German', () => {
    const page = noticePage('notFound', undefined);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<span class="badge">Test checkout / <span lang="de">Testkasse</span></span>');
    expect(page).toContain('<title>Checkout not found / Kasse nicht gefunden · No Pain, No Gain</title>');
    expect(page).toContain('<h1 id="notice-title">Checkout not found / <span lang="de">Kasse nicht gefunden</span></h1>');
    expect(page).toContain('<p>This checkout link is unknown or no longer valid. / <span lang="de">Dieser Kassen-Link ist unbekannt oder nicht mehr gültig.</span></p>');
  });

  it.each(LANGS)('say why a payment was refunded (%s), before the notice', (lang) => {
    const page = noticePage('refunded', lang, 'http://localhost:5173/cart', REFUND_REASONS.price_changed);
    expect(page).toContain(`<p>${REFUND_REASONS.price_changed[lang]}</p>\n      <p>${NOTICES.refunded[lang].message}</p>`);
  });

  it('escape the link', () => {
    expect(noticePage('expired', 'en', 'http://x.test/?a="><script>')).toContain('href="http://x.test/?a=&quot;&gt;&lt;script&gt;"');
  });
});

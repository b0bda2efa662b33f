import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, type CardProblem } from './card.ts';
import { LANGS, NOTICES, PAGE, type Lang, type NoticeKind } from './copy.ts';
import { checkoutPage, formatMoney, noticePage, type PaymentFormState } from './page.ts';
import type { CheckoutSession } from './sessions.ts';

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
    lang === 'en' ? ['Black', 'Schwarz'] : ['Schwarz', 'Black'],
  ];
  return pairs.filter(([mine, theirs]) => mine && mine !== theirs).map(([mine]) => mine);
}

const ERRORS: PaymentFormState[] = [
  { error: { field: 'email', problem: 'email_invalid' }, email: 'nope' },
  { error: { field: 'number', problem: 'number_invalid' }, number: '1234' },
  { error: { field: 'expiry', problem: 'expiry_unreadable' }, expiry: 'soon' },
  { error: { field: 'expiry', problem: 'expiry_past' }, expiry: '01/20' },
  { error: { field: 'cvc', problem: 'cvc_invalid' } },
  { error: { problem: 'declined' }, number: '4000 0000 0000 0002' },
];

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
      const problem = state.error!.problem;
      const message = problem === 'email_invalid' ? PAGE[lang].emailInvalid : CARD_MESSAGES[lang][problem];
      expect(visibleText(pages[i + 2])).toContain(message);
    }
  });

  it('names the fields and buttons with the agreed, stable labels', () => {
    const labels = (page: string) => [...page.matchAll(/<label for="(\w+)">([^<]*)<\/label>/g)].map(([, id, text]) => [id, text]);
    const buttons = (page: string) => [...page.matchAll(/<button [^>]*>([^<]*)<\/button>/g)].map(([, text]) => text);
    const en = checkoutPage(session('en'), '/_dev/checkout');
    const de = checkoutPage(session('de'), '/_dev/checkout');
    expect(labels(en)).toEqual([['email', 'Email'], ['number', 'Card number'], ['expiry', 'Expiry (MM/YY)'], ['cvc', 'CVC']]);
    expect(labels(de)).toEqual([['email', 'E-Mail'], ['number', 'Kartennummer'], ['expiry', 'Ablaufdatum (MM/JJ)'], ['cvc', 'Prüfziffer']]);
    expect(buttons(en)).toEqual(['Pay', 'Cancel and return to the shop']);
    expect(buttons(de)).toEqual(['Bezahlen', 'Abbrechen und zurück zum Shop']);
  });

  it.each(LANGS)('keeps the keyboard order %s: the fields, Pay, Cancel — nothing before, no tabindex', (lang) => {
    const page = checkoutPage(session(lang), '/_dev/checkout');
    expect(page).not.toContain('tabindex');
    const focusable = [...page.matchAll(/<(input|button|a|select|textarea)\b[^>]*?(?:\bid="(\w+)"[^>]*)?>([^<]*)/g)].map(([, tag, id, text]) => (tag === 'input' ? id : text));
    expect(focusable).toEqual(['email', 'number', 'expiry', 'cvc', PAGE[lang].pay, PAGE[lang].cancel]);
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

  it('escape the link', () => {
    expect(noticePage('expired', 'en', 'http://x.test/?a="><script>')).toContain('href="http://x.test/?a=&quot;&gt;&lt;script&gt;"');
  });
});

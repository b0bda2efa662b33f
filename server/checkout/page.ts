import { cardMessage, type CardProblem } from './card.ts';
import { colorLabel } from '../../supabase/functions/_shared/colour-names.ts';
import { ADDRESS_LABELS, addressMessage, countryName, type AddressField, type AddressProblemKind } from '../../supabase/functions/_shared/address.ts';
import { INTL_LOCALE, langOf, NOTICES, PAGE, type Lang, type NoticeKind } from './copy.ts';
import type { CheckoutSession, SessionLine } from './sessions.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** An amount in the page's language: "€59.98" in English, "59,98 €" in German. */
export function formatMoney(cents: number, currency: string, lang: Lang): string {
  return new Intl.NumberFormat(INTL_LOCALE[lang], { style: 'currency', currency }).format(cents / 100);
}

const STYLE = `
  :root { color-scheme: dark; --bg:#0b0b0c; --panel:#16161a; --line:#2a2a31; --text:#f4f4f5; --muted:#a1a1aa; --accent:#e11d48; --ok:#22c55e; }
  * { box-sizing: border-box; }
  body { margin:0; background:var(--bg); color:var(--text); font:16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
  main { max-width: 960px; margin: 0 auto; padding: 32px 20px; display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr); align-items: start; }
  @media (min-width: 800px) { main { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } }
  @media (max-width: 420px) { main { padding: 20px 12px; } section { padding: 18px 16px; } }
  header { max-width: 960px; margin: 0 auto; padding: 24px 20px 0; }
  .brand { font-weight: 800; letter-spacing: .08em; text-transform: uppercase; }
  .badge { display:inline-block; margin-left:8px; padding:2px 8px; border:1px solid var(--line); border-radius:999px; color:var(--muted); font-size:12px; }
  section { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; padding: 24px; }
  h1, h2 { margin: 0 0 16px; font-size: 20px; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 8px 0; border-bottom: 1px solid var(--line); vertical-align: top; }
  td.num, th.num { text-align: right; white-space: nowrap; }
  .muted { color: var(--muted); font-size: 14px; }
  tfoot td, tfoot th { border: 0; }
  tfoot .total th, tfoot .total td { font-size: 18px; font-weight: 700; padding-top: 12px; }
  label { display:block; font-weight:600; margin: 12px 0 4px; }
  label .muted { font-weight: 400; }
  .req { color: var(--accent); }
  input, select { width:100%; min-width:0; padding:12px; border-radius:8px; border:1px solid var(--line); background:#0f0f12; color:var(--text); font-size:16px; font-family: inherit; }
  input:focus-visible, select:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  input[aria-invalid="true"], select[aria-invalid="true"] { border-color: var(--accent); }
  .field-error { margin: 4px 0 0; color: #fda4af; font-size: 14px; }
  fieldset { border: 0; margin: 16px 0 0; padding: 0; min-width: 0; }
  legend { padding: 0; font-size: 18px; font-weight: 700; }
  .row { display:grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; }
  .row.place { grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); }
  @media (max-width: 340px) { .row, .row.place { grid-template-columns: minmax(0, 1fr); gap: 0; } }
  .alert ul { margin: 4px 0 0; padding-left: 20px; }
  .alert p { margin: 0; }
  button { width:100%; margin-top:20px; padding:14px; border:0; border-radius:8px; background:var(--accent); color:#fff; font-weight:700; font-size:16px; cursor:pointer; }
  .secondary { background: transparent; border: 1px solid var(--line); color: var(--text); margin-top: 12px; }
  .alert { border:1px solid var(--accent); background:#2a0f16; padding:12px; border-radius:8px; margin-bottom:12px; }
  .note { margin-top: 20px; font-size: 14px; color: var(--muted); }
  .note code { color: var(--text); }
  .confirmed-address { padding: 16px 0 0; border: 0; background: none; }
  .confirmed-address h2 { font-size: 18px; margin-bottom: 8px; }
  address { font-style: normal; }
`;

/**
 * A text in the page's language, or — on a page without a session, so without a language — in both,
 * the German half marked as such for screen readers. `plain` is for <title>, which holds no markup.
 */
function say(lang: Lang | undefined, pick: (lang: Lang) => string): string {
  return lang ? escapeHtml(pick(lang)) : `${escapeHtml(pick('en'))} / <span lang="de">${escapeHtml(pick('de'))}</span>`;
}
const plain = (lang: Lang | undefined, pick: (lang: Lang) => string) => (lang ? pick(lang) : `${pick('en')} / ${pick('de')}`);

function layout(lang: Lang | undefined, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · No Pain, No Gain</title>
<style>${STYLE}</style>
</head>
<body>
<header><span class="brand">No Pain, No Gain</span><span class="badge">${say(lang, (l) => PAGE[l].badge)}</span></header>
${body}
</body>
</html>`;
}

function lineDetails(line: SessionLine, lang: Lang): string {
  return [line.size, line.color && colorLabel(line.color, lang)].filter(Boolean).join(' · ');
}

function summary(session: CheckoutSession, lang: Lang): string {
  const copy = PAGE[lang];
  const money = (cents: number) => escapeHtml(formatMoney(cents, session.currency, lang));
  const rows = session.line_items
    .map((line) => {
      const details = lineDetails(line, lang);
      return `<tr>
        <td>${escapeHtml(line.title)}${details ? `<br><span class="muted">${escapeHtml(details)}</span>` : ''}</td>
        <td class="num">${line.qty} × ${money(line.unit_price)}</td>
        <td class="num">${money(line.line_total)}</td>
      </tr>`;
    })
    .join('');
  return `<section aria-labelledby="summary-title">
    <h2 id="summary-title">${escapeHtml(copy.summary)}</h2>
    <table>
      <thead><tr><th scope="col">${escapeHtml(copy.item)}</th><th scope="col" class="num">${escapeHtml(copy.qty)}</th><th scope="col" class="num">${escapeHtml(copy.price)}</th></tr></thead>
      <tbody>${rows}</tbody>
      <tfoot>
        <tr><th scope="row" colspan="2">${escapeHtml(copy.subtotal)}</th><td class="num">${money(session.amount_subtotal)}</td></tr>
        <tr><th scope="row" colspan="2">${escapeHtml(copy.shipping)}</th><td class="num">${session.amount_shipping === 0 ? escapeHtml(copy.free) : money(session.amount_shipping)}</td></tr>
        <tr class="total"><th scope="row" colspan="2">${escapeHtml(copy.total)}</th><td class="num">${money(session.amount_total)}</td></tr>
      </tfoot>
    </table>
  </section>`;
}

export type CardField = 'number' | 'expiry' | 'cvc';

/** One thing wrong with the form; its words come from the field's rules in the page's language. */
export type FormError =
  | { field: 'email'; problem: 'email_invalid' }
  | { field: CardField; problem: Exclude<CardProblem, 'declined'> }
  | { field?: undefined; problem: 'declined' }
  | { field: AddressField | 'address'; problem: AddressProblemKind };

/** What the form shows again after a refused payment: the typed values and what was wrong. */
export interface PaymentFormState {
  number?: string;
  expiry?: string;
  email?: string;
  address?: Partial<Record<AddressField, string>>;
  errors?: FormError[];
}

/** The page's fields in their order on the page (and in the list of problems). */
const FIELD_ORDER = ['email', 'name', 'line1', 'line2', 'postalCode', 'city', 'country', 'phone', 'number', 'expiry', 'cvc'] as const;
type FieldId = (typeof FIELD_ORDER)[number];

function errorMessage(error: FormError, lang: Lang, country: string | undefined): string {
  if (error.problem === 'email_invalid') return PAGE[lang].emailInvalid;
  if (error.field === undefined || error.field === 'number' || error.field === 'expiry' || error.field === 'cvc') return cardMessage(error.problem as CardProblem, lang);
  return addressMessage({ field: error.field, problem: error.problem as AddressProblemKind }, lang, country);
}

interface FieldOptions {
  value: string;
  required: boolean;
  /** The message of this field's problem, if it has one. */
  error?: string;
}

function label(id: FieldId, text: string, required: boolean, lang: Lang): string {
  const mark = required ? ' <span class="req" aria-hidden="true">*</span>' : ` <span class="muted">${escapeHtml(PAGE[lang].optional)}</span>`;
  return `<label for="${id}">${escapeHtml(text)}${mark}</label>`;
}

/** aria-invalid and the message's id on the control; the message under it. */
const invalidAttrs = (id: FieldId, error: string | undefined) => (error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '');
const fieldError = (id: FieldId, error: string | undefined) => (error ? `\n    <p id="${id}-error" class="field-error">${escapeHtml(error)}</p>` : '');

function field(id: FieldId, text: string, attrs: string, options: FieldOptions, lang: Lang): string {
  return `${label(id, text, options.required, lang)}
    <input id="${id}" name="${id}" ${attrs} value="${escapeHtml(options.value)}"${options.required ? ' required' : ''}${invalidAttrs(id, options.error)}>${fieldError(id, options.error)}`;
}

/** Only the countries of the session's shipping region; a region of one country has it chosen. */
function countrySelect(session: CheckoutSession, value: string, error: string | undefined, lang: Lang): string {
  const copy = PAGE[lang];
  const countries = [...session.countries].sort((a, b) => countryName(a, lang).localeCompare(countryName(b, lang), INTL_LOCALE[lang]));
  const chosen = countries.length === 1 ? countries[0] : value;
  const options = countries.map((code) => `<option value="${escapeHtml(code)}"${code === chosen ? ' selected' : ''}>${escapeHtml(countryName(code, lang))}</option>`);
  if (countries.length !== 1) options.unshift(`<option value=""${countries.includes(chosen) ? '' : ' selected'}>${escapeHtml(copy.chooseCountry)}</option>`);
  return `${label('country', ADDRESS_LABELS[lang].country, true, lang)}
    <select id="country" name="country" autocomplete="shipping country" required${invalidAttrs('country', error)}>${options.join('')}</select>${fieldError('country', error)}`;
}

/** The address confirmed on the shop's review step (docs/adr/0024): shown, not asked again. */
function confirmedAddress(session: CheckoutSession, lang: Lang): string {
  const copy = PAGE[lang];
  const a = session.shipping_address ?? {};
  const lines = [a.name, a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(' '), a.country && countryName(a.country, lang), a.phone].filter(
    (line): line is string => typeof line === 'string' && line.trim() !== '',
  );
  return `<section class="confirmed-address" aria-labelledby="delivery-title">
        <h2 id="delivery-title">${escapeHtml(copy.deliveryAddress)}</h2>
        <address>${lines.map(escapeHtml).join('<br>')}</address>
        <p class="muted">${escapeHtml(copy.deliveryAddressNote)}</p>
      </section>`;
}

/**
 * The stand-in for Stripe's hosted page, in the session's language: the order, the buyer's email
 * (a guest's), the shipping address (countries of the session's region only; read-only when the
 * shop's review step confirmed it), a card form
 * prefilled with the success test card, the test cards. Keyboard order: the fields, Pay, Cancel.
 */
export function checkoutPage(session: CheckoutSession, basePath: string, state: PaymentFormState = {}): string {
  const lang = langOf(session.locale);
  const copy = PAGE[lang];
  const labels = ADDRESS_LABELS[lang];
  const action = `${basePath}/${encodeURIComponent(session.id)}`;
  const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
  const address: Partial<Record<AddressField, string>> = state.address ?? {
    name: session.shipping_address?.name,
    line1: session.shipping_address?.line1,
    line2: session.shipping_address?.line2,
    postalCode: session.shipping_address?.postalCode,
    city: session.shipping_address?.city,
    country: session.shipping_address?.country,
    phone: session.shipping_address?.phone,
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const country = text(address.country);

  const errors = [...(state.errors ?? [])].sort((a, b) => FIELD_ORDER.indexOf((a.field ?? 'cvc') as FieldId) - FIELD_ORDER.indexOf((b.field ?? 'cvc') as FieldId));
  const messages = errors.map((e) => errorMessage(e, lang, country));
  const errorOf = (id: FieldId) => {
    const at = errors.findIndex((e) => e.field === id);
    return at === -1 ? undefined : messages[at];
  };
  const summaryBody =
    messages.length === 1 ? escapeHtml(messages[0]) : `<p>${escapeHtml(copy.problemsTitle)}</p><ul>${messages.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>`;
  const error = messages.length ? `<div id="form-error" class="alert" role="alert">${summaryBody}</div>` : '';

  const addressField = (id: AddressField, attrs: string, required: boolean) => field(id, labels[id], attrs, { value: text(address[id]), required, error: errorOf(id) }, lang);
  const email = session.email
    ? `<p class="muted">${escapeHtml(copy.receiptTo)}: ${escapeHtml(session.email)}</p>`
    : field('email', copy.email, 'type="email" autocomplete="email" inputmode="email"', { value: state.email ?? '', required: true, error: errorOf('email') }, lang);
  const card = (id: CardField, text: string, attrs: string, value: string) => field(id, text, attrs, { value, required: true, error: errorOf(id) }, lang);
  const addressFields = `<fieldset>
        <legend>${escapeHtml(copy.shippingAddress)}</legend>
        ${addressField('name', 'autocomplete="shipping name" maxlength="100"', true)}
        ${addressField('line1', 'autocomplete="shipping address-line1" maxlength="100"', true)}
        ${addressField('line2', 'autocomplete="shipping address-line2" maxlength="100"', false)}
        <div class="row place">
          <div>${addressField('postalCode', 'autocomplete="shipping postal-code" maxlength="16"', true)}</div>
          <div>${addressField('city', 'autocomplete="shipping address-level2" maxlength="80"', true)}</div>
        </div>
        ${countrySelect(session, country, errorOf('country'), lang)}
        ${addressField('phone', 'type="tel" autocomplete="shipping tel" maxlength="30"', false)}
      </fieldset>`;

  const addressPart = session.address_confirmed ? confirmedAddress(session, lang) : addressFields;

  const body = `<main>
  ${summary(session, lang)}
  <section aria-labelledby="pay-title">
    <h1 id="pay-title">${escapeHtml(copy.pay)} ${escapeHtml(formatMoney(session.amount_total, session.currency, lang))}</h1>
    ${error}
    <form method="post" action="${action}/pay" novalidate>
      <p class="muted">${escapeHtml(copy.requiredNote)}</p>
      ${email}
      ${addressPart}
      ${card('number', copy.number, 'autocomplete="cc-number" inputmode="numeric"', state.number ?? '4242 4242 4242 4242')}
      <div class="row">
        <div>${card('expiry', copy.expiry, 'autocomplete="cc-exp" inputmode="numeric"', state.expiry ?? `12/${nextYear}`)}</div>
        <div>${card('cvc', copy.cvc, 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"', '123')}</div>
      </div>
      <button type="submit">${escapeHtml(copy.pay)}</button>
    </form>
    <form method="post" action="${action}/cancel">
      <button type="submit" class="secondary">${escapeHtml(copy.cancel)}</button>
    </form>
    <div class="note">
      <p>${escapeHtml(copy.testNote)}</p>
      <ul>
        <li><code>4242 4242 4242 4242</code> — ${escapeHtml(copy.testSucceeds)}</li>
        <li><code>4000 0000 0000 0002</code> — ${escapeHtml(copy.testDeclined)}</li>
      </ul>
      <p>${escapeHtml(copy.testAnyExpiry)}</p>
    </div>
  </section>
</main>`;
  return layout(lang, copy.title, body);
}

/**
 * A page with one message (after `lead`, when given) and, where there is one, a way on: not found,
 * expired, payment not possible, not allowed, payment refunded. In `lang`; in both languages when there is no session to take it from.
 */
export function noticePage(kind: NoticeKind, lang: Lang | undefined, href?: string, lead?: Record<Lang, string>): string {
  const notice = NOTICES[kind];
  const first = lead ? `<p>${say(lang, (l) => lead[l])}</p>\n      ` : '';
  const link = href && notice.en.link ? `<p><a href="${escapeHtml(href)}">${say(lang, (l) => notice[l].link ?? '')}</a></p>` : '';
  return layout(
    lang,
    plain(lang, (l) => notice[l].title),
    `<main><section role="alert" aria-labelledby="notice-title">
      <h1 id="notice-title">${say(lang, (l) => notice[l].title)}</h1>
      ${first}<p>${say(lang, (l) => notice[l].message)}</p>
      ${link}
    </section></main>`,
  );
}

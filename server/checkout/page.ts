import { cardMessage, type CardProblem } from './card.ts';
import { colorLabel } from '../../supabase/functions/_shared/colour-names.ts';
import { INTL_LOCALE, langOf, NOTICES, PAGE, type Lang, type NoticeKind } from './copy.ts';
import type { CheckoutSession, SessionLine } from './sessions.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** An amount in the page's language: "€59.98" in English, "59,98 €" in German. */
export function formatMoney(cents: number, currency: string, lang: Lang): string {
  return new Intl.NumberFormat(INTL_LOCALE[lang], { style: 'currency', currency }).format(cents / 100);
}

const STYLE = `
  :root { color-scheme: dark; --bg:#0b0b0c; --panel:#16161a; --line:#2a2a31; --text:#f4f4f5; --muted:#a1a1aa; --accent:#e11d48; --ok:#22c55e; }
  * { box-sizing: border-box; }
  body { margin:0; background:var(--bg); color:var(--text); font:16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
  main { max-width: 960px; margin: 0 auto; padding: 32px 20px; display: grid; gap: 24px; grid-template-columns: 1fr; }
  @media (min-width: 800px) { main { grid-template-columns: 1fr 1fr; } }
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
  input { width:100%; padding:12px; border-radius:8px; border:1px solid var(--line); background:#0f0f12; color:var(--text); font-size:16px; }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  input[aria-invalid="true"] { border-color: var(--accent); }
  .row { display:grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button { width:100%; margin-top:20px; padding:14px; border:0; border-radius:8px; background:var(--accent); color:#fff; font-weight:700; font-size:16px; cursor:pointer; }
  .secondary { background: transparent; border: 1px solid var(--line); color: var(--text); margin-top: 12px; }
  .alert { border:1px solid var(--accent); background:#2a0f16; padding:12px; border-radius:8px; margin-bottom:12px; }
  .note { margin-top: 20px; font-size: 14px; color: var(--muted); }
  .note code { color: var(--text); }
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

/** What the form shows again after a refused payment: the typed values and what was wrong. */
export interface PaymentFormState {
  number?: string;
  expiry?: string;
  email?: string;
  error?: { field?: 'number' | 'expiry' | 'cvc' | 'email'; problem: CardProblem | 'email_invalid' };
}

function field(id: string, label: string, attrs: string, state: PaymentFormState, value = ''): string {
  const invalid = state.error?.field === id;
  return `<label for="${id}">${escapeHtml(label)}</label>
    <input id="${id}" name="${id}" ${attrs} value="${escapeHtml(value)}"${invalid ? ' aria-invalid="true" aria-describedby="form-error"' : ''} required>`;
}

/**
 * The stand-in for Stripe's hosted page, in the session's language: the order, a card form
 * prefilled with the success test card, the test cards. Keyboard order: the fields, Pay, Cancel.
 */
export function checkoutPage(session: CheckoutSession, basePath: string, state: PaymentFormState = {}): string {
  const lang = langOf(session.locale);
  const copy = PAGE[lang];
  const action = `${basePath}/${encodeURIComponent(session.id)}`;
  const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
  const email = session.email
    ? `<p class="muted">${escapeHtml(copy.receiptTo)}: ${escapeHtml(session.email)}</p>`
    : field('email', copy.email, 'type="email" autocomplete="email" inputmode="email"', state, state.email ?? '');
  const problem = state.error?.problem;
  const message = problem === undefined ? undefined : problem === 'email_invalid' ? copy.emailInvalid : cardMessage(problem, lang);
  const error = message ? `<div id="form-error" class="alert" role="alert">${escapeHtml(message)}</div>` : '';
  const body = `<main>
  ${summary(session, lang)}
  <section aria-labelledby="pay-title">
    <h1 id="pay-title">${escapeHtml(copy.pay)} ${escapeHtml(formatMoney(session.amount_total, session.currency, lang))}</h1>
    ${error}
    <form method="post" action="${action}/pay" novalidate>
      ${email}
      ${field('number', copy.number, 'autocomplete="cc-number" inputmode="numeric"', state, state.number ?? '4242 4242 4242 4242')}
      <div class="row">
        <div>${field('expiry', copy.expiry, 'autocomplete="cc-exp" inputmode="numeric"', state, state.expiry ?? `12/${nextYear}`)}</div>
        <div>${field('cvc', copy.cvc, 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"', state, '123')}</div>
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
 * A page with one message and, where there is one, a way on: not found, expired, sold out, payment
 * not possible, not allowed. In `lang`; in both languages when there is no session to take it from.
 */
export function noticePage(kind: NoticeKind, lang: Lang | undefined, href?: string): string {
  const notice = NOTICES[kind];
  const link = href && notice.en.link ? `<p><a href="${escapeHtml(href)}">${say(lang, (l) => notice[l].link ?? '')}</a></p>` : '';
  return layout(
    lang,
    plain(lang, (l) => notice[l].title),
    `<main><section role="alert" aria-labelledby="notice-title">
      <h1 id="notice-title">${say(lang, (l) => notice[l].title)}</h1>
      <p>${say(lang, (l) => notice[l].message)}</p>
      ${link}
    </section></main>`,
  );
}

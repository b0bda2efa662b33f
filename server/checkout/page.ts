import type { CheckoutSession, SessionLine } from './sessions.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(cents / 100);
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

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · No Pain, No Gain</title>
<style>${STYLE}</style>
</head>
<body>
<header><span class="brand">No Pain, No Gain</span><span class="badge">Test checkout / Testkasse</span></header>
${body}
</body>
</html>`;
}

const lineDetails = (line: SessionLine) => [line.size, line.color].filter(Boolean).join(' · ');

function summary(session: CheckoutSession): string {
  const money = (cents: number) => escapeHtml(formatMoney(cents, session.currency));
  const rows = session.line_items
    .map(
      (line) => `<tr>
        <td>${escapeHtml(line.title)}${lineDetails(line) ? `<br><span class="muted">${escapeHtml(lineDetails(line))}</span>` : ''}</td>
        <td class="num">${line.qty} × ${money(line.unit_price)}</td>
        <td class="num">${money(line.line_total)}</td>
      </tr>`,
    )
    .join('');
  return `<section aria-labelledby="summary-title">
    <h2 id="summary-title">Order summary / Bestellübersicht</h2>
    <table>
      <thead><tr><th scope="col">Item / Artikel</th><th scope="col" class="num">Qty / Menge</th><th scope="col" class="num">Price / Preis</th></tr></thead>
      <tbody>${rows}</tbody>
      <tfoot>
        <tr><th scope="row" colspan="2">Subtotal / Zwischensumme</th><td class="num">${money(session.amount_subtotal)}</td></tr>
        <tr><th scope="row" colspan="2">Shipping / Versand</th><td class="num">${session.amount_shipping === 0 ? 'Free / Kostenlos' : money(session.amount_shipping)}</td></tr>
        <tr class="total"><th scope="row" colspan="2">Total / Gesamt</th><td class="num">${money(session.amount_total)}</td></tr>
      </tfoot>
    </table>
  </section>`;
}

export interface PaymentFormState {
  number?: string;
  expiry?: string;
  email?: string;
  error?: { field?: 'number' | 'expiry' | 'cvc' | 'email'; message: string };
}

function field(id: string, label: string, attrs: string, state: PaymentFormState, value = ''): string {
  const invalid = state.error?.field === id;
  return `<label for="${id}">${label}</label>
    <input id="${id}" name="${id}" ${attrs} value="${escapeHtml(value)}"${invalid ? ' aria-invalid="true" aria-describedby="form-error"' : ''} required>`;
}

/** The stand-in for Stripe's hosted page: the order, a card form prefilled with the success test card, the test cards. */
export function checkoutPage(session: CheckoutSession, basePath: string, state: PaymentFormState = {}): string {
  const action = `${basePath}/${encodeURIComponent(session.id)}`;
  const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
  const email = session.email
    ? `<p class="muted">Receipt to / Beleg an: ${escapeHtml(session.email)}</p>`
    : field('email', 'Email / E-Mail', 'type="email" autocomplete="email" inputmode="email"', state, state.email ?? '');
  const error = state.error ? `<div id="form-error" class="alert" role="alert">${escapeHtml(state.error.message)}</div>` : '';
  const body = `<main>
  ${summary(session)}
  <section aria-labelledby="pay-title">
    <h1 id="pay-title">Pay / Bezahlen ${escapeHtml(formatMoney(session.amount_total, session.currency))}</h1>
    ${error}
    <form method="post" action="${action}/pay" novalidate>
      ${email}
      ${field('number', 'Card number / Kartennummer', 'autocomplete="cc-number" inputmode="numeric"', state, state.number ?? '4242 4242 4242 4242')}
      <div class="row">
        <div>${field('expiry', 'Expiry (MM/YY) / Ablaufdatum (MM/JJ)', 'autocomplete="cc-exp" inputmode="numeric"', state, state.expiry ?? `12/${nextYear}`)}</div>
        <div>${field('cvc', 'CVC / Prüfziffer', 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"', state, '123')}</div>
      </div>
      <button type="submit">Pay / Bezahlen</button>
    </form>
    <form method="post" action="${action}/cancel">
      <button type="submit" class="secondary">Cancel and return to the shop / Abbrechen und zurück zum Shop</button>
    </form>
    <div class="note">
      <p>This is a local test checkout: no money moves. / Dies ist eine lokale Testkasse: Es fließt kein Geld.</p>
      <ul>
        <li><code>4242 4242 4242 4242</code> — payment succeeds / Zahlung erfolgreich</li>
        <li><code>4000 0000 0000 0002</code> — card is declined / Karte wird abgelehnt</li>
      </ul>
      <p>Any future expiry date and any 3-digit CVC. / Beliebiges zukünftiges Ablaufdatum und beliebige 3-stellige Prüfziffer.</p>
    </div>
  </section>
</main>`;
  return layout('Checkout / Kasse', body);
}

/** A page with one message and a way on: not found, expired, out of stock. */
export function noticePage(title: string, message: string, link?: { href: string; label: string }): string {
  return layout(
    title,
    `<main><section role="alert" aria-labelledby="notice-title">
      <h1 id="notice-title">${escapeHtml(title)}</h1>
      <p>${escapeHtml(message)}</p>
      ${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}
    </section></main>`,
  );
}

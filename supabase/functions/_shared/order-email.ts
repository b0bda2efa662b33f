import { colorLabel } from './colour-names.ts';
import type { FunctionEnv } from './env.ts';
import { callRpc } from './supabase-api.ts';

/** One order as public.claim_order_emails returns it. */
export interface OrderEmailItem {
  title: string;
  size: string | null;
  color: string | null;
  qty: number;
  unitPrice: number;
  lineTotal: number;
}

export interface OrderEmailData {
  orderId: string;
  orderNumber: string;
  email: string;
  locale: string;
  shippingRegion: string | null;
  currency: string;
  subtotal: number;
  shipping: number;
  total: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  items: OrderEmailItem[];
}

export interface RenderedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

type Lang = 'en' | 'de';

const BRAND = 'No Pain, No Gain';

/** The storefront's formats (src/i18n/format.ts): US English and German. */
const INTL_LOCALE: Record<Lang, string> = { en: 'en-US', de: 'de-DE' };

const REGION_NAMES: Record<Lang, Record<string, string>> = {
  en: { DE: 'Germany', EU: 'EU', UK: 'United Kingdom', US: 'USA, Canada & worldwide' },
  de: { DE: 'Deutschland', EU: 'EU', UK: 'Vereinigtes Königreich', US: 'USA, Kanada & weltweit' },
};

const COPY = {
  en: {
    subject: (order: string) => `Your order ${order} is confirmed`,
    heading: 'Thanks for your order!',
    intro: (order: string) => `We have received your payment for order ${order} and are getting it ready.`,
    order: 'Order',
    placed: 'Ordered on',
    item: 'Item',
    qty: 'Qty',
    amount: 'Amount',
    subtotal: 'Subtotal',
    shipping: 'Shipping',
    free: 'Free',
    total: 'Total',
    outro: 'We will let you know as soon as it ships. Train hard!',
  },
  de: {
    subject: (order: string) => `Deine Bestellung ${order} ist bestätigt`,
    heading: 'Danke für Deine Bestellung!',
    intro: (order: string) => `Wir haben Deine Zahlung für die Bestellung ${order} erhalten und machen sie jetzt fertig.`,
    order: 'Bestellung',
    placed: 'Bestellt am',
    item: 'Artikel',
    qty: 'Menge',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    shipping: 'Versand',
    free: 'Kostenlos',
    total: 'Gesamt',
    outro: 'Wir melden uns, sobald Deine Bestellung unterwegs ist. Bleib dran!',
  },
} as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

const langOf = (locale: string): Lang => (locale === 'de' ? 'de' : 'en');

/** "M / Black" ("M / Schwarz" in German) from whatever of size and colour a line has; sizes as stored. */
const variantLabel = (item: OrderEmailItem, lang: Lang) =>
  [item.size, item.color && colorLabel(item.color, lang)].filter((v): v is string => !!v).join(' / ');

/** The confirmation e-mail of one order, in the order's language (English unless it is 'de'). */
export function renderOrderEmail(order: OrderEmailData): RenderedEmail {
  const lang = langOf(order.locale);
  const copy = COPY[lang];
  const money = new Intl.NumberFormat(INTL_LOCALE[lang], { style: 'currency', currency: order.currency });
  const price = (cents: number) => money.format(cents / 100);
  const created = new Date(order.createdAt);
  const placedOn = Number.isNaN(created.getTime())
    ? null
    : new Intl.DateTimeFormat(INTL_LOCALE[lang], { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Europe/Berlin' }).format(created);
  const region = order.shippingRegion ? (REGION_NAMES[lang][order.shippingRegion] ?? order.shippingRegion) : null;
  const shippingLabel = region ? `${copy.shipping} (${region})` : copy.shipping;
  const shippingAmount = order.shipping === 0 ? copy.free : price(order.shipping);

  const lines = order.items.map((item) => {
    const variant = variantLabel(item, lang);
    return { name: variant ? `${item.title} — ${variant}` : item.title, qty: item.qty, amount: price(item.lineTotal) };
  });

  const text = [
    copy.heading,
    '',
    copy.intro(order.orderNumber),
    '',
    `${copy.order}: ${order.orderNumber}`,
    ...(placedOn ? [`${copy.placed}: ${placedOn}`] : []),
    '',
    ...lines.map((l) => `${l.qty} × ${l.name}: ${l.amount}`),
    '',
    `${copy.subtotal}: ${price(order.subtotal)}`,
    `${shippingLabel}: ${shippingAmount}`,
    `${copy.total}: ${price(order.total)}`,
    '',
    copy.outro,
    '',
    `— ${BRAND}`,
  ].join('\n');

  const cell = 'padding:6px 8px;border-bottom:1px solid #eee';
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="${cell}">${escapeHtml(l.name)}</td><td style="${cell};text-align:center">${escapeHtml(String(l.qty))}</td><td style="${cell};text-align:right">${escapeHtml(l.amount)}</td></tr>`,
    )
    .join('\n');
  const sum = (label: string, value: string, strong = false) =>
    `<tr><td colspan="2" style="padding:4px 8px;text-align:right">${strong ? '<strong>' : ''}${escapeHtml(label)}${strong ? '</strong>' : ''}</td><td style="padding:4px 8px;text-align:right">${strong ? '<strong>' : ''}${escapeHtml(value)}${strong ? '</strong>' : ''}</td></tr>`;
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:40rem;margin:0 auto;padding:16px">
<h1 style="font-size:20px">${escapeHtml(BRAND)}</h1>
<h2 style="font-size:18px">${escapeHtml(copy.heading)}</h2>
<p>${escapeHtml(copy.intro(order.orderNumber))}</p>
<p><strong>${escapeHtml(copy.order)}:</strong> ${escapeHtml(order.orderNumber)}${placedOn ? `<br><strong>${escapeHtml(copy.placed)}:</strong> ${escapeHtml(placedOn)}` : ''}</p>
<table style="width:100%;border-collapse:collapse">
<thead><tr><th style="${cell};text-align:left">${escapeHtml(copy.item)}</th><th style="${cell}">${escapeHtml(copy.qty)}</th><th style="${cell};text-align:right">${escapeHtml(copy.amount)}</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${sum(copy.subtotal, price(order.subtotal))}
${sum(shippingLabel, shippingAmount)}
${sum(copy.total, price(order.total), true)}
</tfoot>
</table>
<p>${escapeHtml(copy.outro)}</p>
<p style="color:#666">— ${escapeHtml(BRAND)}</p>
</body></html>`;

  return { to: order.email, subject: copy.subject(order.orderNumber), text, html };
}

export interface DeliveryReport {
  /** Orders claimed (and handed to the mail endpoint). */
  claimed: number;
  sent: number;
  /** Not accepted by the mail endpoint: released, so the next delivery tries again. */
  failed: number;
}

const SEND_TIMEOUT_MS = 10_000;
let warnedUnconfigured = false;

/**
 * Sends the queued order confirmations: claims a batch (public.claim_order_emails marks them
 * sent), POSTs each to MAIL_SEND_URL, and releases the ones the endpoint did not accept. Never
 * throws: its callers have already taken the payment and must answer regardless.
 */
export async function deliverOrderEmails(env: FunctionEnv, maxCount = 20): Promise<DeliveryReport> {
  const report: DeliveryReport = { claimed: 0, sent: 0, failed: 0 };
  const target = env.MAIL_SEND_URL;
  if (!target) {
    if (!warnedUnconfigured) {
      warnedUnconfigured = true;
      console.warn('[order-email] MAIL_SEND_URL is not set: order confirmations stay queued in public.order_emails');
    }
    return report;
  }
  let orders: OrderEmailData[];
  try {
    orders = await callRpc<OrderEmailData[]>(env, 'claim_order_emails', { max_count: maxCount });
  } catch (e) {
    console.error('[order-email] claiming order e-mails failed:', e);
    return report;
  }
  report.claimed = orders.length;
  await Promise.all(
    orders.map(async (order) => {
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify(renderOrderEmail(order)),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (!res.ok) throw new Error(`the mail endpoint answered HTTP ${res.status}`);
        report.sent += 1;
      } catch (e) {
        report.failed += 1;
        console.error(`[order-email] ${order.orderNumber}: not sent, released for the next delivery:`, e instanceof Error ? e.message : e);
        try {
          await callRpc(env, 'release_order_email', { order_id: order.orderId });
        } catch (releaseError) {
          console.error(`[order-email] ${order.orderNumber}: could not be released (it will not be retried):`, releaseError);
        }
      }
    }),
  );
  return report;
}

import { type BackInStockEmail, renderBackInStockEmail } from './back-in-stock-email.ts';
import { colorLabel } from './colour-names.ts';
import {
  addressHtml,
  addressLines,
  buttonHtml,
  type EmailAddress,
  escapeHtml,
  htmlPage,
  INTL_LOCALE,
  isAddress,
  type Lang,
  langOf,
  moneyFormatter,
  type RenderedEmail,
  textSignature,
} from './email-parts.ts';
import type { FunctionEnv } from './env.ts';
import { type NewsletterEmail, renderNewsletterEmail } from './newsletter-email.ts';
import { type OrderNotice, renderNoticeEmail } from './notice-email.ts';
import { callRpc } from './supabase-api.ts';
import { WITHDRAWAL_INFORMATION } from './withdrawal-information.ts';

export { escapeHtml };
export type { RenderedEmail };

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
  /** Where the order goes; null for orders placed before addresses were kept. */
  shippingAddress?: EmailAddress | null;
  /** The VAT the total contains at the destination's rate (docs/adr/0023); null for an export. */
  vat?: { rateBasisPoints: number; amount: number } | null;
}

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
    deliverTo: 'Delivery address',
    vat: (rate: string, amount: string) => `incl. ${rate} % VAT: ${amount}`,
    outro: 'We will let you know as soon as it ships. Train hard!',
    legalIntro: 'Below you will find our withdrawal information and the model withdrawal form. You can also withdraw online; the link fills in your order number.',
    withdraw: 'Withdraw from contract',
    terms: 'Terms of Service',
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
    deliverTo: 'Lieferadresse',
    vat: (rate: string, amount: string) => `enthält ${rate} % MwSt.: ${amount}`,
    outro: 'Wir melden uns, sobald Deine Bestellung unterwegs ist. Bleib dran!',
    legalIntro: 'Unten findest Du unsere Widerrufsbelehrung und das Muster-Widerrufsformular. Du kannst auch online widerrufen; der Link trägt Deine Bestellnummer schon ein.',
    withdraw: 'Vertrag widerrufen',
    terms: 'AGB',
  },
} as const;

/** "M / Black" ("M / Schwarz" in German) from whatever of size and colour a line has; sizes as stored. */
const variantLabel = (item: OrderEmailItem, lang: Lang) => [item.size, item.color && colorLabel(item.color, lang)].filter((v): v is string => !!v).join(' / ');

/** The storefront's withdrawal function with the order's number filled in (ADR 0025), and the terms; on SITE_URL. */
export function orderLegalLinks(siteUrl: string, orderNumber: string) {
  const base = siteUrl.replace(/\/+$/, '');
  return { withdraw: `${base}/withdraw?order=${encodeURIComponent(orderNumber)}`, terms: `${base}/terms` };
}

/**
 * The end of the confirmation (§ 312f (2) BGB, ADR 0025): the links to the withdrawal function and
 * the terms, then the withdrawal information and the model form of withdrawal-information.ts, the
 * words of the /withdrawal page. Plain text underlines the headings; the HTML keeps them headings
 * (h2, h3) and the form a list in a frame, as the page draws it.
 */
function withdrawalPart(lang: Lang, links: ReturnType<typeof orderLegalLinks>): { text: string[]; html: string } {
  const copy = COPY[lang];
  const info = WITHDRAWAL_INFORMATION[lang];
  const underline = (heading: string, rule: string) => [heading, rule.repeat(heading.length), ''];
  const text = [
    copy.legalIntro,
    `${copy.withdraw}: ${links.withdraw}`,
    `${copy.terms}: ${links.terms}`,
    '',
    ...underline(info.heading, '='),
    ...info.sections.flatMap((section) => [...underline(section.heading, '-'), ...section.paragraphs.flatMap((p) => [p, ''])]),
    ...underline(info.form.heading, '='),
    info.form.intro,
    '',
    ...info.form.lines.map((line) => `– ${line}`),
    '',
    info.form.note,
    '',
  ];
  const paragraphs = (list: string[]) => list.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const html = `<hr style="border:0;border-top:1px solid #ddd;margin:32px 0 16px">
<p>${escapeHtml(copy.legalIntro)}</p>
${buttonHtml(links.withdraw, copy.withdraw)}
<p><a href="${escapeHtml(links.terms)}" style="color:#b3121f">${escapeHtml(copy.terms)}</a></p>
<h2 style="font-size:18px;margin-top:24px">${escapeHtml(info.heading)}</h2>
${info.sections.map((section) => `<h3 style="font-size:16px;margin-bottom:4px">${escapeHtml(section.heading)}</h3>\n${paragraphs(section.paragraphs)}`).join('\n')}
<h2 style="font-size:18px;margin-top:24px">${escapeHtml(info.form.heading)}</h2>
<div style="border:1px solid #999;border-radius:6px;padding:0 16px">
<p>${escapeHtml(info.form.intro)}</p>
<ul style="padding-left:20px">${info.form.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${escapeHtml(info.form.note)}</p>
</div>`;
  return { text, html };
}

/**
 * The confirmation e-mail of one order, in the order's language (English unless it is 'de'),
 * ending with the withdrawal information and the model form (§ 312f (2) BGB); `siteUrl` is the
 * storefront the links point at (SITE_URL).
 */
export function renderOrderEmail(order: OrderEmailData, siteUrl: string): RenderedEmail {
  const lang = langOf(order.locale);
  const copy = COPY[lang];
  const price = moneyFormatter(lang, order.currency);
  const address = isAddress(order.shippingAddress) ? addressLines(order.shippingAddress, lang) : null;
  const created = new Date(order.createdAt);
  const placedOn = Number.isNaN(created.getTime())
    ? null
    : new Intl.DateTimeFormat(INTL_LOCALE[lang], { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Europe/Berlin' }).format(created);
  const region = order.shippingRegion ? (REGION_NAMES[lang][order.shippingRegion] ?? order.shippingRegion) : null;
  const shippingLabel = region ? `${copy.shipping} (${region})` : copy.shipping;
  const shippingAmount = order.shipping === 0 ? copy.free : price(order.shipping);
  const vat = order.vat ? copy.vat(new Intl.NumberFormat(INTL_LOCALE[lang], { maximumFractionDigits: 2 }).format(order.vat.rateBasisPoints / 100), price(order.vat.amount)) : null;
  const legal = withdrawalPart(lang, orderLegalLinks(siteUrl, order.orderNumber));

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
    ...(vat ? [vat] : []),
    '',
    ...(address ? [`${copy.deliverTo}:`, ...address, ''] : []),
    copy.outro,
    '',
    ...legal.text,
    ...textSignature(lang),
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
  const html = htmlPage(
    lang,
    `<h2 style="font-size:18px">${escapeHtml(copy.heading)}</h2>
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
${vat ? `<tr><td colspan="3" style="padding:4px 8px;text-align:right;color:#666;font-size:13px">${escapeHtml(vat)}</td></tr>` : ''}
</tfoot>
</table>
${address ? addressHtml(copy.deliverTo, address) : ''}
<p>${escapeHtml(copy.outro)}</p>
${legal.html}`,
  );

  return { to: order.email, subject: copy.subject(order.orderNumber), text, html };
}

export interface DeliveryReport {
  /** E-mails claimed (and handed to the mail endpoint): confirmations and notices together. */
  claimed: number;
  sent: number;
  /** Not accepted by the mail endpoint: released, so the next delivery tries again. */
  failed: number;
}

const SEND_TIMEOUT_MS = 10_000;
let warnedUnconfigured = false;

/** One outbox: how its e-mails are claimed, written, named in the log and put back. */
interface Outbox<T> {
  claim: string;
  /** The env gives what an e-mail's links need (SITE_URL). */
  render: (item: T, env: FunctionEnv) => RenderedEmail;
  label: (item: T) => string;
  release: (item: T) => [fn: string, args: Record<string, unknown>];
}

const CONFIRMATIONS: Outbox<OrderEmailData> = {
  claim: 'claim_order_emails',
  render: (order, env) => renderOrderEmail(order, env.SITE_URL),
  label: (order) => order.orderNumber,
  release: (order) => ['release_order_email', { order_id: order.orderId }],
};

const NOTICES: Outbox<OrderNotice> = {
  claim: 'claim_order_notices',
  render: renderNoticeEmail,
  label: (notice) => `${notice.kind} notice ${notice.orderNumber ?? notice.id}`,
  release: (notice) => ['release_order_notice', { notice_id: notice.id }],
};

/** Newsletter confirmations (ADR 0022): the claim hands over the raw tokens and a release gives them back. */
const NEWSLETTER: Outbox<NewsletterEmail> = {
  claim: 'claim_newsletter_emails',
  render: (mail, env) => renderNewsletterEmail(mail, env.SITE_URL),
  label: (mail) => `newsletter ${mail.kind} ${mail.id}`,
  release: (mail) => ['release_newsletter_email', { email_id: mail.id, confirm_token: mail.confirmToken, unsubscribe_token: mail.unsubscribeToken }],
};

/** Back-in-stock confirmations and notifications (docs/adr/0038): tokens as with the newsletter. */
const BACK_IN_STOCK: Outbox<BackInStockEmail> = {
  claim: 'claim_back_in_stock_emails',
  render: (mail, env) => renderBackInStockEmail(mail, env.SITE_URL),
  label: (mail) => `back-in-stock ${mail.kind} ${mail.id}`,
  release: (mail) => ['release_back_in_stock_email', { email_id: mail.id, confirm_token: mail.confirmToken, unsubscribe_token: mail.unsubscribeToken }],
};

/**
 * Sends the queued order e-mails: the confirmations (public.claim_order_emails), then the shipping
 * and refund notices (public.claim_order_notices), then the newsletter confirmations
 * (public.claim_newsletter_emails, ADR 0022), then the back-in-stock e-mails
 * (public.claim_back_in_stock_emails, ADR 0038). Each batch is claimed (marked sent), each e-mail
 * POSTed to MAIL_SEND_URL, and the ones the endpoint did not accept are released. Never throws:
 * its callers have already taken the payment (or shipped, or refunded) and must answer regardless.
 */
export async function deliverOrderEmails(env: FunctionEnv, maxCount = 20): Promise<DeliveryReport> {
  const report: DeliveryReport = { claimed: 0, sent: 0, failed: 0 };
  const target = env.MAIL_SEND_URL;
  if (!target) {
    if (!warnedUnconfigured) {
      warnedUnconfigured = true;
      console.warn(
        '[order-email] MAIL_SEND_URL is not set: e-mails stay queued in public.order_emails, public.order_notices, public.newsletter_emails and public.back_in_stock_emails',
      );
    }
    return report;
  }
  await deliver(env, target, CONFIRMATIONS, maxCount, report);
  await deliver(env, target, NOTICES, maxCount, report);
  await deliver(env, target, NEWSLETTER, maxCount, report);
  await deliver(env, target, BACK_IN_STOCK, maxCount, report);
  return report;
}

async function deliver<T>(env: FunctionEnv, target: string, outbox: Outbox<T>, maxCount: number, report: DeliveryReport): Promise<void> {
  let items: T[];
  try {
    items = await callRpc<T[]>(env, outbox.claim, { max_count: maxCount });
  } catch (e) {
    console.error(`[order-email] ${outbox.claim} failed:`, e);
    return;
  }
  report.claimed += items.length;
  await Promise.all(
    items.map(async (item) => {
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify(outbox.render(item, env)),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (!res.ok) throw new Error(`the mail endpoint answered HTTP ${res.status}`);
        report.sent += 1;
      } catch (e) {
        report.failed += 1;
        console.error(`[order-email] ${outbox.label(item)}: not sent, released for the next delivery:`, e instanceof Error ? e.message : e);
        const [fn, args] = outbox.release(item);
        try {
          await callRpc(env, fn, args);
        } catch (releaseError) {
          console.error(`[order-email] ${outbox.label(item)}: could not be released (it will not be retried):`, releaseError);
        }
      }
    }),
  );
}

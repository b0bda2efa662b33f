import { colorLabel } from './colour-names.ts';
import {
  addressHtml,
  addressLines,
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

/** A refunded line as public.claim_order_notices returns it (title in the e-mail's language). */
export interface NoticeRefundItem {
  title: string;
  size: string | null;
  color: string | null;
  qty: number;
  unitPrice: number;
}

export interface NoticeRefund {
  kind: 'cancel' | 'partial' | 'unfulfillable';
  amount: number;
  /** For an unfulfillable payment the reason code: sold_out | unavailable | price_changed. Else the admin's words (not sent). */
  reason: string;
  orderTotal: number | null;
  refundedTotal: number | null;
  items: NoticeRefundItem[] | null;
}

/** A withdrawal declared through the storefront's withdrawal function (§ 356a BGB, ADR 0025). */
export interface NoticeWithdrawal {
  /** When it reached us (ISO 8601, UTC). */
  receivedAt: string;
  email: string;
  name: string | null;
  /** The consumer's own words, as sent. */
  statement: string | null;
}

/** One e-mail about an order after its confirmation, as public.claim_order_notices returns it. */
export interface OrderNotice {
  id: string;
  kind: 'shipped' | 'refunded' | 'withdrawal';
  email: string;
  locale: string | null;
  /** Null for a payment that could not become an order. */
  orderNumber: string | null;
  currency: string;
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's tracking page; null when it has none (the number is given alone). */
  trackingUrl: string | null;
  shippingAddress: EmailAddress | null;
  refund: NoticeRefund | null;
  withdrawal?: NoticeWithdrawal | null;
}

/** Carriers go by their own names in every language; another carrier is not named. */
const CARRIER_NAMES: Record<string, string> = { dhl: 'DHL', dpd: 'DPD', ups: 'UPS', royal_mail: 'Royal Mail', usps: 'USPS' };

type UnfulfillableReason = 'sold_out' | 'unavailable' | 'price_changed';

const COPY = {
  en: {
    shipped: {
      subject: (order: string) => `Your order ${order} is on its way`,
      heading: 'Your order is on its way!',
      intro: (order: string) => `Good news: order ${order} has left our warehouse.`,
      carrier: 'Carrier',
      trackingNumber: 'Tracking number',
      track: 'Track your parcel',
      noLink: 'You can follow it on the carrier’s website with this number.',
      deliverTo: 'Delivery address',
      outro: 'Train hard!',
    },
    refund: {
      cancel: {
        subject: (order: string) => `Your order ${order} is cancelled and refunded`,
        heading: 'Your order is cancelled',
        intro: (order: string, amount: string) => `We have cancelled order ${order} and refunded ${amount} to your original payment method.`,
      },
      partial: {
        subject: (order: string) => `A refund for your order ${order}`,
        heading: 'We have refunded part of your order',
        intro: (order: string, amount: string) => `We have refunded ${amount} of order ${order} to your original payment method.`,
        items: 'Refunded items',
        soFar: (refunded: string, total: string) => `Refunded so far: ${refunded} of ${total}.`,
      },
      unfulfillable: {
        subject: 'Your payment has been refunded',
        heading: 'We could not complete your order',
        because: {
          sold_out: 'An item in your order sold out while you were paying, so your payment could not become an order.',
          unavailable: 'An item in your order is no longer available, so your payment could not become an order.',
          price_changed: 'The price of an item in your order changed while you were paying, so your payment could not become an order.',
        } satisfies Record<UnfulfillableReason, string>,
        otherwise: 'Your payment could not become an order.',
        refunded: (amount: string) => `We have refunded the full amount of ${amount} to your original payment method.`,
        sorry: 'We are sorry for the trouble — your cart is waiting for you whenever you want to try again.',
      },
      statement: 'Refunds show on your statement within 5–10 business days.',
    },
    withdrawal: {
      subject: (order: string) => `Confirmation of receipt: your withdrawal from order ${order}`,
      heading: 'We have received your withdrawal',
      received: (order: string, date: string, time: string) =>
        `We received your withdrawal from the contract for order ${order} on ${date} at ${time} (German time, Europe/Berlin). This e-mail confirms its receipt.`,
      sent: 'What you sent us',
      orderNumber: 'Order number',
      name: 'Name',
      email: 'E-mail',
      message: 'Your message',
      next: 'Please send the goods back to us within 14 days; we bear the cost of returning them. We refund your payments, including the standard delivery costs, within 14 days of receiving your withdrawal, to the means of payment you used, as our withdrawal information on our website sets out.',
    },
  },
  de: {
    shipped: {
      subject: (order: string) => `Deine Bestellung ${order} ist unterwegs`,
      heading: 'Deine Bestellung ist unterwegs!',
      intro: (order: string) => `Gute Nachrichten: Deine Bestellung ${order} hat unser Lager verlassen.`,
      carrier: 'Versanddienstleister',
      trackingNumber: 'Sendungsnummer',
      track: 'Sendung verfolgen',
      noLink: 'Mit dieser Nummer kannst Du Deine Sendung auf der Website des Versanddienstleisters verfolgen.',
      deliverTo: 'Lieferadresse',
      outro: 'Bleib dran!',
    },
    refund: {
      cancel: {
        subject: (order: string) => `Deine Bestellung ${order} ist storniert und erstattet`,
        heading: 'Deine Bestellung ist storniert',
        intro: (order: string, amount: string) => `Wir haben Deine Bestellung ${order} storniert und Dir ${amount} auf Dein ursprüngliches Zahlungsmittel erstattet.`,
      },
      partial: {
        subject: (order: string) => `Eine Erstattung zu Deiner Bestellung ${order}`,
        heading: 'Wir haben Dir einen Teil Deiner Bestellung erstattet',
        intro: (order: string, amount: string) => `Wir haben Dir ${amount} aus Deiner Bestellung ${order} auf Dein ursprüngliches Zahlungsmittel erstattet.`,
        items: 'Erstattete Artikel',
        soFar: (refunded: string, total: string) => `Bisher erstattet: ${refunded} von ${total}.`,
      },
      unfulfillable: {
        subject: 'Deine Zahlung wurde erstattet',
        heading: 'Wir konnten Deine Bestellung nicht abschließen',
        because: {
          sold_out: 'Ein Artikel Deiner Bestellung war ausverkauft, während Du bezahlt hast. Deshalb konnte aus Deiner Zahlung keine Bestellung werden.',
          unavailable: 'Ein Artikel Deiner Bestellung ist nicht mehr erhältlich. Deshalb konnte aus Deiner Zahlung keine Bestellung werden.',
          price_changed: 'Der Preis eines Artikels Deiner Bestellung hat sich geändert, während Du bezahlt hast. Deshalb konnte aus Deiner Zahlung keine Bestellung werden.',
        } satisfies Record<UnfulfillableReason, string>,
        otherwise: 'Aus Deiner Zahlung konnte keine Bestellung werden.',
        refunded: (amount: string) => `Wir haben Dir den vollen Betrag von ${amount} auf Dein ursprüngliches Zahlungsmittel erstattet.`,
        sorry: 'Entschuldige die Umstände – Dein Warenkorb wartet auf Dich, wann immer Du es noch einmal versuchen möchtest.',
      },
      statement: 'Erstattungen erscheinen innerhalb von 5–10 Werktagen auf Deiner Abrechnung.',
    },
    withdrawal: {
      subject: (order: string) => `Eingangsbestätigung: Dein Widerruf zur Bestellung ${order}`,
      heading: 'Dein Widerruf ist bei uns eingegangen',
      received: (order: string, date: string, time: string) =>
        `Dein Widerruf des Vertrags zu Deiner Bestellung ${order} ist am ${date} um ${time} Uhr (deutsche Zeit, Europe/Berlin) bei uns eingegangen. Mit dieser E-Mail bestätigen wir Dir den Eingang.`,
      sent: 'Das hast Du uns geschickt',
      orderNumber: 'Bestellnummer',
      name: 'Name',
      email: 'E-Mail',
      message: 'Deine Nachricht',
      next: 'Bitte schick uns die Ware innerhalb von 14 Tagen zurück; die Kosten der Rücksendung tragen wir. Wir erstatten Dir Deine Zahlungen einschließlich der Standard-Lieferkosten innerhalb von 14 Tagen ab Eingang Deines Widerrufs auf das Zahlungsmittel, mit dem Du bezahlt hast – so, wie es in der Widerrufsbelehrung auf unserer Website steht.',
    },
  },
} as const;

/** A part of an e-mail: its plain-text lines and its HTML. */
type Part = { text: string[]; html: string };

const paragraph = (text: string): Part => ({ text: [text, ''], html: `<p>${escapeHtml(text)}</p>` });

const variantLabel = (item: NoticeRefundItem, lang: Lang) => [item.size, item.color && colorLabel(item.color, lang)].filter((v): v is string => !!v).join(' / ');

function render(notice: OrderNotice, lang: Lang, subject: string, heading: string, parts: Part[]): RenderedEmail {
  const text = [heading, '', ...parts.flatMap((p) => p.text), ...textSignature(lang)].join('\n');
  const html = htmlPage(lang, [`<h2 style="font-size:18px">${escapeHtml(heading)}</h2>`, ...parts.map((p) => p.html)].join('\n'));
  return { to: notice.email, subject, text, html };
}

function shippedEmail(notice: OrderNotice, lang: Lang): RenderedEmail {
  const copy = COPY[lang].shipped;
  const order = notice.orderNumber ?? '';
  const carrier = notice.carrier ? CARRIER_NAMES[notice.carrier] : undefined;
  const number = notice.trackingNumber;
  // Only a web address is ever a link (the database writes the carrier's page; anything else is left out).
  const url = number && notice.trackingUrl && /^https:\/\//i.test(notice.trackingUrl) ? notice.trackingUrl : null;
  const parts: Part[] = [paragraph(copy.intro(order))];
  const facts = [...(carrier ? [[copy.carrier, carrier]] : []), ...(number ? [[copy.trackingNumber, number]] : [])];
  if (facts.length > 0) {
    parts.push({
      text: [...facts.map(([label, value]) => `${label}: ${value}`), ''],
      html: `<p>${facts.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join('<br>')}</p>`,
    });
  }
  if (url) {
    parts.push({
      text: [`${copy.track}: ${url}`, ''],
      html: `<p><a href="${escapeHtml(url)}" style="color:#b3121f;font-weight:bold">${escapeHtml(copy.track)}</a></p>`,
    });
  } else if (number) {
    parts.push(paragraph(copy.noLink));
  }
  if (isAddress(notice.shippingAddress)) {
    const lines = addressLines(notice.shippingAddress, lang);
    parts.push({ text: [`${copy.deliverTo}:`, ...lines, ''], html: addressHtml(copy.deliverTo, lines) });
  }
  parts.push(paragraph(copy.outro));
  return render(notice, lang, copy.subject(order), copy.heading, parts);
}

function refundedEmail(notice: OrderNotice, refund: NoticeRefund, lang: Lang): RenderedEmail {
  const copy = COPY[lang].refund;
  const price = moneyFormatter(lang, notice.currency);
  const amount = price(refund.amount);
  const order = notice.orderNumber ?? '';
  const statement = paragraph(copy.statement);
  if (refund.kind === 'unfulfillable' || !notice.orderNumber) {
    const words = copy.unfulfillable;
    const because = Object.hasOwn(words.because, refund.reason) ? words.because[refund.reason as UnfulfillableReason] : words.otherwise;
    return render(notice, lang, words.subject, words.heading, [paragraph(because), paragraph(words.refunded(amount)), statement, paragraph(words.sorry)]);
  }
  if (refund.kind === 'cancel') {
    const words = copy.cancel;
    return render(notice, lang, words.subject(order), words.heading, [paragraph(words.intro(order, amount)), statement]);
  }
  const words = copy.partial;
  const parts: Part[] = [paragraph(words.intro(order, amount))];
  const lines = (refund.items ?? []).map((item) => {
    const variant = variantLabel(item, lang);
    return `${item.qty} × ${variant ? `${item.title} — ${variant}` : item.title}: ${price(item.qty * item.unitPrice)}`;
  });
  if (lines.length > 0) {
    parts.push({
      text: [`${words.items}:`, ...lines, ''],
      html: `<p><strong>${escapeHtml(words.items)}</strong></p>\n<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    });
  }
  if (refund.refundedTotal !== null && refund.orderTotal !== null && refund.refundedTotal > 0) {
    parts.push(paragraph(words.soFar(price(refund.refundedTotal), price(refund.orderTotal))));
  }
  parts.push(statement);
  return render(notice, lang, words.subject(order), words.heading, parts);
}

/** Date and time as a German shop states them: the calendar day and clock of Europe/Berlin. */
export function berlinDateTime(iso: string, lang: Lang): { date: string; time: string } {
  const at = new Date(iso);
  const zone = { timeZone: 'Europe/Berlin' } as const;
  return {
    date: new Intl.DateTimeFormat(INTL_LOCALE[lang], { ...zone, day: 'numeric', month: 'long', year: 'numeric' }).format(at),
    time: new Intl.DateTimeFormat(INTL_LOCALE[lang], { ...zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at),
  };
}

const facts = (pairs: [string, string][]): Part => ({
  text: [...pairs.map(([label, value]) => `${label}: ${value}`), ''],
  html: `<p>${pairs.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join('<br>')}</p>`,
});

/**
 * The confirmation of receipt § 356a BGB asks for, on a durable medium: when the withdrawal reached
 * us (date and time, Berlin) and what it said; like every e-mail it ends with who the seller is
 * (textSignature / htmlPage, from supabase/functions/_shared/company.ts).
 */
function withdrawalEmail(notice: OrderNotice, withdrawal: NoticeWithdrawal, lang: Lang): RenderedEmail {
  const copy = COPY[lang].withdrawal;
  const order = notice.orderNumber ?? '';
  const { date, time } = berlinDateTime(withdrawal.receivedAt, lang);
  const sent: [string, string][] = [[copy.orderNumber, order], ...(withdrawal.name ? [[copy.name, withdrawal.name] as [string, string]] : []), [copy.email, withdrawal.email]];
  const parts: Part[] = [paragraph(copy.received(order, date, time)), { text: [`${copy.sent}:`], html: `<p><strong>${escapeHtml(copy.sent)}</strong></p>` }, facts(sent)];
  if (withdrawal.statement) {
    parts.push({
      text: [`${copy.message}:`, withdrawal.statement, ''],
      html: `<p><strong>${escapeHtml(copy.message)}:</strong></p>\n<blockquote style="white-space:pre-wrap;margin:0 0 1em 0;padding-left:12px;border-left:3px solid #ccc">${escapeHtml(withdrawal.statement)}</blockquote>`,
    });
  }
  parts.push(paragraph(copy.next));
  return render(notice, lang, copy.subject(order), copy.heading, parts);
}

/**
 * A shipping, refund or withdrawal e-mail in the order's language (English unless it is 'de'; Du-form in
 * German), plain text and HTML with every value escaped. A refund names why only where it helps
 * the customer: a payment that could not become an order says what happened; an admin's own reason
 * for a cancel or a partial refund is an internal note and is not sent.
 */
export function renderNoticeEmail(notice: OrderNotice): RenderedEmail {
  const lang = langOf(notice.locale);
  if (notice.kind === 'shipped') return shippedEmail(notice, lang);
  if (notice.kind === 'withdrawal') {
    if (!notice.withdrawal) throw new Error(`withdrawal notice ${notice.id} has no withdrawal`);
    return withdrawalEmail(notice, notice.withdrawal, lang);
  }
  if (!notice.refund) throw new Error(`refund notice ${notice.id} has no refund`);
  return refundedEmail(notice, notice.refund, lang);
}

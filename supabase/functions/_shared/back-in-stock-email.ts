import { colorLabel } from './colour-names.ts';
import { BRAND, buttonHtml, escapeHtml, htmlPage, type Lang, langOf, type RenderedEmail, textSignature } from './email-parts.ts';

/**
 * One queued back-in-stock e-mail as public.claim_back_in_stock_emails returns it (docs/adr/0038):
 * 'confirm' asks a guest to confirm the request (double opt-in), 'notify' says the variant is back.
 * The raw tokens travel only here, from the claim to the rendered links; the database keeps hashes.
 */
export interface BackInStockEmail {
  id: string;
  kind: 'confirm' | 'notify';
  email: string;
  locale: string | null;
  /** Only in a 'confirm' e-mail. */
  confirmToken: string | null;
  unsubscribeToken: string;
  slug: string;
  /** The product's title in the request's language. */
  title: string;
  size: string | null;
  color: string | null;
}

/** The links of a back-in-stock e-mail, on the storefront (SITE_URL). */
export function backInStockLinks(siteUrl: string, mail: Pick<BackInStockEmail, 'confirmToken' | 'unsubscribeToken' | 'slug'>) {
  const base = siteUrl.replace(/\/+$/, '');
  return {
    product: `${base}/shop/${encodeURIComponent(mail.slug)}`,
    confirm: mail.confirmToken ? `${base}/back-in-stock/confirm?token=${encodeURIComponent(mail.confirmToken)}` : null,
    unsubscribe: `${base}/back-in-stock/unsubscribe?token=${encodeURIComponent(mail.unsubscribeToken)}`,
  };
}

const COPY = {
  en: {
    confirmSubject: (item: string) => `Please confirm: we'll tell you when ${item} is back`,
    notifySubject: (item: string) => `It's back: ${item}`,
    greeting: 'Hi,',
    confirmIntro: (item: string) => `someone – hopefully you – asked us to send one e-mail to this address when ${item} is back in stock.`,
    action: 'Please confirm with this link:',
    confirmButton: 'Yes, tell me',
    expiry: 'The link is valid for 48 hours.',
    nothing: 'If you did not ask for this, just ignore this e-mail: nothing happens without your click.',
    notifyIntro: (item: string) => `good news: ${item} is back in stock. Stock is limited, so be quick.`,
    notifyButton: 'View the product',
    once: 'This is the only e-mail we send about this request.',
    unsubscribe: 'No more back-in-stock e-mails to this address:',
    unsubscribeLabel: 'Unsubscribe',
  },
  de: {
    confirmSubject: (item: string) => `Bitte bestätige: Wir sagen Dir Bescheid, wenn ${item} wieder da ist`,
    notifySubject: (item: string) => `Wieder da: ${item}`,
    greeting: 'Hallo,',
    confirmIntro: (item: string) => `jemand – hoffentlich Du – möchte eine E-Mail an diese Adresse bekommen, sobald ${item} wieder auf Lager ist.`,
    action: 'Bitte bestätige das mit diesem Link:',
    confirmButton: 'Ja, sag mir Bescheid',
    expiry: 'Der Link gilt 48 Stunden.',
    nothing: 'Wenn Du das nicht warst, ignoriere diese E-Mail einfach: Ohne Deinen Klick passiert nichts.',
    notifyIntro: (item: string) => `gute Nachricht: ${item} ist wieder auf Lager. Der Vorrat ist begrenzt, also sei schnell.`,
    notifyButton: 'Zum Produkt',
    once: 'Das ist die einzige E-Mail, die wir zu dieser Anfrage senden.',
    unsubscribe: 'Keine Wieder-da-E-Mails mehr an diese Adresse:',
    unsubscribeLabel: 'Abmelden',
  },
} as const;

/** "Trail Shirt (M / Black)" ("… (M / Schwarz)" in German): the product and what of size and colour the variant has. */
export function itemName(mail: Pick<BackInStockEmail, 'title' | 'size' | 'color'>, lang: Lang): string {
  const variant = [mail.size, mail.color && colorLabel(mail.color, lang)].filter((v): v is string => !!v).join(' / ');
  return variant ? `${mail.title} (${variant})` : mail.title;
}

/** The confirmation or the notification, in the request's language (English unless 'de'), each with the unsubscribe link. */
export function renderBackInStockEmail(mail: BackInStockEmail, siteUrl: string): RenderedEmail {
  const lang = langOf(mail.locale);
  const copy = COPY[lang];
  const links = backInStockLinks(siteUrl, mail);
  const item = itemName(mail, lang);
  const unsubscribeText = [copy.unsubscribe, links.unsubscribe];
  const unsubscribeHtml = `<p style="font-size:13px;color:#666">${escapeHtml(copy.unsubscribe)} <a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(copy.unsubscribeLabel)}</a></p>`;
  if (mail.kind === 'confirm' && links.confirm) {
    const text = [
      copy.greeting,
      '',
      copy.confirmIntro(item),
      '',
      copy.action,
      links.confirm,
      copy.expiry,
      '',
      copy.nothing,
      '',
      ...unsubscribeText,
      '',
      ...textSignature(lang),
    ].join('\n');
    const html = htmlPage(
      lang,
      `<p>${escapeHtml(copy.greeting)}</p>
<p>${escapeHtml(copy.confirmIntro(item))}</p>
<p>${escapeHtml(copy.action)}</p>
${buttonHtml(links.confirm, copy.confirmButton)}
<p style="word-break:break-all;font-size:13px;color:#444">${escapeHtml(links.confirm)}</p>
<p>${escapeHtml(copy.expiry)}</p>
<p>${escapeHtml(copy.nothing)}</p>
${unsubscribeHtml}`,
    );
    return { to: mail.email, subject: copy.confirmSubject(item), text, html };
  }
  const text = [copy.greeting, '', copy.notifyIntro(item), '', links.product, '', copy.once, '', ...unsubscribeText, '', ...textSignature(lang)].join('\n');
  const html = htmlPage(
    lang,
    `<p>${escapeHtml(copy.greeting)}</p>
<p>${escapeHtml(copy.notifyIntro(item))}</p>
${buttonHtml(links.product, copy.notifyButton)}
<p style="word-break:break-all;font-size:13px;color:#444">${escapeHtml(links.product)}</p>
<p>${escapeHtml(copy.once)}</p>
${unsubscribeHtml}`,
  );
  return { to: mail.email, subject: `${copy.notifySubject(item)} – ${BRAND}`, text, html };
}

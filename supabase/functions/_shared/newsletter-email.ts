import { BRAND, buttonHtml, escapeHtml, htmlPage, langOf, type RenderedEmail, textSignature } from './email-parts.ts';

/**
 * One queued newsletter e-mail as public.claim_newsletter_emails returns it (ADR 0022): the raw
 * tokens travel only here, from the claim to the rendered links; the database keeps their hashes.
 */
export interface NewsletterEmail {
  id: string;
  kind: 'confirm';
  email: string;
  locale: string | null;
  confirmToken: string;
  unsubscribeToken: string;
}

/** The two links of a newsletter e-mail, on the storefront (SITE_URL). */
export function newsletterLinks(siteUrl: string, mail: Pick<NewsletterEmail, 'confirmToken' | 'unsubscribeToken'>) {
  const base = siteUrl.replace(/\/+$/, '');
  return {
    confirm: `${base}/newsletter/confirm?token=${encodeURIComponent(mail.confirmToken)}`,
    unsubscribe: `${base}/newsletter/unsubscribe?token=${encodeURIComponent(mail.unsubscribeToken)}`,
  };
}

const COPY = {
  en: {
    subject: `Please confirm your subscription to the ${BRAND} newsletter`,
    greeting: 'Hi,',
    intro: `someone – hopefully you – asked to receive the ${BRAND} newsletter at this address: new gear, offers and training tips.`,
    action: 'Please confirm with this link:',
    button: 'Yes, subscribe me',
    expiry: 'The link is valid for 48 hours.',
    nothing: 'If you did not ask for this, just ignore this e-mail: nothing happens without your click, and you will not hear from us again.',
    unsubscribe: 'Changed your mind later? Every newsletter has this link to unsubscribe:',
    unsubscribeLabel: 'Unsubscribe',
  },
  de: {
    subject: `Bitte bestätige Deine Anmeldung zum ${BRAND}-Newsletter`,
    greeting: 'Hallo,',
    intro: `jemand – hoffentlich Du – möchte den ${BRAND}-Newsletter an diese Adresse bekommen: neue Ausrüstung, Angebote und Trainingstipps.`,
    action: 'Bitte bestätige das mit diesem Link:',
    button: 'Ja, ich möchte den Newsletter',
    expiry: 'Der Link gilt 48 Stunden.',
    nothing: 'Wenn Du das nicht warst, ignoriere diese E-Mail einfach: Ohne Deinen Klick passiert nichts, und Du hörst nicht wieder von uns.',
    unsubscribe: 'Später anders entschieden? Jeder Newsletter enthält diesen Link zum Abmelden:',
    unsubscribeLabel: 'Abmelden',
  },
} as const;

/**
 * The confirmation e-mail of the double opt-in, in English or German (Du-form): the confirm link,
 * that nothing happens without a click, and — as every newsletter e-mail must (ADR 0022) — the
 * unsubscribe link.
 */
export function renderNewsletterEmail(mail: NewsletterEmail, siteUrl: string): RenderedEmail {
  const lang = langOf(mail.locale);
  const copy = COPY[lang];
  const links = newsletterLinks(siteUrl, mail);
  const text = [
    copy.greeting,
    '',
    copy.intro,
    '',
    copy.action,
    links.confirm,
    copy.expiry,
    '',
    copy.nothing,
    '',
    copy.unsubscribe,
    links.unsubscribe,
    '',
    ...textSignature(lang),
  ].join('\n');
  const html = htmlPage(
    lang,
    `<p>${escapeHtml(copy.greeting)}</p>
<p>${escapeHtml(copy.intro)}</p>
<p>${escapeHtml(copy.action)}</p>
${buttonHtml(links.confirm, copy.button)}
<p style="word-break:break-all;font-size:13px;color:#444">${escapeHtml(links.confirm)}</p>
<p>${escapeHtml(copy.expiry)}</p>
<p>${escapeHtml(copy.nothing)}</p>
<p style="font-size:13px;color:#666">${escapeHtml(copy.unsubscribe)} <a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(copy.unsubscribeLabel)}</a></p>`,
  );
  return { to: mail.email, subject: copy.subject, text, html };
}

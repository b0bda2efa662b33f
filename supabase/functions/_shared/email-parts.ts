import { COMPANY } from './company.ts';

/** What every e-mail of the shop shares: order confirmations, notices, newsletter confirmations, the local auth mails. */

export type Lang = 'en' | 'de';

/** What the mail endpoint is sent. */
export interface RenderedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const BRAND = COMPANY.brand;

/** The storefront's formats (src/i18n/format.ts): US English and German. */
export const INTL_LOCALE: Record<Lang, string> = { en: 'en-US', de: 'de-DE' };

/** The e-mail's language: German for 'de', English for anything else. */
export const langOf = (locale: string | null | undefined): Lang => (locale === 'de' ? 'de' : 'en');

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

/** An amount in cents of `currency`, as the storefront writes it in `lang`. */
export function moneyFormatter(lang: Lang, currency: string): (cents: number) => string {
  const money = new Intl.NumberFormat(INTL_LOCALE[lang], { style: 'currency', currency });
  return (cents) => money.format(cents / 100);
}

/** A postal address as orders keep it (ADR 0021); `country` is ISO 3166-1 alpha-2. */
export interface EmailAddress {
  name: string;
  line1: string;
  line2?: string | null;
  postalCode: string;
  city: string;
  country: string;
  phone?: string | null;
}

/** The country's name in the e-mail's language ("Germany" / "Deutschland"); the code when there is none. */
export function countryName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([INTL_LOCALE[lang]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The address as a parcel label reads: name, street lines, postcode and city, country. */
export function addressLines(address: EmailAddress, lang: Lang): string[] {
  return [address.name, address.line1, address.line2 ?? '', [address.postalCode, address.city].filter(Boolean).join(' '), address.country ? countryName(address.country, lang) : '']
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Whether a stored value is an address worth printing (an older order has none). */
export const isAddress = (value: unknown): value is EmailAddress =>
  typeof value === 'object' && value !== null && typeof (value as EmailAddress).name === 'string' && typeof (value as EmailAddress).line1 === 'string';

/** A link drawn as a button, in a paragraph of its own: the one action an e-mail asks for. */
export const buttonHtml = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></p>`;

/** The address block of the HTML part: a heading and the escaped lines. */
export const addressHtml = (heading: string, lines: string[]) => `<p><strong>${escapeHtml(heading)}</strong><br>${lines.map(escapeHtml).join('<br>')}</p>`;

const COMPANY_LABELS = {
  en: { country: 'Germany', directors: 'Managing directors', register: 'Commercial register', vatId: 'VAT ID', phone: 'Phone', email: 'E-mail' },
  de: { country: 'Deutschland', directors: 'Geschäftsführung', register: 'Registereintrag', vatId: 'USt-IdNr.', phone: 'Telefon', email: 'E-Mail' },
} as const;
type CompanyLabels = Record<keyof (typeof COMPANY_LABELS)['en'], string>;
/** Both languages ("VAT ID / USt-IdNr."), for the e-mails written in both (the local auth mails). */
const BILINGUAL_LABELS = Object.fromEntries(
  Object.entries(COMPANY_LABELS.en).map(([key, en]) => [key, `${en} / ${COMPANY_LABELS.de[key as keyof CompanyLabels]}`]),
) as CompanyLabels;

/**
 * Who sends the e-mail, as a business letter of a GmbH names it (§ 35a GmbHG: legal form, seat,
 * register court and number, every managing director), with the VAT ID and how to reach the shop:
 * the data of company.ts, the same the legal notice shows.
 */
export function companyLines(lang: Lang | 'en+de'): string[] {
  const label: CompanyLabels = lang === 'en+de' ? BILINGUAL_LABELS : COMPANY_LABELS[lang];
  return [
    COMPANY.name,
    `${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.city}, ${label.country}`,
    `${label.directors}: ${COMPANY.managingDirectors.join(', ')}`,
    `${label.register}: ${COMPANY.registerCourt}, ${COMPANY.registerNumber}`,
    `${label.vatId}: ${COMPANY.vatId}`,
    `${label.phone}: ${COMPANY.phone} · ${label.email}: ${COMPANY.email}`,
  ];
}

/** How the plain text of every e-mail ends: the greeting, then the company (companyLines). */
export const textSignature = (lang: Lang | 'en+de'): string[] => [`— ${BRAND}`, '', ...companyLines(lang)];

/** The company (companyLines) at the foot of an e-mail's HTML. */
export const companyHtml = (lang: Lang | 'en+de') =>
  `<p style="margin-top:24px;padding-top:12px;border-top:1px solid #ddd;color:#666;font-size:12px">${companyLines(lang).map(escapeHtml).join('<br>')}</p>`;

/** The frame every e-mail of the shop is sent in, ending with the company (companyHtml). */
export const htmlPage = (lang: Lang, body: string) => `<!doctype html>
<html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:40rem;margin:0 auto;padding:16px">
<h1 style="font-size:20px">${escapeHtml(BRAND)}</h1>
${body}
<p style="color:#666">— ${escapeHtml(BRAND)}</p>
${companyHtml(lang)}
</body></html>`;

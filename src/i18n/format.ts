import type { Locale } from './i18n';

const intlLocale: Record<Locale, string> = { en: 'en-US', de: 'de-DE' };

/** One currency formatter per language and currency: making one costs ~50 times as much as using it (a dashboard formats hundreds). */
const priceFormats = new Map<string, Intl.NumberFormat>();

/** Prices are stored in minor units (cents); display divides by 100, per currency and locale. */
export function formatPrice(cents: number, currency: string, locale: Locale): string {
  const key = `${locale} ${currency || 'USD'}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale], { style: 'currency', currency: currency || 'USD' });
    priceFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/** A long date ("November 22, 2026" / "22. November 2026"). */
export function formatDate(iso: string | Date, locale: Locale): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return new Intl.DateTimeFormat(intlLocale[locale], { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}

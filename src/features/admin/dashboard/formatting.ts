import { useLingui } from '@lingui/react';
import { formatPrice } from '../../../i18n/format';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../i18n/i18n';

const INTL_LOCALE = { en: 'en-US', de: 'de-DE' } as const;

function formattersFor(locale: Locale) {
  const intl = INTL_LOCALE[locale];
  // A YYYY-MM-DD day of the shop's calendar (Europe/Berlin): read and written in UTC so no time zone moves it.
  const dayFormat = new Intl.DateTimeFormat(intl, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const longDayFormat = new Intl.DateTimeFormat(intl, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const number = new Intl.NumberFormat(intl);
  const percent = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return {
    locale,
    money: (cents: number, currency = 'EUR') => formatPrice(cents, currency, locale),
    day: (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`)),
    longDay: (day: string) => longDayFormat.format(new Date(`${day}T00:00:00Z`)),
    number: (n: number) => number.format(n),
    change: (pct: number) => percent.format(pct / 100),
  };
}

/** Made once per language: every panel renders with the same formatters. */
const formatters = new Map<Locale, ReturnType<typeof formattersFor>>();

/** The dashboard's formatters in the page's language: money (src/i18n/format.ts), a calendar day ("Nov 3" / "3. Nov."), a whole number, a change in %. */
export function useDashboardFormat() {
  const { i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  let f = formatters.get(locale);
  if (!f) {
    f = formattersFor(locale);
    formatters.set(locale, f);
  }
  return f;
}

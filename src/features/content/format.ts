import { useLingui } from '@lingui/react';
import { formatPrice } from '../../i18n/format';
import { isLocale, type Locale } from '../../i18n/i18n';
import { SHOP_CURRENCY } from './data';

const intlLocale: Record<Locale, string> = { en: 'en-US', de: 'de-DE' };

/** Number and € formatting in the active language, for the static pages. */
export function useContentFormat() {
  const { i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const number = new Intl.NumberFormat(intlLocale[locale]);
  // A wall-clock hour as people write it: "2 PM" / "14:00" (the zone is named by the text).
  const clock = new Intl.DateTimeFormat(intlLocale[locale], { hour: 'numeric', minute: locale === 'de' ? '2-digit' : undefined, timeZone: 'UTC' });
  return {
    locale,
    euro: (cents: number) => formatPrice(cents, SHOP_CURRENCY, locale),
    num: (n: number) => number.format(n),
    range: (min: number, max: number) => `${number.format(min)}–${number.format(max)}`,
    hour: (h: number) => clock.format(Date.UTC(2000, 0, 1, h)),
  };
}

import { useLingui } from '@lingui/react';
import { formatPrice } from '../i18n/format';
import { DEFAULT_LOCALE, isLocale } from '../i18n/i18n';

export type PriceProps = {
  /** Minor units (cents). */
  cents: number;
  /** ISO 4217 code, e.g. 'EUR'. */
  currency: string;
  className?: string;
};

/** An amount in its own currency, formatted for the active language ("€12.50" / "12,50 €"). */
export function Price({ cents, currency, className }: PriceProps) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  return <span className={className}>{formatPrice(cents, currency, locale)}</span>;
}

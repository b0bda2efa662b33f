import { useLingui } from '@lingui/react';
import { DEFAULT_LOCALE, isLocale } from '../../../i18n/i18n';

export type DateTimeProps = {
  /** An ISO timestamp. */
  iso: string;
};

const INTL_LOCALE = { en: 'en-US', de: 'de-DE' } as const;

/** A date with its time of day, short, in the page's language and the admin's time zone ("Nov 18, 2026, 2:05 PM" / "18.11.2026, 14:05"). */
export function DateTime({ iso }: DateTimeProps) {
  const { i18n } = useLingui();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const locale = INTL_LOCALE[isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE];
  return <time dateTime={iso}>{new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date)}</time>;
}

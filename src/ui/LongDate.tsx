import { useLingui } from '@lingui/react';
import { formatDate } from '../i18n/format';
import { DEFAULT_LOCALE, isLocale } from '../i18n/i18n';

export type LongDateProps = {
  /** An ISO timestamp. */
  iso: string;
  className?: string;
};

/** A date written out in the active language ("November 22, 2026" / "22. November 2026"). */
export function LongDate({ iso, className }: LongDateProps) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={iso} className={className}>
      {formatDate(date, locale)}
    </time>
  );
}

import { useLingui } from '@lingui/react/macro';
import { css, cx } from '../../../styled-system/css';
import type { Locale } from '../../i18n/i18n';

export type LanguageToggleProps = { locale: Locale; onChange: (locale: Locale) => void };

const OPTIONS: { locale: Locale; short: string; name: string }[] = [
  { locale: 'en', short: 'EN', name: 'English' },
  { locale: 'de', short: 'DE', name: 'Deutsch' },
];

/** EN | DE: two buttons, the active one pressed; each names its language in that language. */
export function LanguageToggle({ locale, onChange }: LanguageToggleProps) {
  const { t } = useLingui();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not form fields; a fieldset would add a legend
    <div role="group" aria-label={t`Language`} className={css({ display: 'flex', alignItems: 'center', gap: '1', fontSize: 'sm', fontWeight: 'bold' })}>
      {OPTIONS.map((option, i) => (
        <span key={option.locale} className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
          {i > 0 && (
            <span aria-hidden="true" className={css({ color: 'fg.muted' })}>
              |
            </span>
          )}
          <button
            type="button"
            lang={option.locale}
            aria-pressed={locale === option.locale}
            aria-label={option.name}
            onClick={() => onChange(option.locale)}
            className={cx(
              css({ px: '2', minH: '11', minW: '9', cursor: 'pointer', borderRadius: 'sm', color: 'fg.muted', _hover: { color: 'fg' } }),
              locale === option.locale && css({ color: 'accent.text', textDecoration: 'underline', textUnderlineOffset: '4px' }),
            )}
          >
            {option.short}
          </button>
        </span>
      ))}
    </div>
  );
}

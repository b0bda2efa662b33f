import { useLingui } from '@lingui/react/macro';
import { useSearch } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import type { Locale } from '../../i18n/i18n';
import { buttonLink, withLang } from '../navigation';

export type LanguageToggleProps = {
  locale: Locale;
  onChange: (locale: Locale) => void;
  /** The current page's path: each option links to it with `?lang` (what a tap does before the app runs). */
  path: string;
};

const OPTIONS: { locale: Locale; short: string; name: string }[] = [
  { locale: 'en', short: 'EN', name: 'English' },
  { locale: 'de', short: 'DE', name: 'Deutsch' },
];

/**
 * EN | DE: two toggle buttons, the active one pressed; each names its language in that language.
 * Each is a link to this page in its language, so a tap before the app runs is not lost
 * (docs/adr/0035); once the app runs, it switches the language in place.
 */
export function LanguageToggle({ locale, onChange, path }: LanguageToggleProps) {
  const { t } = useLingui();
  const search = useSearch();
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
          {/* biome-ignore lint/a11y/useSemanticElements: a link until the app runs, a toggle button after: announced by what it does once hydrated */}
          <a
            href={withLang(path, search, option.locale)}
            hrefLang={option.locale}
            role="button"
            lang={option.locale}
            aria-pressed={locale === option.locale}
            aria-label={option.name}
            {...buttonLink(() => onChange(option.locale))}
            className={cx(
              css({
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                px: '2',
                minH: '11',
                minW: '9',
                cursor: 'pointer',
                borderRadius: 'sm',
                color: 'fg.muted',
                textDecoration: 'none',
                _hover: { color: 'fg' },
              }),
              locale === option.locale && css({ color: 'accent.text', textDecoration: 'underline', textUnderlineOffset: '4px' }),
            )}
          >
            {option.short}
          </a>
        </span>
      ))}
    </div>
  );
}

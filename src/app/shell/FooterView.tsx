import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { COMPANY } from '../../config/company';
import { FOOTER_GROUPS, WITHDRAW_LINK } from '../navigation';

export type FooterViewProps = {
  /** The newsletter signup (a container, composed by the app). */
  newsletter?: ReactNode;
};

export function FooterView({ newsletter }: FooterViewProps) {
  const { t, i18n } = useLingui();
  // Computed on the server and again in the browser. They differ only around New Year's midnight
  // (and the browser's time zone): React then reports a recoverable hydration mismatch and shows
  // the browser's year.
  const year = new Date().getFullYear();
  const brand = COMPANY.brand;
  return (
    <footer className={css({ borderTopWidth: '1px', borderColor: 'border', bg: 'surface', mt: '16' })}>
      <div
        className={css({
          mx: 'auto',
          maxW: '7xl',
          px: { base: '4', md: '6' },
          py: '12',
          display: 'grid',
          gap: '10',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: '1.4fr repeat(3, 1fr)' },
        })}
      >
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className={css({ textStyle: 'heading', fontSize: 'lg' })}>
            {t`Join the grind`}
          </h2>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '2', mb: '4' })}>{t`New drops, training tips and member-only offers. No spam, just gains.`}</p>
          {newsletter}
        </section>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title.id} aria-label={i18n._(group.title)}>
            <h2 className={css({ fontWeight: 'bold', textTransform: 'uppercase', fontSize: 'sm', letterSpacing: 'wide', mb: '3' })}>{i18n._(group.title)}</h2>
            <ul className={css({ display: 'grid', gap: '1' })}>
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className={css({
                      color: 'fg.muted',
                      fontSize: 'sm',
                      textDecoration: 'none',
                      display: 'inline-block',
                      py: '1.5',
                      _hover: { color: 'fg', textDecoration: 'underline' },
                    })}
                  >
                    {i18n._(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={css({ borderTopWidth: '1px', borderColor: 'border' })}>
        <div
          className={css({
            mx: 'auto',
            maxW: '7xl',
            px: { base: '4', md: '6' },
            py: '5',
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: '4',
          })}
        >
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t`© ${year} ${brand}. All rights reserved.`}</p>
          {/* § 356a BGB: the withdrawal function, on every page and easy to find. */}
          <Link
            href={WITHDRAW_LINK.href}
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              minH: '11',
              px: '4',
              borderWidth: '2px',
              borderColor: 'fg',
              borderRadius: 'md',
              fontWeight: 'bold',
              fontSize: 'sm',
              color: 'fg',
              textDecoration: 'none',
              _hover: { bg: 'fg', color: 'bg' },
            })}
          >
            {i18n._(WITHDRAW_LINK.label)}
          </Link>
        </div>
      </div>
    </footer>
  );
}

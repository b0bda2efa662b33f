import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { SUPPORT_LINKS } from './data';

/** Links between the support pages; the current one is marked for screen readers and by style. */
export function SupportNav({ current }: { current: string }) {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Support`} className={css({ mb: { base: '6', md: '8' } })}>
      <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {SUPPORT_LINKS.map((link) => {
          const active = link.href === current;
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={active ? 'page' : undefined}
                className={css({
                  display: 'inline-block',
                  px: '3',
                  py: '1.5',
                  borderRadius: 'full',
                  borderWidth: '1px',
                  borderColor: 'border.strong',
                  fontSize: 'sm',
                  fontWeight: 'semibold',
                  color: 'fg',
                  textDecoration: 'none',
                  _hover: { borderColor: 'accent' },
                  '&[aria-current=page]': { bg: 'accent', color: 'accent.fg', borderColor: 'accent' },
                })}
              >
                {i18n._(link.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';

export function Logo() {
  const { t } = useLingui();
  return (
    <Link
      href="/"
      aria-label={t`No Pain, No Gain — home`}
      className={css({
        textStyle: 'heading',
        textDecoration: 'none',
        lineHeight: '1',
        fontSize: { base: 'md', md: 'lg' },
        whiteSpace: 'nowrap',
        '@media (max-width: 359.98px)': { fontSize: 'sm' },
      })}
    >
      No Pain<span className={css({ color: 'accent.text' })}>,</span> No Gain
    </Link>
  );
}

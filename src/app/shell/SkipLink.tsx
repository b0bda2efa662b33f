import { useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';

export function SkipLink() {
  const { t } = useLingui();
  return (
    <a
      href="#main"
      className={css({
        position: 'absolute',
        left: '2',
        top: '-20',
        zIndex: 100,
        bg: 'accent',
        color: 'accent.fg',
        fontWeight: 'bold',
        px: '4',
        py: '2',
        borderRadius: 'md',
        _focus: { top: '2' },
      })}
    >
      {t`Skip to content`}
    </a>
  );
}

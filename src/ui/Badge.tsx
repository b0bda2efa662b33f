import type { ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';

export type BadgeTone = 'warning' | 'info' | 'success' | 'danger' | 'neutral';

export type BadgeProps = {
  tone: BadgeTone;
  children: ReactNode;
};

const base = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '2.5',
  py: '0.5',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'bold',
  letterSpacing: 'wide',
  whiteSpace: 'nowrap',
});

/** Dark text on the tone's light colour (≥ 4.5:1 for each, docs/adr/0009-design-tokens.md). */
const TONES: Record<BadgeTone, string> = {
  warning: css({ bg: 'warning', color: 'warning.fg' }),
  info: css({ bg: 'info', color: 'info.fg' }),
  success: css({ bg: 'success', color: 'success.fg' }),
  danger: css({ bg: 'danger', color: 'danger.fg' }),
  neutral: css({ bg: 'surface.raised', color: 'fg', borderWidth: '1px', borderColor: 'border.strong' }),
};

/** A short label in a coloured pill (an order's status). */
export function Badge({ tone, children }: BadgeProps) {
  return <span className={cx(base, TONES[tone])}>{children}</span>;
}

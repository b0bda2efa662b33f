import type { ReactNode } from 'react';
import { cva } from '../../styled-system/css';

export type BadgeTone = 'warning' | 'info' | 'success' | 'danger' | 'neutral';

export type BadgeProps = {
  tone: BadgeTone;
  children: ReactNode;
};

/** Dark text on the tone's light colour (≥ 4.5:1 for each, docs/adr/0009-design-tokens.md). */
const badge = cva({
  base: { display: 'inline-flex', alignItems: 'center', px: '2.5', py: '0.5', borderRadius: 'full', fontSize: 'xs', fontWeight: 'bold', letterSpacing: 'wide', whiteSpace: 'nowrap' },
  variants: {
    tone: {
      warning: { bg: 'warning', color: 'warning.fg' },
      info: { bg: 'info', color: 'info.fg' },
      success: { bg: 'success', color: 'success.fg' },
      danger: { bg: 'danger', color: 'danger.fg' },
      neutral: { bg: 'surface.raised', color: 'fg', borderWidth: '1px', borderColor: 'border.strong' },
    },
  },
});

/** A short label in a coloured pill (an order's status). */
export function Badge({ tone, children }: BadgeProps) {
  return <span className={badge({ tone })}>{children}</span>;
}

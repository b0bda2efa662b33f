import type { HTMLAttributes } from 'react';
import { css, cx } from '../../styled-system/css';

export const card = css({ bg: 'surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg', p: { base: '5', md: '6' } });

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(card, className)} {...rest} />;
}

import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { css } from '../../styled-system/css';
import { RATING_MAX } from '../../domain/reviews';

export type RatingProps = {
  /** 0–5; halves are drawn as half stars (SPEC §9). */
  value: number;
  size?: 'sm' | 'md';
};

/** Fill of one star: 1, 0.5 or 0, rounding the average to the nearest half. */
export function starFill(value: number, index: number): 0 | 0.5 | 1 {
  const halves = Math.round(Math.min(Math.max(value, 0), RATING_MAX) * 2);
  const left = halves - index * 2;
  return left >= 2 ? 1 : left === 1 ? 0.5 : 0;
}

const STAR = 'M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7-6.2-3.8-6.2 3.8 1.6-7L2 9.5l7.1-.6z';

/** Five stars with a text alternative ("4.5 out of 5 stars"). */
export function Rating({ value, size = 'md' }: RatingProps) {
  const { t, i18n } = useLingui();
  const shown = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(Math.round(value * 2) / 2);
  const uid = useId();
  const px = size === 'sm' ? 16 : 20;
  return (
    <span role="img" aria-label={t`${shown} out of 5 stars`} className={css({ display: 'inline-flex', gap: '0.5', color: 'warning' })}>
      {Array.from({ length: RATING_MAX }, (_, i) => {
        const fill = starFill(value, i);
        const clip = `${uid}-star-${i}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are fixed positions
          <svg key={i} width={px} height={px} viewBox="0 0 24 24" aria-hidden="true" data-fill={fill}>
            <defs>
              <clipPath id={clip}>
                <rect x="0" y="0" width={24 * fill} height="24" />
              </clipPath>
            </defs>
            <path d={STAR} fill="none" stroke="currentColor" strokeWidth="1.5" />
            {fill > 0 && <path d={STAR} fill="currentColor" clipPath={`url(#${clip})`} />}
          </svg>
        );
      })}
    </span>
  );
}

import { Trans } from '@lingui/react/macro';
import { css, cx } from '../../styled-system/css';
import { Price } from './Price';

export type LowestPriceProps = {
  /** The lowest price of the 30 days before the reduction (cents); nothing is shown without one. */
  cents: number | null;
  /** The product's currency, as its price is shown in. */
  currency: string;
  className?: string;
};

const line = css({ color: 'fg.muted', fontSize: 'xs', fontWeight: 'normal' });

/** § 11 PAngV: beside a reduced price, the lowest price of the 30 days before the reduction (docs/adr/0027). */
export function LowestPrice({ cents, currency, className }: LowestPriceProps) {
  if (cents === null) return null;
  return (
    <p className={cx(line, className)}>
      <Trans>
        Lowest price in the last 30 days: <Price cents={cents} currency={currency} />
      </Trans>
    </p>
  );
}

import { useLingui } from '@lingui/react/macro';
import { css, cx } from '../../../styled-system/css';
import type { VatContained } from '../../../domain/vat';
import { Price } from '../../ui/Price';
import { VatLine } from '../../ui/VatLine';

export type OrderTotalsProps = {
  /** Cents of `currency`. */
  subtotal: number;
  shipping: number;
  total: number;
  currency: string;
  /** Cents paid back so far; shown when there are any. */
  refunded?: number;
  /** The VAT the total contains; none is stated for an export or an unknown destination. */
  vat?: VatContained | null;
};

const row = css({ display: 'flex', justifyContent: 'space-between', gap: '4', py: '1.5' });

/** Subtotal, shipping ("Free" when nothing was charged), the total an order was charged, and what was refunded of it. */
export function OrderTotals({ subtotal, shipping, total, currency, refunded = 0, vat = null }: OrderTotalsProps) {
  const { t } = useLingui();
  return (
    <div className={css({ maxW: { md: 'sm' }, ml: { md: 'auto' } })}>
      <dl>
        <div className={row}>
          <dt>{t`Subtotal`}</dt>
          <dd>
            <Price cents={subtotal} currency={currency} />
          </dd>
        </div>
        <div className={row}>
          <dt>{t`Shipping`}</dt>
          <dd>{shipping === 0 ? t`Free` : <Price cents={shipping} currency={currency} />}</dd>
        </div>
        <div className={cx(row, css({ borderTopWidth: '1px', borderColor: 'border', mt: '2', pt: '3', fontWeight: 'bold', fontSize: 'lg' }))}>
          <dt>{t`Total`}</dt>
          <dd>
            <Price cents={total} currency={currency} />
          </dd>
        </div>
        {refunded > 0 && (
          <div className={row}>
            <dt>{t`Refunded`}</dt>
            <dd>
              −<Price cents={refunded} currency={currency} />
            </dd>
          </div>
        )}
      </dl>
      {vat && <VatLine vat={{ kind: 'contained', ...vat }} currency={currency} className={css({ textAlign: 'right', fontSize: 'sm', color: 'fg.muted' })} />}
    </div>
  );
}

import { useLingui } from '@lingui/react/macro';
import type { ShippingQuote } from '../../../domain/shipping';
import { css, cx } from '../../../styled-system/css';
import { Price } from '../../ui/Price';
import { PriceNotice } from '../../ui/PriceNotice';
import { VatLine } from '../../ui/VatLine';

export type CheckoutTotalsProps = {
  /** Cents, in `currency`. */
  subtotal: number;
  currency: string;
  /** Shipping and total for the region; null while the rates are unknown ("Calculated at checkout"). */
  quote: ShippingQuote | null;
  className?: string;
};

const summaryRow = css({ display: 'flex', justifyContent: 'space-between', gap: '4', py: '2' });

/** Subtotal, shipping, the total and the VAT it contains (PAngV, ADR 0023): the cart's summary and the review step's. */
export function CheckoutTotals({ subtotal, currency, quote, className }: CheckoutTotalsProps) {
  const { t } = useLingui();
  return (
    <>
      <dl className={className}>
        <div className={summaryRow}>
          <dt>{t`Subtotal`}</dt>
          <dd>
            <Price cents={subtotal} currency={currency} />
          </dd>
        </div>
        <div className={summaryRow}>
          <dt>{t`Shipping`}</dt>
          {quote === null ? (
            <dd className={css({ color: 'fg.muted', textAlign: 'right' })}>{t`Calculated at checkout`}</dd>
          ) : (
            <dd>{quote.shipping === 0 ? t`Free` : <Price cents={quote.shipping} currency={currency} />}</dd>
          )}
        </div>
        <div className={cx(summaryRow, css({ borderTopWidth: '1px', borderColor: 'border', mt: '2', pt: '3', fontWeight: 'bold', fontSize: 'lg' }))}>
          <dt>{t`Total`}</dt>
          <dd>
            <Price cents={quote?.total ?? subtotal} currency={currency} />
          </dd>
        </div>
      </dl>
      <div className={css({ textAlign: 'right', fontSize: 'sm', color: 'fg.muted' })}>
        {quote?.vat && <VatLine vat={quote.vat} currency={currency} />}
        <PriceNotice />
      </div>
    </>
  );
}

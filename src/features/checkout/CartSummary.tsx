import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId } from 'react';
import { Link } from 'wouter';
import { PAYMENT_METHODS } from '../../config/shop';
import type { CheckoutFailure } from '../../../domain/checkout';
import { isShippingRegion, SHIPPING_REGIONS, type ShippingQuote, type ShippingRegion } from '../../../domain/shipping';
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/Button';
import { card } from '../../ui/Card';
import { Price } from '../../ui/Price';
import { shippingRegionLabel } from '../../ui/shippingRegionLabels';
import { CheckoutFailureMessage } from './CheckoutFailureMessage';
import { CheckoutTotals } from './CheckoutTotals';

export type CartSummaryProps = {
  /** Cents, in `currency`. */
  subtotal: number;
  currency: string;
  /** Where the order ships to ("Ship to"). */
  region: ShippingRegion;
  /** Shipping and total for `region`; null while the rates are unknown ("Calculated at checkout"). */
  quote: ShippingQuote | null;
  /** A checkout session is being created or the browser is leaving for it: "Redirecting...". */
  busy: boolean;
  /** Why the last checkout did not start (shown under the button). */
  failure: CheckoutFailure | null;
  onRegionChange: (region: ShippingRegion) => void;
  /** Opens the review step (docs/adr/0024); the order is placed there. */
  onCheckout: () => void;
  /** Back from the review step: the focus returns to the Checkout button. */
  focusCheckout?: boolean;
};

/** SPEC §2 Cart page order summary: ship-to region, subtotal, shipping, total and the checkout button. */
export function CartSummary({ subtotal, currency, region, quote, busy, failure, onRegionChange, onCheckout, focusCheckout = false }: CartSummaryProps) {
  const { t, i18n } = useLingui();
  const regionId = useId();
  const paymentMethods = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(PAYMENT_METHODS);
  const checkoutId = useId();
  // Only when the summary appears again after the review, not on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    if (focusCheckout) document.getElementById(checkoutId)?.focus();
  }, []);
  return (
    <section aria-labelledby="order-summary-heading" className={card}>
      <h2 id="order-summary-heading" className={css({ textStyle: 'heading', fontSize: 'xl', mb: '3' })}>
        {t`Order summary`}
      </h2>
      <div className={css({ display: 'grid', gap: '1.5', mb: '3' })}>
        <label htmlFor={regionId} className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
          {t`Ship to`}
        </label>
        <select
          id={regionId}
          value={region}
          disabled={busy}
          onChange={(e) => isShippingRegion(e.target.value) && onRegionChange(e.target.value)}
          className={css({
            w: 'full',
            minH: '11',
            px: '3',
            bg: 'surface.raised',
            color: 'fg',
            borderWidth: '1px',
            borderColor: 'border.strong',
            borderRadius: 'md',
            cursor: 'pointer',
            _disabled: { opacity: 0.6, cursor: 'not-allowed' },
          })}
        >
          {SHIPPING_REGIONS.map((code) => (
            <option key={code} value={code}>
              {shippingRegionLabel(i18n, code)}
            </option>
          ))}
        </select>
      </div>
      <CheckoutTotals subtotal={subtotal} currency={currency} quote={quote} />
      {quote && (
        <p data-testid="free-shipping" className={css({ mt: '2', fontSize: 'sm', color: 'fg.muted' })}>
          {quote.missingForFree > 0 ? (
            <Trans>
              Add <Price cents={quote.missingForFree} currency={currency} /> more for free shipping
            </Trans>
          ) : (
            <Trans>
              Free shipping from <Price cents={quote.freeFrom} currency={currency} />
            </Trans>
          )}
        </p>
      )}
      <Button id={checkoutId} size="lg" disabled={busy} aria-busy={busy} onClick={onCheckout} className={css({ w: 'full', mt: '5' })}>
        {busy ? t`Redirecting...` : t`Checkout`}
      </Button>
      <div role="alert" className={css({ mt: '3', color: 'danger', _empty: { mt: '0' } })}>
        {failure && <CheckoutFailureMessage failure={failure} />}
      </div>
      <ul className={css({ mt: '5', display: 'grid', gap: '2', fontSize: 'sm', color: 'fg.muted', listStyle: 'none' })}>
        <li>
          <span aria-hidden="true">✓</span> {t`30-day return policy`}
        </li>
        <li>
          <span aria-hidden="true">✓</span> {t`Secure checkout with SSL encryption`}
        </li>
      </ul>
      <p className={css({ mt: '4', fontSize: 'sm', color: 'fg.muted' })}>
        <Trans>
          We deliver only to the countries of the regions under "Ship to" (
          <Link href="/support/shipping" className={css({ textDecoration: 'underline' })}>
            Shipping info
          </Link>
          ). You can pay with {paymentMethods}.
        </Trans>
      </p>
    </section>
  );
}

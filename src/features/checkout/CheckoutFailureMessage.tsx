import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { CheckoutFailure } from '../../../domain/checkout';
import { css } from '../../../styled-system/css';

export type CheckoutFailureMessageProps = {
  failure: CheckoutFailure;
};

/** SPEC §8's checkout failures, and which line of the cart the shop refused and why. */
export function CheckoutFailureMessage({ failure }: CheckoutFailureMessageProps) {
  const { t } = useLingui();
  switch (failure.kind) {
    case 'failed':
      return (
        <>
          <p>{t`Failed to create checkout session`}</p>
          {/* The function's own words, in English whatever the page's language: marked so for screen readers. */}
          {failure.message && (
            <p lang="en" className={css({ mt: '1', fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>
              {failure.message}
            </p>
          )}
        </>
      );
    case 'noUrl':
      return <p>{t`No checkout URL received`}</p>;
    case 'network':
      return <p>{t`We couldn't reach the checkout. Check your connection and try again — your cart is unchanged.`}</p>;
    case 'unknown':
      return <p>{t`Something went wrong`}</p>;
    case 'stock': {
      const title = failure.title || t`An item`;
      const available = failure.available;
      if (failure.code === 'insufficient_stock') {
        return (
          <p>
            <Plural value={available} one={`Only # left of ${title}. Lower the quantity to check out.`} other={`Only # left of ${title}. Lower the quantity to check out.`} />
          </p>
        );
      }
      if (failure.code === 'sold_out') {
        return (
          <p>
            <Trans>{title} is sold out. Remove it from your cart to check out.</Trans>
          </p>
        );
      }
      return (
        <p>
          <Trans>{title} is no longer available. Remove it from your cart to check out.</Trans>
        </p>
      );
    }
  }
}

import { useLingui } from '@lingui/react/macro';
import { css, cx } from '../../../styled-system/css';
import type { CartItem } from '../../../machines/cartMachine';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Price } from '../../ui/Price';
import { CartLineItem } from './CartLineItem';

export type CartPageViewProps = {
  items: CartItem[];
  /** Cents, in `currency`. */
  subtotal: number;
  currency: string;
  onSetQty: (id: string, qty: number) => void;
  onRemove: (id: string) => void;
};

const summaryRow = css({ display: 'flex', justifyContent: 'space-between', gap: '4', py: '2' });

/**
 * SPEC §2 Cart page: the lines, the order summary and the checkout button. Checkout arrives with
 * its own issue; until then the button is shown disabled with a note saying so.
 */
export function CartPageView({ items, subtotal, currency, onSetQty, onRemove }: CartPageViewProps) {
  const { t } = useLingui();
  if (items.length === 0) {
    return (
      <Page title={t`Shopping Cart`}>
        <div className={cx(card, css({ display: 'grid', gap: '5', justifyItems: 'center', textAlign: 'center', py: '12' }))}>
          <p className={css({ fontSize: 'xl', fontWeight: 'bold' })}>{t`Your cart is empty`}</p>
          <ButtonLink href="/shop">{t`Continue Shopping`}</ButtonLink>
        </div>
      </Page>
    );
  }
  return (
    <Page title={t`Shopping Cart`}>
      <div className={css({ display: 'grid', gap: { base: '8', lg: '10' }, gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, alignItems: 'start' })}>
        <div>
          <ul aria-label={t`Items in your cart`} className={css({ listStyle: 'none', borderTopWidth: '1px', borderColor: 'border' })}>
            {items.map((item) => (
              <CartLineItem key={item.id} item={item} onSetQty={onSetQty} onRemove={onRemove} />
            ))}
          </ul>
          <ButtonLink href="/shop" variant="ghost" className={css({ mt: '4' })}>
            {t`Continue Shopping`}
          </ButtonLink>
        </div>
        <section aria-labelledby="order-summary-heading" className={card}>
          <h2 id="order-summary-heading" className={css({ textStyle: 'heading', fontSize: 'xl', mb: '3' })}>
            {t`Order summary`}
          </h2>
          <dl>
            <div className={summaryRow}>
              <dt>{t`Subtotal`}</dt>
              <dd>
                <Price cents={subtotal} currency={currency} />
              </dd>
            </div>
            <div className={summaryRow}>
              <dt>{t`Shipping`}</dt>
              <dd className={css({ color: 'fg.muted', textAlign: 'right' })}>{t`Calculated at checkout`}</dd>
            </div>
            <div className={cx(summaryRow, css({ borderTopWidth: '1px', borderColor: 'border', mt: '2', pt: '3', fontWeight: 'bold', fontSize: 'lg' }))}>
              <dt>{t`Total`}</dt>
              <dd>
                <Price cents={subtotal} currency={currency} />
              </dd>
            </div>
          </dl>
          <Button size="lg" disabled className={css({ w: 'full', mt: '5' })}>
            {t`Checkout`}
          </Button>
          <p className={css({ mt: '2', fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })}>{t`Checkout is not available yet.`}</p>
          <ul className={css({ mt: '5', display: 'grid', gap: '2', fontSize: 'sm', color: 'fg.muted', listStyle: 'none' })}>
            <li>
              <span aria-hidden="true">✓</span> {t`30-day return policy`}
            </li>
            <li>
              <span aria-hidden="true">✓</span> {t`Secure checkout with SSL encryption`}
            </li>
          </ul>
        </section>
      </div>
    </Page>
  );
}

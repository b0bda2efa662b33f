import { useLingui } from '@lingui/react/macro';
import { css, cx } from '../../../styled-system/css';
import type { CartItem } from '../../../machines/cartMachine';
import { ButtonLink } from '../../ui/ButtonLink';
import { card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { CartLineItem } from '../../ui/CartLineItem';
import { CartSummary, type CartSummaryProps } from './CartSummary';

export type CartPageViewProps = CartSummaryProps & {
  items: CartItem[];
  onSetQty: (id: string, qty: number) => void;
  onRemove: (id: string) => void;
};

/** SPEC §2 Cart page: the lines, and the order summary with the ship-to region and the checkout button. */
export function CartPageView({ items, onSetQty, onRemove, ...summary }: CartPageViewProps) {
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
        <CartSummary {...summary} />
      </div>
    </Page>
  );
}

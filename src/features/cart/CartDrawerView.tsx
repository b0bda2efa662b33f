import { useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import type { CartItem } from '../../../machines/cartMachine';
import { Button } from '../../ui/Button';
import { ButtonLink } from '../../ui/ButtonLink';
import { Drawer } from '../../ui/Drawer';
import { Price } from '../../ui/Price';
import { PriceNotice } from '../../ui/PriceNotice';
import { CartLineItem } from '../../ui/CartLineItem';

export type CartDrawerViewProps = {
  open: boolean;
  items: CartItem[];
  /** Cents, in `currency`. */
  subtotal: number;
  currency: string;
  onOpenChange: (open: boolean) => void;
  onSetQty: (id: string, qty: number) => void;
  onRemove: (id: string) => void;
  /** 'View Cart' was followed (it is a link to /cart): close the drawer. */
  onViewCart: () => void;
  onContinueShopping: () => void;
};

/** SPEC §2 Cart drawer: the lines, the total, View Cart and Continue Shopping. */
export function CartDrawerView(props: CartDrawerViewProps) {
  const { open, items, subtotal, currency, onOpenChange, onSetQty, onRemove, onViewCart, onContinueShopping } = props;
  const { t } = useLingui();
  const empty = items.length === 0;
  const footer = empty ? undefined : (
    <div className={css({ display: 'grid', gap: '3' })}>
      <p className={css({ display: 'flex', justifyContent: 'space-between', fontWeight: 'bold', fontSize: 'lg' })}>
        <span>{t`Total`}</span>
        <Price cents={subtotal} currency={currency} />
      </p>
      <PriceNotice className={css({ mt: '-2', textAlign: 'right' })} />
      <ButtonLink href="/cart" onClick={onViewCart}>
        {t`View Cart`}
      </ButtonLink>
      <Button variant="outline" onClick={onContinueShopping}>
        {t`Continue Shopping`}
      </Button>
    </div>
  );
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title={t`Shopping Cart`} closeLabel={t`Close cart`} footer={footer}>
      {empty ? (
        <div className={css({ display: 'grid', gap: '5', justifyItems: 'center', textAlign: 'center', py: '12' })}>
          <p className={css({ color: 'fg.muted', fontSize: 'lg' })}>{t`Your cart is empty`}</p>
          <Button variant="outline" onClick={onContinueShopping}>
            {t`Continue Shopping`}
          </Button>
        </div>
      ) : (
        <ul aria-label={t`Items in your cart`} className={css({ listStyle: 'none' })}>
          {items.map((item) => (
            <CartLineItem key={item.id} item={item} onSetQty={onSetQty} onRemove={onRemove} compact />
          ))}
        </ul>
      )}
    </Drawer>
  );
}

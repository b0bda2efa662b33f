import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { selectCurrency, selectDrawerOpen, selectItems, selectSubtotal } from '../../../machines/cartMachine';
import { useServices } from '../../services/context';
import { CartDrawerView } from './CartDrawerView';

/** The app-wide cart drawer, mounted once by the shell. */
export default function CartDrawerContainer() {
  const { cart } = useServices();
  const [path, navigate] = useLocation();
  const close = () => cart.send({ type: 'drawer.close' });
  return (
    <CartDrawerView
      open={useSelector(cart, selectDrawerOpen)}
      items={useSelector(cart, selectItems)}
      subtotal={useSelector(cart, selectSubtotal)}
      currency={useSelector(cart, selectCurrency)}
      onOpenChange={(open) => cart.send({ type: open ? 'drawer.open' : 'drawer.close' })}
      onSetQty={(id, qty) => cart.send({ type: 'cart.setQty', id, qty })}
      onRemove={(id) => cart.send({ type: 'cart.remove', id })}
      onViewCart={close}
      onContinueShopping={() => {
        close();
        // On the cart page "continuing" means going back to the products.
        if (path === '/cart') navigate('/shop');
      }}
    />
  );
}

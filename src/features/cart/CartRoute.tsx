import { useSelector } from '@xstate/react';
import { selectCurrency, selectItems, selectSubtotal } from '../../../machines/cartMachine';
import { useServices } from '../../services/context';
import { CartPageView } from './CartPageView';

/** /cart: the app's cart (SPEC §2 Cart page). */
export default function CartRoute() {
  const { cart } = useServices();
  return (
    <CartPageView
      items={useSelector(cart, selectItems)}
      subtotal={useSelector(cart, selectSubtotal)}
      currency={useSelector(cart, selectCurrency)}
      onSetQty={(id, qty) => cart.send({ type: 'cart.setQty', id, qty })}
      onRemove={(id) => cart.send({ type: 'cart.remove', id })}
    />
  );
}

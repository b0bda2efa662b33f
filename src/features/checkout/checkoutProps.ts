import type { CartItem } from '../../../machines/cartMachine';
import {
  type CheckoutEvent,
  type CheckoutSnapshot,
  selectAddress,
  selectAddressErrors,
  selectAddressLoading,
  selectCheckoutBusy,
  selectFailure,
  selectQuote,
  selectRegion,
  selectReviewing,
} from '../../../machines/checkoutMachine';
import type { CheckoutBuyer, ShopLocale } from '../../../domain/checkout';
import type { CartPageViewProps } from './CartPageView';
import type { ReviewViewProps } from './ReviewView';

/** The cart as the checkout sees it, and what "Checkout" sends besides its lines. */
export type CheckoutCart = {
  items: CartItem[];
  subtotal: number;
  currency: string;
  buyer: CheckoutBuyer;
  origin: string;
  locale: ShopLocale;
  onSetQty: (id: string, qty: number) => void;
  onRemove: (id: string) => void;
};

export type CheckoutScreen = { view: 'review'; props: ReviewViewProps } | { view: 'cart'; props: CartPageViewProps };

/**
 * The screen of a checkout snapshot: the review step while it is open (and the cart has lines),
 * else the cart (shared by the container and the generated stories). `backFromReview` gives the
 * focus back to Checkout.
 */
export function checkoutScreen(snapshot: CheckoutSnapshot, send: (event: CheckoutEvent) => void, cart: CheckoutCart, backFromReview = false): CheckoutScreen {
  const { items, subtotal, currency } = cart;
  const reviewing = selectReviewing(snapshot);
  const quote = selectQuote(snapshot, subtotal);
  const busy = selectCheckoutBusy(snapshot);
  const failure = selectFailure(snapshot);
  const region = selectRegion(snapshot);
  if (reviewing && items.length > 0) {
    return {
      view: 'review',
      props: {
        items,
        subtotal,
        currency,
        region,
        quote,
        address: selectAddress(snapshot),
        addressErrors: selectAddressErrors(snapshot),
        addressLoading: selectAddressLoading(snapshot),
        busy,
        failure,
        onAddressChange: (field, value) => send({ type: 'address.change', field, value }),
        onBack: () => send({ type: 'review.back' }),
        onPlaceOrder: () => send({ type: 'order.place' }),
      },
    };
  }
  return {
    view: 'cart',
    props: {
      items,
      subtotal,
      currency,
      region,
      quote,
      busy,
      failure: reviewing ? null : failure,
      focusCheckout: backFromReview,
      onSetQty: cart.onSetQty,
      onRemove: cart.onRemove,
      onRegionChange: (next) => send({ type: 'region.change', region: next }),
      onCheckout: () =>
        send({
          type: 'checkout.submit',
          lines: items.map(({ variantId, qty, title }) => ({ variantId, qty, title })),
          buyer: cart.buyer,
          origin: cart.origin,
          locale: cart.locale,
        }),
    },
  };
}

import type { CartItem } from '../../machines/cartMachine';
import { checkoutMachine } from '../../machines/checkoutMachine';
import type { ShippingAddress } from '../../domain/address';
import type { CheckoutBuyer } from '../../domain/checkout';
import { ApiError } from '../../src/api/errors';
import { type CheckoutCart, checkoutScreen } from '../../src/features/checkout/checkoutProps';
import { shorts, teeL } from '../fixtures/cart';
import { SHIPPING_RATES } from '../fixtures/orders';
import { defineFlow } from './flow';

const ITEMS: CartItem[] = [teeL, shorts];
const GUEST: CheckoutBuyer = { userId: null, email: null };
const CUSTOMER: CheckoutBuyer = { userId: 'user-1', email: 'alex@nopain-nogain.test' };
const ORIGIN = 'https://shop.example';
const LAST: ShippingAddress = { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE', phone: '+49 221 123456' };
const offline = new ApiError('network', 'Failed to fetch');

const cart = (buyer: CheckoutBuyer): CheckoutCart => ({
  items: ITEMS,
  subtotal: ITEMS.reduce((sum, item) => sum + item.price * item.qty, 0),
  currency: 'EUR',
  buyer,
  origin: ORIGIN,
  locale: 'en',
  onSetQty: () => {},
  onRemove: () => {},
});
const submit = (buyer: CheckoutBuyer) => ({
  type: 'checkout.submit' as const,
  lines: ITEMS.map(({ variantId, qty, title }) => ({ variantId, qty, title })),
  buyer,
  origin: ORIGIN,
  locale: 'en' as const,
});

/** /cart: the cart, its review step and the order button that leaves for the payment page. */
export const checkoutFlow = defineFlow({
  name: 'Checkout',
  source: 'machines/checkoutMachine.ts',
  machine: checkoutMachine,
  inputs: { germany: { region: 'DE' } },
  events: [
    { type: 'region.change', region: 'EU' },
    { type: 'region.change', region: 'DE' },
    submit(GUEST),
    submit(CUSTOMER),
    { type: 'address.change', field: 'postalCode', value: '51147' },
    { type: 'order.place' },
    { type: 'review.back' },
    { type: 'checkout.returned' },
    { type: 'xstate.done.actor.fetchRates', output: SHIPPING_RATES },
    { type: 'xstate.error.actor.fetchRates', error: offline },
    { type: 'xstate.done.actor.fetchLastAddress', output: LAST },
    { type: 'xstate.error.actor.fetchLastAddress', error: offline },
    { type: 'xstate.done.actor.createSession', output: { url: 'https://checkout.stripe.example/c/pay/cs_test_1', sessionId: 'cs_test_1' } },
    { type: 'xstate.done.actor.createSession', output: { url: null, sessionId: null } },
    { type: 'xstate.error.actor.createSession', error: offline },
  ],
  path: '/cart',
  // The cart's buyer is the one the review was opened for (a signed-in customer's review fills in their address).
  props: (snapshot, send) => checkoutScreen(snapshot, send, cart(snapshot.context.buyer)),
  control: (event) => {
    switch (event.type) {
      case 'region.change':
        return { label: 'Ship to' };
      case 'checkout.submit':
        return { role: 'button', name: 'Checkout' };
      case 'address.change':
        return { label: /^Postcode/ };
      case 'order.place':
        return { role: 'button', name: 'Place order and pay' };
      case 'review.back':
        return { role: 'button', name: 'Back to cart' };
      default:
        return null;
    }
  },
});

import { useAuthSelector } from '../../services/useAuthSelector';
import { useLingui } from '@lingui/react/macro';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { selectUser } from '../../../machines/authMachine';
import { selectCurrency, selectItems, selectSubtotal } from '../../../machines/cartMachine';
import { regionForCountry } from '../../../domain/shipping';
import { checkoutMachine, selectReviewing } from '../../../machines/checkoutMachine';
import { createCheckoutSession, fetchLastShippingAddress, fetchShippingRates } from '../../api/checkout';
import { useServices } from '../../services/context';
import { useHydrated } from '../../ui/useHydrated';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { CartPageView } from './CartPageView';
import { checkoutScreen } from './checkoutProps';
import { leaveForCheckout } from './leaveForCheckout';
import { ReviewView } from './ReviewView';
import { readStoredRegion, watchCart, watchLocation, watchReturn } from './checkoutWatchers';
import { writeShippingRegion } from './shippingRegionChoice';

/**
 * /cart. The cart lives in the browser: a server-rendered page shows the heading and a spinner where
 * the lines will be, never an empty cart that fills a moment later.
 */
export default function CartRoute() {
  const hydrated = useHydrated();
  const { t } = useLingui();
  if (!hydrated) {
    return (
      <Page title={t`Shopping Cart`}>
        <Spinner label={t`Loading...`} />
      </Page>
    );
  }
  return <CartInCurrency />;
}

/**
 * Shipping is priced in the cart's currency (ADR 0021): a cart that changes currency (emptied,
 * then filled with another currency's products) starts its checkout afresh with that currency's rates.
 */
function CartInCurrency() {
  const { cart } = useServices();
  const currency = useSelector(cart, selectCurrency);
  return <CartPage key={currency} currency={currency} />;
}

/** The app's cart, its review step and the checkout that leaves for the hosted payment page (SPEC §2, §4; docs/adr/0024). */
function CartPage({ currency }: { currency: string }) {
  const { cart, locale } = useServices();
  const items = useSelector(cart, selectItems);
  const subtotal = useSelector(cart, selectSubtotal);
  const user = useAuthSelector(selectUser);
  // Read from the context directly: importing the locale machine's module here would split it out of the first page's chunk.
  const language = useSelector(locale, (snapshot) => snapshot.context.locale);
  // The region to start from; the remembered choice and the located country follow as events (readStoredRegion, watchLocation).
  const [start] = useState(() => ({ region: regionForCountry(locale.getSnapshot().context.country) }));
  const [snapshot, send] = useMachine(
    checkoutMachine.provide({
      actors: {
        fetchRates: fromPromise(() => fetchShippingRates(currency)),
        createSession: fromPromise(({ input }) => createCheckoutSession(input)),
        fetchLastAddress: fromPromise(({ input }) => fetchLastShippingAddress(input.userId)),
        readStoredRegion,
        watchLocation: watchLocation(locale),
        watchCart: watchCart(cart),
        watchReturn,
      },
      actions: {
        redirect: (_, { url }) => leaveForCheckout(url),
        persistRegion: (_, { region }) => writeShippingRegion(region),
      },
    }),
    { input: start },
  );

  const reviewing = selectReviewing(snapshot);
  // The cart view that follows a review (Back to cart, or a changed cart) gives the focus back to Checkout.
  const wasReviewing = useRef(false);
  const backFromReview = wasReviewing.current && !reviewing;
  useEffect(() => {
    wasReviewing.current = reviewing;
  }, [reviewing]);
  const screen = checkoutScreen(
    snapshot,
    send,
    {
      items,
      subtotal,
      currency,
      buyer: { userId: user?.id ?? null, email: user?.email ?? null },
      origin: window.location.origin,
      locale: language,
      onSetQty: (id, qty) => cart.send({ type: 'cart.setQty', id, qty }),
      onRemove: (id) => cart.send({ type: 'cart.remove', id }),
    },
    backFromReview,
  );
  return screen.view === 'review' ? <ReviewView {...screen.props} /> : <CartPageView {...screen.props} />;
}

import { fromCallback } from 'xstate';
import type { CheckoutEvent } from '../../../machines/checkoutMachine';
import { regionForCountry } from '../../../domain/shipping';
import type { AppServices } from '../../services/context';
import { readShippingRegion } from './shippingRegionChoice';

/**
 * What the page around the checkout tells its machine, as the actors it invokes (machines/checkoutMachine.ts):
 * each reports to the machine by events and ends when the machine no longer needs it.
 */

/** The region remembered from an earlier visit, read once as the checkout starts. */
export const readStoredRegion = fromCallback<CheckoutEvent>(({ sendBack }) => {
  const region = readShippingRegion();
  if (region !== null) sendBack({ type: 'region.restored', region });
});

/** The visitor's region from the located country: now if it is known, and when it becomes known or changes. */
export const watchLocation = (locale: AppServices['locale']) =>
  fromCallback<CheckoutEvent>(({ sendBack }) => {
    // Read from the context directly: importing the locale machine's module here would split it out of the first page's chunk.
    let country = locale.getSnapshot().context.country;
    if (country) sendBack({ type: 'region.located', region: regionForCountry(country) });
    const subscription = locale.subscribe((next) => {
      if (next.context.country === country) return;
      country = next.context.country;
      if (country) sendBack({ type: 'region.located', region: regionForCountry(country) });
    });
    return () => subscription.unsubscribe();
  });

/** Any change of the cart's lines (here or in the drawer): a review or a refusal named the cart as it was. */
export const watchCart = (cart: AppServices['cart']) =>
  fromCallback<CheckoutEvent>(({ sendBack }) => {
    let lines = cart.getSnapshot().context.items;
    const subscription = cart.subscribe((next) => {
      if (next.context.items === lines) return;
      lines = next.context.items;
      sendBack({ type: 'cart.changed' });
    });
    return () => subscription.unsubscribe();
  });

/** Back from the hosted payment page: the browser may show this page from its cache, still "Redirecting...". */
export const watchReturn = fromCallback<CheckoutEvent>(({ sendBack }) => {
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) sendBack({ type: 'checkout.returned' });
  };
  window.addEventListener('pageshow', onPageShow);
  return () => window.removeEventListener('pageshow', onPageShow);
});

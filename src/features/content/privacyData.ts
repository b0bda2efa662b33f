import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Everything the storefront keeps in the visitor's browser (ADR 0026), as the privacy page lists
 * it. tests/unit/privacy-storage.test.ts holds this list against the keys the code uses, so a new
 * key cannot go unlisted.
 */
export type BrowserStorageItem = {
  /** The key as the browser's developer tools show it. */
  name: string;
  where: 'localStorage' | 'sessionStorage' | 'cookie';
  purpose: MessageDescriptor;
  lifetime: MessageDescriptor;
};

export const BROWSER_STORAGE: BrowserStorageItem[] = [
  {
    name: 'npng.cart.v1',
    where: 'localStorage',
    purpose: msg`Your shopping cart: the items, sizes and quantities you added.`,
    lifetime: msg`Until you empty the cart or pay for it.`,
  },
  {
    name: 'sb-…-auth-token',
    where: 'localStorage',
    purpose: msg`Your sign-in session, so you stay signed in while you shop.`,
    lifetime: msg`Until you sign out (or delete your account).`,
  },
  {
    name: 'sb-…-auth-token-code-verifier',
    where: 'localStorage',
    purpose: msg`A one-time secret that makes the link in a confirmation or password e-mail work only in the browser that asked for it.`,
    lifetime: msg`Until the link has been used.`,
  },
  {
    name: 'npng.lang',
    where: 'localStorage',
    purpose: msg`The language you chose (English or German).`,
    lifetime: msg`Until you clear your browser data.`,
  },
  {
    name: 'npng.lang',
    where: 'cookie',
    purpose: msg`The same language choice, so the server sends your first page in it.`,
    lifetime: msg`1 year.`,
  },
  {
    name: 'npng.country',
    where: 'localStorage',
    purpose: msg`The two-letter country code of the country lookup, so it is asked only once.`,
    lifetime: msg`Until you clear your browser data.`,
  },
  {
    name: 'npng.shippingRegion',
    where: 'localStorage',
    purpose: msg`The shipping region you chose in the cart ("Ship to").`,
    lifetime: msg`Until you clear your browser data.`,
  },
  {
    name: 'npng.checkoutCleared',
    where: 'sessionStorage',
    purpose: msg`The payment you came back from, so your cart is emptied only once for it.`,
    lifetime: msg`Until you close the tab.`,
  },
  {
    name: 'npng.chunkReload',
    where: 'sessionStorage',
    purpose: msg`When the page last reloaded itself after a shop update, so it never reloads in a loop.`,
    lifetime: msg`Until you close the tab.`,
  },
];

/** The checkout: the function's body (SPEC §7) and what went wrong starting one (SPEC §8). */
import type { AddressFieldError, ShippingAddress } from './address';
import { errorMessage } from './errors';
import type { ShippingRegion } from './shipping';

export const LOCALES = ['en', 'de'] as const;
export type ShopLocale = (typeof LOCALES)[number];

/** A cart line as the checkout needs it; the title names a line the function refuses. */
export type CheckoutLine = { variantId: string; qty: number; title: string };

/**
 * SPEC §7's body of create-checkout-session, plus the shipping region, the e-mail language and the
 * delivery address confirmed on the review step (docs/adr/0024; without it the payment page asks).
 */
export type CheckoutRequest = {
  userId: string | null;
  email: string | null;
  items: { variantId: string; qty: number }[];
  successUrl: string;
  cancelUrl: string;
  shippingRegion: ShippingRegion;
  locale: ShopLocale;
  shippingAddress?: ShippingAddress;
};

export type CheckoutBuyer = { userId: string | null; email: string | null };

export function checkoutRequest(
  lines: readonly CheckoutLine[],
  buyer: CheckoutBuyer,
  origin: string,
  shippingRegion: ShippingRegion,
  locale: ShopLocale,
  shippingAddress?: ShippingAddress,
): CheckoutRequest {
  return {
    userId: buyer.userId,
    email: buyer.email,
    items: lines.map(({ variantId, qty }) => ({ variantId, qty })),
    successUrl: `${origin}/orders`,
    cancelUrl: `${origin}/cart`,
    shippingRegion,
    locale,
    ...(shippingAddress ? { shippingAddress } : {}),
  };
}

/** The checkout function refused the delivery address (400 code invalid_address): what is wrong, per field. */
export class AddressRefusalError extends Error {
  constructor(
    readonly fields: AddressFieldError[],
    message: string,
  ) {
    super(message);
    this.name = 'AddressRefusalError';
  }
}

export type StockRefusalCode = 'sold_out' | 'insufficient_stock' | 'unavailable';

/** The checkout function refused a line of the cart (409): which one, and how many are left. */
export class StockRefusalError extends Error {
  constructor(
    readonly code: StockRefusalCode,
    readonly variantId: string,
    readonly available: number,
    message: string,
  ) {
    super(message);
    this.name = 'StockRefusalError';
  }
}

/** What went wrong starting a checkout (SPEC §8 plus the refused line and a lost connection). */
export type CheckoutFailure =
  | { kind: 'stock'; code: StockRefusalCode; variantId: string; available: number; title: string }
  /** 'Failed to create checkout session': the function answered with an error. */
  | { kind: 'failed'; message: string }
  /** 'No checkout URL received'. */
  | { kind: 'noUrl' }
  /** The request never got an answer: nothing happened, the cart is as it was. */
  | { kind: 'network' }
  /** 'Something went wrong': anything else. */
  | { kind: 'unknown' };

const kindOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { kind?: unknown }).kind : undefined);

export function checkoutFailure(error: unknown, lines: readonly CheckoutLine[]): CheckoutFailure {
  if (error instanceof StockRefusalError) {
    const title = lines.find((line) => line.variantId === error.variantId)?.title ?? '';
    return { kind: 'stock', code: error.code, variantId: error.variantId, available: error.available, title };
  }
  const kind = kindOf(error);
  if (kind === 'network') return { kind: 'network' };
  if (kind === 'invalid' || kind === 'conflict' || kind === 'unauthorized' || kind === 'not_found')
    return { kind: 'failed', message: error instanceof Error ? errorMessage(error, '') : '' };
  return { kind: 'unknown' };
}

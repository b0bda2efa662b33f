/** The VAT a price contains (docs/adr/0023-vat-in-prices.md). */
import type { ShippingRegion } from './regions';

/** A VAT rate in basis points (1900 = 19 %) and the cents of VAT an amount contains at it. */
export type VatContained = { rateBasisPoints: number; amount: number };

/**
 * The VAT contained in a gross amount: round(gross × rate / (100 % + rate)), half up — the rule of
 * `public.vat_contained` (docs/adr/0023-vat-in-prices.md), in integer arithmetic so it is exact.
 */
export function vatContained(gross: number, rateBasisPoints: number): number {
  return Math.floor((2 * gross * rateBasisPoints + 10_000 + rateBasisPoints) / (2 * (10_000 + rateBasisPoints)));
}

/**
 * What the cart can say about VAT while it knows only the region: Germany's rate for DE; for the
 * other member states the rate of the country chosen at payment; exports outside the EU carry none.
 */
export type CartVat = ({ kind: 'contained' } & VatContained) | { kind: 'destination' } | { kind: 'export' };

export function cartVat(region: ShippingRegion, total: number, rateBasisPoints: number | null | undefined): CartVat | null {
  if (region === 'EU') return { kind: 'destination' };
  if (region === 'UK' || region === 'US') return { kind: 'export' };
  if (rateBasisPoints === null || rateBasisPoints === undefined) return null;
  return { kind: 'contained', rateBasisPoints, amount: vatContained(total, rateBasisPoints) };
}

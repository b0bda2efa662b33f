/**
 * Shipping regions (their rates come from the database's `shipping_regions`, the table
 * `price_cart` charges by) and the quote the cart shows.
 */
import { DEFAULT_SHIPPING_REGION, type ShippingRegion } from './regions';
import { type CartVat, cartVat } from './vat';

export { DEFAULT_SHIPPING_REGION, isShippingRegion, SHIPPING_REGIONS, type ShippingRegion } from './regions';

/** One row of `shipping_regions`, in cents of the catalogue's currency (EUR). */
export type ShippingRate = {
  region: ShippingRegion;
  standardRate: number;
  expressRate: number;
  freeFrom: number;
  /** The VAT rate a delivery to the region contains, when the region is one EU country (DE); otherwise null. */
  vatRateBasisPoints?: number | null;
};
/** The member states besides Germany: they ship at the EU rate. */
const EU_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/**
 * The region a geolocated country ships at: Germany, the EU, the UK, and everything else at the
 * USA/Canada rate (SPEC §9 lists no cheaper "worldwide" rate). No country known: Germany, the shop's home.
 */
export function regionForCountry(country: string | null | undefined): ShippingRegion {
  const code = country?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(code)) return DEFAULT_SHIPPING_REGION;
  if (code === 'DE') return 'DE';
  if (EU_COUNTRIES.has(code)) return 'EU';
  if (code === 'GB' || code === 'UK') return 'UK';
  return 'US';
}

export type ShippingQuote = {
  /** Cents charged for shipping (0 from the free-shipping threshold on). */
  shipping: number;
  /** The region's free-shipping threshold, in cents. */
  freeFrom: number;
  /** Cents still missing for free shipping (0 when it already is free). */
  missingForFree: number;
  /** Subtotal plus shipping: what the checkout will charge. */
  total: number;
  /** The VAT the total contains, as far as the region tells. */
  vat?: CartVat | null;
};

/** `price_cart`'s rule: the region's standard rate, free when the subtotal reaches the threshold. */
export function quoteShipping(rates: readonly ShippingRate[] | null, region: ShippingRegion, subtotal: number): ShippingQuote | null {
  const rate = rates?.find((r) => r.region === region);
  if (!rate) return null;
  const free = subtotal >= rate.freeFrom;
  const shipping = free ? 0 : rate.standardRate;
  const total = subtotal + shipping;
  return { shipping, freeFrom: rate.freeFrom, missingForFree: free ? 0 : rate.freeFrom - subtotal, total, vat: cartVat(region, total, rate.vatRateBasisPoints) };
}

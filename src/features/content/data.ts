import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The shop's facts behind the static pages (SPEC §2 Size guide, §9 business constants), kept in
 * one place so a change of a price or a deadline is one edit. Amounts are EUR cents.
 */
export const SHOP_CURRENCY = 'EUR';

export type ShippingRegion = {
  id: string;
  name: MessageDescriptor;
  standard: number;
  express: number;
  /** Orders above this amount ship free. */
  freeOver: number;
  delivery: 'eu' | 'worldwide';
};

export const SHIPPING_REGIONS: ShippingRegion[] = [
  { id: 'de', name: msg`Germany`, standard: 499, express: 999, freeOver: 5000, delivery: 'eu' },
  { id: 'eu', name: msg`European Union`, standard: 799, express: 1499, freeOver: 7500, delivery: 'eu' },
  { id: 'uk', name: msg`United Kingdom`, standard: 999, express: 1999, freeOver: 10000, delivery: 'worldwide' },
  { id: 'us-ca', name: msg`USA / Canada`, standard: 1299, express: 2499, freeOver: 15000, delivery: 'worldwide' },
];

export { DELIVERY_DAYS, PAYMENT_METHODS, PAYMENT_METHODS_NOT_OFFERED } from '../../config/shop';

/** Orders placed before this hour (CET) leave the warehouse the same business day. */
export const CUTOFF_HOUR_CET = 14;

/** The FAQ's promise, as the spec states it (the highest regional threshold). */
export const FAQ_FREE_SHIPPING_WORLDWIDE_OVER = 15000;

export const RETURN_DAYS = 30;
/** The statutory right of withdrawal for consumers in the EU. */
export const WITHDRAWAL_DAYS = 14;
export const REFUND_BUSINESS_DAYS = { min: 5, max: 7 } as const;

/** Tops (T-shirts & hoodies), oversized cut. Centimetres. */
export const TOP_SIZES = [
  { size: 'S', chest: 104, length: 68 },
  { size: 'M', chest: 110, length: 71 },
  { size: 'L', chest: 116, length: 74 },
  { size: 'XL', chest: 122, length: 77 },
] as const;

/** Bottoms, true to size. Waist range and length in centimetres. */
export const BOTTOM_SIZES = [
  { size: 'S', waist: [76, 81], length: 20 },
  { size: 'M', waist: [81, 86], length: 21 },
  { size: 'L', waist: [86, 91], length: 22 },
  { size: 'XL', waist: [91, 96], length: 23 },
] as const;

/** Terms §Liability: capped at what the customer paid in this many months. */
export const LIABILITY_MONTHS = 12;
export const JURISDICTION_CITY = 'Berlin';

/** When the legal texts last changed. */
export const LEGAL_UPDATED = '2026-11-27T12:00:00Z';

/** Support pages' sub-navigation, in reading order. */
export const SUPPORT_LINKS: { href: string; label: MessageDescriptor }[] = [
  { href: '/support/size-guide', label: msg`Size Guide` },
  { href: '/support/shipping', label: msg`Shipping Info` },
  { href: '/support/returns', label: msg`Returns` },
  { href: '/support/faq', label: msg`FAQ` },
  { href: '/contact', label: msg`Contact` },
];

/** The regions the shop ships to and prices VAT for (ADR 0021, 0023): rates and VAT both depend on them. */
export const SHIPPING_REGIONS = ['DE', 'EU', 'UK', 'US'] as const;
export type ShippingRegion = (typeof SHIPPING_REGIONS)[number];
export const DEFAULT_SHIPPING_REGION: ShippingRegion = 'DE';
export const isShippingRegion = (value: unknown): value is ShippingRegion => typeof value === 'string' && (SHIPPING_REGIONS as readonly string[]).includes(value);

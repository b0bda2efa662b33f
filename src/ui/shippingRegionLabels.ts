import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ShippingRegion } from '../../domain/shipping';

/** The shipping regions as a shopper reads them (the cart's "Ship to" and an order's "Ship to"). */
const REGION_LABELS: Record<ShippingRegion, MessageDescriptor> = {
  DE: msg({ message: 'Germany', context: 'shipping region' }),
  EU: msg({ message: 'EU', context: 'shipping region' }),
  UK: msg({ message: 'United Kingdom', context: 'shipping region' }),
  US: msg({ message: 'USA, Canada & worldwide', context: 'shipping region' }),
};

export const shippingRegionLabel = (i18n: I18n, region: ShippingRegion) => i18n._(REGION_LABELS[region]);

import { isShippingRegion, type ShippingRegion } from '../../../domain/shipping';

/** Where the shopper's "Ship to" choice is remembered between visits. */
export const SHIPPING_REGION_STORAGE_KEY = 'npng.shippingRegion';

function storage(): Storage | null {
  try {
    return window.localStorage ?? null;
  } catch {
    return null; // storage disabled for this site
  }
}

export function readShippingRegion(): ShippingRegion | null {
  try {
    const value = storage()?.getItem(SHIPPING_REGION_STORAGE_KEY);
    return isShippingRegion(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeShippingRegion(region: ShippingRegion): void {
  try {
    storage()?.setItem(SHIPPING_REGION_STORAGE_KEY, region);
  } catch {
    // Storage full or blocked (private mode): the choice simply isn't remembered.
  }
}

import { FunctionsHttpError } from '@supabase/functions-js';
import {
  type CheckoutRequest,
  isShippingRegion,
  SHIPPING_REGIONS,
  type ShippingRate,
  type ShippingRegion,
  StockRefusalError,
  type StockRefusalCode,
} from '../../machines/orders';
import { supabase } from './client';
import { functionsClient } from './functions';
import { ApiError, toApiError } from './errors';

/**
 * Rates as `price_cart` charges them (SPEC §9; ADR 0021): the `shipping_rates` of the cart's
 * currency, one per region in the regions' order. A currency without rates gives none (the cart
 * then says "Calculated at checkout").
 */
export async function fetchShippingRates(currency: string): Promise<ShippingRate[]> {
  // The DE region is one country, so its VAT rate is known before payment (docs/adr/0023).
  const [{ data, error }, vat] = await Promise.all([
    supabase().from('shipping_rates').select('region,standard_rate,express_rate,free_from').eq('currency', currency.toUpperCase()),
    supabase().from('vat_rates').select('country,rate_basis_points').eq('country', 'DE'),
  ]);
  if (error) throw toApiError(error);
  if (vat.error) throw toApiError(vat.error);
  const vatRateOf = (region: ShippingRegion) => vat.data?.find((row) => row.country === region)?.rate_basis_points ?? null;
  return (data ?? [])
    .filter((row): row is typeof row & { region: ShippingRegion } => isShippingRegion(row.region))
    .sort((a, b) => SHIPPING_REGIONS.indexOf(a.region) - SHIPPING_REGIONS.indexOf(b.region))
    .map((row) => ({ region: row.region, standardRate: row.standard_rate, expressRate: row.express_rate, freeFrom: row.free_from, vatRateBasisPoints: vatRateOf(row.region) }));
}


const STOCK_CODES = new Set<StockRefusalCode>(['sold_out', 'insufficient_stock', 'unavailable']);

async function refusalOf(error: FunctionsHttpError): Promise<Error> {
  const response = error.context as Response;
  const body = (await response.json().catch(() => ({}))) as { error?: unknown; code?: unknown; variantId?: unknown; available?: unknown };
  const message = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
  if (response.status === 409 && STOCK_CODES.has(body.code as StockRefusalCode) && typeof body.variantId === 'string') {
    return new StockRefusalError(body.code as StockRefusalCode, body.variantId, typeof body.available === 'number' ? body.available : 0, message);
  }
  return toApiError({ status: response.status, message });
}

/**
 * SPEC §7 Checkout: create-checkout-session prices the cart in the database and answers the hosted
 * payment page's URL. A refused line comes back as a StockRefusalError naming the variant.
 */
export async function createCheckoutSession(request: CheckoutRequest): Promise<{ url: string | null; sessionId: string | null }> {
  const { data, error } = await functionsClient().invoke<{ url?: unknown; sessionId?: unknown }>('create-checkout-session', { body: request });
  if (error) {
    if (error instanceof FunctionsHttpError) throw await refusalOf(error);
    throw new ApiError('network', error.message);
  }
  return { url: typeof data?.url === 'string' ? data.url : null, sessionId: typeof data?.sessionId === 'string' ? data.sessionId : null };
}

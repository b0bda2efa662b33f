import { FunctionsHttpError } from '@supabase/functions-js';
import { ADDRESS_FIELDS, type AddressFieldError, parseShippingAddress, type ShippingAddress } from '../../domain/address';
import { AddressRefusalError, type CheckoutRequest, StockRefusalError, type StockRefusalCode } from '../../domain/checkout';
import { isShippingRegion, SHIPPING_REGIONS, type ShippingRate, type ShippingRegion } from '../../domain/shipping';
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

const ADDRESS_ERROR_FIELDS = new Set<string>([...ADDRESS_FIELDS, 'address']);

/** The function's per-field refusals of the address, those it words for a field of ours. */
function addressErrorsOf(fields: unknown): AddressFieldError[] {
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry) => {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    return typeof field === 'string' && ADDRESS_ERROR_FIELDS.has(field) && typeof message === 'string' && message ? [{ field: field as AddressFieldError['field'], message }] : [];
  });
}

async function refusalOf(error: FunctionsHttpError): Promise<Error> {
  const response = error.context as Response;
  const body = (await response.json().catch(() => ({}))) as { error?: unknown; code?: unknown; variantId?: unknown; available?: unknown; fields?: unknown };
  const message = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
  if (response.status === 400 && body.code === 'invalid_address') {
    const fields = addressErrorsOf(body.fields);
    if (fields.length > 0) return new AddressRefusalError(fields, message);
  }
  if (response.status === 409 && STOCK_CODES.has(body.code as StockRefusalCode) && typeof body.variantId === 'string') {
    return new StockRefusalError(body.code as StockRefusalCode, body.variantId, typeof body.available === 'number' ? body.available : 0, message);
  }
  return toApiError({ status: response.status, message });
}

/**
 * SPEC §7 Checkout: create-checkout-session prices the cart in the database and answers the hosted
 * payment page's URL. A refused line comes back as a StockRefusalError naming the variant; a refused
 * delivery address as an AddressRefusalError with the problem of each field.
 */
export async function createCheckoutSession(request: CheckoutRequest): Promise<{ url: string | null; sessionId: string | null }> {
  const { data, error } = await functionsClient().invoke<{ url?: unknown; sessionId?: unknown }>('create-checkout-session', { body: request });
  if (error) {
    if (error instanceof FunctionsHttpError) throw await refusalOf(error);
    throw new ApiError('network', error.message);
  }
  return { url: typeof data?.url === 'string' ? data.url : null, sessionId: typeof data?.sessionId === 'string' ? data.sessionId : null };
}

/**
 * The delivery address of the customer's newest order that has one, read as the customer under
 * RLS (their own orders only), to fill in the review step; null when there is none.
 */
export async function fetchLastShippingAddress(userId: string): Promise<ShippingAddress | null> {
  const { data, error } = await supabase()
    .from('orders')
    .select('shipping_address')
    .eq('user_id', userId)
    .not('shipping_address', 'is', null)
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw toApiError(error);
  return parseShippingAddress(data?.shipping_address);
}

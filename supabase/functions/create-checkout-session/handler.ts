import type { FunctionEnv, FunctionHandler } from '../_shared/env.ts';
import { CORS_HEADERS, errorResponse, jsonResponse, readJsonBody } from '../_shared/http.ts';
import { bearerRole, callRpc, fetchUser, RestError } from '../_shared/supabase-api.ts';
import { expireStripeCheckoutSession, StripeError } from '../_shared/stripe.ts';
import { addressMessage, addressProblems, normaliseAddress, SHIPPING_COUNTRIES, type AddressProblem, type ShippingAddress } from '../_shared/address.ts';
import { parseCheckoutRequest, type CheckoutRequest } from './validate.ts';
import { allowedCountries, localSession, SESSION_MINUTES, sessionRow, stripeSession, type HostedSession, type PricedCart } from './session.ts';

/** price_cart's refusals of one line (a cart that is out of date, not a malformed request), by their hint. */
const CART_REFUSALS = new Set(['sold_out', 'insufficient_stock', 'unavailable']);

export interface CartRefusal {
  error: string;
  code: 'sold_out' | 'insufficient_stock' | 'unavailable';
  variantId: string;
  available: number;
}

/** The 409 body for a refusal price_cart marked with a hint and a {variantId, available} detail; undefined for any other error. */
export function cartRefusal(e: RestError): CartRefusal | undefined {
  if (!e.hint || !CART_REFUSALS.has(e.hint) || !e.details) return undefined;
  try {
    const detail = JSON.parse(e.details) as { variantId?: unknown; available?: unknown };
    if (typeof detail.variantId !== 'string' || typeof detail.available !== 'number') return undefined;
    return { error: e.message, code: e.hint as CartRefusal['code'], variantId: detail.variantId, available: detail.available };
  } catch {
    return undefined;
  }
}

type Customer = { ok: true; userId: string | null; email: string | null } | { ok: false; response: Response };

/** The buyer comes from the access token (never from the body); a guest may give an email or leave it to the payment page. */
async function resolveCustomer(env: FunctionEnv, authorization: string | null, body: CheckoutRequest): Promise<Customer> {
  const bearer = bearerRole(authorization);
  if (bearer?.role !== 'authenticated') {
    if (body.userId !== null) return { ok: false, response: errorResponse(400, 'userId was given but the request is not signed in') };
    return { ok: true, userId: null, email: body.email };
  }
  const user = await fetchUser(env, bearer.token);
  if (!user) return { ok: false, response: errorResponse(401, 'Your session has expired. Please sign in again.') };
  if (body.userId !== null && body.userId !== user.id.toLowerCase()) {
    return { ok: false, response: errorResponse(400, 'userId does not match the signed-in user') };
  }
  if (body.email !== null && user.email !== null && body.email !== user.email.toLowerCase()) {
    return { ok: false, response: errorResponse(400, "email does not match the signed-in user's email") };
  }
  return { ok: true, userId: user.id, email: user.email ?? body.email };
}

/** Sessions one client may open per window (CHECKOUT_RATE_LIMIT, default 20 per 10 minutes). */
export const DEFAULT_CHECKOUT_RATE_LIMIT = 20;
const RATE_WINDOW_SECONDS = 600;

/** The client's address as the gateway reports it (its first X-Forwarded-For entry). */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || req.headers.get('x-real-ip')?.trim() || 'unknown';
}

/** Counted in the database, so every instance of the shop shares one budget per client. */
async function overRateLimit(env: FunctionEnv, req: Request): Promise<boolean> {
  const max = env.CHECKOUT_RATE_LIMIT ?? DEFAULT_CHECKOUT_RATE_LIMIT;
  const allowed = await callRpc<boolean>(env, 'take_rate_limit', { bucket: `checkout:${clientAddress(req)}`, max_hits: max, window_seconds: RATE_WINDOW_SECONDS });
  return !allowed;
}

/**
 * Records the session and holds its stock (open_checkout_session). A line that can no longer be
 * held (another shopper's session took the last unit since pricing) is the same 409 as price_cart's,
 * and the provider's session is expired so it cannot take a payment.
 */
async function openSession(env: FunctionEnv, session: HostedSession, row: Record<string, unknown>): Promise<Response | undefined> {
  try {
    await callRpc(env, 'open_checkout_session', { checkout: row });
    return undefined;
  } catch (e) {
    if (session.provider === 'stripe') {
      await expireStripeCheckoutSession(env, session.id).catch((expireError: unknown) =>
        console.error(`[create-checkout-session] could not expire Stripe session ${session.id}:`, expireError),
      );
    }
    if (e instanceof RestError && e.code === 'P0001') {
      const refusal = cartRefusal(e);
      if (refusal) return jsonResponse(409, refusal);
    }
    throw e;
  }
}

/** The 400 of an address the shopper can fix: every problem, per field, in the request's language (address.ts's words). */
function addressRefusal(problems: AddressProblem[], body: CheckoutRequest, country: string | undefined): Response {
  const fields = problems.map((p) => ({ field: p.field, problem: p.problem, message: addressMessage(p, body.locale, country) }));
  return jsonResponse(400, { error: 'The shipping address cannot be used', code: 'invalid_address', fields });
}

/**
 * The address of the review step, by the address rules first (every problem at once, without a
 * database round trip), then by public.check_shipping_address, which has the last word and gives
 * the normalised address to keep. No address at all: the payment page asks for it, as before.
 */
function precheckAddress(body: CheckoutRequest): Response | undefined {
  if (!body.shippingAddress) return undefined;
  const address = normaliseAddress(body.shippingAddress);
  // A field sent as a number or a list is refused as sent (as check_shipping_address does), before normalising reads it as text.
  const notText = Object.entries(body.shippingAddress).filter(([, v]) => v !== null && v !== undefined && typeof v !== 'string');
  const problems: AddressProblem[] = notText.length
    ? notText.map(([field]) => ({ field: field as AddressProblem['field'], problem: 'invalid' }))
    : addressProblems(address, SHIPPING_COUNTRIES[body.shippingRegion]);
  return problems.length ? addressRefusal(problems, body, address?.country) : undefined;
}

async function checkAddress(env: FunctionEnv, body: CheckoutRequest): Promise<{ ok: true; address: ShippingAddress | null } | { ok: false; response: Response }> {
  if (!body.shippingAddress) return { ok: true, address: null };
  const checked = await callRpc<{ ok: true; address: ShippingAddress } | { ok: false; field: AddressProblem['field']; problem: AddressProblem['problem'] }>(
    env,
    'check_shipping_address',
    { address: body.shippingAddress, shipping_region: body.shippingRegion },
  );
  if (checked.ok) return { ok: true, address: checked.address };
  const country = typeof body.shippingAddress.country === 'string' ? body.shippingAddress.country.trim().toUpperCase() : undefined;
  return { ok: false, response: addressRefusal([{ field: checked.field, problem: checked.problem }], body, country) };
}

async function priceCart(env: FunctionEnv, body: CheckoutRequest): Promise<{ ok: true; cart: PricedCart } | { ok: false; response: Response }> {
  try {
    const cart = await callRpc<PricedCart>(env, 'price_cart', { items: body.items, shipping_region: body.shippingRegion });
    return { ok: true, cart };
  } catch (e) {
    if (e instanceof RestError && e.code === 'P0001') {
      const refusal = cartRefusal(e);
      return { ok: false, response: refusal ? jsonResponse(409, refusal) : errorResponse(400, e.message) };
    }
    throw e;
  }
}

/**
 * POST {userId, email, items, successUrl, cancelUrl, shippingRegion?, locale?, shippingAddress?} →
 * {url, sessionId} of the hosted payment page. A line the stock cannot meet → 409 {error, code,
 * variantId, available}; an address that cannot be used → 400 {error, code: 'invalid_address',
 * fields: [{field, problem, message}]}, and no session is opened.
 */
export function createHandler(env: FunctionEnv): FunctionHandler {
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (req.method !== 'POST') return errorResponse(405, 'Use POST');
    const json = await readJsonBody(req);
    if (!json.ok) return errorResponse(json.status, json.message);
    const parsed = parseCheckoutRequest(json.value, env.SITE_URL);
    if (!parsed.ok) return errorResponse(400, parsed.error);
    const body = parsed.value;
    const refusedAddress = precheckAddress(body);
    if (refusedAddress) return refusedAddress;

    try {
      if (await overRateLimit(env, req)) {
        return jsonResponse(429, { error: 'Too many checkout attempts from this device. Please wait a few minutes and try again.', code: 'rate_limited' });
      }
      // Stock held by sessions nobody paid comes back before this cart is priced against it.
      await callRpc(env, 'expire_checkout_sessions', {});
      const customer = await resolveCustomer(env, req.headers.get('authorization'), body);
      if (!customer.ok) return customer.response;
      const address = await checkAddress(env, body);
      if (!address.ok) return address.response;
      const priced = await priceCart(env, body);
      if (!priced.ok) return priced.response;

      const input = {
        cart: priced.cart,
        userId: customer.userId,
        email: customer.email,
        successUrl: body.successUrl,
        cancelUrl: body.cancelUrl,
        shippingRegion: body.shippingRegion,
        locale: body.locale,
        expiresAt: new Date(Date.now() + SESSION_MINUTES * 60_000),
        countries: await allowedCountries(env, body.shippingRegion),
        shippingAddress: address.address,
      };
      const session = env.STRIPE_SECRET_KEY ? await stripeSession(env, input) : localSession(env);
      const refused = await openSession(env, session, sessionRow(session, input));
      if (refused) return refused;
      return jsonResponse(200, { url: session.url, sessionId: session.id, expiresAt: input.expiresAt.toISOString() });
    } catch (e) {
      if (e instanceof StripeError) {
        console.error('[create-checkout-session] Stripe refused the session:', e.message);
        return errorResponse(502, `The payment provider refused the checkout: ${e.message}`);
      }
      console.error('[create-checkout-session]', e);
      return errorResponse(502, 'The checkout could not be started. Please try again.');
    }
  };
}

import type { FunctionEnv, FunctionHandler } from '../_shared/env.ts';
import { CORS_HEADERS, errorResponse, jsonResponse, readJsonBody } from '../_shared/http.ts';
import { bearerRole, callRpc, fetchUser, insertRow, RestError } from '../_shared/supabase-api.ts';
import { StripeError } from '../_shared/stripe.ts';
import { parseCheckoutRequest, type CheckoutRequest } from './validate.ts';
import { localSession, sessionRow, stripeSession, type PricedCart } from './session.ts';

/** price_cart's refusals that mean "the cart is out of date" rather than "the request is malformed". */
const CART_CONFLICT = /sold out|only \d+ left|not found/i;

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

async function priceCart(env: FunctionEnv, body: CheckoutRequest): Promise<{ ok: true; cart: PricedCart } | { ok: false; response: Response }> {
  try {
    const cart = await callRpc<PricedCart>(env, 'price_cart', { items: body.items, shipping_region: body.shippingRegion });
    return { ok: true, cart };
  } catch (e) {
    if (e instanceof RestError && e.code === 'P0001') {
      return { ok: false, response: errorResponse(CART_CONFLICT.test(e.message) ? 409 : 400, e.message) };
    }
    throw e;
  }
}

/** POST {userId, email, items, successUrl, cancelUrl, shippingRegion?} → {url, sessionId} of the hosted payment page. */
export function createHandler(env: FunctionEnv): FunctionHandler {
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (req.method !== 'POST') return errorResponse(405, 'Use POST');
    const json = await readJsonBody(req);
    if (!json.ok) return errorResponse(400, json.message);
    const parsed = parseCheckoutRequest(json.value, env.SITE_URL);
    if (!parsed.ok) return errorResponse(400, parsed.error);
    const body = parsed.value;

    try {
      const customer = await resolveCustomer(env, req.headers.get('authorization'), body);
      if (!customer.ok) return customer.response;
      const priced = await priceCart(env, body);
      if (!priced.ok) return priced.response;

      const input = { cart: priced.cart, userId: customer.userId, email: customer.email, successUrl: body.successUrl, cancelUrl: body.cancelUrl, shippingRegion: body.shippingRegion };
      const session = env.STRIPE_SECRET_KEY ? await stripeSession(env, input) : localSession(env);
      await insertRow(env, 'checkout_sessions', sessionRow(session, input));
      return jsonResponse(200, { url: session.url, sessionId: session.id });
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

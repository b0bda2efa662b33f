import type { FunctionEnv, FunctionHandler } from '../_shared/env.ts';
import { errorResponse, jsonResponse } from '../_shared/http.ts';
import { callRpc, RestError } from '../_shared/supabase-api.ts';
import { verifyStripeSignature } from '../_shared/stripe.ts';
import { deliverOrderEmails } from '../_shared/order-email.ts';

/** Events whose session is paid and should become an order. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

interface StripeEvent {
  id?: string;
  type: string;
  data: { object: { id?: unknown; payment_status?: unknown } };
}

function parseEvent(rawBody: string): StripeEvent | undefined {
  try {
    const event = JSON.parse(rawBody) as Partial<StripeEvent>;
    if (typeof event?.type !== 'string' || typeof event.data?.object !== 'object' || event.data.object === null) return undefined;
    return event as StripeEvent;
  } catch {
    return undefined;
  }
}

/**
 * Stripe's webhook: the signature is checked over the raw body before anything is read; a paid
 * checkout session is fulfilled (idempotently, so Stripe's retries are harmless) and the queued
 * order confirmation is sent.
 */
export function createHandler(env: FunctionEnv, now: () => number = () => Date.now()): FunctionHandler {
  return async (req) => {
    if (req.method !== 'POST') return errorResponse(405, 'Use POST');
    // Without a signing secret no event can be verified: the endpoint is not enabled (local
    // checkout needs no webhook). A 404 says so and reads nothing.
    if (!env.STRIPE_WEBHOOK_SECRET) {
      return errorResponse(404, 'Stripe webhooks are not enabled on this server: STRIPE_WEBHOOK_SECRET is not set');
    }
    const rawBody = await req.text();
    const check = await verifyStripeSignature(env.STRIPE_WEBHOOK_SECRET, req.headers.get('stripe-signature'), rawBody, Math.floor(now() / 1000));
    if (!check.ok) return errorResponse(400, `Webhook signature verification failed: ${check.reason}`);
    const event = parseEvent(rawBody);
    if (!event) return errorResponse(400, 'The event is not a JSON Stripe event');

    const session = event.data.object;
    if (!PAID_EVENTS.has(event.type)) return jsonResponse(200, { received: true });
    if (session.payment_status !== 'paid') return jsonResponse(200, { received: true, fulfilled: false, note: 'The session is not paid yet' });
    if (typeof session.id !== 'string') return errorResponse(400, 'The checkout session has no id');

    try {
      const order = await callRpc<{ order_number?: string }>(env, 'fulfil_checkout_session', { session_id: session.id });
      // The confirmation was queued with the order; a replay finds it claimed already and sends nothing.
      await deliverOrderEmails(env);
      return jsonResponse(200, { received: true, fulfilled: true, orderNumber: order?.order_number ?? null });
    } catch (e) {
      if (e instanceof RestError && e.code === 'P0001') {
        const outOfStock = e.message === 'out_of_stock';
        const note = outOfStock
          ? 'Paid but out of stock: no order was created. An operator must refund this payment in Stripe.'
          : `Not fulfilled: ${e.message}`;
        console.error(`[stripe-webhook] ${event.type} ${session.id}: ${note}`);
        return jsonResponse(200, { received: true, fulfilled: false, reason: outOfStock ? 'out_of_stock' : e.message, note });
      }
      // Anything else (database or network down) is worth Stripe's retry.
      console.error('[stripe-webhook] fulfilment failed:', e);
      return errorResponse(500, 'Fulfilment failed; Stripe will retry');
    }
  };
}

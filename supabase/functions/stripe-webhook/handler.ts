import type { FunctionEnv, FunctionHandler } from '../_shared/env.ts';
import { errorResponse, jsonResponse } from '../_shared/http.ts';
import { settlePayment, type PaymentDetails } from '../_shared/refunds.ts';
import { callRpc, RestError } from '../_shared/supabase-api.ts';
import { verifyStripeSignature } from '../_shared/stripe.ts';

/** Events whose session is paid and should become an order. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
/** Events after which the session will never be paid: its held stock goes back. */
const ENDED_EVENTS = new Set(['checkout.session.expired', 'checkout.session.async_payment_failed']);

interface StripeAddress {
  line1?: unknown;
  line2?: unknown;
  postal_code?: unknown;
  city?: unknown;
  country?: unknown;
}
interface StripeSession {
  id?: unknown;
  payment_status?: unknown;
  payment_intent?: unknown;
  customer_details?: { email?: unknown; name?: unknown; phone?: unknown; address?: StripeAddress | null } | null;
  shipping_details?: { name?: unknown; address?: StripeAddress | null } | null;
  collected_information?: { shipping_details?: { name?: unknown; address?: StripeAddress | null } | null } | null;
}
interface StripeEvent {
  id?: string;
  type: string;
  data: { object: StripeSession };
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

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/**
 * What Stripe's page collected: the e-mail, and the shipping address (API versions from 2024-09
 * put it in collected_information.shipping_details, older ones in shipping_details; the billing
 * address in customer_details is the last resort). The database normalises and keeps it; a session
 * opened with the address of the shop's review step keeps that one whatever the event carries (the
 * database's rule, docs/adr/0024).
 */
export function paymentDetails(session: StripeSession): PaymentDetails {
  const shipping = session.collected_information?.shipping_details ?? session.shipping_details ?? null;
  const address = shipping?.address ?? session.customer_details?.address ?? null;
  const name = text(shipping?.name) ?? text(session.customer_details?.name);
  return {
    paymentIntent: text(session.payment_intent) ?? null,
    email: text(session.customer_details?.email) ?? null,
    address: address
      ? {
          name: name ?? '',
          line1: text(address.line1) ?? '',
          line2: text(address.line2),
          postalCode: text(address.postal_code) ?? '',
          city: text(address.city) ?? '',
          country: text(address.country) ?? '',
          phone: text(session.customer_details?.phone),
        }
      : null,
  };
}

const unknownSession = (e: unknown) => e instanceof RestError && e.hint === 'unknown_session';

/**
 * Stripe's webhook: the signature is checked over the raw body before anything is read. A paid
 * checkout session is settled (idempotently, so Stripe's retries are harmless): it becomes an
 * order, or — when its items are gone — a refund of the whole payment, paid back at once. An
 * expired or failed session gives its held stock back. A session this shop never opened is 404.
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
    const paid = PAID_EVENTS.has(event.type);
    if (!paid && !ENDED_EVENTS.has(event.type)) return jsonResponse(200, { received: true });
    if (typeof session.id !== 'string' || !/^cs_[A-Za-z0-9_]{1,250}$/.test(session.id)) return errorResponse(400, 'The checkout session has no valid id');

    try {
      if (!paid) {
        const ended = await callRpc<boolean>(env, 'expire_checkout_session', { session_id: session.id });
        return jsonResponse(200, { received: true, expired: ended });
      }
      if (session.payment_status !== 'paid') return jsonResponse(200, { received: true, fulfilled: false, note: 'The session is not paid yet' });
      const settled = await settlePayment(env, session.id, paymentDetails(session));
      if (settled.outcome === 'order') return jsonResponse(200, { received: true, fulfilled: true, orderNumber: settled.orderNumber });
      const refund = settled.refund ? { id: settled.refund.id, status: settled.refund.status } : { id: settled.refundId, status: 'succeeded' };
      // A refund the provider refused is recorded as failed; a non-2xx answer makes Stripe deliver
      // the event again (for up to three days), and each delivery retries it under the same key.
      return jsonResponse(refund.status === 'failed' ? 502 : 200, { received: true, fulfilled: false, reason: settled.reason, refund });
    } catch (e) {
      if (unknownSession(e)) return errorResponse(404, `Checkout session ${session.id} is not one of this shop's`);
      // Anything else (database or network down) is worth Stripe's retry.
      console.error('[stripe-webhook] settling the session failed:', e);
      return errorResponse(500, 'Settling the payment failed; Stripe will retry');
    }
  };
}

import type { FunctionEnv } from './env.ts';
import { deliverOrderEmails } from './order-email.ts';
import { createStripeRefund, StripeError } from './stripe.ts';
import { callRpc, RestError } from './supabase-api.ts';

/** A refund as public.request_refund, retry_refund, complete_refund and fail_refund return it (private.refund_json). */
export interface Refund {
  id: string;
  orderId: string | null;
  kind: 'cancel' | 'partial' | 'unfulfillable';
  amount: number;
  currency: string;
  lines: { itemId: string; qty: number }[];
  reason: string;
  status: 'pending' | 'succeeded' | 'failed';
  provider: 'local' | 'stripe';
  providerRefundId: string | null;
  failure: string | null;
  attempts: number;
  createdAt: string;
  paymentIntent: string | null;
  checkoutSessionId: string;
}

/**
 * Pays a pending refund back through its provider, then records the outcome in the database:
 * complete_refund (order total, stock, status, timeline, e-mail) or fail_refund (the order as it
 * was, the failure kept for the admin). Stripe is called with the refund's id as idempotency key,
 * so a retry, a second click or a second instance never pays twice. A local payment (the local
 * hosted page) is refunded by recording it. Throws only when the database cannot be reached.
 */
export async function executeRefund(env: FunctionEnv, refund: Refund): Promise<Refund> {
  if (refund.status !== 'pending') return refund;
  let providerRefundId: string;
  try {
    providerRefundId = await refundAtProvider(env, refund);
  } catch (e) {
    const failure = e instanceof StripeError ? e.message : e instanceof Error ? e.message : String(e);
    console.error(`[refunds] ${refund.id}: the provider refused or could not be reached: ${failure}`);
    return callRpc<Refund>(env, 'fail_refund', { refund_id: refund.id, failure });
  }
  const done = await callRpc<Refund>(env, 'complete_refund', { refund_id: refund.id, provider_refund_id: providerRefundId });
  await deliverOrderEmails(env);
  return done;
}

async function refundAtProvider(env: FunctionEnv, refund: Refund): Promise<string> {
  if (refund.provider === 'local') return `re_local_${refund.id.replace(/-/g, '')}`;
  if (!env.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set: a Stripe payment cannot be refunded from this server');
  if (!refund.paymentIntent?.startsWith('pi_')) throw new Error('The payment has no Stripe payment intent to refund');
  return createStripeRefund(
    env,
    {
      payment_intent: refund.paymentIntent,
      amount: refund.amount,
      reason: refund.kind === 'unfulfillable' ? undefined : 'requested_by_customer',
      metadata: { refund_id: refund.id, order_id: refund.orderId ?? undefined, kind: refund.kind },
    },
    `refund_${refund.id}`,
  );
}

/** What a paid checkout session became. */
export type Settlement =
  | { outcome: 'order'; orderId: string; orderNumber: string; replay?: boolean }
  | { outcome: 'refund'; refundId: string; reason: string; replay?: boolean; refund?: Refund };

export interface PaymentDetails {
  paymentIntent?: string | null;
  email?: string | null;
  address?: Record<string, unknown> | null;
}

/**
 * A payment the provider reports (the webhook, the local hosted page): settle_checkout_session
 * turns it into an order or records a refund of the whole payment; such a refund is paid back at
 * once, and the queued e-mails go out. The payment stands whatever happens to the mail.
 */
export async function settlePayment(env: FunctionEnv, sessionId: string, payment: PaymentDetails): Promise<Settlement> {
  const settled = await callRpc<Settlement>(env, 'settle_checkout_session', { session_id: sessionId, payment });
  if (settled.outcome === 'refund') {
    // A replay of a payment whose refund failed before tries it again (same idempotency key).
    const pending = await callRpc<Refund>(env, 'retry_refund', { refund_id: settled.refundId }).catch((e: unknown) => {
      if (e instanceof RestError && e.hint === 'already_refunded') return undefined;
      throw e;
    });
    if (pending) return { ...settled, refund: await executeRefund(env, pending) };
    return settled;
  }
  await deliverOrderEmails(env).catch((e: unknown) => console.error('[settle] order e-mail:', e));
  return settled;
}

import type { FunctionEnv } from './env.ts';

export const STRIPE_API_DEFAULT = 'https://api.stripe.com';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/** Stripe's form encoding: nested objects and arrays as `a[b][0][c]=v`; undefined and null are left out. */
export function stripeFormEncode(params: Record<string, FormValue>): string {
  const pairs: [string, string][] = [];
  const walk = (key: string, value: FormValue) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) for (const [i, v] of value.entries()) walk(`${key}[${i}]`, v);
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    else pairs.push([key, String(value)]);
  };
  for (const [k, v] of Object.entries(params)) walk(k, v);
  return new URLSearchParams(pairs).toString();
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** POST /v1/checkout/sessions; returns Stripe's session id and hosted page URL. */
export async function createStripeCheckoutSession(env: FunctionEnv, params: Record<string, FormValue>, idempotencyKey: string): Promise<{ id: string; url: string }> {
  const res = await fetch(`${env.STRIPE_API_BASE ?? STRIPE_API_DEFAULT}/v1/checkout/sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env.STRIPE_SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': idempotencyKey,
    },
    body: stripeFormEncode(params),
  });
  const body = (await res.json().catch(() => ({}))) as { id?: unknown; url?: unknown; error?: { message?: string } };
  if (!res.ok) throw new StripeError(res.status, body.error?.message ?? `Stripe answered HTTP ${res.status}`);
  if (typeof body.id !== 'string' || typeof body.url !== 'string') throw new StripeError(502, 'Stripe returned no session id or url');
  return { id: body.id, url: body.url };
}

async function stripePost(env: FunctionEnv, path: string, params: Record<string, FormValue>, idempotencyKey: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${env.STRIPE_API_BASE ?? STRIPE_API_DEFAULT}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env.STRIPE_SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': idempotencyKey,
    },
    body: stripeFormEncode(params),
    signal: AbortSignal.timeout(20_000),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown> & { error?: { message?: string } };
  if (!res.ok) throw new StripeError(res.status, body.error?.message ?? `Stripe answered HTTP ${res.status}`);
  return body;
}

/** POST /v1/refunds for (part of) a payment; returns Stripe's refund id. A refund Stripe marks failed or canceled is an error. */
export async function createStripeRefund(env: FunctionEnv, params: Record<string, FormValue>, idempotencyKey: string): Promise<string> {
  const body = await stripePost(env, '/v1/refunds', params, idempotencyKey);
  if (typeof body.id !== 'string') throw new StripeError(502, 'Stripe returned no refund id');
  if (body.status === 'failed' || body.status === 'canceled') throw new StripeError(402, `Stripe reports the refund as ${body.status}`);
  return body.id;
}

/** POST /v1/checkout/sessions/{id}/expire: the page stops taking payments (a session whose stock could not be held). */
export async function expireStripeCheckoutSession(env: FunctionEnv, sessionId: string): Promise<void> {
  await stripePost(env, `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`, {}, `expire_${sessionId}`);
}

const encoder = new TextEncoder();

async function hmacSha256Hex(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(payload)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A Stripe-Signature header for a payload, as Stripe's own test helpers build it. */
export async function signStripePayload(secret: string, payload: string, timestamp: number): Promise<string> {
  return `t=${timestamp},v1=${await hmacSha256Hex(secret, `${timestamp}.${payload}`)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">[,v1=…]`; any v1 may match
 * (secret rotation), compared in constant time, and the timestamp must be within the tolerance.
 */
export async function verifyStripeSignature(
  secret: string,
  header: string | null,
  payload: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): Promise<SignatureCheck> {
  if (!header) return { ok: false, reason: 'Missing Stripe-Signature header' };
  const parts = header.split(',').map((p) => p.trim().split('='));
  const timestamps = parts.filter(([k]) => k === 't').map(([, v]) => v);
  const signatures = parts.filter(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v ?? '')).map(([, v]) => v);
  if (timestamps.length !== 1 || !/^\d{1,12}$/.test(timestamps[0] ?? '')) return { ok: false, reason: 'The Stripe-Signature header has no valid timestamp' };
  if (signatures.length === 0) return { ok: false, reason: 'The Stripe-Signature header has no v1 signature' };
  const timestamp = Number(timestamps[0]);
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: 'The Stripe-Signature timestamp is outside the tolerance' };
  const expected = await hmacSha256Hex(secret, `${timestamp}.${payload}`);
  if (!signatures.some((s) => constantTimeEqual(s, expected))) return { ok: false, reason: 'No signature matches the payload' };
  return { ok: true };
}

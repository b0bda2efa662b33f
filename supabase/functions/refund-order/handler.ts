import type { FunctionEnv, FunctionHandler } from '../_shared/env.ts';
import { CORS_HEADERS, errorResponse, jsonResponse, readJsonBody } from '../_shared/http.ts';
import { executeRefund, type Refund } from '../_shared/refunds.ts';
import { bearerRole, callRpcAs, RestError } from '../_shared/supabase-api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The database's refusals a program can branch on (request_refund / retry_refund hints), answered 409. */
const REFUSALS = new Set(['refund_in_progress', 'not_refundable', 'not_cancellable', 'over_refund', 'already_refunded', 'not_found']);
/** The database's answers to a malformed request (also hints), answered 400. */
const BAD_INPUT = new Set(['reason_missing', 'reason_too_long', 'lines_missing', 'lines_invalid']);

type RefundRequest = { retry: false; orderId: string; lines: { itemId: string; qty: number }[]; reason: string; cancel: boolean } | { retry: true; refundId: string };

function parse(body: unknown): { ok: true; value: RefundRequest } | { ok: false; error: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, error: 'Send a JSON object' };
  const b = body as Record<string, unknown>;
  if (b.refundId !== undefined) {
    if (typeof b.refundId !== 'string' || !UUID.test(b.refundId)) return { ok: false, error: 'refundId must be a UUID' };
    return { ok: true, value: { retry: true, refundId: b.refundId } };
  }
  if (typeof b.orderId !== 'string' || !UUID.test(b.orderId)) return { ok: false, error: 'orderId must be a UUID' };
  if (typeof b.reason !== 'string') return { ok: false, error: 'reason must be a text' };
  const cancel = b.cancel === undefined ? false : b.cancel;
  if (typeof cancel !== 'boolean') return { ok: false, error: 'cancel must be true or false' };
  const lines = b.lines === undefined ? [] : b.lines;
  if (!Array.isArray(lines) || lines.length > 50) return { ok: false, error: 'lines must be a list of at most 50 {itemId, qty}' };
  for (const [i, line] of lines.entries()) {
    const l = line as { itemId?: unknown; qty?: unknown } | null;
    if (
      typeof l !== 'object' ||
      l === null ||
      typeof l.itemId !== 'string' ||
      !UUID.test(l.itemId) ||
      !Number.isInteger(l.qty) ||
      (l.qty as number) < 1 ||
      (l.qty as number) > 999
    ) {
      return { ok: false, error: `line ${i + 1}: give an itemId (UUID) and a whole qty from 1 to 999` };
    }
  }
  return { ok: true, value: { retry: false, orderId: b.orderId, lines: lines as { itemId: string; qty: number }[], reason: b.reason, cancel } };
}

/**
 * POST {orderId, lines: [{itemId, qty}], reason, cancel?} or {refundId} (Retry) → the refund.
 * The admin's own token asks the database (request_refund / retry_refund decide who may and what
 * is left); the payment is then given back through its provider with an idempotency key.
 * 200 {refund} when paid back; 502 {error, refund} when the provider failed (the order is as it
 * was, the refund marked failed for Retry); 409 {error, code} when the database refuses; 400 bad input.
 */
export function createHandler(env: FunctionEnv): FunctionHandler {
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (req.method !== 'POST') return errorResponse(405, 'Use POST');
    const bearer = bearerRole(req.headers.get('authorization'));
    if (bearer?.role !== 'authenticated') return errorResponse(401, 'Sign in as an admin to refund an order');
    const json = await readJsonBody(req);
    if (!json.ok) return errorResponse(json.status, json.message);
    const parsed = parse(json.value);
    if (!parsed.ok) return errorResponse(400, parsed.error);
    const body = parsed.value;

    let pending: Refund;
    try {
      pending = body.retry
        ? await callRpcAs<Refund>(env, bearer.token, 'retry_refund', { refund_id: body.refundId })
        : await callRpcAs<Refund>(env, bearer.token, 'request_refund', { order_id: body.orderId, lines: body.lines, reason: body.reason, cancel: body.cancel });
    } catch (e) {
      if (e instanceof RestError) {
        if (e.code === '42501' || e.status === 401 || e.status === 403) return errorResponse(403, 'Only an admin can refund an order');
        if (e.hint && REFUSALS.has(e.hint)) return jsonResponse(e.hint === 'not_found' ? 404 : 409, { error: e.message, code: e.hint });
        if (e.hint && BAD_INPUT.has(e.hint)) return jsonResponse(400, { error: e.message, code: e.hint });
      }
      console.error('[refund-order]', e);
      return errorResponse(502, 'The refund could not be started. Please try again.');
    }

    try {
      const refund = await executeRefund(env, pending);
      if (refund.status === 'failed') return jsonResponse(502, { error: refund.failure ?? 'The payment provider refused the refund', refund });
      return jsonResponse(200, { refund });
    } catch (e) {
      // The provider may have paid it back; the refund stays pending and Retry finds Stripe's answer under the same key.
      console.error('[refund-order] recording the outcome failed:', e);
      return jsonResponse(502, { error: 'The refund could not be recorded. Please try again.', refund: pending });
    }
  };
}

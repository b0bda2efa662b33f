import type { FunctionEnv, FunctionHandler } from '../_shared/env.ts';
import { errorResponse, jsonResponse } from '../_shared/http.ts';
import { deliverOrderEmails } from '../_shared/order-email.ts';
import { bearerRole, callRpc } from '../_shared/supabase-api.ts';

/**
 * POST, with the service-role key: what the local server does every few seconds, for a hosted
 * project's cron (docs/deploy.md): checkout sessions past their 30 minutes end and give their held
 * stock back, and the queued e-mails (order confirmations, shipping and refund notices, newsletter
 * confirmations) go out.
 * → {expired, mailed}.
 */
export function createHandler(env: FunctionEnv): FunctionHandler {
  return async (req) => {
    if (req.method !== 'POST') return errorResponse(405, 'Use POST');
    if (bearerRole(req.headers.get('authorization'))?.role !== 'service_role') return errorResponse(403, 'Only the service role runs the housekeeping');
    const expired = await callRpc<number>(env, 'expire_checkout_sessions', {});
    const mail = await deliverOrderEmails(env, 100);
    return jsonResponse(200, { expired, mailed: mail.sent, failed: mail.failed });
  };
}

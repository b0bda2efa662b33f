import type { Module, ServerContext } from '../context.ts';
import { html, redirect, type ApiRequest, type ApiResponse } from '../http.ts';
import { checkCard } from './card.ts';
import { langOf } from './copy.ts';
import { checkoutPage, noticePage, type PaymentFormState } from './page.ts';
import { findLocalSession, payLocalSession, successRedirect, type CheckoutSession } from './sessions.ts';
import { functionEnv } from '../functions/index.ts';
import { deliverOrderEmails } from '../../supabase/functions/_shared/order-email.ts';

const FORM_LIMIT = 16 * 1024;
/** The database's rule for emails (private.is_email_address). */
const EMAIL = /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/;

const PAGE_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

/** No session, so no language: this one page says it in both. */
const notFound = () => html(404, noticePage('notFound', undefined), PAGE_HEADERS);

function securityHeaders(session: CheckoutSession): Record<string, string> {
  const origins = new Set([new URL(session.success_url).origin, new URL(session.cancel_url).origin]);
  return {
    ...PAGE_HEADERS,
    // Chrome applies form-action to the redirect after a POST too, so the shop's origin is listed.
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${[...origins].join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
  };
}

async function readForm(req: ApiRequest): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return new URLSearchParams();
  return new URLSearchParams((await req.body(FORM_LIMIT)).toString('utf8'));
}

/** /_dev/checkout: the local stand-in for Stripe's hosted checkout page. */
export function createCheckout(context: ServerContext): Module {
  const { db } = context;

  async function pay(req: ApiRequest, session: CheckoutSession, basePath: string): Promise<ApiResponse> {
    const headers = securityHeaders(session);
    const lang = langOf(session.locale);
    const form = await readForm(req);
    const card = { number: form.get('number') ?? '', expiry: form.get('expiry') ?? '', cvc: form.get('cvc') ?? '' };
    const email = session.email ? null : (form.get('email') ?? '').trim().toLowerCase();
    const state: PaymentFormState = { number: card.number, expiry: card.expiry, email: email ?? undefined };

    if (email !== null && (email.length > 254 || !EMAIL.test(email))) {
      return html(400, checkoutPage(session, basePath, { ...state, error: { field: 'email', problem: 'email_invalid' } }), headers);
    }
    const check = checkCard(card, new Date());
    if (!check.ok) {
      const status = check.declined ? 402 : 400;
      return html(status, checkoutPage(session, basePath, { ...state, error: { field: check.declined ? undefined : check.field, problem: check.problem } }), headers);
    }
    const outcome = await payLocalSession(db, session.id, email);
    if (outcome.ok) {
      // As Stripe's webhook does: the confirmation queued with the order goes out now. The payment
      // stands whatever happens to the mail.
      await deliverOrderEmails(functionEnv(context)).catch((e) => console.error('[checkout] order e-mail:', e));
      return redirect(successRedirect(session.success_url, session.id));
    }
    if (outcome.reason === 'out_of_stock') return html(409, noticePage('soldOut', lang, session.cancel_url), headers);
    // The database's reason (e.g. the session expired meanwhile) is English and for developers: logged, not shown.
    console.warn(`[checkout] ${session.id} not paid: ${outcome.message}`);
    return html(409, noticePage('notPossible', lang, session.cancel_url), headers);
  }

  return {
    async handle(req) {
      const basePath = req.url.pathname.slice(0, req.url.pathname.length - req.path.length);
      const [, rawId = '', action, ...extra] = req.path.split('/');
      if (extra.length > 0) return notFound();
      let id: string;
      try {
        id = decodeURIComponent(rawId);
      } catch {
        return notFound();
      }
      const session = await findLocalSession(db, id);
      if (!session) return notFound();

      if (action === 'cancel' && (req.method === 'GET' || req.method === 'POST')) return redirect(session.cancel_url);
      if (session.status === 'complete' && (action === undefined || action === 'pay')) return redirect(successRedirect(session.success_url, session.id));
      const lang = langOf(session.locale);
      if (session.status === 'expired') return html(410, noticePage('expired', lang, session.cancel_url), securityHeaders(session));
      if (action === undefined && (req.method === 'GET' || req.method === 'HEAD')) return html(200, checkoutPage(session, basePath), securityHeaders(session));
      if (action === 'pay' && req.method === 'POST') return pay(req, session, basePath);
      return html(405, noticePage('notAllowed', lang), PAGE_HEADERS);
    },
  };
}

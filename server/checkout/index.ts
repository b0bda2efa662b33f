import type { Module, ServerContext } from '../context.ts';
import { html, redirect, type ApiRequest, type ApiResponse } from '../http.ts';
import { checkCard } from './card.ts';
import { langOf, REFUND_REASONS, refundReason, type Lang } from './copy.ts';
import { checkoutPage, noticePage, type FormError, type PaymentFormState } from './page.ts';
import { checkShippingAddress, expireLocalSession, findLocalSession, payLocalSession, successRedirect, type CheckoutSession } from './sessions.ts';
import { functionEnv } from '../functions/index.ts';
import { addressProblems, normaliseAddress, type AddressField, type ShippingAddress } from '../../supabase/functions/_shared/address.ts';

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

const ADDRESS_INPUTS: readonly AddressField[] = ['name', 'line1', 'line2', 'postalCode', 'city', 'country', 'phone'];

/** A complete session whose payment became a refund: the notice that says so, and why. */
function refundNotice(session: CheckoutSession, lang: Lang, reason: string, status: 'pending' | 'succeeded' | 'failed'): ApiResponse {
  const kind = status === 'failed' ? 'refundFailed' : 'refunded';
  return html(409, noticePage(kind, lang, session.cancel_url, REFUND_REASONS[refundReason(reason)]), securityHeaders(session));
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
    // An address confirmed on the shop's review step is the session's own: the form cannot replace it.
    const typed = session.address_confirmed
      ? (session.shipping_address as Record<AddressField, string>)
      : (Object.fromEntries(ADDRESS_INPUTS.map((f) => [f, form.get(f) ?? ''])) as Record<AddressField, string>);
    const state: PaymentFormState = { number: card.number, expiry: card.expiry, email: email ?? undefined, address: session.address_confirmed ? undefined : typed };
    const refuse = (status: number, errors: FormError[]) => html(status, checkoutPage(session, basePath, { ...state, errors }), headers);

    // Everything the customer can fix, at once; nothing is written before it is all right.
    const errors: FormError[] = [];
    if (email !== null && (email.length > 254 || !EMAIL.test(email))) errors.push({ field: 'email', problem: 'email_invalid' });
    const address = normaliseAddress(typed) as ShippingAddress;
    for (const problem of addressProblems(address, session.countries)) errors.push(problem);
    const check = checkCard(card, new Date());
    if (!check.ok && !check.declined) errors.push({ field: check.field, problem: check.problem });
    if (errors.length > 0) return refuse(400, errors);
    // The database has the last word on the address (the same rules, and the region's countries as they are now).
    const checked = await checkShippingAddress(db, address, session.shipping_region);
    if (!checked.ok) return refuse(400, [{ field: checked.field, problem: checked.problem }]);
    if (!check.ok) return refuse(402, [{ problem: 'declined' }]);

    const outcome = await payLocalSession(functionEnv(context), session.id, email, checked.address);
    if (outcome.ok && outcome.outcome === 'order') return redirect(successRedirect(session.success_url, session.id));
    if (outcome.ok) return refundNotice(session, lang, outcome.reason, outcome.refundStatus);
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
      let session = await findLocalSession(db, id);
      if (!session) return notFound();
      // Past its 30 minutes and not yet swept: it ends now, and its stock goes back.
      if (session.lapsed) {
        await expireLocalSession(db, session.id);
        session = { ...session, status: 'expired', lapsed: false };
      }

      if (action === 'cancel' && (req.method === 'GET' || req.method === 'POST')) {
        // Cancel gives the held stock back at once rather than after the 30 minutes.
        if (session.status === 'open') await expireLocalSession(db, session.id);
        return redirect(session.cancel_url);
      }
      const lang = langOf(session.locale);
      if (session.status === 'complete' && (action === undefined || action === 'pay')) {
        if (session.refund) return refundNotice(session, lang, session.refund.reason, session.refund.status);
        return redirect(successRedirect(session.success_url, session.id));
      }
      if (session.status === 'expired') return html(410, noticePage('expired', lang, session.cancel_url), securityHeaders(session));
      if (action === undefined && (req.method === 'GET' || req.method === 'HEAD')) return html(200, checkoutPage(session, basePath), securityHeaders(session));
      if (action === 'pay' && req.method === 'POST') return pay(req, session, basePath);
      return html(405, noticePage('notAllowed', lang), PAGE_HEADERS);
    },
  };
}

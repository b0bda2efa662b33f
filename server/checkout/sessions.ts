import { asRole } from '../context.ts';
import { isPgError, type Database } from '../db/types.ts';

export interface SessionLine {
  title: string;
  size: string | null;
  color: string | null;
  qty: number;
  unit_price: number;
  line_total: number;
}

export interface CheckoutSession {
  id: string;
  provider: 'local' | 'stripe';
  email: string | null;
  line_items: SessionLine[];
  amount_subtotal: number;
  amount_shipping: number;
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  /** The storefront's language when the session was created: the page is in it. */
  locale: 'en' | 'de';
}

const SERVICE_ROLE = { role: 'service_role' };
export const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * A local checkout session, read as service_role (the table is closed to every other role). A German
 * session's lines carry the product's German title where it has one, as the storefront and the
 * order e-mail name them.
 */
export async function findLocalSession(db: Database, id: string): Promise<CheckoutSession | undefined> {
  if (!SESSION_ID.test(id)) return undefined;
  const { rows } = await asRole(db, SERVICE_ROLE, (tx) =>
    tx.query<CheckoutSession>(
      `select s.id, s.provider, s.email, s.amount_subtotal, s.amount_shipping, s.amount_total, s.currency, s.success_url, s.cancel_url, s.status, s.locale,
              case when s.locale = 'de' and jsonb_typeof(s.line_items) = 'array' then (
                select coalesce(jsonb_agg(
                         case when jsonb_typeof(l.line) = 'object' and nullif(btrim(p.title_de), '') is not null
                              then l.line || jsonb_build_object('title', btrim(p.title_de)) else l.line end
                         order by l.position), '[]'::jsonb)
                from jsonb_array_elements(s.line_items) with ordinality as l (line, position)
                left join public.products p on p.id::text = l.line ->> 'product_id'
              ) else s.line_items end as line_items
       from public.checkout_sessions s where s.id = $1 and s.provider = 'local'`,
      [id],
    ),
  );
  return rows[0];
}

export type PayOutcome = { ok: true; orderNumber: string } | { ok: false; reason: 'out_of_stock' | 'refused'; message: string };

/**
 * Pays a session: records the buyer's email when the session has none, then fulfils it — one
 * transaction, so an out-of-stock line leaves the session and the stock exactly as they were.
 */
export async function payLocalSession(db: Database, id: string, email: string | null): Promise<PayOutcome> {
  try {
    const orderNumber = await asRole(db, SERVICE_ROLE, async (tx) => {
      if (email) await tx.query('update public.checkout_sessions set email = $2 where id = $1 and email is null', [id, email]);
      const { rows } = await tx.query<{ order_number: string }>('select (public.fulfil_checkout_session($1)).order_number', [id]);
      return rows[0].order_number;
    });
    return { ok: true, orderNumber };
  } catch (e) {
    if (isPgError(e) && e.code === 'P0001') {
      return e.message === 'out_of_stock' ? { ok: false, reason: 'out_of_stock', message: e.message } : { ok: false, reason: 'refused', message: e.message };
    }
    throw e;
  }
}

/** Where the shopper lands after paying: `{CHECKOUT_SESSION_ID}` filled in, or `session_id` added. */
export function successRedirect(successUrl: string, id: string): string {
  if (successUrl.includes('{CHECKOUT_SESSION_ID}')) return successUrl.replaceAll('{CHECKOUT_SESSION_ID}', id);
  const url = new URL(successUrl);
  url.searchParams.set('session_id', id);
  return url.toString();
}

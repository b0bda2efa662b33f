import { asRole } from '../context.ts';
import type { Database } from '../db/types.ts';
import type { AddressProblem, ShippingAddress } from '../../supabase/functions/_shared/address.ts';
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts';
import { settlePayment } from '../../supabase/functions/_shared/refunds.ts';
import { RestError } from '../../supabase/functions/_shared/supabase-api.ts';

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
  /** The region that priced the shipping: the address must be in one of its countries. */
  shipping_region: string;
  /** public.shipping_countries of that region, in the table's order. */
  countries: string[];
  /** The address to offer: the one given before, or a signed-in customer's last (open_checkout_session). */
  shipping_address: Partial<ShippingAddress> | null;
  /** The address was confirmed on the storefront's review step (docs/adr/0024): shown read-only, not asked again. */
  address_confirmed: boolean;
  expires_at: string;
  /** Open, but past expires_at: to be expired now. */
  lapsed: boolean;
  /** A complete session whose payment could not become an order: its refund. */
  refund: { reason: string; status: 'pending' | 'succeeded' | 'failed' } | null;
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
              s.shipping_region,
              array(select c.country from public.shipping_countries c where c.region = s.shipping_region order by c.position) as countries,
              case when jsonb_typeof(s.shipping_address) = 'object' then s.shipping_address end as shipping_address,
              (s.address_confirmed and jsonb_typeof(s.shipping_address) = 'object') as address_confirmed,
              to_char(s.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
              (s.status = 'open' and s.expires_at <= now()) as lapsed,
              (select jsonb_build_object('reason', r.reason, 'status', r.status) from public.refunds r
               where r.checkout_session_id = s.id and r.kind = 'unfulfillable') as refund,
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

/**
 * Ends an open session and gives its held stock back (public.expire_checkout_session): Cancel, or a
 * session found past its expires_at. False when it was no longer open.
 */
export async function expireLocalSession(db: Database, id: string): Promise<boolean> {
  const { rows } = await asRole(db, SERVICE_ROLE, (tx) => tx.query<{ expired: boolean }>('select public.expire_checkout_session($1) as expired', [id]));
  return rows[0]?.expired === true;
}

export type AddressCheck = { ok: true; address: ShippingAddress } | { ok: false; field: AddressProblem['field']; problem: AddressProblem['problem'] };

/** public.check_shipping_address: the database's last word on an address for a region, and its normalised form. */
export async function checkShippingAddress(db: Database, address: ShippingAddress, region: string): Promise<AddressCheck> {
  const { rows } = await asRole(db, SERVICE_ROLE, (tx) =>
    tx.query<{ answer: AddressCheck }>('select public.check_shipping_address($1::jsonb, $2) as answer', [JSON.stringify(address), region]),
  );
  return rows[0].answer;
}

export type PayOutcome =
  | { ok: true; outcome: 'order' }
  | { ok: true; outcome: 'refund'; reason: string; refundStatus: 'pending' | 'succeeded' | 'failed' }
  | { ok: false; message: string };

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `pi_local_` + 24 random letters and digits: the local stand-in for Stripe's payment intent. */
export function localPaymentIntent(): string {
  let id = '';
  while (id.length < 24) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < 248 && id.length < 24) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
    }
  }
  return `pi_local_${id}`;
}

/**
 * Pays a session as Stripe's webhook reports a payment (settlePayment): settle_checkout_session
 * records the email (a guest's) and the address and makes the order, or — when a line is gone,
 * sold out or repriced — records a refund of the whole payment, which is paid back at once.
 * A refusal of the database itself (P0001) comes back as not ok, its English message for the log.
 */
export async function payLocalSession(env: FunctionEnv, id: string, email: string | null, address: ShippingAddress): Promise<PayOutcome> {
  try {
    const settled = await settlePayment(env, id, { email, address: { ...address }, paymentIntent: localPaymentIntent() });
    if (settled.outcome === 'order') return { ok: true, outcome: 'order' };
    // No refund back from settlePayment: a replay of one already paid back.
    return { ok: true, outcome: 'refund', reason: settled.reason, refundStatus: settled.refund?.status ?? 'succeeded' };
  } catch (e) {
    if (e instanceof RestError && e.status < 500) return { ok: false, message: e.message };
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

import type { FunctionEnv } from '../_shared/env.ts';
import { createStripeCheckoutSession } from '../_shared/stripe.ts';
import { selectRows } from '../_shared/supabase-api.ts';
import type { ShippingAddress } from '../_shared/address.ts';
import type { Locale, ShippingRegion } from './validate.ts';

/** One line as public.price_cart returns it (and as checkout_sessions.line_items keeps it). */
export interface PricedLine {
  variant_id: string;
  product_id: string;
  title: string;
  sku: string | null;
  size: string | null;
  color: string | null;
  image: string | null;
  unit_price: number;
  qty: number;
  line_total: number;
}

export interface PricedCart {
  lines: PricedLine[];
  subtotal: number;
  shipping: number;
  total: number;
  currency: string;
}

export interface SessionInput {
  cart: PricedCart;
  userId: string | null;
  email: string | null;
  successUrl: string;
  cancelUrl: string;
  shippingRegion: ShippingRegion;
  locale: Locale;
  /** When the session stops taking payments and its held stock goes back (Stripe's expires_at too). */
  expiresAt: Date;
  /** The countries the region ships to (public.shipping_countries): the only ones the address may name. */
  countries: string[];
  /** The delivery address confirmed on the review step, as the database normalised it; null: the payment page asks. */
  shippingAddress?: ShippingAddress | null;
}

/** How long a checkout session holds its stock. Stripe accepts 30 minutes to 24 hours. */
export const SESSION_MINUTES = 30;

/** The countries of a shipping region, in the shop's order. */
export async function allowedCountries(env: FunctionEnv, region: ShippingRegion): Promise<string[]> {
  const rows = await selectRows<{ country: string }>(env, 'shipping_countries', { select: 'country', region: `eq.${region}`, order: 'position' });
  return rows.map((r) => r.country);
}

export interface HostedSession {
  provider: 'local' | 'stripe';
  id: string;
  url: string;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `cs_local_` + 24 random letters and digits (≈143 bits: the id is the only key to the page). */
export function newLocalSessionId(): string {
  let id = '';
  while (id.length < 24) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < 248 && id.length < 24) id += ID_ALPHABET[byte % ID_ALPHABET.length];
    }
  }
  return `cs_local_${id}`;
}

/** Adds `key=value` to a URL's query (before any #fragment), leaving the value as given. */
export function withQueryParam(url: string, key: string, rawValue: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}${key}=${rawValue}${hash}`;
}

export const lineName = (line: PricedLine) => [line.title, [line.size, line.color].filter(Boolean).join(' / ')].filter(Boolean).join(' — ');

export function localSession(env: FunctionEnv): HostedSession {
  const id = newLocalSessionId();
  return { provider: 'local', id, url: `${env.API_EXTERNAL_URL.replace(/\/$/, '')}/_dev/checkout/${id}` };
}

export async function stripeSession(env: FunctionEnv, input: SessionInput): Promise<HostedSession> {
  const currency = input.cart.currency.toLowerCase();
  const { shipping } = input.cart;
  const session = await createStripeCheckoutSession(
    env,
    {
      mode: 'payment',
      line_items: input.cart.lines.map((line) => ({
        quantity: line.qty,
        price_data: {
          currency,
          unit_amount: line.unit_price,
          product_data: {
            name: lineName(line),
            images: line.image?.startsWith('https://') ? [line.image] : undefined,
            metadata: { variant_id: line.variant_id, sku: line.sku ?? undefined },
          },
        },
      })),
      shipping_options: [
        {
          shipping_rate_data: {
            type: 'fixed_amount',
            display_name: shipping === 0 ? 'Free shipping' : 'Standard shipping',
            fixed_amount: { amount: shipping, currency },
          },
        },
      ],
      success_url: withQueryParam(input.successUrl, 'session_id', '{CHECKOUT_SESSION_ID}'),
      cancel_url: input.cancelUrl,
      customer_email: input.email ?? undefined,
      // The address confirmed on our review step travels with the payment; without one, Stripe's
      // page asks for it, limited to the countries the priced region ships to.
      ...(input.shippingAddress
        ? { payment_intent_data: { shipping: stripeShipping(input.shippingAddress) } }
        : { shipping_address_collection: { allowed_countries: input.countries } }),
      phone_number_collection: { enabled: false },
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
      client_reference_id: input.userId ?? undefined,
      // Stripe's page speaks the shop's language (Stripe knows both 'de' and 'en').
      locale: input.locale,
      metadata: {
        user_id: input.userId ?? undefined,
        shipping_region: input.shippingRegion,
        locale: input.locale,
        // Where the delivery address came from, for whoever reads the session in Stripe's dashboard (the
        // database keeps the confirmed address whatever the payment reports, docs/adr/0024).
        shipping_address: input.shippingAddress ? 'review' : undefined,
      },
    },
    crypto.randomUUID(),
  );
  return { provider: 'stripe', id: session.id, url: session.url };
}

/** payment_intent_data[shipping]: Stripe's shape of a delivery address. */
export function stripeShipping(address: ShippingAddress) {
  return {
    name: address.name,
    phone: address.phone,
    address: { line1: address.line1, line2: address.line2, postal_code: address.postalCode, city: address.city, country: address.country },
  };
}

/** The checkout_sessions row: the priced lines are kept so fulfilment charges exactly what was shown. */
export function sessionRow(session: HostedSession, input: SessionInput): Record<string, unknown> {
  return {
    id: session.id,
    provider: session.provider,
    user_id: input.userId,
    email: input.email,
    line_items: input.cart.lines,
    amount_subtotal: input.cart.subtotal,
    amount_shipping: input.cart.shipping,
    amount_total: input.cart.total,
    currency: input.cart.currency,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    url: session.url,
    status: 'open',
    shipping_region: input.shippingRegion,
    locale: input.locale,
    expires_at: input.expiresAt.toISOString(),
    // Given: the review step's, shown read-only on the payment page. Absent: the database offers a signed-in customer's last one.
    ...(input.shippingAddress ? { shipping_address: input.shippingAddress, address_confirmed: true } : {}),
  };
}

/** What a function reads from its environment: Deno.env on hosted Supabase, the local server's config here. */
export interface FunctionEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  /** The storefront's origin; checkout return URLs must point at it. */
  SITE_URL: string;
  /** The API's public URL (the local hosted checkout page lives below it); defaults to SUPABASE_URL. */
  API_EXTERNAL_URL: string;
  /** Unset: payments go through the local checkout page instead of Stripe. */
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Default https://api.stripe.com; tests point it at a local fake. */
  STRIPE_API_BASE?: string;
  /**
   * Where order confirmation e-mails are POSTed as JSON {to, subject, text, html} (with the
   * service-role key as bearer): the local server's /_dev/mail/send, or the shop's mail relay.
   * Unset: no order e-mails are sent (they stay queued in public.order_emails).
   */
  MAIL_SEND_URL?: string;
  /** Checkout sessions one client may create per 10 minutes (default 20). */
  CHECKOUT_RATE_LIMIT?: number;
}

export type FunctionHandler = (req: Request) => Promise<Response>;

const REQUIRED = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SITE_URL'] as const;

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,6}$/.test(value)) throw new Error(`CHECKOUT_RATE_LIMIT must be a whole number from 1 to 9999999, got ${value}`);
  return Number(value);
}

/** Reads the env from a getter (Deno.env.get on hosted Supabase); a missing required value fails at start, loudly. */
export function envFrom(get: (name: string) => string | undefined): FunctionEnv {
  const missing = REQUIRED.filter((name) => !get(name));
  if (missing.length > 0) throw new Error(`Missing environment variables: ${missing.join(', ')}`);
  const optional = (name: string) => get(name) || undefined;
  return {
    SUPABASE_URL: get('SUPABASE_URL') as string,
    SUPABASE_ANON_KEY: get('SUPABASE_ANON_KEY') as string,
    SUPABASE_SERVICE_ROLE_KEY: get('SUPABASE_SERVICE_ROLE_KEY') as string,
    SITE_URL: get('SITE_URL') as string,
    API_EXTERNAL_URL: optional('API_EXTERNAL_URL') ?? (get('SUPABASE_URL') as string),
    STRIPE_SECRET_KEY: optional('STRIPE_SECRET_KEY'),
    STRIPE_WEBHOOK_SECRET: optional('STRIPE_WEBHOOK_SECRET'),
    STRIPE_API_BASE: optional('STRIPE_API_BASE'),
    MAIL_SEND_URL: optional('MAIL_SEND_URL'),
    CHECKOUT_RATE_LIMIT: positiveInteger(optional('CHECKOUT_RATE_LIMIT')),
  };
}

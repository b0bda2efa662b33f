import { isLoopback, LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY, type Config } from './config.ts';
import bcrypt from 'bcryptjs';
import { SEED_USERS } from './seed/users.ts';
import type { Queryable } from './db/types.ts';

/** The administrator address the local shop (and its seed) uses; anyone who owns it would be an admin. */
const DEMO_ADMIN_EMAILS = new Set<string>(SEED_USERS.filter((u) => u.label === 'admin').map((u) => u.email));

function urlHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/**
 * Why this start counts as production (ADR 0029), or undefined for local development: listening on
 * an address other than loopback, NODE_ENV=production, or a public SITE_URL / API_EXTERNAL_URL (a
 * shop behind a reverse proxy on the same machine listens on loopback but is reached by its name).
 */
export function productionReason(config: Config, env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_ENV === 'production') return 'NODE_ENV=production';
  if (!isLoopback(config.host)) return `HOST=${config.host} is not a loopback address`;
  for (const [name, url] of [
    ['SITE_URL', config.siteUrl],
    ['API_EXTERNAL_URL', config.apiUrl],
  ] as const) {
    if (!isLoopback(urlHost(url))) return `${name}=${url} is not on this machine`;
  }
  return undefined;
}

/**
 * What makes a start unsafe, one line each, naming the variable to set; empty when nothing does.
 * Local development (productionReason undefined) keeps the published demo values; only a broken
 * SMTP setting is refused there too. `seed` = this start would seed the demo logins.
 */
export function productionProblems(config: Config, env: NodeJS.ProcessEnv, facts: { seed: boolean; demoLogins?: string[] }): string[] {
  const problems: string[] = [];
  if (config.smtp && !/^[^@\s]+@[^@\s]+$/.test(config.smtp.from)) {
    problems.push('SMTP_ADMIN_EMAIL: set the From address of outgoing mail (required with SMTP_HOST)');
  }
  if (!productionReason(config, env)) return problems;
  if (config.jwtSecret === LOCAL_JWT_SECRET) problems.push("JWT_SECRET is the Supabase CLI's published demo secret: set a random secret of at least 32 characters");
  if (config.anonKey === LOCAL_ANON_KEY) problems.push('ANON_KEY is the published demo key: set a JWT with role "anon" signed with your JWT_SECRET');
  if (config.serviceRoleKey === LOCAL_SERVICE_ROLE_KEY) {
    problems.push('SERVICE_ROLE_KEY is the published demo key: set a JWT with role "service_role" signed with your JWT_SECRET');
  }
  if (facts.seed) {
    const logins = SEED_USERS.map((u) => u.email).join(', ');
    problems.push(`DB_SEED: this start would seed the demo logins (${logins}) with their published passwords: start with --no-seed or DB_SEED=false`);
  }
  if (facts.demoLogins && facts.demoLogins.length > 0) {
    problems.push(
      `DB_SEED: ${facts.demoLogins.join(', ')} still sign${facts.demoLogins.length === 1 ? 's' : ''} in with the published seed password: change it or delete the account`,
    );
  }
  if (!config.smtp) {
    problems.push(
      'SMTP_HOST (with SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_ADMIN_EMAIL): no mailer is configured, so sign-up confirmations, password resets and order e-mails would reach no one',
    );
  }
  const stripe = [
    ['STRIPE_SECRET_KEY', config.stripeSecretKey],
    ['STRIPE_WEBHOOK_SECRET', config.stripeWebhookSecret],
  ].filter(([, value]) => !value);
  if (stripe.length > 0) {
    problems.push(
      `${stripe.map(([name]) => name).join(' and ')}: without Stripe the checkout sends shoppers to the local test payment page (/_dev/checkout), which takes no real money and is not served in production${stripe.length === 1 && !config.stripeWebhookSecret ? '; without the webhook secret no payment becomes an order' : ''}`,
    );
  }
  if (config.devRoutes) problems.push('DEV_ROUTES=true serves the mail outbox and the test checkout page (/_dev/*): unset it');
  const demoAdmins = config.adminEmails.filter((e) => DEMO_ADMIN_EMAILS.has(e));
  if (demoAdmins.length > 0) problems.push(`ADMIN_EMAILS still lists the demo administrator ${demoAdmins.join(', ')}: set your administrators' addresses`);
  return problems;
}

/**
 * Seed logins that still sign in with their published password (a database seeded on a laptop and
 * then deployed). Only asked on a production start of the shop's own database: a bcrypt compare each.
 */
export async function demoLoginsIn(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ email: string; hash: string }>(
    "select email, encrypted_password as hash from auth.users where email = any($1::text[]) and coalesce(encrypted_password, '') <> ''",
    [SEED_USERS.map((u) => u.email)],
  );
  const found: string[] = [];
  for (const row of rows) {
    const user = SEED_USERS.find((u) => u.email === row.email);
    if (user && (await bcrypt.compare(user.password, row.hash))) found.push(row.email);
  }
  return found;
}

/** The one error a refused start throws: why it counts as production, and every variable to set. */
export function refusal(config: Config, env: NodeJS.ProcessEnv, problems: string[]): Error {
  const reason = productionReason(config, env);
  const why = reason ? `This is a production start (${reason}; docs/deploy.md › "Running server/ in production"), and:` : 'The configuration is incomplete:';
  const error = new Error(`Refusing to start. ${why}\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  error.name = 'StartRefused';
  return error;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './db/migrate.ts';
import { parseTrustedProxies, type TrustedProxies } from './proxy.ts';
import { DEFAULT_RENDER_QUEUE, DEFAULT_RENDER_RATE_LIMIT, parseWidthLadder } from './storage/transform.ts';

/**
 * The Supabase CLI's well-known local secrets (public knowledge, for local development only):
 * the JWT secret and the anon / service-role keys signed with it. Every one can be overridden by env.
 */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export interface Config {
  apiPort: number;
  /** The storefront's port (the SPA served by the same process). */
  webPort: number;
  host: string;
  /** Public URL of the API, as the browser reaches it (used in links, storage URLs, checkout URLs). */
  apiUrl: string;
  /** Public URL of the storefront (GoTrue's SITE_URL: default redirect target). */
  siteUrl: string;
  /** Redirect targets allowed besides siteUrl (GoTrue's URI allow list), comma separated in env. */
  redirectAllowList: string[];
  jwtSecret: string;
  /**
   * JWT_SIGNING_KEYS: private JWK(s) that sign access tokens (a JWK, an array as GoTrue's JWT_KEYS
   * and the Supabase CLI's signing_keys.json, or a JWK set). Unset: a generated ES256 key kept in
   * DATA_DIR (ADR 0020). Holds private keys: never logged or printed.
   */
  jwtSigningKeys?: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Access-token lifetime in seconds (GoTrue's JWT_EXP). */
  jwtExpiry: number;
  databaseUrl?: string;
  /** Folder for PGlite's data and storage files; undefined = in memory, nothing on disk. */
  dataDir?: string;
  /** Schemas exposed through /rest/v1 (PostgREST's db-schemas). */
  dbSchemas: string[];
  /** Demand the apikey header, as hosted Supabase's gateway does. */
  requireApiKey: boolean;
  adminEmails: string[];
  /** Skip email confirmation (GoTrue's MAILER_AUTOCONFIRM). */
  autoConfirm: boolean;
  /**
   * Anonymous sign-ins (ENABLE_ANONYMOUS_USERS, GoTrue's EXTERNAL_ANONYMOUS_USERS_ENABLED): off unless
   * asked for, as in GoTrue and the Supabase CLI — an anonymous user has the role authenticated.
   */
  anonymousSignIns: boolean;
  /** Anonymous sign-ins per client IP per hour (GoTrue's RATE_LIMIT_ANONYMOUS_USERS, 0 disables). */
  anonymousRateLimit: number;
  /**
   * Password rules (GoTrue's PASSWORD_MIN_LENGTH and PASSWORD_REQUIRED_CHARACTERS, whose character
   * sets are separated by ':'; a password needs one character of each set).
   */
  passwordPolicy: { minLength: number; requiredCharacters: string[] };
  /**
   * A password change in a session older than 24 hours needs the nonce mailed by /reauthenticate
   * (SECURE_PASSWORD_CHANGE, GoTrue's SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION).
   */
  securePasswordChange: boolean;
  /**
   * Refuse mail to addresses that cannot receive it (MAILER_EMAIL_VALIDATION_EXTENDED, GoTrue's
   * GOTRUE_MAILER_EMAIL_VALIDATION_EXTENDED): RFC 2606 names such as example.com or *.test, a few
   * typos and single-label hosts, with 400 email_address_invalid. Off unless asked for, as in
   * self-hosted GoTrue (hosted Supabase turns it on); no DNS lookups here.
   */
  mailerEmailValidationExtended: boolean;
  /** Auth rate limits: requests per window per client IP (0 disables). */
  rateLimits: { signIn: number; signUp: number; recover: number; windowMs: number };
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Stripe's API base URL (a local fake in tests). */
  stripeApiBase: string;
  /** Country code /_dev/geo answers (empty: none). */
  devCountry: string;
  /** Storage upload limit for buckets without their own. */
  storageFileSizeLimit: number;
  /**
   * Disk the image-transformation endpoint may fill with encoded variants (least recently used go
   * first); in DATA_DIR/storage-cache, or a temp folder when the backend runs in memory.
   */
  storageRenderCacheBytes: number;
  /**
   * Serve /_dev/* (mail outbox, local checkout page, geolocation stand-in): only with DEV_ROUTES=true,
   * which `npm start` sets for the local shop. The outbox shows every sign-in link and the checkout
   * page takes test cards; a production start refuses it (server/production.ts).
   */
  devRoutes: boolean;
  /**
   * Answer cache for reads of /rest/v1 (ADR 0019): at most this many bytes and entries; 0 bytes
   * turns it off. Used only on the embedded PGlite, which no other process writes to.
   */
  answerCache: { bytes: number; entries: number };
  /**
   * Apply the shim and the shop's migrations (--migrate / --no-migrate, DB_MIGRATE), and seed
   * (--seed / --no-seed, DB_SEED). Unset: yes for an empty database or the shop's own, no for any
   * other (server/db/existing.ts), which is served as it is.
   */
  migrate?: boolean;
  seed?: boolean;
  /** Log one line per request. */
  logRequests: boolean;
  /**
   * Where functions POST order e-mails (their MAIL_SEND_URL). Unset: this server's own
   * /_dev/mail/send when devRoutes is on, /_internal/mail/send when SMTP is configured, else none
   * (the e-mails stay queued).
   */
  mailSendUrl?: string;
  /**
   * How often (ms) the server ends checkout sessions past their 30 minutes (their held stock goes
   * back) and sends queued order e-mails; 0 turns it off. HOUSEKEEPING_INTERVAL_MS, default 5000.
   */
  housekeepingMs: number;
  /** Checkout sessions one client may create per 10 minutes (CHECKOUT_RATE_LIMIT, default 20). */
  checkoutRateLimit?: number;
  /**
   * TRUSTED_PROXIES (CIDRs): only a request arriving from one of them has its client address taken
   * from X-Forwarded-For (rate limits, MFA challenges) and its scheme from X-Forwarded-Proto (HSTS).
   */
  trustedProxies: TrustedProxies;
  /**
   * Failed password sign-ins per e-mail address per RATE_LIMIT_WINDOW_MS, whatever the client
   * address (RATE_LIMIT_SIGN_IN_PER_ACCOUNT, default 10; 0 turns it off).
   */
  signInPerAccountRateLimit: number;
  /**
   * statement_timeout in ms per API role for /rest/v1, set per transaction as PostgREST applies
   * hosted Supabase's role settings (0: none). STATEMENT_TIMEOUT_ANON (3s), _AUTHENTICATED (8s),
   * _SERVICE_ROLE (8s: hosted leaves service_role unset, so the authenticator's 8s holds). PostgreSQL
   * only: PGlite runs a query to its end, whatever the setting (ADR 0031).
   */
  statementTimeouts: { anon: number; authenticated: number; service_role: number };
  /**
   * PostgREST's db-max-rows: at most this many rows in a read's or function call's answer (0: no limit).
   * PGRST_DB_MAX_ROWS, else `[api] max_rows` of supabase/config.toml (1000), as the Supabase CLI does.
   */
  maxRows: number;
  // ── Limits on image transformations (issue 22 item 7; server/storage/render.ts) ──
  /** IMAGE_WIDTHS: the widths /storage/v1/render/image snaps to (the storefront's ladder); empty ("any"): none. */
  imageWidths: number[];
  /** IMAGE_RENDER_QUEUE: encodes that may wait for a slot; more → 503 with Retry-After (default 32). */
  imageRenderQueue: number;
  /** IMAGE_RENDER_RATE_LIMIT: encodes (cache misses) per client per minute; more → 429 (default 300, 0 = off). */
  imageRenderRateLimit: number;
  /**
   * SMTP relay for auth and order e-mails (GoTrue's SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS,
   * SMTP_ADMIN_EMAIL as From, SMTP_SENDER_NAME). Unset (no SMTP_HOST): mail goes to the outbox.
   */
  smtp?: SmtpConfig;
  /**
   * The page cache for anonymous page requests (server/pageCache.ts, ADR 0032): at most this many
   * bytes (PAGE_CACHE_BYTES, 0 turns it off) and pages (PAGE_CACHE_ENTRIES).
   */
  pageCache: { bytes: number; entries: number };
}

export interface SmtpConfig {
  host: string;
  /** 465 = TLS from the start; any other port upgrades with STARTTLS when the server offers it. */
  port: number;
  user?: string;
  pass?: string;
  /** SMTP_ADMIN_EMAIL: the From address (required with SMTP_HOST). */
  from: string;
  senderName?: string;
}

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const list = (v: string | undefined, d: string[]) =>
  v === undefined
    ? d
    : v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
const bool = (v: string | undefined, d: boolean) => (v === undefined || v === '' ? d : /^(1|true|yes|on)$/i.test(v));

const optionalBool = (v: string | undefined) => (v === undefined || v === '' ? undefined : bool(v, false));

/** GoTrue's PASSWORD_REQUIRED_CHARACTERS: sets separated by ':', a literal colon written '\:'. */
export function characterSets(v: string | undefined): string[] {
  if (!v) return [];
  return v
    .split(/(?<!\\):/)
    .map((set) => set.replaceAll('\\:', ':'))
    .filter(Boolean);
}

/** A duration as Postgres writes statement_timeout: a number of ms, or with the unit ms, s or min. */
export function durationMs(v: string | undefined, d: number): number {
  const m = v === undefined ? null : /^\s*(\d+)\s*(ms|s|min)?\s*$/.exec(v);
  if (!m) return d;
  return Number(m[1]) * { ms: 1, s: 1000, min: 60_000 }[(m[2] ?? 'ms') as 'ms' | 's' | 'min'];
}

/** `max_rows` of the `[api]` table in a Supabase CLI config.toml; undefined when the file or the key is missing. */
export function tomlApiMaxRows(path: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  let table = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) table = header[1];
    const setting = /^max_rows\s*=\s*(\d+)$/.exec(line);
    if (table === 'api' && setting) return Number(setting[1]);
  }
  return undefined;
}

/** `--migrate`, `--no-migrate`, `--seed`, `--no-seed` on the command line (the last one of a pair wins; they beat env). */
export function startFlags(argv: string[]): Pick<Config, 'migrate' | 'seed'> {
  const flags: Pick<Config, 'migrate' | 'seed'> = {};
  for (const arg of argv) {
    const m = /^--(no-)?(migrate|seed)$/.exec(arg);
    if (m) flags[m[2] as 'migrate' | 'seed'] = !m[1];
  }
  return flags;
}

/** A loopback interface or name: localhost (and *.localhost), 127.0.0.0/8, ::1 (bare or in brackets). */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || /^::ffff:127\./.test(h);
}

/** The page cache's bounds unless PAGE_CACHE_BYTES / PAGE_CACHE_ENTRIES say otherwise (ADR 0032). */
export const PAGE_CACHE_DEFAULTS = { bytes: 32 * 1024 * 1024, entries: 1000 } as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const apiPort = int(env.API_PORT, 54321);
  const webPort = int(env.PORT, 5173);
  const host = env.HOST ?? '127.0.0.1';
  const jwtSecret = env.JWT_SECRET ?? LOCAL_JWT_SECRET;
  const config: Config = {
    apiPort,
    webPort,
    host,
    apiUrl: (env.API_EXTERNAL_URL ?? `http://localhost:${apiPort}`).replace(/\/$/, ''),
    siteUrl: (env.SITE_URL ?? `http://localhost:${webPort}`).replace(/\/$/, ''),
    redirectAllowList: list(env.ADDITIONAL_REDIRECT_URLS, []),
    jwtSecret,
    jwtSigningKeys: env.JWT_SIGNING_KEYS || undefined,
    anonKey: env.ANON_KEY ?? LOCAL_ANON_KEY,
    serviceRoleKey: env.SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY,
    jwtExpiry: int(env.JWT_EXPIRY, 3600),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR === ':memory:' ? undefined : (env.DATA_DIR ?? join(ROOT, '.data')),
    dbSchemas: list(env.PGRST_DB_SCHEMAS, ['public']),
    requireApiKey: bool(env.REQUIRE_APIKEY, true),
    adminEmails: list(env.ADMIN_EMAILS, ['admin@nopain-nogain.test']).map((e) => e.toLowerCase()),
    autoConfirm: bool(env.MAILER_AUTOCONFIRM, false),
    anonymousSignIns: bool(env.ENABLE_ANONYMOUS_USERS, false),
    anonymousRateLimit: int(env.RATE_LIMIT_ANONYMOUS_USERS, 30),
    passwordPolicy: { minLength: int(env.PASSWORD_MIN_LENGTH, 8), requiredCharacters: characterSets(env.PASSWORD_REQUIRED_CHARACTERS) },
    securePasswordChange: bool(env.SECURE_PASSWORD_CHANGE, false),
    mailerEmailValidationExtended: bool(env.MAILER_EMAIL_VALIDATION_EXTENDED || env.GOTRUE_MAILER_EMAIL_VALIDATION_EXTENDED, false),
    rateLimits: {
      signIn: int(env.RATE_LIMIT_SIGN_IN, 30),
      signUp: int(env.RATE_LIMIT_SIGN_UP, 10),
      recover: int(env.RATE_LIMIT_RECOVER, 5),
      windowMs: int(env.RATE_LIMIT_WINDOW_MS, 5 * 60_000),
    },
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiBase: (env.STRIPE_API_BASE || 'https://api.stripe.com').replace(/\/$/, ''),
    devCountry: (env.DEV_COUNTRY ?? '').toUpperCase(),
    storageFileSizeLimit: int(env.STORAGE_FILE_SIZE_LIMIT, 5 * 1024 * 1024),
    storageRenderCacheBytes: int(env.STORAGE_RENDER_CACHE_BYTES, 256 * 1024 * 1024),
    devRoutes: bool(env.DEV_ROUTES, false),
    answerCache: { bytes: int(env.ANSWER_CACHE_BYTES, 64 * 1024 * 1024), entries: int(env.ANSWER_CACHE_ENTRIES, 2000) },
    migrate: optionalBool(env.DB_MIGRATE),
    seed: optionalBool(env.DB_SEED),
    logRequests: bool(env.LOG_REQUESTS, false),
    mailSendUrl: env.MAIL_SEND_URL || undefined,
    housekeepingMs: int(env.HOUSEKEEPING_INTERVAL_MS, 5000),
    trustedProxies: parseTrustedProxies(env.TRUSTED_PROXIES),
    checkoutRateLimit: env.CHECKOUT_RATE_LIMIT && /^[1-9]\d{0,6}$/.test(env.CHECKOUT_RATE_LIMIT) ? Number(env.CHECKOUT_RATE_LIMIT) : undefined,
    signInPerAccountRateLimit: int(env.RATE_LIMIT_SIGN_IN_PER_ACCOUNT, 10),
    statementTimeouts: {
      anon: durationMs(env.STATEMENT_TIMEOUT_ANON, 3000),
      authenticated: durationMs(env.STATEMENT_TIMEOUT_AUTHENTICATED, 8000),
      service_role: durationMs(env.STATEMENT_TIMEOUT_SERVICE_ROLE, 8000),
    },
    maxRows: int(env.PGRST_DB_MAX_ROWS, tomlApiMaxRows(join(ROOT, 'supabase', 'config.toml')) ?? 0),
    imageWidths: parseWidthLadder(env.IMAGE_WIDTHS),
    imageRenderQueue: int(env.IMAGE_RENDER_QUEUE, DEFAULT_RENDER_QUEUE),
    imageRenderRateLimit: int(env.IMAGE_RENDER_RATE_LIMIT, DEFAULT_RENDER_RATE_LIMIT),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: int(env.SMTP_PORT, 587),
          user: env.SMTP_USER || undefined,
          pass: env.SMTP_PASS || undefined,
          from: env.SMTP_ADMIN_EMAIL ?? '',
          senderName: env.SMTP_SENDER_NAME || undefined,
        }
      : undefined,
    pageCache: { bytes: int(env.PAGE_CACHE_BYTES, PAGE_CACHE_DEFAULTS.bytes), entries: int(env.PAGE_CACHE_ENTRIES, PAGE_CACHE_DEFAULTS.entries) },
  };
  const merged = { ...config, ...overrides };
  // An API port given as an override (tests: 0 = any free port) also moves the derived URL;
  // startApiServer fills in the bound port.
  if (!env.API_EXTERNAL_URL && overrides.apiUrl === undefined) merged.apiUrl = `http://localhost:${merged.apiPort}`;
  return merged;
}

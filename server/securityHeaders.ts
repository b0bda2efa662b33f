import { createHash } from 'node:crypto';

/**
 * The browser hardening every storefront response carries (ADR 0030): a Content-Security-Policy
 * that lets scripts come only from the shop's own origin plus the page's two inline scripts (by
 * their hashes), and connections only to the API and the country lookup; no framing; powerful
 * features off. Used by the local server (server/web.ts) for every answer, and by the build
 * (vite.config.ts), which writes the same headers into `dist/_headers` for a static host.
 */

/** `<script …>…</script>`: its attributes and its text. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** Whether a `<script>` with these attributes runs: a data block (`application/json`, `application/ld+json`) does not. */
function executable(attrs: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1]?.toLowerCase();
  return type === undefined || type === '' || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type);
}

/**
 * `'sha256-…'` sources for every inline script of an HTML page that a browser would run (no `src`,
 * a JavaScript type): the hash of its text exactly as written, which is what the browser hashes.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attrs, text] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs) || !executable(attrs)) continue;
    const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return hashes;
}

/** The origins a built page preconnects to (`<link rel="preconnect" href>`): the API it was built for. */
export function preconnectOrigins(html: string): string[] {
  const origins: string[] = [];
  for (const [link] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel\s*=\s*["']?preconnect\b/i.test(link)) continue;
    const origin = originOf(/\bhref\s*=\s*["']?([^"'\s>]+)/i.exec(link)?.[1]);
    if (origin && !origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/** A URL's origin (`https://api.example.com`), or undefined for an empty or relative one. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

export type PolicySources = {
  /** `'sha256-…'` of the page's inline scripts (inlineScriptHashes). */
  scriptHashes: readonly string[];
  /** The Supabase API's origins: REST, auth and functions calls, and Storage images. */
  apiOrigins: readonly (string | undefined)[];
  /** Other origins the page fetches from: the country lookup (VITE_GEO_URL). */
  connectOrigins?: readonly (string | undefined)[];
};

const unique = (values: readonly (string | undefined)[]): string[] => [...new Set(values.filter((v): v is string => !!v))];

/**
 * The Content-Security-Policy of a storefront page. Scripts: 'self' and the inline scripts' hashes,
 * never 'unsafe-inline' or 'unsafe-eval'. Styles: Panda's stylesheets are files ('self'); inline
 * `style` attributes are allowed (React style props in server-rendered HTML, e.g. colour swatches
 * and skeleton sizes), `<style>` elements are not.
 */
export function contentSecurityPolicy({ scriptHashes, apiOrigins, connectOrigins = [] }: PolicySources): string {
  const api = unique(apiOrigins);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...unique(scriptHashes)],
    ['style-src', "'self'"],
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...api],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...unique([...api, ...connectOrigins])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** HSTS for a shop reached over HTTPS: a year; subdomains are the domain owner's to decide (ADR 0030). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Headers of every answer besides the CSP; Strict-Transport-Security only over HTTPS. */
export function securityHeaders(csp: string, { secure }: { secure: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Stripe's checkout is a page of its own (a navigation), so this page never asks for payment.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    ...(secure ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/**
 * The same headers as a `_headers` file (Netlify, Cloudflare Pages): every path gets them, HSTS
 * included (a static host serves over HTTPS), and hashed assets are cached for good.
 */
export function staticHostHeadersFile(csp: string): string {
  const lines = ["# Written by `npm run build` (vite.config.ts): the CSP hashes the inline scripts of this build's index.html.", '/*'];
  for (const [name, value] of Object.entries(securityHeaders(csp, { secure: true }))) lines.push(`  ${name}: ${value}`);
  lines.push('/assets/*', '  Cache-Control: public, max-age=31536000, immutable', '');
  return lines.join('\n');
}

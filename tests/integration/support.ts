/** Shared helpers for the integration suites: clients as the storefront builds them, users, mail. */
import { randomInt, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createClient, type Session, type SupabaseClient, type User } from '@supabase/supabase-js';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { SEED_USERS } from '../../server/seed/users.ts';

export const apiUrl = () => inject('apiUrl');
export const anonKey = () => inject('anonKey');
export const serviceRoleKey = () => inject('serviceRoleKey');

export const ADMIN = SEED_USERS[0];
export const ALEX = SEED_USERS[1];

/** A 1×1 PNG: real magic bytes, so the storage type check accepts it. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

function client(key: string, accessToken?: string): SupabaseClient {
  return createClient(apiUrl(), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: accessToken ? { headers: { Authorization: `Bearer ${accessToken}` } } : undefined,
  });
}

export const anonClient = (): SupabaseClient => client(anonKey());
/**
 * A client of one of the conformance suites' own schemas (tests/integration/schemas/<schema>.sql),
 * as anon or, with `key: serviceRoleKey()`, as the service role.
 */
export const schemaClient = (schema: string, key = anonKey()) =>
  createClient<UntypedPostgrest13, string>(apiUrl(), key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    db: { schema },
  });

/** No generated types for the fixtures' schemas; the server speaks PostgREST 13 (max-affected on RPC, spread on to-many). */
// biome-ignore lint/suspicious/noExplicitAny: the suites' schemas have no generated types.
type UntypedPostgrest13 = { __InternalSupabase: { PostgrestVersion: '13' } } & Record<string, any>;
export const serviceClient = (): SupabaseClient => client(serviceRoleKey());
/** A client that sends a fixed bearer token (forged or foreign JWTs) with the anon apikey. */
export const tokenClient = (accessToken: string): SupabaseClient => client(anonKey(), accessToken);

export interface SignedIn {
  client: SupabaseClient;
  session: Session;
  user: User;
}

export async function signIn(email: string, password: string): Promise<SignedIn> {
  const c = anonClient();
  const { data, error } = await c.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in as ${email} failed: ${error?.message ?? 'no session'}`);
  return { client: c, session: data.session, user: data.user };
}

export const uniqueEmail = (prefix = 'it') => `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
export const TEST_PASSWORD = 'Integration-Pass-2025!';

/** A fresh confirmed user, created with the admin API (POST /auth/v1/admin/users), signed in. */
export async function createConfirmedUser(opts: { email?: string; password?: string; data?: Record<string, unknown> } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? TEST_PASSWORD;
  const { error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: opts.data ?? {},
  });
  if (error) throw new Error(`admin createUser ${email} failed: ${error.status} ${error.message}`);
  return { email, password, ...(await signIn(email, password)) };
}

export interface MailJson {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** The dev outbox for one address, oldest first. */
export async function mailFor(email: string): Promise<MailJson[]> {
  const res = await fetch(`${apiUrl()}/_dev/mail?format=json&to=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`GET /_dev/mail → ${res.status}`);
  const list = (await res.json()) as MailJson[];
  return [...list].sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** Waits (briefly) until `count` mails for the address exist. */
export async function waitForMail(email: string, count = 1, timeoutMs = 5000): Promise<MailJson[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailFor(email);
    if (mails.length >= count || Date.now() > until) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link in a mail that points at the auth verify endpoint. */
export function verifyLink(mail: MailJson): string {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.map((l) => l.replaceAll('&amp;', '&')).find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no /auth/v1/verify link in mail "${mail.subject}"`);
  return link;
}

/**
 * The server builds public links from its configured apiUrl; the test backend listens on a
 * random port, so the path and query are replayed against the bound URL.
 */
export function onBackend(url: string): string {
  const u = new URL(url);
  return `${apiUrl()}${u.pathname}${u.search}`;
}

/** Follows a mailed verify link without following the redirect; returns the fragment's tokens. */
export async function followVerifyLink(link: string) {
  const res = await fetch(onBackend(link), { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const hash = new URL(location, 'http://placeholder.invalid').hash.replace(/^#/, '');
  const params = new URLSearchParams(hash);
  return { status: res.status, location, params };
}

/**
 * A raw request with the anon apikey (and bearer unless given), for what supabase-js cannot send.
 * `from`: a loopback address (127.x.y.z) the connection really comes from, so the server sees
 * another client (a rate-limit budget of its own); a forged X-Forwarded-For does not do that.
 */
export function rest(path: string, init: RequestInit & { key?: string; from?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const key = init.key ?? anonKey();
  if (!headers.has('apikey')) headers.set('apikey', key);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${key}`);
  if (init.from) return fetchFrom(init.from, `${apiUrl()}${path.startsWith('/') ? path : `/${path}`}`, { ...init, headers });
  return fetch(`${apiUrl()}${path.startsWith('/') ? path : `/${path}`}`, {
    ...init,
    headers,
    signal: init.signal ?? AbortSignal.timeout(10_000),
  });
}

/** Test-only superuser SQL (see global-setup): an oracle independent of the REST layer. */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const res = await fetch(inject('sqlOracleUrl'), { method: 'POST', body: JSON.stringify({ sql: text, params }) });
  const body = await res.json();
  if (!res.ok) throw new Error(`oracle SQL failed: ${body.message}`);
  return body as T[];
}

/** Exact row count of a table as the service role sees it (HEAD with Prefer: count=exact). */
export async function countRows(table: string): Promise<number> {
  const { count, error } = await serviceClient().from(table).select('*', { count: 'exact', head: true });
  if (error) throw new Error(`count ${table}: ${error.message}`);
  return count ?? 0;
}

/** A random loopback address other than 127.0.0.1: a client of its own, as the server sees it. */
export const loopbackClient = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/**
 * fetch() over a connection from the local address `from` (a loopback address: Linux routes all of
 * 127.0.0.0/8 to lo). The server listens on 127.0.0.1, so the URL's host is replaced by it.
 */
export function fetchFrom(from: string, url: string, init: RequestInit = {}): Promise<Response> {
  const target = new URL(url);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const body = init.body === undefined || init.body === null ? undefined : Buffer.from(init.body as string);
  if (body) headers['content-length'] = String(body.byteLength);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: target.port, path: `${target.pathname}${target.search}`, method: init.method ?? 'GET', headers, localAddress: from, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value);
          const status = res.statusCode ?? 0;
          resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: out }));
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`request to ${url} from ${from} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

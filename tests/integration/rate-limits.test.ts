/**
 * Rate limits that work behind a proxy (issue 22 item 7). Every limit counts per client address as
 * this server determines it (server/proxy.ts): the socket's peer, or X-Forwarded-For's entry when
 * the peer is one of TRUSTED_PROXIES. A client that writes its own X-Forwarded-For gets no fresh
 * budget — neither in the server's own limits nor in SQL's (private.request_ip()).
 *
 * The shared backend runs without TRUSTED_PROXIES; a test is a client of its own by connecting from
 * another loopback address (support.ts loopbackClient). A second, small backend of this file's own
 * trusts 127.0.0.1 as its reverse proxy, with low limits: requests from 127.0.0.1 carrying
 * X-Forwarded-For are "clients behind the proxy", requests from any other loopback address are
 * direct (untrusted) peers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../../server/proxy.ts';
import { type Backend, startBackend } from '../../server/start.ts';
import { fetchFrom, loopbackClient, rest, sql, uniqueEmail } from './support.ts';

/** POST /rest/v1/rpc/submit_withdrawal for an order that does not exist (the neutral answer), from `from`. */
const withdraw = (from: string, headers: Record<string, string> = {}) =>
  rest('/rest/v1/rpc/submit_withdrawal', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ order_number: 'NPNG-999999999997', email: uniqueEmail('rl-wd') }),
    from,
  });

const made: string[] = [];

afterAll(async () => {
  if (made.length) await sql('delete from private.rate_limit_hits where bucket = any($1::text[])', [made]);
});

describe('without TRUSTED_PROXIES', () => {
  it('a forged X-Forwarded-For does not give a fresh withdrawal budget (SQL sees the real client)', async () => {
    const client = loopbackClient();
    made.push(`withdrawal:${client}`);
    for (let i = 0; i < 10; i++) {
      const res = await withdraw(client, { 'x-forwarded-for': `203.0.113.${i + 1}` });
      expect(res.status).toBe(200);
    }
    const forged = await withdraw(client, { 'x-forwarded-for': '198.51.100.99', 'x-real-ip': '198.51.100.99' });
    expect([forged.status, (await forged.json()).message]).toEqual([429, 'Too many withdrawals from your connection. Please try again in 10 minutes.']);
    // Another client (a real one) still has its budget.
    expect((await withdraw(loopbackClient())).status).toBe(200);
  });
});

/** Runs `fn` with the shared backend's limit `name` (raised for the other suites by global-setup) set to `max`. */
async function withClientLimit(name: string, max: number, fn: () => Promise<void>) {
  const [{ max_hits: before }] = await sql<{ max_hits: number }>('select max_hits from private.client_rate_limits where name = $1', [name]);
  await sql('update private.client_rate_limits set max_hits = $2 where name = $1', [name, max]);
  try {
    await fn();
  } finally {
    await sql('update private.client_rate_limits set max_hits = $2 where name = $1', [name, before]);
  }
}

const contact = (from: string, subject: string, headers: Record<string, string> = {}) =>
  rest('/rest/v1/contact_messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: uniqueEmail('rl-contact'), subject, message: 'Where is my order?' }),
    from,
  });

const subscribe = (from: string, email = uniqueEmail('rl-news'), headers: Record<string, string> = {}) =>
  rest('/rest/v1/rpc/subscribe_newsletter', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, source: 'footer', locale: 'en' }),
    from,
  });

describe('the contact form and newsletter sign-ups are limited per client (SQL: private.client_rate_limits)', () => {
  it('the contact form: 5 messages per client in 10 minutes, then 429 that stores nothing; another client goes on', async () => {
    const subject = `rl-${randomUUID()}`;
    const client = loopbackClient();
    made.push(`contact:${client}`);
    await withClientLimit('contact', 5, async () => {
      for (let i = 0; i < 5; i++) expect((await contact(client, subject, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status).toBe(201);
      const over = await contact(client, subject, { 'x-forwarded-for': '198.51.100.77' });
      expect([over.status, await over.json()]).toEqual([
        429,
        expect.objectContaining({ code: 'PT429', message: 'Too many messages from your connection. Please try again in a few minutes.' }),
      ]);
      // A bulk insert cannot slip past: each row counts.
      const bulk = await rest('/rest/v1/contact_messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([1, 2, 3, 4, 5, 6].map((n) => ({ email: uniqueEmail('rl-bulk'), subject, message: `bulk ${n}` }))),
        from: loopbackClient(),
      });
      expect(bulk.status).toBe(429);
      const other = loopbackClient();
      made.push(`contact:${other}`);
      expect((await contact(other, subject)).status).toBe(201);
    });
    const stored = await sql<{ n: number }>('select count(*)::int as n from public.contact_messages where subject = $1', [subject]);
    expect(stored[0].n).toBe(6);
    await sql('delete from public.contact_messages where subject = $1', [subject]);
  });

  it('newsletter sign-ups: 10 addresses per client and hour, then 429; another client goes on', async () => {
    const client = loopbackClient();
    made.push(`newsletter:${client}`);
    await withClientLimit('newsletter', 10, async () => {
      for (let i = 0; i < 10; i++) expect((await subscribe(client, undefined, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status).toBeLessThan(300);
      const email = uniqueEmail('rl-news-over');
      const over = await subscribe(client, email);
      expect([over.status, await over.json()]).toEqual([
        429,
        expect.objectContaining({ code: 'PT429', message: 'Too many sign-ups from your connection. Please try again later.' }),
      ]);
      expect(await sql('select 1 from public.newsletter_subscribers where email = $1', [email])).toEqual([]);
      const other = loopbackClient();
      made.push(`newsletter:${other}`);
      expect((await subscribe(other, email)).status).toBeLessThan(300);
    });
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
  let proxied: Backend;
  let url: string;
  const PROXY = '127.0.0.1';

  beforeAll(async () => {
    proxied = await startBackend({
      config: {
        dataDir: undefined,
        apiPort: 0,
        logRequests: false,
        housekeepingMs: 0,
        trustedProxies: parseTrustedProxies(PROXY),
        rateLimits: { signIn: 3, signUp: 1000, recover: 1000, windowMs: 60_000 },
        checkoutRateLimit: 2,
      },
      env: {},
      seed: false,
    });
    url = proxied.api.url;
  }, 120_000);

  afterAll(async () => {
    await proxied?.stop();
  });

  const anonHeaders = () => ({ apikey: proxied.config.anonKey, 'content-type': 'application/json' });

  /** A password sign-in with wrong credentials, from `from`, optionally as the proxy forwarding `forwardedFor`. */
  const signIn = async (from: string, forwardedFor?: string) => {
    const res = await fetchFrom(from, `${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { ...anonHeaders(), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      body: JSON.stringify({ email: uniqueEmail('rl-signin'), password: 'Wrong-Pass-2025!' }),
    });
    return { status: res.status, body: (await res.json()) as { error_code?: string } };
  };

  it('two clients behind the proxy have separate sign-in budgets', async () => {
    const a = `203.0.113.${10 + Math.floor(Math.random() * 100)}`;
    const b = `198.51.100.${10 + Math.floor(Math.random() * 100)}`;
    for (let i = 0; i < 3; i++) expect((await signIn(PROXY, a)).status).toBe(400);
    expect(await signIn(PROXY, a)).toMatchObject({ status: 429, body: { error_code: 'over_request_rate_limit' } });
    // Only the address the proxy appended counts: what the client wrote left of it changes nothing.
    expect((await signIn(PROXY, `10.9.8.7, ${a}`)).status).toBe(429);
    expect((await signIn(PROXY, b)).status).toBe(400);
  });

  it('a direct peer that is not the proxy cannot forge X-Forwarded-For for a fresh budget', async () => {
    const peer = loopbackClient();
    for (let i = 0; i < 3; i++) expect((await signIn(peer, `192.0.2.${i + 1}`)).status).toBe(400);
    expect((await signIn(peer, '192.0.2.200')).status).toBe(429);
  });

  it('SQL limits see the forwarded client: a withdrawal budget per client behind the proxy', async () => {
    const a = `203.0.113.${120 + Math.floor(Math.random() * 100)}`;
    const call = (forwardedFor: string) =>
      fetchFrom(PROXY, `${url}/rest/v1/rpc/submit_withdrawal`, {
        method: 'POST',
        headers: { ...anonHeaders(), 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ order_number: 'NPNG-999999999997', email: uniqueEmail('rl-wd') }),
      });
    for (let i = 0; i < 10; i++) expect((await call(a)).status).toBe(200);
    expect((await call(a)).status).toBe(429);
    expect((await call('198.51.100.1')).status).toBe(200);
    const buckets = await proxied.db.query<{ bucket: string }>(`select distinct bucket from private.rate_limit_hits where bucket like 'withdrawal:%'`);
    expect(buckets.rows.map((r) => r.bucket)).toContain(`withdrawal:${a}`);
  });

  it('the contact form counts per client behind the proxy (its default: 5 in 10 minutes)', async () => {
    const send = (forwardedFor: string) =>
      fetchFrom(PROXY, `${url}/rest/v1/contact_messages`, {
        method: 'POST',
        headers: { ...anonHeaders(), 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email: uniqueEmail('rl-contact'), message: 'Hello' }),
      });
    const a = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 5; i++) expect((await send(a)).status).toBe(201);
    expect((await send(a)).status).toBe(429);
    expect((await send('198.51.100.3')).status).toBe(201);
  });

  it('create-checkout-session counts per client behind the proxy; a forged header from a direct peer does not help', async () => {
    const checkout = (from: string, forwardedFor?: string) =>
      fetchFrom(from, `${url}/functions/v1/create-checkout-session`, {
        method: 'POST',
        headers: { ...anonHeaders(), authorization: `Bearer ${proxied.config.anonKey}`, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
        body: JSON.stringify({
          userId: null,
          email: null,
          items: [{ variantId: randomUUID(), qty: 1 }],
          successUrl: `${proxied.config.siteUrl}/orders`,
          cancelUrl: `${proxied.config.siteUrl}/cart`,
        }),
      });
    const a = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    // An unknown variant is refused after the limit is taken: each call still counts.
    for (let i = 0; i < 2; i++) expect((await checkout(PROXY, a)).status).not.toBe(429);
    const third = await checkout(PROXY, a);
    expect([third.status, (await third.json()).code]).toEqual([429, 'rate_limited']);
    expect((await checkout(PROXY, '198.51.100.2')).status).not.toBe(429);

    const peer = loopbackClient();
    for (let i = 0; i < 2; i++) expect((await checkout(peer, `192.0.2.${i + 1}`)).status).not.toBe(429);
    expect((await checkout(peer, '192.0.2.99')).status).toBe(429);
  });
});

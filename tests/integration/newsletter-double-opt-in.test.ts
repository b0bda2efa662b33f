/**
 * Newsletter double opt-in (issue 20 item 6, ADR 0022), through the API as the storefront calls it:
 * subscribe answers the same for every address and queues a confirmation e-mail (never for a
 * confirmed address), at most 3 per address and hour; the link confirms once, within 48 hours, and
 * records time and a hashed address; unsubscribe; nobody but the service role reads the list.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ALEX, anonClient, loopbackClient, rest, serviceClient, signIn, type SignedIn, sql, uniqueEmail } from './support.ts';

const anon = anonClient();
const service = serviceClient();
let alex: SignedIn;
let admin: SignedIn;

type Subscriber = {
  id: string;
  email: string;
  user_id: string | null;
  status: string;
  locale: string;
  source: string;
  confirmation_requested_at: string | null;
  confirmation_token_hash: string | null;
  confirmation_expires_at: string | null;
  confirmed_at: string | null;
  confirmed_ip_hash: string | null;
  unsubscribe_token_hash: string | null;
  unsubscribed_at: string | null;
};
type Claimed = { id: string; kind: string; email: string; locale: string; confirmToken: string; unsubscribeToken: string };

const row = async (email: string) =>
  (
    await sql<Subscriber>(
      `select id, email, user_id, status, locale, source, confirmation_requested_at, encode(confirmation_token_hash, 'hex') as confirmation_token_hash,
              confirmation_expires_at, confirmed_at, confirmed_ip_hash, encode(unsubscribe_token_hash, 'hex') as unsubscribe_token_hash, unsubscribed_at
       from public.newsletter_subscribers where lower(email) = lower($1)`,
      [email],
    )
  )[0];
const queued = async (email: string) =>
  (
    await sql<{ n: number }>(
      `select count(*)::int as n from public.newsletter_emails e join public.newsletter_subscribers s on s.id = e.subscriber_id
       where lower(s.email) = lower($1) and e.sent_at is null`,
      [email],
    )
  )[0].n;
/** Claims every queued newsletter e-mail (as the delivery does) and returns the one for `email`. */
async function claimFor(email: string): Promise<Claimed> {
  const { data, error } = await service.rpc('claim_newsletter_emails', { max_count: 100 });
  expect(error).toBeNull();
  const mine = (data as Claimed[]).filter((m) => m.email === email.toLowerCase());
  expect(mine).toHaveLength(1);
  return mine[0];
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const subscribe = (email: string, client = anon, source = 'footer', locale = 'en') => client.rpc('subscribe_newsletter', { email, source, locale });
const confirm = (token: string, headers: Record<string, string> = {}, from?: string) =>
  rest('/rest/v1/rpc/confirm_newsletter', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ token }), from });

beforeAll(async () => {
  alex = await signIn(ALEX.email, ALEX.password);
  admin = await signIn(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await sql(`delete from public.newsletter_subscribers where email like 'dbl-%'`);
  await sql(`delete from private.rate_limit_hits where bucket like 'newsletter:dbl-%'`);
});

describe('subscribe_newsletter', () => {
  it('answers the same for a new, a pending and a confirmed address; mails only the first two', async () => {
    const email = uniqueEmail('dbl-same');
    const answers: unknown[] = [];
    const first = await subscribe(email.toUpperCase(), anon, 'footer', 'de');
    answers.push([first.status, first.data, first.error]);
    const pending = await row(email);
    expect(pending).toMatchObject({ email, status: 'pending', locale: 'de', source: 'footer', user_id: null, confirmed_at: null });
    expect(pending.confirmation_requested_at).not.toBeNull();
    expect(new Date(pending.confirmation_expires_at!).getTime() - new Date(pending.confirmation_requested_at!).getTime()).toBe(48 * 3600_000);
    expect(await queued(email)).toBe(1);

    // Pending again: a fresh link replaces the unsent one, the old token stops working.
    const second = await subscribe(email);
    answers.push([second.status, second.data, second.error]);
    const refreshed = await row(email);
    expect(refreshed.confirmation_token_hash).not.toBe(pending.confirmation_token_hash);
    expect(refreshed.locale).toBe('en');
    expect(await queued(email)).toBe(1);

    const mail = await claimFor(email);
    expect(mail.kind).toBe('confirm');
    // Only hashes are stored; the token is the one in the link.
    expect(sha256(mail.confirmToken)).toBe(refreshed.confirmation_token_hash);
    expect(sha256(mail.unsubscribeToken)).toBe(refreshed.unsubscribe_token_hash);
    expect((await confirm(mail.confirmToken)).status).toBe(204);

    const third = await subscribe(email);
    answers.push([third.status, third.data, third.error]);
    expect(await queued(email)).toBe(0);
    expect((await row(email)).status).toBe('confirmed');

    expect(answers[0]).toEqual([204, null, null]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('allows three confirmation e-mails per address and hour, then 429 for any state, changing nothing', async () => {
    const email = uniqueEmail('dbl-rate');
    for (let i = 0; i < 3; i += 1) expect((await subscribe(email)).error).toBeNull();
    const before = await row(email);
    const fourth = await subscribe(email);
    expect(fourth.status).toBe(429);
    expect(fourth.error?.code).toBe('PT429');
    expect(await row(email)).toEqual(before);
    expect(await queued(email)).toBe(1);
    // Another address is not affected.
    expect((await subscribe(uniqueEmail('dbl-rate-other'))).error).toBeNull();
  });

  it('records the signed-in customer and the account as source; refuses bad input', async () => {
    const email = uniqueEmail('dbl-account');
    expect((await subscribe(email, alex.client, 'account')).error).toBeNull();
    expect(await row(email)).toMatchObject({ user_id: alex.user.id, source: 'account', status: 'pending' });
    const bad = await subscribe('not-an-address');
    expect(bad.status).toBe(400);
    expect((await subscribe(uniqueEmail('dbl-src'), anon, 'popup')).status).toBe(400);
  });
});

describe('confirm_newsletter', () => {
  it('confirms once with time and a peppered hash of the caller’s address (not a forged X-Forwarded-For), never the raw IP', async () => {
    const email = uniqueEmail('dbl-ok');
    await subscribe(email);
    const { confirmToken } = await claimFor(email);
    const caller = loopbackClient();
    const res = await confirm(confirmToken, { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }, caller);
    expect(res.status).toBe(204);
    const confirmed = await row(email);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(confirmed.confirmation_token_hash).toBeNull();
    expect(confirmed.confirmed_ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(confirmed.confirmed_ip_hash).not.toBe(sha256(caller));
    expect(confirmed.confirmed_ip_hash).not.toContain(caller);
    const [{ same, forged }] = await sql<{ same: boolean; forged: boolean }>(`select private.hash_ip($2) = $1 as same, private.hash_ip('203.0.113.7') = $1 as forged`, [
      confirmed.confirmed_ip_hash,
      caller,
    ]);
    expect([same, forged]).toEqual([true, false]);

    // Reused: a clear error, nothing changes.
    const again = await confirm(confirmToken);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe('This confirmation link is not valid.');
    expect(await row(email)).toEqual(confirmed);
  });

  it('refuses an altered, unknown, malformed or expired token and changes nothing', async () => {
    const email = uniqueEmail('dbl-bad');
    await subscribe(email);
    const { confirmToken } = await claimFor(email);
    const before = await row(email);
    const altered = `${confirmToken.slice(0, -1)}${confirmToken.endsWith('0') ? '1' : '0'}`;
    for (const token of [altered, 'f'.repeat(64), 'abc', '', confirmToken.toUpperCase()]) {
      const res = await confirm(token);
      expect(res.status).toBe(404);
    }
    expect((await anon.rpc('confirm_newsletter', { token: null })).status).toBe(404);
    expect(await row(email)).toEqual(before);

    await sql(`update public.newsletter_subscribers set confirmation_expires_at = now() - interval '1 second' where id = $1`, [before.id]);
    const expiredBefore = await row(email);
    const expired = await confirm(confirmToken);
    expect(expired.status).toBe(410);
    expect((await expired.json()).message).toBe('This confirmation link has expired.');
    expect(await row(email)).toEqual(expiredBefore);
  });
});

describe('unsubscribe_newsletter', () => {
  it('unsubscribes with the link of the e-mail, again and again; an unknown token changes nothing', async () => {
    const email = uniqueEmail('dbl-unsub');
    await subscribe(email);
    const { confirmToken, unsubscribeToken } = await claimFor(email);
    expect((await confirm(confirmToken)).status).toBe(204);
    const unknown = await anon.rpc('unsubscribe_newsletter', { token: 'e'.repeat(64) });
    expect(unknown.status).toBe(404);
    expect((await row(email)).status).toBe('confirmed');

    expect((await anon.rpc('unsubscribe_newsletter', { token: unsubscribeToken })).error).toBeNull();
    const gone = await row(email);
    expect(gone).toMatchObject({ status: 'unsubscribed' });
    expect(gone.unsubscribed_at).not.toBeNull();
    expect((await anon.rpc('unsubscribe_newsletter', { token: unsubscribeToken })).error).toBeNull();
    expect(await row(email)).toEqual(gone);

    // Signing up again starts over with a new confirmation.
    expect((await subscribe(email)).error).toBeNull();
    expect(await row(email)).toMatchObject({ status: 'pending', unsubscribed_at: null });
    expect(await queued(email)).toBe(1);
  });
});

describe('the REST answer cache (ADR 0019) stays on', () => {
  it('no function a GET could call reads request.headers: the confirming IP is read by a volatile one', async () => {
    const rows = await sql<{ name: string }>(
      `select n.nspname || '.' || p.proname as name from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
         and p.prorettype <> 'pg_catalog.trigger'::pg_catalog.regtype and p.provolatile <> 'v' and p.prosrc ~* 'request\\.headers'`,
    );
    expect(rows).toEqual([]);
  });
});

describe('who may touch the list', () => {
  it('anon and customers can neither read nor insert subscribers, nor read the outbox or claim it; the admin only reads', async () => {
    const email = uniqueEmail('dbl-rls');
    await subscribe(email);
    for (const client of [anon, alex.client]) {
      const read = await client.from('newsletter_subscribers').select('*');
      expect(read.data ?? []).toEqual([]);
      const insert = await client.from('newsletter_subscribers').insert({ email: uniqueEmail('dbl-direct'), consent: true, source: 'footer' });
      expect(insert.error?.code).toBe('42501');
      expect((await client.from('newsletter_emails').select('*')).error?.code).toBe('42501');
      expect((await client.rpc('claim_newsletter_emails', { max_count: 1 })).error?.code).toBe('42501');
    }
    // The admin reads the list (to answer questions about consent) but cannot add to it or send from it.
    expect((await admin.client.from('newsletter_subscribers').select('email,status').eq('email', email)).data).toEqual([{ email, status: 'pending' }]);
    expect((await admin.client.from('newsletter_subscribers').insert({ email: uniqueEmail('dbl-admin'), consent: true, source: 'footer' })).error?.code).toBe('42501');
    expect((await admin.client.rpc('claim_newsletter_emails', { max_count: 1 })).error?.code).toBe('42501');
    expect((await admin.client.rpc('release_newsletter_email', { email_id: randomUUID(), confirm_token: 'x', unsubscribe_token: 'y' })).error?.code).toBe('42501');
    expect(await queued(email)).toBe(1);
  });
});

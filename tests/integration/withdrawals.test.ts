/**
 * The withdrawal function (issue 20 item 4, § 356a BGB, ADR 0025), through the API as the
 * storefront calls it: a match is stored with its time, logged and its confirmation of receipt
 * queued; a wrong e-mail or an unknown order gets the same answer and changes nothing; a second
 * declaration is answered with the first one's time; lateness after delivery; bad input; the rate
 * limit per caller address; who may read withdrawals; the queued notice and its rendered e-mail.
 * Every test makes its own orders (inserted directly: this is about the withdrawal, not the sale).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderNotice, renderNoticeEmail } from '../../supabase/functions/_shared/notice-email.ts';
import { ADMIN, anonClient, createConfirmedUser, loopbackClient, rest, serviceClient, signIn, type SignedIn, sql, uniqueEmail } from './support.ts';

type Answer = { status: 'received' | 'alreadyReceived'; receivedAt: string };
type Withdrawal = {
  id: string;
  order_id: string;
  email: string;
  name: string | null;
  statement: string | null;
  locale: string;
  late: boolean;
  delivered_at: string | null;
  received_at: string;
};

const marker = randomUUID().slice(0, 8);
const service = serviceClient();
let admin: SignedIn;
const made: string[] = [];

/** A caller address of its own per test (a real loopback source address), so each test has its own rate-limit bucket. */
const freshIp = loopbackClient;

/** POST /rest/v1/rpc/submit_withdrawal as anon (or with a user's token) from `ip`. */
async function withdraw(
  body: Record<string, unknown>,
  { ip = freshIp(), token }: { ip?: string; token?: string } = {},
): Promise<[number, Answer & { message?: string; code?: string }]> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await rest('/rest/v1/rpc/submit_withdrawal', { method: 'POST', headers, body: JSON.stringify(body), from: ip });
  return [res.status, await res.json()];
}

/** A paid order of a guest (or of an account), as fulfilment leaves it. */
async function order({ email = uniqueEmail('wd'), userId = null as string | null, locale = 'en' } = {}) {
  const [row] = await sql<{ id: string; order_number: string }>(
    `insert into public.orders (customer_email, user_id, status, subtotal, shipping, total, currency, locale, shipping_region)
     values ($1, $2, 'paid', 4500, 499, 4999, 'EUR', $3, 'DE') returning id, order_number`,
    [email, userId, locale],
  );
  made.push(row.id);
  return { ...row, email };
}

const delivered = (orderId: string, daysAgo: number) =>
  sql(`insert into public.order_events (order_id, kind, at) values ($1, 'delivered', now() - make_interval(days => $2))`, [orderId, daysAgo]);
const withdrawalsOf = (orderId: string) => sql<Withdrawal>('select * from public.withdrawals where order_id = $1', [orderId]);
const eventsOf = (orderId: string, kind: string) =>
  sql<{ data: Record<string, unknown> }>('select data from public.order_events where order_id = $1 and kind = $2', [orderId, kind]);
const noticesOf = (orderId: string) =>
  sql<{ kind: string; withdrawal_id: string | null; sent_at: string | null }>('select kind, withdrawal_id, sent_at from public.order_notices where order_id = $1', [orderId]);

/** Nothing of a withdrawal exists for the order: no row, no timeline entry, no e-mail queued. */
async function expectNothingStored(orderId: string) {
  expect(await withdrawalsOf(orderId)).toEqual([]);
  expect(await eventsOf(orderId, 'withdrawn')).toEqual([]);
  expect(await noticesOf(orderId)).toEqual([]);
}

/** The neutral answer: received, at a moment between `before` and now. */
function expectNeutral(status: number, answer: Answer, before: number) {
  expect(status).toBe(200);
  expect(Object.keys(answer).sort()).toEqual(['receivedAt', 'status']);
  expect(answer.status).toBe('received');
  const at = Date.parse(answer.receivedAt);
  expect(at).toBeGreaterThanOrEqual(before - 1000);
  expect(at).toBeLessThanOrEqual(Date.now() + 1000);
}

beforeAll(async () => {
  admin = await signIn(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  if (made.length > 0) await sql('delete from public.orders where id = any($1::uuid[])', [made]);
  await sql(`delete from private.rate_limit_hits where bucket like 'withdrawal:127.%' and bucket <> 'withdrawal:127.0.0.1'`);
});

describe('submit_withdrawal', () => {
  it('a match: stored with its time, name, words and language, logged on the timeline, its confirmation queued', async () => {
    const placed = await order({ locale: 'de' });
    const before = Date.now();
    const [status, answer] = await withdraw({
      order_number: placed.order_number.toLowerCase(),
      email: `  ${placed.email.toUpperCase()} `,
      name: ' Erika Mustermann ',
      statement: 'Das schwarze Shirt in M.',
      locale: 'de',
    });
    expectNeutral(status, answer, before);
    const [stored] = await withdrawalsOf(placed.id);
    expect(stored).toMatchObject({ email: placed.email, name: 'Erika Mustermann', statement: 'Das schwarze Shirt in M.', locale: 'de', late: false, delivered_at: null });
    expect(Date.parse(stored.received_at)).toBe(Date.parse(answer.receivedAt));
    expect(await eventsOf(placed.id, 'withdrawn')).toEqual([{ data: { withdrawalId: stored.id, late: false } }]);
    expect(await noticesOf(placed.id)).toEqual([{ kind: 'withdrawal', withdrawal_id: stored.id, sent_at: null }]);
  });

  it('takes the number without its prefix, and name and words are optional', async () => {
    const placed = await order();
    const [status, answer] = await withdraw({ order_number: placed.order_number.replace('NPNG-', ''), email: placed.email });
    expect([status, answer.status]).toEqual([200, 'received']);
    expect(await withdrawalsOf(placed.id)).toEqual([expect.objectContaining({ name: null, statement: null, locale: 'en' })]);
  });

  it('an e-mail that is not the order’s: the same answer, and nothing is stored', async () => {
    const placed = await order();
    const before = Date.now();
    const [status, answer] = await withdraw({ order_number: placed.order_number, email: uniqueEmail('wd-other'), name: 'Mallory' });
    expectNeutral(status, answer, before);
    await expectNothingStored(placed.id);
  });

  it('an unknown order: the same answer, and nothing is stored for that address', async () => {
    const nobody = uniqueEmail('wd-nobody');
    const started = Date.now();
    const [status, answer] = await withdraw({ order_number: 'NPNG-999999999999', email: nobody, statement: 'anyone there?' });
    expectNeutral(status, answer, started);
    expect(await sql('select 1 from public.orders where order_number = $1', ['NPNG-999999999999'])).toEqual([]);
    expect(await sql('select 1 from public.withdrawals where email = $1 or statement = $2', [nobody, 'anyone there?'])).toEqual([]);
  });

  it('twice: the second is answered with the first one’s time and stores nothing new; a wrong e-mail still gets the neutral answer', async () => {
    const placed = await order();
    const [, first] = await withdraw({ order_number: placed.order_number, email: placed.email, statement: 'first' });
    await new Promise((r) => setTimeout(r, 20));
    const [status, again] = await withdraw({ order_number: placed.order_number, email: placed.email, statement: 'second' });
    expect(status).toBe(200);
    expect(again).toEqual({ status: 'alreadyReceived', receivedAt: first.receivedAt });
    const [, stranger] = await withdraw({ order_number: placed.order_number, email: uniqueEmail('wd-other') });
    expect(stranger.status).toBe('received');
    expect(stranger.receivedAt).not.toBe(first.receivedAt);
    expect((await withdrawalsOf(placed.id)).map((w) => w.statement)).toEqual(['first']);
    expect(await eventsOf(placed.id, 'withdrawn')).toHaveLength(1);
    expect(await noticesOf(placed.id)).toHaveLength(1);
  });

  it('late: more than 14 days after delivery it is accepted and marked; within them it is not', async () => {
    const old = await order();
    await delivered(old.id, 20);
    const recent = await order();
    await delivered(recent.id, 3);
    const undelivered = await order();
    for (const placed of [old, recent, undelivered]) {
      const [status, answer] = await withdraw({ order_number: placed.order_number, email: placed.email });
      expect([status, answer.status]).toEqual([200, 'received']);
    }
    const [late] = await withdrawalsOf(old.id);
    expect(late.late).toBe(true);
    expect(late.delivered_at).not.toBeNull();
    expect(await eventsOf(old.id, 'withdrawn')).toEqual([{ data: { withdrawalId: late.id, late: true } }]);
    expect((await withdrawalsOf(recent.id))[0].late).toBe(false);
    expect((await withdrawalsOf(undelivered.id))[0]).toMatchObject({ late: false, delivered_at: null });
  });

  it('an account’s order matches the account’s e-mail too, even when the order names another address', async () => {
    const customer = await createConfirmedUser({ email: uniqueEmail('wd-account') });
    const placed = await order({ email: uniqueEmail('wd-checkout'), userId: customer.user.id });
    const [status, answer] = await withdraw({ order_number: placed.order_number, email: customer.email }, { token: customer.session.access_token });
    expect([status, answer.status]).toEqual([200, 'received']);
    expect(await withdrawalsOf(placed.id)).toEqual([expect.objectContaining({ email: customer.email })]);
  });

  it('bad input: a clear message, HTTP 400, nothing stored', async () => {
    const placed = await order();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ order_number: '', email: placed.email }, /enter your order number/],
      [{ order_number: 'ABC-12', email: placed.email }, /looks like NPNG-100123/],
      [{ order_number: placed.order_number, email: '' }, /enter your email/],
      [{ order_number: placed.order_number, email: 'not-an-address' }, /valid email/],
      [{ order_number: placed.order_number, email: placed.email, name: 'x'.repeat(201) }, /at most 200/],
      [{ order_number: placed.order_number, email: placed.email, statement: 'x'.repeat(2001) }, /at most 2000/],
    ];
    for (const [body, message] of cases) {
      const [status, answer] = await withdraw(body);
      expect(status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.message).toMatch(message);
    }
    await expectNothingStored(placed.id);
  });

  it('rate limit: ten calls from one address in ten minutes, the eleventh is refused (429) and changes nothing; another address goes on', async () => {
    const ip = freshIp();
    await sql(`delete from private.rate_limit_hits where bucket = $1`, [`withdrawal:${ip}`]);
    for (let i = 0; i < 10; i++) {
      const [status] = await withdraw({ order_number: 'NPNG-999999999998', email: uniqueEmail('wd-rl') }, { ip });
      expect(status).toBe(200);
    }
    const placed = await order();
    const [status, answer] = await withdraw({ order_number: placed.order_number, email: placed.email }, { ip });
    expect(status).toBe(429);
    expect(answer.message).toMatch(/Too many withdrawals/);
    await expectNothingStored(placed.id);
    const [elsewhere] = await withdraw({ order_number: placed.order_number, email: placed.email });
    expect(elsewhere).toBe(200);
    expect(await withdrawalsOf(placed.id)).toHaveLength(1);
  });
});

describe('who reads withdrawals', () => {
  it('the order’s customer and an admin read it; another customer and anon do not; nobody writes directly', async () => {
    const owner = await createConfirmedUser({ email: uniqueEmail('wd-owner') });
    const other = await createConfirmedUser({ email: uniqueEmail('wd-stranger') });
    const placed = await order({ email: owner.email, userId: owner.user.id });
    await withdraw({ order_number: placed.order_number, email: owner.email, statement: 'mine' });

    const ownView = await owner.client.from('withdrawals').select('statement').eq('order_id', placed.id);
    expect(ownView.error).toBeNull();
    expect(ownView.data).toEqual([{ statement: 'mine' }]);
    const adminView = await admin.client.from('withdrawals').select('statement').eq('order_id', placed.id);
    expect(adminView.data).toEqual([{ statement: 'mine' }]);
    const otherView = await other.client.from('withdrawals').select('statement').eq('order_id', placed.id);
    expect(otherView.error).toBeNull();
    expect(otherView.data).toEqual([]);
    const anonView = await anonClient().from('withdrawals').select('statement').eq('order_id', placed.id);
    expect(anonView.data ?? []).toEqual([]);
    expect(anonView.error?.code).toBe('42501');

    for (const client of [owner.client, admin.client, anonClient()]) {
      const insert = await client.from('withdrawals').insert({ order_id: placed.id, email: owner.email });
      expect(insert.error?.code).toBe('42501');
    }
    const update = await owner.client.from('withdrawals').update({ late: true }).eq('order_id', placed.id).select();
    expect(update.error?.code).toBe('42501');
    expect((await withdrawalsOf(placed.id)).map((w) => [w.statement, w.late])).toEqual([['mine', false]]);
  });
});

describe('the confirmation of receipt', () => {
  it('is claimed from the order notices with the time and the words, and renders with date and time in the order’s language', async () => {
    const placed = await order({ locale: 'de' });
    const [, answer] = await withdraw({ order_number: placed.order_number, email: placed.email, name: 'Erika', statement: `Widerruf ${marker}` });
    const { data, error } = await service.rpc('claim_order_notices', { max_count: 100 });
    expect(error).toBeNull();
    const claimed = data as OrderNotice[];
    // Put back what other suites queued: only ours is sent here.
    const mine = claimed.filter((n) => n.orderNumber === placed.order_number);
    for (const notice of claimed.filter((n) => n.orderNumber !== placed.order_number)) await service.rpc('release_order_notice', { notice_id: notice.id });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'withdrawal',
      email: placed.email,
      locale: 'de',
      orderNumber: placed.order_number,
      withdrawal: { receivedAt: answer.receivedAt, email: placed.email, name: 'Erika', statement: `Widerruf ${marker}` },
    });
    expect(await eventsOf(placed.id, 'email_sent')).toEqual([{ data: { email: 'withdrawal' } }]);

    const mail = renderNoticeEmail(mine[0]);
    const at = new Date(answer.receivedAt);
    const date = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
    const time = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
    expect(mail.to).toBe(placed.email);
    expect(mail.subject).toBe(`Eingangsbestätigung: Dein Widerruf zur Bestellung ${placed.order_number}`);
    expect(mail.text).toContain(`ist am ${date} um ${time} Uhr (deutsche Zeit, Europe/Berlin) bei uns eingegangen`);
    expect(mail.text).toContain(`Widerruf ${marker}`);
    expect(mail.text).toContain('No Pain, No Gain GmbH\nMusterstraße 12, 10115 Berlin, Deutschland');
  });
});

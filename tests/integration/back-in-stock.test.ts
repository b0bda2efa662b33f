/**
 * Back-in-stock alerts (issue 24 item 3, docs/adr/0038) through the API as the storefront calls it:
 * request_back_in_stock refuses an in-stock variant and a bad address, answers the same for every
 * address (no enumeration), is idempotent and rate-limited; guests confirm by e-mail, signed-in
 * customers wait at once; unsubscribe; and the trigger on public.variants turns each waiting request
 * into exactly one e-mail in its language when the variant comes back, also for 1,000 requests and
 * two restocks at the same moment. Every product, address and request here is this file's own.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { renderBackInStockEmail, type BackInStockEmail } from '../../supabase/functions/_shared/back-in-stock-email.ts';
import { anonClient, createConfirmedUser, loopbackClient, rest, serviceClient, sql, uniqueEmail } from './support.ts';

const anon = anonClient();
const service = serviceClient();
const SITE = 'http://localhost:5173';
const MARK = `bis-${randomUUID().slice(0, 8)}`;
const products: string[] = [];
const addresses: string[] = [];

type Request = { id: string; email: string; status: string; locale: string; user_id: string | null; confirmed_at: string | null; notified_at: string | null };

/** A published product of this file with a sold-out and an in-stock variant. */
async function product(title = 'Trail Shirt', titleDe = 'Laufshirt') {
  const slug = `${MARK}-${randomUUID().slice(0, 8)}`;
  const [{ id }] = await sql<{ id: string }>(`insert into public.products (slug, title, title_de, category, status) values ($1, $2, $3, 'clothing', 'published') returning id`, [
    slug,
    title,
    titleDe,
  ]);
  products.push(id);
  const variants = await sql<{ id: string; size: string }>(
    `insert into public.variants (product_id, sku, size, color, price, inventory)
     values ($1, $2 || '-m', 'M', 'Black', 2999, 0), ($1, $2 || '-l', 'L', 'Black', 2999, 4) returning id, size`,
    [id, slug],
  );
  return { id, slug, soldOut: variants.find((v) => v.size === 'M')!.id, inStock: variants.find((v) => v.size === 'L')!.id };
}

const email = (prefix: string) => {
  const address = uniqueEmail(`${MARK}-${prefix}`);
  addresses.push(address);
  return address;
};
const ask = (variantId: string, address: string | null, locale = 'en', client = anon) => client.rpc('request_back_in_stock', { variant_id: variantId, email: address, locale });
const askFrom = (from: string, variantId: string, address: string) =>
  rest('/rest/v1/rpc/request_back_in_stock', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant_id: variantId, email: address, locale: 'en' }),
    from,
  });
const requestsOf = (variantId: string) =>
  sql<Request>('select id, email, status, locale, user_id, confirmed_at, notified_at from public.back_in_stock_requests where variant_id = $1 order by id', [variantId]);
const unsent = (variantId: string, kind: string) =>
  sql<{ n: number }>(
    `select count(*)::int as n from public.back_in_stock_emails e join public.back_in_stock_requests r on r.id = e.request_id
     where r.variant_id = $1 and e.kind = $2 and e.sent_at is null`,
    [variantId, kind],
  ).then((rows) => rows[0].n);

/** Claims every queued back-in-stock e-mail (as the delivery does; only this file queues them) and keeps those to `addresses`. */
async function claim(to: string[]): Promise<BackInStockEmail[]> {
  const all: BackInStockEmail[] = [];
  for (;;) {
    const { data, error } = await service.rpc('claim_back_in_stock_emails', { max_count: 100 });
    expect(error).toBeNull();
    all.push(...(data as BackInStockEmail[]));
    if ((data as unknown[]).length < 100) break;
  }
  const wanted = new Set(to.map((a) => a.toLowerCase()));
  return all.filter((m) => wanted.has(m.email));
}
const tokenOf = (link: string | null) => new URL(link ?? 'http://x.invalid').searchParams.get('token') ?? '';
const restock = (variantId: string, inventory = 5) => service.from('variants').update({ inventory }).eq('id', variantId);

afterAll(async () => {
  if (products.length) await sql('delete from public.products where id = any($1::uuid[])', [products]);
  await sql(`delete from private.rate_limit_hits where bucket like $1`, [`back_in_stock:${MARK}-%`]);
});

describe('request_back_in_stock: bad input changes nothing', () => {
  it('an in-stock variant is refused with a clear error; an unknown one is 404', async () => {
    const p = await product();
    const address = email('instock');
    const res = await ask(p.inStock, address);
    expect([res.status, res.error?.message]).toEqual([409, 'This size is in stock: you can order it now.']);
    const unknown = await ask(randomUUID(), address);
    expect([unknown.status, unknown.error?.message]).toEqual([404, 'This product is not available.']);
    expect(await requestsOf(p.inStock)).toEqual([]);
  });

  it('a draft product is not available', async () => {
    const p = await product();
    await sql(`update public.products set status = 'draft' where id = $1`, [p.id]);
    const res = await ask(p.soldOut, email('draft'));
    expect([res.status, res.error?.message]).toEqual([404, 'This product is not available.']);
    expect(await requestsOf(p.soldOut)).toEqual([]);
  });

  it.each(['not-an-email', '', 'a@b', `${'x'.repeat(250)}@example.test`])('a bad address (%j) is refused', async (bad) => {
    const p = await product();
    const res = await ask(p.soldOut, bad);
    expect([res.status, res.error?.message]).toEqual([400, 'Please enter a valid email address.']);
    expect(await requestsOf(p.soldOut)).toEqual([]);
  });

  it('a second request for the same address and variant is the same request and answers the same', async () => {
    const p = await product();
    const address = email('twice');
    const first = await ask(p.soldOut, address.toUpperCase(), 'de');
    const second = await ask(p.soldOut, address, 'de');
    expect([first.status, first.error, second.status, second.error]).toEqual([204, null, 204, null]);
    const rows = await requestsOf(p.soldOut);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: address, status: 'pending', locale: 'de', user_id: null });
    // The pending request's older confirmation is replaced: one e-mail waits, with the latest link.
    expect(await unsent(p.soldOut, 'confirm')).toBe(1);
  });

  it('no enumeration: a waiting address gets the same answer as a new one, and no e-mail', async () => {
    const p = await product();
    const waiting = email('waits');
    await ask(p.soldOut, waiting);
    const [mail] = await claim([waiting]);
    expect(
      (await rest('/rest/v1/rpc/confirm_back_in_stock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: mail.confirmToken }) }))
        .status,
    ).toBe(204);
    const again = await ask(p.soldOut, waiting);
    const fresh = await ask(p.soldOut, email('fresh'));
    expect([again.status, again.data, again.error]).toEqual([fresh.status, fresh.data, fresh.error]);
    expect(await unsent(p.soldOut, 'confirm')).toBe(1); // only the new address's
    expect((await requestsOf(p.soldOut)).map((r) => r.status)).toEqual(['waiting', 'pending']);
  });

  it('at most 5 requests per address and hour (429), then nothing changes', async () => {
    const address = email('limit');
    const variants = await Promise.all(Array.from({ length: 6 }, () => product()));
    for (const p of variants.slice(0, 5)) expect((await ask(p.soldOut, address)).status).toBe(204);
    const over = await ask(variants[5].soldOut, address);
    expect([over.status, over.error?.message]).toEqual([429, 'Too many requests for this address. Please try again in an hour.']);
    expect(await requestsOf(variants[5].soldOut)).toEqual([]);
  });

  it('at most 20 requests per client and hour (SQL: private.client_rate_limits), another client goes on', async () => {
    const p = await product();
    const client = loopbackClient();
    const [{ max_hits: before }] = await sql<{ max_hits: number }>(`select max_hits from private.client_rate_limits where name = 'back_in_stock'`);
    await sql(`update private.client_rate_limits set max_hits = 3 where name = 'back_in_stock'`);
    try {
      for (let i = 0; i < 3; i++) expect((await askFrom(client, p.soldOut, email(`ip${i}`))).status).toBe(204);
      const over = await askFrom(client, p.soldOut, email('ip-over'));
      expect([over.status, (await over.json()).message]).toEqual([429, 'Too many requests from your connection. Please try again later.']);
      expect(await requestsOf(p.soldOut)).toHaveLength(3);
      expect((await askFrom(loopbackClient(), p.soldOut, email('ip-other'))).status).toBe(204);
    } finally {
      await sql(`update private.client_rate_limits set max_hits = $1 where name = 'back_in_stock'`, [before]);
      await sql(`delete from private.rate_limit_hits where bucket like 'back_in_stock:127.%'`);
    }
  });
});

describe('confirm, one click, unsubscribe', () => {
  it('a guest confirms by the mailed link once; an altered or used link is 404', async () => {
    const p = await product();
    const address = email('confirm');
    await ask(p.soldOut, address, 'de');
    const [mail] = await claim([address]);
    const rendered = renderBackInStockEmail(mail, SITE);
    expect(rendered.subject).toBe('Bitte bestätige: Wir sagen Dir Bescheid, wenn Laufshirt (M / Schwarz) wieder da ist');
    const token = tokenOf(backInStockLink(rendered.text, '/back-in-stock/confirm'));
    expect((await anon.rpc('confirm_back_in_stock', { token: token.replace(/.$/, token.endsWith('0') ? '1' : '0') })).status).toBe(404);
    expect((await requestsOf(p.soldOut))[0].status).toBe('pending');
    expect((await anon.rpc('confirm_back_in_stock', { token })).status).toBe(204);
    expect((await requestsOf(p.soldOut))[0]).toMatchObject({ status: 'waiting', locale: 'de' });
    expect((await anon.rpc('confirm_back_in_stock', { token })).status).toBe(404);
  });

  it('a signed-in customer waits with one click (account address, no e-mail)', async () => {
    const p = await product();
    const customer = await createConfirmedUser({ email: email('customer') });
    const res = await ask(p.soldOut, null, 'en', customer.client);
    expect([res.status, res.error]).toEqual([204, null]);
    expect(await requestsOf(p.soldOut)).toEqual([expect.objectContaining({ email: customer.email, status: 'waiting', user_id: customer.user.id })]);
    expect(await unsent(p.soldOut, 'confirm')).toBe(0);
  });

  it("a customer's requests are in their data export (Art. 15, 20 GDPR) and go with their account (Art. 17 GDPR)", async () => {
    const [a, b] = [await product(), await product('Hoodie', 'Kapuzenpullover')];
    const customer = await createConfirmedUser({ email: email('privacy') });
    const someoneElse = email('privacy-other');
    expect((await ask(a.soldOut, null, 'de', customer.client)).status).toBe(204);
    // The same address, asked as a guest (not signed in): the account's address, so the account's data.
    expect((await ask(b.soldOut, customer.email)).status).toBe(204);
    expect((await ask(a.soldOut, someoneElse)).status).toBe(204);

    const exported = await customer.client.rpc('export_my_data');
    expect(exported.error).toBeNull();
    expect(exported.data.backInStock).toEqual([
      expect.objectContaining({ email: customer.email, productSlug: b.slug, size: 'M', status: 'pending', locale: 'en' }),
      expect.objectContaining({ email: customer.email, productSlug: a.slug, size: 'M', status: 'waiting', locale: 'de' }),
    ]);
    expect(JSON.stringify(exported.data)).not.toContain(someoneElse);

    const deleted = await customer.client.rpc('delete_my_account');
    expect(deleted.error).toBeNull();
    expect(await sql('select 1 from public.back_in_stock_requests where lower(email) = lower($1) or user_id = $2', [customer.email, customer.user.id])).toEqual([]);
    expect((await requestsOf(a.soldOut)).map((r) => r.email)).toEqual([someoneElse]);
  });

  it('unsubscribe ends this and every other open request of the address; again is fine; unknown is 404', async () => {
    const [a, b] = [await product(), await product()];
    const address = email('unsub');
    await ask(a.soldOut, address);
    await ask(b.soldOut, address);
    const mails = await claim([address]);
    expect(mails).toHaveLength(2);
    const token = mails[0].unsubscribeToken;
    expect((await anon.rpc('unsubscribe_back_in_stock', { token })).status).toBe(204);
    expect((await anon.rpc('unsubscribe_back_in_stock', { token })).status).toBe(204);
    expect([(await requestsOf(a.soldOut))[0].status, (await requestsOf(b.soldOut))[0].status]).toEqual(['unsubscribed', 'unsubscribed']);
    expect((await anon.rpc('unsubscribe_back_in_stock', { token: 'f'.repeat(64) })).status).toBe(404);
    // The confirm link of an unsubscribed request no longer works.
    expect((await anon.rpc('confirm_back_in_stock', { token: mails[1].confirmToken })).status).toBe(404);
    await restock(a.soldOut);
    expect(await unsent(a.soldOut, 'notify')).toBe(0);
  });
});

/** The first link in a text with the given path. */
function backInStockLink(text: string, path: string): string {
  const link = (text.match(/https?:\/\/\S+/g) ?? []).find((l) => new URL(l).pathname === path);
  if (!link) throw new Error(`no ${path} link in:\n${text}`);
  return link;
}

describe('a restock tells each waiting request once, in its language', () => {
  it('waiting requests get one e-mail each with the product and unsubscribe links; pending ones none; a second restock nothing', async () => {
    const p = await product('Trail Shirt', 'Laufshirt');
    const customer = await createConfirmedUser({ email: email('en') });
    await ask(p.soldOut, null, 'en', customer.client);
    const german = email('de');
    await ask(p.soldOut, german, 'de');
    const pending = email('pending');
    await ask(p.soldOut, pending, 'en');
    const confirmations = await claim([german, pending]);
    await anon.rpc('confirm_back_in_stock', { token: confirmations.find((m) => m.email === german)!.confirmToken });

    expect((await restock(p.soldOut, 3)).error).toBeNull();
    const mails = await claim([customer.email, german, pending]);
    expect(mails.map((m) => [m.email, m.kind, m.locale]).sort()).toEqual(
      [
        [customer.email, 'notify', 'en'],
        [german, 'notify', 'de'],
      ].sort(),
    );
    const en = renderBackInStockEmail(mails.find((m) => m.locale === 'en')!, SITE);
    expect(en.subject).toBe("It's back: Trail Shirt (M / Black) – No Pain, No Gain");
    expect(en.text).toContain(`${SITE}/shop/${p.slug}`);
    const de = renderBackInStockEmail(mails.find((m) => m.locale === 'de')!, SITE);
    expect(de.subject).toBe('Wieder da: Laufshirt (M / Schwarz) – No Pain, No Gain');
    expect(de.html).toContain(`href="${SITE}/shop/${p.slug}"`);
    // The notification's unsubscribe link works (and ends nothing else: the request is done).
    expect((await anon.rpc('unsubscribe_back_in_stock', { token: tokenOf(backInStockLink(de.text, '/back-in-stock/unsubscribe')) })).status).toBe(204);
    expect((await requestsOf(p.soldOut)).map((r) => [r.email, r.status])).toEqual([
      [customer.email, 'notified'],
      [german, 'unsubscribed'],
      [pending, 'pending'],
    ]);

    // Sold out and back again: nobody waits any more, so nothing is sent.
    await restock(p.soldOut, 0);
    await restock(p.soldOut, 2);
    expect(await claim([customer.email, german, pending])).toEqual([]);
  });

  it('a request confirmed after the variant came back is told at once', async () => {
    const p = await product();
    const address = email('late');
    await ask(p.soldOut, address);
    const [mail] = await claim([address]);
    await restock(p.soldOut, 1);
    expect((await anon.rpc('confirm_back_in_stock', { token: mail.confirmToken })).status).toBe(204);
    expect((await claim([address])).map((m) => m.kind)).toEqual(['notify']);
  });
});

describe('1,000 waiting requests on one variant', () => {
  /** 1,000 confirmed requests of fresh addresses, made in SQL (the API's per-client limit is for people). */
  async function thousandWaiting() {
    const p = await product();
    await sql(
      `insert into public.back_in_stock_requests (variant_id, email, locale, status, confirmed_at)
       select $1, $2 || '-' || i || '@example.test', case when i % 2 = 0 then 'de' else 'en' end, 'waiting', now() from generate_series(1, 1000) i`,
      [p.soldOut, `${MARK}-k`],
    );
    return p;
  }
  async function expectThousandMails(variantId: string) {
    const rows = await sql<{ n: number; requests: number; addresses: number; de: number }>(
      `select count(*)::int as n, count(distinct e.request_id)::int as requests, count(distinct lower(r.email))::int as addresses,
              count(*) filter (where r.locale = 'de')::int as de
       from public.back_in_stock_emails e join public.back_in_stock_requests r on r.id = e.request_id
       where r.variant_id = $1 and e.kind = 'notify'`,
      [variantId],
    );
    expect(rows[0]).toEqual({ n: 1000, requests: 1000, addresses: 1000, de: 500 });
    expect((await requestsOf(variantId)).every((r) => r.status === 'notified' && r.notified_at)).toBe(true);
  }

  it('restocked once → exactly 1,000 e-mails, each address once', async () => {
    const p = await thousandWaiting();
    const started = performance.now();
    expect((await restock(p.soldOut, 10)).error).toBeNull();
    console.log(`[back-in-stock] 1,000 waiting requests restocked (${inject('databaseKind')}): ${Math.round(performance.now() - started)} ms`);
    await expectThousandMails(p.soldOut);
  });

  it('two restocks at the same moment (two API calls) → still exactly 1,000', async () => {
    const p = await thousandWaiting();
    const results = await Promise.all([restock(p.soldOut, 10), restock(p.soldOut, 7)]);
    expect(results.map((r) => r.error)).toEqual([null, null]);
    await expectThousandMails(p.soldOut);
  });

  it.runIf(inject('databaseKind') === 'postgres')(
    'two admins restock in two real connections at once → still exactly 1,000 (PostgreSQL only: PGlite has one connection)',
    async () => {
      const p = await thousandWaiting();
      const url = process.env.DATABASE_URL;
      expect(url, 'DATABASE_URL of the test cluster').toBeTruthy();
      const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
      await Promise.all([a.connect(), b.connect()]);
      try {
        await Promise.all([a.query('begin'), b.query('begin')]);
        const started = performance.now();
        // A's UPDATE holds the row lock in its open transaction while B's UPDATE arrives: B waits for it,
        // then finds the variant in stock (no trigger). (Sending both at once made the order a race: when
        // B's came first, A's waited for B while the test waited for A before committing B — a hang.)
        await a.query('update public.variants set inventory = 10 where id = $1', [p.soldOut]);
        const second = b.query('update public.variants set inventory = 8 where id = $1', [p.soldOut]);
        await new Promise((r) => setTimeout(r, 50));
        await a.query('commit');
        await second;
        await b.query('commit');
        console.log(`[back-in-stock] 1,000 waiting requests, two concurrent restocks on PostgreSQL: ${Math.round(performance.now() - started)} ms`);
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
      await expectThousandMails(p.soldOut);
    },
  );
});

describe('the table is closed to the API', () => {
  it('anon and customers neither read nor write requests or the outbox; only the functions do', async () => {
    const customer = await createConfirmedUser({ email: email('closed') });
    for (const client of [anon, customer.client]) {
      for (const table of ['back_in_stock_requests', 'back_in_stock_emails']) {
        const read = await client.from(table).select('*').limit(1);
        expect(read.error?.code, table).toBe('42501');
        const row: Record<string, unknown> = table === 'back_in_stock_requests' ? { variant_id: randomUUID(), email: 'x@example.test' } : { request_id: 1, kind: 'notify' };
        const write = await client.from(table).insert(row);
        expect(write.error?.code, table).toBe('42501');
      }
      expect((await client.rpc('claim_back_in_stock_emails', { max_count: 1 })).error).not.toBeNull();
    }
  });
});

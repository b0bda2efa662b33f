/**
 * Fulfilment under concurrency: the last unit of a variant paid for by twenty buyers at once, and
 * one checkout session fulfilled many times — one order each time, every other payment refunded,
 * inventory never below zero. Open sessions hold their stock (ADR 0021), so twenty payments for
 * one unit happen only to sessions that outlived their hold: the tests make exactly that.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALEX, anonClient, apiUrl, serviceClient, signIn, sql, uniqueEmail } from './support.ts';

const SUCCESS = 'http://localhost:5173/orders';
const CANCEL = 'http://localhost:5173/cart';

let service: SupabaseClient;
let variant: { id: string; inventory: number; price: number };
const sessions: string[] = [];

async function setInventory(n: number) {
  const { error } = await service.from('variants').update({ inventory: n }).eq('id', variant.id);
  if (error) throw new Error(`set inventory: ${error.message}`);
}

async function inventory(): Promise<number> {
  const { data } = await service.from('variants').select('inventory').eq('id', variant.id).single();
  return data!.inventory;
}

async function createSession(client: SupabaseClient, userId: string | null, email: string | null, qty = 1): Promise<string> {
  const { data, error } = await client.functions.invoke('create-checkout-session', {
    body: { userId, email, items: [{ variantId: variant.id, qty }], successUrl: SUCCESS, cancelUrl: CANCEL },
  });
  if (error) throw new Error(`create-checkout-session failed: ${error.message}`);
  sessions.push(data.sessionId);
  return data.sessionId as string;
}

/** The last form a checkout page rendered: a completed session's page redirects instead of showing one. */
let lastPageForm: URLSearchParams | undefined;

/** The page's own form: every input it renders, with its prefilled value (the 4242… test card). */
async function pageForm(sessionId: string): Promise<URLSearchParams> {
  const res = await fetch(`${apiUrl()}/_dev/checkout/${encodeURIComponent(sessionId)}`, { redirect: 'manual' });
  if (res.status !== 200) {
    await res.arrayBuffer();
    if (!lastPageForm) throw new Error(`the checkout page of ${sessionId} answered ${res.status} before any page showed a form`);
    return new URLSearchParams(lastPageForm);
  }
  const html = await res.text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input[^>]*\bname="([^"]+)"[^>]*\bvalue="([^"]*)"/g)) form.set(name, value);
  if (form.has('email') && !form.get('email')) form.set('email', uniqueEmail('payer'));
  if (form.has('cvc') && !form.get('cvc')) form.set('cvc', '123');
  fillAddress(form);
  lastPageForm = form;
  return new URLSearchParams(form);
}

/** A German delivery address where the page left the fields empty (a guest's first purchase). */
function fillAddress(form: URLSearchParams) {
  const address: Record<string, string> = { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE' };
  for (const [field, value] of Object.entries(address)) if (!form.get(field)) form.set(field, value);
}

/** Sessions for one unit each, made while there is stock for all, then past their 30 minutes: their holds given back. */
async function sessionsPastTheirHold(count: number, make: (i: number) => Promise<string>): Promise<string[]> {
  await setInventory(count);
  const ids = await Promise.all(Array.from({ length: count }, (_, i) => make(i)));
  await sql(`update public.checkout_sessions set expires_at = now() - interval '1 second' where id = any($1)`, [ids]);
  await sql('select public.expire_checkout_sessions()');
  expect(await inventory()).toBe(count);
  return ids;
}

async function refundsFor(ids: string[]) {
  return sql<{ checkout_session_id: string; status: string; amount: number }>(
    `select checkout_session_id, status, amount from public.refunds where kind = 'unfulfillable' and checkout_session_id = any($1)`,
    [ids],
  );
}

async function pay(sessionId: string, form?: URLSearchParams) {
  return fetch(`${apiUrl()}/_dev/checkout/${encodeURIComponent(sessionId)}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: (form ?? (await pageForm(sessionId))).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(20_000),
  });
}

const isSuccessRedirect = (res: Response, sessionId: string) => {
  if (res.status !== 303) return false;
  const location = new URL(res.headers.get('location') ?? '', 'http://x.invalid');
  return `${location.origin}${location.pathname}` === SUCCESS && location.searchParams.get('session_id') === sessionId;
};

async function ordersFor(ids: string[]) {
  const { data, error } = await service.from('orders').select('id,status,checkout_session_id,user_id,customer_email').in('checkout_session_id', ids);
  if (error) throw new Error(error.message);
  return data as { id: string; status: string; checkout_session_id: string }[];
}

/** Samples the variant's inventory straight from the database until stopped; returns the minimum seen. */
function watchInventory() {
  let running = true;
  let min = Number.POSITIVE_INFINITY;
  const loop = (async () => {
    while (running) {
      const [row] = await sql<{ inventory: number }>('select inventory from public.variants where id = $1', [variant.id]);
      min = Math.min(min, Number(row.inventory));
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return min;
  };
}

beforeAll(async () => {
  service = serviceClient();
  const { data, error } = await service
    .from('variants')
    .select('id,inventory,price,products!inner(status)')
    .eq('products.status', 'published')
    .gt('inventory', 0)
    .order('id')
    .limit(1)
    .single();
  if (error) throw new Error(`no variant in stock: ${error.message}`);
  variant = { id: data.id, inventory: data.inventory, price: data.price };
});

afterAll(async () => {
  if (!variant) return;
  if (sessions.length) {
    await sql('delete from public.refunds where checkout_session_id = any($1)', [sessions]);
    await service.from('orders').delete().in('checkout_session_id', sessions);
    await service.from('checkout_sessions').delete().in('id', sessions);
  }
  await setInventory(variant.inventory);
});

describe('fulfilment under concurrency', () => {
  it('twenty buyers for the last unit at once: one session opens and pays, nineteen are told before paying; inventory never negative', async () => {
    await setInventory(1);
    const alex = await signIn(ALEX.email, ALEX.password);
    const stop = watchInventory();
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        i === 0 ? createSession(alex.client, alex.user.id, ALEX.email) : i % 2 ? createSession(anonClient(), null, uniqueEmail('guest')) : createSession(anonClient(), null, null),
      ),
    );
    const opened = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    expect(opened).toHaveLength(1);
    for (const refused of attempts.filter((a) => a.status === 'rejected')) expect(String((refused as PromiseRejectedResult).reason)).toMatch(/create-checkout-session failed/);
    expect(await inventory()).toBe(0);

    const [winner] = opened;
    const answers = await Promise.all(Array.from({ length: 5 }, async () => pay(winner, await pageForm(winner))));
    const minSeen = await stop();
    for (const res of answers) expect(res.status, `pay → ${res.status}`).toBeLessThan(500);
    expect(answers.some((res) => isSuccessRedirect(res, winner))).toBe(true);
    const orders = await ordersFor([winner]);
    expect(orders).toHaveLength(1);
    expect(orders[0].status).toBe('paid');
    expect(await inventory()).toBe(0);
    expect(minSeen).toBeGreaterThanOrEqual(0);
    const { data: items } = await service.from('order_items').select('variant_id,qty,unit_price,line_total').eq('order_id', orders[0].id);
    expect(items).toEqual([{ variant_id: variant.id, qty: 1, unit_price: variant.price, line_total: variant.price }]);
    expect(await refundsFor([winner])).toEqual([]);
  }, 60_000);

  it('the last unit through the rpc as the service role, twenty at once: one order, the rest out_of_stock', async () => {
    const ids = await sessionsPastTheirHold(20, () => createSession(anonClient(), null, uniqueEmail('rpc')));
    await setInventory(1);
    const stop = watchInventory();
    const results = await Promise.all(ids.map((session_id) => service.rpc('fulfil_checkout_session', { session_id })));
    const minSeen = await stop();
    const ok = results.filter((r) => r.error === null);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.error !== null)) {
      expect(r.error!.code).toBe('P0001');
      expect(r.error!.message).toContain('out_of_stock');
      expect(r.status).toBe(400);
    }
    expect(await ordersFor(ids)).toHaveLength(1);
    expect(await inventory()).toBe(0);
    expect(minSeen).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('one session fulfilled 5 times in parallel and 5 times in sequence → one order, one decrement', async () => {
    await setInventory(5);
    const id = await createSession(anonClient(), null, uniqueEmail('idem'), 2);
    // The open session holds its two units; paying sells them and takes nothing more.
    expect(await inventory()).toBe(3);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => service.rpc('fulfil_checkout_session', { session_id: id })));
    for (const r of parallel) expect(r.error).toBeNull();
    const orderIds = new Set(parallel.map((r) => r.data.id));
    expect(orderIds.size).toBe(1);
    for (let i = 0; i < 5; i++) {
      const r = await service.rpc('fulfil_checkout_session', { session_id: id });
      expect(r.error).toBeNull();
      expect(r.data.id).toBe([...orderIds][0]);
    }
    // The page of a paid session only sends the shopper on.
    const paid = await pay(id, new URLSearchParams());
    expect(isSuccessRedirect(paid, id)).toBe(true);
    expect(await ordersFor([id])).toHaveLength(1);
    expect(await inventory()).toBe(3);
  }, 60_000);

  it('the checkout page paid 5 times in parallel for one session → one order', async () => {
    await setInventory(5);
    const id = await createSession(anonClient(), null, uniqueEmail('page'));
    const form = await pageForm(id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(id, new URLSearchParams(form))));
    for (const res of answers) expect(res.status).toBeLessThan(500);
    expect(
      answers.some((res) => isSuccessRedirect(res, id)),
      answers.map((r) => `${r.status} ${r.headers.get('location') ?? ''}`).join('\n'),
    ).toBe(true);
    expect(await ordersFor([id])).toHaveLength(1);
    expect(await inventory()).toBe(4);
  }, 60_000);

  it('the form the checkout page renders, submitted as a shopper would, pays', async () => {
    await setInventory(5);
    const id = await createSession(anonClient(), null, uniqueEmail('page-form'));
    const form = await pageForm(id);
    expect(form.get('number')?.replaceAll(' ', '')).toBe('4242424242424242');
    const res = await pay(id, form);
    expect(res.status, `→ ${res.status} ${res.headers.get('location') ?? ''}`).toBe(303);
    expect(isSuccessRedirect(res, id)).toBe(true);
    expect(await ordersFor([id])).toHaveLength(1);
  });

  it('an unknown session cannot be paid or fulfilled', async () => {
    const bogus = `cs_local_${randomUUID().replaceAll('-', '')}`;
    const res = await pay(bogus);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const r = await service.rpc('fulfil_checkout_session', { session_id: bogus });
    expect(r.error).not.toBeNull();
    expect(r.status).toBeLessThan(500);
    expect(await ordersFor([bogus])).toEqual([]);
  });
});

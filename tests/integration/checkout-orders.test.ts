/**
 * The backend half of checkout and orders as the storefront uses it: shipping rates from one table,
 * cart refusals a program can read, the local hosted checkout paid through its form, the guest's
 * order look-up by checkout session, the signed-in order detail under RLS, the one confirmation
 * e-mail per order, and stock that reaches the listing.
 */
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { withdrawalBlocks } from '../../supabase/functions/_shared/withdrawal-information.ts';
import { ADMIN, ALEX, anonClient, apiUrl, createConfirmedUser, mailFor, onBackend, rest, serviceClient, signIn, sql, uniqueEmail, waitForMail, type SignedIn } from './support.ts';

const SITE = 'http://localhost:5173';
/** SPEC §9's rates, in EUR, as the migration seeds public.shipping_rates. */
const REGIONS = [
  { region: 'DE', currency: 'EUR', standard_rate: 499, express_rate: 999, free_from: 5000 },
  { region: 'EU', currency: 'EUR', standard_rate: 799, express_rate: 1499, free_from: 7500 },
  { region: 'UK', currency: 'EUR', standard_rate: 999, express_rate: 1999, free_from: 10000 },
  { region: 'US', currency: 'EUR', standard_rate: 1299, express_rate: 2499, free_from: 15000 },
];
const ORDER_KEYS = [
  'createdAt',
  'currency',
  'email',
  'id',
  'items',
  'orderNumber',
  'shipping',
  'shippingAddress',
  'shippingRegion',
  'status',
  'subtotal',
  'total',
  'vatAmount',
  'vatRateBasisPoints',
];
/** What the signed-in order detail screen selects (src/api/orders.ts), lines with their product's German title. */
const DETAIL_SELECT =
  'id,order_number,status,created_at,subtotal,shipping,total,currency,shipping_region,checkout_session_id,order_items(title,size,color,qty,unit_price,line_total,image,products(title_de))';

let service: SupabaseClient;
const marker = randomUUID().replaceAll('-', '').slice(0, 10);
/** The test's own published products: a tee with its last two units, a hoodie with plenty; and a draft. */
const fixture = {
  teeId: '',
  lastUnits: '',
  plenty: '',
  plentyXl: '',
  draftVariant: '',
  teeImage: `https://img.example/it-co-${marker}.png`,
  hoodieImage: `https://img.example/it-co-p-${marker}.png`,
};
const sessions: string[] = [];

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

async function insert<T = Record<string, unknown>>(table: string, row: Record<string, unknown>): Promise<T> {
  const { data, error } = await service.from(table).insert(row).select().single();
  if (error) throw new Error(`insert into ${table}: ${error.message}`);
  return data as T;
}

type Line = { variantId: string; qty: number };

async function startCheckout(client: SupabaseClient, body: Record<string, unknown> & { items: Line[] }) {
  const res = await client.functions.invoke('create-checkout-session', { body: { successUrl: `${SITE}/orders`, cancelUrl: `${SITE}/cart`, ...body } });
  if (res.data?.sessionId) sessions.push(res.data.sessionId);
  return res;
}

/** The local hosted page, paid through its form with the 4242 test card, as a shopper would. */
async function payThroughPage(url: string, email?: string): Promise<Response> {
  const page = await fetch(onBackend(url));
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input[^>]*\bname="([^"]+)"[^>]*\bvalue="([^"]*)"/g)) form.set(name, value);
  if (email) form.set('email', email);
  if (!form.get('cvc')) form.set('cvc', '123');
  // A guest's first purchase: the address fields are empty; the country is the first the page offers.
  const country = form.get('country') || (/<option value="([A-Z]{2})"/.exec(html)?.[1] ?? 'DE');
  const postcodes: Record<string, string> = { DE: '51147', AT: '1010', CH: '8001', GB: 'SW1A 1AA', US: '10001' };
  const address: Record<string, string> = { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: postcodes[country] ?? '1000', city: 'Köln', country };
  for (const [field, value] of Object.entries(address)) if (!form.get(field)) form.set(field, value);
  return fetch(`${onBackend(url)}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
}

const inventoryOf = async (variantId: string) => (await service.from('variants').select('inventory').eq('id', variantId).single()).data?.inventory as number;

beforeAll(async () => {
  service = serviceClient();
  const tee = await insert<{ id: string }>('products', {
    slug: `it-co-${marker}`,
    title: `Checkout Tee ${marker}`,
    title_de: `Kassen-Shirt ${marker}`,
    description: 'x',
    category: 'clothing',
    status: 'published',
    currency: 'EUR',
  });
  fixture.teeId = tee.id;
  fixture.lastUnits = (await insert<{ id: string }>('variants', { product_id: tee.id, sku: `IT-CO-${marker}-M`, size: 'M', color: 'Black', price: 2500, inventory: 2 })).id;
  await insert('media', { product_id: tee.id, url: fixture.teeImage, alt: 'tee', is_primary: true, sort_order: 0 });
  const hoodie = await insert<{ id: string }>('products', {
    slug: `it-co-p-${marker}`,
    title: `Checkout Hoodie ${marker}`,
    description: 'x',
    category: 'clothing',
    status: 'published',
  });
  fixture.plenty = (await insert<{ id: string }>('variants', { product_id: hoodie.id, sku: `IT-CO-${marker}-L`, size: 'L', color: 'Black', price: 2500, inventory: 50 })).id;
  fixture.plentyXl = (await insert<{ id: string }>('variants', { product_id: hoodie.id, sku: `IT-CO-${marker}-XL`, size: 'XL', color: 'Black', price: 3000, inventory: 50 })).id;
  await insert('media', { product_id: hoodie.id, url: fixture.hoodieImage, alt: 'hoodie', is_primary: true, sort_order: 0 });
  const draft = await insert<{ id: string }>('products', { slug: `it-co-d-${marker}`, title: `Draft ${marker}`, description: 'x', category: 'clothing', status: 'draft' });
  fixture.draftVariant = (await insert<{ id: string }>('variants', { product_id: draft.id, sku: `IT-CO-${marker}-D`, price: 1000, inventory: 5 })).id;
});

afterAll(async () => {
  if (sessions.length) {
    await sql('delete from public.refunds where checkout_session_id = any($1)', [sessions]);
    await service.from('orders').delete().in('checkout_session_id', sessions);
    await service.from('checkout_sessions').delete().in('id', sessions);
  }
  await service.from('products').delete().like('slug', `it-co-%${marker}`);
});

describe('shipping regions', () => {
  it('are read by anyone with the storefront’s query, in their order', async () => {
    const path = '/rest/v1/shipping_rates?select=region,currency,standard_rate,express_rate,free_from,shipping_regions(position)&currency=eq.EUR&order=shipping_regions(position)';
    const anon = await rest(path);
    const withoutPosition = (rows: Record<string, unknown>[]) => rows.map(({ shipping_regions: _, ...row }) => row);
    expect([anon.status, withoutPosition(await anon.json())]).toEqual([200, REGIONS]);
    const alex = await signIn(ALEX.email, ALEX.password);
    const signedIn = await rest(path, { headers: { authorization: `Bearer ${alex.session.access_token}` } });
    expect(withoutPosition(await signedIn.json())).toEqual(REGIONS);
  });

  it('cannot be written by anon, customers or admins', async () => {
    const [alex, admin] = await Promise.all([signIn(ALEX.email, ALEX.password), signIn(ADMIN.email, ADMIN.password)]);
    for (const [who, client] of [
      ['anon', anonClient()],
      ['customer', alex.client],
      ['admin', admin.client],
    ] as const) {
      const inserted = await client.from('shipping_rates').insert({ region: 'US', currency: 'EUR', standard_rate: 1, express_rate: 1, free_from: 1 });
      expect(inserted.error?.code, `${who} insert`).toBe('42501');
      const updated = await client.from('shipping_rates').update({ standard_rate: 0 }).eq('region', 'DE');
      expect(updated.error?.code, `${who} update`).toBe('42501');
      const deleted = await client.from('shipping_rates').delete().eq('region', 'UK');
      expect(deleted.error?.code, `${who} delete`).toBe('42501');
      const country = await client.from('shipping_countries').insert({ country: 'XX', region: 'DE', position: 99 });
      expect(country.error?.code, `${who} insert country`).toBe('42501');
    }
    const { data } = await service.from('shipping_rates').select('region,currency,standard_rate,express_rate,free_from').eq('currency', 'EUR').order('region');
    expect(data).toEqual(REGIONS);
  });

  it('are what price_cart charges: a changed rate is charged at once', async () => {
    const price = async (region: string, qty: number) => {
      const { data, error } = await service.rpc('price_cart', { items: [{ variantId: fixture.plenty, qty }], shipping_region: region });
      expect(error).toBeNull();
      return [data.subtotal, data.shipping, data.total];
    };
    expect(await price('DE', 1)).toEqual([2500, 499, 2999]);
    expect(await price('DE', 2)).toEqual([5000, 0, 5000]);
    expect(await price('us', 5)).toEqual([12500, 1299, 13799]);
    expect(await price('US', 6)).toEqual([15000, 0, 15000]);
    const { error } = await service.from('shipping_rates').update({ standard_rate: 555, free_from: 6000 }).eq('region', 'DE').eq('currency', 'EUR');
    expect(error).toBeNull();
    try {
      expect(await price('DE', 2)).toEqual([5000, 555, 5555]);
    } finally {
      await service.from('shipping_rates').update({ standard_rate: 499, free_from: 5000 }).eq('region', 'DE').eq('currency', 'EUR');
    }
    expect(await price('DE', 2)).toEqual([5000, 0, 5000]);
    const unknown = await service.rpc('price_cart', { items: [{ variantId: fixture.plenty, qty: 1 }], shipping_region: 'MARS' });
    expect(unknown.error?.message).toBe('unknown shipping region MARS: use DE, EU, UK, US');
  });

  it('are charged in the cart’s currency: a USD cart pays USD shipping, never the EUR figure', async () => {
    const product = await insert<{ id: string }>('products', {
      slug: `it-cu-${marker}`,
      title: `Dollar Cap ${marker}`,
      description: 'x',
      category: 'accessories',
      status: 'published',
      currency: 'USD',
    });
    onTestFinished(async () => {
      await service.from('products').delete().eq('id', product.id);
    });
    const cap = (await insert<{ id: string }>('variants', { product_id: product.id, sku: `IT-CO-${marker}-USD`, price: 2000, inventory: 50 })).id;
    const price = async (region: string, variantId: string) => {
      const { data, error } = await service.rpc('price_cart', { items: [{ variantId, qty: 1 }], shipping_region: region });
      expect(error).toBeNull();
      return [data.currency, data.shipping];
    };
    const { data: usd } = await service.from('shipping_rates').select('region,standard_rate').eq('currency', 'USD').order('region');
    for (const { region, standard_rate } of usd as { region: string; standard_rate: number }[]) {
      expect(await price(region, cap)).toEqual(['USD', standard_rate]);
    }
    expect(await price('DE', fixture.plenty)).toEqual(['EUR', 499]);
    const mixed = await service.rpc('price_cart', {
      items: [
        { variantId: cap, qty: 1 },
        { variantId: fixture.plenty, qty: 1 },
      ],
      shipping_region: 'DE',
    });
    expect(mixed.error?.message).toBe('a cart must be in one currency, got USD and EUR');
  });
});

describe('cart refusals', () => {
  it('answer 409 with the message, a code, the variant and what is left; nothing is stored', async () => {
    const { count: before } = await service.from('checkout_sessions').select('id', { count: 'exact', head: true });
    const refusal = async (items: Line[]) => {
      const { data, error } = await startCheckout(anonClient(), { items });
      expect(data).toBeNull();
      expect(error).toBeInstanceOf(FunctionsHttpError);
      return [(error as FunctionsHttpError).context.status, await (error as FunctionsHttpError).context.json()];
    };
    expect(
      await refusal([
        { variantId: fixture.plenty, qty: 1 },
        { variantId: fixture.lastUnits, qty: 3 },
      ]),
    ).toEqual([409, { error: `only 2 left of SKU IT-CO-${marker}-M`, code: 'insufficient_stock', variantId: fixture.lastUnits, available: 2 }]);
    expect(await refusal([{ variantId: fixture.draftVariant, qty: 1 }])).toEqual([
      409,
      { error: `variant ${fixture.draftVariant} not found`, code: 'unavailable', variantId: fixture.draftVariant, available: 0 },
    ]);
    const { data: soldOut } = await service.from('variants').select('id,sku,products!inner(status)').eq('inventory', 0).eq('products.status', 'published').limit(1).single();
    expect(soldOut, 'the seed has sold-out variants of published products').not.toBeNull();
    expect(await refusal([{ variantId: soldOut!.id, qty: 1 }])).toEqual([
      409,
      { error: `SKU ${soldOut!.sku} is sold out`, code: 'sold_out', variantId: soldOut!.id, available: 0 },
    ]);
    const { count: after } = await service.from('checkout_sessions').select('id', { count: 'exact', head: true });
    expect(after).toBe(before);
  });

  it('other bad input stays a 400 {error}', async () => {
    const { error } = await startCheckout(anonClient(), { items: [{ variantId: fixture.plenty, qty: 1 }], locale: 'fr' });
    expect((error as FunctionsHttpError).context.status).toBe(400);
    expect(await (error as FunctionsHttpError).context.json()).toEqual({ error: "locale must be 'en' or 'de'" });
  });
});

describe('a guest pays on the local checkout page', () => {
  const guest = uniqueEmail('guest');
  let sessionId: string;
  let orderNumber: string;

  it('buys the last two units: the variant is at 0 and the listing shows the product out of stock', async () => {
    const listing = () => anonClient().from('product_listing').select('id,in_stock,total_inventory').eq('id', fixture.teeId);
    expect((await listing()).data).toEqual([{ id: fixture.teeId, in_stock: true, total_inventory: 2 }]);
    const { data, error } = await startCheckout(anonClient(), { email: guest, items: [{ variantId: fixture.lastUnits, qty: 2 }], shippingRegion: 'EU', locale: 'de' });
    expect(error).toBeNull();
    sessionId = data.sessionId;
    const paid = await payThroughPage(data.url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${SITE}/orders?session_id=${sessionId}`);
    expect(await inventoryOf(fixture.lastUnits)).toBe(0);
    const { data: variants } = await anonClient().from('variants').select('id,inventory').eq('product_id', fixture.teeId);
    expect(variants).toEqual([{ id: fixture.lastUnits, inventory: 0 }]);
    expect((await listing()).data).toEqual([{ id: fixture.teeId, in_stock: false, total_inventory: 0 }]);
    const { data: inStockOnly } = await anonClient().from('product_listing').select('id').eq('in_stock', true).like('slug', `it-co-%${marker}`);
    expect(inStockOnly?.map((p) => p.id)).not.toContain(fixture.teeId);
    expect(inStockOnly).toHaveLength(1);
  });

  it('finds the order by the session id, signed out: that order only, without user_id', async () => {
    const { data, error } = await anonClient().rpc('order_by_checkout_session', { session_id: sessionId });
    expect(error).toBeNull();
    expect(Object.keys(data).sort()).toEqual(ORDER_KEYS);
    orderNumber = data.orderNumber;
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderNumber: expect.stringMatching(/^NPNG-\d+$/),
      status: 'paid',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      subtotal: 5000,
      shipping: 799,
      total: 5799,
      currency: 'EUR',
      shippingRegion: 'EU',
      shippingAddress: { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: expect.any(String), city: 'Köln', country: expect.stringMatching(/^[A-Z]{2}$/) },
      email: guest,
      // The destination's VAT as the order stored it (ADR 0023), checked against the row below.
      vatRateBasisPoints: expect.any(Number),
      vatAmount: expect.any(Number),
      items: [{ title: `Checkout Tee ${marker}`, titleDe: `Kassen-Shirt ${marker}`, size: 'M', color: 'Black', qty: 2, unitPrice: 2500, lineTotal: 5000, image: fixture.teeImage }],
    });
    expect(Math.abs(Date.parse(data.createdAt) - Date.now())).toBeLessThan(5 * 60_000);
    expect(JSON.stringify(data)).not.toMatch(/user_?id/i);
    const { data: stored } = await service
      .from('orders')
      .select('order_number,locale,shipping_region,vat_rate_basis_points,vat_amount')
      .eq('checkout_session_id', sessionId)
      .single();
    expect(stored).toEqual({ order_number: orderNumber, locale: 'de', shipping_region: 'EU', vat_rate_basis_points: data.vatRateBasisPoints, vat_amount: data.vatAmount });
    expect(data.vatAmount).toBeGreaterThan(0);
  });

  it('gets exactly one confirmation e-mail, in German, with the order number and total', async () => {
    const mails = await waitForMail(guest, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Deine Bestellung ${orderNumber} ist bestätigt`);
    expect(nbsp(mails[0].text)).toContain(`Bestellung: ${orderNumber}`);
    expect(nbsp(mails[0].text)).toContain('Gesamt: 57,99 €');
    expect(nbsp(mails[0].text)).toContain(`2 × Kassen-Shirt ${marker} — M / Schwarz: 50,00 €`);
    expect(nbsp(mails[0].text)).toContain('Versand (EU): 7,99 €');
    // The contract confirmed on a durable medium with the withdrawal information and the model form (§ 312f (2) BGB, ADR 0025).
    expect(mails[0].text).toContain(`Vertrag widerrufen: ${SITE}/withdraw?order=${orderNumber}`);
    expect(mails[0].text).toContain(`AGB: ${SITE}/terms`);
    for (const block of withdrawalBlocks('de')) expect(mails[0].text).toContain(block);
    expect(mails[0].html).toContain(`href="${SITE}/withdraw?order=${orderNumber}"`);
    expect(mails[0].html).toMatch(/<h2[^>]*>Widerrufsbelehrung<\/h2>[\s\S]*<h2[^>]*>Muster-Widerrufsformular<\/h2>/);
    // Paying again (back button, double click) changes nothing and sends nothing more.
    const again = await fetch(`${apiUrl()}/_dev/checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(again.status).toBe(303);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailFor(guest)).toHaveLength(1);
  });

  it('answers null for unknown, malformed and unpaid session ids, and for other shapes of argument', async () => {
    const { data: open } = await startCheckout(anonClient(), { email: guest, items: [{ variantId: fixture.plenty, qty: 1 }] });
    for (const id of [
      open.sessionId,
      'cs_local_doesnotexist000000000000',
      'not-a-session',
      '',
      "cs_x' or '1'='1",
      `${sessionId}%`,
      `${sessionId}.*`,
      'cs_',
      `cs_${'a'.repeat(251)}`,
    ]) {
      const res = await anonClient().rpc('order_by_checkout_session', { session_id: id });
      expect([res.error, res.data], id).toEqual([null, null]);
    }
    const nullArg = await anonClient().rpc('order_by_checkout_session', { session_id: null });
    expect([nullArg.error, nullArg.data]).toEqual([null, null]);
  });

  it('shows the order to the payer’s email account through RLS, with the product’s German title while it is published', async () => {
    const payer = await createConfirmedUser({ email: guest });
    const read = () => payer.client.from('orders').select(DETAIL_SELECT).eq('order_number', orderNumber).order('position', { referencedTable: 'order_items' });
    const line = { title: `Checkout Tee ${marker}`, size: 'M', color: 'Black', qty: 2, unit_price: 2500, line_total: 5000, image: fixture.teeImage };
    const { data, error } = await read();
    expect(error).toBeNull();
    expect(data?.map((o) => o.order_items)).toEqual([[{ ...line, products: { title_de: `Kassen-Shirt ${marker}` } }]]);
    // A product taken off the shop is not readable any more: the line stays, without a German title.
    expect((await service.from('products').update({ status: 'draft' }).eq('id', fixture.teeId)).error).toBeNull();
    try {
      const hidden = await read();
      expect([hidden.error, hidden.data?.map((o) => o.order_items)]).toEqual([null, [[{ ...line, products: null }]]]);
      const bySession = await anonClient().rpc('order_by_checkout_session', { session_id: sessionId });
      expect(bySession.data.items.map((i: { titleDe: string | null }) => i.titleDe)).toEqual([`Kassen-Shirt ${marker}`]);
    } finally {
      await service.from('products').update({ status: 'published' }).eq('id', fixture.teeId);
    }
  });

  it('shows the order only to the payer’s email account, never to another customer', async () => {
    const other = await createConfirmedUser();
    const { data } = await other.client.from('orders').select(DETAIL_SELECT).eq('order_number', orderNumber);
    expect(data).toEqual([]);
    const { data: anonRows, error } = await anonClient().from('orders').select('id').eq('order_number', orderNumber);
    expect(anonRows ?? []).toEqual([]);
    if (error) expect(error.code).toBe('42501');
  });
});

describe('a signed-in customer', () => {
  let buyer: SignedIn & { email: string };
  let sessionId: string;

  beforeAll(async () => {
    buyer = await createConfirmedUser();
  });

  it('pays in English and reads the order detail through RLS, items included', async () => {
    const { data, error } = await startCheckout(buyer.client, {
      userId: buyer.user.id,
      email: buyer.email,
      items: [
        { variantId: fixture.plentyXl, qty: 1 },
        { variantId: fixture.plenty, qty: 3 },
        { variantId: fixture.plenty, qty: 1 },
      ],
      shippingRegion: 'UK',
    });
    expect(error).toBeNull();
    sessionId = data.sessionId;
    expect((await payThroughPage(data.url)).status).toBe(303);

    const hoodieLines = [
      { title: `Checkout Hoodie ${marker}`, size: 'XL', color: 'Black', qty: 1, unit_price: 3000, line_total: 3000, image: fixture.hoodieImage, products: { title_de: null } },
      { title: `Checkout Hoodie ${marker}`, size: 'L', color: 'Black', qty: 4, unit_price: 2500, line_total: 10000, image: fixture.hoodieImage, products: { title_de: null } },
    ];
    // An account's order is not shown by the success link's guest look-up (ADR 0021): it is read signed in.
    const asGuestLink = await buyer.client.rpc('order_by_checkout_session', { session_id: sessionId });
    expect([asGuestLink.error, asGuestLink.data]).toEqual([null, null]);

    const { data: rows, error: readError } = await buyer.client
      .from('orders')
      .select(DETAIL_SELECT)
      .eq('checkout_session_id', sessionId)
      .order('position', { referencedTable: 'order_items' });
    expect(readError).toBeNull();
    const polled = { data: { orderNumber: rows![0].order_number as string } };
    // Lines in the cart's order (merged by variant); the hoodie has no German title.
    expect(rows).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        order_number: expect.stringMatching(/^NPNG-\d+$/),
        status: 'paid',
        created_at: expect.any(String),
        subtotal: 13000,
        shipping: 0,
        total: 13000,
        currency: 'EUR',
        shipping_region: 'UK',
        checkout_session_id: sessionId,
        order_items: hoodieLines,
      },
    ]);

    const mails = await waitForMail(buyer.email, 1);
    expect(mails.map((m) => m.subject)).toEqual([`Your order ${polled.data.orderNumber} is confirmed`]);
    expect(nbsp(mails[0].text)).toContain('Total: €130.00');
    expect(nbsp(mails[0].text).indexOf('1 × Checkout Hoodie')).toBeLessThan(nbsp(mails[0].text).indexOf('4 × Checkout Hoodie'));
    expect(nbsp(mails[0].text)).toContain('Shipping (United Kingdom): Free');
  });

  it('sees no row for another customer’s order number, and the other customer none of theirs', async () => {
    const alex = await signIn(ALEX.email, ALEX.password);
    const { data: alexOrders } = await alex.client.from('orders').select('order_number').limit(1);
    expect(alexOrders).toHaveLength(1);
    const foreign = await buyer.client.from('orders').select(DETAIL_SELECT).eq('order_number', alexOrders![0].order_number);
    expect([foreign.error, foreign.data]).toEqual([null, []]);
    const { data: own } = await buyer.client.from('orders').select('order_number').eq('checkout_session_id', sessionId).single();
    const reverse = await alex.client.from('orders').select(DETAIL_SELECT).eq('order_number', own!.order_number);
    expect([reverse.error, reverse.data]).toEqual([null, []]);
  });
});

describe('the e-mail outbox and its functions', () => {
  it('are closed to API users: no rows, no claims, no releases', async () => {
    const [alex, admin] = await Promise.all([signIn(ALEX.email, ALEX.password), signIn(ADMIN.email, ADMIN.password)]);
    const { count } = await service.from('order_emails').select('order_id', { count: 'exact', head: true });
    expect(count).toBeGreaterThan(0);
    for (const [who, client] of [
      ['anon', anonClient()],
      ['customer', alex.client],
      ['admin', admin.client],
    ] as const) {
      const read = await client.from('order_emails').select('*');
      expect(read.error?.code, `${who} read`).toBe('42501');
      const claim = await client.rpc('claim_order_emails', { max_count: 100 });
      expect(claim.error, `${who} claim`).not.toBeNull();
      expect([401, 403, 404]).toContain(claim.status);
      const release = await client.rpc('release_order_email', { order_id: randomUUID() });
      expect(release.error, `${who} release`).not.toBeNull();
      expect([401, 403, 404]).toContain(release.status);
    }
    const { count: after } = await service.from('order_emails').select('order_id', { count: 'exact', head: true });
    expect(after).toBe(count);
  });
});

/**
 * The review step's backend half (docs/adr/0024), through the storefront's own API module
 * (src/api/checkout.ts) against the local backend: the delivery address sent with the order button
 * is refused per field before any session exists, or kept on the session as confirmed, shown
 * read-only on the payment page and put on the order; a signed-in customer's last address is read
 * under RLS, and nobody else's.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShippingAddress } from '../../domain/address.ts';
import { AddressRefusalError, type CheckoutRequest } from '../../domain/checkout.ts';
import { createCheckoutSession, fetchLastShippingAddress } from '../../src/api/checkout.ts';
import { type Client, createSupabaseClient } from '../../src/api/client.ts';
import { anonKey, apiUrl, createConfirmedUser, onBackend, serviceClient, sql, TEST_PASSWORD } from './support.ts';

/** The client `supabase()` returns in src/api (set per test); the functions client follows it. */
const current = vi.hoisted(() => ({ client: null as Client | null }));
vi.mock('../../src/api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/api/client.ts')>();
  const { inject } = await import('vitest');
  return {
    ...real,
    SUPABASE_URL: inject('apiUrl'),
    SUPABASE_ANON_KEY: inject('anonKey'),
    supabase: () => {
      if (!current.client) throw new Error('test: no client selected');
      return current.client;
    },
  };
});

const SITE = 'http://localhost:5173';
const marker = randomUUID().replaceAll('-', '').slice(0, 10);
const ERIKA: ShippingAddress = { name: 'Erika Mustermann', line1: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'DE' };
let service: SupabaseClient;
let variantId = '';
const sessions: string[] = [];

const request = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  userId: null,
  email: null,
  items: [{ variantId, qty: 1 }],
  successUrl: `${SITE}/orders`,
  cancelUrl: `${SITE}/cart`,
  shippingRegion: 'DE',
  locale: 'en',
  ...over,
});
const inventory = async () => (await sql<{ inventory: number }>('select inventory from public.variants where id = $1', [variantId]))[0].inventory;

async function signedIn(email: string): Promise<Client> {
  const client = createSupabaseClient(apiUrl(), anonKey());
  const { error } = await (await client.auth()).signInWithPassword({ email, password: TEST_PASSWORD });
  if (error) throw new Error(`sign-in ${email}: ${error.message}`);
  return client;
}

/** Pays a local session through its page's form: the card (and a guest's e-mail) only. */
async function pay(url: string, fields: Record<string, string> = {}): Promise<Response> {
  const form = new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', ...fields });
  return fetch(`${onBackend(url)}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
}

beforeAll(async () => {
  service = serviceClient();
  const { data: product, error } = await service
    .from('products')
    .insert({ slug: `it-review-${marker}`, title: `Review Tee ${marker}`, description: 'x', category: 'clothing', status: 'published', currency: 'EUR' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const { data: variant } = await service
    .from('variants')
    .insert({ product_id: product.id, sku: `IT-RV-${marker}`, size: 'M', color: 'Black', price: 2500, inventory: 10 })
    .select('id')
    .single();
  variantId = (variant as { id: string }).id;
});

afterAll(async () => {
  if (sessions.length) {
    await service.from('orders').delete().in('checkout_session_id', sessions);
    await service.from('checkout_sessions').delete().in('id', sessions);
  }
  await service.from('products').delete().eq('slug', `it-review-${marker}`);
});

describe('the order button’s address', () => {
  it('refused per field, in the shop’s language, before any session: nothing is held', async () => {
    current.client = createSupabaseClient(apiUrl(), anonKey());
    const before = await inventory();
    const refused = await createCheckoutSession(request({ locale: 'de', shippingAddress: { ...ERIKA, name: ' ', postalCode: '1234' } })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AddressRefusalError);
    expect((refused as AddressRefusalError).fields).toEqual([
      { field: 'name', message: 'Gib Deinen vollständigen Namen ein.' },
      { field: 'postalCode', message: 'Eine deutsche Postleitzahl hat 5 Ziffern, z. B. 10115.' },
    ]);
    expect(await inventory()).toBe(before);
  });

  it('kept on the session as confirmed: the payment page shows it and asks only for the card; the order has it', async () => {
    current.client = createSupabaseClient(apiUrl(), anonKey());
    const before = await inventory();
    const { url, sessionId } = await createCheckoutSession(request({ shippingAddress: { ...ERIKA, name: '  Erika  Mustermann ', postalCode: ' 51147' } }));
    sessions.push(sessionId!);
    expect(await inventory()).toBe(before - 1);
    const [row] = await sql<{ shipping_address: unknown; address_confirmed: boolean }>('select shipping_address, address_confirmed from public.checkout_sessions where id = $1', [
      sessionId,
    ]);
    expect(row).toEqual({ shipping_address: { ...ERIKA, name: 'Erika  Mustermann' }, address_confirmed: true });
    const page = await (await fetch(onBackend(url!))).text();
    expect(page).toContain('<h2 id="delivery-title">Delivery address</h2>');
    expect(page).not.toMatch(/<input id="(name|line1|postalCode|city)"/);
    // A posted address does not replace the confirmed one.
    const paid = await pay(url!, { email: `review-${marker}@example.test`, name: 'Mallory', line1: 'Elsewhere 1', postalCode: '99999', city: 'Nowhere' });
    expect(paid.status).toBe(303);
    const [order] = await sql<{ shipping_address: unknown }>('select shipping_address from public.orders where checkout_session_id = $1', [sessionId]);
    expect(order.shipping_address).toEqual({ ...ERIKA, name: 'Erika  Mustermann' });
  });

  it('the database keeps the confirmed address when the payment brings another one (a Stripe event’s details)', async () => {
    current.client = createSupabaseClient(apiUrl(), anonKey());
    const { sessionId } = await createCheckoutSession(request({ shippingAddress: ERIKA }));
    sessions.push(sessionId!);
    const other = { name: 'Mallory Example', line1: 'Elsewhere 1', postalCode: '99999', city: 'Nowhere', country: 'DE' };
    const settled = await service.rpc('settle_checkout_session', { session_id: sessionId, payment: { address: other, email: `review-db-${marker}@example.test` } });
    expect(settled.error).toBeNull();
    const [order] = await sql<{ shipping_address: unknown }>('select shipping_address from public.orders where checkout_session_id = $1', [sessionId]);
    expect(order.shipping_address).toEqual(ERIKA);
    // A session opened without an address takes the one the payment brings (Stripe collecting it).
    const { sessionId: open } = await createCheckoutSession(request());
    sessions.push(open!);
    expect((await service.rpc('settle_checkout_session', { session_id: open, payment: { address: other, email: `review-db2-${marker}@example.test` } })).error).toBeNull();
    const [collected] = await sql<{ shipping_address: unknown }>('select shipping_address from public.orders where checkout_session_id = $1', [open]);
    expect(collected.shipping_address).toEqual(other);
  });

  it('a signed-in customer’s newest address is theirs to read (RLS); another customer reads none of it', async () => {
    const [a, b] = (await Promise.all([createConfirmedUser(), createConfirmedUser()])).map((u) => ({ id: u.user.id, email: u.email }));
    const alice = await signedIn(a.email);
    const bob = await signedIn(b.email);
    current.client = alice;
    expect(await fetchLastShippingAddress(a.id)).toBeNull();
    for (const address of [ERIKA, { ...ERIKA, line1: 'Neue Straße 2', line2: 'Hinterhaus', phone: '+49 221 123456' }]) {
      const { url, sessionId } = await createCheckoutSession(request({ userId: a.id, email: a.email, shippingAddress: address }));
      sessions.push(sessionId!);
      expect((await pay(url!)).status).toBe(303);
    }
    expect(await fetchLastShippingAddress(a.id)).toEqual({ ...ERIKA, line1: 'Neue Straße 2', line2: 'Hinterhaus', phone: '+49 221 123456' });
    current.client = bob;
    expect(await fetchLastShippingAddress(a.id)).toBeNull();
    // Signed out, orders are not readable at all (the review only asks for a signed-in buyer).
    current.client = createSupabaseClient(apiUrl(), anonKey());
    await expect(fetchLastShippingAddress(a.id)).rejects.toThrow(/permission denied/);
  });
});

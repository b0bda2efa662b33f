/**
 * The page cache (server/pageCache.ts, docs/adr/0032-page-cache.md) in front of the real server
 * bundle (dist/server/entry-server.js) and a backend of this file's own: a page served from the
 * cache (X-Page-Cache: hit) shows on the very next request what an admin's edit, a review approval
 * or a sale that sells out a variant changed — on PGlite (the write clock) and on PostgreSQL (the
 * snapshot), there also after a write from a connection of this test's own, which the server never
 * sees. Every product here is this file's own, found by its own slug or tag.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataFreshness } from '../../server/rest/answer-cache.ts';
import { preconnectOrigins } from '../../server/securityHeaders.ts';
import { SEED_USERS } from '../../server/seed/users.ts';
import { type Backend, startBackend } from '../../server/start.ts';
import { startWebServer, type WebServer } from '../../server/web.ts';

const ENTRY = 'dist/server/entry-server.js';
if (!existsSync(ENTRY) || !existsSync('dist/index.html')) {
  throw new Error(`page-cache.test.ts serves the built storefront: ${ENTRY} is missing — run \`npm run build\` first (\`npm test\` builds it before the integration tests)`);
}
/** The API the build reads its data from (its preconnect): the renderer's requests to it go to this file's backend. */
const BUILD_API = preconnectOrigins(readFileSync('dist/index.html', 'utf8'))[0];
const ADMIN = SEED_USERS[0];
const marker = randomUUID().replaceAll('-', '').slice(0, 10);
const tag = `pc${marker}`;

let backend: Backend;
let web: WebServer;
let service: SupabaseClient;
let admin: SupabaseClient;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  backend = await startBackend({
    config: {
      dataDir: undefined,
      databaseUrl: process.env.DATABASE_URL || undefined,
      apiPort: 0,
      logRequests: false,
      housekeepingMs: 0,
      devRoutes: true,
      checkoutRateLimit: 100_000,
      // On PostgreSQL the auth budgets per address are counted in the database every suite shares (ADR 0033).
      rateLimits: { signIn: 1000, signUp: 1000, recover: 1000, windowMs: 60_000 },
    },
  });
  const api = backend.api.url;
  // The bundle's client asks BUILD_API (http://localhost:54321 unless the build said otherwise): send it here.
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (BUILD_API && url.startsWith(`${BUILD_API}/`)) {
      const moved = `${api}${url.slice(BUILD_API.length)}`;
      return realFetch(input instanceof Request ? new Request(moved, input) : moved, init);
    }
    return realFetch(input, init);
  };
  web = await startWebServer({
    dir: 'dist',
    port: 0,
    host: '127.0.0.1',
    apiUrl: BUILD_API,
    freshness: dataFreshness(backend.db),
    pageCache: { bytes: 32 * 1024 * 1024, entries: 1000 },
  });
  const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } };
  service = createClient(api, backend.config.serviceRoleKey, options);
  admin = createClient(api, backend.config.anonKey, options);
  const { error } = await admin.auth.signInWithPassword({ email: ADMIN.email, password: ADMIN.password });
  if (error) throw new Error(`admin sign-in: ${error.message}`);
}, 120_000);

afterAll(async () => {
  await service?.from('products').delete().like('slug', `it-pc-%-${marker}`);
  globalThis.fetch = realFetch;
  await web?.close();
  await backend?.stop();
});

async function page(path: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string; cache: string | null }> {
  const res = await realFetch(`${web.url}${path}`, { headers: { accept: 'text/html', 'accept-language': 'en', ...headers } });
  return { status: res.status, html: await res.text(), cache: res.headers.get('x-page-cache') };
}

/** Requests path until it is served from the cache (a render and one more), and returns that page. */
async function cached(path: string): Promise<string> {
  await page(path);
  const again = await page(path);
  expect(again.cache, `${path} is served from the cache`).toBe('hit');
  return again.html;
}

async function insert<T = { id: string }>(table: string, row: Record<string, unknown>): Promise<T> {
  const { data, error } = await service.from(table).insert(row).select().single();
  if (error) throw new Error(`insert into ${table}: ${error.message}`);
  return data as T;
}

/** A published product of this file's own, tagged with its tag, with the variants given. */
async function product(name: string, variants: { size: string; price: number; inventory: number }[]) {
  const slug = `it-pc-${name}-${marker}`;
  const { id } = await insert('products', { slug, title: `Cache ${name} ${marker}`, description: 'x', category: 'clothing', status: 'published', tags: [tag] });
  const ids: string[] = [];
  for (const v of variants) ids.push((await insert('variants', { product_id: id, sku: `IT-PC-${marker}-${name}-${v.size}`, color: 'Black', ...v })).id);
  return { id, slug, variants: ids };
}

const euros = (cents: number) => `${(cents / 100).toFixed(2)}`;

describe('page cache: a change shows on the next page request', () => {
  it("keeps pages on the shop's own database: nothing anon may call reads the clock (export_my_data, which does, is not anon's)", async () => {
    expect(await dataFreshness(backend.db).volatile()).toBe(false);
  });

  it("an admin's edit of a product's name and price, on its page and on /shop", async () => {
    const p = await product('edit', [{ size: 'M', price: 2999, inventory: 5 }]);
    const shop = `/shop?tag=${tag}`;
    expect(await cached(`/shop/${p.slug}`)).toContain(`Cache edit ${marker}`);
    expect(await cached(shop)).toContain(`Cache edit ${marker}`);
    expect(await cached(`/shop/${p.slug}`)).toContain(euros(2999));

    const renamed = await admin
      .from('products')
      .update({ title: `Renamed ${marker}` })
      .eq('id', p.id)
      .select('id');
    expect(renamed.error).toBeNull();
    const repriced = await admin.from('variants').update({ price: 4567 }).eq('id', p.variants[0]).select('id');
    expect(repriced.error).toBeNull();

    const productPage = await page(`/shop/${p.slug}`);
    expect(productPage.cache).toBe('miss');
    expect(productPage.html).toContain(`Renamed ${marker}`);
    expect(productPage.html).toContain(euros(4567));
    expect(productPage.html).not.toContain(euros(2999));
    const list = await page(shop);
    expect(list.html).toContain(`Renamed ${marker}`);
    expect(list.html).not.toContain(`Cache edit ${marker}`);
  });

  it('a review approval, on the product page', async () => {
    const p = await product('review', [{ size: 'M', price: 2500, inventory: 5 }]);
    const review = await insert('reviews', { product_id: p.id, rating: 4, title: `Approved ${marker}`, body: 'Good', author_name: 'Alex', status: 'pending' });
    const before = await cached(`/shop/${p.slug}`);
    // The first screen is the product; its reviews and rating load in the browser (ADR 0018), from /rest/v1.
    expect(before).toContain('Loading reviews');

    const approved = await admin.from('reviews').update({ status: 'approved' }).eq('id', review.id).eq('status', 'pending').select('id');
    expect(approved.data).toHaveLength(1);

    const after = await page(`/shop/${p.slug}`);
    expect(after.cache, 'the page kept from before the approval is not served').toBe('miss');
    // What that page then shows: the reviews and rating as anon reads them, the approved review in.
    const reviews = await realFetch(`${backend.api.url}/rest/v1/reviews?select=title&product_id=eq.${p.id}`, { headers: { apikey: backend.config.anonKey } });
    expect(await reviews.json()).toEqual([{ title: `Approved ${marker}` }]);
    const rating = await realFetch(`${backend.api.url}/rest/v1/rpc/calculate_product_rating?product_uuid=${p.id}`, { headers: { apikey: backend.config.anonKey } });
    expect(await rating.json()).toEqual([{ average_rating: 4, review_count: 1 }]);
  });

  it('a sale that sells out a variant, on the product page', async () => {
    const p = await product('sale', [
      { size: 'M', price: 2500, inventory: 1 },
      { size: 'L', price: 2500, inventory: 5 },
    ]);
    expect(await cached(`/shop/${p.slug}`)).not.toContain('M, Sold out');

    const anon = createClient(backend.api.url, backend.config.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
    const started = await anon.functions.invoke('create-checkout-session', {
      body: { items: [{ variantId: p.variants[0], qty: 1 }], successUrl: 'http://localhost:5173/orders', cancelUrl: 'http://localhost:5173/cart' },
    });
    expect(started.error).toBeNull();
    expect((await pay(started.data.url)).status).toBe(303);
    const { data: sold } = await service.from('variants').select('inventory').eq('id', p.variants[0]).single();
    expect(sold?.inventory).toBe(0);

    const after = await page(`/shop/${p.slug}`);
    expect(after.cache).toBe('miss');
    expect(after.html).toContain('M, Sold out');
    expect(after.html).not.toContain('L, Sold out');
  });

  it.runIf(process.env.DATABASE_URL)('a write from a connection the server never sees (PostgreSQL)', async () => {
    const p = await product('outside', [{ size: 'M', price: 1999, inventory: 5 }]);
    expect(await cached(`/shop/${p.slug}`)).toContain(`Cache outside ${marker}`);
    const own = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await own.connect();
    try {
      await own.query('update public.products set title = $1 where id = $2', [`Outside ${marker}`, p.id]);
    } finally {
      await own.end();
    }
    const after = await page(`/shop/${p.slug}`);
    expect(after.cache).toBe('miss');
    expect(after.html).toContain(`Outside ${marker}`);
  });
});

/** The local hosted checkout page, paid through its form with the test card, as a shopper would. */
async function pay(url: string): Promise<Response> {
  const onBackend = url.replace(/^https?:\/\/[^/]+/, backend.api.url);
  const html = await (await realFetch(onBackend)).text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input[^>]*\bname="([^"]+)"[^>]*\bvalue="([^"]*)"/g)) form.set(name, value);
  const filled: Record<string, string> = {
    email: `pc-${marker}@example.test`,
    cvc: '123',
    name: 'Erika Mustermann',
    line1: 'Heidestraße 17',
    postalCode: '51147',
    city: 'Köln',
    country: 'DE',
  };
  for (const [field, value] of Object.entries(filled)) if (!form.get(field)) form.set(field, value);
  return realFetch(`${onBackend}/pay`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
}

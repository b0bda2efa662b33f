/**
 * SQL-level tests of supabase/migrations: constraints, triggers, functions and row level security,
 * run on an in-memory PGlite (or on the Postgres in TEST_DATABASE_URL, e.g. a local PostgreSQL 15:
 * every fixture has unique names, so the suite can run against a database that already has data).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricedCart } from '../../supabase/functions/create-checkout-session/session.ts';
import { asRole } from '../../server/context.ts';
import { type Database, openDatabase, type Queryable } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import type { Claims } from '../../server/jwt.ts';

let db: Database;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
  await migrate(db);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

// ── fixtures ────────────────────────────────────────────────────────────────────────────────

interface User {
  id: string;
  email: string;
  claims: Claims;
}

const anon: Claims = { role: 'anon' };
const serviceRole: Claims = { role: 'service_role' };

const unique = () => randomUUID().slice(0, 8);

async function one<T>(q: Queryable, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await q.query<T>(sql, params);
  return rows[0];
}

function as<T>(claims: Claims, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return asRole(db, claims, fn);
}

async function createUser(opts: { email?: string; confirmed?: boolean; fullName?: string } = {}): Promise<User> {
  const email = opts.email ?? `user-${unique()}@example.test`;
  const { id } = await one<{ id: string }>(
    db,
    `insert into auth.users (email, email_confirmed_at, raw_user_meta_data)
     values ($1, case when $2 then now() end, $3::jsonb) returning id`,
    [email, opts.confirmed ?? true, JSON.stringify(opts.fullName ? { full_name: opts.fullName } : {})],
  );
  return { id, email, claims: { role: 'authenticated', sub: id, email: email.toLowerCase(), aud: 'authenticated' } };
}

async function createAdmin(): Promise<User> {
  const admin = await createUser({ email: `Admin-${unique()}@Example.test` });
  await db.query('insert into public.admin_emails (email) values (lower($1))', [admin.email]);
  return admin;
}

interface VariantSpec {
  id?: string;
  size?: string | null;
  color?: string | null;
  price: number;
  inventory: number;
}

interface Product {
  id: string;
  slug: string;
  variants: { id: string; sku: string }[];
}

async function createProduct(opts: { status?: string; currency?: string; category?: string; variants?: VariantSpec[]; image?: string } = {}): Promise<Product> {
  const slug = `test-product-${unique()}`;
  const product = await one<{ id: string }>(
    db,
    `insert into public.products (slug, title, category, currency, status)
     values ($1, $2, $3, $4, $5) returning id`,
    [slug, `Product ${slug}`, opts.category ?? 'clothing', opts.currency ?? 'EUR', opts.status ?? 'published'],
  );
  const variants: { id: string; sku: string }[] = [];
  for (const [index, spec] of (opts.variants ?? [{ size: 'M', color: 'black', price: 2500, inventory: 10 }]).entries()) {
    const sku = `${slug}-${index}`.toUpperCase();
    const variant = await one<{ id: string }>(
      db,
      `insert into public.variants (id, product_id, sku, size, color, price, inventory)
       values (coalesce($7::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6) returning id`,
      [product.id, sku, spec.size ?? null, spec.color ?? null, spec.price, spec.inventory, spec.id ?? null],
    );
    variants.push({ id: variant.id, sku });
  }
  if (opts.image) {
    await db.query(`insert into public.media (product_id, url, sort_order) values ($1, 'https://img.test/other.png', 0)`, [product.id]);
    await db.query(`insert into public.media (product_id, url, is_primary, sort_order) values ($1, $2, true, 1)`, [product.id, opts.image]);
  }
  return { id: product.id, slug, variants };
}

async function createOrder(opts: { userId?: string | null; email?: string | null; status: string; productId: string; qty?: number }) {
  const order = await one<{ id: string; order_number: string }>(
    db,
    `insert into public.orders (user_id, customer_email, status, subtotal, shipping, total)
     values ($1, $2, $3, 1000, 0, 1000) returning id, order_number`,
    [opts.userId ?? null, opts.email ?? null, opts.status],
  );
  await db.query(
    `insert into public.order_items (order_id, product_id, title, unit_price, qty, line_total)
     values ($1, $2, 'Item', 1000, $3, 1000 * $3)`,
    [order.id, opts.productId, opts.qty ?? 1],
  );
  return order;
}

type CartLine = { variantId: unknown; qty: unknown };

async function priceCart(items: unknown, region?: string | null): Promise<PricedCart> {
  return as(serviceRole, async (tx) => {
    const sql = region === undefined ? 'select public.price_cart($1::jsonb) as cart' : 'select public.price_cart($1::jsonb, $2) as cart';
    const params = region === undefined ? [JSON.stringify(items)] : [JSON.stringify(items), region];
    return (await one<{ cart: PricedCart }>(tx, sql, params)).cart;
  });
}

async function createCheckoutSession(items: CartLine[], opts: { user?: User; email?: string } = {}): Promise<string> {
  const cart = await priceCart(items);
  const id = `cs_test_${randomUUID().replaceAll('-', '')}`;
  await as(serviceRole, (tx) =>
    tx.query(
      `insert into public.checkout_sessions (id, provider, user_id, email, line_items, amount_subtotal, amount_shipping,
         amount_total, currency, success_url, cancel_url)
       values ($1, 'local', $2, $3, $4::jsonb, $5, $6, $7, $8, 'http://localhost:5173/orders', 'http://localhost:5173/cart')`,
      [id, opts.user?.id ?? null, opts.email ?? null, JSON.stringify(cart.lines), cart.subtotal, cart.shipping, cart.total, cart.currency],
    ),
  );
  return id;
}

interface OrderRow {
  id: string;
  order_number: string;
  user_id: string | null;
  customer_email: string | null;
  status: string;
  subtotal: number;
  shipping: number;
  total: number;
  currency: string;
  checkout_session_id: string;
}

function fulfil(sessionId: string, claims: Claims = serviceRole): Promise<OrderRow> {
  return as(claims, (tx) => one<OrderRow>(tx, 'select * from public.fulfil_checkout_session($1)', [sessionId]));
}

async function inventoryOf(variantId: string): Promise<number> {
  return (await one<{ inventory: number }>(db, 'select inventory from public.variants where id = $1', [variantId])).inventory;
}

const violates = (code: string) => expect.objectContaining({ code });
const raises = (message: RegExp) => expect.objectContaining({ code: 'P0001', message: expect.stringMatching(message) });

// ── constraints ───────────────────────────────────────────────────────────────────────────────

describe('constraints', () => {
  const insertProduct = (columns: Record<string, unknown>) => {
    const row = { slug: `constraint-${unique()}`, title: 'A product', category: 'clothing', ...columns };
    const names = Object.keys(row);
    return db.query(`insert into public.products (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
  };

  it('accepts a well-formed product and defaults tags, currency, status and featured', async () => {
    const slug = `good-${unique()}`;
    await insertProduct({ slug });
    const row = await one<{ tags: string[]; currency: string; status: string; featured: boolean }>(
      db,
      'select tags, currency, status, featured from public.products where slug = $1',
      [slug],
    );
    expect(row).toEqual({ tags: [], currency: 'EUR', status: 'draft', featured: false });
  });

  it('rejects a slug that is not lower-case words joined by single hyphens', async () => {
    for (const slug of ['Upper-Case', 'two  spaces', 'double--hyphen', '-leading', 'trailing-', 'ümlaut', '']) {
      await expect(insertProduct({ slug })).rejects.toEqual(violates('23514'));
    }
  });

  it('rejects a duplicate slug', async () => {
    const slug = `dup-${unique()}`;
    await insertProduct({ slug });
    await expect(insertProduct({ slug })).rejects.toEqual(violates('23505'));
  });

  it('rejects an unknown category, currency or status', async () => {
    await expect(insertProduct({ category: 'shoes' })).rejects.toEqual(violates('23514'));
    await expect(insertProduct({ currency: 'CHF' })).rejects.toEqual(violates('23514'));
    await expect(insertProduct({ status: 'hidden' })).rejects.toEqual(violates('23514'));
  });

  it('limits meta title to 60 and meta description to 160 characters', async () => {
    await insertProduct({ meta_title: 'x'.repeat(60), meta_description: 'y'.repeat(160) });
    await expect(insertProduct({ meta_title: 'x'.repeat(61) })).rejects.toEqual(violates('23514'));
    await expect(insertProduct({ meta_description: 'y'.repeat(161) })).rejects.toEqual(violates('23514'));
  });

  it('limits the title to 1–200 characters', async () => {
    await expect(insertProduct({ title: 'x'.repeat(201) })).rejects.toEqual(violates('23514'));
    await expect(insertProduct({ title: '   ' })).rejects.toEqual(violates('23514'));
  });

  it('rejects a duplicate SKU, negative prices and negative inventory', async () => {
    const product = await createProduct();
    const insertVariant = (sku: string, price: number, compareAt: number | null, inventory: number) =>
      db.query('insert into public.variants (product_id, sku, price, compare_at_price, inventory) values ($1, $2, $3, $4, $5)', [product.id, sku, price, compareAt, inventory]);
    await expect(insertVariant(product.variants[0].sku, 100, null, 1)).rejects.toEqual(violates('23505'));
    await expect(insertVariant(`SKU-${unique()}`, -1, null, 1)).rejects.toEqual(violates('23514'));
    await expect(insertVariant(`SKU-${unique()}`, 100, -1, 1)).rejects.toEqual(violates('23514'));
    await expect(insertVariant(`SKU-${unique()}`, 100, null, -1)).rejects.toEqual(violates('23514'));
    await expect(db.query('update public.variants set inventory = -1 where id = $1', [product.variants[0].id])).rejects.toEqual(violates('23514'));
  });

  it('keeps ratings within 1–5, review status to its three values and review text within limits', async () => {
    const product = await createProduct();
    const insertReview = (rating: number, status = 'pending', body = 'Great.') =>
      db.query(`insert into public.reviews (product_id, rating, title, body, status) values ($1, $2, 'Title', $3, $4)`, [product.id, rating, body, status]);
    await insertReview(1);
    await insertReview(5);
    await expect(insertReview(0)).rejects.toEqual(violates('23514'));
    await expect(insertReview(6)).rejects.toEqual(violates('23514'));
    await expect(insertReview(4, 'published')).rejects.toEqual(violates('23514'));
    await expect(insertReview(4, 'pending', 'x'.repeat(5001))).rejects.toEqual(violates('23514'));
  });

  it('checks every email column for a plausible address of at most 254 characters', async () => {
    const product = await createProduct();
    const tooLong = `${'a'.repeat(64)}@${'b'.repeat(185)}.test`;
    expect(tooLong.length).toBe(255);
    const attempts: [string, unknown[]][] = [
      ['insert into public.newsletter_subscribers (email, consent, source) values ($1, true, $$footer$$)', []],
      ['insert into public.contact_messages (email, message) values ($1, $$Hello$$)', []],
      ['insert into public.orders (customer_email, subtotal, total) values ($1, 0, 0)', []],
      ['insert into public.admin_emails (email) values ($1)', []],
      [`insert into public.reviews (product_id, rating, title, body, author_email) values ($2, 5, 'T', 'B', $1)`, [product.id]],
      [
        `insert into public.checkout_sessions (id, provider, email, line_items, amount_subtotal, amount_shipping, amount_total,
           currency, success_url, cancel_url)
         values ('cs_test_' || md5(random()::text), 'local', $1, '[{}]', 0, 0, 0, 'EUR', 'http://s', 'http://c')`,
        [],
      ],
    ];
    for (const [sql, extra] of attempts) {
      for (const email of ['not-an-email', 'two@@example.test', 'no-dot@localhost', 'spa ce@example.test', tooLong]) {
        await expect(db.query(sql, [email, ...extra]), `${sql} with ${email}`).rejects.toEqual(violates('23514'));
      }
    }
  });

  it('requires newsletter consent, a known source and a case-insensitively unique email', async () => {
    const email = `news-${unique()}@example.test`;
    const subscribe = (address: string, consent: boolean, source = 'footer') =>
      db.query('insert into public.newsletter_subscribers (email, consent, source) values ($1, $2, $3)', [address, consent, source]);
    await expect(subscribe(email, false)).rejects.toEqual(violates('23514'));
    await expect(subscribe(email, true, 'popup')).rejects.toEqual(violates('23514'));
    await subscribe(email, true);
    await expect(subscribe(email.toUpperCase(), true, 'account')).rejects.toEqual(violates('23505'));
  });

  it('requires a contact message of 1–5000 characters and limits name and subject', async () => {
    const send = (fields: { name?: string; subject?: string; message: string }) =>
      db.query('insert into public.contact_messages (name, email, subject, message) values ($1, $2, $3, $4)', [
        fields.name ?? null,
        'someone@example.test',
        fields.subject ?? null,
        fields.message,
      ]);
    await send({ message: 'Where is my parcel?' });
    await expect(send({ message: '  ' })).rejects.toEqual(violates('23514'));
    await expect(send({ message: 'x'.repeat(5001) })).rejects.toEqual(violates('23514'));
    await expect(send({ name: 'x'.repeat(201), message: 'Hi' })).rejects.toEqual(violates('23514'));
    await expect(send({ subject: 'x'.repeat(201), message: 'Hi' })).rejects.toEqual(violates('23514'));
  });

  it('numbers orders NPNG-<n> from a sequence and checks order status and amounts', async () => {
    const product = await createProduct();
    const first = await createOrder({ status: 'paid', productId: product.id });
    const second = await createOrder({ status: 'paid', productId: product.id });
    expect(first.order_number).toMatch(/^NPNG-\d+$/);
    expect(Number(second.order_number.slice(5))).toBeGreaterThan(Number(first.order_number.slice(5)));
    const insertOrder = (status: string, total: number) => db.query('insert into public.orders (status, subtotal, total) values ($1, 0, $2)', [status, total]);
    await expect(insertOrder('lost', 0)).rejects.toEqual(violates('23514'));
    await expect(insertOrder('paid', -1)).rejects.toEqual(violates('23514'));
    await expect(db.query('update public.orders set order_number = $1 where id = $2', [first.order_number, second.id])).rejects.toEqual(violates('23505'));
  });

  it('requires order item quantities above 0 and a matching line total', async () => {
    const product = await createProduct();
    const order = await createOrder({ status: 'pending', productId: product.id });
    const insertItem = (qty: number, lineTotal: number) =>
      db.query(`insert into public.order_items (order_id, title, unit_price, qty, line_total) values ($1, 'Item', 500, $2, $3)`, [order.id, qty, lineTotal]);
    await expect(insertItem(0, 0)).rejects.toEqual(violates('23514'));
    await expect(insertItem(2, 999)).rejects.toEqual(violates('23514'));
  });

  it('stores admin emails in lower case only', async () => {
    await expect(db.query('insert into public.admin_emails (email) values ($1)', ['Boss@Example.test'])).rejects.toEqual(violates('23514'));
  });

  it('requires checkout sessions to carry 1–50 lines and a known status', async () => {
    const insertSession = (lineItems: string, status = 'open') =>
      db.query(
        `insert into public.checkout_sessions (id, provider, line_items, amount_subtotal, amount_shipping, amount_total,
           currency, success_url, cancel_url, status)
         values ($1, 'local', $2::jsonb, 0, 0, 0, 'EUR', 'http://s', 'http://c', $3)`,
        [`cs_test_${unique()}`, lineItems, status],
      );
    await expect(insertSession('{}')).rejects.toEqual(violates('23514'));
    await expect(insertSession('[]')).rejects.toEqual(violates('23514'));
    await expect(insertSession('[{}]', 'paid')).rejects.toEqual(violates('23514'));
  });
});

// ── triggers ───────────────────────────────────────────────────────────────────────────────────

describe('triggers', () => {
  it('creates a profile for every new auth user, named from the sign-up metadata', async () => {
    const named = await createUser({ fullName: '  Alex Strong ' });
    const unnamed = await createUser();
    const profiles = await db.query<{ id: string; full_name: string | null }>(
      'select id, full_name from public.profiles where id = any($1::uuid[]) order by full_name nulls last',
      [[named.id, unnamed.id]],
    );
    expect(profiles.rows).toEqual([
      { id: named.id, full_name: 'Alex Strong' },
      { id: unnamed.id, full_name: null },
    ]);
  });

  it('moves updated_at on an edit, but not when only the listing figures change', async () => {
    const product = await createProduct();
    await db.query(`update public.products set updated_at = '2000-01-01T00:00:00Z' where id = $1`, [product.id]);
    await db.query('update public.variants set price = 999 where id = $1', [product.variants[0].id]);
    const afterStockChange = await one<{ updated_at: string; min_price: number }>(db, 'select updated_at::text, min_price from public.products where id = $1', [product.id]);
    expect(afterStockChange).toEqual({ updated_at: '2000-01-01 00:00:00+00', min_price: 999 });

    await db.query(`update public.products set title = 'Renamed' where id = $1`, [product.id]);
    const edited = await one<{ moved: boolean }>(db, `select updated_at > '2001-01-01' as moved from public.products where id = $1`, [product.id]);
    expect(edited.moved).toBe(true);

    await db.query(`update public.variants set updated_at = '2000-01-01T00:00:00Z' where id = $1`, [product.variants[0].id]);
    await db.query('update public.variants set inventory = 3 where id = $1', [product.variants[0].id]);
    const variant = await one<{ moved: boolean }>(db, `select updated_at > '2001-01-01' as moved from public.variants where id = $1`, [product.variants[0].id]);
    expect(variant.moved).toBe(true);
  });

  it('keeps the listing figures of a product in step with its variants and paid orders', async () => {
    const product = await createProduct({
      variants: [
        { size: 'S', color: 'black', price: 3000, inventory: 0 },
        { size: 'M', color: 'white', price: 2500, inventory: 0 },
        { size: null, color: 'black', price: 4000, inventory: 0 },
      ],
    });
    type Listing = { min_price: number; max_price: number; sizes: string[]; colors: string[]; in_stock: boolean; total_inventory: string; units_sold: string };
    const listing = () =>
      as(anon, (tx) =>
        one<Listing>(tx, 'select min_price, max_price, sizes, colors, in_stock, total_inventory, units_sold from public.product_listing where id = $1', [product.id]),
      );
    expect(await listing()).toEqual({
      min_price: 2500,
      max_price: 4000,
      sizes: ['M', 'S'],
      colors: ['black', 'white'],
      in_stock: false,
      total_inventory: '0',
      units_sold: '0',
    });

    await db.query('update public.variants set inventory = 4 where id = $1', [product.variants[1].id]);
    await db.query('delete from public.variants where id = $1', [product.variants[2].id]);
    const pending = await createOrder({ status: 'pending', productId: product.id, qty: 2 });
    await createOrder({ status: 'delivered', productId: product.id, qty: 3 });
    expect(await listing()).toMatchObject({ max_price: 3000, colors: ['black', 'white'], in_stock: true, total_inventory: '4', units_sold: '3' });

    await db.query(`update public.orders set status = 'paid' where id = $1`, [pending.id]);
    expect((await listing()).units_sold).toBe('5');
    await db.query('delete from public.orders where id = $1', [pending.id]);
    expect((await listing()).units_sold).toBe('3');
  });
});

// ── functions ──────────────────────────────────────────────────────────────────────────────────

describe('is_admin()', () => {
  const isAdmin = (claims: Claims) => as(claims, async (tx) => (await one<{ is_admin: boolean }>(tx, 'select public.is_admin()')).is_admin);

  it('is true for a confirmed user whose email is on the admin list, whatever its case', async () => {
    const admin = await createAdmin();
    expect(admin.email).not.toBe(admin.email.toLowerCase());
    expect(await isAdmin(admin.claims)).toBe(true);
  });

  it('is false for an unconfirmed email on the admin list', async () => {
    const user = await createUser({ confirmed: false });
    await db.query('insert into public.admin_emails (email) values ($1)', [user.email]);
    expect(await isAdmin(user.claims)).toBe(false);
  });

  it('is false for other users, for anon, and for an admin email that is only claimed in the JWT', async () => {
    const admin = await createAdmin();
    const customer = await createUser();
    expect(await isAdmin(customer.claims)).toBe(false);
    expect(await isAdmin({ ...customer.claims, email: admin.email, user_metadata: { is_admin: true } })).toBe(false);
    expect(await isAdmin(anon)).toBe(false);
  });
});

describe('has_purchased()', () => {
  const hasPurchased = (claims: Claims, productId: string) =>
    as(claims, async (tx) => (await one<{ bought: boolean }>(tx, 'select public.has_purchased($1) as bought', [productId])).bought);

  it('is true for a product in the caller’s paid (or later) order, and only for the caller', async () => {
    const product = await createProduct();
    const buyer = await createUser();
    const other = await createUser();
    expect(await hasPurchased(buyer.claims, product.id)).toBe(false);
    await createOrder({ userId: buyer.id, status: 'pending', productId: product.id });
    expect(await hasPurchased(buyer.claims, product.id)).toBe(false);
    await createOrder({ userId: buyer.id, status: 'shipped', productId: product.id });
    expect(await hasPurchased(buyer.claims, product.id)).toBe(true);
    expect(await hasPurchased(other.claims, product.id)).toBe(false);
    expect(await hasPurchased(anon, product.id)).toBe(false);
  });

  it('counts a guest order placed with the caller’s email, in any case', async () => {
    const product = await createProduct();
    const buyer = await createUser();
    await createOrder({ email: buyer.email.toUpperCase(), status: 'paid', productId: product.id });
    expect(await hasPurchased(buyer.claims, product.id)).toBe(true);
  });

  it('ignores cancelled and refunded orders', async () => {
    const product = await createProduct();
    const buyer = await createUser();
    await createOrder({ userId: buyer.id, status: 'cancelled', productId: product.id });
    await createOrder({ userId: buyer.id, status: 'refunded', productId: product.id });
    expect(await hasPurchased(buyer.claims, product.id)).toBe(false);
  });
});

describe('calculate_product_rating()', () => {
  const rating = (productId: string) =>
    as(anon, (tx) => one<{ average_rating: string; review_count: string }>(tx, 'select * from public.calculate_product_rating($1)', [productId]));

  it('averages approved reviews only, rounded to two decimals', async () => {
    const product = await createProduct();
    for (const [stars, status] of [
      [5, 'approved'],
      [4, 'approved'],
      [4, 'approved'],
      [1, 'pending'],
      [1, 'rejected'],
    ] as const) {
      await db.query(`insert into public.reviews (product_id, rating, title, body, status) values ($1, $2, 'T', 'B', $3)`, [product.id, stars, status]);
    }
    expect(await rating(product.id)).toEqual({ average_rating: '4.33', review_count: '3' });
  });

  it('is 0 reviews averaging 0 when there are none', async () => {
    const product = await createProduct();
    expect(await rating(product.id)).toEqual({ average_rating: '0', review_count: '0' });
  });
});

describe('price_cart()', () => {
  it('prices lines from the database, merges repeated variants and keeps the first-seen order', async () => {
    const tee = await createProduct({ image: 'https://img.test/primary.png', variants: [{ size: 'L', color: 'red', price: 1250, inventory: 5 }] });
    const bottle = await createProduct({ category: 'accessories', variants: [{ price: 990, inventory: 9 }] });
    const cart = await priceCart([
      { variantId: bottle.variants[0].id, qty: 1 },
      { variantId: tee.variants[0].id, qty: 1 },
      { variantId: bottle.variants[0].id, qty: 2 },
    ]);
    expect(cart).toEqual({
      lines: [
        {
          variant_id: bottle.variants[0].id,
          product_id: bottle.id,
          title: `Product ${bottle.slug}`,
          sku: bottle.variants[0].sku,
          size: null,
          color: null,
          image: null,
          unit_price: 990,
          qty: 3,
          line_total: 2970,
        },
        {
          variant_id: tee.variants[0].id,
          product_id: tee.id,
          title: `Product ${tee.slug}`,
          sku: tee.variants[0].sku,
          size: 'L',
          color: 'red',
          image: 'https://img.test/primary.png',
          unit_price: 1250,
          qty: 1,
          line_total: 1250,
        },
      ],
      subtotal: 4220,
      shipping: 499,
      total: 4719,
      currency: 'EUR',
    });
  });

  it('charges each region’s standard rate below its free-shipping threshold and nothing from it on', async () => {
    const amounts = [4999, 5000, 7499, 7500, 9999, 10000, 14999, 15000];
    const product = await createProduct({ variants: amounts.map((price) => ({ price, inventory: 9 })) });
    const shippingFor = async (subtotal: number, region?: string | null) => {
      const cart = await priceCart([{ variantId: product.variants[amounts.indexOf(subtotal)].id, qty: 1 }], region);
      expect(cart.total).toBe(cart.subtotal + cart.shipping);
      return cart.shipping;
    };
    expect(await shippingFor(4999)).toBe(499);
    expect(await shippingFor(5000)).toBe(0);
    expect(await shippingFor(4999, null)).toBe(499);
    expect(await shippingFor(4999, 'de')).toBe(499);
    expect(await shippingFor(7499, 'EU')).toBe(799);
    expect(await shippingFor(7500, 'EU')).toBe(0);
    expect(await shippingFor(9999, 'UK')).toBe(999);
    expect(await shippingFor(10000, 'UK')).toBe(0);
    expect(await shippingFor(14999, 'US')).toBe(1299);
    expect(await shippingFor(15000, 'US')).toBe(0);
  });

  it('rejects malformed input with a clear message', async () => {
    const product = await createProduct();
    const variantId = product.variants[0].id;
    const cases: [unknown, RegExp][] = [
      [{ variantId, qty: 1 }, /items must be an array/],
      [[], /the cart is empty/],
      [Array.from({ length: 51 }, () => ({ variantId, qty: 1 })), /at most 50 lines/],
      [['nope'], /line 1: expected an object/],
      [[{ qty: 1 }], /line 1: variantId must be a UUID/],
      [[{ variantId: 'not-a-uuid', qty: 1 }], /line 1: variantId must be a UUID/],
      [[{ variantId, qty: 0 }], /line 1: qty must be a whole number from 1 to 99/],
      [[{ variantId, qty: 100 }], /qty must be a whole number from 1 to 99/],
      [[{ variantId, qty: 1.5 }], /qty must be a whole number from 1 to 99/],
      [[{ variantId, qty: '2' }], /qty must be a whole number from 1 to 99/],
      [[{ variantId, qty: 1 }, { variantId }], /line 2: qty must be/],
      [
        [
          { variantId, qty: 60 },
          { variantId, qty: 40 },
        ],
        /at most 99 in total/,
      ],
    ];
    for (const [items, message] of cases) {
      await expect(priceCart(items), JSON.stringify(items).slice(0, 80)).rejects.toEqual(raises(message));
    }
    await expect(priceCart([{ variantId, qty: 1 }], 'MARS')).rejects.toEqual(raises(/unknown shipping region MARS/));
  });

  it('reports missing and unpublished variants as not found', async () => {
    const missing = randomUUID();
    await expect(priceCart([{ variantId: missing, qty: 1 }])).rejects.toEqual(raises(new RegExp(`variant ${missing} not found`)));
    for (const status of ['draft', 'archived']) {
      const hidden = await createProduct({ status });
      await expect(priceCart([{ variantId: hidden.variants[0].id, qty: 1 }])).rejects.toEqual(raises(/not found/));
    }
  });

  it('checks stock and currency', async () => {
    const scarce = await createProduct({
      variants: [
        { price: 1000, inventory: 2 },
        { price: 1000, inventory: 0 },
      ],
    });
    const dollars = await createProduct({ currency: 'USD' });
    await expect(priceCart([{ variantId: scarce.variants[0].id, qty: 3 }])).rejects.toEqual(raises(new RegExp(`only 2 left of SKU ${scarce.variants[0].sku}`)));
    await expect(priceCart([{ variantId: scarce.variants[1].id, qty: 1 }])).rejects.toEqual(raises(new RegExp(`SKU ${scarce.variants[1].sku} is sold out`)));
    await expect(
      priceCart([
        { variantId: scarce.variants[0].id, qty: 1 },
        { variantId: dollars.variants[0].id, qty: 1 },
      ]),
    ).rejects.toEqual(raises(/one currency, got EUR and USD/));
    expect((await priceCart([{ variantId: dollars.variants[0].id, qty: 1 }])).currency).toBe('USD');
  });

  it('is callable by the service role only', async () => {
    const product = await createProduct();
    const items = JSON.stringify([{ variantId: product.variants[0].id, qty: 1 }]);
    for (const claims of [anon, (await createUser()).claims, (await createAdmin()).claims]) {
      await expect(as(claims, (tx) => tx.query('select public.price_cart($1::jsonb)', [items]))).rejects.toEqual(violates('42501'));
    }
  });
});

describe('fulfil_checkout_session()', () => {
  it('turns a paid session into a paid order with its items, takes the stock and completes the session', async () => {
    const buyer = await createUser();
    const product = await createProduct({
      variants: [
        { size: 'M', color: 'black', price: 2000, inventory: 5 },
        { price: 500, inventory: 1 },
      ],
    });
    const sessionId = await createCheckoutSession(
      [
        { variantId: product.variants[0].id, qty: 2 },
        { variantId: product.variants[1].id, qty: 1 },
      ],
      { user: buyer, email: 'Buyer.Mixed@Example.test' },
    );
    const order = await fulfil(sessionId);
    expect(order).toMatchObject({
      user_id: buyer.id,
      customer_email: 'buyer.mixed@example.test',
      status: 'paid',
      subtotal: 4500,
      shipping: 499,
      total: 4999,
      currency: 'EUR',
      checkout_session_id: sessionId,
    });
    expect(order.order_number).toMatch(/^NPNG-\d+$/);
    expect(await inventoryOf(product.variants[0].id)).toBe(3);
    expect(await inventoryOf(product.variants[1].id)).toBe(0);
    const items = await db.query(
      'select product_id, variant_id, sku, size, color, unit_price, qty, line_total from public.order_items where order_id = $1 order by unit_price desc',
      [order.id],
    );
    expect(items.rows).toEqual([
      { product_id: product.id, variant_id: product.variants[0].id, sku: product.variants[0].sku, size: 'M', color: 'black', unit_price: 2000, qty: 2, line_total: 4000 },
      { product_id: product.id, variant_id: product.variants[1].id, sku: product.variants[1].sku, size: null, color: null, unit_price: 500, qty: 1, line_total: 500 },
    ]);
    const session = await one<{ status: string; completed: boolean }>(db, 'select status, completed_at is not null as completed from public.checkout_sessions where id = $1', [
      sessionId,
    ]);
    expect(session).toEqual({ status: 'complete', completed: true });
    const listing = await one<{ units_sold: string; total_inventory: string }>(db, 'select units_sold, total_inventory from public.products where id = $1', [product.id]);
    expect(listing).toEqual({ units_sold: '3', total_inventory: '3' });
  });

  it('falls back to the account email for a session without one', async () => {
    const buyer = await createUser({ email: `Signed.In-${unique()}@Example.test` });
    const product = await createProduct();
    const order = await fulfil(await createCheckoutSession([{ variantId: product.variants[0].id, qty: 1 }], { user: buyer }));
    expect(order.customer_email).toBe(buyer.email.toLowerCase());
  });

  it('is idempotent: the same session fulfilled five times gives one order and takes stock once', async () => {
    const product = await createProduct({ variants: [{ price: 1500, inventory: 10 }] });
    const sessionId = await createCheckoutSession([{ variantId: product.variants[0].id, qty: 4 }], { email: 'guest@example.test' });
    const orders = await Promise.all(Array.from({ length: 5 }, () => fulfil(sessionId)));
    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
    const count = await one<{ n: string }>(db, 'select count(*) as n from public.orders where checkout_session_id = $1', [sessionId]);
    expect(count.n).toBe('1');
    expect(await inventoryOf(product.variants[0].id)).toBe(6);
  });

  it('raises out_of_stock and changes nothing when any line can no longer be met', async () => {
    const product = await createProduct({
      variants: [
        { price: 1000, inventory: 5 },
        { price: 1000, inventory: 2 },
      ],
    });
    const [plenty, scarce] = product.variants.map((v) => v.id);
    const sessionId = await createCheckoutSession([
      { variantId: plenty, qty: 3 },
      { variantId: scarce, qty: 2 },
    ]);
    await db.query('update public.variants set inventory = 1 where id = $1', [scarce]);
    await expect(fulfil(sessionId)).rejects.toEqual(raises(/^out_of_stock$/));
    expect(await inventoryOf(plenty)).toBe(5);
    expect(await inventoryOf(scarce)).toBe(1);
    const state = await one<{ status: string; orders: string }>(
      db,
      `select s.status, (select count(*) from public.orders o where o.checkout_session_id = s.id) as orders
       from public.checkout_sessions s where s.id = $1`,
      [sessionId],
    );
    expect(state).toEqual({ status: 'open', orders: '0' });
  });

  it('sells the last unit once when 20 sessions are fulfilled at the same time', async () => {
    const product = await createProduct({ variants: [{ price: 4200, inventory: 20 }] });
    const variantId = product.variants[0].id;
    const sessions: string[] = [];
    for (let i = 0; i < 20; i++) sessions.push(await createCheckoutSession([{ variantId, qty: 1 }]));
    await db.query('update public.variants set inventory = 1 where id = $1', [variantId]);
    const results = await Promise.allSettled(sessions.map((id) => fulfil(id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const rejected of results.filter((r) => r.status === 'rejected')) {
      expect(rejected.reason).toEqual(raises(/^out_of_stock$/));
    }
    expect(await inventoryOf(variantId)).toBe(0);
  });

  it('fulfils concurrent sessions whose variant order differs from their product order without deadlocking', async () => {
    // Variant ids chosen so that one kind of session reaches product A first and the other product B.
    const [a1, b1, b2, a2] = Array.from({ length: 4 }, () => randomUUID()).sort();
    const productA = await createProduct({
      variants: [
        { id: a1, price: 1000, inventory: 10 },
        { id: a2, price: 1000, inventory: 10 },
      ],
    });
    await createProduct({
      variants: [
        { id: b1, price: 2000, inventory: 10 },
        { id: b2, price: 2000, inventory: 10 },
      ],
    });
    const sessions: string[] = [];
    for (let i = 0; i < 10; i++) {
      const lines = i % 2 ? [a1, b1] : [b2, a2];
      sessions.push(await createCheckoutSession(lines.map((variantId) => ({ variantId, qty: 1 }))));
    }
    const orders = await Promise.all(sessions.map((id) => fulfil(id)));
    expect(new Set(orders.map((o) => o.id)).size).toBe(10);
    for (const variantId of [a1, b1, b2, a2]) expect(await inventoryOf(variantId)).toBe(5);
    expect((await one<{ units_sold: string }>(db, 'select units_sold from public.products where id = $1', [productA.id])).units_sold).toBe('10');
  });

  it('reports an unknown session; a payment for an expired one is an order while the stock lasts (ADR 0021)', async () => {
    await expect(fulfil('cs_test_unknown')).rejects.toEqual(raises(/checkout session cs_test_unknown not found/));
    const product = await createProduct();
    const sessionId = await createCheckoutSession([{ variantId: product.variants[0].id, qty: 1 }]);
    await db.query(`update public.checkout_sessions set status = 'expired' where id = $1`, [sessionId]);
    await expect(fulfil(sessionId)).resolves.toMatchObject({ status: 'paid', checkout_session_id: sessionId });
    expect(await inventoryOf(product.variants[0].id)).toBe(9);
  });

  it('is not callable by anon, customers or admins', async () => {
    const product = await createProduct();
    const sessionId = await createCheckoutSession([{ variantId: product.variants[0].id, qty: 1 }]);
    for (const claims of [anon, (await createUser()).claims, (await createAdmin()).claims]) {
      await expect(fulfil(sessionId, claims)).rejects.toEqual(violates('42501'));
    }
    expect(await inventoryOf(product.variants[0].id)).toBe(10);
  });
});

// ── reviews ────────────────────────────────────────────────────────────────────────────────────

describe('writing reviews', () => {
  const writeReview = (claims: Claims, review: Record<string, unknown>) => {
    const names = Object.keys(review);
    return as(claims, (tx) => tx.query(`insert into public.reviews (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(review)));
  };

  it('stores a buyer’s review as their own and pending, whatever status or author they send', async () => {
    const product = await createProduct();
    const buyer = await createUser();
    const someoneElse = await createUser();
    await createOrder({ userId: buyer.id, status: 'paid', productId: product.id });
    await writeReview(buyer.claims, {
      product_id: product.id,
      user_id: someoneElse.id,
      rating: 5,
      title: 'Solid',
      body: 'Holds up to heavy sessions.',
      author_name: 'Buyer',
      author_email: buyer.email.toUpperCase(),
      status: 'approved',
    });
    const stored = await one<{ user_id: string; status: string }>(db, 'select user_id, status from public.reviews where product_id = $1', [product.id]);
    expect(stored).toEqual({ user_id: buyer.id, status: 'pending' });

    const ownView = await as(buyer.claims, (tx) => tx.query('select id from public.reviews where product_id = $1', [product.id]));
    expect(ownView.rows).toHaveLength(1);
    const publicView = await as(anon, (tx) => tx.query('select id from public.reviews where product_id = $1', [product.id]));
    expect(publicView.rows).toHaveLength(0);
  });

  it('refuses a review without a paid purchase, with someone else’s email, or from anon', async () => {
    const product = await createProduct();
    const buyer = await createUser();
    const browser = await createUser();
    await createOrder({ userId: buyer.id, status: 'paid', productId: product.id });
    const review = { product_id: product.id, rating: 4, title: 'T', body: 'B' };
    await expect(writeReview(browser.claims, review)).rejects.toEqual(violates('42501'));
    await expect(writeReview(buyer.claims, { ...review, author_email: 'other@example.test' })).rejects.toEqual(violates('42501'));
    await expect(writeReview(anon, review)).rejects.toEqual(violates('42501'));
  });

  it('lets admins moderate and customers not', async () => {
    const product = await createProduct();
    const buyer = await createUser();
    const admin = await createAdmin();
    await createOrder({ userId: buyer.id, status: 'paid', productId: product.id });
    await writeReview(buyer.claims, { product_id: product.id, rating: 5, title: 'T', body: 'B' });
    const own = await as(buyer.claims, (tx) => tx.query(`update public.reviews set status = 'approved' where product_id = $1`, [product.id]));
    expect(own.affectedRows).toBe(0);
    const moderated = await as(admin.claims, (tx) => tx.query(`update public.reviews set status = 'approved' where product_id = $1`, [product.id]));
    expect(moderated.affectedRows).toBe(1);
    await expect(as(admin.claims, (tx) => tx.query(`update public.reviews set rating = 1 where product_id = $1`, [product.id]))).rejects.toEqual(violates('42501'));
    const visible = await as(anon, (tx) => tx.query('select id from public.reviews where product_id = $1', [product.id]));
    expect(visible.rows).toHaveLength(1);
  });
});

// ── row level security spot checks ─────────────────────────────────────────────────────────────

describe('row level security', () => {
  it('shows anon published products, their variants and listing rows only', async () => {
    const published = await createProduct();
    const draft = await createProduct({ status: 'draft' });
    const ids = [published.id, draft.id];
    const seen = (table: string, column: string) =>
      as(anon, async (tx) => (await tx.query<{ id: string }>(`select ${column} as id from public.${table} where ${column} = any($1::uuid[])`, [ids])).rows.map((r) => r.id));
    expect(await seen('products', 'id')).toEqual([published.id]);
    expect(await seen('product_listing', 'id')).toEqual([published.id]);
    expect(await seen('variants', 'product_id')).toEqual([published.id]);
    const admin = await createAdmin();
    const adminSees = await as(admin.claims, (tx) => tx.query('select id from public.products where id = any($1::uuid[])', [ids]));
    expect(adminSees.rows).toHaveLength(2);
  });

  it('lets only admins write the catalogue, and nobody but the triggers set the listing figures', async () => {
    const customer = await createUser();
    const admin = await createAdmin();
    const insert = (claims: Claims, slug: string) => as(claims, (tx) => tx.query(`insert into public.products (slug, title, category) values ($1, 'New', 'equipment')`, [slug]));
    await expect(insert(customer.claims, `nope-${unique()}`)).rejects.toEqual(violates('42501'));
    await expect(insert(anon, `nope-${unique()}`)).rejects.toEqual(violates('42501'));
    await insert(admin.claims, `yes-${unique()}`);
    const product = await createProduct();
    await expect(as(admin.claims, (tx) => tx.query('update public.products set min_price = 1 where id = $1', [product.id]))).rejects.toEqual(violates('42501'));
    await as(admin.claims, async (tx) => {
      await tx.query(`insert into public.variants (product_id, sku, size, price, inventory) values ($1, $2, 'XL', 1999, 1)`, [product.id, `SKU-${unique()}`]);
      await tx.query('update public.variants set price = 1499 where id = $1', [product.variants[0].id]);
    });
    expect(await one(db, 'select min_price, sizes from public.products where id = $1', [product.id])).toEqual({
      min_price: 1499,
      sizes: ['M', 'XL'],
    });
    const customerUpdate = await as(customer.claims, (tx) => tx.query(`update public.variants set price = 1 where id = $1`, [product.variants[0].id]));
    expect(customerUpdate.affectedRows).toBe(0);
  });

  it('shows customers their own orders, by account or by email in any case, and admins all', async () => {
    const product = await createProduct();
    const alex = await createUser();
    const sam = await createUser();
    const admin = await createAdmin();
    const byAccount = await createOrder({ userId: alex.id, status: 'paid', productId: product.id });
    const byEmail = await createOrder({ email: alex.email.toUpperCase(), status: 'processing', productId: product.id });
    const samsOrder = await createOrder({ userId: sam.id, status: 'paid', productId: product.id });
    const ids = [byAccount.id, byEmail.id, samsOrder.id];
    const visible = (claims: Claims, table: string, column: string) =>
      as(claims, async (tx) =>
        (await tx.query<{ id: string }>(`select ${column} as id from public.${table} where ${column} = any($1::uuid[]) order by 1`, [ids])).rows.map((r) => r.id),
      );
    expect(await visible(alex.claims, 'orders', 'id')).toEqual([byAccount.id, byEmail.id].sort());
    expect(await visible(alex.claims, 'order_items', 'order_id')).toEqual([byAccount.id, byEmail.id].sort());
    expect(await visible(admin.claims, 'orders', 'id')).toEqual([...ids].sort());
    await expect(visible(anon, 'orders', 'id')).rejects.toEqual(violates('42501'));
    const statusChange = await as(alex.claims, (tx) => tx.query(`update public.orders set status = 'cancelled' where id = $1`, [byAccount.id]));
    expect(statusChange.affectedRows).toBe(0);
    await expect(as(admin.claims, (tx) => tx.query('update public.orders set total = 0 where id = $1', [byAccount.id]))).rejects.toEqual(violates('42501'));
    const adminChange = await as(admin.claims, (tx) => tx.query(`update public.orders set status = 'shipped' where id = $1`, [byAccount.id]));
    expect(adminChange.affectedRows).toBe(1);
  });

  it('keeps profiles private to their owner and admins', async () => {
    const alex = await createUser({ fullName: 'Alex' });
    const sam = await createUser();
    const admin = await createAdmin();
    const read = (claims: Claims) => as(claims, async (tx) => (await tx.query('select id from public.profiles where id = any($1::uuid[])', [[alex.id, sam.id]])).rows.length);
    expect(await read(alex.claims)).toBe(1);
    expect(await read(admin.claims)).toBe(2);
    await expect(read(anon)).rejects.toEqual(violates('42501'));
    const hijack = await as(sam.claims, (tx) => tx.query(`update public.profiles set full_name = 'Mallory' where id = $1`, [alex.id]));
    expect(hijack.affectedRows).toBe(0);
    await as(alex.claims, (tx) =>
      tx.query(
        `insert into public.profiles (id, full_name, phone) values ($1, 'Alex S.', '+49 30 1234')
         on conflict (id) do update set id = excluded.id, full_name = excluded.full_name, phone = excluded.phone`,
        [alex.id],
      ),
    );
    expect(await one(db, 'select full_name, phone from public.profiles where id = $1', [alex.id])).toEqual({
      full_name: 'Alex S.',
      phone: '+49 30 1234',
    });
  });

  it('accepts newsletter sign-ups (only through subscribe_newsletter) and contact messages from anyone, readable by admins only', async () => {
    const customer = await createUser();
    const admin = await createAdmin();
    const email = `visitor-${unique()}@example.test`;
    await as(anon, (tx) => tx.query(`select public.subscribe_newsletter($1, 'footer', 'en')`, [email]));
    // ADR 0022: no direct inserts, so nobody is on the list without the double opt-in.
    for (const claims of [anon, customer.claims]) {
      await expect(as(claims, (tx) => tx.query(`insert into public.newsletter_subscribers (email, consent, source) values ($1, true, 'footer')`, [`x-${email}`]))).rejects.toEqual(
        violates('42501'),
      );
    }
    await as(customer.claims, (tx) => tx.query(`insert into public.contact_messages (email, message) values ($1, 'Hello')`, [customer.email]));
    const stored = await one<{ user_id: string }>(db, 'select user_id from public.contact_messages where email = $1', [customer.email]);
    expect(stored.user_id).toBe(customer.id);
    await expect(as(anon, (tx) => tx.query('select * from public.newsletter_subscribers'))).rejects.toEqual(violates('42501'));
    const customerReads = await as(customer.claims, (tx) => tx.query('select * from public.contact_messages'));
    expect(customerReads.rows).toHaveLength(0);
    const adminReads = await as(admin.claims, (tx) => tx.query('select id from public.newsletter_subscribers where email = $1', [email]));
    expect(adminReads.rows).toHaveLength(1);
  });

  it('hides checkout sessions and the admin list from API users', async () => {
    const customer = await createUser();
    const admin = await createAdmin();
    await expect(as(customer.claims, (tx) => tx.query('select * from public.checkout_sessions'))).rejects.toEqual(violates('42501'));
    await expect(as(admin.claims, (tx) => tx.query('select * from public.checkout_sessions'))).rejects.toEqual(violates('42501'));
    expect((await as(customer.claims, (tx) => tx.query('select * from public.admin_emails'))).rows).toHaveLength(0);
    const adminList = await as(admin.claims, (tx) => tx.query('select email from public.admin_emails where email = $1', [admin.email.toLowerCase()]));
    expect(adminList.rows).toHaveLength(1);
  });

  it("serves published products' images publicly, drafts' only to admins, and lets only admins write them", async () => {
    const customer = await createUser();
    const admin = await createAdmin();
    const bucket = await one(db, `select public, file_size_limit::text as limit, allowed_mime_types from storage.buckets where id = 'product-images'`);
    expect(bucket).toEqual({ public: true, limit: '5242880', allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] });
    // Objects live under their product's id: a published product's images are public, a draft's only to admins.
    const published = await createProduct();
    const draft = await createProduct({ status: 'draft' });
    const name = `${published.id}/0.png`;
    const draftName = `${draft.id}/0.png`;
    const upload = (claims: Claims, path = name) => as(claims, (tx) => tx.query(`insert into storage.objects (bucket_id, name) values ('product-images', $1)`, [path]));
    await expect(upload(customer.claims)).rejects.toEqual(violates('42501'));
    await expect(upload(anon)).rejects.toEqual(violates('42501'));
    await upload(admin.claims);
    await upload(admin.claims, draftName);
    const seen = (claims: Claims, path: string) => as(claims, (tx) => tx.query('select name from storage.objects where name = $1', [path]));
    expect((await seen(anon, name)).rows).toHaveLength(1);
    expect((await seen(customer.claims, name)).rows).toHaveLength(1);
    expect((await seen(anon, draftName)).rows).toHaveLength(0);
    expect((await seen(customer.claims, draftName)).rows).toHaveLength(0);
    expect((await seen(admin.claims, draftName)).rows).toHaveLength(1);
    const removed = await as(customer.claims, (tx) => tx.query('delete from storage.objects where name = $1', [name]));
    expect(removed.affectedRows).toBe(0);
  });
});

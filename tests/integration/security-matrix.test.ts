/**
 * The row-level-security matrix of docs/schema.md, cell by cell: every table × every caller ×
 * select/insert/update/delete, each asserting exactly what the matrix allows — and, for denied
 * writes, that a service-role read afterwards shows nothing changed.
 */
import { randomUUID } from 'node:crypto';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ADMIN, ALEX, PNG_1X1, anonClient, apiUrl, createConfirmedUser, rest, serviceClient, signIn, sql, tokenClient, uniqueEmail } from './support.ts';
import { adminWithVerifiedFactor } from './totp.ts';

// biome-ignore lint/suspicious/noExplicitAny: rows are untyped JSON from the API, checked by the assertions
type Row = Record<string, any>;
type Role = 'anon' | 'customer' | 'other' | 'admin' | 'service';
type Op = 'select' | 'insert' | 'update' | 'delete';
const ROLES: Role[] = ['anon', 'customer', 'other', 'admin', 'service'];
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

interface Ctx {
  alexId: string;
  otherId: string;
  otherEmail: string;
  adminId: string;
  /** A published product the tests own, and a draft one, each with a variant and a media row. */
  fxProduct: string;
  fxDraft: string;
  /** A published product from Alex's paid order (so he may review it), not bought by anyone else here. */
  alexPaidProduct: string;
  /** Orders the tests own: Alex's by user_id, Alex's by upper-cased email only, the other customer's. */
  alexOrder: string;
  productStatus: Map<string, string>;
  orders: Map<string, Row>;
}

const ctx = {} as Ctx;
const clients = {} as Record<Role, SupabaseClient>;
let service: SupabaseClient;
const created: { table: string; column: string; value: string }[] = [];

const marker = () => `m${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const allow = (...roles: Role[]) => Object.fromEntries(ROLES.map((r) => [r, roles.includes(r)])) as Record<Role, boolean>;
const isOwnOrder = (o: Row | undefined, id: string, email: string) => !!o && (o.user_id === id || o.customer_email?.toLowerCase() === email.toLowerCase());

interface InsertPlan {
  row: Row;
  allowed: boolean;
  /** Service-role steps before the attempt (e.g. make room for a profile) … */
  prepare?: () => Promise<void>;
  /** … and after it, whatever happened. */
  restore?: () => Promise<void>;
}

interface TableSpec {
  table: string;
  key: string;
  /** Column and value that find the row an insert attempt would have created. */
  find: (m: string) => [string, string];
  visible: Record<Role, (row: Row) => boolean>;
  insert: (role: Role, m: string) => InsertPlan;
  /** Creates (or picks) the row an update/delete targets; returns its key and how to undo. */
  fixture: (m: string) => Promise<{ key: string; restore?: () => Promise<void> }>;
  patch: (m: string) => Row;
  /** Whether the row as read back (null when gone) carries the patch. */
  patched: (row: Row | null, m: string) => boolean;
  update: Record<Role, boolean>;
  delete: Record<Role, boolean>;
}

async function serviceInsert(table: string, row: Row): Promise<Row> {
  const { data, error } = await service.from(table).insert(row).select().single();
  if (error) throw new Error(`fixture insert into ${table} failed: ${error.code} ${error.message}`);
  return data as Row;
}

async function readBack(table: string, column: string, value: string): Promise<Row[]> {
  const { data, error } = await service.from(table).select('*').eq(column, value);
  if (error) throw new Error(`service read of ${table} failed: ${error.message}`);
  return data as Row[];
}

const orderNumber = () => `NPNG-9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function profileBackup(id: string) {
  const [saved] = await readBack('profiles', 'id', id);
  return async () => {
    await service.from('profiles').upsert(saved);
  };
}

/** Variants and media: everyone sees the rows of published products; admin and service see all. */
const rowsOfPublishedProducts = {
  anon: (r: Row) => ctx.productStatus.get(r.product_id as string) === 'published',
  customer: (r: Row) => ctx.productStatus.get(r.product_id as string) === 'published',
  other: (r: Row) => ctx.productStatus.get(r.product_id as string) === 'published',
  admin: () => true,
  service: () => true,
};

const SPECS: TableSpec[] = [
  {
    table: 'products',
    key: 'id',
    find: (m) => ['slug', `it-${m}`],
    visible: {
      anon: (r) => r.status === 'published',
      customer: (r) => r.status === 'published',
      other: (r) => r.status === 'published',
      admin: () => true,
      service: () => true,
    },
    insert: (role, m) => ({
      row: { slug: `it-${m}`, title: m, description: 'x', category: 'clothing', status: 'draft' },
      allowed: role === 'admin' || role === 'service',
    }),
    fixture: async (m) => {
      const row = await serviceInsert('products', { slug: `it-${m}`, title: m, description: 'x', category: 'clothing', status: 'published' });
      return { key: row.id };
    },
    patch: (m) => ({ title: `${m}-patched` }),
    patched: (r, m) => r?.title === `${m}-patched`,
    update: allow('admin', 'service'),
    delete: allow('admin', 'service'),
  },
  {
    table: 'variants',
    key: 'id',
    find: (m) => ['sku', m],
    visible: rowsOfPublishedProducts,
    insert: (role, m) => ({ row: { product_id: ctx.fxProduct, sku: m, size: 'M', price: 100, inventory: 1 }, allowed: role === 'admin' || role === 'service' }),
    fixture: async (m) => ({ key: (await serviceInsert('variants', { product_id: ctx.fxProduct, sku: m, price: 100, inventory: 1 })).id }),
    patch: () => ({ price: 4242 }),
    patched: (r) => r?.price === 4242,
    update: allow('admin', 'service'),
    delete: allow('admin', 'service'),
  },
  {
    table: 'media',
    key: 'id',
    find: (m) => ['alt', m],
    visible: rowsOfPublishedProducts,
    insert: (role, m) => ({
      row: { product_id: ctx.fxProduct, url: `https://img.example/${m}.png`, alt: m, is_primary: false, sort_order: 9 },
      allowed: role === 'admin' || role === 'service',
    }),
    fixture: async (m) => ({
      key: (await serviceInsert('media', { product_id: ctx.fxProduct, url: `https://img.example/${m}.png`, alt: m, is_primary: false, sort_order: 9 })).id,
    }),
    patch: (m) => ({ alt: `${m}-patched` }),
    patched: (r, m) => r?.alt === `${m}-patched`,
    update: allow('admin', 'service'),
    delete: allow('admin', 'service'),
  },
  {
    table: 'reviews',
    key: 'id',
    find: (m) => ['title', m],
    visible: {
      anon: (r) => r.status === 'approved',
      customer: (r) => r.status === 'approved' || r.user_id === ctx.alexId,
      other: (r) => r.status === 'approved' || r.user_id === ctx.otherId,
      admin: () => true,
      service: () => true,
    },
    insert: (role, m) => {
      const email = { anon: null, customer: ALEX.email, other: ctx.otherEmail, admin: ADMIN.email, service: null }[role];
      // Only Alex bought the product: the others (admin included, "like a customer") may not review it.
      return {
        row: { product_id: ctx.alexPaidProduct, rating: 5, title: m, body: 'Great.', author_name: 'IT', author_email: email, status: 'pending' },
        allowed: role === 'customer' || role === 'service',
      };
    },
    fixture: async (m) => ({
      key: (
        await serviceInsert('reviews', {
          product_id: ctx.alexPaidProduct,
          user_id: ctx.alexId,
          rating: 3,
          title: m,
          body: 'Own pending review.',
          author_name: 'Alex',
          author_email: ALEX.email,
          status: 'pending',
        })
      ).id,
    }),
    patch: () => ({ status: 'approved' }),
    patched: (r) => r?.status === 'approved',
    update: allow('admin', 'service'),
    delete: allow('admin', 'service'),
  },
  {
    table: 'profiles',
    key: 'id',
    find: () => ['id', ctx.alexId],
    visible: {
      anon: () => false,
      customer: (r) => r.id === ctx.alexId,
      other: (r) => r.id === ctx.otherId,
      admin: () => true,
      service: () => true,
    },
    // Every caller tries to create Alex's profile after it was removed: only Alex (own) and the service role may.
    insert: (role, m) => {
      let restore: () => Promise<void> = async () => {};
      return {
        row: { id: ctx.alexId, full_name: m, phone: null },
        allowed: role === 'customer' || role === 'service',
        prepare: async () => {
          restore = await profileBackup(ctx.alexId);
          await service.from('profiles').delete().eq('id', ctx.alexId);
        },
        restore: async () => restore(),
      };
    },
    fixture: async () => ({ key: ctx.alexId, restore: await profileBackup(ctx.alexId) }),
    patch: (m) => ({ phone: m }),
    patched: (r, m) => r?.phone === m,
    update: allow('customer', 'service'),
    delete: allow('service'),
  },
  {
    table: 'newsletter_subscribers',
    key: 'email',
    find: (m) => ['email', `${m}@example.test`],
    visible: { anon: () => false, customer: () => false, other: () => false, admin: () => true, service: () => true },
    insert: (role, m) => ({
      row: {
        email: `${m}@example.test`,
        user_id: { anon: null, customer: ctx.alexId, other: ctx.otherId, admin: ctx.adminId, service: null }[role],
        consent: true,
        source: role === 'anon' ? 'footer' : 'account',
      },
      // ADR 0022: sign-ups go through subscribe_newsletter (double opt-in) only.
      allowed: role === 'service',
    }),
    fixture: async (m) => ({ key: (await serviceInsert('newsletter_subscribers', { email: `${m}@example.test`, consent: true, source: 'footer' })).email }),
    patch: () => ({ source: 'account' }),
    patched: (r) => r?.source === 'account',
    update: allow('service'),
    delete: allow('admin', 'service'),
  },
  {
    table: 'orders',
    key: 'id',
    find: (m) => ['customer_email', `${m}@example.test`],
    visible: {
      anon: () => false,
      customer: (r) => isOwnOrder(r, ctx.alexId, ALEX.email),
      other: (r) => isOwnOrder(r, ctx.otherId, ctx.otherEmail),
      admin: () => true,
      service: () => true,
    },
    insert: (role, m) => ({
      row: {
        order_number: orderNumber(),
        user_id: { anon: null, customer: ctx.alexId, other: ctx.otherId, admin: ctx.adminId, service: null }[role],
        customer_email: `${m}@example.test`,
        status: 'paid',
        subtotal: 100,
        shipping: 0,
        total: 100,
        currency: 'EUR',
      },
      allowed: role === 'service',
    }),
    // Paid, so that → shipped is a move an admin may make (the database refuses others, e.g. pending → shipped).
    fixture: async (m) => ({
      key: (
        await serviceInsert('orders', {
          order_number: orderNumber(),
          user_id: ctx.alexId,
          customer_email: `${m}@example.test`,
          status: 'paid',
          subtotal: 100,
          shipping: 0,
          total: 100,
          currency: 'EUR',
        })
      ).id,
    }),
    patch: () => ({ status: 'shipped' }),
    patched: (r) => r?.status === 'shipped',
    update: allow('admin', 'service'),
    delete: allow('service'),
  },
  {
    table: 'order_items',
    key: 'id',
    find: (m) => ['sku', m],
    visible: {
      anon: () => false,
      customer: (r) => isOwnOrder(ctx.orders.get(r.order_id), ctx.alexId, ALEX.email),
      other: (r) => isOwnOrder(ctx.orders.get(r.order_id), ctx.otherId, ctx.otherEmail),
      admin: () => true,
      service: () => true,
    },
    insert: (role, m) => ({
      row: { order_id: ctx.alexOrder, product_id: ctx.fxProduct, title: m, sku: m, unit_price: 100, qty: 1, line_total: 100 },
      allowed: role === 'service',
    }),
    fixture: async (m) => ({
      key: (await serviceInsert('order_items', { order_id: ctx.alexOrder, product_id: ctx.fxProduct, title: m, sku: m, unit_price: 100, qty: 1, line_total: 100 })).id,
    }),
    patch: () => ({ qty: 7, line_total: 700 }),
    patched: (r) => r?.qty === 7,
    update: allow('service'),
    delete: allow('service'),
  },
  {
    table: 'contact_messages',
    key: 'id',
    find: (m) => ['subject', m],
    visible: { anon: () => false, customer: () => false, other: () => false, admin: () => true, service: () => true },
    insert: (_role, m) => ({ row: { name: null, email: `${m}@example.test`, subject: m, message: 'Hello' }, allowed: true }),
    fixture: async (m) => ({ key: (await serviceInsert('contact_messages', { email: `${m}@example.test`, subject: m, message: 'Hello' })).id }),
    patch: () => ({ message: 'patched' }),
    patched: (r) => r?.message === 'patched',
    update: allow('service'),
    delete: allow('admin', 'service'),
  },
  {
    table: 'admin_emails',
    key: 'email',
    find: (m) => ['email', `${m}@example.test`],
    visible: { anon: () => false, customer: () => false, other: () => false, admin: () => true, service: () => true },
    insert: (role, m) => ({ row: { email: `${m}@example.test` }, allowed: role === 'service' }),
    fixture: async (m) => ({ key: (await serviceInsert('admin_emails', { email: `${m}@example.test` })).email }),
    patch: (m) => ({ email: `${m}-patched@example.test` }),
    // The key itself is patched: the row is gone under its old key once the update applied.
    patched: (r) => r === null,
    update: allow('service'),
    delete: allow('service'),
  },
  {
    table: 'checkout_sessions',
    key: 'id',
    find: (m) => ['id', `cs_local_${m}`],
    visible: { anon: () => false, customer: () => false, other: () => false, admin: () => false, service: () => true },
    insert: (role, m) => ({ row: checkoutSession(m), allowed: role === 'service' }),
    fixture: async (m) => ({ key: (await serviceInsert('checkout_sessions', checkoutSession(m))).id }),
    patch: () => ({ status: 'expired' }),
    patched: (r) => r?.status === 'expired',
    update: allow('service'),
    delete: allow('service'),
  },
  {
    table: 'order_emails',
    key: 'order_id',
    find: (m) => ['order_id', outboxOrderId(m)],
    visible: { anon: () => false, customer: () => false, other: () => false, admin: () => false, service: () => true },
    // Each attempt queues the e-mail of an order made for it (the order goes again afterwards, and its row with it).
    insert: (role, m) => ({
      row: { order_id: outboxOrderId(m) },
      allowed: role === 'service',
      prepare: async () => {
        await outboxOrder(m);
      },
      restore: async () => {
        await service.from('orders').delete().eq('id', outboxOrderId(m));
      },
    }),
    fixture: async (m) => {
      const id = await outboxOrder(m);
      await serviceInsert('order_emails', { order_id: id });
      return { key: id, restore: async () => void (await service.from('orders').delete().eq('id', id)) };
    },
    patch: () => ({ sent_at: '2025-11-24T12:00:00Z' }),
    patched: (r) => r?.sent_at != null,
    update: allow('service'),
    delete: allow('service'),
  },
  {
    // Back-in-stock requests (issue 24 item 3, ADR 0038): only the security-definer functions read or
    // write them, so nobody learns through the API who waits for what — not even an admin.
    table: 'back_in_stock_requests',
    key: 'id',
    find: (m) => ['email', `${m}@example.test`],
    visible: { anon: () => false, customer: () => false, other: () => false, admin: () => false, service: () => true },
    insert: (role, m) => {
      const row: Row = { email: `${m}@example.test` };
      const prepare = async () => {
        row.variant_id = await fxVariant();
      };
      return { row, allowed: role === 'service', prepare };
    },
    fixture: async (m) => ({ key: (await serviceInsert('back_in_stock_requests', { variant_id: await fxVariant(), email: `${m}@example.test` })).id }),
    patch: () => ({ locale: 'de' }),
    patched: (r) => r?.locale === 'de',
    update: allow('service'),
    delete: allow('service'),
  },
];

/** The variant of the published fixture product (a back-in-stock request needs one). */
async function fxVariant(): Promise<string> {
  const { data } = await service.from('variants').select('id').eq('product_id', ctx.fxProduct).limit(1).single();
  return (data as Row).id;
}

/** One order id per marker, for the order_emails cells. */
const outboxOrderIds = new Map<string, string>();
function outboxOrderId(m: string): string {
  if (!outboxOrderIds.has(m)) outboxOrderIds.set(m, randomUUID());
  return outboxOrderIds.get(m) as string;
}

/** A guest order nobody but admins sees, to hang an order_emails row on. */
async function outboxOrder(m: string): Promise<string> {
  const order = await serviceInsert('orders', {
    id: outboxOrderId(m),
    order_number: orderNumber(),
    user_id: null,
    customer_email: `${m}@example.test`,
    status: 'paid',
    subtotal: 100,
    shipping: 0,
    total: 100,
    currency: 'EUR',
  });
  return order.id;
}

function checkoutSession(m: string): Row {
  return {
    id: `cs_local_${m}`,
    provider: 'local',
    user_id: null,
    email: `${m}@example.test`,
    line_items: [{ variantId: '00000000-0000-0000-0000-000000000000', title: 'fixture', sku: m, qty: 1, unitPrice: 0, lineTotal: 0 }],
    amount_subtotal: 0,
    amount_shipping: 0,
    amount_total: 0,
    currency: 'EUR',
    success_url: 'http://localhost:5173/orders',
    cancel_url: 'http://localhost:5173/cart',
    url: `http://localhost:54321/_dev/checkout/cs_local_${m}`,
    status: 'open',
  };
}

/** A denied write: an RLS error (401 for anon, 403 otherwise, code 42501) or no row touched. */
function expectDeniedWrite(role: Role, res: { error: PostgrestError | null; status: number }, mustError: boolean) {
  if (res.error === null && !mustError) return;
  expect(res.error, 'a denied insert must fail').not.toBeNull();
  expect(res.error?.code).toBe('42501');
  expect(res.status).toBe(role === 'anon' ? 401 : 403);
}

beforeAll(async () => {
  service = serviceClient();
  const [alex, admin, other] = await Promise.all([signIn(ALEX.email, ALEX.password), signIn(ADMIN.email, ADMIN.password), createConfirmedUser()]);
  Object.assign(clients, { anon: anonClient(), customer: alex.client, other: other.client, admin: admin.client, service });
  Object.assign(ctx, { alexId: alex.user.id, adminId: admin.user.id, otherId: other.user.id, otherEmail: other.email });

  const fx = marker();
  const product = await serviceInsert('products', { slug: `it-fx-${fx}`, title: `fx ${fx}`, description: 'x', category: 'clothing', status: 'published' });
  const draft = await serviceInsert('products', { slug: `it-fxd-${fx}`, title: `fxd ${fx}`, description: 'x', category: 'clothing', status: 'draft' });
  ctx.fxProduct = product.id;
  ctx.fxDraft = draft.id;
  created.push({ table: 'products', column: 'id', value: product.id }, { table: 'products', column: 'id', value: draft.id });
  for (const p of [product, draft]) {
    await serviceInsert('variants', { product_id: p.id, sku: `fx-${p.slug}`, price: 1000, inventory: 3 });
    await serviceInsert('media', { product_id: p.id, url: `https://img.example/${p.slug}.png`, alt: p.slug, is_primary: true, sort_order: 0 });
  }

  const alexOrder = await serviceInsert('orders', {
    order_number: orderNumber(),
    user_id: ctx.alexId,
    customer_email: ALEX.email,
    status: 'paid',
    subtotal: 1000,
    shipping: 0,
    total: 1000,
    currency: 'EUR',
  });
  const byEmail = await serviceInsert('orders', {
    order_number: orderNumber(),
    user_id: null,
    customer_email: ALEX.email.toUpperCase(),
    status: 'processing',
    subtotal: 1000,
    shipping: 0,
    total: 1000,
    currency: 'EUR',
  });
  const othersOrder = await serviceInsert('orders', {
    order_number: orderNumber(),
    user_id: ctx.otherId,
    customer_email: ctx.otherEmail,
    status: 'paid',
    subtotal: 1000,
    shipping: 0,
    total: 1000,
    currency: 'EUR',
  });
  ctx.alexOrder = alexOrder.id;
  for (const o of [alexOrder, byEmail, othersOrder]) {
    created.push({ table: 'orders', column: 'id', value: o.id });
    await serviceInsert('order_items', { order_id: o.id, product_id: ctx.fxProduct, title: 'fx', sku: `fx-${o.id}`, unit_price: 1000, qty: 1, line_total: 1000 });
  }
  const review = await serviceInsert('reviews', {
    product_id: ctx.fxProduct,
    user_id: ctx.otherId,
    rating: 2,
    title: `fx ${fx}`,
    body: "Other customer's pending review",
    author_name: 'Other',
    author_email: ctx.otherEmail,
    status: 'pending',
  });
  created.push({ table: 'reviews', column: 'id', value: review.id });

  const { data: paidItems } = await service
    .from('order_items')
    .select('product_id,orders!inner(user_id,status),products!inner(status)')
    .eq('orders.user_id', ctx.alexId)
    .eq('orders.status', 'paid')
    .eq('products.status', 'published')
    .neq('product_id', ctx.fxProduct);
  const { data: adminBought } = await service.from('order_items').select('product_id,orders!inner(user_id)').eq('orders.user_id', ctx.adminId);
  const adminProducts = new Set((adminBought ?? []).map((r: Row) => r.product_id));
  ctx.alexPaidProduct = (paidItems ?? []).map((r: Row) => r.product_id).find((id: string) => !adminProducts.has(id));
  if (!ctx.alexPaidProduct) throw new Error('the seed must give Alex a paid order of a published product the admin has not bought');

  const { data: products } = await service.from('products').select('id,status');
  ctx.productStatus = new Map((products ?? []).map((p: Row) => [p.id, p.status]));
});

afterAll(async () => {
  for (const c of created.reverse()) await service.from(c.table).delete().eq(c.column, c.value);
});

async function refreshOrders() {
  const { data } = await service.from('orders').select('*');
  ctx.orders = new Map((data ?? []).map((o: Row) => [o.id, o]));
}

const cells = SPECS.flatMap((spec) => ROLES.flatMap((role) => OPS.map((op) => ({ spec, table: spec.table, role, op }))));

describe.each(SPECS.map((s) => [s.table, s] as const))('%s', (_table, spec) => {
  it.each(cells.filter((c) => c.spec === spec).map((c) => [c.role, c.op, c] as const))('%s %s', async (role, op) => {
    const c = clients[role];
    if (op === 'select') {
      await refreshOrders();
      const { data: everything, error: e0 } = await service.from(spec.table).select('*');
      expect(e0).toBeNull();
      const want = (everything as Row[])
        .filter(spec.visible[role])
        .map((r) => r[spec.key])
        .sort();
      const { data, error } = await c.from(spec.table).select('*');
      if (want.length === 0 && error) {
        // A table closed to this caller may also refuse the read outright.
        expect(error.code).toBe('42501');
        return;
      }
      expect(error).toBeNull();
      expect((data as Row[]).map((r) => r[spec.key]).sort()).toEqual(want);
      return;
    }

    const m = marker();
    if (op === 'insert') {
      const plan = spec.insert(role, m);
      const [col, val] = spec.find(m);
      await plan.prepare?.();
      try {
        const res = await c.from(spec.table).insert(plan.row);
        const rows = await readBack(spec.table, col, val);
        if (plan.allowed) {
          expect(res.error).toBeNull();
          expect(res.status).toBe(201);
          expect(rows).toHaveLength(1);
        } else {
          expectDeniedWrite(role, res, true);
          expect(rows).toHaveLength(0);
        }
      } finally {
        if (spec.table !== 'profiles') await service.from(spec.table).delete().eq(col, val);
        await plan.restore?.();
      }
      return;
    }

    const fx = await spec.fixture(m);
    const before = (await readBack(spec.table, spec.key, fx.key))[0];
    try {
      const res = op === 'update' ? await c.from(spec.table).update(spec.patch(m)).eq(spec.key, fx.key) : await c.from(spec.table).delete().eq(spec.key, fx.key);
      const after = (await readBack(spec.table, spec.key, fx.key))[0] ?? null;
      const allowed = spec[op][role];
      if (allowed) {
        expect(res.error).toBeNull();
        if (op === 'update') expect(spec.patched(after, m)).toBe(true);
        else expect(after).toBeNull();
      } else {
        expectDeniedWrite(role, res, false);
        expect(after).toEqual(before);
      }
    } finally {
      if (spec.table !== 'profiles') {
        await service.from(spec.table).delete().eq(spec.key, fx.key);
        if (spec.table === 'admin_emails') await service.from(spec.table).delete().eq('email', spec.patch(m).email);
      }
      await fx.restore?.();
    }
  });
});

describe('write conditions inside the matrix', () => {
  it.each([
    ['anon', 'newsletter_subscribers', { user_id: 'alex', consent: true, source: 'footer' }],
    ['customer', 'newsletter_subscribers', { user_id: 'other', consent: true, source: 'account' }],
    ['anon', 'newsletter_subscribers', { user_id: null, consent: false, source: 'footer' }],
    ['anon', 'contact_messages', { user_id: 'alex', subject: 'x', message: 'x' }],
    ['customer', 'contact_messages', { user_id: 'other', subject: 'x', message: 'x' }],
  ] as const)('%s may not insert into %s with %j', async (role, table, shape) => {
    const m = marker();
    const email = `${m}@example.test`;
    const user = shape.user_id === 'alex' ? ctx.alexId : shape.user_id === 'other' ? ctx.otherId : null;
    const res = await clients[role].from(table).insert({ ...shape, user_id: user, email });
    expect(res.error).not.toBeNull();
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await readBack(table, 'email', email)).toEqual([]);
  });

  it.each([
    ['approved status', { status: 'approved' }],
    ["someone else's author_email", { author_email: 'someone@example.test' }],
    ["someone else's user_id", { user_id: 'other' }],
  ] as const)('Alex cannot create a review with %s (refused, or stored as his own pending review)', async (_what, change) => {
    const m = marker();
    const row: Row = { product_id: ctx.alexPaidProduct, rating: 5, title: m, body: 'x', author_name: 'Alex', author_email: ALEX.email, status: 'pending', ...change };
    if (row.user_id === 'other') row.user_id = ctx.otherId;
    const res = await clients.customer.from('reviews').insert(row);
    const stored = await readBack('reviews', 'title', m);
    await service.from('reviews').delete().eq('title', m);
    if (res.error) {
      expect(res.error.code).toBe('42501');
      expect(stored).toEqual([]);
    } else {
      // A trigger may coerce the row instead of refusing it: then it must be Alex's, pending, with his email.
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ status: 'pending', user_id: ctx.alexId });
      expect([null, ALEX.email]).toContain(stored[0].author_email);
    }
  });

  it('RPCs: price_cart and fulfil_checkout_session are service-role only', async () => {
    for (const role of ['anon', 'customer', 'admin'] as const) {
      const priced = await clients[role].rpc('price_cart', { items: [] });
      expect(priced.error, `${role} price_cart`).not.toBeNull();
      expect([401, 403, 404]).toContain(priced.status);
      const fulfilled = await clients[role].rpc('fulfil_checkout_session', { session_id: 'cs_local_nope' });
      expect(fulfilled.error, `${role} fulfil`).not.toBeNull();
      expect([401, 403, 404]).toContain(fulfilled.status);
    }
  });

  it('RPCs: claim_order_emails and release_order_email are service-role only; order_by_checkout_session is open to all', async () => {
    for (const role of ['anon', 'customer', 'other', 'admin'] as const) {
      const claimed = await clients[role].rpc('claim_order_emails', { max_count: 1 });
      expect(claimed.error, `${role} claim`).not.toBeNull();
      expect([401, 403, 404]).toContain(claimed.status);
      const released = await clients[role].rpc('release_order_email', { order_id: ctx.alexOrder });
      expect(released.error, `${role} release`).not.toBeNull();
      expect([401, 403, 404]).toContain(released.status);
      const looked = await clients[role].rpc('order_by_checkout_session', { session_id: 'cs_local_nothing_here' });
      expect([looked.error, looked.data], `${role} look-up`).toEqual([null, null]);
    }
  });

  it('RPCs: back-in-stock claim and release are service-role only; request, confirm and unsubscribe are open to all', async () => {
    for (const role of ['anon', 'customer', 'other', 'admin'] as const) {
      const claimed = await clients[role].rpc('claim_back_in_stock_emails', { max_count: 1 });
      expect(claimed.error, `${role} claim`).not.toBeNull();
      expect([401, 403, 404]).toContain(claimed.status);
      const released = await clients[role].rpc('release_back_in_stock_email', { email_id: randomUUID(), confirm_token: null, unsubscribe_token: null });
      expect(released.error, `${role} release`).not.toBeNull();
      expect([401, 403, 404]).toContain(released.status);
      // Open, and a variant in stock is refused with the clear error (nothing is stored).
      const asked = await clients[role].rpc('request_back_in_stock', { variant_id: await fxVariant(), email: `${marker()}@example.test`, locale: 'en' });
      expect([asked.status, asked.error?.message], `${role} request`).toEqual([409, 'This size is in stock: you can order it now.']);
      for (const fn of ['confirm_back_in_stock', 'unsubscribe_back_in_stock']) {
        const res = await clients[role].rpc(fn, { token: 'a'.repeat(64) });
        expect(res.status, `${role} ${fn}`).toBe(404);
      }
    }
  });

  it('RPCs: is_admin and has_purchased answer per caller', async () => {
    expect((await clients.anon.rpc('is_admin')).data).toBe(false);
    expect((await clients.customer.rpc('is_admin')).data).toBe(false);
    expect((await clients.admin.rpc('is_admin')).data).toBe(true);
    expect((await clients.customer.rpc('has_purchased', { product_uuid: ctx.alexPaidProduct })).data).toBe(true);
    expect((await clients.other.rpc('has_purchased', { product_uuid: ctx.alexPaidProduct })).data).toBe(false);
    expect((await clients.anon.rpc('has_purchased', { product_uuid: ctx.alexPaidProduct })).data).toBe(false);
  });
});

describe('the admin RPCs and list', () => {
  const variantsOf = (productId: string) => sql('select id, sku, price, archived_at from public.variants where product_id = $1 order by id', [productId]);
  const mediaOf = (productId: string) => sql('select id, url, sort_order from public.media where product_id = $1 order by id', [productId]);

  it.each(['anon', 'customer', 'other'] as const)('%s cannot save a product’s variants or images through the RPCs', async (role) => {
    const before = [await variantsOf(ctx.fxProduct), await mediaOf(ctx.fxProduct)];
    const variants = await clients[role].rpc('save_product_variants', {
      product_id: ctx.fxProduct,
      variants: [{ id: null, sku: `hack-${marker()}`, size: 'M', color: null, price: 1, compare_at_price: null, inventory: 999, barcode: null }],
    });
    expect(variants.error?.code).toBe('42501');
    expect(variants.status).toBe(role === 'anon' ? 401 : 403);
    const media = await clients[role].rpc('save_product_media', { product_id: ctx.fxProduct, media: [] });
    expect(media.error?.code).toBe('42501');
    expect(media.status).toBe(role === 'anon' ? 401 : 403);
    expect([await variantsOf(ctx.fxProduct), await mediaOf(ctx.fxProduct)]).toEqual(before);
  });

  it('a customer’s message says who may; the admin may', async () => {
    const { error } = await clients.customer.rpc('save_product_media', { product_id: ctx.fxDraft, media: [] });
    expect(error?.message).toBe('Only admins can edit products');
    const before = await mediaOf(ctx.fxDraft);
    const { data, error: adminError } = await clients.admin.rpc('save_product_media', {
      product_id: ctx.fxDraft,
      media: before.map((m: Row) => ({ id: m.id, url: m.url, alt: null, width: null, height: null })),
    });
    expect(adminError).toBeNull();
    expect((data as Row[]).map((m) => m.id)).toEqual(before.map((m: Row) => m.id));
  });

  it.each(['anon', 'customer', 'other'] as const)('admin_products shows %s nothing', async (role) => {
    const { data, error } = await clients[role].from('admin_products').select('id,skus').limit(5);
    if (error) expect(error.code).toBe('42501');
    else expect(data).toEqual([]);
  });

  // Issue 24: the paged /admin/reviews reads a view of every review (pending and rejected too).
  it.each(['anon', 'customer', 'other'] as const)('admin_reviews shows %s nothing', async (role) => {
    const { data, error } = await clients[role].from('admin_reviews').select('id,status,author_email').limit(5);
    if (error) expect(error.code).toBe('42501');
    else expect(data).toEqual([]);
  });

  it('admin_products shows the admin every product, drafts too', async () => {
    const { data, error } = await clients.admin.from('admin_products').select('id,status').in('id', [ctx.fxProduct, ctx.fxDraft]).order('status');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: ctx.fxDraft, status: 'draft' },
      { id: ctx.fxProduct, status: 'published' },
    ]);
  });

  it('a customer cannot move their own order, not even to cancelled, nor set when its stock was returned', async () => {
    const before = (await readBack('orders', 'id', ctx.alexOrder))[0];
    for (const patch of [{ status: 'cancelled' }, { stock_returned_at: '2025-11-25T00:00:00Z' }]) {
      const res = await clients.customer.from('orders').update(patch).eq('id', ctx.alexOrder);
      expectDeniedWrite('customer', res, false);
    }
    expect((await readBack('orders', 'id', ctx.alexOrder))[0]).toEqual(before);
  });
});

describe('storage objects in product-images', () => {
  const bucket = 'product-images';
  let otherPng: Buffer;
  beforeAll(() => {
    const png = new PNG({ width: 2, height: 2 });
    png.data.fill(200);
    otherPng = PNG.sync.write(png);
  });
  const publicBytes = async (path: string) => {
    const res = await fetch(`${apiUrl()}/storage/v1/object/public/${bucket}/${path}`);
    return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
  };
  const objectRows = (path: string) => sql('select name from storage.objects where bucket_id = $1 and name = $2', [bucket, path]);
  const writers = allow('admin', 'service');
  const readers = allow('admin', 'service');

  it.each(ROLES.flatMap((role) => OPS.map((op) => [role, op] as const)))('%s %s', async (role, op) => {
    const storage = clients[role].storage.from(bucket);
    // Under a published product's folder, as the admin's uploads are: every role may read it.
    const path = `${ctx.fxProduct}/it-matrix-${marker()}.png`;
    if (op !== 'insert') {
      const seeded = await service.storage.from(bucket).upload(path, PNG_1X1, { contentType: 'image/png' });
      expect(seeded.error).toBeNull();
    }
    try {
      if (op === 'select') {
        const { data, error } = await storage.download(path);
        expect(error).toBeNull();
        expect(Buffer.from(await data!.arrayBuffer())).toEqual(PNG_1X1);
        expect(await publicBytes(path)).toEqual(PNG_1X1);
      } else if (op === 'insert') {
        const { error } = await storage.upload(path, PNG_1X1, { contentType: 'image/png' });
        if (writers[role]) {
          expect(error).toBeNull();
          expect(await objectRows(path)).toHaveLength(1);
          expect(await publicBytes(path)).toEqual(PNG_1X1);
        } else {
          expect(error).not.toBeNull();
          expect(await objectRows(path)).toHaveLength(0);
          expect(await publicBytes(path)).toBeNull();
        }
      } else if (op === 'update') {
        const { error } = await storage.update(path, otherPng, { contentType: 'image/png' });
        if (writers[role]) expect(error).toBeNull();
        else expect(error).not.toBeNull();
        expect(await publicBytes(path)).toEqual(writers[role] ? otherPng : PNG_1X1);
      } else {
        const { data, error } = await storage.remove([path]);
        if (writers[role]) {
          expect(error).toBeNull();
          expect(data).toHaveLength(1);
          expect(await objectRows(path)).toHaveLength(0);
          expect(await publicBytes(path)).toBeNull();
        } else {
          expect(error !== null || (data ?? []).length === 0).toBe(true);
          expect(await objectRows(path)).toHaveLength(1);
          expect(await publicBytes(path)).toEqual(PNG_1X1);
        }
      }
    } finally {
      await service.storage.from(bucket).remove([path]);
    }
  });

  // A draft's images: only the admin (and the service role) read them through the API; the public URL of a
  // known path still serves, as a public bucket does on hosted Supabase (the path holds the draft's id).
  it.each(ROLES)("%s select of a draft product's object", async (role) => {
    const path = `${ctx.fxDraft}/it-matrix-${marker()}.png`;
    const seeded = await service.storage.from(bucket).upload(path, PNG_1X1, { contentType: 'image/png' });
    expect(seeded.error).toBeNull();
    try {
      const { data, error } = await clients[role].storage.from(bucket).download(path);
      if (readers[role]) {
        expect(error).toBeNull();
        expect(Buffer.from(await data!.arrayBuffer())).toEqual(PNG_1X1);
      } else {
        expect(error?.message).toBe('Object not found');
      }
      expect(await publicBytes(path)).toEqual(PNG_1X1);
    } finally {
      await service.storage.from(bucket).remove([path]);
    }
  });
});

describe('the admin check cannot be fooled', () => {
  const secret = () => inject('jwtSecret');
  const sign = (claims: Record<string, unknown>, key = secret(), expSeconds = 3600) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expSeconds)
      .sign(new TextEncoder().encode(key));

  async function expectNotAdmin(client: SupabaseClient) {
    expect((await client.rpc('is_admin')).data).toBe(false);
    const slug = `it-fool-${marker()}`;
    const ins = await client.from('products').insert({ slug, title: 'x', description: 'x', category: 'clothing', status: 'draft' });
    expect(ins.error?.code).toBe('42501');
    expect(await readBack('products', 'slug', slug)).toEqual([]);
    const { data } = await client.from('products').select('id').eq('id', ctx.fxDraft);
    expect(data).toEqual([]);
    const admins = await client.from('admin_emails').select('*');
    expect(admins.error !== null || (admins.data ?? []).length === 0).toBe(true);
  }

  it('user_metadata {role: admin, is_admin: true} set via updateUser changes nothing', async () => {
    const u = await createConfirmedUser();
    const { error } = await u.client.auth.updateUser({ data: { role: 'admin', is_admin: true } });
    expect(error).toBeNull();
    const refreshed = await u.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.user.user_metadata.is_admin).toBe(true);
    await expectNotAdmin(u.client);
  });

  it("a validly signed JWT claiming the admin's email and an admin role for Alex's id is still Alex", async () => {
    const token = await sign({
      sub: ctx.alexId,
      role: 'authenticated',
      aud: 'authenticated',
      email: ADMIN.email,
      app_metadata: { provider: 'email', role: 'admin', is_admin: true },
      user_metadata: { role: 'admin' },
      user_role: 'admin',
      is_admin: true,
    });
    await expectNotAdmin(tokenClient(token));
  });

  it('an unconfirmed account whose email differs only by case from an admin email is not admin', async () => {
    const local = marker();
    const adminEmail = `${local}@example.test`;
    await serviceInsert('admin_emails', { email: adminEmail });
    try {
      const spoof = `${local.toUpperCase()}@Example.TEST`;
      const { data, error } = await service.auth.admin.createUser({ email: spoof, password: 'Spoof-Pass-2025!', email_confirm: false });
      expect(error).toBeNull();
      const signInAttempt = await anonClient().auth.signInWithPassword({ email: spoof, password: 'Spoof-Pass-2025!' });
      expect(signInAttempt.error?.code).toBe('email_not_confirmed');
      const token = await sign({ sub: data.user!.id, role: 'authenticated', aud: 'authenticated', email: adminEmail });
      await expectNotAdmin(tokenClient(token));

      // Once the address is confirmed, the case-insensitive match makes it an admin.
      await sql('update auth.users set email_confirmed_at = now() where id = $1', [data.user!.id]);
      expect((await tokenClient(token).rpc('is_admin')).data).toBe(true);
    } finally {
      await service.from('admin_emails').delete().eq('email', adminEmail);
    }
  });

  it('a JWT signed with a wrong secret is 401 everywhere', async () => {
    const forged = await sign({ sub: ctx.adminId, role: 'service_role', aud: 'authenticated', email: ADMIN.email }, 'not-the-secret-but-at-least-32-characters-long');
    const res = await rest('/rest/v1/products?select=id&limit=1', { headers: { authorization: `Bearer ${forged}` } });
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(typeof body.code).toBe('string');
    expect(typeof body.message).toBe('string');
    const write = await rest('/rest/v1/admin_emails', {
      method: 'POST',
      headers: { authorization: `Bearer ${forged}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('forged') }),
    });
    expect(write.status).toBe(401);
    const viaClient = await tokenClient(forged).from('products').select('id').limit(1);
    expect(viaClient.status).toBe(401);
    const user = await anonClient().auth.getUser(forged);
    expect(user.data.user).toBeNull();
    expect([401, 403]).toContain(user.error?.status);
    const upload = await tokenClient(forged).storage.from('product-images').upload(`it-matrix/${marker()}.png`, PNG_1X1, { contentType: 'image/png' });
    expect(upload.error).not.toBeNull();
  });

  it('unsigned (alg none), expired, and non-API-role tokens are refused', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ role: 'service_role', exp: 4102444800 })).toString('base64url');
    const none = `${header}.${payload}.`;
    expect((await rest('/rest/v1/products?select=id&limit=1', { headers: { authorization: `Bearer ${none}` } })).status).toBe(401);
    const expired = await sign({ sub: ctx.adminId, role: 'authenticated', aud: 'authenticated' }, secret(), -60);
    expect((await rest('/rest/v1/products?select=id&limit=1', { headers: { authorization: `Bearer ${expired}` } })).status).toBe(401);
    const superuser = await sign({ role: 'postgres' });
    const res = await rest('/rest/v1/admin_emails', {
      method: 'POST',
      headers: { authorization: `Bearer ${superuser}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'superuser-token@example.test' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await readBack('admin_emails', 'email', 'superuser-token@example.test')).toEqual([]);
  });
});

/**
 * Admin two-factor (issue 14): once an admin has a verified factor, the database grants admin
 * rights only to an aal2 token (public.is_admin()). Every admin-only write of the matrix above
 * (allowed to the admin, refused to a customer), the admin RPCs, the admin list and product-images
 * storage, each at aal1 (refused, nothing changes) and aal2 (allowed).
 */
describe('an admin with a verified second factor: admin writes need aal2', () => {
  const LEVELS = ['aal1', 'aal2'] as const;
  type Level = (typeof LEVELS)[number];
  const mfaAdmin = {} as Record<Level, SupabaseClient> & { remove: () => Promise<void> };
  beforeAll(async () => {
    const admin = await adminWithVerifiedFactor();
    Object.assign(mfaAdmin, { aal1: admin.aal1, aal2: admin.aal2, remove: admin.remove });
  });
  afterAll(async () => mfaAdmin.remove());

  const adminOnlyWrites = SPECS.flatMap((spec) =>
    (['insert', 'update', 'delete'] as const)
      .filter((op) => (op === 'insert' ? spec.insert('admin', 'probe').allowed && !spec.insert('other', 'probe').allowed : spec[op].admin && !spec[op].other))
      .map((op) => ({ spec, op })),
  );

  it('covers the admin-only writes of every table that has them', () => {
    expect([...new Set(adminOnlyWrites.map((w) => w.spec.table))].sort()).toEqual(
      ['contact_messages', 'media', 'newsletter_subscribers', 'orders', 'products', 'reviews', 'variants'].sort(),
    );
  });

  it.each(adminOnlyWrites.flatMap(({ spec, op }) => LEVELS.map((level) => [spec.table, op, level, spec] as const)))('%s %s at %s', async (_table, op, level, spec) => {
    const client = mfaAdmin[level];
    const allowed = level === 'aal2';
    const m = marker();
    if (op === 'insert') {
      const plan = spec.insert('admin', m);
      const [col, val] = spec.find(m);
      try {
        const res = await client.from(spec.table).insert(plan.row);
        const rows = await readBack(spec.table, col, val);
        if (allowed) expect({ error: res.error, rows: rows.length }).toEqual({ error: null, rows: 1 });
        else {
          expectDeniedWrite('admin', res, true);
          expect(rows).toHaveLength(0);
        }
      } finally {
        await service.from(spec.table).delete().eq(col, val);
      }
      return;
    }
    const fx = await spec.fixture(m);
    const before = (await readBack(spec.table, spec.key, fx.key))[0];
    try {
      const res = op === 'update' ? await client.from(spec.table).update(spec.patch(m)).eq(spec.key, fx.key) : await client.from(spec.table).delete().eq(spec.key, fx.key);
      const after = (await readBack(spec.table, spec.key, fx.key))[0] ?? null;
      if (allowed) {
        expect(res.error).toBeNull();
        if (op === 'update') expect(spec.patched(after, m)).toBe(true);
        else expect(after).toBeNull();
      } else {
        expectDeniedWrite('admin', res, false);
        expect(after).toEqual(before);
      }
    } finally {
      await service.from(spec.table).delete().eq(spec.key, fx.key);
      await fx.restore?.();
    }
  });

  it('is_admin() and the admin list answer per level', async () => {
    expect((await mfaAdmin.aal1.rpc('is_admin')).data).toBe(false);
    expect((await mfaAdmin.aal2.rpc('is_admin')).data).toBe(true);
    const list = (level: Level) => mfaAdmin[level].from('admin_products').select('id').in('id', [ctx.fxProduct, ctx.fxDraft]);
    expect((await list('aal1')).data).toEqual([]);
    expect(((await list('aal2')).data ?? []).map((r: Row) => r.id).sort()).toEqual([ctx.fxProduct, ctx.fxDraft].sort());
    // The fixture's pending review (of another customer) through the admin reviews list.
    const reviews = (level: Level) => mfaAdmin[level].from('admin_reviews').select('status').eq('product_id', ctx.fxProduct).eq('author_email', ctx.otherEmail);
    expect((await reviews('aal1')).data).toEqual([]);
    expect((await reviews('aal2')).data).toEqual([{ status: 'pending' }]);
  });

  it('the admin RPCs refuse aal1 (42501, nothing saved) and serve aal2', async () => {
    const media = async () => sql('select id, url, sort_order from public.media where product_id = $1 order by id', [ctx.fxDraft]);
    const before = await media();
    const save = (level: Level) =>
      mfaAdmin[level].rpc('save_product_media', {
        product_id: ctx.fxDraft,
        media: before.map((row: Row) => ({ id: row.id, url: row.url, alt: null, width: null, height: null })),
      });
    const refused = await save('aal1');
    expect({ code: refused.error?.code, status: refused.status }).toEqual({ code: '42501', status: 403 });
    const variants = await mfaAdmin.aal1.rpc('save_product_variants', { product_id: ctx.fxDraft, variants: [] });
    expect(variants.error?.code).toBe('42501');
    expect(await media()).toEqual(before);
    const served = await save('aal2');
    expect(served.error).toBeNull();
    expect((served.data as Row[]).map((row) => row.id)).toEqual(before.map((row: Row) => row.id));
  });

  // Catalogue CSV import (issue 24, ADR 0037): anon, customer and an admin at aal1 are refused and nothing is written; aal2 imports.
  it('import_products: anon, customer, admin at aal1 refused (42501, nothing written); admin at aal2 previews and applies', async () => {
    const m = marker();
    const rows = [{ line: 2, sku: `csv-${m}`, slug: `csv-${m}`, title: m, category: 'clothing', price: 100, inventory: 1 }];
    const written = async () => sql('select id from public.products where slug = $1', [`csv-${m}`]);
    try {
      for (const client of [clients.anon, clients.customer, clients.other, mfaAdmin.aal1]) {
        for (const apply of [false, true]) {
          const refused = await client.rpc('import_products', { items: rows, apply });
          expect(refused.error?.code).toBe('42501');
        }
      }
      expect(await written()).toEqual([]);
      const preview = await mfaAdmin.aal2.rpc('import_products', { items: rows, apply: false });
      expect(preview.error).toBeNull();
      expect(preview.data.counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 0 });
      expect(await written()).toEqual([]);
      const applied = await mfaAdmin.aal2.rpc('import_products', { items: rows, apply: true });
      expect(applied.error).toBeNull();
      expect(await written()).toHaveLength(1);
    } finally {
      await sql('delete from public.products where slug = $1', [`csv-${m}`]);
    }
  });

  it.each(['upload', 'update', 'remove'] as const)('product-images %s: refused at aal1, allowed at aal2', async (op) => {
    const bucket = service.storage.from('product-images');
    const path = `it-matrix/${marker()}.png`;
    const replacement = PNG.sync.write(new PNG({ width: 3, height: 3 }));
    /** The object's bytes as the service role reads them (null when there is none). */
    const stored = async () => {
      const { data } = await bucket.download(path);
      return data ? Buffer.from(await data.arrayBuffer()) : null;
    };
    if (op !== 'upload') expect((await bucket.upload(path, PNG_1X1, { contentType: 'image/png' })).error).toBeNull();
    const attempt = async (level: Level) => {
      const storage = mfaAdmin[level].storage.from('product-images');
      if (op === 'upload') return storage.upload(path, PNG_1X1, { contentType: 'image/png' });
      if (op === 'update') return storage.update(path, replacement, { contentType: 'image/png' });
      return storage.remove([path]);
    };
    try {
      const denied = await attempt('aal1');
      if (op === 'remove') expect(denied.error !== null || (denied.data as unknown[]).length === 0).toBe(true);
      else expect(denied.error).not.toBeNull();
      expect(await stored()).toEqual(op === 'upload' ? null : PNG_1X1);
      const granted = await attempt('aal2');
      expect(granted.error).toBeNull();
      expect(await stored()).toEqual({ upload: PNG_1X1, update: replacement, remove: null }[op]);
    } finally {
      await bucket.remove([path]);
    }
  });

  it('the audit trail (admin_audit_log): refused to anon, customers and an admin at aal1; served to an admin at aal2 and the service role', async () => {
    const read = (client: SupabaseClient) => client.rpc('admin_audit_log', { entity_id: ctx.fxProduct, page_size: 1 });
    for (const [who, client] of [
      ['anon', clients.anon],
      ['customer', clients.customer],
      ['other', clients.other],
      ['admin at aal1', mfaAdmin.aal1],
    ] as const) {
      const refused = await read(client);
      expect({ who, data: refused.data, refused: refused.error !== null, status: [401, 403].includes(refused.status) }).toEqual({ who, data: null, refused: true, status: true });
    }
    for (const [who, client] of [
      ['admin at aal2', mfaAdmin.aal2],
      ['admin without a factor', clients.admin],
      ['service', clients.service],
    ] as const) {
      const served = await read(client);
      expect({ who, error: served.error, total: typeof served.data?.total }).toEqual({ who, error: null, total: 'number' });
    }
  });
});

/**
 * The admin dashboard's RPCs (issue 24 item 1, ADR 0036): only an admin the database accepts
 * (is_admin(): at aal2 once a second factor is verified). Anyone else gets 42501 and no figures.
 */
describe('the admin dashboard RPCs: only an admin at aal2', () => {
  const DASHBOARD_RPCS: [string, Record<string, unknown>][] = [
    ['admin_dashboard_sales', { days: 7 }],
    ['admin_dashboard_top_products', { days: 7 }],
    ['admin_dashboard_stock', { threshold: 5 }],
    ['admin_dashboard_attention', {}],
  ];
  const mfaAdmin = {} as { aal1: SupabaseClient; aal2: SupabaseClient; remove: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(mfaAdmin, await adminWithVerifiedFactor());
  });
  afterAll(async () => mfaAdmin.remove());

  it.each(DASHBOARD_RPCS)('%s: anon, customers and an admin at aal1 are refused (42501, no data); the admin at aal2 is served', async (name, args) => {
    for (const [who, client] of [
      ['anon', clients.anon],
      ['customer', clients.customer],
      ['other', clients.other],
      ['admin at aal1', mfaAdmin.aal1],
    ] as const) {
      const res = await client.rpc(name, args);
      expect({ who, code: res.error?.code, status: res.status, data: res.data }).toEqual({ who, code: '42501', status: who === 'anon' ? 401 : 403, data: null });
    }
    const served = await mfaAdmin.aal2.rpc(name, args);
    expect(served.error).toBeNull();
    expect(served.data).not.toBeNull();
  });
});

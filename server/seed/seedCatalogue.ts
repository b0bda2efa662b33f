import { randomUUID } from 'node:crypto';
import { CATALOGUE, COLOURS, type SeedProduct } from './catalogue.ts';
import { IMAGE_HEIGHT, IMAGE_WIDTH, hexToRgb, productImagePng } from './images.ts';
import { SEED_ORDERS } from './orders.ts';
import { CUSTOMER_REVIEWS, GUEST_REVIEWS } from './reviews.ts';
import { SEED_USERS } from './users.ts';

/**
 * Seeds the demo shop through the Supabase HTTP API only (GoTrue admin, PostgREST, Storage) with
 * the service-role key, so the same code seeds the local server and a hosted Supabase project.
 */
export interface SeedTarget {
  /** Base URL the seeder calls (e.g. http://127.0.0.1:54321 or https://xyz.supabase.co). */
  url: string;
  serviceRoleKey: string;
  /** When given, the summary counts the products anon can see (a check that RLS lets the shop read them). */
  anonKey?: string;
  /** Base URL browsers reach the project at, for the image URLs stored in media rows; defaults to url. */
  publicUrl?: string;
  /** Remove the seed's own rows first (its products by slug, with their variants, media and reviews; its orders by email). */
  replace?: boolean;
  /** "Now" for the relative dates of products, reviews and orders. */
  now?: Date;
  log?: (message: string) => void;
}

export interface SeedSummary {
  users: number;
  products: number;
  variants: number;
  images: number;
  reviews: number;
  orders: number;
  orderItems: number;
  /** Published products anon can read, when anonKey was given. */
  visibleToAnon?: number;
  ms: number;
}

export const IMAGE_BUCKET = 'product-images';
const UPLOAD_CONCURRENCY = 6;

export class SeedHttpError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path} → ${status}: ${body.slice(0, 500)}`);
    this.name = 'SeedHttpError';
  }
}

interface Client {
  call(method: string, path: string, init?: { body?: unknown; raw?: Uint8Array; headers?: Record<string, string>; key?: string }): Promise<Response>;
  json<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
}

function client(url: string, serviceRoleKey: string): Client {
  const base = url.replace(/\/+$/, '');
  const call: Client['call'] = async (method, path, init = {}) => {
    const key = init.key ?? serviceRoleKey;
    const headers: Record<string, string> = { apikey: key, authorization: `Bearer ${key}`, ...init.headers };
    let body: BodyInit | undefined;
    if (init.raw) body = new Blob([new Uint8Array(init.raw)]);
    else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${base}${path}`, { method, headers, body });
    if (!res.ok) throw new SeedHttpError(method, path, res.status, await res.text());
    return res;
  };
  return {
    call,
    async json<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
      const res = await call(method, path, { body, headers });
      const text = await res.text();
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}

const daysBefore = (now: Date, days: number, minutes = 0) => new Date(now.getTime() - days * 86_400_000 - minutes * 60_000).toISOString();
const inList = (values: readonly string[]) => `in.(${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')})`;

interface AuthUser {
  id: string;
  email?: string;
}

/** Creates a confirmed user, or finds the existing one with that email. */
async function ensureUser(api: Client, user: (typeof SEED_USERS)[number]): Promise<string> {
  try {
    const created = await api.json<AuthUser>('POST', '/auth/v1/admin/users', {
      email: user.email,
      password: user.password,
      email_confirm: true,
      user_metadata: { full_name: user.fullName },
    });
    return created.id;
  } catch (e) {
    const exists = e instanceof SeedHttpError && e.status === 422 && /email_exists|already been registered/.test(e.body);
    if (!exists) throw e;
  }
  for (let page = 1; page <= 50; page++) {
    const listed = await api.json<{ users: AuthUser[] }>('GET', `/auth/v1/admin/users?page=${page}&per_page=200`);
    const found = listed.users.find((u) => u.email?.toLowerCase() === user.email.toLowerCase());
    if (found) return found.id;
    if (listed.users.length < 200) break;
  }
  throw new Error(`user ${user.email} exists but could not be found through the admin API`);
}

async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

const imagePath = (productId: string, n: number) => `${productId}/${n}.png`;

export async function seedCatalogue(target: SeedTarget): Promise<SeedSummary> {
  const started = performance.now();
  const api = client(target.url, target.serviceRoleKey);
  const publicUrl = (target.publicUrl ?? target.url).replace(/\/+$/, '');
  const now = target.now ?? new Date();
  const log = target.log ?? (() => {});
  const rest = (table: string, query = '') => `/rest/v1/${table}${query}`;
  const minimal = { prefer: 'return=minimal' };

  if (target.replace) {
    const slugFilter = `?slug=${encodeURIComponent(inList(CATALOGUE.map((p) => p.slug)))}`;
    const old = await api.json<{ id: string }[]>('GET', rest('products', `${slugFilter}&select=id`));
    if (old.length > 0) {
      await api.call('DELETE', `/storage/v1/object/${IMAGE_BUCKET}`, { body: { prefixes: old.flatMap((p) => [1, 2].map((n) => imagePath(p.id, n))) } });
    }
    await api.call('DELETE', rest('products', slugFilter));
    const emails = [...new Set(SEED_ORDERS.map((o) => o.customerEmail))];
    await api.call('DELETE', rest('orders', `?customer_email=${encodeURIComponent(inList(emails))}`));
    log('removed the previous seed rows');
  }

  const seedUsers = async () => {
    const ids = await Promise.all(SEED_USERS.map((u) => ensureUser(api, u)));
    const userIds = new Map(SEED_USERS.map((u, i) => [u.label as string, ids[i]]));
    await api.call('POST', rest('profiles', '?on_conflict=id'), {
      body: SEED_USERS.map((u) => ({ id: userIds.get(u.label), full_name: u.fullName, phone: u.label === 'customer' ? '+49 151 23456789' : null })),
      headers: { prefer: 'resolution=merge-duplicates,return=minimal' },
    });
    log(`users: ${SEED_USERS.map((u) => u.email).join(', ')}`);
    return userIds;
  };

  // Ids are chosen here, so every later row can refer to them without reading anything back.
  const productIds = new Map(CATALOGUE.map((p) => [p.slug, randomUUID()]));
  const variantIds = new Map(CATALOGUE.flatMap((p) => p.variants.map((v) => [v.sku, randomUUID()] as const)));
  const imageUrl = (p: SeedProduct, n: number) => `${publicUrl}/storage/v1/object/public/${IMAGE_BUCKET}/${imagePath(productIds.get(p.slug)!, n)}`;

  const insertProducts = () =>
    api.call('POST', rest('products'), {
      body: CATALOGUE.map((p) => ({
        id: productIds.get(p.slug),
        slug: p.slug,
        title: p.title,
        subtitle: p.subtitle,
        description: p.description,
        title_de: p.titleDe,
        subtitle_de: p.subtitleDe,
        description_de: p.descriptionDe,
        category: p.category,
        tags: p.tags,
        currency: 'EUR',
        featured: p.featured,
        status: p.status,
        meta_title: p.metaTitle,
        meta_description: p.metaDescription,
        og_image: imageUrl(p, 1),
        created_at: daysBefore(now, p.daysAgo),
      })),
      headers: minimal,
    });
  // Users and products do not depend on each other; everything after needs both.
  const [users, products] = await Promise.allSettled([seedUsers(), insertProducts().then(() => log(`products: ${CATALOGUE.length}`))]);
  if (products.status === 'rejected') throw products.reason;
  if (users.status === 'rejected') throw users.reason;
  const userIds = users.value;
  const customerId = userIds.get('customer')!;
  const customer = SEED_USERS.find((u) => u.label === 'customer')!;

  const variantRows = CATALOGUE.flatMap((p) =>
    p.variants.map((v) => ({
      id: variantIds.get(v.sku),
      product_id: productIds.get(p.slug),
      sku: v.sku,
      size: v.size,
      color: v.color,
      // A reduced variant was sold at its compare-at price first: the reduction below is a price
      // change, so the database states the lowest price of the 30 days before it (§ 11 PAngV,
      // ADR 0027), as it would for a reduction the admin makes.
      price: v.compareAtPrice !== null && v.compareAtPrice > v.price ? v.compareAtPrice : v.price,
      compare_at_price: v.compareAtPrice,
      inventory: v.inventory,
      barcode: v.barcode,
      created_at: daysBefore(now, p.daysAgo),
    })),
  );
  /** The reduced prices, applied after the insert: one PATCH per price. */
  const reductions = new Map<number, string[]>();
  for (const p of CATALOGUE)
    for (const v of p.variants) if (v.compareAtPrice !== null && v.compareAtPrice > v.price) reductions.set(v.price, [...(reductions.get(v.price) ?? []), variantIds.get(v.sku)!]);
  const reducePrices = () =>
    Promise.all([...reductions].map(([price, ids]) => api.call('PATCH', rest('variants', `?id=in.(${ids.join(',')})`), { body: { price }, headers: minimal })));

  const images = CATALOGUE.flatMap((p) => ([1, 2] as const).map((n) => ({ product: p, n })));
  const uploadImages = async () => {
    await inPool(images, UPLOAD_CONCURRENCY, async ({ product, n }) => {
      const png = productImagePng({ silhouette: product.silhouette, colour: hexToRgb(COLOURS[product.imageColour].hex), n });
      await api.call('POST', `/storage/v1/object/${IMAGE_BUCKET}/${imagePath(productIds.get(product.slug)!, n)}`, {
        raw: png,
        headers: { 'content-type': 'image/png', 'x-upsert': 'true', 'cache-control': 'max-age=3600' },
      });
    });
    await api.call('POST', rest('media'), {
      body: images.map(({ product, n }) => ({
        product_id: productIds.get(product.slug),
        url: imageUrl(product, n),
        alt: `${product.title} image ${n}`,
        width: IMAGE_WIDTH,
        height: IMAGE_HEIGHT,
        is_primary: n === 1,
        sort_order: n - 1,
      })),
      headers: minimal,
    });
    log(`images: ${images.length}`);
  };

  const reviewDate = (slug: string, daysAgo: number, i: number) => {
    const product = CATALOGUE.find((p) => p.slug === slug)!;
    return daysBefore(now, Math.min(daysAgo, product.daysAgo - 1), 37 * i);
  };
  const reviewRows = [
    ...GUEST_REVIEWS.map((r, i) => ({ ...r, userId: null as string | null, i })),
    ...CUSTOMER_REVIEWS.map((r, i) => ({ ...r, authorName: customer.fullName, authorEmail: customer.email, userId: customerId, i })),
  ].map((r) => ({
    product_id: productIds.get(r.slug),
    user_id: r.userId,
    rating: r.rating,
    title: r.title,
    body: r.body,
    author_name: r.authorName,
    author_email: r.authorEmail,
    status: r.status,
    created_at: reviewDate(r.slug, r.daysAgo, r.i),
  }));

  const orderIds = SEED_ORDERS.map(() => randomUUID());
  const insertOrders = async () => {
    // One request per order, oldest first, so the order numbers the database assigns follow the dates.
    for (const [i, o] of SEED_ORDERS.entries()) {
      await api.call('POST', rest('orders'), {
        body: {
          id: orderIds[i],
          user_id: o.byCustomer ? customerId : null,
          customer_email: o.customerEmail,
          status: o.status,
          subtotal: o.subtotal,
          shipping: o.shipping,
          total: o.total,
          currency: o.currency,
          checkout_session_id: o.checkoutSessionId,
          shipping_region: o.shippingRegion,
          shipping_address: o.shippingAddress,
          carrier: o.shipment?.carrier ?? null,
          tracking_number: o.shipment?.trackingNumber ?? null,
          shipped_at: o.shipment ? daysBefore(now, o.shipment.daysAgo) : null,
          created_at: daysBefore(now, o.daysAgo),
        },
        headers: minimal,
      });
    }
  };

  // allSettled: on a failure nothing is still writing when the caller cleans up.
  const settled = await Promise.allSettled([
    api
      .call('POST', rest('variants'), { body: variantRows, headers: minimal })
      .then(reducePrices)
      .then(() => log(`variants: ${variantRows.length} (${[...reductions.values()].flat().length} reduced)`)),
    uploadImages(),
    api.call('POST', rest('reviews'), { body: reviewRows, headers: minimal }).then(() => log(`reviews: ${reviewRows.length}`)),
    insertOrders(),
  ]);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;

  const itemRows = SEED_ORDERS.flatMap((o, i) =>
    o.items.map((item, line) => ({
      order_id: orderIds[i],
      position: line + 1,
      image: imageUrl(CATALOGUE.find((p) => p.slug === item.slug)!, 1),
      product_id: productIds.get(item.slug),
      variant_id: variantIds.get(item.sku),
      title: item.title,
      sku: item.sku,
      size: item.size,
      color: item.color,
      unit_price: item.unitPrice,
      qty: item.qty,
      line_total: item.lineTotal,
      created_at: daysBefore(now, o.daysAgo),
    })),
  );
  await api.call('POST', rest('order_items'), { body: itemRows, headers: minimal });
  // The timelines, e-mails included as sent (none is queued for the seeded buyers); a minute apart within a day, in order.
  const eventRows = SEED_ORDERS.flatMap((o, i) =>
    o.events.map((e, n) => ({ order_id: orderIds[i], kind: e.kind, at: daysBefore(now, e.daysAgo, o.events.length - n), data: e.data ?? {} })),
  );
  await api.call('POST', rest('order_events'), { body: eventRows, headers: minimal });
  log(`orders: ${SEED_ORDERS.length} with ${itemRows.length} items and ${eventRows.length} timeline entries`);

  let visibleToAnon: number | undefined;
  if (target.anonKey) {
    const res = await api.call('HEAD', rest('products', '?select=id'), { key: target.anonKey, headers: { prefer: 'count=exact' } });
    const total = res.headers.get('content-range')?.split('/')[1];
    visibleToAnon = total && total !== '*' ? Number(total) : undefined;
  }

  return {
    users: SEED_USERS.length,
    products: CATALOGUE.length,
    variants: variantRows.length,
    images: images.length,
    reviews: reviewRows.length,
    orders: SEED_ORDERS.length,
    orderItems: itemRows.length,
    visibleToAnon,
    ms: Math.round(performance.now() - started),
  };
}

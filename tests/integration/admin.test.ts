/**
 * The admin's API (src/api/admin.ts) against the local backend, driven through the app's own
 * client (`supabase()` pointed at the test backend, signed in as the seed admin): products,
 * variants, images, the paged product list, review moderation and order status moves, and what
 * the shop and the database show afterwards (read with the service role or the superuser oracle,
 * not with the code under test). Everything this file creates carries its marker and is removed
 * at the end.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PAGE_SIZE } from '../../domain/adminLists.ts';
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '../../domain/orderStatus.ts';
import type { ProductInput, VariantInput } from '../../domain/productSave.ts';
import {
  createProduct,
  fetchAdminOrder,
  fetchAdminOrders,
  fetchAdminProduct,
  fetchAdminProducts,
  fetchAdminReviews,
  moderateReview,
  saveMedia,
  saveVariants,
  setOrderStatus,
  setProductFeatured,
  setProductStatus,
  STALE,
  updateProduct,
  uploadProductImage,
} from '../../src/api/admin.ts';
import { type Client, createSupabaseClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { fetchProductBySlug, fetchRating } from '../../src/api/products.ts';
import { ADMIN, ALEX, anonKey, apiUrl, rest, serviceClient, signIn, sql } from './support.ts';

/** The client `supabase()` returns in src/api (set per test); storage-js goes to the test backend too. */
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

// biome-ignore lint/suspicious/noExplicitAny: rows are untyped JSON from the API, checked by the assertions
type Row = Record<string, any>;

let service: SupabaseClient;
let adminClient: Client;
let alexClient: Client;
let anon: Client;
let alexId: string;
const run = `a${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const createdOrders: string[] = [];

const asAdmin = () => {
  current.client = adminClient;
};
const asAnon = () => {
  current.client = anon;
};

async function signedIn(email: string, password: string): Promise<Client> {
  const client = createSupabaseClient(apiUrl(), anonKey());
  const { error } = await (await client.auth()).signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in ${email}: ${error.message}`);
  return client;
}

let counter = 0;
const marker = () => `${run}-${++counter}`;

function productInput(m: string, over: Partial<ProductInput> = {}): ProductInput {
  return {
    title: `Admin test ${m}`,
    subtitle: null,
    description: `Described ${m}`,
    titleDe: null,
    subtitleDe: null,
    descriptionDe: null,
    category: 'clothing',
    status: 'published',
    featured: false,
    slug: `it-admin-${m}`,
    metaTitle: null,
    metaDescription: null,
    tags: ['gym'],
    ...over,
  };
}

function variant(sku: string, over: Partial<VariantInput> = {}): VariantInput {
  return { id: null, sku, size: 'M', color: 'Black', price: 2999, compareAtPrice: null, inventory: 5, barcode: null, ...over };
}

function png(width: number, height: number, shade: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(shade);
  return PNG.sync.write(image);
}
const pngFile = (name: string, shade: number) => new File([new Uint8Array(png(3, 2, shade))], name, { type: 'image/png' });

async function expectApiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the call must fail').toBeInstanceOf(ApiError);
  return error as ApiError;
}

const variantRows = async (productId: string): Promise<Row[]> =>
  sql('select id, sku, price, inventory, archived_at, updated_at from public.variants where product_id = $1 order by sku', [productId]);
const mediaRows = async (productId: string): Promise<Row[]> =>
  sql('select id, url, alt, sort_order, is_primary, updated_at from public.media where product_id = $1 order by sort_order', [productId]);

/** A product made through the admin API, with its variants. */
async function productWithVariants(m: string, skus: string[], over: Partial<ProductInput> = {}) {
  asAdmin();
  const { id, updatedAt } = await createProduct({ input: productInput(m, over) });
  const saved = await saveVariants({ productId: id, variants: skus.map((sku, i) => variant(sku, { size: ['S', 'M', 'L', 'XL'][i % 4], inventory: 5 + i })) });
  return { id, updatedAt, variants: saved };
}

/** A paid order of Alex's, as fulfilment leaves it (stock already taken), with lines of the given variants. */
async function paidOrder(lines: { productId: string; variantId: string; sku: string; qty: number }[], status = 'paid'): Promise<Row> {
  const total = lines.reduce((sum, l) => sum + 1000 * l.qty, 0);
  const { data: order, error } = await service
    .from('orders')
    .insert({ user_id: alexId, customer_email: ALEX.email, status, subtotal: total, shipping: 0, total, currency: 'EUR' })
    .select()
    .single();
  if (error) throw new Error(`order: ${error.message}`);
  createdOrders.push(order.id);
  const items = lines.map((l, i) => ({
    order_id: order.id,
    product_id: l.productId,
    variant_id: l.variantId,
    title: 'Admin test line',
    sku: l.sku,
    unit_price: 1000,
    qty: l.qty,
    line_total: 1000 * l.qty,
    position: i + 1,
  }));
  const inserted = await service.from('order_items').insert(items);
  if (inserted.error) throw new Error(`order items: ${inserted.error.message}`);
  return order;
}

const adminToken = async () => (await (await adminClient.auth()).getSession()).data.session!.access_token;
/** A hand-made RPC call as the admin, for the HTTP status PostgREST answers. */
const adminRpc = async (name: string, body: unknown) =>
  rest(`/rest/v1/rpc/${name}`, { method: 'POST', headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

const inventoryOf = async (variantId: string) => Number((await sql<{ inventory: number }>('select inventory from public.variants where id = $1', [variantId]))[0].inventory);

beforeAll(async () => {
  service = serviceClient();
  [adminClient, alexClient] = await Promise.all([signedIn(ADMIN.email, ADMIN.password), signedIn(ALEX.email, ALEX.password)]);
  anon = createSupabaseClient(apiUrl(), anonKey());
  alexId = (await signIn(ALEX.email, ALEX.password)).user.id;
});

afterAll(async () => {
  for (const id of createdOrders) await service.from('orders').delete().eq('id', id);
  await service.from('products').delete().like('slug', `it-admin-${run}-%`);
  current.client = null;
});

describe('creating a product from the admin', () => {
  it('product → two variants → two uploaded images → media; published, it is in the shop as the admin made it', async () => {
    const m = marker();
    asAdmin();
    const created = await createProduct({ input: productInput(m) });
    expect(created.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const variants = await saveVariants({ productId: created.id, variants: [variant(`${m}-S`, { size: 'S' }), variant(`${m}-L`, { size: 'L', price: 3499 })] });
    expect(variants.map((v) => v.sku)).toEqual([`${m}-S`, `${m}-L`]);

    const uploads = [await uploadProductImage({ productId: created.id, file: pngFile('a.png', 10), index: 0 })];
    uploads.push(await uploadProductImage({ productId: created.id, file: pngFile('b.png', 200), index: 1 }));
    for (const { url } of uploads) {
      expect(url).toMatch(new RegExp(`/storage/v1/object/public/product-images/${created.id}/\\d+-\\d\\.png$`));
      const res = await fetch(url.replace(/^https?:\/\/[^/]+/, apiUrl()));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    const media = await saveMedia({
      productId: created.id,
      media: uploads.map((u, i) => ({ id: null, url: u.url, alt: `alt ${i}`, width: 3, height: 2 })),
    });
    expect(media.map((r) => r.url)).toEqual(uploads.map((u) => u.url));
    expect((await mediaRows(created.id)).map((r) => [r.url, r.sort_order, r.is_primary])).toEqual([
      [uploads[0].url, 0, true],
      [uploads[1].url, 1, false],
    ]);

    const loaded = await fetchAdminProduct({ id: created.id });
    expect(loaded?.values).toMatchObject({ title: `Admin test ${m}`, slug: `it-admin-${m}`, status: 'published', tags: 'gym' });
    expect(loaded?.variants.map((v) => [v.sku, v.price])).toEqual([
      [`${m}-S`, '29.99'],
      [`${m}-L`, '34.99'],
    ]);
    expect(loaded?.images.map((i) => i.url)).toEqual(uploads.map((u) => u.url));

    asAnon();
    const shown = await fetchProductBySlug(`it-admin-${m}`);
    expect(shown.variants.map((v) => v.sku)).toEqual([`${m}-S`, `${m}-L`]);
    expect(shown.media.map((x) => x.url)).toEqual(uploads.map((u) => u.url));
    const { data: listed } = await anon.from('product_listing').select('slug,min_price,sizes,in_stock').eq('slug', `it-admin-${m}`);
    expect(listed).toEqual([{ slug: `it-admin-${m}`, min_price: 2999, sizes: ['L', 'S'], in_stock: true }]);
  });

  it('a draft is not in the shop until the list publishes it; featured and status toggles return the new version', async () => {
    const m = marker();
    const { id } = await productWithVariants(m, [`${m}-1`], { status: 'draft' });
    asAnon();
    await expect(fetchProductBySlug(`it-admin-${m}`)).rejects.toMatchObject({ kind: 'not_found' });
    asAdmin();
    const published = await setProductStatus({ id, status: 'published' });
    const featured = await setProductFeatured({ id, featured: true });
    expect(new Date(featured.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(published.updatedAt).getTime());
    asAnon();
    expect((await fetchProductBySlug(`it-admin-${m}`)).featured).toBe(true);
    asAdmin();
    await expect(setProductStatus({ id: randomUUID(), status: 'published' })).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses a 0 or negative price, a 10,000-character title and a non-http image URL with a 4xx, never a 500', async () => {
    const m = marker();
    const { id } = await productWithVariants(m, [`${m}-1`]);
    const before = await variantRows(id);
    for (const price of [0, -100]) {
      const error = await expectApiError(saveVariants({ productId: id, variants: [variant(`${m}-1`, { price })] }));
      expect(error).toMatchObject({ kind: 'invalid', code: '22023', message: 'Price must be greater than 0' });
      expect((await adminRpc('save_product_variants', { product_id: id, variants: [{ sku: `${m}-1`, price }] })).status).toBe(400);
    }
    const fractional = await expectApiError(saveVariants({ productId: id, variants: [variant(`${m}-1`, { price: 12.5 })] }));
    expect(fractional).toMatchObject({ code: '22023' });
    const empty = await expectApiError(saveVariants({ productId: id, variants: [] }));
    expect(empty).toMatchObject({ code: '22023' });
    const tooMany = await expectApiError(saveVariants({ productId: id, variants: Array.from({ length: 101 }, (_, i) => variant(`${m}-many-${i}`)) }));
    expect(tooMany).toMatchObject({ code: '22023' });
    for (const body of [
      { product_id: id, variants: { sku: 'x' } },
      { product_id: id, variants: [{ sku: 'x', price: '100' }] },
      { product_id: id, variants: [{ id: 'nope', sku: 'x', price: 1 }] },
    ]) {
      const res = await adminRpc('save_product_variants', body);
      expect([res.status, (await res.json()).code]).toEqual([400, '22023']);
    }
    expect(await variantRows(id)).toEqual(before);

    const long = await expectApiError(createProduct({ input: productInput(marker(), { title: 'x'.repeat(10_000) }) }));
    expect(long).toMatchObject({ kind: 'invalid', code: '23514' });
    const loaded = await fetchAdminProduct({ id });
    const longUpdate = await expectApiError(updateProduct({ id, input: productInput(m, { title: 'y'.repeat(10_000) }), expectedUpdatedAt: loaded!.updatedAt }));
    expect(longUpdate).toMatchObject({ code: '23514' });
    const token = await adminToken();
    const longRaw = await rest(`/rest/v1/products?id=eq.${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'z'.repeat(10_000) }),
    });
    expect(longRaw.status).toBe(400);
    expect((await fetchAdminProduct({ id }))?.values.title).toBe(loaded?.values.title);

    const script = await expectApiError(saveMedia({ productId: id, media: [{ id: null, url: 'javascript:alert(1)', alt: 'x', width: null, height: null }] }));
    expect(script).toMatchObject({ code: '22023' });
    const unknownProduct = await expectApiError(saveVariants({ productId: randomUUID(), variants: [variant(`${m}-x`)] }));
    expect(unknownProduct).toMatchObject({ code: '22023' });
    const tooManyImages = await expectApiError(
      saveMedia({ productId: id, media: Array.from({ length: 13 }, (_, i) => ({ id: null, url: `https://img.example/${i}.png`, alt: '', width: null, height: null })) }),
    );
    expect(tooManyImages).toMatchObject({ code: '22023' });
  });

  it('stores HTML and script text verbatim in every field, for the admin and the shop alike', async () => {
    const m = marker();
    const hostile = `<script>alert("${m}")</script><img src=x onerror=alert(1)> & 'quotes' \u202e`;
    asAdmin();
    const { id } = await createProduct({
      input: productInput(m, {
        title: hostile,
        subtitle: hostile,
        description: hostile,
        titleDe: hostile,
        subtitleDe: hostile,
        descriptionDe: hostile,
        metaTitle: '<b>meta</b>',
        metaDescription: hostile,
        tags: ['<i>tag</i>'],
      }),
    });
    await saveVariants({ productId: id, variants: [variant(`${m}-<b>`, { size: '<s>', color: '"><svg onload=1>', barcode: '<br>' })] });
    await saveMedia({ productId: id, media: [{ id: null, url: `https://img.example/${m}.png?<x>`, alt: hostile, width: null, height: null }] });

    const loaded = await fetchAdminProduct({ id });
    expect(loaded?.values).toMatchObject({ title: hostile, subtitle: hostile, description: hostile, titleDe: hostile, metaTitle: '<b>meta</b>', tags: '<i>tag</i>' });
    expect(loaded?.variants[0]).toMatchObject({ sku: `${m}-<b>`, size: '<s>', color: '"><svg onload=1>', barcode: '<br>' });
    expect(loaded?.images[0]).toMatchObject({ alt: hostile, url: `https://img.example/${m}.png?<x>` });
    asAnon();
    const shown = await fetchProductBySlug(`it-admin-${m}`);
    expect([shown.title, shown.description, shown.media[0].alt, shown.variants[0].color]).toEqual([hostile, hostile, hostile, '"><svg onload=1>']);
  });
});

describe('editing a product', () => {
  it('a removed variant that was ordered is archived (order history keeps it), an unordered one deleted; the shop and checkout no longer offer it', async () => {
    const m = marker();
    const { id, variants } = await productWithVariants(m, [`${m}-A`, `${m}-B`, `${m}-C`]);
    const [a, b, c] = variants;
    const order = await paidOrder([{ productId: id, variantId: a.id, sku: a.sku, qty: 1 }]);

    asAdmin();
    const saved = await saveVariants({ productId: id, variants: [variant(c.sku, { id: c.id, size: 'L', price: 4500, inventory: 9 })] });
    expect(saved).toEqual([{ id: c.id, sku: c.sku }]);

    const rows = await variantRows(id);
    expect(rows.map((r) => [r.id, r.archived_at === null])).toEqual([
      [a.id, false],
      [c.id, true],
    ]);
    expect(rows.find((r) => r.id === b.id)).toBeUndefined();
    const [line] = await sql('select variant_id, sku from public.order_items where order_id = $1', [order.id]);
    expect(line).toEqual({ variant_id: a.id, sku: a.sku });

    // The admin's form and list see the active variant only.
    const loaded = await fetchAdminProduct({ id });
    expect(loaded?.variants.map((v) => v.id)).toEqual([c.id]);
    const [listRow] = (await fetchAdminProducts({ q: c.sku, status: 'all', sort: 'updated_desc', page: 1 })).rows;
    expect(listRow).toMatchObject({ id, variantCount: 1, totalInventory: 9 });

    // The shop: product page, listing figures, and a cart holding the archived variant.
    asAnon();
    const shown = await fetchProductBySlug(`it-admin-${m}`);
    expect(shown.variants.map((v) => v.id)).toEqual([c.id]);
    const { data: direct } = await anon.from('variants').select('id').eq('id', a.id);
    expect(direct).toEqual([]);
    const { data: listed } = await anon.from('product_listing').select('min_price,max_price,sizes,total_inventory').eq('id', id).single();
    expect(listed).toEqual({ min_price: 4500, max_price: 4500, sizes: ['L'], total_inventory: 9 });
    const priced = await service.rpc('price_cart', { items: [{ variantId: a.id, qty: 1 }] });
    expect(priced.error).toMatchObject({ hint: 'unavailable', message: `variant ${a.id} not found` });
    expect(JSON.parse(priced.error!.details)).toEqual({ variantId: a.id, available: 0 });
    expect((await service.rpc('price_cart', { items: [{ variantId: c.id, qty: 1 }] })).error).toBeNull();

    // Adding its SKU back (no id: the form does not know it) brings the same variant back.
    asAdmin();
    const revived = await saveVariants({ productId: id, variants: [variant(c.sku, { id: c.id, size: 'L', price: 4500, inventory: 9 }), variant(a.sku, { size: 'S' })] });
    expect(revived).toEqual([
      { id: c.id, sku: c.sku },
      { id: a.id, sku: a.sku },
    ]);
    expect((await variantRows(id)).map((r) => [r.id, r.archived_at])).toEqual([
      [a.id, null],
      [c.id, null],
    ]);
  });

  it('repeating save_product_variants and save_product_media with the same input changes nothing', async () => {
    const m = marker();
    const { id } = await productWithVariants(m, [`${m}-keep`]);
    const [kept] = await variantRows(id);
    const input = [variant(kept.sku, { id: kept.id, price: 1999 }), variant(`${m}-new-1`), variant(`${m}-new-2`, { size: 'XL' })];
    asAdmin();
    const first = await saveVariants({ productId: id, variants: input });
    const afterFirst = await variantRows(id);
    // The answer was lost: the form still has no ids for the new rows and sends the same again.
    const second = await saveVariants({ productId: id, variants: input });
    expect(second).toEqual(first);
    expect(await variantRows(id)).toEqual(afterFirst);
    expect(afterFirst).toHaveLength(3);

    const media = [
      { id: null, url: `https://img.example/${m}-1.png`, alt: 'one', width: 10, height: 20 },
      { id: null, url: `https://img.example/${m}-2.png`, alt: 'two', width: null, height: null },
    ];
    const mediaFirst = await saveMedia({ productId: id, media });
    const mediaAfterFirst = await mediaRows(id);
    const mediaSecond = await saveMedia({ productId: id, media });
    expect(mediaSecond).toEqual(mediaFirst);
    expect(await mediaRows(id)).toEqual(mediaAfterFirst);
    expect(mediaAfterFirst).toHaveLength(2);

    // Reordered and one removed: the kept row keeps its id, becomes primary, the other is deleted.
    const reordered = await saveMedia({ productId: id, media: [{ ...media[1], id: mediaFirst[1].id }] });
    expect(reordered).toEqual([mediaFirst[1]]);
    expect((await mediaRows(id)).map((r) => [r.id, r.sort_order, r.is_primary])).toEqual([[mediaFirst[1].id, 0, true]]);
    expect(await saveMedia({ productId: id, media: [] })).toEqual([]);
    expect(await mediaRows(id)).toEqual([]);
  });

  it("ids of another product's variants or images are refused and change nothing", async () => {
    const m = marker();
    const mine = await productWithVariants(`${m}-mine`, [`${m}-mine-1`]);
    const theirs = await productWithVariants(`${m}-theirs`, [`${m}-theirs-1`]);
    const before = [await variantRows(mine.id), await variantRows(theirs.id)];
    asAdmin();
    const error = await expectApiError(saveVariants({ productId: mine.id, variants: [variant('stolen', { id: theirs.variants[0].id })] }));
    expect(error).toMatchObject({ code: '22023' });
    expect(error.message).toContain('not a variant of this product');
    expect([await variantRows(mine.id), await variantRows(theirs.id)]).toEqual(before);
    const [theirMedia] = await saveMedia({ productId: theirs.id, media: [{ id: null, url: 'https://img.example/theirs.png', alt: '', width: null, height: null }] });
    const mediaError = await expectApiError(
      saveMedia({ productId: mine.id, media: [{ id: theirMedia.id, url: 'https://img.example/x.png', alt: '', width: null, height: null }] }),
    );
    expect(mediaError).toMatchObject({ code: '22023' });
    expect((await mediaRows(theirs.id)).map((r) => r.url)).toEqual(['https://img.example/theirs.png']);
  });

  it('a SKU another product uses is a 23505 whose details name the SKU, and the whole save is undone', async () => {
    const m = marker();
    const other = await productWithVariants(`${m}-other`, [`${m}-TAKEN`]);
    const mine = await productWithVariants(m, [`${m}-own`]);
    const before = await variantRows(mine.id);
    asAdmin();
    const error = await expectApiError(saveVariants({ productId: mine.id, variants: [variant(`${m}-fresh`), variant(`${m}-TAKEN`)] }));
    expect(error).toMatchObject({ kind: 'conflict', code: '23505', details: `Key (sku)=(${m}-TAKEN) already exists.`, field: { sku: `${m}-TAKEN` } });
    expect(error.message).toContain('variants_sku_key');
    const raw = await adminRpc('save_product_variants', { product_id: mine.id, variants: [{ sku: `${m}-TAKEN`, price: 100 }] });
    expect(raw.status).toBe(409);
    // Two rows of one save with one SKU name it too.
    const twice = await expectApiError(saveVariants({ productId: mine.id, variants: [variant(`${m}-own`), variant(`${m}-twice`), variant(`${m}-twice`)] }));
    expect(twice).toMatchObject({ code: '23505', details: `Key (sku)=(${m}-twice) already exists.`, field: { sku: `${m}-twice` } });
    expect(await variantRows(mine.id)).toEqual(before);
    expect((await variantRows(other.id)).map((r) => r.sku)).toEqual([`${m}-TAKEN`]);
  });

  it('a slug another product has is a conflict that names the slug field, on create and on edit; nothing is written', async () => {
    const m = marker();
    await productWithVariants(`${m}-other`, [`${m}-O`]);
    const mine = await productWithVariants(m, [`${m}-M`]);
    asAdmin();
    const created = await expectApiError(createProduct({ input: productInput(`${m}-new`, { slug: `it-admin-${m}-other` }) }));
    expect(created).toMatchObject({ kind: 'conflict', code: '23505', field: 'slug' });
    const edited = await expectApiError(updateProduct({ id: mine.id, input: productInput(m, { slug: `it-admin-${m}-other` }), expectedUpdatedAt: mine.updatedAt }));
    expect(edited).toMatchObject({ kind: 'conflict', code: '23505', field: 'slug' });
    const [row] = await sql('select slug from public.products where id = $1', [mine.id]);
    expect(row).toEqual({ slug: `it-admin-${m}` });
    expect((await sql('select count(*)::int as n from public.products where slug = $1', [`it-admin-${m}-other`]))[0]).toEqual({ n: 1 });
  });

  it('a save from a stale form is refused as `stale` and changes nothing; the version round-trips exactly', async () => {
    const m = marker();
    const { id, updatedAt } = await productWithVariants(m, [`${m}-1`]);
    asAdmin();
    const loaded = await fetchAdminProduct({ id });
    expect(loaded?.updatedAt).toBe(updatedAt);
    const tabA = await updateProduct({ id, input: productInput(m, { title: 'Saved by tab A' }), expectedUpdatedAt: updatedAt });
    expect(tabA.updatedAt).not.toBe(updatedAt);
    const error = await expectApiError(updateProduct({ id, input: productInput(m, { title: 'Saved by tab B' }), expectedUpdatedAt: updatedAt }));
    expect(error).toMatchObject({ kind: 'conflict', code: STALE });
    const [row] = await sql('select title, updated_at from public.products where id = $1', [id]);
    expect(row.title).toBe('Saved by tab A');
    // The version the server answered, sent back as it came, still matches (microseconds included).
    const again = await updateProduct({ id, input: productInput(m, { title: 'Saved again by tab A' }), expectedUpdatedAt: tabA.updatedAt });
    expect(again.id).toBe(id);
  });
});

describe('the admin product list (admin_products)', () => {
  it('searches by title and by SKU, filters by status, pages with an exact count, newest change first', async () => {
    const m = marker();
    asAdmin();
    const ids: string[] = [];
    for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++) {
      const { id } = await createProduct({ input: productInput(`${m}-${i}`, { title: `Listed ${m} ${i}`, status: i % 3 === 0 ? 'draft' : 'published' }) });
      ids.push(id);
    }
    await saveVariants({ productId: ids[4], variants: [variant(`SKUONLY-${m}`), variant(`${m}-other`)] });
    // Later changes list first.
    await setProductFeatured({ id: ids[0], featured: true });

    const page1 = await fetchAdminProducts({ q: `Listed ${m}`, status: 'all', sort: 'updated_desc', page: 1 });
    expect(page1.total).toBe(ADMIN_PAGE_SIZE + 2);
    expect(page1.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(page1.rows[0]).toMatchObject({ id: ids[0], featured: true, image: null, variantCount: 0, totalInventory: 0 });
    const page2 = await fetchAdminProducts({ q: `Listed ${m}`, status: 'all', sort: 'updated_desc', page: 2 });
    expect(page2.rows).toHaveLength(2);
    const all = [...page1.rows, ...page2.rows];
    expect(new Set(all.map((r) => r.id))).toEqual(new Set(ids));
    const times = all.map((r) => r.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    const oldest = await fetchAdminProducts({ q: `Listed ${m}`, status: 'all', sort: 'updated_asc', page: 1 });
    expect(oldest.rows.map((r) => r.id)).toEqual(
      [...all]
        .reverse()
        .slice(0, ADMIN_PAGE_SIZE)
        .map((r) => r.id),
    );

    const drafts = await fetchAdminProducts({ q: `Listed ${m}`, status: 'draft', sort: 'updated_desc', page: 1 });
    expect(drafts.total).toBe(ids.filter((_, i) => i % 3 === 0).length);
    expect(drafts.rows.every((r) => r.status === 'draft')).toBe(true);

    const bySku = await fetchAdminProducts({ q: `skuonly-${m}`, status: 'all', sort: 'updated_desc', page: 1 });
    expect(bySku).toMatchObject({ total: 1, rows: [{ id: ids[4], variantCount: 2, totalInventory: 10 }] });
    // The search's own syntax characters are only text.
    const odd = await fetchAdminProducts({ q: `Listed ${m} 1),title.eq.x,(%_*`, status: 'all', sort: 'updated_desc', page: 1 });
    expect(odd.rows.every((r) => r.title.startsWith(`Listed ${m} 1`))).toBe(true);
  });

  it('shows the primary image, else the first, and nothing to customers or anon', async () => {
    const m = marker();
    const { id } = await productWithVariants(m, [`${m}-1`]);
    asAdmin();
    await saveMedia({
      productId: id,
      media: [
        { id: null, url: `https://img.example/${m}-first.png`, alt: '', width: null, height: null },
        { id: null, url: `https://img.example/${m}-second.png`, alt: '', width: null, height: null },
      ],
    });
    expect((await fetchAdminProducts({ q: `${m}-1`, status: 'all', sort: 'updated_desc', page: 1 })).rows[0].image).toBe(`https://img.example/${m}-first.png`);
    await sql('update public.media set is_primary = false where product_id = $1', [id]);
    expect((await fetchAdminProducts({ q: `${m}-1`, status: 'all', sort: 'updated_desc', page: 1 })).rows[0].image).toBe(`https://img.example/${m}-first.png`);

    for (const client of [alexClient, anon]) {
      current.client = client;
      const { rows, total } = await fetchAdminProducts({ q: '', status: 'all', sort: 'updated_desc', page: 1 }).catch(() => ({ rows: [], total: 0 }));
      expect([rows, total]).toEqual([[], 0]);
    }
  });
});

describe('orders', () => {
  async function stockedOrder(qty: number, status = 'paid') {
    const m = marker();
    const { id, variants } = await productWithVariants(m, [`${m}-1`, `${m}-2`]);
    const order = await paidOrder(
      variants.map((v) => ({ productId: id, variantId: v.id, sku: v.sku, qty })),
      status,
    );
    return { order, variants };
  }

  it('the admin moves an order along the allowed steps only; the customer sees each new status', async () => {
    const { order } = await stockedOrder(1);
    asAdmin();
    const listed = await fetchAdminOrders({ status: 'paid', page: 1 });
    expect(listed.rows.every((r) => r.status === 'paid')).toBe(true);
    const detail = await fetchAdminOrder({ orderNumber: order.order_number });
    expect(detail?.lines).toHaveLength(2);

    expect((await setOrderStatus({ id: order.id, from: 'paid', to: 'processing' })).status).toBe('processing');
    const refused = await expectApiError(setOrderStatus({ id: order.id, from: 'processing', to: 'delivered' }));
    expect(refused).toMatchObject({ kind: 'invalid', code: '22023', message: 'Cannot change an order from processing to delivered' });
    expect((await setOrderStatus({ id: order.id, from: 'processing', to: 'shipped' })).status).toBe('shipped');
    const { data: seen } = await alexClient.from('orders').select('status').eq('id', order.id).single();
    expect(seen).toEqual({ status: 'shipped' });
    await expect(setOrderStatus({ id: order.id, from: 'shipped', to: 'cancelled' })).rejects.toMatchObject({ code: '22023' });
    expect((await setOrderStatus({ id: order.id, from: 'shipped', to: 'delivered' })).status).toBe('delivered');
    for (const to of ['cancelled', 'shipped', 'paid', 'pending', 'refunded'] as const) {
      await expect(setOrderStatus({ id: order.id, from: 'delivered', to: to as never })).rejects.toMatchObject({ code: '22023' });
    }
    // A move from a status the order no longer has is stale, not applied.
    await expect(setOrderStatus({ id: order.id, from: 'paid', to: 'cancelled' })).rejects.toMatchObject({ code: STALE });
    // The service role (refunds, tooling) is not held to the admin's steps.
    const refunded = await service.from('orders').update({ status: 'refunded' }).eq('id', order.id).select('status').single();
    expect(refunded.data).toEqual({ status: 'refunded' });
  });

  it('the database allows exactly the moves of ORDER_TRANSITIONS (domain/orderStatus.ts) and refuses every other', async () => {
    const m = marker();
    const { id, variants } = await productWithVariants(m, [`${m}-1`]);
    const line = [{ productId: id, variantId: variants[0].id, sku: variants[0].sku, qty: 1 }];
    asAdmin();
    const seen: string[] = [];
    const table: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES.filter((status) => status !== from)) {
        const order = await paidOrder(line, from);
        const outcome = await setOrderStatus({ id: order.id, from, to }).then(
          ({ status }) => (status === to ? 'allowed' : `answered ${status}`),
          (error: unknown) => (error instanceof ApiError && error.code === '22023' ? 'refused' : `failed: ${String(error)}`),
        );
        seen.push(`${from} → ${to}: ${outcome}`);
        table.push(`${from} → ${to}: ${ORDER_TRANSITIONS[from].includes(to) ? 'allowed' : 'refused'}`);
      }
    }
    expect(seen).toEqual(table);
    expect(table.filter((move) => move.endsWith('allowed'))).toHaveLength(5);
  });

  it('a paid order is not cancelled by a status change, which would keep the money: refused as the admin moves it and as a PATCH', async () => {
    const { order, variants } = await stockedOrder(2);
    const before = await Promise.all(variants.map((v) => inventoryOf(v.id)));
    asAdmin();
    const refused = await expectApiError(setOrderStatus({ id: order.id, from: 'paid', to: 'cancelled' }));
    expect(refused).toMatchObject({ code: '22023', message: 'A paid order is cancelled by refunding it' });
    const token = await adminToken();
    const patch = () =>
      rest(`/rest/v1/orders?id=eq.${order.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'cancelled' }),
      });
    const answers = await Promise.all([patch(), patch()]);
    for (const res of answers) expect(res.status).toBe(400);
    expect(await Promise.all(variants.map((v) => inventoryOf(v.id)))).toEqual(before);
    const [row] = await sql('select status, stock_returned_at from public.orders where id = $1', [order.id]);
    expect(row).toEqual({ status: 'paid', stock_returned_at: null });
    const { data: seen } = await alexClient.from('orders').select('status').eq('id', order.id).single();
    expect(seen).toEqual({ status: 'paid' });
  });

  it('a pending order (no stock taken) is cancelled and returns none; a processing one only by refunding it', async () => {
    const processing = await stockedOrder(3, 'processing');
    asAdmin();
    await expect(setOrderStatus({ id: processing.order.id, from: 'processing', to: 'cancelled' })).rejects.toMatchObject({ code: '22023' });

    const pending = await stockedOrder(1, 'pending');
    const pendingBefore = await Promise.all(pending.variants.map((v) => inventoryOf(v.id)));
    expect((await setOrderStatus({ id: pending.order.id, from: 'pending', to: 'cancelled' })).status).toBe('cancelled');
    expect(await Promise.all(pending.variants.map((v) => inventoryOf(v.id)))).toEqual(pendingBefore);
  });
});

describe('review moderation', () => {
  it('an approved review appears publicly and moves the rating summary; deciding twice is stale', async () => {
    const m = marker();
    const { id } = await productWithVariants(m, [`${m}-1`]);
    const rows = [5, 2].map((rating, i) => ({
      product_id: id,
      user_id: alexId,
      rating,
      title: `Review ${m} ${i}`,
      body: '<b>Great</b> <script>x()</script>',
      author_name: 'Alex',
      author_email: ALEX.email,
      status: 'pending',
    }));
    const { data: reviews, error } = await service.from('reviews').insert(rows).select('id,title');
    expect(error).toBeNull();
    asAnon();
    expect(await fetchRating(id)).toEqual({ average: 0, count: 0 });

    asAdmin();
    const pending = (await fetchAdminReviews({ status: 'pending', q: `Review ${m}`, page: 1 })).rows.filter((r) => r.productId === id);
    expect(pending.map((r) => r.title).sort()).toEqual(rows.map((r) => r.title).sort());
    expect(pending[0]).toMatchObject({ productTitle: `Admin test ${m}`, productSlug: `it-admin-${m}`, body: '<b>Great</b> <script>x()</script>' });
    const five = reviews!.find((r) => r.title.endsWith(' 0'))!;
    const two = reviews!.find((r) => r.title.endsWith(' 1'))!;
    await moderateReview({ id: five.id, decision: 'approved' });
    await moderateReview({ id: two.id, decision: 'rejected' });
    await expect(moderateReview({ id: five.id, decision: 'rejected' })).rejects.toMatchObject({ code: STALE });

    asAnon();
    expect(await fetchRating(id)).toEqual({ average: 5, count: 1 });
    const { data: visible } = await anon.from('reviews').select('id').eq('product_id', id);
    expect(visible).toEqual([{ id: five.id }]);
  });
});

describe('reviews beyond 200 (issue 24)', () => {
  it('pages 25 at a time with the count over all pages, filters by status and searches title, text, author and product', async () => {
    const m = marker();
    const { id } = await productWithVariants(m, [`${m}-1`]);
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    // 230 of this test's own reviews (more than the old list's 200): 210 pending, 12 approved, 8 rejected.
    const rows = Array.from({ length: 230 }, (_, i) => ({
      product_id: id,
      rating: 4,
      title: `R${m} ${i}${i === 17 ? ' needle-title' : ''}`,
      body: i === 42 ? `Body with needle-body ${m}` : 'Fine',
      author_name: i === 99 ? `Needle Author ${m}` : `Author ${m}`,
      author_email: null,
      status: i < 210 ? 'pending' : i < 222 ? 'approved' : 'rejected',
      created_at: at(i),
    }));
    const { error } = await service.from('reviews').insert(rows);
    expect(error).toBeNull();
    asAdmin();

    const mine = { status: 'pending' as const, q: `R${m}`, page: 1 };
    const first = await fetchAdminReviews(mine);
    expect(first.total).toBe(210);
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    // Newest first.
    expect(first.rows[0]).toMatchObject({ title: `R${m} 209`, status: 'pending', productTitle: `Admin test ${m}`, productSlug: `it-admin-${m}` });
    const last = await fetchAdminReviews({ ...mine, page: 9 });
    expect(last.rows.map((r) => r.title)).toEqual(Array.from({ length: 10 }, (_, i) => `R${m} ${9 - i}`));
    expect(last.total).toBe(210);

    expect((await fetchAdminReviews({ ...mine, status: 'approved' })).total).toBe(12);
    expect((await fetchAdminReviews({ ...mine, status: 'rejected' })).rows.map((r) => r.status)).toEqual(Array(8).fill('rejected'));
    expect((await fetchAdminReviews({ ...mine, status: 'all' })).total).toBe(230);

    // Search: the title, the text, the author, the product's title; case-insensitive; its wildcards are plain text.
    const find = async (q: string) => (await fetchAdminReviews({ status: 'all', q, page: 1 })).rows.filter((r) => r.productId === id).map((r) => r.title);
    expect(await find(`R${m} 17 NEEDLE-TITLE`)).toEqual([`R${m} 17 needle-title`]);
    expect(await find(`needle-body ${m}`)).toEqual([`R${m} 42`]);
    expect(await find(`Needle Author ${m}`)).toEqual([`R${m} 99`]);
    expect((await fetchAdminReviews({ status: 'all', q: `Admin test ${m}`, page: 1 })).total).toBe(230);
    expect((await fetchAdminReviews({ status: 'all', q: `${m}%x`, page: 1 })).total).toBe(0);

    // Approve from the list: it leaves the pending list and joins the approved.
    await moderateReview({ id: first.rows[0].id, decision: 'approved' });
    expect((await fetchAdminReviews(mine)).total).toBe(209);
    expect((await fetchAdminReviews({ ...mine, status: 'approved' })).total).toBe(13);

    // Anyone but an admin gets nothing through the view (not even approved reviews).
    asAnon();
    await expect(fetchAdminReviews({ ...mine, status: 'all' })).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});

describe('image upload (storage) refusals', () => {
  it('refuses files over the 5 MB limit (413) and types other than jpeg/png/webp (4xx), storing nothing', async () => {
    const m = marker();
    const { id } = await productWithVariants(m, [`${m}-1`]);
    asAdmin();
    const big = Buffer.concat([png(1, 1, 0), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await expectApiError(uploadProductImage({ productId: id, file: new File([new Uint8Array(big)], 'big.png', { type: 'image/png' }), index: 0 }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.message).toBe('The object exceeded the maximum allowed size');

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    for (const file of [
      new File([new Uint8Array(gif)], 'a.gif', { type: 'image/gif' }),
      new File(['<svg onload=alert(1)>'], 'a.svg', { type: 'image/svg+xml' }),
      new File(['hello'], 'a.txt', { type: 'text/plain' }),
    ]) {
      const error = await expectApiError(uploadProductImage({ productId: id, file, index: 1 }));
      expect(error.status, file.type).toBeGreaterThanOrEqual(400);
      expect(error.status, file.type).toBeLessThan(500);
    }
    expect(await sql('select name from storage.objects where bucket_id = $1 and name like $2', ['product-images', `${id}/%`])).toEqual([]);
  });
});

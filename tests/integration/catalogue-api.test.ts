/**
 * The storefront's catalogue API (src/api/products.ts, src/api/reviews.ts) against the local
 * backend and its seeded catalogue, driven through the app's own client (src/api/client.ts), with
 * `supabase()` pointed at the test backend. Every answer is compared with what the service role
 * reads of all products, variants and reviews (computed here, not by the code under test), so the
 * tests do not depend on seed details. A few products of this file's own (a hostile title, a decoy,
 * a draft, an archived one, one without variants) are inserted with the service role and removed
 * at the end.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATEGORIES, FEATURED_DEFAULT_LIMIT, RELATED_LIMIT, SEARCH_LIMIT, SHOP_PAGE_SIZE, type ProductSummary } from '../../domain/catalogue.ts';
import { DEFAULT_QUERY, type ShopQuery, type SortKey, SORTS } from '../../domain/shopQuery.ts';
import { type Client, createSupabaseClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { fetchFeatured, fetchProductBySlug, fetchRating, fetchRelated, fetchShopPage, searchProducts } from '../../src/api/products.ts';
import { fetchReviews, hasPurchased, submitReview } from '../../src/api/reviews.ts';
import { ALEX, anonKey, apiUrl, createConfirmedUser, serviceClient, sql } from './support.ts';

/** The client `supabase()` returns in src/api (set per test), and the URLs it requested. */
const current = vi.hoisted(() => ({ client: null as Client | null, requests: [] as string[] }));
vi.mock('../../src/api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/api/client.ts')>();
  return {
    ...real,
    supabase: () => {
      if (!current.client) throw new Error('test: no client selected');
      return current.client;
    },
  };
});

function storefrontClient(): Client {
  return createSupabaseClient(apiUrl(), anonKey(), (input, init) => {
    current.requests.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  });
}
async function signedInClient(email: string, password: string): Promise<Client> {
  const client = storefrontClient();
  const { error } = await (await client.auth()).signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in ${email}: ${error.message}`);
  return client;
}

// ── The oracle: everything as the service role reads it ─────────────────────────────────────

type VariantRow = { id: string; size: string | null; color: string | null; price: number; inventory: number };
type ProductRow = {
  id: string;
  slug: string;
  status: string;
  title: string;
  subtitle: string | null;
  title_de: string | null;
  subtitle_de: string | null;
  description: string | null;
  description_de: string | null;
  category: string;
  tags: string[];
  featured: boolean;
  created_at: string;
  units_sold: number;
  variants: VariantRow[];
};
type ReviewRow = { id: string; product_id: string; status: string; rating: number; title: string; created_at: string; user_id: string | null };

let service: SupabaseClient;
let all: ProductRow[];
let published: ProductRow[];

async function readAll(): Promise<ProductRow[]> {
  const { data, error } = await service
    .from('products')
    .select('id,slug,status,title,subtitle,title_de,subtitle_de,description,description_de,category,tags,featured,created_at,units_sold,variants(id,size,color,price,inventory)');
  if (error) throw new Error(`service read: ${error.message}`);
  return data as ProductRow[];
}

/** Timestamps to microseconds (PostgREST prints up to six fraction digits). */
function micros(ts: string): bigint {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/.exec(ts);
  if (!m) throw new Error(`not a timestamp: ${ts}`);
  return BigInt(Date.parse(`${m[1]}${m[3]}`)) * 1000n + BigInt((m[2] ?? '').padEnd(6, '0').slice(0, 6));
}
const cmp = <T extends bigint | number | string>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
const minPrice = (p: ProductRow) => (p.variants.length ? Math.min(...p.variants.map((v) => v.price)) : null);
const inStock = (p: ProductRow) => p.variants.reduce((sum, v) => sum + v.inventory, 0) > 0;
/** Case-insensitive literal containment, as ILIKE '%term%' with the term escaped means it. */
const contains = (text: string | null, term: string) => (text ?? '').toLowerCase().includes(term.toLowerCase());

/** The tie-breakers every list uses: newest first, then id. */
const newestThenId = (a: ProductRow, b: ProductRow) => cmp(micros(b.created_at), micros(a.created_at)) || cmp(a.id, b.id);

function expectedOrder(rows: ProductRow[], sort: SortKey): ProductRow[] | 'by-sql' {
  const { field, direction } = SORTS[sort];
  if (field === 'title') return 'by-sql'; // collation: the database's own order is the reference
  const key = (p: ProductRow): bigint | number | null => (field === 'price' ? minPrice(p) : field === 'units_sold' ? Number(p.units_sold) : micros(p.created_at));
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) {
      if (ka === null) return 1; // nulls last in both directions
      if (kb === null) return -1;
      const c = cmp(ka, kb);
      if (c !== 0) return direction === 'asc' ? c : -c;
    }
    return newestThenId(a, b);
  });
}

function matches(p: ProductRow, q: ShopQuery): boolean {
  if (p.status !== 'published') return false;
  if (q.category && p.category !== q.category) return false;
  if (q.tags.length && !p.tags.some((t) => q.tags.includes(t))) return false;
  const min = minPrice(p);
  if (q.minPrice !== null && (min === null || min < q.minPrice * 100)) return false;
  if (q.maxPrice !== null && (min === null || min > q.maxPrice * 100)) return false;
  if (q.size && !p.variants.some((v) => v.size === q.size)) return false;
  if (q.color && !p.variants.some((v) => v.color === q.color)) return false;
  if (q.inStock && !inStock(p)) return false;
  if (q.featured && !p.featured) return false;
  if (q.q && ![p.title, p.description, p.title_de, p.description_de].some((t) => contains(t, q.q))) return false;
  return true;
}

const query = (change: Partial<ShopQuery> = {}): ShopQuery => ({ ...DEFAULT_QUERY, ...change });

/** Every page of a query: each full but the last, disjoint, one total; the concatenation. */
async function allPages(q: ShopQuery): Promise<{ products: ProductSummary[]; total: number }> {
  const first = await fetchShopPage({ ...q, page: 1 });
  const products = [...first.products];
  const pages = Math.max(1, Math.ceil(first.total / SHOP_PAGE_SIZE));
  for (let page = 2; page <= pages; page++) {
    const next = await fetchShopPage({ ...q, page });
    expect(next.total, `total of page ${page}`).toBe(first.total);
    products.push(...next.products);
  }
  expect(products.length).toBe(first.total);
  expect(new Set(products.map((p) => p.id)).size, 'pages are disjoint').toBe(products.length);
  return { products, total: first.total };
}

async function expectShopMatches(q: ShopQuery) {
  const want = published.filter((p) => matches(p, q));
  const got = await allPages(q);
  expect(got.total, `total for ${JSON.stringify(q)}`).toBe(want.length);
  expect(got.products.map((p) => p.id).sort(), `products for ${JSON.stringify(q)}`).toEqual(want.map((p) => p.id).sort());
  return want;
}

// ── Fixtures of this file ───────────────────────────────────────────────────────────────────

const RUN = randomUUID().slice(0, 8);
const HOSTILE_TITLE = 'Tee 100% (Cotton), "Heavy" \\ A_B';
const HOSTILE_TAG = `odd,tag (x) "q" 'a' \\ 50% a_b {c} *`;
const HOSTILE_SIZE = `L,(X)"{}\\*%_'`;
const HOSTILE_COLOR = `Ash, "Dark" (Mk\\2) {x}*%_'`;
const TOKENS = { title: `ttl${RUN}`, description: `dsc${RUN}`, titleDe: `kopf${RUN}`, descriptionDe: `text${RUN}`, subtitle: `sub${RUN}`, subtitleDe: `unter${RUN}` };
const slug = (name: string) => `it-cat-${name}-${RUN}`;

let ids: Record<'hostile' | 'decoy' | 'sized' | 'bare' | 'draft' | 'archived', string>;
let reviewIds: string[] = [];

async function insertFixtures() {
  const rows = [
    {
      key: 'hostile',
      slug: slug('hostile'),
      status: 'published',
      category: 'clothing',
      title: HOSTILE_TITLE,
      tags: [HOSTILE_TAG, `it-${RUN}`],
      description: 'Fixture of catalogue-api.test.ts',
    },
    // Would match the hostile terms if %, _ or * were wildcards: "A-B" for A_B / A%B, "1000" for 100%.
    { key: 'decoy', slug: slug('decoy'), status: 'published', category: 'clothing', title: `Decoy A-B 1000 Cotton ${RUN}`, tags: [`it-${RUN}`] },
    {
      key: 'sized',
      slug: slug('sized'),
      status: 'published',
      category: 'clothing',
      featured: true,
      title: `Sized Tee ${TOKENS.title}`,
      subtitle: `Subtitle ${TOKENS.subtitle}`,
      title_de: `Größen-Shirt ${TOKENS.titleDe}`,
      subtitle_de: `Untertitel ${TOKENS.subtitleDe}`,
      description: `English ${TOKENS.description}`,
      description_de: `Deutsch ${TOKENS.descriptionDe}`,
      tags: [`it-${RUN}`, 'fixture-sized'],
    },
    { key: 'bare', slug: slug('bare'), status: 'published', category: 'equipment', title: `No Variants ${RUN}`, tags: [] },
    {
      key: 'draft',
      slug: slug('draft'),
      status: 'draft',
      category: 'clothing',
      featured: true,
      title: `Draft Tee ${RUN} ${TOKENS.title} 100% A_B`,
      tags: [`it-${RUN}`, HOSTILE_TAG],
    },
    { key: 'archived', slug: slug('archived'), status: 'archived', category: 'clothing', featured: true, title: `Archived Tee ${RUN} ${TOKENS.title}`, tags: [`it-${RUN}`] },
  ];
  const { data, error } = await service
    .from('products')
    // A bulk insert sends the union of the keys: missing ones would be null, not the default.
    .insert(rows.map(({ key: _key, ...row }) => ({ featured: false, ...row })))
    .select('id,slug');
  if (error) throw new Error(`insert fixtures: ${error.message}`);
  const bySlug = new Map((data as { id: string; slug: string }[]).map((r) => [r.slug, r.id]));
  ids = Object.fromEntries(rows.map((r) => [r.key, bySlug.get(r.slug)!])) as typeof ids;

  const sku = (n: string) => `IT-${RUN}-${n}`;
  const variants = [
    { product_id: ids.hostile, sku: sku('H1'), size: HOSTILE_SIZE, color: HOSTILE_COLOR, price: 4321, inventory: 3 },
    { product_id: ids.decoy, sku: sku('D1'), size: 'M', color: 'Black', price: 1000, inventory: 0 },
    // Entered out of order: the API returns S, M, L, XL.
    { product_id: ids.sized, sku: sku('S-XL'), size: 'XL', color: 'Stone Grey', price: 3900, compare_at_price: 4900, inventory: 1 },
    { product_id: ids.sized, sku: sku('S-S'), size: 'S', color: 'Stone Grey', price: 3500, inventory: 0 },
    { product_id: ids.sized, sku: sku('S-L'), size: 'L', color: 'Stone Grey', price: 3900, inventory: 2 },
    { product_id: ids.sized, sku: sku('S-M'), size: 'M', color: 'Stone Grey', price: 3500, inventory: 5 },
    { product_id: ids.draft, sku: sku('DR'), size: 'M', color: 'Stone Grey', price: 100, inventory: 100 },
    { product_id: ids.archived, sku: sku('AR'), size: 'M', color: 'Stone Grey', price: 100, inventory: 100 },
  ];
  const v = await service.from('variants').insert(variants);
  if (v.error) throw new Error(`insert variants: ${v.error.message}`);
  const media = [
    { product_id: ids.sized, url: '/it/2.webp', alt: 'two', width: 800, height: 1000, is_primary: false, sort_order: 2 },
    { product_id: ids.sized, url: '/it/0.webp', alt: 'zero', width: 800, height: 1000, is_primary: false, sort_order: 0 },
    { product_id: ids.sized, url: '/it/p.webp', alt: 'primary', width: 800, height: 1000, is_primary: true, sort_order: 5 },
  ];
  const mm = await service.from('media').insert(media);
  if (mm.error) throw new Error(`insert media: ${mm.error.message}`);
  const day = 86_400_000;
  const reviews = [
    { rating: 5, status: 'approved', created_at: new Date(Date.now() - 3 * day).toISOString() },
    { rating: 4, status: 'approved', created_at: new Date(Date.now() - day).toISOString() },
    { rating: 1, status: 'pending', created_at: new Date().toISOString() },
    { rating: 1, status: 'rejected', created_at: new Date().toISOString() },
  ].map((r, i) => ({ ...r, product_id: ids.sized, title: `Fixture review ${i} ${RUN}`, body: 'Fixture body', author_name: 'Fixture' }));
  const rv = await service.from('reviews').insert(reviews).select('id');
  if (rv.error) throw new Error(`insert reviews: ${rv.error.message}`);
  reviewIds = (rv.data as { id: string }[]).map((r) => r.id);
}

beforeAll(async () => {
  service = serviceClient();
  await insertFixtures();
  all = await readAll();
  published = all.filter((p) => p.status === 'published');
  current.client = storefrontClient();
});

afterAll(async () => {
  if (!service) return;
  await service.from('reviews').delete().like('title', `%${RUN}%`);
  await service.from('products').delete().like('slug', `it-cat-%-${RUN}`);
});

const anonymous = () => {
  current.client = storefrontClient();
  return current.client;
};

// ── fetchShopPage ───────────────────────────────────────────────────────────────────────────

describe('fetchShopPage: filters', () => {
  it('without filters lists every published product, never drafts or archived ones', async () => {
    const want = await expectShopMatches(query());
    expect(want.length).toBe(published.length);
    const got = (await allPages(query())).products.map((p) => p.id);
    expect(got).not.toContain(ids.draft);
    expect(got).not.toContain(ids.archived);
    expect(got).toContain(ids.bare);
  });

  it('category', async () => {
    for (const category of CATEGORIES) await expectShopMatches(query({ category }));
  });

  it('tags (any of them)', async () => {
    const counts = new Map<string, number>();
    for (const p of published) for (const t of p.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
    const common = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    await expectShopMatches(query({ tags: [common[0]] }));
    await expectShopMatches(query({ tags: common.slice(1, 3) }));
    const own = await expectShopMatches(query({ tags: [`it-${RUN}`] }));
    expect(own.map((p) => p.id).sort()).toEqual([ids.hostile, ids.decoy, ids.sized].sort());
  });

  it('minPrice / maxPrice in euros against the lowest variant price', async () => {
    for (const [minPrice, maxPrice] of [
      [25, null],
      [null, 35],
      [35, 39],
      [39, 39],
      [0, 200],
      [200, null],
      [60, 20],
    ] as const) {
      await expectShopMatches(query({ minPrice, maxPrice }));
    }
    // 35 €: the fixture's lowest price is 35.00 €, though another variant costs 39.00 €.
    expect((await expectShopMatches(query({ minPrice: 35, maxPrice: 35, tags: [`it-${RUN}`] }))).map((p) => p.id)).toEqual([ids.sized]);
  });

  it('size and colour (colours with spaces)', async () => {
    for (const size of ['S', 'M', 'L', 'XL']) await expectShopMatches(query({ size }));
    for (const color of ['Black', 'Stone Grey', 'Blood Red', 'Olive']) await expectShopMatches(query({ color }));
    const stone = await expectShopMatches(query({ color: 'Stone Grey' }));
    expect(stone.map((p) => p.id)).toContain(ids.sized);
    // A size in stock elsewhere is enough: the filter is about what the product offers.
    expect((await expectShopMatches(query({ size: 'S', tags: [`it-${RUN}`] }))).map((p) => p.id)).toEqual([ids.sized]);
  });

  it('in stock and featured', async () => {
    const stocked = await expectShopMatches(query({ inStock: true }));
    expect(stocked.map((p) => p.id)).not.toContain(ids.decoy);
    expect(stocked.map((p) => p.id)).not.toContain(ids.bare);
    const featured = await expectShopMatches(query({ featured: true }));
    expect(featured.map((p) => p.id)).toContain(ids.sized);
    expect(featured.map((p) => p.id)).not.toContain(ids.draft);
  });

  it('q over title and description in both languages', async () => {
    for (const [token, id] of [
      [TOKENS.title, ids.sized],
      [TOKENS.description, ids.sized],
      [TOKENS.titleDe, ids.sized],
      [TOKENS.descriptionDe, ids.sized],
    ]) {
      expect((await expectShopMatches(query({ q: token }))).map((p) => p.id)).toEqual([id]);
      expect((await expectShopMatches(query({ q: token.toUpperCase() }))).map((p) => p.id)).toEqual([id]);
    }
    // The subtitle is not part of the shop search.
    expect(await expectShopMatches(query({ q: TOKENS.subtitle }))).toEqual([]);
    for (const q of ['tee', 'Hoodie', 'Baumwolle', 'cotton', 'Größen', 'g/m²', ' ', 'e']) await expectShopMatches(query({ q }));
  });

  it('combined filters', async () => {
    await expectShopMatches(query({ category: 'clothing', size: 'M', inStock: true, maxPrice: 60, q: 'tee' }));
    await expectShopMatches(query({ category: 'clothing', color: 'Black', minPrice: 30, featured: true }));
    await expectShopMatches(query({ tags: [`it-${RUN}`], inStock: true, color: 'Stone Grey', size: 'M', q: 'tee' }));
  });
});

describe('fetchShopPage: sort and pages', () => {
  const sorts = Object.keys(SORTS) as SortKey[];

  it.each(sorts)('sort %s: pages of 12 are disjoint and together give the whole ordered list', async (sort) => {
    const got = await allPages(query({ sort }));
    expect(got.total).toBe(published.length);
    let want = expectedOrder(published, sort);
    if (want === 'by-sql') {
      const direction = SORTS[sort].direction === 'asc' ? 'asc' : 'desc';
      const rows = await sql<{ id: string }>(`select id from public.products where status = 'published' order by title ${direction} nulls last, created_at desc, id`);
      const byId = new Map(published.map((p) => [p.id, p]));
      want = rows.map((r) => byId.get(r.id)!);
    }
    expect(got.products.map((p) => p.id)).toEqual(want.map((p) => p.id));
    // The first pages are full.
    for (let page = 1; page <= Math.floor(published.length / SHOP_PAGE_SIZE); page++) {
      expect((await fetchShopPage(query({ sort, page }))).products).toHaveLength(SHOP_PAGE_SIZE);
    }
  });

  it('price sorts order by the lowest variant price across pages, products without variants last', async () => {
    for (const sort of ['price-asc', 'price-desc'] as const) {
      const got = await allPages(query({ sort }));
      const byId = new Map(published.map((p) => [p.id, p]));
      const prices = got.products.map((p) => minPrice(byId.get(p.id)!));
      const priced = prices.filter((p): p is number => p !== null);
      expect(
        prices.slice(priced.length).every((p) => p === null),
        'nulls last',
      ).toBe(true);
      const sorted = [...priced].sort((a, b) => (sort === 'price-asc' ? a - b : b - a));
      expect(priced).toEqual(sorted);
      expect(prices.at(-1)).toBeNull(); // the fixture without variants
    }
  });

  it("sort 'best' orders by units sold", async () => {
    const got = await allPages(query({ sort: 'best' }));
    const byId = new Map(published.map((p) => [p.id, p]));
    const sold = got.products.map((p) => Number(byId.get(p.id)!.units_sold));
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    expect(sold[0]).toBeGreaterThan(0);
  });

  it('a page past the end returns no products, no error, and the right total', async () => {
    const total = published.length;
    const last = Math.ceil(total / SHOP_PAGE_SIZE);
    for (const page of [last + 1, last + 7, 10_000]) {
      await expect(fetchShopPage(query({ page }))).resolves.toEqual({ products: [], total });
    }
    const filtered = published.filter((p) => matches(p, query({ category: 'supplements' }))).length;
    await expect(fetchShopPage(query({ category: 'supplements', page: 50 }))).resolves.toEqual({ products: [], total: filtered });
    await expect(fetchShopPage(query({ q: `nothing-${RUN}`, page: 3 }))).resolves.toEqual({ products: [], total: 0 });
  });

  it('cards come with variants by size and media primary first', async () => {
    const got = await allPages(query({ tags: [`it-${RUN}`] }));
    const sized = got.products.find((p) => p.id === ids.sized)!;
    expect(sized.variants.map((v) => v.size)).toEqual(['S', 'M', 'L', 'XL']);
    expect(sized.media.map((m) => m.url)).toEqual(['/it/p.webp', '/it/0.webp', '/it/2.webp']);
  });
});

describe('fetchShopPage / searchProducts: text that could break the query string', () => {
  const HOSTILE = [
    ',',
    '(',
    ')',
    '"',
    "'",
    '\\',
    '%',
    '_',
    '{',
    '}',
    '*',
    '(Cotton),',
    '"Heavy"',
    '100%',
    'A_B',
    'A%B',
    'A*B',
    '\\ A',
    '%_%',
    '{c}',
    'a,b',
    ')*(',
    '\\"',
    HOSTILE_TITLE,
  ];

  it('q: never an error, and only literal matches', async () => {
    for (const q of HOSTILE) await expectShopMatches(query({ q }));
  });

  it('q: finds the hostile title by each of its odd parts, while wildcards match nothing else', async () => {
    for (const q of ['100%', '(Cotton),', '"Heavy"', '\\', 'A_B', HOSTILE_TITLE, 'cotton), "heavy" \\ a_b']) {
      const found = (await allPages(query({ q, tags: [`it-${RUN}`] }))).products.map((p) => p.id);
      expect(found, q).toEqual([ids.hostile]);
    }
    for (const q of ['A%B', 'A*B', '100*', 'Tee*Heavy', 'T_e 100']) {
      const found = (await allPages(query({ q, tags: [`it-${RUN}`] }))).products.map((p) => p.id);
      expect(found, q).toEqual([]);
    }
  });

  it('size, colour and tags: never an error, and only exact values match', async () => {
    for (const value of HOSTILE) {
      await expectShopMatches(query({ size: value }));
      await expectShopMatches(query({ color: value }));
      await expectShopMatches(query({ tags: [value] }));
      await expectShopMatches(query({ tags: [value, `${value} and more`] }));
    }
    expect((await expectShopMatches(query({ size: HOSTILE_SIZE }))).map((p) => p.id)).toEqual([ids.hostile]);
    expect((await expectShopMatches(query({ color: HOSTILE_COLOR }))).map((p) => p.id)).toEqual([ids.hostile]);
    expect((await expectShopMatches(query({ tags: [HOSTILE_TAG] }))).map((p) => p.id)).toEqual([ids.hostile]);
    expect(await expectShopMatches(query({ tags: ['*'] }))).toEqual([]);
  });

  it('searchProducts: never an error, at most 10, only literal matches', async () => {
    current.client = storefrontClient();
    for (const term of HOSTILE) {
      const want = published.filter((p) => [p.title, p.subtitle, p.title_de, p.subtitle_de].some((t) => contains(t, term.trim())));
      const got = await searchProducts(term);
      expect(got.length, term).toBe(Math.min(SEARCH_LIMIT, want.length));
      const allowed = new Set(want.map((p) => p.id));
      for (const r of got) expect(allowed.has(r.id), `${term}: ${r.title}`).toBe(true);
    }
    const hostile = await searchProducts('A_B');
    expect(hostile.map((r) => r.id)).toContain(ids.hostile);
    expect(hostile.map((r) => r.id)).not.toContain(ids.decoy);
    expect((await searchProducts('A%B')).map((r) => r.id)).not.toContain(ids.decoy);
    expect((await searchProducts('A*B')).map((r) => r.id)).not.toContain(ids.decoy);
  });

  it('the backend does treat * as a like wildcard (why the search escapes it another way)', async () => {
    const res = await fetch(`${apiUrl()}/rest/v1/products?select=id&status=eq.published&or=(title.ilike."%25*%25")`, {
      headers: { apikey: anonKey(), authorization: `Bearer ${anonKey()}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(published.length);
  });
});

// ── searchProducts ───────────────────────────────────────────────────────────────────────────

describe('searchProducts', () => {
  it('finds published products by title, subtitle and German title/subtitle', async () => {
    current.client = storefrontClient();
    for (const token of [TOKENS.title, TOKENS.subtitle, TOKENS.titleDe, TOKENS.subtitleDe, `  ${TOKENS.titleDe.toUpperCase()}  `]) {
      const got = await searchProducts(token);
      // The draft and the archived product carry the title token too.
      expect(
        got.map((r) => r.id),
        token,
      ).toEqual([ids.sized]);
      expect(got[0]).toMatchObject({ slug: slug('sized'), title: `Sized Tee ${TOKENS.title}`, title_de: `Größen-Shirt ${TOKENS.titleDe}` });
      expect(got[0].media.some((m) => m.is_primary && m.url === '/it/p.webp')).toBe(true);
    }
    // Descriptions are not searched here.
    expect(await searchProducts(TOKENS.description)).toEqual([]);
  });

  it('returns at most 10, all matching, for a common term', async () => {
    current.client = storefrontClient();
    for (const term of ['e', 'tee', 'T', 'Baumwolle']) {
      const want = published.filter((p) => [p.title, p.subtitle, p.title_de, p.subtitle_de].some((t) => contains(t, term)));
      const got = await searchProducts(term);
      expect(got.length, term).toBe(Math.min(SEARCH_LIMIT, want.length));
      const allowed = new Set(want.map((p) => p.id));
      for (const r of got) expect(allowed.has(r.id)).toBe(true);
    }
    expect((await searchProducts('e')).length).toBe(SEARCH_LIMIT);
  });

  it('empty or whitespace text gives [] without a request', async () => {
    current.client = storefrontClient();
    current.requests.length = 0;
    expect(await searchProducts('')).toEqual([]);
    expect(await searchProducts('   \t\n ')).toEqual([]);
    expect(current.requests).toEqual([]);
  });
});

// ── Product page ─────────────────────────────────────────────────────────────────────────────

describe('fetchProductBySlug', () => {
  it('returns a published product with its texts, variants S, M, L, XL and media primary first', async () => {
    anonymous();
    const product = await fetchProductBySlug(slug('sized'));
    expect(product).toMatchObject({
      id: ids.sized,
      title_de: `Größen-Shirt ${TOKENS.titleDe}`,
      description: `English ${TOKENS.description}`,
      description_de: `Deutsch ${TOKENS.descriptionDe}`,
    });
    expect(product.variants.map((v) => v.size)).toEqual(['S', 'M', 'L', 'XL']);
    expect(product.variants.find((v) => v.size === 'XL')).toMatchObject({ price: 3900, compare_at_price: 4900, inventory: 1, color: 'Stone Grey' });
    expect(product.media.map((m) => m.is_primary)).toEqual([true, false, false]);
    expect(product.media.map((m) => m.sort_order)).toEqual([5, 0, 2]);
  });

  it('a seeded product has its variants in size order', async () => {
    anonymous();
    const rank = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
    const withSizes = published.find((p) => p.variants.filter((v) => v.size && rank.includes(v.size)).length >= 3 && !p.slug.startsWith('it-cat-'))!;
    const product = await fetchProductBySlug(withSizes.slug);
    const ranks = product.variants.map((v) => rank.indexOf(v.size ?? '')).filter((i) => i >= 0);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(product.variants).toHaveLength(withSizes.variants.length);
  });

  it('a draft, an archived and an unknown slug are ApiError not_found', async () => {
    anonymous();
    for (const s of [slug('draft'), slug('archived'), `no-such-product-${RUN}`, 'a,b(c)"d\\']) {
      const error = await fetchProductBySlug(s).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, s).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind, s).toBe('not_found');
    }
  });
});

describe('fetchRating / fetchRelated / fetchFeatured', () => {
  it('fetchRating: average and count of approved reviews only', async () => {
    anonymous();
    expect(await fetchRating(ids.sized)).toEqual({ average: 4.5, count: 2 });
    expect(await fetchRating(ids.decoy)).toEqual({ average: 0, count: 0 });
    expect(await fetchRating(randomUUID())).toEqual({ average: 0, count: 0 });
    const { data } = await service.from('reviews').select('product_id,status,rating');
    const approved = (data as ReviewRow[]).filter((r) => r.status === 'approved' && r.product_id !== ids.sized);
    const productId = approved[0]?.product_id;
    if (productId) {
      const ratings = approved.filter((r) => r.product_id === productId).map((r) => r.rating);
      const average = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100;
      expect(await fetchRating(productId)).toEqual({ average, count: ratings.length });
    }
  });

  it('fetchRelated: other published products of the same category, at most 4, newest first', async () => {
    anonymous();
    for (const product of [
      published.find((p) => p.id === ids.sized)!,
      published.find((p) => p.id === ids.bare)!,
      ...CATEGORIES.map((c) => published.find((p) => p.category === c)!).filter(Boolean),
    ]) {
      const want = published.filter((p) => p.category === product.category && p.id !== product.id).sort(newestThenId);
      const got = await fetchRelated(product);
      expect(got.length).toBe(Math.min(RELATED_LIMIT, want.length));
      for (const r of got) {
        expect(r.category).toBe(product.category);
        expect(r.id).not.toBe(product.id);
        expect(want.some((p) => p.id === r.id)).toBe(true);
      }
      // Newest first, ties by id: the same four every time.
      expect(got.map((r) => r.id)).toEqual(want.slice(0, RELATED_LIMIT).map((p) => p.id));
    }
  });

  it('fetchFeatured: featured and published, newest first, limited', async () => {
    anonymous();
    const want = published.filter((p) => p.featured).sort(newestThenId);
    expect(want.length).toBeGreaterThan(1);
    expect((await fetchFeatured()).map((p) => p.id)).toEqual(want.slice(0, FEATURED_DEFAULT_LIMIT).map((p) => p.id));
    expect((await fetchFeatured(6)).map((p) => p.id)).toEqual(want.slice(0, 6).map((p) => p.id));
    expect((await fetchFeatured(1)).map((p) => p.id)).toEqual(want.slice(0, 1).map((p) => p.id));
    const everything = await fetchFeatured(1000);
    expect(everything.map((p) => p.id)).toEqual(want.map((p) => p.id));
    expect(everything.map((p) => p.id)).not.toContain(ids.draft);
    expect(everything.map((p) => p.id)).not.toContain(ids.archived);
  });
});

// ── Reviews ──────────────────────────────────────────────────────────────────────────────────

describe('reviews', () => {
  let alex: Client;
  let alexId: string;
  let paidProduct: string;
  let notBought: string;

  beforeAll(async () => {
    alex = await signedInClient(ALEX.email, ALEX.password);
    alexId = (await (await alex.auth()).getUser()).data.user!.id;
    const { data: orders } = await service.from('orders').select('id,status,user_id,customer_email,order_items(product_id)');
    type OrderRow = { status: string; user_id: string | null; customer_email: string; order_items: { product_id: string }[] };
    const his = (orders as OrderRow[]).filter((o) => o.user_id === alexId || o.customer_email.toLowerCase() === ALEX.email);
    const sold = new Set(his.filter((o) => ['paid', 'processing', 'shipped', 'delivered'].includes(o.status)).flatMap((o) => o.order_items.map((i) => i.product_id)));
    const paid = his.find((o) => o.status === 'paid');
    expect(paid, 'the seed customer has a paid order').toBeDefined();
    paidProduct = paid!.order_items[0].product_id;
    notBought = published.find((p) => !sold.has(p.id) && !p.slug.startsWith('it-cat-'))!.id;
  });

  const storedReviews = async (marker: string) => {
    const { data, error } = await service.from('reviews').select('id,product_id,status,rating,title,created_at,user_id').like('title', `%${marker}%`);
    if (error) throw new Error(error.message);
    return data as ReviewRow[];
  };

  it('fetchReviews: approved only, newest first', async () => {
    anonymous();
    const got = await fetchReviews(ids.sized);
    expect(got.map((r) => r.title)).toEqual([`Fixture review 1 ${RUN}`, `Fixture review 0 ${RUN}`]);
    expect(got.map((r) => r.id)).toEqual([reviewIds[1], reviewIds[0]]);

    const { data } = await service.from('reviews').select('id,product_id,status,rating,title,created_at,user_id');
    const rows = data as ReviewRow[];
    const reviewed = rows.find((r) => r.status === 'approved' && r.product_id !== ids.sized)!.product_id;
    const want = rows.filter((r) => r.product_id === reviewed && r.status === 'approved').sort((a, b) => cmp(micros(b.created_at), micros(a.created_at)) || cmp(a.id, b.id));
    expect((await fetchReviews(reviewed)).map((r) => r.id)).toEqual(want.map((r) => r.id));
    expect(await fetchReviews(randomUUID())).toEqual([]);
  });

  it('fetchReviews for a signed-in shopper still shows approved reviews only', async () => {
    current.client = alex;
    const ownPending = (await service.from('reviews').select('product_id').eq('user_id', alexId).neq('status', 'approved')).data as { product_id: string }[];
    for (const { product_id } of ownPending.slice(0, 3)) {
      const got = await fetchReviews(product_id);
      const approved = (await service.from('reviews').select('id').eq('product_id', product_id).eq('status', 'approved')).data as { id: string }[];
      expect(got.map((r) => r.id).sort()).toEqual(approved.map((r) => r.id).sort());
    }
  });

  it('hasPurchased: true for the seed customer on a product of a paid order, false otherwise and for anon', async () => {
    current.client = alex;
    expect(await hasPurchased(paidProduct)).toBe(true);
    expect(await hasPurchased(notBought)).toBe(false);
    expect(await hasPurchased(ids.sized)).toBe(false);
    expect(await hasPurchased(randomUUID())).toBe(false);
    anonymous();
    expect(await hasPurchased(paidProduct)).toBe(false);
  });

  it("submitReview: a buyer's review is stored as pending, also when 'approved' is sent", async () => {
    current.client = alex;
    const marker = `buyer-${RUN}`;
    await submitReview({ productId: paidProduct, rating: 4, title: `  Solid ${marker}  `, body: '  Good product.  ', authorName: 'Alex Becker', authorEmail: ALEX.email });
    const [stored] = await storedReviews(marker);
    expect(stored).toMatchObject({ product_id: paidProduct, status: 'pending', rating: 4, title: `Solid ${marker}`, user_id: alexId });

    const forced = `forced-${RUN}`;
    const { error } = await alex.from('reviews').insert({ product_id: paidProduct, rating: 5, title: forced, body: 'x', author_name: 'Alex', status: 'approved' });
    expect(error).toBeNull();
    expect((await storedReviews(forced)).map((r) => r.status)).toEqual(['pending']);
    // Pending reviews are not shown.
    anonymous();
    expect((await fetchReviews(paidProduct)).map((r) => r.title)).not.toContain(forced);
  });

  it("submitReview: a non-buyer's and an anonymous review fail with an ApiError and store nothing", async () => {
    const stranger = await createConfirmedUser();
    current.client = await signedInClient(stranger.email, stranger.password);
    const strangerMarker = `stranger-${RUN}`;
    const e1 = await submitReview({ productId: paidProduct, rating: 5, title: strangerMarker, body: 'Never bought it', authorName: 'Stranger', authorEmail: null }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(e1).toBeInstanceOf(ApiError);
    expect(await storedReviews(strangerMarker)).toEqual([]);

    anonymous();
    const anonMarker = `anon-${RUN}`;
    const e2 = await submitReview({ productId: paidProduct, rating: 5, title: anonMarker, body: 'Anonymous', authorName: 'Anon', authorEmail: null }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(e2).toBeInstanceOf(ApiError);
    expect((e2 as ApiError).kind).toBe('unauthorized');
    expect(await storedReviews(anonMarker)).toEqual([]);
  });
});

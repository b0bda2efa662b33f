/**
 * Every database and function call of SPEC §7, made exactly as the storefront makes it through
 * supabase-js, checked against an oracle read as the service role.
 */
import { randomUUID } from 'node:crypto';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ALEX, PNG_1X1, anonClient, apiUrl, onBackend, rest, serviceClient, signIn, uniqueEmail, type SignedIn } from './support.ts';

// biome-ignore lint/suspicious/noExplicitAny: rows are untyped JSON from the API, checked by the assertions
type Row = Record<string, any>;

let anon: SupabaseClient;
let service: SupabaseClient;
let alex: SignedIn;
let admin: SignedIn;
let products: Row[];
let published: Row[];
let variants: Row[];
let orders: Row[];
let orderItems: Row[];

const SOLD_STATUSES = ['paid', 'processing', 'shipped', 'delivered'];

/** What the app's one escaping helper does for a shopper's term inside an or=() ilike filter. */
function orIlike(columns: string[], term: string): string {
  const like = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  const quoted = `"%${like.replace(/[\\"]/g, (c) => `\\${c}`)}%"`;
  return columns.map((c) => `${c}.ilike.${quoted}`).join(',');
}

async function all(table: string, select = '*'): Promise<Row[]> {
  const { data, error } = await service.from(table).select(select);
  if (error) throw new Error(`service read ${table}: ${error.message}`);
  return data as Row[];
}

beforeAll(async () => {
  anon = anonClient();
  service = serviceClient();
  [alex, admin] = await Promise.all([signIn(ALEX.email, ALEX.password), signIn(ADMIN.email, ADMIN.password)]);
  [products, variants, orders, orderItems] = await Promise.all([all('products'), all('variants'), all('orders'), all('order_items')]);
  published = products.filter((p) => p.status === 'published');
});

const ids = (rows: Row[] | null) => (rows ?? []).map((r) => r.id).sort();

/** A limited answer: every row is one of `want`, and as many as the limit allows. */
function expectLimitedSubset(got: Row[] | null, want: Row[], limit: number) {
  const allowed = new Set(want.map((r) => r.id));
  for (const row of got ?? []) expect(allowed.has(row.id), `unexpected row ${row.id}`).toBe(true);
  expect((got ?? []).length).toBe(Math.min(limit, want.length));
}

describe('search (SPEC §7: or/ilike, limit 10)', () => {
  const search = (term: string) =>
    anon
      .from('products')
      .select('id,slug,title,subtitle,media(url,is_primary)')
      .eq('status', 'published')
      .or(orIlike(['title', 'subtitle'], term))
      .limit(10);
  const expected = (term: string) => published.filter((p) => [p.title, p.subtitle].some((v) => typeof v === 'string' && v.toLowerCase().includes(term.toLowerCase())));

  it('finds published products whose title or subtitle contains the term, at most 10, with media', async () => {
    const word = String(published[0].title).split(/\s+/)[0];
    const { data, error } = await search(word);
    expect(error).toBeNull();
    const want = expected(word);
    expect(data!.length).toBe(Math.min(10, want.length));
    for (const row of data!) {
      expect(want.map((p) => p.id)).toContain(row.id);
      expect(Array.isArray(row.media)).toBe(true);
    }
  });

  it('a short common term is capped at 10 results', async () => {
    const { data, error } = await search('e');
    expect(error).toBeNull();
    expect(data!.length).toBe(Math.min(10, expected('e').length));
  });

  it.each(['a,b(c)', 'tee"shirt', 'back\\slash', '100%', 'under_score', '((', ')', '"', "o'neil", 'ümlaut, straße'])('an escaped term %j is data, not syntax', async (term) => {
    const { data, error } = await search(term);
    expect(error).toBeNull();
    expectLimitedSubset(data, expected(term), 10);
  });

  it('never returns drafts or archived products', async () => {
    const hidden = products.find((p) => p.status !== 'published');
    expect(hidden, 'seed has drafts/archived products').toBeDefined();
    const { data } = await search(String(hidden!.title));
    expect(data!.map((r) => r.id)).not.toContain(hidden!.id);
  });
});

describe('featured (limit 6, embeds)', () => {
  it('returns up to 6 published featured products with currency, media and variants', async () => {
    const { data, error } = await anon
      .from('products')
      .select('id,slug,title,subtitle,currency,media(url,is_primary),variants(id,size,color,price,inventory)')
      .eq('status', 'published')
      .eq('featured', true)
      .limit(6);
    expect(error).toBeNull();
    const want = published.filter((p) => p.featured);
    expect(want.length).toBeGreaterThan(0);
    expect(data!.length).toBe(Math.min(6, want.length));
    for (const row of data!) {
      expect(want.map((p) => p.id)).toContain(row.id);
      expect(['EUR', 'USD', 'GBP']).toContain(row.currency);
      expect(Array.isArray(row.media)).toBe(true);
      expect(row.variants.map((v: Row) => v.id).sort()).toEqual(
        variants
          .filter((v) => v.product_id === row.id)
          .map((v) => v.id)
          .sort(),
      );
      for (const v of row.variants) expect(Object.keys(v).sort()).toEqual(['color', 'id', 'inventory', 'price', 'size']);
    }
  });
});

describe('shop list from product_listing', () => {
  let listing: Row[];
  beforeAll(async () => {
    listing = await all('product_listing');
  });

  it('the view carries min/max price, sizes, colours, stock and units sold computed from the tables', async () => {
    expect(listing.length).toBe(products.length);
    const soldOrders = new Set(orders.filter((o) => SOLD_STATUSES.includes(o.status)).map((o) => o.id));
    const unclear = new Set(orderItems.filter((i) => !soldOrders.has(i.order_id)).map((i) => i.product_id));
    for (const row of listing) {
      const vs = variants.filter((v) => v.product_id === row.id);
      const prices = vs.map((v) => v.price);
      expect(row.min_price, row.slug).toBe(vs.length ? Math.min(...prices) : null);
      expect(row.max_price, row.slug).toBe(vs.length ? Math.max(...prices) : null);
      expect([...(row.sizes ?? [])].sort(), row.slug).toEqual([...new Set(vs.map((v) => v.size).filter(Boolean))].sort());
      expect([...(row.colors ?? [])].sort(), row.slug).toEqual([...new Set(vs.map((v) => v.color).filter(Boolean))].sort());
      expect(row.in_stock, row.slug).toBe(vs.some((v) => v.inventory > 0));
      expect(Number(row.total_inventory ?? 0), row.slug).toBe(vs.reduce((s, v) => s + v.inventory, 0));
      if (!unclear.has(row.id)) {
        const sold = orderItems.filter((i) => i.product_id === row.id && soldOrders.has(i.order_id)).reduce((s, i) => s + i.qty, 0);
        expect(Number(row.units_sold ?? 0), row.slug).toBe(sold);
      }
    }
  });

  const sorts: { name: string; column: string; ascending: boolean }[] = [
    { name: 'newest', column: 'created_at', ascending: false },
    { name: 'price low→high', column: 'min_price', ascending: true },
    { name: 'price high→low', column: 'min_price', ascending: false },
    { name: 'best selling', column: 'units_sold', ascending: false },
  ];

  function compare(a: unknown, b: unknown): number {
    if (a === b) return 0;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    if (/^\d+$/.test(String(a)) && /^\d+$/.test(String(b))) return Number(a) - Number(b);
    return String(a) < String(b) ? -1 : 1;
  }

  it.each(sorts)('sort $name: first page of 12 with exact count, in SQL order', async ({ column, ascending }) => {
    const { data, error, count } = await anon
      .from('product_listing')
      .select('*,variants(*),media(*)', { count: 'exact' })
      .eq('status', 'published')
      .order(column, { ascending, nullsFirst: false })
      .order('id', { ascending: true })
      .range(0, 11);
    expect(error).toBeNull();
    expect(count).toBe(published.length);
    const want = listing
      .filter((p) => p.status === 'published')
      .sort((a, b) => {
        const [x, y] = [a[column], b[column]];
        if ((x === null) !== (y === null)) return x === null ? 1 : -1;
        return (ascending ? compare(x, y) : -compare(x, y)) || compare(a.id, b.id);
      })
      .slice(0, 12);
    expect(data!.map((r) => r.id)).toEqual(want.map((r) => r.id));
  });

  it('filters by category, tag overlap, price range, size, colour, in-stock and featured before paging', async () => {
    const pick = listing.find((p) => p.status === 'published' && p.in_stock && p.sizes?.length && p.colors?.length && p.tags?.length)!;
    expect(pick, 'a published in-stock product with sizes, colours and tags').toBeDefined();
    const size = pick.sizes[0];
    const color = pick.colors[0];
    const tags = [pick.tags[0], 'no-such-tag'];
    const lo = Math.max(0, pick.min_price - 500);
    const hi = pick.min_price + 500;
    const want = listing.filter(
      (p) =>
        p.status === 'published' &&
        p.category === pick.category &&
        (p.tags ?? []).some((t: string) => tags.includes(t)) &&
        p.min_price >= lo &&
        p.min_price <= hi &&
        (p.sizes ?? []).includes(size) &&
        (p.colors ?? []).includes(color) &&
        p.in_stock,
    );
    const { data, error, count } = await anon
      .from('product_listing')
      .select('*,variants(*),media(*)', { count: 'exact' })
      .eq('status', 'published')
      .eq('category', pick.category)
      .overlaps('tags', tags)
      .gte('min_price', lo)
      .lte('min_price', hi)
      .contains('sizes', [size])
      .contains('colors', [color])
      .eq('in_stock', true)
      .order('created_at', { ascending: false })
      .range(0, 11);
    expect(error).toBeNull();
    expect(count).toBe(want.length);
    expectLimitedSubset(data, want, 12);
    for (const row of data!) expect(row.variants.length).toBeGreaterThan(0);

    const featured = await anon.from('product_listing').select('id', { count: 'exact' }).eq('status', 'published').eq('featured', true).range(0, 11);
    expect(featured.count).toBe(listing.filter((p) => p.status === 'published' && p.featured).length);
  });

  it('the text filter q matches title or description (escaped), counted before paging', async () => {
    const word = String(listing.find((p) => p.status === 'published')!.title).split(/\s+/)[0];
    for (const q of [word, 'a,b(c)"', '100%']) {
      const want = listing.filter((p) => p.status === 'published' && [p.title, p.description].some((v) => typeof v === 'string' && v.toLowerCase().includes(q.toLowerCase())));
      const { data, error, count } = await anon
        .from('product_listing')
        .select('*,variants(*),media(*)', { count: 'exact' })
        .eq('status', 'published')
        .or(orIlike(['title', 'description'], q))
        .order('created_at', { ascending: false })
        .range(0, 11);
      expect(error, q).toBeNull();
      expect(count, q).toBe(want.length);
      expectLimitedSubset(data, want, 12);
    }
  });

  it('the second page and the Content-Range total (range 12–23)', async () => {
    const { data, count } = await anon
      .from('product_listing')
      .select('*,variants(*),media(*)', { count: 'exact' })
      .eq('status', 'published')
      .order('created_at', { ascending: false })
      .order('id')
      .range(12, 23);
    expect(count).toBe(published.length);
    expect(data!.length).toBe(Math.max(0, Math.min(12, published.length - 12)));

    const res = await rest('/rest/v1/product_listing?select=id&status=eq.published&order=created_at.desc,id.asc&offset=12&limit=12', {
      headers: { Prefer: 'count=exact', 'Accept-Profile': 'public' },
    });
    expect([200, 206]).toContain(res.status);
    const last = Math.min(23, published.length - 1);
    expect(res.headers.get('content-range')).toBe(published.length > 12 ? `12-${last}/${published.length}` : `*/${published.length}`);
  });

  it('anon never sees drafts in the listing, even when filtering for them', async () => {
    const { data, count } = await anon.from('product_listing').select('id,status', { count: 'exact' }).neq('status', 'published');
    expect(data).toEqual([]);
    expect(count).toBe(0);
  });
});

describe('product detail, related, rating', () => {
  it('detail by slug with .single(), then calculate_product_rating', async () => {
    const reviews = await all('reviews');
    const approvedCount = (id: string) => reviews.filter((r) => r.product_id === id && r.status === 'approved').length;
    const product = [...published].sort((a, b) => approvedCount(b.id) - approvedCount(a.id))[0];
    const { data, error } = await anon.from('products').select('*,variants(*),media(*)').eq('slug', product.slug).eq('status', 'published').single();
    expect(error).toBeNull();
    expect(data.id).toBe(product.id);
    expect(data.variants.length).toBe(variants.filter((v) => v.product_id === product.id).length);

    const rating = await anon.rpc('calculate_product_rating', { product_uuid: product.id });
    expect(rating.error).toBeNull();
    const approved = reviews.filter((r) => r.product_id === product.id && r.status === 'approved');
    expect(approved.length, 'the seed has approved reviews').toBeGreaterThan(0);
    const avg = Math.round((approved.reduce((s, r) => s + r.rating, 0) / approved.length) * 100) / 100;
    expect(rating.data).toHaveLength(1);
    expect(Number(rating.data[0].average_rating)).toBeCloseTo(avg, 2);
    expect(Number(rating.data[0].review_count)).toBe(approved.length);
  });

  it('a product without approved reviews rates 0 with count 0', async () => {
    const reviews = await all('reviews');
    const none = published.find((p) => !reviews.some((r) => r.product_id === p.id && r.status === 'approved'));
    if (!none) return;
    const { data } = await anon.rpc('calculate_product_rating', { product_uuid: none.id });
    expect(Number(data[0].average_rating)).toBe(0);
    expect(Number(data[0].review_count)).toBe(0);
  });

  it('a draft slug with .single() is 406 PGRST116', async () => {
    const draft = products.find((p) => p.status === 'draft');
    expect(draft).toBeDefined();
    const { data, error, status } = await anon.from('products').select('*').eq('slug', draft!.slug).eq('status', 'published').single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
  });

  it('related: same category, published, not itself, limit 4', async () => {
    const product = published[0];
    const { data, error } = await anon
      .from('products')
      .select('id,slug,title,category,status,media(url,is_primary),variants(id,price,inventory)')
      .eq('category', product.category)
      .eq('status', 'published')
      .neq('id', product.id)
      .limit(4);
    expect(error).toBeNull();
    const want = published.filter((p) => p.category === product.category && p.id !== product.id);
    expect(data!.length).toBe(Math.min(4, want.length));
    for (const r of data!) expect(want.map((p) => p.id)).toContain(r.id);
  });

  it('categories: distinct categories of published products', async () => {
    const { data, error } = await anon.from('products').select('category').eq('status', 'published');
    expect(error).toBeNull();
    const got = [...new Set(data!.map((r) => r.category))].sort();
    expect(got).toEqual([...new Set(published.map((p) => p.category))].sort());
    for (const c of got) expect(['clothing', 'accessories', 'equipment', 'supplements']).toContain(c);
  });
});

describe('reviews', () => {
  const paidProductOfAlex = () => {
    const paid = orders.filter((o) => o.user_id === alex.user.id && o.status === 'paid').map((o) => o.id);
    const item = orderItems.find((i) => paid.includes(i.order_id) && published.some((p) => p.id === i.product_id));
    expect(item, "Alex's paid order holds a published product").toBeDefined();
    return item!.product_id as string;
  };
  const unboughtProduct = () => {
    const mine = new Set(orders.filter((o) => o.user_id === alex.user.id || o.customer_email?.toLowerCase() === ALEX.email).map((o) => o.id));
    const bought = new Set(orderItems.filter((i) => mine.has(i.order_id)).map((i) => i.product_id));
    return published.find((p) => !bought.has(p.id))!.id as string;
  };

  it('purchase check: order_items with orders!inner filtered by user and paid status', async () => {
    const check = (productId: string) =>
      alex.client.from('order_items').select('id,orders!inner(id)').eq('product_id', productId).eq('orders.user_id', alex.user.id).eq('orders.status', 'paid').limit(1);
    const yes = await check(paidProductOfAlex());
    expect(yes.error).toBeNull();
    expect(yes.data).toHaveLength(1);
    expect((yes.data![0] as Row).orders.id).toBeDefined();
    const no = await check(unboughtProduct());
    expect(no.error).toBeNull();
    expect(no.data).toEqual([]);
  });

  it('approved reviews of a product, newest first', async () => {
    const reviews = await all('reviews');
    const productId = reviews.find((r) => r.status === 'approved')!.product_id;
    const { data, error } = await anon.from('reviews').select('*').eq('product_id', productId).eq('status', 'approved').order('created_at', { ascending: false });
    expect(error).toBeNull();
    const want = reviews.filter((r) => r.product_id === productId && r.status === 'approved').sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    expect(data!.map((r) => r.created_at)).toEqual(want.map((r) => r.created_at));
    expect(ids(data)).toEqual(ids(want));
  });

  it('Alex may write a pending review of a product from his paid order', async () => {
    const productId = paidProductOfAlex();
    const title = `IT review ${randomUUID()}`;
    const { error, status } = await alex.client.from('reviews').insert({
      product_id: productId,
      rating: 4,
      title,
      body: 'Fits well, holds up in the gym.',
      author_name: 'Alex Becker',
      author_email: ALEX.email,
      status: 'pending',
    });
    expect(error).toBeNull();
    expect(status).toBe(201);
    const { data } = await service.from('reviews').select('*').eq('title', title);
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({ status: 'pending', user_id: alex.user.id, product_id: productId });
    await service.from('reviews').delete().eq('title', title);
  });

  it('Alex may not review a product he has not bought (42501)', async () => {
    const title = `IT review ${randomUUID()}`;
    const { error, status } = await alex.client.from('reviews').insert({
      product_id: unboughtProduct(),
      rating: 5,
      title,
      body: 'Never bought it.',
      author_name: 'Alex Becker',
      author_email: ALEX.email,
      status: 'pending',
    });
    expect(error?.code).toBe('42501');
    expect(status).toBe(403);
    const { data } = await service.from('reviews').select('id').eq('title', title);
    expect(data).toEqual([]);
  });

  it('anon may not write a review (401)', async () => {
    const title = `IT review ${randomUUID()}`;
    const { error, status } = await anon
      .from('reviews')
      .insert({ product_id: published[0].id, rating: 5, title, body: 'x', author_name: 'Anon', author_email: null, status: 'pending' });
    expect(error?.code).toBe('42501');
    expect(status).toBe(401);
  });
});

describe('newsletter', () => {
  it('signs up through subscribe_newsletter (double opt-in, ADR 0022): the same answer again, in any letter case; direct inserts are refused', async () => {
    const email = uniqueEmail('news');
    const first = await anon.rpc('subscribe_newsletter', { email, source: 'footer', locale: 'en' });
    expect(first.error).toBeNull();
    expect(first.status).toBe(204);
    const upper = await alex.client.rpc('subscribe_newsletter', { email: email.toUpperCase(), source: 'account', locale: 'de' });
    expect(upper.error).toBeNull();
    expect(upper.status).toBe(204);
    const direct = await anon.from('newsletter_subscribers').insert({ email: uniqueEmail('news'), user_id: null, consent: true, source: 'footer' });
    expect(direct.error?.code).toBe('42501');
    const { data } = await service.from('newsletter_subscribers').select('*').ilike('email', email);
    expect(data).toHaveLength(1);
    expect(data?.[0]).toMatchObject({ status: 'pending', source: 'account', locale: 'de' });
    await service.from('newsletter_subscribers').delete().ilike('email', email);
  });
});

describe('checkout function', () => {
  const origin = 'http://localhost:5173';
  const variantInStock = () => {
    const v = variants.find((x) => x.inventory >= 3 && published.some((p) => p.id === x.product_id));
    expect(v).toBeDefined();
    return v!;
  };

  it('prices the cart from the database and returns the hosted checkout url', async () => {
    const v = variantInStock();
    const { data, error } = await anon.functions.invoke('create-checkout-session', {
      body: { userId: null, email: null, items: [{ variantId: v.id, qty: 2 }], successUrl: `${origin}/orders`, cancelUrl: `${origin}/cart` },
    });
    expect(error).toBeNull();
    expect(typeof data.url).toBe('string');
    expect(typeof data.sessionId).toBe('string');
    expect(new URL(data.url).pathname).toBe(`/_dev/checkout/${data.sessionId}`);
    const page = await fetch(onBackend(data.url));
    expect(page.status).toBe(200);
    const { data: session } = await service.from('checkout_sessions').select('*').eq('id', data.sessionId).single();
    expect(session.amount_subtotal).toBe(v.price * 2);
    expect(session.amount_total).toBe(session.amount_subtotal + session.amount_shipping);
    expect(session.status).toBe('open');
    expect(session.user_id).toBeNull();
    expect(session.success_url).toContain(`${origin}/orders`);
    await service.from('checkout_sessions').delete().eq('id', data.sessionId);
  });

  it('a client-sent price is refused, and no session is stored', async () => {
    const v = variantInStock();
    const { count: before } = await service.from('checkout_sessions').select('id', { count: 'exact', head: true });
    const { data, error } = await anon.functions.invoke('create-checkout-session', {
      body: { userId: null, email: null, items: [{ variantId: v.id, qty: 2, price: 1 }], successUrl: `${origin}/orders`, cancelUrl: `${origin}/cart` },
    });
    expect(data).toBeNull();
    expect(error?.context?.status).toBe(400);
    expect((await error?.context?.json())?.error).toMatch(/price/);
    const { count: after } = await service.from('checkout_sessions').select('id', { count: 'exact', head: true });
    expect(after).toBe(before);
  });

  it('signed in: the session records the user and email', async () => {
    const v = variantInStock();
    const { data, error } = await alex.client.functions.invoke('create-checkout-session', {
      body: { userId: alex.user.id, email: ALEX.email, items: [{ variantId: v.id, qty: 1 }], successUrl: `${origin}/orders`, cancelUrl: `${origin}/cart` },
    });
    expect(error).toBeNull();
    const { data: session } = await service.from('checkout_sessions').select('*').eq('id', data.sessionId).single();
    expect(session.user_id).toBe(alex.user.id);
    expect(session.email?.toLowerCase()).toBe(ALEX.email);
    expect(session.amount_subtotal).toBe(v.price);
    await service.from('checkout_sessions').delete().eq('id', data.sessionId);
  });

  it('an empty cart is 400', async () => {
    const { data, error } = await anon.functions.invoke('create-checkout-session', {
      body: { userId: null, email: null, items: [], successUrl: `${origin}/orders`, cancelUrl: `${origin}/cart` },
    });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(400);
  });
});

describe('profile, orders', () => {
  it('profile select by id and upsert', async () => {
    const { data: before, error } = await alex.client.from('profiles').select('*').eq('id', alex.user.id).single();
    expect(error).toBeNull();
    const phone = `+49 30 ${Math.floor(Math.random() * 1e6)}`;
    const up = await alex.client.from('profiles').upsert({ id: alex.user.id, full_name: 'Alex Becker', phone });
    expect(up.error).toBeNull();
    const { data: after } = await alex.client.from('profiles').select('*').eq('id', alex.user.id).single();
    expect(after.phone).toBe(phone);
    await service.from('profiles').update({ full_name: before.full_name, phone: before.phone }).eq('id', alex.user.id);
  });

  it('orders by user_id OR lower(email), newest first', async () => {
    const { data, error } = await alex.client
      .from('orders')
      .select('id,created_at,status,total,currency,checkout_session_id,order_number')
      .or(`user_id.eq.${alex.user.id},customer_email.eq.${ALEX.email.toLowerCase()}`)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    const want = orders.filter((o) => o.user_id === alex.user.id || o.customer_email?.toLowerCase() === ALEX.email);
    expect(want.length).toBeGreaterThan(1);
    expect(ids(data)).toEqual(ids(want));
    const times = data!.map((o) => Date.parse(o.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const o of data!) expect(o.order_number).toMatch(/^NPNG-\d+$/);
  });

  it('order by checkout session with .maybeSingle()', async () => {
    const withSession = orders.find((o) => o.user_id === alex.user.id && o.checkout_session_id);
    expect(withSession, 'one of Alex’s orders has a checkout session').toBeDefined();
    const found = await alex.client.from('orders').select('id,status,total,order_number').eq('checkout_session_id', withSession!.checkout_session_id).maybeSingle();
    expect(found.error).toBeNull();
    expect(found.data?.id).toBe(withSession!.id);
    const missing = await alex.client.from('orders').select('id').eq('checkout_session_id', 'cs_local_does_not_exist').maybeSingle();
    expect(missing.error).toBeNull();
    expect(missing.data).toBeNull();
  });
});

describe('contact', () => {
  it('anon inserts a message; the service role sees it', async () => {
    const subject = `IT ${randomUUID()}`;
    const { error, status } = await anon.from('contact_messages').insert({ name: null, email: uniqueEmail('contact'), subject, message: 'Where is my parcel?' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    const { data } = await service.from('contact_messages').select('*').eq('subject', subject);
    expect(data).toHaveLength(1);
    expect(data![0].user_id).toBeNull();
    await service.from('contact_messages').delete().eq('subject', subject);
  });
});

describe('admin', () => {
  it('admin list with variants(count), drafts included, by updated_at desc', async () => {
    const { data, error } = await admin.client
      .from('products')
      .select('id,slug,title,featured,status,updated_at,media(url,is_primary),variants(count)')
      .order('updated_at', { ascending: false });
    expect(error).toBeNull();
    expect(ids(data)).toEqual(ids(products));
    for (const row of data!) expect(row.variants).toEqual([{ count: variants.filter((v) => v.product_id === row.id).length }]);
    const times = data!.map((p) => Date.parse(p.updated_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('create, toggle, edit with variants replaced, and images uploaded — as the seed admin', async () => {
    const slug = `it-product-${randomUUID().slice(0, 8)}`;
    const created = await admin.client
      .from('products')
      .insert({ slug, title: 'IT Tee', description: 'A test tee.', category: 'clothing', tags: ['t-shirt', 'it'], currency: 'EUR', featured: false, status: 'draft' })
      .select()
      .single();
    expect(created.error).toBeNull();
    const id = created.data.id as string;
    try {
      const v1 = await admin.client.from('variants').insert([
        { product_id: id, sku: `${slug}-s`, size: 'S', color: 'Black', barcode: null, inventory: 5, price: 2999, compare_at_price: null },
        { product_id: id, sku: `${slug}-m`, size: 'M', color: 'Black', barcode: null, inventory: 5, price: 2999, compare_at_price: 3999 },
      ]);
      expect(v1.error).toBeNull();

      const featured = await admin.client.from('products').update({ featured: true }).eq('id', id);
      expect(featured.error).toBeNull();
      const status = await admin.client.from('products').update({ status: 'published' }).eq('id', id);
      expect(status.error).toBeNull();
      expect((await service.from('products').select('featured,status').eq('id', id).single()).data).toEqual({ featured: true, status: 'published' });

      const edited = await admin.client.from('products').update({ title: 'IT Tee v2', meta_title: 'IT Tee v2' }).eq('id', id).select().single();
      expect(edited.error).toBeNull();
      expect(edited.data.title).toBe('IT Tee v2');
      expect((await admin.client.from('variants').delete().eq('product_id', id)).error).toBeNull();
      const v2 = await admin.client
        .from('variants')
        .insert([{ product_id: id, sku: `${slug}-l`, size: 'L', color: 'Red', barcode: '4006381333931', inventory: 2, price: 3499, compare_at_price: null }]);
      expect(v2.error).toBeNull();
      const { data: vs } = await service.from('variants').select('sku,price').eq('product_id', id);
      expect(vs).toEqual([{ sku: `${slug}-l`, price: 3499 }]);

      const path = `${id}/${Date.now()}-0.png`;
      const upload = await admin.client.storage.from('product-images').upload(path, PNG_1X1, { contentType: 'image/png', upsert: false });
      expect(upload.error).toBeNull();
      const { data: pub } = admin.client.storage.from('product-images').getPublicUrl(path);
      expect(pub.publicUrl).toBe(`${apiUrl()}/storage/v1/object/public/product-images/${path}`);
      const download = await fetch(pub.publicUrl);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG_1X1);
      const media = await admin.client.from('media').insert({ product_id: id, url: pub.publicUrl, alt: 'IT Tee v2 image 1', is_primary: true, sort_order: 0 });
      expect(media.error).toBeNull();
      const { data: detail } = await anon.from('products').select('slug,media(url,is_primary),variants(sku)').eq('slug', slug).single();
      expect(detail?.media).toEqual([{ url: pub.publicUrl, is_primary: true }]);
      await service.storage.from('product-images').remove([path]);
    } finally {
      await service.from('products').delete().eq('id', id);
    }
  });

  it('the same admin writes are denied for Alex', async () => {
    const target = published[0];
    const slug = `it-denied-${randomUUID().slice(0, 8)}`;
    const ins = await alex.client.from('products').insert({ slug, title: 'X', description: 'X', category: 'clothing', status: 'draft' }).select().single();
    expect(ins.error?.code).toBe('42501');
    expect(ins.status).toBe(403);
    const toggled = await alex.client.from('products').update({ featured: !target.featured, status: 'draft' }).eq('id', target.id).select();
    expect(toggled.error === null ? toggled.data : []).toEqual([]);
    const delVariants = await alex.client.from('variants').delete().eq('product_id', target.id).select();
    expect(delVariants.error === null ? delVariants.data : []).toEqual([]);
    const insVariant = await alex.client.from('variants').insert({ product_id: target.id, sku: `${slug}-x`, inventory: 1, price: 1 });
    expect(insVariant.error?.code).toBe('42501');
    const media = await alex.client.from('media').insert({ product_id: target.id, url: 'https://evil.example/x.png', alt: 'x', is_primary: true, sort_order: 0 });
    expect(media.error?.code).toBe('42501');
    const upload = await alex.client.storage.from('product-images').upload(`${target.id}/${Date.now()}-0.png`, PNG_1X1, { contentType: 'image/png' });
    expect(upload.error).not.toBeNull();

    const { data: after } = await service.from('products').select('featured,status').eq('id', target.id).single();
    expect(after).toEqual({ featured: target.featured, status: target.status });
    expect((await service.from('variants').select('id').eq('product_id', target.id)).data!.length).toBe(variants.filter((v) => v.product_id === target.id).length);
    expect((await service.from('products').select('id').eq('slug', slug)).data).toEqual([]);
    expect((await service.from('media').select('id').eq('url', 'https://evil.example/x.png')).data).toEqual([]);
  });
});

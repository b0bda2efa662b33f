import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../start.ts';
import { CATALOGUE } from './catalogue.ts';
import { seed } from './index.ts';
import { SEED_ORDERS } from './orders.ts';
import { SEED_USERS } from './users.ts';

// End to end: a fresh in-memory backend seeds itself through its own HTTP API on start.
describe('seed through the HTTP API', () => {
  let backend: Backend;
  const get = async <T>(path: string, token?: string): Promise<T> => {
    const res = await fetch(`${backend.api.url}${path}`, {
      headers: { apikey: backend.config.anonKey, authorization: `Bearer ${token ?? backend.config.anonKey}` },
    });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  beforeAll(async () => {
    backend = await startBackend({ env: {}, config: { dataDir: undefined, databaseUrl: undefined, apiPort: 0 } });
  }, 180_000);
  afterAll(async () => {
    await backend?.stop();
  });

  it('seeds a fresh database once', async () => {
    expect(backend.seeded).toBe(true);
    expect(await seed(backend.api.context)).toBe(false);
    const { rows } = await backend.db.query<{ products: number; variants: number; media: number }>(
      `select (select count(*) from public.products)::int as products, (select count(*) from public.variants)::int as variants,
              (select count(*) from public.media)::int as media`,
    );
    expect(rows[0].products).toBe(CATALOGUE.length);
    expect(rows[0].variants).toBe(CATALOGUE.reduce((n, p) => n + p.variants.length, 0));
    expect(rows[0].media).toBe(CATALOGUE.length * 2);
  });

  it('shows anon the published products and not the drafts or archived ones', async () => {
    const products = await get<{ slug: string; status: string }[]>('/rest/v1/products?select=slug,status');
    const published = CATALOGUE.filter((p) => p.status === 'published').map((p) => p.slug);
    expect(products.map((p) => p.slug).sort()).toEqual([...published].sort());
    const draft = CATALOGUE.find((p) => p.status === 'draft')!;
    expect(await get(`/rest/v1/products?slug=eq.${draft.slug}&select=id`)).toEqual([]);
    const reviews = await get<{ status: string }[]>('/rest/v1/reviews?select=status');
    expect(reviews.length).toBeGreaterThan(40);
    expect(reviews.every((r) => r.status === 'approved')).toBe(true);
  });

  it('serves the product images from storage at the media URLs', async () => {
    const [media] = await get<{ url: string; width: number; height: number; is_primary: boolean }[]>(
      '/rest/v1/media?select=url,width,height,is_primary&is_primary=is.true&limit=1',
    );
    expect(media.url.startsWith(`${backend.config.apiUrl}/storage/v1/object/public/product-images/`)).toBe(true);
    const res = await fetch(media.url.replace(backend.config.apiUrl, backend.api.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
    expect([png.width, png.height]).toEqual([media.width, media.height]);
  });

  it('shows a guest the seeded paid order by its random checkout session id, and nothing by a guessed one', async () => {
    const paid = SEED_ORDERS.find((o) => !o.byCustomer && o.checkoutSessionId)!;
    const lookup = (id: string) =>
      fetch(`${backend.api.url}/rest/v1/rpc/order_by_checkout_session`, {
        method: 'POST',
        headers: { apikey: backend.config.anonKey, authorization: `Bearer ${backend.config.anonKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ session_id: id }),
      }).then((r) => r.json() as Promise<{ email: string; total: number } | null>);
    expect(await lookup(paid.checkoutSessionId!)).toMatchObject({ email: paid.customerEmail, total: paid.total });
    for (const guess of ['cs_seed_alex_0001', 'cs_seed_guest_0001']) expect(await lookup(guess)).toBeNull();
  });

  it('lets the seed customer sign in and see his orders and profile', async () => {
    const customer = SEED_USERS.find((u) => u.label === 'customer')!;
    const res = await fetch(`${backend.api.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.config.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(res.status).toBe(200);
    const { access_token: token } = (await res.json()) as { access_token: string };
    const orders = await get<{ status: string; checkout_session_id: string | null }[]>('/rest/v1/orders?select=status,checkout_session_id', token);
    expect(orders.length).toBe(SEED_ORDERS.filter((o) => o.byCustomer).length);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['paid', 'processing', 'shipped', 'delivered', 'cancelled']));
    expect(orders.filter((o) => o.checkout_session_id).map((o) => o.checkout_session_id)).toEqual(
      SEED_ORDERS.filter((o) => o.byCustomer && o.checkoutSessionId).map((o) => o.checkoutSessionId),
    );
    // What the order detail screen reads: the region, and each line's image in the cart's order.
    const detail = await get<{ shipping_region: string; shipping_address: Record<string, string>; order_items: { image: string; position: number }[] }[]>(
      '/rest/v1/orders?select=shipping_region,shipping_address,order_items(image,position)&order_items.order=position',
      token,
    );
    expect(new Set(detail.map((o) => o.shipping_region))).toEqual(new Set(['DE']));
    // Each order goes to the customer's address, one the database's own rules take as German.
    for (const o of detail) expect(o.shipping_address).toEqual({ name: 'Alex Becker', line1: 'Kastanienallee 12', postalCode: '10435', city: 'Berlin', country: 'DE' });
    // Shipped and delivered ones went with DHL: the database made the tracking link from the number.
    const shipped = await get<{ status: string; tracking_number: string | null; tracking_url: string | null }[]>(
      '/rest/v1/orders?select=status,tracking_number,tracking_url',
      token,
    );
    for (const o of shipped) {
      if (o.status === 'shipped' || o.status === 'delivered')
        expect(o.tracking_url).toBe(`https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${o.tracking_number}`);
      else expect([o.tracking_number, o.tracking_url]).toEqual([null, null]);
    }
    for (const o of detail) {
      expect(o.order_items.map((i) => i.position)).toEqual(o.order_items.map((_, n) => n + 1));
      for (const item of o.order_items) expect(item.image).toMatch(/\/storage\/v1\/object\/public\/product-images\/[0-9a-f-]{36}\/1\.png$/);
    }
    const profiles = await get<{ full_name: string; phone: string }[]>('/rest/v1/profiles?select=full_name,phone', token);
    expect(profiles).toEqual([{ full_name: 'Alex Becker', phone: '+49 151 23456789' }]);
  });
});

import { join } from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { LOCAL_SERVICE_ROLE_KEY } from '../../server/config.ts';
import { ADMIN, API_URL, signIn } from './support';

/**
 * Helpers for the admin journeys: one signed-in admin per worker (its storage state reused by
 * every admin test), real PNG files made in the test, and rows a journey needs made or read as the
 * service role, so the admin journeys never use seed data other journeys rely on.
 */

const SERVICE = { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };

/**
 * `test` with a worker-wide admin session: the admin signs in through /auth once per worker; a
 * describe block that calls `asAdmin()` starts every page from that saved state.
 */
export const test = base.extend<object, { adminState: string }>({
  adminState: [
    async ({ browser }, use, workerInfo) => {
      const file = join(workerInfo.project.outputDir, `.admin-state-${workerInfo.workerIndex}.json`);
      const context = await browser.newContext({ baseURL: 'http://localhost:5173', locale: 'en-US' });
      const page = await context.newPage();
      await signIn(page, ADMIN);
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker' },
  ],
});

/** In a describe block: every page of its tests is the signed-in seed admin's. */
export function asAdmin(): void {
  test.use({ storageState: async ({ adminState }, use) => use(adminState) });
}

/** A unique suffix for titles, slugs and SKUs of one run. */
export const uid = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A real PNG of `width`×`height`: a colour gradient, or noise (which hardly compresses, for files
 * of a chosen size: about width×height×3 bytes).
 */
export function pngImage(width: number, height: number, { seed = 1, noise = false }: { seed?: number; noise?: boolean } = {}): Buffer {
  const png = new PNG({ width, height, colorType: 2 });
  let state = seed * 2_654_435_761;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state & 0xff;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (width * y + x) << 2;
      png.data[i] = noise ? random() : (x * 255) / width;
      png.data[i + 1] = noise ? random() : (y * 255) / height;
      png.data[i + 2] = noise ? random() : (seed * 53) % 256;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png, { colorType: 2 });
}

/** A small PNG file for `setInputFiles`. */
export const pngFile = (name: string, seed: number, size = 64): UploadFile => ({ name, mimeType: 'image/png', buffer: pngImage(size, size, { seed }) });

async function serviceJson<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Rows as the service role sees them. */
export async function serviceGet<T>(request: APIRequestContext, table: string, params: Record<string, string>): Promise<T[]> {
  return serviceJson<T[]>(await request.get(`${API_URL}/rest/v1/${table}`, { params, headers: SERVICE }), `GET ${table}`);
}

/** Inserts rows as the service role and returns them. */
export async function serviceInsert<T>(request: APIRequestContext, table: string, rows: object | object[]): Promise<T[]> {
  return serviceJson<T[]>(await request.post(`${API_URL}/rest/v1/${table}`, { data: rows, headers: { ...SERVICE, Prefer: 'return=representation' } }), `POST ${table}`);
}

/** Updates rows as the service role and returns them. */
export async function servicePatch<T>(request: APIRequestContext, table: string, params: Record<string, string>, data: object): Promise<T[]> {
  return serviceJson<T[]>(await request.patch(`${API_URL}/rest/v1/${table}`, { params, data, headers: { ...SERVICE, Prefer: 'return=representation' } }), `PATCH ${table}`);
}

export type StoredProduct = {
  id: string;
  slug: string;
  title: string;
  status: string;
  featured: boolean;
  variants: { id: string; sku: string; size: string | null; color: string | null; price: number; inventory: number; archived_at: string | null }[];
  media: { id: string; url: string; is_primary: boolean; sort_order: number }[];
};

/** A product by slug with its variants and images, as stored (undefined when there is none). */
export async function productBySlug(request: APIRequestContext, slug: string): Promise<StoredProduct | undefined> {
  const rows = await serviceGet<StoredProduct>(request, 'products', {
    select: 'id,slug,title,status,featured,variants(id,sku,size,color,price,inventory,archived_at),media(id,url,is_primary,sort_order)',
    slug: `eq.${slug}`,
  });
  return rows[0];
}

/**
 * A published product of the journey's own, made as the service role (for the journeys about
 * reviews and orders, which need a product but not its creation): one variant per size given.
 */
export async function makeProduct(
  request: APIRequestContext,
  { title, sizes = ['M'], price = 2500, inventory = 20 }: { title: string; sizes?: string[]; price?: number; inventory?: number },
): Promise<StoredProduct> {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
  const [product] = await serviceInsert<{ id: string }>(request, 'products', {
    slug,
    title,
    description: `${title}: made by the admin journeys.`,
    category: 'accessories',
    status: 'published',
    // Older than the seed: the journeys' products stay off the first page of the shop and the home grid.
    created_at: '2020-01-01T00:00:00Z',
  });
  const code = slug.toUpperCase().slice(-20);
  await serviceInsert(
    request,
    'variants',
    sizes.map((size) => ({ product_id: product.id, sku: `E2E-${code}-${size}`, size, price, inventory })),
  );
  const stored = await productBySlug(request, slug);
  expect(stored, `the product ${slug}`).toBeTruthy();
  return stored!;
}

/** Moves a product's created_at into the past, so it stays off the shop's first page and the home grid other journeys check. */
export async function backdate(request: APIRequestContext, id: string): Promise<void> {
  const rows = await servicePatch<{ id: string }>(request, 'products', { id: `eq.${id}` }, { created_at: '2020-01-01T00:00:00Z' });
  expect(rows).toHaveLength(1);
}

/** The names of the files in the product-images bucket under a folder, as the service role lists them. */
export async function bucketFiles(request: APIRequestContext, folder: string): Promise<string[]> {
  const rows = await serviceJson<{ name: string }[]>(
    await request.post(`${API_URL}/storage/v1/object/list/product-images`, { data: { prefix: folder, limit: 100 }, headers: SERVICE }),
    `list ${folder}`,
  );
  return rows.map((r) => r.name);
}

/** A file for `setInputFiles`. */
export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** Every JavaScript dialog the page opens (an alert from typed HTML would), dismissed; expect it to stay empty. */
export function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', async (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return opened;
}

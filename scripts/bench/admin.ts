/**
 * `npm run bench:admin [-- --no-build] [-- --runs N] [-- --saves N]`: the admin as the shop owner
 * feels it, against the storefront as `npm start` serves it (fresh seeded database plus 10,000
 * products with 40,000 variants and 10,000 images rows), in Debian's Chromium without throttling,
 * signed in as the seed admin:
 *   - list first paint: from navigation start until the first product row of /admin/products has
 *     been painted (a fresh browser context each run, so the admin chunk is fetched cold), for the
 *     plain list, a search (?q=) and a status filter (?status=draft); default 7 runs each;
 *   - product save: a new product with 4 variants and 4 images (PNG files of 100–300 KB made
 *     here), from the click on Create Product until the 'Product created!' toast; default 5 runs.
 * Prints every run, then median, min and max; asserts no timing.
 */
import { chromium, type Browser, type Page } from 'playwright';
import { PNG } from 'pngjs';
import { LOCAL_SERVICE_ROLE_KEY } from '../../server/config.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { API, buildUnlessSkipped, median, option, runBench, show, signedInAdminState, SITE, startServer, table } from './server.ts';

const PRODUCTS = 10_000;

function count(name: string, fallback: number): number {
  const value = Number(option(name) ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number ≥ 1 (got ${option(name)})`);
    process.exit(2);
  }
  return value;
}
const RUNS = count('--runs', 7);
const SAVES = count('--saves', 5);

const SERVICE = { apikey: LOCAL_SERVICE_ROLE_KEY, authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };

async function service(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: { ...SERVICE, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * A real PNG of about `width`×`height`×3 bytes: noise hardly compresses, so the file is as big as
 * a photo of that size would be.
 */
function noisePng(width: number, height: number, seed: number): Buffer {
  const png = new PNG({ width, height, colorType: 2 });
  let state = (seed * 2_654_435_761) >>> 0;
  for (let i = 0; i < png.data.length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    png.data[i] = (i & 3) === 3 ? 255 : state >>> 24;
  }
  return PNG.sync.write(png, { colorType: 2 });
}

/**
 * 10,000 products as the service role through the REST API (as api.ts's seed, but into the running
 * server): the four categories, 5% drafts, four sized variants each, one image each (a real PNG in
 * the bucket, so the list's thumbnails load).
 */
async function seedCatalogue(): Promise<void> {
  const started = performance.now();
  const image = 'bench/thumb.png';
  const res = await fetch(`${API}/storage/v1/object/product-images/${image}`, {
    method: 'POST',
    headers: { ...SERVICE, 'content-type': 'image/png', 'x-upsert': 'true' },
    body: new Uint8Array(noisePng(80, 100, 7)),
  });
  if (!res.ok) throw new Error(`upload of the thumbnail → ${res.status} ${await res.text()}`);
  const imageUrl = `${API}/storage/v1/object/public/product-images/${image}`;
  const adjectives = ['Titan', 'Grind', 'Beast', 'Iron', 'Forge'];
  const nouns = ['Oversized Tee', 'Hoodie', 'Shorts', 'Bottle', 'Belt', 'Joggers'];
  const categories = ['clothing', 'accessories', 'equipment', 'supplements'];
  const CHUNK = 1000;
  for (let from = 1; from <= PRODUCTS; from += CHUNK) {
    const rows = [];
    for (let g = from; g < from + CHUNK && g <= PRODUCTS; g++) {
      rows.push({
        slug: `bench-product-${g}`,
        title: `${adjectives[g % 5]} ${nouns[g % 6]} ${g}`,
        subtitle: `Built for the grind ${g}`,
        description: `Heavyweight cotton, made for heavy days. Product number ${g}.`,
        category: categories[g % 4],
        tags: [['gym', 'new', 'bestseller', 'limited'][Math.floor(g / 4) % 4], ['men', 'women', 'unisex'][g % 3]],
        status: g % 20 === 0 ? 'draft' : 'published',
        featured: g % 50 === 0,
        created_at: new Date(Date.UTC(2024, 0, 1) - g * 60_000).toISOString(),
      });
    }
    const products = (await service('POST', '/rest/v1/products?select=id,slug', rows, { prefer: 'return=representation' })) as { id: string; slug: string }[];
    const variants = products.flatMap((p, k) =>
      ['S', 'M', 'L', 'XL'].map((size, s) => ({
        product_id: p.id,
        sku: `BENCH-${p.slug.slice('bench-product-'.length)}-${size}`,
        size,
        color: ['Black', 'White', 'Olive', 'Blood Red'][(from + k) % 4],
        price: 1000 + 5 * (((from + k) * 7 + s * 13) % 3000),
        inventory: ((from + k) * 3 + s) % 30,
      })),
    );
    await service('POST', '/rest/v1/variants', variants, { prefer: 'return=minimal' });
    const media = products.map((p) => ({ product_id: p.id, url: imageUrl, alt: `${p.slug} image 1`, width: 80, height: 100, is_primary: true, sort_order: 0 }));
    await service('POST', '/rest/v1/media', media, { prefer: 'return=minimal' });
    process.stdout.write(`\r   ${Math.min(from + CHUNK - 1, PRODUCTS)} products`);
  }
  console.log(` seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** A product row of the list: the table body's rows that link to a product's edit form (not the loading or empty row). */
const FIRST_ROW = 'main table tbody tr a[href^="/admin/products/"][href$="/edit"]';

/**
 * From navigation start (performance.now()'s origin) to the frame after the first product row
 * entered the page: a MutationObserver sees the row, the next animation frame paints it, and a
 * message posted from that frame runs after the paint. A string, not a function: tsx would wrap
 * a function's inner functions in a helper the page does not have.
 */
const watchFirstRow = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__firstRow = performance.now(); window.__firstRowText = document.querySelector(selector).textContent; };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

async function firstPaint(browser: Browser, state: string, path: string, expected: RegExp): Promise<number> {
  // bypassCSP: the shop's CSP (ADR 0030) forbids eval, which Playwright's string waitForFunction needs; the page's own scripts run as always.
  const context = await browser.newContext({ locale: 'en-US', storageState: JSON.parse(state), bypassCSP: true });
  await context.addInitScript(watchFirstRow(FIRST_ROW));
  const page = await context.newPage();
  try {
    await page.goto(`${SITE}${path}`);
    const handle = await page.waitForFunction('window.__firstRow', undefined, { timeout: 30_000 });
    const ms = (await handle.jsonValue()) as number;
    // The row painted must be one of this list's answer, not a row of another query.
    const text = (await page.evaluate('window.__firstRowText')) as string;
    if (!expected.test(text)) throw new Error(`${path}: the first row is "${text}", expected ${expected}`);
    return ms;
  } finally {
    await context.close();
  }
}

/** Fills the form with a product of 4 variants and 4 images; returns the Create Product button and the title. */
async function fillProduct(page: Page, n: number, images: { name: string; mimeType: string; buffer: Buffer }[]) {
  const main = page.getByRole('main');
  const field = (name: string) => main.getByRole('textbox', { name, exact: true });
  const code = `BENCH-SAVE-${Date.now().toString(36)}-${n}`;
  const title = `Bench Save Hoodie ${code}`;
  await field('Title').fill(title);
  await field('Description').fill('Heavyweight fleece for the coldest mornings in the gym.');
  await main.getByRole('combobox', { name: 'Category', exact: true }).selectOption('clothing');
  await main.getByRole('combobox', { name: 'Status', exact: true }).selectOption('published');
  const sizes = ['S', 'M', 'L', 'XL'];
  for (let i = 1; i < sizes.length; i++) await main.getByRole('button', { name: 'Add variant' }).click();
  for (let i = 0; i < sizes.length; i++) {
    const variant = (column: string) => field(`${column}, variant ${i + 1}`);
    await variant('SKU').fill(`${code}-${sizes[i]}`);
    await variant('Size').fill(sizes[i]);
    await variant('Colour').fill('Black');
    await variant('Price (€)').fill(`${49 + i}.99`);
    await variant('Inventory').fill('25');
  }
  await main.getByLabel('Choose files').setInputFiles(images);
  await main
    .getByRole('list', { name: 'Images' })
    .getByRole('listitem')
    .nth(images.length - 1)
    .waitFor();
  return { create: main.getByRole('button', { name: 'Create Product' }), title };
}

/** The timed save really stored the product with its 4 variants and 4 images. */
async function expectSaved(title: string): Promise<void> {
  const rows = (await service('GET', `/rest/v1/products?select=id,variants(id),media(id)&title=eq.${encodeURIComponent(title)}`)) as { variants: unknown[]; media: unknown[] }[];
  if (rows.length !== 1 || rows[0].variants.length !== 4 || rows[0].media.length !== 4) {
    throw new Error(`"${title}" was not stored with 4 variants and 4 images: ${JSON.stringify(rows)}`);
  }
}

async function saveTime(browser: Browser, state: string, n: number, images: { name: string; mimeType: string; buffer: Buffer }[]): Promise<number> {
  const context = await browser.newContext({ locale: 'en-US', storageState: JSON.parse(state) });
  const page = await context.newPage();
  try {
    await page.goto(`${SITE}/admin/products/new`);
    await page.getByRole('main').getByRole('textbox', { name: 'Title', exact: true }).waitFor({ timeout: 30_000 });
    const { create, title } = await fillProduct(page, n, images);
    const t0 = performance.now();
    await create.click();
    await page.getByText('Product created!').first().waitFor({ timeout: 60_000 });
    const ms = performance.now() - t0;
    await expectSaved(title);
    return ms;
  } finally {
    await context.close();
  }
}

const row = (name: string, xs: number[]) => [name, show(median(xs), 0, ' ms'), show(Math.min(...xs), 0, ' ms'), show(Math.max(...xs), 0, ' ms'), String(xs.length)];

async function main(): Promise<number> {
  if (!buildUnlessSkipped()) return 1;
  console.log('── starting tsx server/main.ts on a fresh database');
  await startServer();
  console.log(`── seeding ${PRODUCTS} products through the REST API (service role)`);
  await seedCatalogue();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const lists = [
    // Never-updated bench products sort by updated_at: the first row is one of the 10,000.
    { name: 'list first paint: /admin/products', path: '/admin/products', expected: /./ },
    { name: 'list first paint: ?q=Grind Hoodie', path: `/admin/products?q=${encodeURIComponent('Grind Hoodie')}`, expected: /Grind Hoodie/ },
    // Drafts are every 20th bench product, whose title ends in its number (20, 40, … 100, 120, …).
    { name: 'list first paint: ?status=draft', path: '/admin/products?status=draft', expected: /\d*[02468]0$/ },
  ];
  const results: string[][] = [];
  try {
    const state = await signedInAdminState(browser);
    // One navigation first, so the server's caches and the database's plans are as a working day finds them.
    await firstPaint(browser, state, '/admin/products', /./);
    for (const list of lists) {
      console.log(`\n── ${list.name}, ${RUNS} runs (fresh context each)`);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        times.push(await firstPaint(browser, state, list.path, list.expected));
        console.log(`run ${String(i + 1).padStart(2)}: ${show(times[i], 0, ' ms')}`);
      }
      results.push(row(list.name, times));
    }
    const images = [1, 2, 3, 4].map((seed, i) => ({ name: `bench-${seed}.png`, mimeType: 'image/png', buffer: noisePng(200 + 35 * i, 200 + 35 * i, seed) }));
    console.log(`\n── product save, 4 variants + 4 images (${images.map((f) => `${Math.round(f.buffer.length / 1024)} KB`).join(', ')}), ${SAVES} runs`);
    const saves: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      saves.push(await saveTime(browser, state, i, images));
      console.log(`run ${String(i + 1).padStart(2)}: ${show(saves[i], 0, ' ms')}`);
    }
    results.push(row('product save (4 variants, 4 images)', saves));
  } finally {
    await browser.close();
  }
  console.log(`\n${PRODUCTS} products, local backend, no throttling\n`);
  console.log(table(['step', 'median', 'min', 'max', 'runs'], results));
  return 0;
}

runBench(main);

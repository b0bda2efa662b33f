/**
 * CSV export and import (issue 24 item 2, ADR 0037) against the local backend, through the app's
 * own code (domain/catalogueCsv.ts reads and writes the files, src/api/catalogueCsv.ts talks to the
 * database as the seed admin), checked with the superuser oracle. Every SKU and slug carries this
 * run's random prefix; only those rows are counted, and they are removed at the end.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CatalogueVariant, checkFile, IMPORT_MAX_BYTES, ordersCsv, productsCsv, readProductsCsv, mergePreview, type ImportPayload } from '../../domain/catalogueCsv.ts';
import { parseCsv } from '../../domain/csv.ts';
import { fetchCatalogueForExport, fetchOrdersForExport, IMPORT_REFUSED, importProducts } from '../../src/api/catalogueCsv.ts';
import { type Client, createSupabaseClient } from '../../src/api/client.ts';
import { ApiError } from '../../src/api/errors.ts';
import { ADMIN, ALEX, anonKey, apiUrl, serviceClient, sql } from './support.ts';

const current = vi.hoisted(() => ({ client: null as Client | null }));
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

// biome-ignore lint/suspicious/noExplicitAny: rows are untyped JSON from the database, checked by the assertions
type Row = Record<string, any>;

const run = `csv${randomUUID().replaceAll('-', '').slice(0, 8)}`;
let adminClient: Client;
let alexClient: Client;
let service: SupabaseClient;
const createdOrders: string[] = [];

async function signedIn(email: string, password: string): Promise<Client> {
  const client = createSupabaseClient(apiUrl(), anonKey());
  const { error } = await (await client.auth()).signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in ${email}: ${error.message}`);
  return client;
}

let counter = 0;
const marker = () => `${run}-${++counter}`;

const HEADER = 'sku,slug,title,title_de,description,description_de,category,status,featured,tags,size,color,price,compare_at_price,inventory,barcode';
/** A file of `count` variants of one new product: lines `${m}-0 …`. */
const productFile = (m: string, count = 2, over: (i: number) => string = (i) => `${i + 1}0,00`) =>
  [
    HEADER,
    ...Array.from(
      { length: count },
      (_, i) => `${m}-${i},${m},"Tee ${m}, classic",T-Shirt ${m},"Soft, ""heavy"" cotton",Weich,clothing,draft,false,"gym, summer",S${i},Black,"${over(i)}",,${i + 3},`,
    ),
  ].join('\r\n');

const catalogue = async (m: string): Promise<Row[]> =>
  sql(
    `select v.sku, v.size, v.color, v.price, v.compare_at_price, v.inventory, v.barcode, v.archived_at, v.updated_at as v_updated,
            p.slug, p.title, p.title_de, p.description, p.description_de, p.category, p.status, p.featured, p.tags, p.updated_at as p_updated
     from public.variants v join public.products p on p.id = v.product_id
     where v.sku like $1 order by v.sku`,
    [`${m}%`],
  );

/** Reads a file and asks the database for its preview, as the import page does. */
async function preview(content: string) {
  const read = readProductsCsv(content);
  if (!read.ok) throw new Error(`file refused: ${JSON.stringify(read.problem)}`);
  const good = read.rows.flatMap((r) => (r.payload ? [r.payload] : []));
  const plan = good.length > 0 ? await importProducts({ rows: good, apply: false }) : { rows: [], counts: { create: 0, update: 0, unchanged: 0, error: 0 }, applied: false };
  return { read, preview: mergePreview(read.rows, plan.rows), payload: good };
}

async function expectRefused(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the call must fail').toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  service = serviceClient();
  [adminClient, alexClient] = await Promise.all([signedIn(ADMIN.email, ADMIN.password), signedIn(ALEX.email, ALEX.password)]);
  current.client = adminClient;
});

afterAll(async () => {
  for (const id of createdOrders) await service.from('orders').delete().eq('id', id);
  await sql('delete from public.products where slug like $1', [`${run}%`]);
  current.client = null;
});

describe('import: preview, apply, re-run', () => {
  it('creates products with variants (prices in euros with , or .), then the same file changes nothing', async () => {
    const m = marker();
    const file = productFile(m, 3, (i) => ['12,50', '12.5', '7'][i]);
    const first = await preview(file);
    expect(first.preview.counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });

    const applied = await importProducts({ rows: first.payload, apply: true });
    expect(applied).toMatchObject({ applied: true, counts: { create: 3, update: 0, unchanged: 0, error: 0 } });
    const rows = await catalogue(m);
    expect(rows.map((r) => [r.sku, r.price, r.inventory, r.size])).toEqual([
      [`${m}-0`, 1250, 3, 'S0'],
      [`${m}-1`, 1250, 4, 'S1'],
      [`${m}-2`, 700, 5, 'S2'],
    ]);
    expect(rows[0]).toMatchObject({
      slug: m,
      title: `Tee ${m}, classic`,
      title_de: `T-Shirt ${m}`,
      description: 'Soft, "heavy" cotton',
      description_de: 'Weich',
      tags: ['gym', 'summer'],
      status: 'draft',
    });

    const again = await preview(file);
    expect(again.preview.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    const reapplied = await importProducts({ rows: again.payload, apply: true });
    expect(reapplied.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    expect(await catalogue(m)).toEqual(rows);
  });

  it('a 2,000-variant file larger than the API’s default 1 MB body is previewed and applied in one call', async () => {
    const m = marker();
    const rows = Array.from(
      { length: 2000 },
      (_, i): ImportPayload => ({
        line: i + 2,
        sku: `${m}-${i}`,
        slug: `${m}-p${Math.floor(i / 4)}`,
        title: `Bench ${i >> 2}`,
        category: 'clothing',
        description: 'x'.repeat(600),
        price: 1000 + i,
        inventory: i % 5,
      }),
    );
    expect(Buffer.byteLength(JSON.stringify({ items: rows, apply: false }))).toBeGreaterThan(1024 * 1024);
    expect((await importProducts({ rows, apply: false })).counts).toEqual({ create: 2000, update: 0, unchanged: 0, error: 0 });
    expect((await importProducts({ rows, apply: true })).counts.create).toBe(2000);
    expect(Number((await sql<{ n: string }>('select count(*) as n from public.variants where sku like $1', [`${m}-%`]))[0].n)).toBe(2000);
  });

  it('export → edit one field → import: the preview names exactly that update, and only it changes', async () => {
    const m = marker();
    await importProducts({ rows: (await preview(productFile(m, 2))).payload, apply: true });
    const before = await catalogue(m);

    for (const separator of [',', ';'] as const) {
      const ours = (await fetchCatalogueForExport()).filter((v) => v.slug === m);
      expect(ours.map((v) => v.sku)).toEqual([`${m}-0`, `${m}-1`]);
      const unchanged = await preview(productsCsv(ours, separator));
      expect(unchanged.preview.counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });
    }

    const ours = (await fetchCatalogueForExport()).filter((v) => v.slug === m);
    const edited = productsCsv(
      ours.map((v): CatalogueVariant => (v.sku === `${m}-1` ? { ...v, inventory: 42 } : v)),
      ';',
    );
    const { preview: plan, payload } = await preview(edited);
    expect(plan.counts).toEqual({ create: 0, update: 1, unchanged: 1, error: 0 });
    expect(plan.rows.find((r) => r.action === 'update')).toMatchObject({ sku: `${m}-1`, fields: ['inventory'] });
    await importProducts({ rows: payload, apply: true });

    const after = await catalogue(m);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toEqual({ ...before[1], inventory: 42, v_updated: after[1].v_updated });
    expect(after[1].p_updated).toEqual(before[1].p_updated);
  });

  it('a product field edit updates the product once, and a new SKU is added to it', async () => {
    const m = marker();
    await importProducts({ rows: (await preview(productFile(m, 1))).payload, apply: true });
    const file = productFile(m, 2).replaceAll(`T-Shirt ${m}`, `Hemd ${m}`);
    const { preview: plan, payload } = await preview(file);
    expect(plan.rows.map((r) => [r.sku, r.action, r.fields])).toEqual([
      [`${m}-0`, 'update', ['title_de']],
      [`${m}-1`, 'create', ['title_de']],
    ]);
    await importProducts({ rows: payload, apply: true });
    expect((await catalogue(m)).map((r) => [r.sku, r.title_de])).toEqual([
      [`${m}-0`, `Hemd ${m}`],
      [`${m}-1`, `Hemd ${m}`],
    ]);
  });
});

describe('bad input: a clear error, and nothing changes', () => {
  it('all or nothing: one bad row among good ones refuses the whole file', async () => {
    const m = marker();
    await importProducts({ rows: (await preview(productFile(m, 1))).payload, apply: true });
    const before = await catalogue(m);
    // Good rows (an update and a new SKU) and a SKU of another product — only the database can know that.
    const other = marker();
    await importProducts({ rows: (await preview(productFile(other, 1))).payload, apply: true });
    // Good rows (an update, a new SKU, a new product) and a SKU of another product: only the database can know that one.
    const fresh = `${m}-new`;
    const file = [
      HEADER,
      `${m}-0,${m},Tee,,,,clothing,draft,false,,S,,99,,9,`,
      `${m}-9,${m},Tee,,,,clothing,draft,false,,S,,5,,1,`,
      `${fresh}-0,${fresh},Tee,,,,clothing,draft,false,,S,,5,,1,`,
      `${other}-0,${m},Tee,,,,clothing,draft,false,,S,,5,,1,`,
    ].join('\n');
    const { preview: plan, payload } = await preview(file);
    expect(plan.rows.map((r) => [r.action, r.problem])).toEqual([
      ['update', null],
      ['create', null],
      ['create', null],
      ['error', { kind: 'sku_of_other_product', slug: other }],
    ]);
    const refused = await expectRefused(importProducts({ rows: payload, apply: true }));
    expect(refused.code).toBe(IMPORT_REFUSED);
    expect(JSON.parse(refused.details ?? '{}')).toMatchObject({ line: 5, sku: `${other}-0`, error: `sku_of_other_product:${other}` });
    expect(await catalogue(m)).toEqual(before);
    expect(await sql('select id from public.products where slug = $1', [fresh])).toEqual([]);
    expect((await catalogue(other)).map((r) => r.slug)).toEqual([other]);
  });

  it('rows of one product must agree on its fields', async () => {
    const m = marker();
    const file = [HEADER, `${m}-0,${m},Tee,,,,clothing,draft,false,,S,,5,,1,`, `${m}-1,${m},Other title,,,,clothing,draft,false,,M,,5,,1,`].join('\n');
    const { preview: plan, payload } = await preview(file);
    expect(plan.rows.map((r) => [r.action, r.problem])).toEqual([
      ['create', null],
      ['error', { kind: 'product_differs', firstLine: 2 }],
    ]);
    await expectRefused(importProducts({ rows: payload, apply: true }));
    expect(await catalogue(m)).toEqual([]);
  });

  it('duplicate SKUs in one file: the browser marks them, and the database refuses them too', async () => {
    const m = marker();
    const file = [HEADER, `${m}-0,${m},Tee,,,,clothing,draft,false,,S,,5,,1,`, `${m}-0,${m},Tee,,,,clothing,draft,false,,M,,5,,1,`].join('\n');
    const { preview: plan } = await preview(file);
    expect(plan.rows.map((r) => r.problem)).toEqual([null, { kind: 'duplicate_sku', firstLine: 2 }]);
    const row = (line: number, size: string): ImportPayload => ({ line, sku: `${m}-0`, slug: m, title: 'Tee', category: 'clothing', price: 500, inventory: 1, size });
    const direct = await importProducts({ rows: [row(2, 'S'), row(3, 'M')], apply: false });
    expect(direct.rows.map((r) => r.error)).toEqual([null, 'duplicate_sku:2']);
    await expectRefused(importProducts({ rows: [row(2, 'S'), row(3, 'M')], apply: true }));
    expect(await catalogue(m)).toEqual([]);
  });

  it('prices or stock that are not numbers: marked per row, and refused by the database as sent', async () => {
    const m = marker();
    const file = [
      HEADER,
      `${m}-0,${m},Tee,,,,clothing,draft,false,,S,,zwölf,,1,`,
      `${m}-1,${m},Tee,,,,clothing,draft,false,,S,,5,,viele,`,
      `${m}-2,${m},Tee,,,,clothing,draft,false,,S,,"1.234,50",,1,`,
    ].join('\n');
    const { preview: plan } = await preview(file);
    expect(plan.rows.map((r) => r.problem)).toEqual([
      { kind: 'not_a_number', column: 'price' },
      { kind: 'not_a_number', column: 'inventory' },
      { kind: 'not_a_number', column: 'price' },
    ]);
    const sent = { line: 2, sku: `${m}-0`, slug: m, title: 'Tee', category: 'clothing', price: 'abc', inventory: 1 } as unknown as ImportPayload;
    expect((await importProducts({ rows: [sent], apply: false })).rows[0].error).toBe('not_a_number:price');
    await expectRefused(importProducts({ rows: [sent], apply: true }));
    await expectRefused(importProducts({ rows: [{ ...sent, price: 100, inventory: 1.5 }], apply: true }));
    expect(await catalogue(m)).toEqual([]);
  });

  it('a file that is not a CSV, wrong columns, a too-large file: refused before any row is sent', async () => {
    expect(checkFile({ name: 'catalogue.csv', size: 20 * 1024 * 1024, type: 'text/csv' })).toEqual({ kind: 'too_large', maxBytes: IMPORT_MAX_BYTES });
    expect(checkFile({ name: 'photo.jpg', size: 1000, type: 'image/jpeg' })).toEqual({ kind: 'not_csv' });
    expect(readProductsCsv('\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR')).toEqual({ ok: false, problem: { kind: 'not_csv' } });
    expect(readProductsCsv('sku;name;price\nA;x;1')).toEqual({ ok: false, problem: { kind: 'unknown_columns', columns: ['name'] } });
    // The database refuses what a hand-made call sends: a row without the required columns, an unknown column, too many rows.
    const m = marker();
    const wrong = await importProducts({ rows: [{ line: 2, sku: `${m}-0`, slug: m, title: 'Tee', category: 'clothing', price: 100 }], apply: false });
    expect(wrong.rows[0].error).toBe('missing:inventory');
    const unknown = { line: 2, sku: `${m}-0`, slug: m, title: 'Tee', category: 'clothing', price: 100, inventory: 1, owner: 'x' } as unknown as ImportPayload;
    expect((await importProducts({ rows: [unknown], apply: false })).rows[0].error).toBe('unknown_column:owner');
    const many = Array.from({ length: 5001 }, (_, i): ImportPayload => ({ line: i + 2, sku: `${m}-${i}`, slug: m, title: 'Tee', category: 'clothing', price: 100, inventory: 1 }));
    const tooMany = await expectRefused(importProducts({ rows: many, apply: false }));
    expect(tooMany.message).toMatch(/At most 5000 rows/);
    expect(await catalogue(m)).toEqual([]);
  });

  it('formula text is stored as text on import, and neutralised on export', async () => {
    const m = marker();
    const formula = '=HYPERLINK("http://evil.example","x")';
    const file = [HEADER, `${m}-0,${m},"${formula.replaceAll('"', '""')}",+49 30 123,@SUM(A1),-1,clothing,draft,false,,S,,5,,1,`].join('\n');
    const { payload } = await preview(file);
    await importProducts({ rows: payload, apply: true });
    const [row] = await catalogue(m);
    expect(row).toMatchObject({ title: formula, title_de: '+49 30 123', description: '@SUM(A1)', description_de: '-1' });

    const exported = productsCsv(
      (await fetchCatalogueForExport()).filter((v) => v.slug === m),
      ',',
    );
    const rawLine = exported.split('\r\n')[1];
    expect(rawLine).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(rawLine).toContain(`,'+49 30 123,,,'@SUM(A1),'-1,`);
    // … and the neutralised file imports back unchanged.
    expect((await preview(exported)).preview.counts).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
  });

  it('nobody but an admin may import (42501), and nothing is written', async () => {
    const m = marker();
    const rows: ImportPayload[] = [{ line: 2, sku: `${m}-0`, slug: m, title: 'Tee', category: 'clothing', price: 100, inventory: 1 }];
    for (const client of [alexClient, createSupabaseClient(apiUrl(), anonKey())]) {
      current.client = client;
      const refused = await expectRefused(importProducts({ rows, apply: true }));
      expect(refused.code).toBe('42501');
    }
    current.client = adminClient;
    expect(await catalogue(m)).toEqual([]);
  });
});

describe('orders export', () => {
  it('one row per order line with address, VAT, status and tracking, filtered by the list status', async () => {
    const m = marker();
    const [order] = await sql<Row>(
      `insert into public.orders (customer_email, status, subtotal, shipping, total, currency, shipping_region, shipping_address, carrier, tracking_number, shipped_at)
       values ($1, 'shipped', 4500, 499, 4999, 'EUR', 'DE', $2, 'dhl', 'JJD0001234', now()) returning id, order_number`,
      [`${m}@example.test`, JSON.stringify({ name: 'Erika Müller', line1: '=Hauptstr. 1', line2: '', postalCode: '10115', city: 'Berlin', country: 'DE', phone: '+49 30 1234' })],
    );
    createdOrders.push(order.id);
    await sql(
      `insert into public.order_items (order_id, title, sku, size, unit_price, qty, line_total, position) values
       ($1, 'Tee; classic', $2, 'M', 1500, 2, 3000, 1), ($1, 'Cap', $3, null, 1500, 1, 1500, 2)`,
      [order.id, `${m}-A`, `${m}-B`],
    );

    const shipped = await fetchOrdersForExport({ query: { status: 'shipped' } });
    const ours = shipped.filter((o) => o.orderNumber === order.order_number);
    expect(ours).toHaveLength(1);
    expect(shipped.every((o) => o.status === 'shipped')).toBe(true);
    expect((await fetchOrdersForExport({ query: { status: 'paid' } })).some((o) => o.orderNumber === order.order_number)).toBe(false);

    const parsed = parseCsv(ordersCsv(ours, ';'));
    if (!parsed.ok) throw new Error('unreadable export');
    const [header, ...records] = parsed.records;
    const at = (record: string[], column: string) => record[header.indexOf(column)];
    expect(records.map((r) => [at(r, 'order_number'), at(r, 'line'), at(r, 'sku'), at(r, 'title'), at(r, 'qty'), at(r, 'unit_price'), at(r, 'line_total')])).toEqual([
      [order.order_number, '1', `${m}-A`, 'Tee; classic', '2', '15,00', '30,00'],
      [order.order_number, '2', `${m}-B`, 'Cap', '1', '15,00', '15,00'],
    ]);
    expect(at(records[0], 'status')).toBe('shipped');
    expect(at(records[0], 'total')).toBe('49,99');
    expect(at(records[0], 'vat_rate')).toBe('19,00');
    expect(at(records[0], 'vat')).toBe('7,98');
    expect([at(records[0], 'name'), at(records[0], 'address_line1'), at(records[0], 'city'), at(records[0], 'phone')]).toEqual([
      'Erika Müller',
      '=Hauptstr. 1',
      'Berlin',
      '+49 30 1234',
    ]);
    expect([at(records[0], 'carrier'), at(records[0], 'tracking_number')]).toEqual(['dhl', 'JJD0001234']);
    expect(at(records[0], 'tracking_url')).toMatch(/^https:\/\//);
  });

  it('a customer reads no orders but their own, so their export holds none of others', async () => {
    current.client = alexClient;
    const exported = await fetchOrdersForExport({ query: { status: 'all' } });
    expect(exported.every((o) => o.email?.toLowerCase() === ALEX.email.toLowerCase() || o.email === null)).toBe(true);
    current.client = adminClient;
  });
});

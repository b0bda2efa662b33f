import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { parseCsv, writeCsv } from '../../domain/csv';
import { asAdmin, makeProduct, serviceGet, serviceInsert, test, uid } from './admin';

/**
 * CSV in and out (issue 24 item 2, ADR 0037) as the seed admin does it: export the catalogue,
 * change one field of a product this journey made, import the file (preview: exactly one update),
 * apply, and the shop shows the change with everything else as it was; an orders export holds a row
 * of an order this journey made. Only this journey's rows go into the file it imports, so other
 * journeys running meanwhile cannot change what its preview shows.
 */

asAdmin();

async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return readFile((await file.path()) as string, 'utf8');
}

test('export products → edit one price → import: preview shows one update; applied, only that price changed', async ({ page, request }) => {
  const product = await makeProduct(request, { title: `E2E Csv Crate ${uid()}`, sizes: ['S', 'M'], price: 2500, inventory: 7 });
  const before = await serviceGet<Record<string, unknown>>(request, 'products', { select: '*,variants(*)', id: `eq.${product.id}` });

  await page.goto('/admin/products');
  const exported = await download(page, 'Export products as CSV');
  expect(exported.startsWith('\uFEFF')).toBe(true);
  const parsed = parseCsv(exported);
  if (!parsed.ok) throw new Error(`export unreadable: ${parsed.error}`);
  const [header, ...records] = parsed.records;
  const col = (name: string) => header.indexOf(name);
  const ours = records.filter((r) => r[col('slug')] === product.slug);
  // Variants made in one insert share created_at: the export orders them by SKU then.
  expect(ours.map((r) => [r[col('size')], r[col('price')], r[col('inventory')]]).sort()).toEqual([
    ['M', '25.00', '7'],
    ['S', '25.00', '7'],
  ]);
  const sku = ours[1][col('sku')];
  const edited = writeCsv([header, ...ours.map((r) => (r[col('sku')] === sku ? r.map((v, i) => (i === col('price') ? '19,99' : v)) : r))], { separator: ';' });

  await page.goto('/admin/products');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/import$/);
  await page.getByLabel('CSV file (at most 5 MB)').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(edited, 'utf8') });
  await expect(page.getByText('0 to create, 1 to update, 1 unchanged, 0 with errors.')).toBeVisible();
  const updateRow = page.locator('tbody tr[data-action="update"]');
  await expect(updateRow).toHaveCount(1);
  await expect(updateRow).toContainText(sku);
  await expect(updateRow).toContainText('price');
  await page.getByRole('button', { name: 'Apply 1 change' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import done' })).toContainText('Import done: 0 created, 1 updated, 1 unchanged.');

  const after = await serviceGet<Record<string, unknown>>(request, 'products', { select: '*,variants(*)', id: `eq.${product.id}` });
  const variantsBefore = (before[0].variants as Record<string, unknown>[]).sort((a, b) => String(a.sku).localeCompare(String(b.sku)));
  const variantsAfter = (after[0].variants as Record<string, unknown>[]).sort((a, b) => String(a.sku).localeCompare(String(b.sku)));
  const { variants: _b, updated_at: _bu, ...productBefore } = before[0];
  const { variants: _a, updated_at: _au, ...productAfter } = after[0];
  // The listing figures follow the variants (min_price); everything the admin wrote is as it was.
  expect({ ...productAfter, min_price: null, prior_lowest_price: null }).toEqual({ ...productBefore, min_price: null, prior_lowest_price: null });
  for (const [i, v] of variantsAfter.entries()) {
    const { updated_at: _1, prior_lowest_price: _2, price, ...rest } = v;
    const { updated_at: _3, prior_lowest_price: _4, price: priceBefore, ...restBefore } = variantsBefore[i];
    expect(rest).toEqual(restBefore);
    expect(price).toBe(v.sku === sku ? 1999 : priceBefore);
  }

  await page.goto(`/shop/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('19.99');
});

test('an orders export holds a row of the order this journey made', async ({ page, request }) => {
  const email = `csv-${uid()}@example.test`;
  const [order] = await serviceInsert<{ id: string; order_number: string }>(request, 'orders', {
    customer_email: email,
    status: 'paid',
    subtotal: 3000,
    shipping: 0,
    total: 3000,
    currency: 'EUR',
  });
  await serviceInsert(request, 'order_items', { order_id: order.id, title: 'E2E Csv line', sku: `E2E-CSV-${uid()}`, unit_price: 1500, qty: 2, line_total: 3000, position: 1 });

  await page.goto('/admin/orders?status=paid');
  const exported = await download(page, 'Export orders as CSV');
  const parsed = parseCsv(exported);
  if (!parsed.ok) throw new Error(`export unreadable: ${parsed.error}`);
  const [header, ...records] = parsed.records;
  const row = records.find((r) => r[header.indexOf('order_number')] === order.order_number);
  expect(row, `a row of ${order.order_number}`).toBeTruthy();
  expect([row?.[header.indexOf('email')], row?.[header.indexOf('status')], row?.[header.indexOf('qty')], row?.[header.indexOf('line_total')]]).toEqual([
    email,
    'paid',
    '2',
    '30.00',
  ]);
  expect(records.every((r) => r[header.indexOf('status')] === 'paid')).toBe(true);
});

/**
 * The catalogue and orders as CSV (issue 24, ADR 0037): the product file's columns (one row per
 * variant, the same for export and import so a round trip works), how catalogue rows become
 * records, and how a file becomes the import's rows — each with the error the admin is told.
 * The database checks every row again (public.import_products); this is what the browser can say first.
 */
import { type CsvSeparator, parseCsv, writeCsv } from './csv';
import { CATEGORIES } from './catalogue';
import { INVENTORY_MAX, PRICE_MAX_CENTS, PRODUCT_STATUSES, parseTags } from './products';

/** The largest file the import reads (a 2,000-variant catalogue with long descriptions is well under it). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most rows one import takes (the database says the same). */
export const IMPORT_MAX_ROWS = 5000;
/** How many products or orders one export request reads. */
export const EXPORT_PAGE_SIZE = 500;

export const PRODUCT_COLUMNS = [
  'sku',
  'slug',
  'title',
  'title_de',
  'subtitle',
  'subtitle_de',
  'description',
  'description_de',
  'meta_title',
  'meta_description',
  'category',
  'status',
  'featured',
  'tags',
  'size',
  'color',
  'price',
  'compare_at_price',
  'inventory',
  'barcode',
] as const;
export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];
export const REQUIRED_PRODUCT_COLUMNS: readonly ProductColumn[] = ['sku', 'slug', 'title', 'category', 'price', 'inventory'];

/** One variant with its product, as the export reads it. */
export type CatalogueVariant = {
  sku: string;
  slug: string;
  title: string;
  titleDe: string | null;
  subtitle: string | null;
  subtitleDe: string | null;
  description: string | null;
  descriptionDe: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  category: string;
  status: string;
  featured: boolean;
  tags: string[];
  size: string | null;
  color: string | null;
  price: number;
  compareAtPrice: number | null;
  inventory: number;
  barcode: string | null;
};

/** Cents as euros: `12.50`, or `12,50` in a `;` file (German Excel reads it as a number then). */
export const formatEuros = (cents: number | null, separator: CsvSeparator) => {
  if (cents == null) return '';
  const text = (cents / 100).toFixed(2);
  return separator === ';' ? text.replace('.', ',') : text;
};

/** Euros as cents: `12`, `12.5`, `12.50` or `12,50`; null for anything else (no thousands separators, no signs). */
export function parseEuros(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}([.,]\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const text = (value: string | null) => value ?? '';

export function productRecord(v: CatalogueVariant, separator: CsvSeparator): string[] {
  const values: Record<ProductColumn, string> = {
    sku: v.sku,
    slug: v.slug,
    title: v.title,
    title_de: text(v.titleDe),
    subtitle: text(v.subtitle),
    subtitle_de: text(v.subtitleDe),
    description: text(v.description),
    description_de: text(v.descriptionDe),
    meta_title: text(v.metaTitle),
    meta_description: text(v.metaDescription),
    category: v.category,
    status: v.status,
    featured: v.featured ? 'true' : 'false',
    tags: v.tags.join(', '),
    size: text(v.size),
    color: text(v.color),
    price: formatEuros(v.price, separator),
    compare_at_price: formatEuros(v.compareAtPrice, separator),
    inventory: String(v.inventory),
    barcode: text(v.barcode),
  };
  return PRODUCT_COLUMNS.map((column) => values[column]);
}

export const productsCsv = (variants: readonly CatalogueVariant[], separator: CsvSeparator) =>
  writeCsv([[...PRODUCT_COLUMNS], ...variants.map((v) => productRecord(v, separator))], { separator });

// ── Import ───────────────────────────────────────────────────────────────────────────────────

/** What is wrong with a whole file: nothing of it is imported. */
export type FileProblem =
  | { kind: 'too_large'; maxBytes: number }
  | { kind: 'not_csv' }
  | { kind: 'empty' }
  | { kind: 'malformed'; line: number }
  | { kind: 'missing_columns'; columns: string[] }
  | { kind: 'unknown_columns'; columns: string[] }
  | { kind: 'duplicate_columns'; columns: string[] }
  | { kind: 'too_many_rows'; max: number };

/** What is wrong with one row, said per row in the preview (the database uses the same codes). */
export type RowProblem =
  | { kind: 'field_count'; expected: number; got: number }
  | { kind: 'duplicate_sku'; firstLine: number }
  | { kind: 'not_a_number'; column: 'price' | 'compare_at_price' | 'inventory' }
  | { kind: 'invalid'; column: string }
  | { kind: 'too_long'; column: string }
  | { kind: 'product_differs'; firstLine: number }
  | { kind: 'sku_of_other_product'; slug: string }
  | { kind: 'other'; code: string };

/** The row as the import function takes it: only the file's columns; prices in cents. */
export type ImportPayload = { line: number } & Partial<Record<ProductColumn, string | number | boolean | string[] | null>>;
export type ImportRow = { line: number; sku: string; payload: ImportPayload | null; problem: RowProblem | null };
export type ReadResult = { ok: true; separator: CsvSeparator; rows: ImportRow[] } | { ok: false; problem: FileProblem };

/** A file the import may read: at most IMPORT_MAX_BYTES, named .csv or typed as text/CSV. */
export function checkFile(file: { name: string; size: number; type: string }): FileProblem | null {
  if (file.size > IMPORT_MAX_BYTES) return { kind: 'too_large', maxBytes: IMPORT_MAX_BYTES };
  const csvName = /\.(csv|txt)$/i.test(file.name);
  const csvType = file.type === '' || /^text\/|csv|excel/.test(file.type);
  if (!csvName || !csvType) return { kind: 'not_csv' };
  return null;
}

const TEXT_LIMITS: Partial<Record<ProductColumn, number>> = {
  title: 200,
  title_de: 200,
  subtitle: 200,
  subtitle_de: 200,
  description: 10_000,
  description_de: 10_000,
  meta_title: 60,
  meta_description: 160,
  size: 20,
  color: 40,
  barcode: 64,
  sku: 64,
};

function rowOf(record: string[], header: ProductColumn[], line: number): ImportRow {
  const sku = (record[header.indexOf('sku')] ?? '').trim();
  if (record.length !== header.length) return { line, sku, payload: null, problem: { kind: 'field_count', expected: header.length, got: record.length } };
  const payload: ImportPayload = { line };
  let problem: RowProblem | null = null;
  const fail = (p: RowProblem) => {
    problem ??= p;
  };
  header.forEach((column, index) => {
    const raw = record[index];
    const limit = TEXT_LIMITS[column];
    if (limit !== undefined && raw.length > limit) fail({ kind: 'too_long', column });
    switch (column) {
      case 'sku':
        if (!sku) fail({ kind: 'invalid', column });
        payload.sku = sku;
        return;
      case 'price':
      case 'compare_at_price': {
        if (column === 'compare_at_price' && raw.trim() === '') {
          payload[column] = null;
          return;
        }
        const cents = parseEuros(raw);
        if (cents === null) fail({ kind: 'not_a_number', column });
        else if (cents > PRICE_MAX_CENTS || (column === 'price' && cents <= 0)) fail({ kind: 'invalid', column });
        payload[column] = cents;
        return;
      }
      case 'inventory': {
        const trimmed = raw.trim();
        if (!/^\d{1,7}$/.test(trimmed)) fail({ kind: 'not_a_number', column });
        else if (Number(trimmed) > INVENTORY_MAX) fail({ kind: 'invalid', column });
        payload.inventory = Number(trimmed);
        return;
      }
      case 'featured': {
        const value = raw.trim().toLowerCase();
        if (!['true', 'false', '1', '0', 'yes', 'no', 'ja', 'nein', ''].includes(value)) fail({ kind: 'invalid', column });
        payload.featured = ['true', '1', 'yes', 'ja'].includes(value);
        return;
      }
      case 'tags':
        payload.tags = parseTags(raw);
        return;
      case 'category':
        if (!(CATEGORIES as readonly string[]).includes(raw)) fail({ kind: 'invalid', column });
        payload.category = raw;
        return;
      case 'status':
        if (raw !== '' && !(PRODUCT_STATUSES as readonly string[]).includes(raw)) fail({ kind: 'invalid', column });
        payload.status = raw === '' ? null : raw;
        return;
      case 'slug':
        if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(raw) || raw.length > 200) fail({ kind: 'invalid', column });
        payload.slug = raw;
        return;
      case 'title':
        if (!raw.trim()) fail({ kind: 'invalid', column });
        payload.title = raw;
        return;
      default:
        payload[column] = raw === '' ? null : raw;
    }
  });
  return { line, sku, payload: problem ? null : payload, problem };
}

/**
 * The file's text as import rows: CSV read (separator from the header), columns checked (the
 * required ones there, none unknown or twice), each row parsed, and a SKU a second time marked.
 * A file problem stops here; row problems are shown per row in the preview.
 */
export function readProductsCsv(content: string): ReadResult {
  const parsed = parseCsv(content);
  if (!parsed.ok)
    return { ok: false, problem: parsed.error === 'empty' ? { kind: 'empty' } : parsed.error === 'binary' ? { kind: 'not_csv' } : { kind: 'malformed', line: parsed.line } };
  const [headerRecord, ...records] = parsed.records;
  const header = headerRecord.map((name) => name.trim().toLowerCase());
  const unknown = header.filter((name) => !(PRODUCT_COLUMNS as readonly string[]).includes(name));
  // One column, or none we know: this is not a product file (a binary or another export).
  if (header.length < 2 || unknown.length === header.length) return { ok: false, problem: { kind: 'not_csv' } };
  if (unknown.length > 0) return { ok: false, problem: { kind: 'unknown_columns', columns: unknown } };
  const twice = header.filter((name, index) => header.indexOf(name) !== index);
  if (twice.length > 0) return { ok: false, problem: { kind: 'duplicate_columns', columns: [...new Set(twice)] } };
  const missing = REQUIRED_PRODUCT_COLUMNS.filter((name) => !header.includes(name));
  if (missing.length > 0) return { ok: false, problem: { kind: 'missing_columns', columns: [...missing] } };
  if (records.length === 0) return { ok: false, problem: { kind: 'empty' } };
  if (records.length > IMPORT_MAX_ROWS) return { ok: false, problem: { kind: 'too_many_rows', max: IMPORT_MAX_ROWS } };
  const columns = header as ProductColumn[];
  // Record numbers are lines as a spreadsheet counts them (the header is line 1).
  const rows = records.map((record, index) => rowOf(record, columns, index + 2));
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    if (!row.sku) continue;
    const first = firstLine.get(row.sku);
    if (first === undefined) firstLine.set(row.sku, row.line);
    else if (!row.problem) Object.assign(row, { payload: null, problem: { kind: 'duplicate_sku', firstLine: first } });
  }
  return { ok: true, separator: parsed.separator, rows };
}

/** The database's error code (`invalid:price`, `duplicate_sku:3`, …) as a row problem. */
export function rowProblemOf(code: string): RowProblem {
  const [kind, rest = ''] = code.split(/:(.*)/s);
  switch (kind) {
    case 'duplicate_sku':
    case 'product_differs':
      return { kind, firstLine: Number(rest) };
    case 'not_a_number':
      return rest === 'price' || rest === 'compare_at_price' || rest === 'inventory' ? { kind, column: rest } : { kind: 'invalid', column: rest };
    case 'invalid':
    case 'too_long':
      return { kind, column: rest };
    case 'sku_of_other_product':
      return { kind, slug: rest };
    default:
      return { kind: 'other', code };
  }
}

export type PreviewAction = 'create' | 'update' | 'unchanged' | 'error';
export type PreviewRow = { line: number; sku: string; action: PreviewAction; fields: string[]; problem: RowProblem | null };
export type PreviewCounts = Record<PreviewAction, number>;
export type ImportPreview = { rows: PreviewRow[]; counts: PreviewCounts };

export const countActions = (rows: readonly PreviewRow[]): PreviewCounts => {
  const counts: PreviewCounts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.action]++;
  return counts;
};

/** The file's rows with the database's plan for the good ones: every row in file order. */
export function mergePreview(
  rows: readonly ImportRow[],
  planned: readonly { line: number; sku: string; action: PreviewAction; fields: string[]; error: string | null }[],
): ImportPreview {
  const byLine = new Map(planned.map((row) => [row.line, row]));
  const merged = rows.map((row): PreviewRow => {
    if (row.problem) return { line: row.line, sku: row.sku, action: 'error', fields: [], problem: row.problem };
    const plan = byLine.get(row.line);
    if (!plan) return { line: row.line, sku: row.sku, action: 'error', fields: [], problem: { kind: 'other', code: 'not_checked' } };
    return { line: row.line, sku: row.sku, action: plan.action, fields: plan.fields, problem: plan.error ? rowProblemOf(plan.error) : null };
  });
  return { rows: merged, counts: countActions(merged) };
}

// ── Orders ───────────────────────────────────────────────────────────────────────────────────

export const ORDER_COLUMNS = [
  'order_number',
  'created_at',
  'status',
  'email',
  'currency',
  'line',
  'sku',
  'title',
  'size',
  'color',
  'qty',
  'unit_price',
  'line_total',
  'subtotal',
  'shipping',
  'total',
  'vat_rate',
  'vat',
  'refunded',
  'name',
  'address_line1',
  'address_line2',
  'postal_code',
  'city',
  'country',
  'phone',
  'carrier',
  'tracking_number',
  'tracking_url',
  'shipped_at',
] as const;

export type ExportOrderLine = { position: number; sku: string | null; title: string; size: string | null; color: string | null; qty: number; unitPrice: number; lineTotal: number };
export type ExportOrder = {
  orderNumber: string;
  createdAt: string;
  status: string;
  email: string | null;
  currency: string;
  subtotal: number;
  shipping: number;
  total: number;
  vatRateBasisPoints: number | null;
  vatAmount: number | null;
  refundedTotal: number;
  address: { name?: string; line1?: string; line2?: string; postalCode?: string; city?: string; country?: string; phone?: string } | null;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: string | null;
  lines: ExportOrderLine[];
};

const percent = (basisPoints: number | null, separator: CsvSeparator) => {
  if (basisPoints == null) return '';
  const text = (basisPoints / 100).toFixed(2);
  return separator === ';' ? text.replace('.', ',') : text;
};

/** One record per order line (an order without lines still gets one), each with the order's figures. */
export function orderRecords(order: ExportOrder, separator: CsvSeparator): string[][] {
  const a = order.address ?? {};
  const lines = order.lines.length > 0 ? order.lines : [null];
  return lines.map((line) => [
    order.orderNumber,
    order.createdAt,
    order.status,
    text(order.email),
    order.currency,
    line ? String(line.position) : '',
    text(line?.sku ?? null),
    line?.title ?? '',
    text(line?.size ?? null),
    text(line?.color ?? null),
    line ? String(line.qty) : '',
    line ? formatEuros(line.unitPrice, separator) : '',
    line ? formatEuros(line.lineTotal, separator) : '',
    formatEuros(order.subtotal, separator),
    formatEuros(order.shipping, separator),
    formatEuros(order.total, separator),
    percent(order.vatRateBasisPoints, separator),
    formatEuros(order.vatAmount, separator),
    formatEuros(order.refundedTotal, separator),
    a.name ?? '',
    a.line1 ?? '',
    a.line2 ?? '',
    a.postalCode ?? '',
    a.city ?? '',
    a.country ?? '',
    a.phone ?? '',
    text(order.carrier),
    text(order.trackingNumber),
    text(order.trackingUrl),
    text(order.shippedAt),
  ]);
}

export const ordersCsv = (orders: readonly ExportOrder[], separator: CsvSeparator) =>
  writeCsv([[...ORDER_COLUMNS], ...orders.flatMap((order) => orderRecords(order, separator))], { separator });

/** The download's name: `products-2026-11-28.csv`. */
export const exportFileName = (kind: 'products' | 'orders', now: Date) => `${kind}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * CSV export and import (issue 24, ADR 0037). Exports read through the admin policies, a page of
 * EXPORT_PAGE_SIZE products or orders per request (keyset paging, so a large shop never loads in
 * one request and a row written meanwhile neither repeats nor shifts a page); the browser writes the
 * file. The import sends the file's rows to public.import_products: once to preview, once to apply.
 */
import type { AdminOrderQuery } from '../../domain/adminOrders';
import { type CatalogueVariant, EXPORT_PAGE_SIZE, type ExportOrder, type ImportPayload, type PreviewAction } from '../../domain/catalogueCsv';
import { supabase } from './client';
import { ApiError, toApiError } from './errors';

type ExportProductRow = {
  slug: string;
  title: string;
  title_de: string | null;
  subtitle: string | null;
  subtitle_de: string | null;
  description: string | null;
  description_de: string | null;
  meta_title: string | null;
  meta_description: string | null;
  category: string;
  status: string;
  featured: boolean;
  tags: string[] | null;
  variants: { sku: string; size: string | null; color: string | null; price: number; compare_at_price: number | null; inventory: number; barcode: string | null }[];
};
const EXPORT_PRODUCT_COLUMNS =
  'slug,title,title_de,subtitle,subtitle_de,description,description_de,meta_title,meta_description,category,status,featured,tags,' +
  'variants(sku,size,color,price,compare_at_price,inventory,barcode,created_at)';

/** Every product's active variants, products by slug, variants oldest first; `onPage` hears the count so far. */
export async function fetchCatalogueForExport({ onPage }: { onPage?: (count: number) => void } = {}): Promise<CatalogueVariant[]> {
  const out: CatalogueVariant[] = [];
  let after: string | null = null;
  for (;;) {
    let request = supabase()
      .from('products')
      .select(EXPORT_PRODUCT_COLUMNS)
      .is('variants.archived_at', null)
      .order('slug')
      .order('created_at', { referencedTable: 'variants' })
      .order('sku', { referencedTable: 'variants' })
      .limit(EXPORT_PAGE_SIZE);
    if (after !== null) request = request.gt('slug', after);
    const { data, error } = await request;
    if (error) throw toApiError(error);
    const rows = (data ?? []) as unknown as ExportProductRow[];
    for (const p of rows) {
      for (const v of p.variants) {
        out.push({
          sku: v.sku,
          slug: p.slug,
          title: p.title,
          titleDe: p.title_de,
          subtitle: p.subtitle,
          subtitleDe: p.subtitle_de,
          description: p.description,
          descriptionDe: p.description_de,
          metaTitle: p.meta_title,
          metaDescription: p.meta_description,
          category: p.category,
          status: p.status,
          featured: p.featured,
          tags: p.tags ?? [],
          size: v.size,
          color: v.color,
          price: v.price,
          compareAtPrice: v.compare_at_price,
          inventory: v.inventory,
          barcode: v.barcode,
        });
      }
    }
    onPage?.(out.length);
    if (rows.length < EXPORT_PAGE_SIZE) return out;
    after = rows[rows.length - 1].slug;
  }
}

type ExportOrderRow = {
  id: string;
  order_number: string;
  created_at: string;
  status: string;
  customer_email: string | null;
  currency: string;
  subtotal: number;
  shipping: number;
  total: number;
  vat_rate_basis_points: number | null;
  vat_amount: number | null;
  refunded_total: number;
  shipping_address: Record<string, unknown> | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipped_at: string | null;
  order_items: { position: number | null; sku: string | null; title: string; size: string | null; color: string | null; qty: number; unit_price: number; line_total: number }[];
};
const EXPORT_ORDER_COLUMNS =
  'id,order_number,created_at,status,customer_email,currency,subtotal,shipping,total,vat_rate_basis_points,vat_amount,refunded_total,shipping_address,' +
  'carrier,tracking_number,tracking_url,shipped_at,order_items(position,sku,title,size,color,qty,unit_price,line_total,created_at)';

const addressText = (address: Record<string, unknown> | null, key: string) => (typeof address?.[key] === 'string' ? (address[key] as string) : undefined);

/** The orders the /admin/orders list shows for this filter (its status; every page), newest first, with their lines. */
export async function fetchOrdersForExport({ query, onPage }: { query: Pick<AdminOrderQuery, 'status'>; onPage?: (count: number) => void }): Promise<ExportOrder[]> {
  const out: ExportOrder[] = [];
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    let request = supabase().from('orders').select(EXPORT_ORDER_COLUMNS);
    if (query.status !== 'all') request = request.eq('status', query.status);
    if (after) request = request.or(`created_at.lt."${after.createdAt}",and(created_at.eq."${after.createdAt}",id.gt.${after.id})`);
    const { data, error } = await request
      .order('created_at', { ascending: false })
      .order('id')
      .order('position', { referencedTable: 'order_items' })
      .order('created_at', { referencedTable: 'order_items' })
      .limit(EXPORT_PAGE_SIZE);
    if (error) throw toApiError(error);
    const rows = (data ?? []) as unknown as ExportOrderRow[];
    for (const o of rows) {
      const a = o.shipping_address;
      out.push({
        orderNumber: o.order_number,
        createdAt: o.created_at,
        status: o.status,
        email: o.customer_email,
        currency: o.currency,
        subtotal: o.subtotal,
        shipping: o.shipping,
        total: o.total,
        vatRateBasisPoints: o.vat_rate_basis_points,
        vatAmount: o.vat_amount,
        refundedTotal: o.refunded_total,
        address: a
          ? {
              name: addressText(a, 'name'),
              line1: addressText(a, 'line1'),
              line2: addressText(a, 'line2'),
              postalCode: addressText(a, 'postalCode'),
              city: addressText(a, 'city'),
              country: addressText(a, 'country'),
              phone: addressText(a, 'phone'),
            }
          : null,
        carrier: o.carrier,
        trackingNumber: o.tracking_number,
        trackingUrl: o.tracking_url,
        shippedAt: o.shipped_at,
        lines: o.order_items.map((item, index) => ({
          position: item.position ?? index + 1,
          sku: item.sku,
          title: item.title,
          size: item.size,
          color: item.color,
          qty: item.qty,
          unitPrice: item.unit_price,
          lineTotal: item.line_total,
        })),
      });
    }
    onPage?.(out.length);
    if (rows.length < EXPORT_PAGE_SIZE) return out;
    const last = rows[rows.length - 1];
    after = { createdAt: last.created_at, id: last.id };
  }
}

export type PlannedRow = { line: number; sku: string; action: PreviewAction; fields: string[]; error: string | null };
export type ImportReport = { applied: boolean; counts: Record<PreviewAction, number>; rows: PlannedRow[] };

/** Thrown by an apply the database refused (some row bad): `details` names the first bad row. */
export const IMPORT_REFUSED = 'import_refused';

/** What the rows would do (apply = false) or did (apply = true, all or nothing). */
export async function importProducts({ rows, apply }: { rows: ImportPayload[]; apply: boolean }): Promise<ImportReport> {
  const { data, error } = await supabase().rpc('import_products', { items: rows, apply });
  if (error) {
    const apiError = toApiError(error);
    if (apiError.code === '22023' && apply) throw new ApiError(apiError.kind, apiError.message, { code: IMPORT_REFUSED, status: apiError.status, details: apiError.details });
    throw apiError;
  }
  const report = data as ImportReport;
  return { applied: report.applied, counts: report.counts, rows: report.rows ?? [] };
}

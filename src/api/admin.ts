import { FunctionsHttpError } from '@supabase/functions-js';
import { StorageClient } from '@supabase/storage-js';
import { ADMIN_PAGE_SIZE, type AdminProductQuery, type AdminProductRow, type Page } from '../../domain/adminLists';
import type { AdminOrderDetail, AdminOrderQuery, AdminOrderRow, TimelineEvent } from '../../domain/adminOrders';
import type { OrderStatus } from '../../domain/orderStatus';
import { type AdminProduct, emptyProductValues } from '../../domain/productForm';
import type { MediaInput } from '../../domain/productImages';
import type { ProductInput, VariantInput } from '../../domain/productSave';
import { centsToInput, isProductStatus, type ProductStatus } from '../../domain/products';
import type { AdminRefund, RefundLine, RefundRequest } from '../../domain/refunds';
import { type AdminReview, type AdminReviewQuery, isReviewStatus } from '../../domain/adminReviews';
import type { ReviewDecision } from '../../domain/reviews';
import type { ShipInput, Shipment } from '../../domain/shipment';
import { isCategory } from '../../domain/catalogue';
import { parseShippingAddress } from '../../domain/address';
import { SUPABASE_ANON_KEY, SUPABASE_URL, supabase } from './client';
import { functionsClient } from './functions';
import { ApiError, type ApiErrorKind, toApiError } from './errors';
import { fetchOrderWithdrawals } from './withdrawals';

/** Thrown when a write finds the row changed since it was read (another tab, another admin). */
export const STALE = 'stale';
const stale = (message: string) => new ApiError('conflict', message, { code: STALE });

/** A search text that is safe inside a PostgREST or-filter: its own wildcards and the filter's syntax are dropped. */
const searchText = (q: string) =>
  q
    .replace(/[,()"\\%_*:]/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');

// ── Products list ────────────────────────────────────────────────────────────────────────────

type AdminProductListRow = {
  id: string;
  slug: string;
  title: string;
  status: string;
  featured: boolean;
  updated_at: string;
  image: string | null;
  total_inventory: number;
  variant_count: number;
};
const LIST_COLUMNS = 'id,slug,title,status,featured,updated_at,image,total_inventory,variant_count';

const listRowFrom = (row: AdminProductListRow): AdminProductRow => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  status: isProductStatus(row.status) ? row.status : 'draft',
  featured: row.featured,
  updatedAt: row.updated_at,
  image: row.image,
  totalInventory: Number(row.total_inventory),
  variantCount: Number(row.variant_count),
});

/** SPEC §7 Admin list, paged in the database: search by title or SKU, filter by status, sort by updated. */
export async function fetchAdminProducts(query: AdminProductQuery): Promise<Page<AdminProductRow>> {
  const from = (Math.max(1, query.page) - 1) * ADMIN_PAGE_SIZE;
  let request = supabase().from('admin_products').select(LIST_COLUMNS, { count: 'exact' });
  if (query.status !== 'all') request = request.eq('status', query.status);
  const q = searchText(query.q);
  if (q) request = request.or(`title.ilike.*${q}*,skus.ilike.*${q}*`);
  const { data, error, count } = await request
    .order('updated_at', { ascending: query.sort === 'updated_asc' })
    .order('id')
    .range(from, from + ADMIN_PAGE_SIZE - 1);
  if (error) throw toApiError(error);
  return { rows: ((data ?? []) as AdminProductListRow[]).map(listRowFrom), total: count ?? 0 };
}

/** SPEC §7 Admin toggles. */
export async function setProductFeatured({ id, featured }: { id: string; featured: boolean }): Promise<{ updatedAt: string }> {
  const { data, error } = await supabase().from('products').update({ featured }).eq('id', id).select('updated_at').maybeSingle();
  if (error) throw toApiError(error);
  if (!data) throw new ApiError('not_found', 'Product not found');
  return { updatedAt: data.updated_at };
}

export async function setProductStatus({ id, status }: { id: string; status: ProductStatus }): Promise<{ updatedAt: string }> {
  const { data, error } = await supabase().from('products').update({ status }).eq('id', id).select('updated_at').maybeSingle();
  if (error) throw toApiError(error);
  if (!data) throw new ApiError('not_found', 'Product not found');
  return { updatedAt: data.updated_at };
}

// ── One product: load and the three save steps ─────────────────────────────────────────────

type ProductRow = {
  id: string;
  updated_at: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  title_de: string | null;
  subtitle_de: string | null;
  description_de: string | null;
  category: string;
  status: string;
  featured: boolean;
  slug: string;
  meta_title: string | null;
  meta_description: string | null;
  tags: string[] | null;
  variants: {
    id: string;
    sku: string;
    size: string | null;
    color: string | null;
    price: number;
    compare_at_price: number | null;
    inventory: number;
    barcode: string | null;
    archived_at: string | null;
    created_at: string;
  }[];
  media: { id: string; url: string; alt: string | null; width: number | null; height: number | null; sort_order: number; is_primary: boolean }[];
};
const PRODUCT_COLUMNS =
  'id,updated_at,title,subtitle,description,title_de,subtitle_de,description_de,category,status,featured,slug,meta_title,meta_description,tags,' +
  'variants(id,sku,size,color,price,compare_at_price,inventory,barcode,archived_at,created_at),media(id,url,alt,width,height,sort_order,is_primary)';

/** The edit form's product with its active variants (oldest first) and images (display order); null when there is none. */
export async function fetchAdminProduct({ id }: { id: string }): Promise<AdminProduct | null> {
  const { data, error } = await supabase()
    .from('products')
    .select(PRODUCT_COLUMNS)
    .eq('id', id)
    .is('variants.archived_at', null)
    .order('created_at', { referencedTable: 'variants' })
    .order('sku', { referencedTable: 'variants' })
    .order('sort_order', { referencedTable: 'media' })
    .maybeSingle();
  if (error) {
    // A malformed id is no product (22P02 invalid_text_representation).
    if (error.code === '22P02') return null;
    throw toApiError(error);
  }
  if (!data) return null;
  const row = data as unknown as ProductRow;
  const text = (value: string | null | undefined) => value ?? '';
  return {
    id: row.id,
    updatedAt: row.updated_at,
    values: {
      ...emptyProductValues(),
      title: row.title,
      subtitle: text(row.subtitle),
      description: text(row.description),
      titleDe: text(row.title_de),
      subtitleDe: text(row.subtitle_de),
      descriptionDe: text(row.description_de),
      category: isCategory(row.category) ? row.category : '',
      status: isProductStatus(row.status) ? row.status : 'draft',
      featured: row.featured,
      slug: row.slug,
      metaTitle: text(row.meta_title),
      metaDescription: text(row.meta_description),
      tags: (row.tags ?? []).join(', '),
    },
    variants: row.variants.map((v) => ({
      key: v.id,
      id: v.id,
      sku: v.sku,
      size: text(v.size),
      color: text(v.color),
      price: centsToInput(v.price),
      compareAtPrice: centsToInput(v.compare_at_price),
      inventory: String(v.inventory),
      barcode: text(v.barcode),
    })),
    images: row.media.map((m) => ({
      key: m.id,
      mediaId: m.id,
      url: m.url,
      file: null,
      previewUrl: m.url,
      fileName: m.url.split('/').pop() ?? m.url,
      alt: text(m.alt),
      width: m.width,
      height: m.height,
    })),
  };
}

const productColumns = (input: ProductInput) => ({
  title: input.title,
  subtitle: input.subtitle,
  description: input.description,
  title_de: input.titleDe,
  subtitle_de: input.subtitleDe,
  description_de: input.descriptionDe,
  category: input.category,
  status: input.status,
  featured: input.featured,
  slug: input.slug,
  meta_title: input.metaTitle,
  meta_description: input.metaDescription,
  tags: input.tags,
});

/** SPEC §7 Create: insert the product and return its id and version (updated_at). */
/** A unique violation (23505) names its constraint in the message and its key in the details. */
const violated = (error: ApiError) => (error.code === '23505' ? `${error.message} ${error.details ?? ''}` : '');

/** 23505 on products_slug_key: another product has this slug. */
function productError(error: unknown): ApiError {
  const apiError = toApiError(error);
  if (!/products_slug_key|Key \(slug\)/.test(violated(apiError))) return apiError;
  return new ApiError(apiError.kind, apiError.message, { code: apiError.code, status: apiError.status, details: apiError.details, field: 'slug' });
}

/** 23505 on variants_sku_key (or its lower(sku) index): the SKU another variant already has. */
function variantsError(error: unknown): ApiError {
  const apiError = toApiError(error);
  const match = apiError.code === '23505' ? /Key \((?:lower\()?sku\)?\)=\((.*)\) already exists/.exec(apiError.details ?? '') : null;
  if (!match) return apiError;
  return new ApiError(apiError.kind, apiError.message, { code: apiError.code, status: apiError.status, details: apiError.details, field: { sku: match[1] } });
}

export async function createProduct({ input }: { input: ProductInput }): Promise<{ id: string; updatedAt: string }> {
  const { data, error } = await supabase().from('products').insert(productColumns(input)).select('id,updated_at').single();
  if (error) throw productError(error);
  return { id: data.id, updatedAt: data.updated_at };
}

/**
 * SPEC §7 Edit, with a version check: the update applies only while the product is as this form
 * loaded it (`expectedUpdatedAt`); otherwise another tab or admin saved in between, and this save
 * stops with a `stale` conflict instead of erasing their work.
 */
export async function updateProduct({ id, input, expectedUpdatedAt }: { id: string; input: ProductInput; expectedUpdatedAt: string }): Promise<{ id: string; updatedAt: string }> {
  const { data, error } = await supabase().from('products').update(productColumns(input)).eq('id', id).eq('updated_at', expectedUpdatedAt).select('id,updated_at').maybeSingle();
  if (error) throw productError(error);
  if (!data) throw stale('This product was changed somewhere else since you opened it.');
  return { id: data.id, updatedAt: data.updated_at };
}

type SavedVariantRow = { id: string; sku: string };

/**
 * The variants step: one database function makes the product's variants exactly these rows, in
 * one transaction — updates by id or SKU, inserts the new, deletes removed ones never ordered and
 * archives removed ones that were (order history keeps its variant). Repeating it is harmless.
 */
export async function saveVariants({ productId, variants }: { productId: string; variants: VariantInput[] }): Promise<{ id: string; sku: string }[]> {
  const payload = variants.map((v) => ({
    id: v.id,
    sku: v.sku,
    size: v.size,
    color: v.color,
    price: v.price,
    compare_at_price: v.compareAtPrice,
    inventory: v.inventory,
    barcode: v.barcode,
  }));
  const { data, error } = await supabase().rpc('save_product_variants', { product_id: productId, variants: payload });
  if (error) throw variantsError(error);
  return ((data ?? []) as SavedVariantRow[]).map((row) => ({ id: row.id, sku: row.sku }));
}

const BUCKET = 'product-images';
let storage: StorageClient | undefined;
/** supabase-js's storage client, built here so only the admin's chunk carries it (ADR 0010). */
function storageClient(): StorageClient {
  storage ??= new StorageClient(`${SUPABASE_URL.replace(/\/$/, '')}/storage/v1`, { apikey: SUPABASE_ANON_KEY }, async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${await supabase().accessToken()}`);
    return fetch(input, { ...init, headers });
  });
  return storage;
}

const extensionOf = (file: File) => (file.type === 'image/png' ? 'png' : file.type === 'image/webp' ? 'webp' : 'jpg');

/**
 * SPEC §7 Images: upload under `{product id}/{timestamp}-{index}.{ext}` and return its public URL.
 * `upsert` stays off: a path is never reused, so an upload never replaces another product's image.
 */
export async function uploadProductImage({ productId, file, index }: { productId: string; file: File; index: number }): Promise<{ url: string }> {
  const path = `${productId}/${Date.now()}-${index}.${extensionOf(file)}`;
  const { error } = await storageClient().from(BUCKET).upload(path, file, { contentType: file.type, cacheControl: '31536000', upsert: false });
  if (error) {
    const status = Number((error as { statusCode?: string | number }).statusCode ?? (error as { status?: number }).status);
    throw toApiError({ message: error.message, status: Number.isFinite(status) ? status : undefined, name: error.name });
  }
  return { url: storageClient().from(BUCKET).getPublicUrl(path).data.publicUrl };
}

/**
 * The media step: one database function makes the product's images exactly these, in this order
 * (first = primary), removing the rows of images taken out. Repeating it is harmless (matched by id, then URL).
 */
export async function saveMedia({ productId, media }: { productId: string; media: MediaInput[] }): Promise<{ id: string; url: string }[]> {
  const payload = media.map((m) => ({ id: m.id, url: m.url, alt: m.alt, width: m.width, height: m.height }));
  const { data, error } = await supabase().rpc('save_product_media', { product_id: productId, media: payload });
  if (error) throw toApiError(error);
  return ((data ?? []) as { id: string; url: string }[]).map((row) => ({ id: row.id, url: row.url }));
}

// ── Reviews ──────────────────────────────────────────────────────────────────────────────────

type AdminReviewRow = {
  id: string;
  product_id: string;
  rating: number;
  title: string;
  body: string;
  author_name: string;
  author_email: string | null;
  status: string;
  created_at: string;
  product_title: string | null;
  product_slug: string | null;
};
const REVIEW_COLUMNS = 'id,product_id,rating,title,body,author_name,author_email,status,created_at,product_title,product_slug';

/**
 * /admin/reviews: one page of reviews newest first (id breaks ties), by status, searched in the
 * title, text, author (name and e-mail) and the product's title; the count is PostgREST's, over
 * all pages (the admin_reviews view shows anyone but an admin nothing).
 */
export async function fetchAdminReviews(query: AdminReviewQuery): Promise<Page<AdminReview>> {
  const from = (Math.max(1, query.page) - 1) * ADMIN_PAGE_SIZE;
  let request = supabase().from('admin_reviews').select(REVIEW_COLUMNS, { count: 'exact' });
  if (query.status !== 'all') request = request.eq('status', query.status);
  const q = searchText(query.q);
  if (q) request = request.or(['title', 'body', 'author_name', 'author_email', 'product_title'].map((column) => `${column}.ilike.*${q}*`).join(','));
  const { data, error, count } = await request
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + ADMIN_PAGE_SIZE - 1);
  if (error) throw toApiError(error);
  return {
    rows: ((data ?? []) as AdminReviewRow[]).map((row) => ({
      id: row.id,
      productId: row.product_id,
      productTitle: row.product_title ?? '',
      productSlug: row.product_slug ?? '',
      rating: row.rating,
      title: row.title,
      body: row.body,
      authorName: row.author_name,
      authorEmail: row.author_email,
      status: isReviewStatus(row.status) ? row.status : 'pending',
      createdAt: row.created_at,
    })),
    total: count ?? 0,
  };
}

/** How many reviews wait (the admin navigation's badge). */
export async function countPendingReviews(): Promise<number> {
  const { count, error } = await supabase().from('reviews').select('id', { count: 'exact', head: true }).eq('status', 'pending');
  if (error) throw toApiError(error);
  return count ?? 0;
}

/** Approve or reject a pending review; one another admin already decided is a `stale` conflict. */
export async function moderateReview({ id, decision }: { id: string; decision: ReviewDecision }): Promise<void> {
  const { data, error } = await supabase().from('reviews').update({ status: decision }).eq('id', id).eq('status', 'pending').select('id').maybeSingle();
  if (error) throw toApiError(error);
  if (!data) throw stale('This review was already moderated.');
}

// ── Orders ───────────────────────────────────────────────────────────────────────────────────

type AdminOrderListRow = {
  id: string;
  order_number: string;
  customer_email: string | null;
  total: number;
  currency: string;
  status: string;
  created_at: string;
};
const ORDER_LIST_COLUMNS = 'id,order_number,customer_email,total,currency,status,created_at';
const orderRowFrom = (row: AdminOrderListRow): AdminOrderRow => ({
  id: row.id,
  orderNumber: row.order_number,
  email: row.customer_email,
  total: row.total,
  currency: row.currency,
  status: row.status,
  createdAt: row.created_at,
});

/** Every order newest first, optionally of one status, paged in the database. */
export async function fetchAdminOrders(query: AdminOrderQuery): Promise<Page<AdminOrderRow>> {
  const from = (Math.max(1, query.page) - 1) * ADMIN_PAGE_SIZE;
  let request = supabase().from('orders').select(ORDER_LIST_COLUMNS, { count: 'exact' });
  if (query.status !== 'all') request = request.eq('status', query.status);
  const { data, error, count } = await request
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + ADMIN_PAGE_SIZE - 1);
  if (error) throw toApiError(error);
  return { rows: ((data ?? []) as AdminOrderListRow[]).map(orderRowFrom), total: count ?? 0 };
}

type AdminRefundRow = {
  id: string;
  order_id: string | null;
  kind: string;
  amount: number;
  currency: string;
  lines: unknown;
  reason: string;
  status: string;
  failure: string | null;
  attempts: number;
  created_at: string;
};
const REFUND_COLUMNS = 'id,order_id,kind,amount,currency,lines,reason,status,failure,attempts,created_at';

const refundLinesFrom = (value: unknown): RefundLine[] =>
  Array.isArray(value) ? value.flatMap((l) => (typeof l?.itemId === 'string' && Number.isInteger(l?.qty) ? [{ itemId: l.itemId as string, qty: l.qty as number }] : [])) : [];
const refundFrom = (row: AdminRefundRow): AdminRefund => ({
  id: row.id,
  orderId: row.order_id,
  kind: row.kind === 'cancel' || row.kind === 'unfulfillable' ? row.kind : 'partial',
  amount: row.amount,
  currency: row.currency,
  lines: refundLinesFrom(row.lines),
  reason: row.reason,
  status: row.status === 'succeeded' || row.status === 'failed' ? row.status : 'pending',
  failure: row.failure,
  attempts: row.attempts,
  createdAt: row.created_at,
});

type AdminOrderDetailRow = AdminOrderListRow & {
  subtotal: number;
  shipping: number;
  shipping_region: string | null;
  updated_at: string;
  shipping_address: unknown;
  refunded_total: number | null;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipped_at: string | null;
  vat_rate_basis_points: number | null;
  vat_amount: number | null;
  order_items: {
    id: string;
    title: string;
    sku: string | null;
    size: string | null;
    color: string | null;
    qty: number;
    unit_price: number;
    line_total: number;
    image: string | null;
  }[];
  refunds: AdminRefundRow[];
};
const ORDER_DETAIL_COLUMNS =
  `${ORDER_LIST_COLUMNS},subtotal,shipping,shipping_region,updated_at,shipping_address,refunded_total,carrier,tracking_number,tracking_url,shipped_at,vat_rate_basis_points,vat_amount,` +
  `order_items(id,title,sku,size,color,qty,unit_price,line_total,image),refunds(${REFUND_COLUMNS})`;

const timelineFrom = (value: unknown): TimelineEvent[] =>
  Array.isArray(value)
    ? value.flatMap((e) =>
        typeof e?.kind === 'string' && typeof e?.at === 'string'
          ? [
              {
                kind: e.kind as string,
                at: e.at as string,
                data: typeof e.data === 'object' && e.data !== null ? (e.data as Record<string, unknown>) : {},
                actor: typeof e.actor === 'string' ? e.actor : null,
              },
            ]
          : [],
      )
    : [];

/** One order with its lines (in cart order), refunds (oldest first) and timeline; null when there is none. */
export async function fetchAdminOrder({ orderNumber }: { orderNumber: string }): Promise<AdminOrderDetail | null> {
  const { data, error } = await supabase()
    .from('orders')
    .select(ORDER_DETAIL_COLUMNS)
    .eq('order_number', orderNumber)
    .order('position', { referencedTable: 'order_items' })
    .order('created_at', { referencedTable: 'refunds' })
    .maybeSingle();
  if (error) throw toApiError(error);
  if (!data) return null;
  const row = data as unknown as AdminOrderDetailRow;
  const [timeline, withdrawals] = await Promise.all([supabase().rpc('order_timeline', { order_id: row.id }), fetchOrderWithdrawals({ orderId: row.id })]);
  if (timeline.error) throw toApiError(timeline.error);
  return {
    ...orderRowFrom(row),
    subtotal: row.subtotal,
    shipping: row.shipping,
    shippingRegion: row.shipping_region,
    updatedAt: row.updated_at,
    lines: row.order_items.map((item) => ({
      id: item.id,
      title: item.title,
      sku: item.sku,
      size: item.size,
      color: item.color,
      qty: item.qty,
      unitPrice: item.unit_price,
      lineTotal: item.line_total,
      image: item.image,
    })),
    shippingAddress: parseShippingAddress(row.shipping_address),
    refundedTotal: row.refunded_total ?? 0,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    trackingUrl: row.tracking_url,
    shippedAt: row.shipped_at,
    vat: row.vat_rate_basis_points !== null && row.vat_amount !== null ? { rateBasisPoints: row.vat_rate_basis_points, amount: row.vat_amount } : null,
    refunds: (row.refunds ?? []).map(refundFrom),
    timeline: timelineFrom(timeline.data),
    withdrawals,
  };
}

/** Payments that could not become an order and were refunded automatically (ADR 0021), newest first. */
export async function fetchUnfulfillableRefunds(): Promise<AdminRefund[]> {
  const { data, error } = await supabase().from('refunds').select(REFUND_COLUMNS).eq('kind', 'unfulfillable').order('created_at', { ascending: false }).limit(50);
  if (error) throw toApiError(error);
  return ((data ?? []) as AdminRefundRow[]).map(refundFrom);
}

/** ship_order's refusals (PostgREST errors whose hint names them), as the kinds a machine branches on. */
const SHIP_REFUSALS: Record<string, ApiErrorKind> = {
  carrier_invalid: 'invalid',
  tracking_invalid: 'invalid',
  stale: 'conflict',
  refund_in_progress: 'conflict',
  not_found: 'not_found',
};

/** Mark a paid or processing order shipped with an optional carrier and tracking number; a refusal carries its hint as `code`. */
export async function shipOrder({ id, carrier, trackingNumber }: ShipInput): Promise<Shipment> {
  const { data, error } = await supabase().rpc('ship_order', { order_id: id, carrier, tracking_number: trackingNumber });
  if (error) {
    const hint = (error as { hint?: unknown }).hint;
    if (typeof hint === 'string' && Object.hasOwn(SHIP_REFUSALS, hint)) throw new ApiError(SHIP_REFUSALS[hint], error.message, { code: hint });
    throw toApiError(error);
  }
  const shipped = (data ?? {}) as Record<string, unknown>;
  const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    status: textOrNull(shipped.status) ?? 'shipped',
    updatedAt: textOrNull(shipped.updatedAt) ?? new Date().toISOString(),
    carrier: textOrNull(shipped.carrier),
    trackingNumber: textOrNull(shipped.trackingNumber),
    trackingUrl: textOrNull(shipped.trackingUrl),
    shippedAt: textOrNull(shipped.shippedAt),
  };
}

/** The payment provider did not pay it back (refund-order's 502): the order is as it was; `refund` (failed) can be retried. */
export class RefundFailedError extends ApiError {
  readonly refund: AdminRefund;
  constructor(message: string, refund: AdminRefund) {
    super('unknown', message, { code: 'provider_failed', status: 502 });
    this.name = 'RefundFailedError';
    this.refund = refund;
  }
}

const refundFromFunction = (value: Record<string, unknown>): AdminRefund =>
  refundFrom({
    id: String(value.id),
    order_id: typeof value.orderId === 'string' ? value.orderId : null,
    kind: String(value.kind),
    amount: Number(value.amount),
    currency: String(value.currency),
    lines: value.lines,
    reason: String(value.reason ?? ''),
    status: String(value.status),
    failure: typeof value.failure === 'string' ? value.failure : null,
    attempts: Number(value.attempts ?? 0),
    created_at: String(value.createdAt ?? ''),
  });

/**
 * refund-order: a new refund ({orderId, lines, reason, cancel}) or Retry of a failed one
 * ({refundId}). Answers the refund paid back; throws RefundFailedError when the provider failed,
 * else an ApiError whose `code` is the function's (refund_in_progress, over_refund, reason_missing, …).
 */
export async function refundOrder(request: RefundRequest): Promise<AdminRefund> {
  const { data, error } = await functionsClient().invoke<{ refund?: Record<string, unknown> }>('refund-order', { body: request });
  if (error) {
    if (!(error instanceof FunctionsHttpError)) throw new ApiError('network', error.message);
    const response = error.context as Response;
    const body = (await response.json().catch(() => ({}))) as { error?: unknown; code?: unknown; refund?: unknown };
    const message = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
    if (response.status === 502 && typeof body.refund === 'object' && body.refund !== null) {
      throw new RefundFailedError(message, refundFromFunction(body.refund as Record<string, unknown>));
    }
    const apiError = toApiError({ status: response.status, message });
    throw typeof body.code === 'string' ? new ApiError(apiError.kind, message, { code: body.code, status: response.status }) : apiError;
  }
  if (!data?.refund) throw new ApiError('unknown', 'refund-order answered without a refund');
  return refundFromFunction(data.refund);
}

/**
 * Move an order on (the database checks the move is allowed and puts stock back on a cancel). The
 * update applies only while the order still has the status the admin saw, so two admins never
 * cancel one order twice.
 */
export async function setOrderStatus({ id, from, to }: { id: string; from: string; to: OrderStatus }): Promise<{ status: string; updatedAt: string }> {
  const { data, error } = await supabase().from('orders').update({ status: to }).eq('id', id).eq('status', from).select('status,updated_at').maybeSingle();
  if (error) throw toApiError(error);
  if (!data) throw stale('This order was changed somewhere else; reload it to see its status.');
  return { status: data.status, updatedAt: data.updated_at };
}

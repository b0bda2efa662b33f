/**
 * The admin's domain: what the catalogue, review and order screens edit, and the rules they keep
 * (SPEC §2 Admin, §4, §5, §9). Pure TypeScript: the machines, the views and src/api/admin.ts share it.
 */
import type { ShippingAddress, VatContained } from './orders';
import type { Category } from './catalogue';

export const PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const isProductStatus = (value: unknown): value is ProductStatus =>
  typeof value === 'string' && (PRODUCT_STATUSES as readonly string[]).includes(value);

/** SPEC §4 Admin list toggle: a non-published product becomes published; a published one becomes draft. */
export const toggledStatus = (status: ProductStatus): ProductStatus => (status === 'published' ? 'draft' : 'published');

// ── Limits (SPEC §9 and the database's constraints, so the form says it before the database does) ──
export const TITLE_MAX = 200;
export const SUBTITLE_MAX = 200;
export const DESCRIPTION_MAX = 10_000;
export const SLUG_MAX = 200;
export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;
export const TAGS_MAX = 30;
export const SKU_MAX = 64;
export const SIZE_MAX = 20;
export const COLOR_MAX = 40;
export const BARCODE_MAX = 64;
export const ALT_MAX = 300;
/** Whole cents; €1,000,000.00 is far above anything the shop sells and keeps integers safe. */
export const PRICE_MAX_CENTS = 100_000_000;
export const INVENTORY_MAX = 1_000_000;
/** The product-images bucket's limits (supabase/migrations/20251101000500_storage.sql). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const IMAGES_MAX = 12;
/** A product whose stock across its variants is at or below this is marked "Low stock". */
export const LOW_STOCK_THRESHOLD = 5;
export const ADMIN_PAGE_SIZE = 25;

/** SPEC §5 Slug: lowercased; characters other than letters, digits, spaces and hyphens removed; spaces → hyphens; repeats collapsed. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** SPEC §5 Tags: comma separated, trimmed, empties dropped (and duplicates, which mean nothing). */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(',').map((tag) => tag.trim()).filter(Boolean))];
}

/** SPEC §9: admin input in currency units × 100, rounded. Null for text that is not a number. */
export function toCents(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d*)?$|^-?\.\d+$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

export const centsToInput = (cents: number | null | undefined): string => (cents == null ? '' : (cents / 100).toFixed(2));

// ── The product form ──────────────────────────────────────────────────────────────────────────

/** One variant row as typed: numbers stay text until they are saved, so the admin sees what they typed. */
export type VariantDraft = {
  /** A stable key for the row in the view (not the database id). */
  key: string;
  /** The saved variant's id; null for a row added in this form. */
  id: string | null;
  sku: string;
  size: string;
  color: string;
  price: string;
  compareAtPrice: string;
  inventory: string;
  barcode: string;
};

/** An image in the form: one already saved (a media row), or a file picked in this form. */
export type ImageDraft = {
  key: string;
  /** The media row's id once it is saved. */
  mediaId: string | null;
  /** The public URL once uploaded (or of the saved image). */
  url: string | null;
  /** Picked in this form and not uploaded yet. */
  file: File | null;
  /** What the view shows before the upload (an object URL of the file). */
  previewUrl: string;
  fileName: string;
  alt: string;
  width: number | null;
  height: number | null;
};

export type ProductValues = {
  title: string;
  subtitle: string;
  description: string;
  titleDe: string;
  subtitleDe: string;
  descriptionDe: string;
  category: Category | '';
  status: ProductStatus;
  featured: boolean;
  slug: string;
  metaTitle: string;
  metaDescription: string;
  /** As typed: "a, b, c" (parseTags on save). */
  tags: string;
};

export type ProductTextField = Exclude<keyof ProductValues, 'featured'>;

/** A product as the edit form loads it. */
export type AdminProduct = {
  id: string;
  updatedAt: string;
  values: ProductValues;
  variants: VariantDraft[];
  images: ImageDraft[];
};

export const emptyProductValues = (): ProductValues => ({
  title: '',
  subtitle: '',
  description: '',
  titleDe: '',
  subtitleDe: '',
  descriptionDe: '',
  category: '',
  status: 'draft',
  featured: false,
  slug: '',
  metaTitle: '',
  metaDescription: '',
  tags: '',
});

export const emptyVariant = (key: string): VariantDraft => ({
  key,
  id: null,
  sku: '',
  size: '',
  color: '',
  price: '',
  compareAtPrice: '',
  inventory: '0',
  barcode: '',
});

/**
 * SPEC §5: the slug and the meta title follow the title while they are empty or still equal to
 * what the previous title produced; once the admin types their own, they stay. A saved product's
 * slug is its address (links, search engines, order e-mails), so on edits it follows only when
 * `followSlug` says so (the form: while creating).
 */
export function withTitle(values: ProductValues, title: string, { followSlug = true }: { followSlug?: boolean } = {}): ProductValues {
  const next = { ...values, title };
  if (followSlug && (values.slug === '' || values.slug === slugify(values.title))) next.slug = slugify(title);
  const previousMeta = values.title.slice(0, META_TITLE_MAX);
  if (values.metaTitle === '' || values.metaTitle === previousMeta) next.metaTitle = title.slice(0, META_TITLE_MAX);
  return next;
}

/** Why a field is invalid; the view words each reason in the admin's language. */
export type FieldProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'slugFormat' }
  | { kind: 'slugTaken' }
  | { kind: 'skuTaken' }
  | { kind: 'skuRepeated' }
  | { kind: 'notANumber' }
  | { kind: 'pricePositive' }
  | { kind: 'tooLarge'; max: number }
  | { kind: 'notNegative' }
  | { kind: 'wholeNumber' }
  | { kind: 'tooManyTags'; max: number };

/** Field paths: a product field name, `variants.<key>.<field>` or `images.<key>.alt`. */
export type FieldPath = ProductTextField | `variants.${string}.${keyof VariantDraft & string}` | `images.${string}.alt` | 'variants' | 'images';
export type FormErrors = Partial<Record<FieldPath, FieldProblem>>;

export const variantPath = (key: string, field: keyof VariantDraft & string): FieldPath => `variants.${key}.${field}`;

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function checkLength(errors: FormErrors, path: FieldPath, value: string, max: number) {
  if (value.length > max) errors[path] = { kind: 'tooLong', max };
}

function checkCents(text: string, { required, positive }: { required: boolean; positive: boolean }): FieldProblem | null {
  if (text.trim() === '') return required ? { kind: 'required' } : null;
  const cents = toCents(text);
  if (cents === null) return { kind: 'notANumber' };
  if (positive && cents <= 0) return { kind: 'pricePositive' };
  if (cents < 0) return { kind: 'notNegative' };
  if (cents > PRICE_MAX_CENTS) return { kind: 'tooLarge', max: PRICE_MAX_CENTS / 100 };
  return null;
}

function checkInventory(text: string): FieldProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'required' };
  if (!/^-?\d+$/.test(trimmed)) return /^-?\d*[.,]\d+$/.test(trimmed) ? { kind: 'wholeNumber' } : { kind: 'notANumber' };
  const value = Number(trimmed);
  if (value < 0) return { kind: 'notNegative' };
  if (value > INVENTORY_MAX) return { kind: 'tooLarge', max: INVENTORY_MAX };
  return null;
}

/**
 * SPEC §5 Product form, made visible: every invalid field with its reason, in the order the form
 * shows them (the view focuses the first). An empty object means the product can be saved.
 */
export function validateProduct(values: ProductValues, variants: VariantDraft[], images: ImageDraft[] = []): FormErrors {
  const errors: FormErrors = {};
  if (values.title.trim() === '') errors.title = { kind: 'required' };
  else checkLength(errors, 'title', values.title, TITLE_MAX);
  checkLength(errors, 'subtitle', values.subtitle, SUBTITLE_MAX);
  if (values.description.trim() === '') errors.description = { kind: 'required' };
  else checkLength(errors, 'description', values.description, DESCRIPTION_MAX);
  if (values.category === '') errors.category = { kind: 'required' };
  checkLength(errors, 'titleDe', values.titleDe, TITLE_MAX);
  checkLength(errors, 'subtitleDe', values.subtitleDe, SUBTITLE_MAX);
  checkLength(errors, 'descriptionDe', values.descriptionDe, DESCRIPTION_MAX);
  if (values.slug.trim() === '') errors.slug = { kind: 'required' };
  else if (values.slug.length > SLUG_MAX) errors.slug = { kind: 'tooLong', max: SLUG_MAX };
  else if (!SLUG_PATTERN.test(values.slug)) errors.slug = { kind: 'slugFormat' };
  checkLength(errors, 'metaTitle', values.metaTitle, META_TITLE_MAX);
  checkLength(errors, 'metaDescription', values.metaDescription, META_DESCRIPTION_MAX);
  if (parseTags(values.tags).length > TAGS_MAX) errors.tags = { kind: 'tooManyTags', max: TAGS_MAX };

  if (variants.length === 0) errors.variants = { kind: 'required' };
  const skuCounts = new Map<string, number>();
  for (const v of variants) skuCounts.set(v.sku.trim().toLowerCase(), (skuCounts.get(v.sku.trim().toLowerCase()) ?? 0) + 1);
  for (const v of variants) {
    const sku = v.sku.trim();
    if (sku === '') errors[variantPath(v.key, 'sku')] = { kind: 'required' };
    else if (sku.length > SKU_MAX) errors[variantPath(v.key, 'sku')] = { kind: 'tooLong', max: SKU_MAX };
    else if ((skuCounts.get(sku.toLowerCase()) ?? 0) > 1) errors[variantPath(v.key, 'sku')] = { kind: 'skuRepeated' };
    checkLength(errors, variantPath(v.key, 'size'), v.size.trim(), SIZE_MAX);
    checkLength(errors, variantPath(v.key, 'color'), v.color.trim(), COLOR_MAX);
    const price = checkCents(v.price, { required: true, positive: true });
    if (price) errors[variantPath(v.key, 'price')] = price;
    const compareAt = checkCents(v.compareAtPrice, { required: false, positive: false });
    if (compareAt) errors[variantPath(v.key, 'compareAtPrice')] = compareAt;
    const inventory = checkInventory(v.inventory);
    if (inventory) errors[variantPath(v.key, 'inventory')] = inventory;
    checkLength(errors, variantPath(v.key, 'barcode'), v.barcode.trim(), BARCODE_MAX);
  }
  for (const image of images) checkLength(errors, `images.${image.key}.alt`, image.alt, ALT_MAX);
  return errors;
}

export const hasErrors = (errors: FormErrors) => Object.keys(errors).length > 0;

/** Why a picked file is not taken (SPEC §5: jpeg, jpg, png, webp only; the bucket's size limit). */
export type FileProblem = { kind: 'type' } | { kind: 'size'; maxBytes: number } | { kind: 'tooMany'; max: number };

export function checkImageFile(file: Pick<File, 'name' | 'type' | 'size'>): FileProblem | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type) || !(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return { kind: 'type' };
  if (file.size > IMAGE_MAX_BYTES) return { kind: 'size', maxBytes: IMAGE_MAX_BYTES };
  return null;
}

/** What the save writes for the variants step (src/api/admin.ts saveVariants). */
export type VariantInput = {
  id: string | null;
  sku: string;
  size: string | null;
  color: string | null;
  price: number;
  compareAtPrice: number | null;
  inventory: number;
  barcode: string | null;
};

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Call only after validateProduct found nothing. */
export function variantInputs(variants: VariantDraft[]): VariantInput[] {
  return variants.map((v) => ({
    id: v.id,
    sku: v.sku.trim(),
    size: blankToNull(v.size),
    color: blankToNull(v.color),
    price: toCents(v.price) ?? 0,
    compareAtPrice: v.compareAtPrice.trim() === '' ? null : toCents(v.compareAtPrice),
    inventory: Number(v.inventory.trim()),
    barcode: blankToNull(v.barcode),
  }));
}

/** What the save writes for the product step (src/api/admin.ts createProduct/updateProduct). */
export type ProductInput = {
  title: string;
  subtitle: string | null;
  description: string;
  titleDe: string | null;
  subtitleDe: string | null;
  descriptionDe: string | null;
  category: Category;
  status: ProductStatus;
  featured: boolean;
  slug: string;
  metaTitle: string | null;
  metaDescription: string | null;
  tags: string[];
};

/** Call only after validateProduct found nothing. */
export function productInput(values: ProductValues): ProductInput {
  return {
    title: values.title.trim(),
    subtitle: blankToNull(values.subtitle),
    description: values.description.trim(),
    titleDe: blankToNull(values.titleDe),
    subtitleDe: blankToNull(values.subtitleDe),
    descriptionDe: blankToNull(values.descriptionDe),
    category: values.category as Category,
    status: values.status,
    featured: values.featured,
    slug: values.slug.trim(),
    metaTitle: blankToNull(values.metaTitle),
    metaDescription: blankToNull(values.metaDescription),
    tags: parseTags(values.tags),
  };
}

/** SPEC §7 Images: alt '{title} image {n}' when the admin wrote none. */
export const defaultAlt = (title: string, index: number) => `${title.trim()} image ${index + 1}`;

/** What the media step writes: the images in display order (first = primary). */
export type MediaInput = { id: string | null; url: string; alt: string; width: number | null; height: number | null };

// ── The admin product list ───────────────────────────────────────────────────────────────────

export type AdminProductRow = {
  id: string;
  slug: string;
  title: string;
  status: ProductStatus;
  featured: boolean;
  updatedAt: string;
  image: string | null;
  totalInventory: number;
  variantCount: number;
};

export const isLowStock = (row: Pick<AdminProductRow, 'totalInventory'>) => row.totalInventory <= LOW_STOCK_THRESHOLD;

export type AdminSort = 'updated_desc' | 'updated_asc';
export type AdminProductQuery = { q: string; status: ProductStatus | 'all'; sort: AdminSort; page: number };
export const DEFAULT_ADMIN_PRODUCT_QUERY: AdminProductQuery = { q: '', status: 'all', sort: 'updated_desc', page: 1 };
export type Page<T> = { rows: T[]; total: number };

// ── Reviews ──────────────────────────────────────────────────────────────────────────────────

export type PendingReview = {
  id: string;
  productId: string;
  productTitle: string;
  productSlug: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  authorEmail: string | null;
  createdAt: string;
};
export type ReviewDecision = 'approved' | 'rejected';

// ── Orders ───────────────────────────────────────────────────────────────────────────────────

export const ORDER_STATUSES = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * Where an admin may move an order by a plain status change (the database enforces the same table:
 * private.order_status_moves, supabase/migrations/20251127000000_ship_and_refund.sql). A paid or
 * processing order is cancelled only by refunding it (cancelByRefund); `refunded` is set by a
 * refund only. Shipped goods cannot be cancelled.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['cancelled'],
  paid: ['processing', 'shipped'],
  processing: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  refunded: [],
};
export const nextStatuses = (status: string): readonly OrderStatus[] => (isOrderStatus(status) ? ORDER_TRANSITIONS[status] : []);
/** Changes that need a confirmation first (a pending order's cancel; a paid one's goes through cancelByRefund). */
export const needsConfirmation = (status: OrderStatus) => status === 'cancelled';
/** Shipping goes through the ship dialog (carrier and tracking number), never a bare status change. */
export const shipsWithDialog = (status: OrderStatus) => status === 'shipped';
/** An order not yet shipped is cancelled by refunding what is left (request_refund with cancel). */
export const cancelByRefund = (status: string) => status === 'paid' || status === 'processing';
/** Statuses whose payment can be given back, in part or whole (request_refund's not_refundable otherwise). */
export const isRefundableStatus = (status: string) => status === 'paid' || status === 'processing' || status === 'shipped' || status === 'delivered';

// ── Shipping ────────────────────────────────────────────────────────────────────────────────

export const CARRIERS = ['dhl', 'dpd', 'ups', 'royal_mail', 'usps', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const isCarrier = (value: unknown): value is Carrier => typeof value === 'string' && (CARRIERS as readonly string[]).includes(value);
/** Carriers by their own names (not translated). */
export const CARRIER_NAMES: Record<Exclude<Carrier, 'other'>, string> = { dhl: 'DHL', dpd: 'DPD', ups: 'UPS', royal_mail: 'Royal Mail', usps: 'USPS' };
/** The database's orders_tracking_number_format: 3–40 letters, digits, spaces or hyphens, starting with a letter or digit. */
export const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]{2,39}$/;
export const TRACKING_NUMBER_MAX = 40;

/** The ship dialog's fields as typed; carrier '' = none given. */
export type ShipValues = { carrier: Carrier | ''; trackingNumber: string };
export type ShipField = keyof ShipValues;
export type ShipProblem = 'tracking_invalid' | 'carrier_invalid';
export type ShipErrors = Partial<Record<ShipField, ShipProblem>>;

/** ship_order's rules, said before it does: an empty number is fine, anything else must match (after trimming). */
export function validateShipment(values: ShipValues): ShipErrors {
  const errors: ShipErrors = {};
  const number = values.trackingNumber.trim();
  if (number !== '' && !TRACKING_NUMBER.test(number)) errors.trackingNumber = 'tracking_invalid';
  if (values.carrier !== '' && !isCarrier(values.carrier)) errors.carrier = 'carrier_invalid';
  return errors;
}

/** What ship_order is sent: blanks as null. */
export type ShipInput = { id: string; carrier: Carrier | null; trackingNumber: string | null };
export const shipInput = (id: string, values: ShipValues): ShipInput => ({
  id,
  carrier: values.carrier === '' ? null : values.carrier,
  trackingNumber: values.trackingNumber.trim() === '' ? null : values.trackingNumber.trim(),
});

/** ship_order's answer. */
export type Shipment = {
  status: string;
  updatedAt: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: string | null;
};

// ── Refunds ─────────────────────────────────────────────────────────────────────────────────

export const REFUND_KINDS = ['cancel', 'partial', 'unfulfillable'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
export type RefundStatus = 'pending' | 'succeeded' | 'failed';
/** Why a payment could not become an order (settle_checkout_session). */
export type UnfulfillableReason = 'unavailable' | 'price_changed' | 'sold_out';
export const REFUND_REASON_MAX = 500;

export type RefundLine = { itemId: string; qty: number };
/** A refunds row as the admin reads it. */
export type AdminRefund = {
  id: string;
  orderId: string | null;
  kind: RefundKind;
  amount: number;
  currency: string;
  lines: RefundLine[];
  reason: string;
  status: RefundStatus;
  failure: string | null;
  attempts: number;
  createdAt: string;
};

/** What refund-order is sent: a new refund, or Retry of a failed one. */
export type RefundRequest = { orderId: string; lines: RefundLine[]; reason: string; cancel: boolean } | { refundId: string };

/** How much of one order line can still be refunded: ordered minus what succeeded or pending refunds took (private.refundable_qty). */
export function refundableQty(line: Pick<AdminOrderLine, 'id' | 'qty'>, refunds: readonly AdminRefund[]): number {
  const taken = refunds
    .filter((r) => r.status === 'pending' || r.status === 'succeeded')
    .flatMap((r) => r.lines)
    .filter((l) => l.itemId === line.id)
    .reduce((sum, l) => sum + l.qty, 0);
  return Math.max(0, line.qty - taken);
}

/** What is left of the money paid (request_refund's remaining). */
export const refundableAmount = (order: Pick<AdminOrderDetail, 'total' | 'refundedTotal'>) => Math.max(0, order.total - order.refundedTotal);

/** A partial refund's amount: the chosen quantities at the prices paid. */
export const refundAmount = (lines: readonly { unitPrice: number; qty: number }[]) => lines.reduce((sum, l) => sum + l.unitPrice * l.qty, 0);

/** Whether the order offers a Refund (some line left, some money left, no refund under way). */
export const canRefund = (order: AdminOrderDetail) =>
  isRefundableStatus(order.status) &&
  refundableAmount(order) > 0 &&
  !order.refunds.some((r) => r.status === 'pending') &&
  order.lines.some((line) => refundableQty(line, order.refunds) > 0);

/** Whether "Cancel and refund" is offered: not shipped yet, money left, no refund under way. */
export const canCancelByRefund = (order: AdminOrderDetail) => cancelByRefund(order.status) && refundableAmount(order) > 0 && !order.refunds.some((r) => r.status === 'pending');

export const canShip = (order: AdminOrderDetail) => nextStatuses(order.status).includes('shipped') && !order.refunds.some((r) => r.status === 'pending');

/** One order line in the refund dialog: how many to give back, up to what is left of it. */
export type RefundDraftLine = {
  itemId: string;
  title: string;
  size: string | null;
  color: string | null;
  unitPrice: number;
  /** Ordered minus already refunded (refundableQty). */
  max: number;
  qty: number;
};
/** A partial refund names lines; a cancel refunds everything left (the database picks the lines). */
export type RefundMode = 'partial' | 'cancel';
export type RefundErrors = { lines?: 'required'; reason?: 'required' | 'too_long' };

/** The order's lines with something left to refund, none chosen yet (a cancel takes them all). */
export const refundDraftLines = (order: AdminOrderDetail, mode: RefundMode): RefundDraftLine[] =>
  order.lines
    .map((line) => ({ line, max: refundableQty(line, order.refunds) }))
    .filter(({ max }) => max > 0)
    .map(({ line, max }) => ({ itemId: line.id, title: line.title, size: line.size, color: line.color, unitPrice: line.unitPrice, max, qty: mode === 'cancel' ? max : 0 }));

/** A quantity as the admin may set it: a whole number from 0 to what is left. */
export const clampQty = (qty: number, max: number) => (Number.isFinite(qty) ? Math.min(max, Math.max(0, Math.trunc(qty))) : 0);

/** request_refund's rules, said before it does: a reason (≤ 500 after trimming), and for a partial refund at least one line. */
export function validateRefund(mode: RefundMode, lines: readonly RefundDraftLine[], reason: string): RefundErrors {
  const errors: RefundErrors = {};
  if (mode === 'partial' && !lines.some((l) => l.qty > 0)) errors.lines = 'required';
  const trimmed = reason.trim();
  if (trimmed === '') errors.reason = 'required';
  else if (trimmed.length > REFUND_REASON_MAX) errors.reason = 'too_long';
  return errors;
}

// ── The timeline ────────────────────────────────────────────────────────────────────────────

export type TimelineKind = 'paid' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'refunded' | 'refund_failed' | 'email_sent';
/** One order_timeline entry, oldest first; `data` as the database wrote it (read with care: it is JSON). */
export type TimelineEvent = { kind: string; at: string; data: Record<string, unknown>; actor: string | null };

// ── Addresses ───────────────────────────────────────────────────────────────────────────────


/** The address as a label is written (name, street lines, postcode and city, country), for the clipboard. */
export const addressLines = (address: ShippingAddress, countryName: string): string[] =>
  [address.name, address.line1, address.line2 ?? '', `${address.postalCode} ${address.city}`.trim(), countryName, address.phone ?? ''].filter((line) => line.trim() !== '');

export type AdminOrderRow = {
  id: string;
  orderNumber: string;
  email: string | null;
  total: number;
  currency: string;
  status: string;
  createdAt: string;
};
export type AdminOrderLine = { id: string; title: string; sku: string | null; size: string | null; color: string | null; qty: number; unitPrice: number; lineTotal: number; image: string | null };
export type AdminOrderDetail = AdminOrderRow & {
  subtotal: number;
  shipping: number;
  shippingRegion: string | null;
  updatedAt: string;
  lines: AdminOrderLine[];
  /** Null for orders placed before addresses were kept. */
  shippingAddress: ShippingAddress | null;
  refundedTotal: number;
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's page for the number (set by ship_order); null for another carrier. */
  trackingUrl: string | null;
  shippedAt: string | null;
  /** The VAT the total contains; null for exports and orders of unknown destination. */
  vat?: VatContained | null;
  /** This order's refunds, oldest first. */
  refunds: AdminRefund[];
  timeline: TimelineEvent[];
  /** Withdrawals declared for this order through the withdrawal function (ADR 0025), oldest first. */
  withdrawals: AdminWithdrawal[];
};
/** A withdrawal as the admin sees it, on the order and in /admin/withdrawals. */
export type AdminWithdrawal = {
  id: string;
  orderNumber: string;
  /** When the declaration reached the shop. */
  receivedAt: string;
  /** The address the confirmation of receipt went to; null once the customer's account was deleted. */
  email: string | null;
  name: string | null;
  /** The consumer's own words (which items, anything else). */
  statement: string | null;
  /** Received more than 14 days after delivery: accepted, and the seller judges it. */
  late: boolean;
  deliveredAt: string | null;
};
export type AdminOrderQuery = { status: OrderStatus | 'all'; page: number };

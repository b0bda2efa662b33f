/**
 * A product as the admin edits it (SPEC §2 Admin, §5, §9): its statuses, the limits the database
 * keeps (so the form says them first), and how typed text becomes the values it stores.
 */

export const PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const isProductStatus = (value: unknown): value is ProductStatus => typeof value === 'string' && (PRODUCT_STATUSES as readonly string[]).includes(value);

/** SPEC §4 Admin list toggle: a non-published product becomes published; a published one becomes draft. */
export const toggledStatus = (status: ProductStatus): ProductStatus => (status === 'published' ? 'draft' : 'published');

// ── Limits (SPEC §9 and the database's constraints, so the form says it before the database does) ──
export const TITLE_MAX = 200;
export const SUBTITLE_MAX = 200;
export const DESCRIPTION_MAX = 10_000;
export const SLUG_MAX = 200;
export const META_TITLE_MAX = 60;
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
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** SPEC §9: admin input in currency units × 100, rounded. Null for text that is not a number. */
export function toCents(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d*)?$|^-?\.\d+$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

export const centsToInput = (cents: number | null | undefined): string => (cents == null ? '' : (cents / 100).toFixed(2));

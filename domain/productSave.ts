/**
 * The product form's save as resumable steps (ADR 0016): product → variants → images → media,
 * and what each step writes (src/api/admin.ts) from what the admin typed.
 */
import type { Category } from './catalogue';
import { errorField } from './errors';
import { pendingImages } from './productImages';
import type { ImageDraft, ProductValues, VariantDraft } from './productForm';
import { type ProductStatus, parseTags, toCents } from './products';

export const SAVE_STEPS = ['product', 'variants', 'images', 'media'] as const;
export type SaveStep = (typeof SAVE_STEPS)[number];

/** Where a save starts: the resume step, or the media step when it is the images step with nothing left to upload. */
export function startStep(resumeStep: SaveStep, images: ImageDraft[]): SaveStep {
  return resumeStep === 'images' && pendingImages(images).length === 0 ? 'media' : resumeStep;
}

/** The earlier of two steps: where a save resumes after the admin changed what `b` writes. */
export const earlier = (a: SaveStep, b: SaveStep): SaveStep => (SAVE_STEPS.indexOf(a) <= SAVE_STEPS.indexOf(b) ? a : b);

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

/** The variants step's ids, written back by position: the next save updates these rows instead of inserting. */
export const withVariantIds = (variants: VariantDraft[], saved: { id: string }[]) => variants.map((v, i) => ({ ...v, id: saved[i]?.id ?? v.id }));

/** The update found the product changed since it was loaded (src/api/admin.ts: ApiError conflict/stale). */
export const isStale = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { kind?: unknown }).kind === 'conflict' && (error as { code?: unknown }).code === 'stale';

/** Another product has this slug (src/api/admin.ts names the field). */
export const isSlugTaken = (error: unknown) => errorField(error) === 'slug';

/** The row key of the variant whose SKU another variant already has, or null. */
export function takenSkuKey(error: unknown, variants: VariantDraft[]): string | null {
  const field = errorField(error);
  if (field === null || field === 'slug') return null;
  const sku = field.sku.trim().toLowerCase();
  return variants.find((variant) => variant.sku.trim().toLowerCase() === sku)?.key ?? null;
}

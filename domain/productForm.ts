/**
 * The admin product form (SPEC §5): what the admin types, its validation (every invalid field with
 * its reason), and which errors stay shown while the admin edits. The statechart is
 * machines/productFormMachine.ts.
 */
import type { Category } from './catalogue';
import { META_DESCRIPTION_MAX } from './catalogue';
import {
  ALT_MAX,
  BARCODE_MAX,
  COLOR_MAX,
  DESCRIPTION_MAX,
  INVENTORY_MAX,
  META_TITLE_MAX,
  PRICE_MAX_CENTS,
  type ProductStatus,
  parseTags,
  SIZE_MAX,
  SKU_MAX,
  SLUG_MAX,
  SUBTITLE_MAX,
  slugify,
  TAGS_MAX,
  TITLE_MAX,
  toCents,
} from './products';

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

export type VariantField = 'sku' | 'size' | 'color' | 'price' | 'compareAtPrice' | 'inventory' | 'barcode';

/** What `dirty` compares: the values, the variants' contents in order, the images (by key) and their alt texts in order. */
export function formFingerprint(values: ProductValues, variants: VariantDraft[], images: ImageDraft[]): string {
  return JSON.stringify([
    values,
    variants.map(({ sku, size, color, price, compareAtPrice, inventory, barcode }) => [sku, size, color, price, compareAtPrice, inventory, barcode]),
    images.map((image) => [image.key, image.alt]),
  ]);
}

const SERVER_PROBLEMS = new Set(['slugTaken', 'skuTaken']);

/**
 * After an edit: the errors already shown follow the form (a fixed field's error goes, a still-wrong
 * field's reason is updated); no new error appears before the next submit. The database's
 * "already taken" stays on its field until that field changes.
 */
export function refreshErrors(shown: FormErrors, values: ProductValues, variants: VariantDraft[], images: ImageDraft[], changed: FieldPath[]): FormErrors {
  const current = validateProduct(values, variants, images);
  const next: FormErrors = {};
  for (const [path, problem] of Object.entries(shown) as [FieldPath, NonNullable<FormErrors[FieldPath]>][]) {
    if (SERVER_PROBLEMS.has(problem.kind) && !changed.includes(path)) next[path] = problem;
    else if (current[path]) next[path] = current[path];
  }
  return next;
}

import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldPath, FormErrors, ImageDraft, ProductTextField, VariantDraft, VariantField } from '../../../../domain/productForm';

export type { VariantField };

/** The variant columns in the order the table shows them. */
export const VARIANT_FIELDS: readonly VariantField[] = ['sku', 'size', 'color', 'price', 'compareAtPrice', 'inventory', 'barcode'];

export const PRODUCT_FIELD_LABELS: Record<ProductTextField, MessageDescriptor> = {
  title: msg`Title`,
  subtitle: msg`Subtitle`,
  description: msg`Description`,
  category: msg`Category`,
  status: msg`Status`,
  titleDe: msg`Title (German)`,
  subtitleDe: msg`Subtitle (German)`,
  descriptionDe: msg`Description (German)`,
  slug: msg`Slug`,
  metaTitle: msg`Meta title`,
  metaDescription: msg`Meta description`,
  tags: msg`Tags`,
};

export const VARIANT_FIELD_LABELS: Record<VariantField, MessageDescriptor> = {
  sku: msg`SKU`,
  size: msg`Size`,
  color: msg`Colour`,
  price: msg`Price (€)`,
  compareAtPrice: msg`Compare-at price (€)`,
  inventory: msg`Inventory`,
  barcode: msg`Barcode`,
};

/** The product fields in the order the form shows them (sections Basic, German, SEO). */
const PRODUCT_FIELD_ORDER: readonly ProductTextField[] = [
  'title',
  'subtitle',
  'description',
  'category',
  'status',
  'titleDe',
  'subtitleDe',
  'descriptionDe',
  'slug',
  'metaTitle',
  'metaDescription',
  'tags',
];

/** The element id of a field (and, with "-error", of its message). Row keys may hold any character. */
export const fieldId = (path: FieldPath | 'images.input') => `product-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** The paths that have errors, in the order the form shows their fields: the first is focused. */
export function orderedErrorPaths(errors: FormErrors, variants: VariantDraft[], images: ImageDraft[]): FieldPath[] {
  const order: FieldPath[] = [
    ...PRODUCT_FIELD_ORDER,
    'images',
    ...images.map((image): FieldPath => `images.${image.key}.alt`),
    ...variants.flatMap((variant) => VARIANT_FIELDS.map((field): FieldPath => `variants.${variant.key}.${field}`)),
    'variants',
  ];
  return order.filter((path) => errors[path]);
}

/** How the error summary names a field ("Title", "Variant 2 · SKU", "Image 1 · Alt text"). */
export function fieldName(i18n: I18n, path: FieldPath, variants: VariantDraft[], images: ImageDraft[]): string {
  if (Object.hasOwn(PRODUCT_FIELD_LABELS, path)) return i18n._(PRODUCT_FIELD_LABELS[path as ProductTextField]);
  if (path === 'variants') return i18n._(msg`Variants`);
  if (path === 'images') return i18n._(msg`Product Images`);
  const [group, key, field] = path.split('.');
  if (group === 'variants') {
    const n = variants.findIndex((variant) => variant.key === key) + 1;
    const column = Object.hasOwn(VARIANT_FIELD_LABELS, field) ? i18n._(VARIANT_FIELD_LABELS[field as VariantField]) : field;
    return i18n._(msg`Variant ${n} · ${column}`);
  }
  const n = images.findIndex((image) => image.key === key) + 1;
  return i18n._(msg`Image ${n} · Alt text`);
}

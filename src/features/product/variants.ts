import { distinctColors, distinctSizes, inStock, type Variant } from '../../../domain/catalogue';

/** Below this many left, the page says "Only {n} left". */
export const LOW_STOCK = 5;

export type StockLevel = { kind: 'in' } | { kind: 'low'; left: number } | { kind: 'out' };
export function stockLevel(variant: Variant | null): StockLevel {
  if (!variant || variant.inventory <= 0) return { kind: 'out' };
  return variant.inventory <= LOW_STOCK ? { kind: 'low', left: variant.inventory } : { kind: 'in' };
}

/** One button of the picker: the variant a click selects, or none when nothing there can be bought. */
export type VariantOption = { value: string; variantId: string | null; soldOut: boolean; selected: boolean };
export type VariantGroups = { colors: VariantOption[]; sizes: VariantOption[]; others: VariantOption[] };

/**
 * The picker's groups for a product: colours and sizes when the variants have them (a size is
 * offered in the selected colour), or one button per variant when they differ in neither.
 * A single variant needs no picker.
 */
export function variantGroups(variants: Variant[], selected: Variant | null): VariantGroups {
  const none: VariantGroups = { colors: [], sizes: [], others: [] };
  if (variants.length < 2) return none;
  const colors = distinctColors({ variants });
  const sizes = distinctSizes({ variants });
  if (colors.length < 2 && sizes.length < 2) {
    return { ...none, others: variants.map((v) => ({ value: v.sku, variantId: inStock(v) ? v.id : null, soldOut: !inStock(v), selected: v.id === selected?.id })) };
  }
  const colorOptions =
    colors.length < 2
      ? []
      : colors.map((color) => {
          const ofColor = variants.filter((v) => v.color === color && inStock(v));
          const target = ofColor.find((v) => v.size === selected?.size) ?? ofColor[0] ?? null;
          return { value: color, variantId: target?.id ?? null, soldOut: ofColor.length === 0, selected: selected?.color === color };
        });
  const inColor = (v: Variant) => colors.length < 2 || v.color === selected?.color;
  const sizeOptions =
    sizes.length < 2
      ? []
      : sizes.map((size) => {
          const target = variants.find((v) => v.size === size && inColor(v) && inStock(v)) ?? null;
          return { value: size, variantId: target?.id ?? null, soldOut: target === null, selected: selected?.size === size };
        });
  return { colors: colorOptions, sizes: sizeOptions, others: [] };
}

/**
 * The catalogue as the storefront sees it (SPEC §3), and the small rules every browsing flow
 * shares: which variant a quick add takes, what "in stock" means, which language a text is shown
 * in. Plain TypeScript: the machines, the api layer and the views all read it.
 */

export const CATEGORIES = ['clothing', 'accessories', 'equipment', 'supplements'] as const;
export type Category = (typeof CATEGORIES)[number];
export const isCategory = (value: unknown): value is Category => typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);

export type Variant = {
  id: string;
  sku: string;
  size: string | null;
  color: string | null;
  /** Minor units (cents). */
  price: number;
  compare_at_price: number | null;
  /**
   * The lowest price of the 30 days before the reduction now shown began (§ 11 PAngV), kept by the
   * database (docs/adr/0027); null when no reduction is shown.
   */
  prior_lowest_price: number | null;
  inventory: number;
};

export type Media = {
  url: string;
  alt: string | null;
  width: number | null;
  height: number | null;
  is_primary: boolean;
  sort_order: number;
};

/** The texts a product has in both languages (German columns may be empty: English is the fallback). */
type ProductTexts = {
  title: string;
  subtitle: string | null;
  title_de: string | null;
  subtitle_de: string | null;
};

/** What a card (featured, shop, related) shows and what a quick add needs. */
export type ProductSummary = ProductTexts & {
  id: string;
  slug: string;
  category: string;
  tags: string[];
  currency: string;
  featured: boolean;
  created_at: string;
  variants: Variant[];
  media: Media[];
};

/** The product page: the summary plus the long texts and SEO fields. */
export type Product = ProductSummary & {
  description: string | null;
  description_de: string | null;
  meta_title: string | null;
  meta_description: string | null;
  og_image: string | null;
};

/** One search result (SPEC §7 Search: id, slug, title, subtitle, media url/is_primary). */
export type SearchResult = ProductTexts & {
  id: string;
  slug: string;
  media: Pick<Media, 'url' | 'is_primary'>[];
};

// ── Rules ────────────────────────────────────────────────────────────────────────────────────

/** SPEC §9. */
export const SHOP_PAGE_SIZE = 12;
export const FEATURED_HOME_LIMIT = 6;
export const FEATURED_DEFAULT_LIMIT = 8;
export const RELATED_LIMIT = 4;
export const SEARCH_LIMIT = 10;
export const SEARCH_DEBOUNCE_MS = 300;
export const MAX_THUMBNAILS = 4;
export const META_DESCRIPTION_MAX = 160;

/** Variants in a stable order: the order the admin entered them in is the order the shop shows. */
export const inStock = (variant: Variant) => variant.inventory > 0;

export const firstInStockVariant = (product: Pick<ProductSummary, 'variants'>): Variant | null => product.variants.find(inStock) ?? null;

const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];
export const distinctSizes = (product: Pick<ProductSummary, 'variants'>) => distinct(product.variants.map((v) => v.size));
export const distinctColors = (product: Pick<ProductSummary, 'variants'>) => distinct(product.variants.map((v) => v.color));

/** SPEC §4 quick add (shop cards): several sizes or colours need a choice on the product page. */
export type QuickAdd = { kind: 'add'; variant: Variant } | { kind: 'choose' };
export function quickAddFromShop(product: Pick<ProductSummary, 'variants'>): QuickAdd {
  if (distinctSizes(product).length > 1 || distinctColors(product).length > 1) return { kind: 'choose' };
  const variant = firstInStockVariant(product);
  return variant ? { kind: 'add', variant } : { kind: 'choose' };
}

/** SPEC §4 featured add: the first variant in stock, else the product page. */
export function quickAddFromFeatured(product: Pick<ProductSummary, 'variants'>): QuickAdd {
  const variant = firstInStockVariant(product);
  return variant ? { kind: 'add', variant } : { kind: 'choose' };
}

/** A variant's price as a shopper sees it: the compare-at price only above the price, with the lowest price of the last 30 days. */
export type ShownPrice = { price: number; compareAt: number | null; priorLowest: number | null };
export function shownPrice(variant: Pick<Variant, 'price' | 'compare_at_price' | 'prior_lowest_price'>): ShownPrice {
  const reduced = variant.compare_at_price !== null && variant.compare_at_price > variant.price;
  return { price: variant.price, compareAt: reduced ? variant.compare_at_price : null, priorLowest: reduced ? (variant.prior_lowest_price ?? null) : null };
}

/** The lowest price and the compare-at price that goes with it (cards show "from" this price). */
export function lowestPrice(product: Pick<ProductSummary, 'variants'>): ShownPrice | null {
  let best: Variant | null = null;
  for (const variant of product.variants) if (!best || variant.price < best.price) best = variant;
  return best ? shownPrice(best) : null;
}

export const isSoldOut = (product: Pick<ProductSummary, 'variants'>) => !product.variants.some(inStock);

/** Images in display order, the primary one first. */
export function orderedMedia<M extends Pick<Media, 'is_primary'> & Partial<Pick<Media, 'sort_order'>>>(media: M[]): M[] {
  return [...media].sort((a, b) => Number(b.is_primary) - Number(a.is_primary) || (a.sort_order ?? 0) - (b.sort_order ?? 0));
}
export const primaryImage = <M extends Pick<Media, 'is_primary'> & Partial<Pick<Media, 'sort_order'>>>(media: M[]): M | null => orderedMedia(media)[0] ?? null;

/** A product text in the shopper's language; English when the German one is missing. */
export function localized<P extends ProductTexts>(product: P, locale: string): { title: string; subtitle: string | null } {
  if (locale === 'de') return { title: product.title_de?.trim() || product.title, subtitle: product.subtitle_de?.trim() || product.subtitle };
  return { title: product.title, subtitle: product.subtitle };
}
export function localizedDescription(product: Pick<Product, 'description' | 'description_de'>, locale: string): string {
  if (locale === 'de' && product.description_de?.trim()) return product.description_de;
  return product.description ?? '';
}

/** SPEC §9: the meta description falls back to the first 160 characters of the description. */
export function metaDescription(product: Pick<Product, 'meta_description' | 'description' | 'description_de'>, locale: string): string {
  const own = locale === 'en' ? product.meta_description?.trim() : undefined;
  if (own) return own.slice(0, META_DESCRIPTION_MAX);
  return localizedDescription(product, locale).replace(/\s+/g, ' ').trim().slice(0, META_DESCRIPTION_MAX);
}

/** SPEC §4 product page: quantity from 1 to the selected variant's stock. */
export function clampQty(qty: number, variant: Pick<Variant, 'inventory'> | null): number {
  const max = variant ? variant.inventory : 0;
  if (!Number.isFinite(qty)) return 1;
  return Math.max(1, Math.min(Math.trunc(qty), Math.max(1, max)));
}

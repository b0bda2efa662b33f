import {
  FEATURED_DEFAULT_LIMIT,
  RELATED_LIMIT,
  SEARCH_LIMIT,
  SHOP_PAGE_SIZE,
  type Media,
  type Product,
  type ProductSummary,
  type SearchResult,
  type Variant,
} from '../../domain/catalogue';
import type { RatingSummary } from '../../domain/reviews';
import { SORTS, type ShopQuery } from '../../domain/shopQuery';
import { supabase } from './client';
import { ApiError, toApiError } from './errors';
import { anyColumnContains, arrayLiteral } from './filters';
import { startEarly, takeEarly } from './early';

/**
 * The embeds every card needs (SPEC §7 Featured / Shop list). `archived_at`: shoppers never receive
 * archived variants (row level security), but an admin browsing the shop does, so they are dropped here.
 */
const VARIANT_COLUMNS = 'id,sku,size,color,price,compare_at_price,prior_lowest_price,inventory,archived_at';
const MEDIA_COLUMNS = 'url,alt,width,height,is_primary,sort_order';
const SUMMARY_COLUMNS = `id,slug,title,subtitle,title_de,subtitle_de,category,tags,currency,featured,created_at,variants(${VARIANT_COLUMNS}),media(${MEDIA_COLUMNS})`;
const PRODUCT_COLUMNS = `${SUMMARY_COLUMNS},description,description_de,meta_title,meta_description,og_image`;

/** Sizes in the order a shopper reads them; anything else keeps the order it was entered in. */
const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
const sizeRank = (size: string | null) => {
  const i = size ? SIZE_ORDER.indexOf(size.toUpperCase()) : -1;
  return i === -1 ? SIZE_ORDER.length : i;
};

/** Rows as the views want them: variants by size, images primary first. */
function normalize<P extends ProductSummary>(row: P): P {
  const variants = (row.variants ?? [])
    .filter((v: Variant & { archived_at?: string | null }) => !v.archived_at)
    .sort((a: Variant, b: Variant) => sizeRank(a.size) - sizeRank(b.size));
  const media = [...(row.media ?? [])].sort((a: Media, b: Media) => Number(b.is_primary) - Number(a.is_primary) || a.sort_order - b.sort_order);
  return { ...row, tags: row.tags ?? [], variants, media };
}

const shopKey = (query: ShopQuery, pageSize: number, locale: string) => `shop:${pageSize}:${locale}:${JSON.stringify(query)}`;
export function prefetchShopPage(query: ShopQuery, locale: string): Promise<ShopPage> {
  return startEarly(shopKey(query, SHOP_PAGE_SIZE, locale), () => loadShopPage(query, SHOP_PAGE_SIZE, locale));
}
export function prefetchProduct(slug: string): Promise<Product> {
  return startEarly(`product:${slug}`, () => loadProductBySlug(slug));
}

/** Featured products, newest first (SPEC §7 Featured: 6 on the home page, 8 by default). */
export async function fetchFeatured(limit: number = FEATURED_DEFAULT_LIMIT): Promise<ProductSummary[]> {
  const { data, error } = await supabase()
    .from('products')
    .select(SUMMARY_COLUMNS)
    .eq('status', 'published')
    .eq('featured', true)
    .order('created_at', { ascending: false })
    .order('id')
    .limit(limit);
  if (error) throw toApiError(error);
  return (data as unknown as ProductSummary[]).map(normalize);
}

export type ShopPage = { products: ProductSummary[]; total: number };

/**
 * One page of the shop. Every filter, the sort (lowest variant price too) and the exact count run
 * in SQL on the `product_listing` view (ARCHITECTURE §4, ADR 0006), so pages and counts agree.
 * `locale` decides which title a name sort follows.
 */
async function loadShopPage(query: ShopQuery, pageSize: number, locale: string): Promise<ShopPage> {
  const listing = (columns: string, head = false) => {
    let request = supabase().from('product_listing').select(columns, { count: 'exact', head }).eq('status', 'published');
    if (query.category) request = request.eq('category', query.category);
    if (query.tags.length > 0) request = request.filter('tags', 'ov', arrayLiteral(query.tags));
    if (query.minPrice !== null) request = request.gte('min_price', query.minPrice * 100);
    if (query.maxPrice !== null) request = request.lte('min_price', query.maxPrice * 100);
    if (query.size) request = request.filter('sizes', 'cs', arrayLiteral([query.size]));
    if (query.color) request = request.filter('colors', 'cs', arrayLiteral([query.color]));
    if (query.inStock) request = request.eq('in_stock', true);
    if (query.featured) request = request.eq('featured', true);
    if (query.q) request = request.or(anyColumnContains(['title', 'description', 'title_de', 'description_de'], query.q));
    return request;
  };

  const { field, direction } = SORTS[query.sort];
  // Titles sort as the shopper reads them: German titles on the German site.
  const column = field === 'price' ? 'min_price' : field === 'title' && locale === 'de' ? 'title_de_or_en' : field;
  const from = (query.page - 1) * pageSize;
  const { data, error, count } = await listing(SUMMARY_COLUMNS)
    .order(column, { ascending: direction === 'asc', nullsFirst: false })
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + pageSize - 1);
  if (error?.code === 'PGRST103') {
    // A page past the last one (an old link): nothing there, but the count tells the shop where
    // the last page is. The 416 answer carries no count, so it is asked for on its own.
    const counted = await listing('id', true);
    if (counted.error) throw toApiError(counted.error);
    return { products: [], total: counted.count ?? 0 };
  }
  if (error) throw toApiError(error);
  return { products: (data as unknown as ProductSummary[]).map(normalize), total: count ?? 0 };
}

/**
 * One page of the shop (see loadShopPage); answered by the request `prefetchShopPage` started for
 * the same page when there is one.
 */
export function fetchShopPage(query: ShopQuery, pageSize: number = SHOP_PAGE_SIZE, locale = 'en'): Promise<ShopPage> {
  return takeEarly<ShopPage>(shopKey(query, pageSize, locale)) ?? loadShopPage(query, pageSize, locale);
}

/** A published product by its slug; a missing or unpublished one is an ApiError 'not_found'. */
export function fetchProductBySlug(slug: string): Promise<Product> {
  return takeEarly<Product>(`product:${slug}`) ?? loadProductBySlug(slug);
}

async function loadProductBySlug(slug: string): Promise<Product> {
  const { data, error } = await supabase().from('products').select(PRODUCT_COLUMNS).eq('slug', slug).eq('status', 'published').maybeSingle();
  if (error) throw toApiError(error);
  if (!data) throw new ApiError('not_found', 'Product not found', { status: 404 });
  return normalize(data as unknown as Product);
}

/**
 * SPEC §7: RPC calculate_product_rating → the average of approved reviews and their number. By GET
 * (the function is stable): a read, which the answer and page caches keep, where a POST counts as a
 * write and empties them (ADR 0019, 0032).
 */
export async function fetchRating(productId: string): Promise<RatingSummary> {
  const { data, error } = await supabase().rpc('calculate_product_rating', { product_uuid: productId }, { get: true });
  if (error) throw toApiError(error);
  const row = (data as { average_rating: number | string; review_count: number | string }[] | null)?.[0];
  return { average: Number(row?.average_rating ?? 0), count: Number(row?.review_count ?? 0) };
}

/** Up to 4 other published products of the same category (SPEC §7 Related). */
export async function fetchRelated(product: Pick<Product, 'id' | 'category'>): Promise<ProductSummary[]> {
  const { data, error } = await supabase()
    .from('products')
    .select(SUMMARY_COLUMNS)
    .eq('status', 'published')
    .eq('category', product.category)
    .neq('id', product.id)
    .order('created_at', { ascending: false })
    .order('id')
    .limit(RELATED_LIMIT);
  if (error) throw toApiError(error);
  return (data as unknown as ProductSummary[]).map(normalize);
}

/**
 * Search dialog (SPEC §7 Search): published products whose title or subtitle, in either language,
 * contains the text. The text is escaped for the or-filter (src/api/filters.ts).
 */
export async function searchProducts(term: string): Promise<SearchResult[]> {
  const text = term.trim();
  if (!text) return [];
  const { data, error } = await supabase()
    .from('products')
    .select('id,slug,title,subtitle,title_de,subtitle_de,media(url,is_primary)')
    .eq('status', 'published')
    .or(anyColumnContains(['title', 'subtitle', 'title_de', 'subtitle_de'], text))
    .order('title')
    .limit(SEARCH_LIMIT);
  if (error) throw toApiError(error);
  return data as unknown as SearchResult[];
}

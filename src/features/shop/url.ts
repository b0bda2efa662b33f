import { isCategory } from '../../../domain/catalogue';
import { DEFAULT_QUERY, PRICE_MAX, PRICE_MIN, PRICE_STEP, SORTS, type ShopQuery, type SortDirection, type SortField, type SortKey } from '../../../domain/shopQuery';

/**
 * /shop's query string ⇄ ShopQuery (SPEC §2 Shop, ARCHITECTURE §7). Reading never fails: a value
 * that makes no sense is ignored, so any link a shopper edits by hand still opens a shop. Writing
 * gives one canonical form (aliases such as `category=apparel` are written as what they mean).
 */

const MAX_TAGS = 10;
const MAX_TAG_LENGTH = 50;
const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 10_000;

/** Links elsewhere in the shop (footer, collections) use these names (ARCHITECTURE §7). */
const CATEGORY_ALIASES: Record<string, Partial<ShopQuery>> = {
  apparel: { category: 'clothing' },
  't-shirts': { category: 'clothing', tags: ['t-shirt'] },
  new: { sort: 'newest' },
};

function text(value: string | null, max: number): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed && trimmed.length <= max ? trimmed : null;
}

function euros(value: string | null, round: (n: number) => number): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < PRICE_MIN || n > PRICE_MAX) return null;
  // `+ 0` turns -0 (from "-0") into 0, so the query equals what its URL reads back as.
  return round(n / PRICE_STEP) * PRICE_STEP + 0;
}

function sortFrom(params: URLSearchParams): SortKey | null {
  const field = params.get('sortField');
  const direction = params.get('sortDirection');
  if (field) {
    const dir: SortDirection | null =
      direction === 'asc' || direction === 'desc' ? direction : direction === null ? (field === 'created_at' || field === 'units_sold' ? 'desc' : 'asc') : null;
    const match = (Object.entries(SORTS) as [SortKey, { field: SortField; direction: SortDirection }][]).find(([, s]) => s.field === field && s.direction === dir);
    if (match) return match[0];
  }
  const sort = params.get('sort');
  if (sort === 'new') return 'newest';
  // A sort's own name: what the sort form sends before the app runs (docs/adr/0035).
  if (sort && Object.hasOwn(SORTS, sort)) return sort as SortKey;
  return null;
}

export function parseShopQuery(search: string): ShopQuery {
  const params = new URLSearchParams(search);
  const query: ShopQuery = { ...DEFAULT_QUERY, tags: [] };

  const category = params.get('category')?.trim() ?? '';
  const alias = CATEGORY_ALIASES[category.toLowerCase()];
  if (alias) Object.assign(query, alias);
  else if (isCategory(category.toLowerCase())) query.category = category.toLowerCase() as ShopQuery['category'];

  const tags = new Set(query.tags);
  for (const raw of params.getAll('tag')) {
    const tag = text(raw, MAX_TAG_LENGTH)?.toLowerCase();
    if (tag && tags.size < MAX_TAGS) tags.add(tag);
  }
  query.tags = [...tags];

  const min = euros(params.get('minPrice'), Math.floor);
  const max = euros(params.get('maxPrice'), Math.ceil);
  if (min === null || max === null || min <= max) {
    query.minPrice = min === PRICE_MIN ? null : min;
    query.maxPrice = max === PRICE_MAX ? null : max;
  }

  query.size = text(params.get('size'), 20);
  query.color = text(params.get('color'), 40);
  query.inStock = params.get('inStock') === 'true';
  query.q = text(params.get('q'), MAX_SEARCH_LENGTH) ?? '';
  query.featured = params.get('featured') === 'true';
  query.sort = sortFrom(params) ?? query.sort;

  const page = Number(params.get('page'));
  query.page = Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
  return query;
}

/** The canonical query string, without the leading `?` ('' for the plain shop). */
export function serializeShopQuery(query: ShopQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', query.category);
  for (const tag of query.tags) params.append('tag', tag);
  if (query.minPrice !== null) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== null) params.set('maxPrice', String(query.maxPrice));
  if (query.size) params.set('size', query.size);
  if (query.color) params.set('color', query.color);
  if (query.inStock) params.set('inStock', 'true');
  if (query.q) params.set('q', query.q);
  if (query.featured) params.set('featured', 'true');
  if (query.sort === 'best') params.set('sort', 'best');
  else if (query.sort !== DEFAULT_QUERY.sort) {
    params.set('sortField', SORTS[query.sort].field);
    params.set('sortDirection', SORTS[query.sort].direction);
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

export const shopHref = (query: ShopQuery) => {
  const search = serializeShopQuery(query);
  return search ? `/shop?${search}` : '/shop';
};

/**
 * The query's parameters a form does not hold itself, as hidden fields' name/value pairs: a GET form
 * (the sort, the filters) then sends the whole query with its own change, before the app runs.
 */
export function otherShopParams(query: ShopQuery, own: string[]): [string, string][] {
  return [...new URLSearchParams(serializeShopQuery({ ...query, page: 1 })).entries()].filter(([name]) => !own.includes(name));
}

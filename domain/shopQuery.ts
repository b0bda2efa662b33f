import type { Category } from './catalogue';

/**
 * What the shop lists (SPEC §2 Shop, ARCHITECTURE §7): filters, sort and page. The URL is its
 * single source (src/features/shop/url.ts reads and writes it); the shop machine loads whatever
 * query it is sent.
 */
export type SortKey = 'newest' | 'oldest' | 'price-asc' | 'price-desc' | 'title-asc' | 'title-desc' | 'best';

export type SortField = 'created_at' | 'price' | 'title' | 'units_sold';
export type SortDirection = 'asc' | 'desc';

/** The six options of the sort dropdown, newest first by default; `best` comes from `sort=best` links. */
export const SORTS: Record<SortKey, { field: SortField; direction: SortDirection }> = {
  newest: { field: 'created_at', direction: 'desc' },
  oldest: { field: 'created_at', direction: 'asc' },
  'price-asc': { field: 'price', direction: 'asc' },
  'price-desc': { field: 'price', direction: 'desc' },
  'title-asc': { field: 'title', direction: 'asc' },
  'title-desc': { field: 'title', direction: 'desc' },
  best: { field: 'units_sold', direction: 'desc' },
};
export const SORT_OPTIONS: SortKey[] = ['newest', 'oldest', 'price-asc', 'price-desc', 'title-asc', 'title-desc'];
export const DEFAULT_SORT: SortKey = 'newest';

/** SPEC §5: the price slider runs from 0 to 200 euros in steps of 5. */
export const PRICE_MIN = 0;
export const PRICE_MAX = 200;
export const PRICE_STEP = 5;

/** The filter choices the sidebar offers (SPEC §2: each single-select). */
export const SIZE_OPTIONS = ['S', 'M', 'L', 'XL'] as const;
export const COLOR_OPTIONS = ['Black', 'White', 'Bone', 'Sand', 'Stone Grey', 'Olive', 'Blood Red'] as const;

export type ShopQuery = {
  category: Category | null;
  tags: string[];
  /** Whole euros; null means no bound. */
  minPrice: number | null;
  maxPrice: number | null;
  size: string | null;
  color: string | null;
  inStock: boolean;
  q: string;
  featured: boolean;
  sort: SortKey;
  /** 1-based. */
  page: number;
};

export const DEFAULT_QUERY: ShopQuery = {
  category: null,
  tags: [],
  minPrice: null,
  maxPrice: null,
  size: null,
  color: null,
  inStock: false,
  q: '',
  featured: false,
  sort: DEFAULT_SORT,
  page: 1,
};

/** The filters a shopper can clear (everything but sort and page). */
export const hasFilters = (query: ShopQuery) =>
  query.category !== null ||
  query.tags.length > 0 ||
  query.minPrice !== null ||
  query.maxPrice !== null ||
  query.size !== null ||
  query.color !== null ||
  query.inStock ||
  query.q !== '' ||
  query.featured;

export function sameQuery(a: ShopQuery, b: ShopQuery): boolean {
  return (
    a.category === b.category &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, i) => tag === b.tags[i]) &&
    a.minPrice === b.minPrice &&
    a.maxPrice === b.maxPrice &&
    a.size === b.size &&
    a.color === b.color &&
    a.inStock === b.inStock &&
    a.q === b.q &&
    a.featured === b.featured &&
    a.sort === b.sort &&
    a.page === b.page
  );
}

/** A change of any filter or of the sort starts again at page 1 (SPEC §2). */
export function withChange(query: ShopQuery, change: Partial<Omit<ShopQuery, 'page'>>): ShopQuery {
  return { ...query, ...change, page: 1 };
}

export const clearFilters = (query: ShopQuery): ShopQuery => ({ ...DEFAULT_QUERY, sort: query.sort });

import { type AdminProductQuery, type AdminSort, DEFAULT_ADMIN_PRODUCT_QUERY, searchTerm } from '../../../../domain/adminLists';
import { isProductStatus } from '../../../../domain/products';

/**
 * /admin/products' query string ⇄ AdminProductQuery (`?q=&status=&sort=&page=`). Reading never
 * fails: a value that makes no sense falls back to the default, so a hand-edited or old link still
 * opens the list. Writing gives one canonical form that leaves defaults out.
 */

export const ADMIN_SORTS: readonly AdminSort[] = ['updated_desc', 'updated_asc'];
const isSort = (value: string): value is AdminSort => (ADMIN_SORTS as readonly string[]).includes(value);

export function parseAdminProductQuery(search: string): AdminProductQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status')?.trim().toLowerCase() ?? '';
  const sort = params.get('sort')?.trim().toLowerCase() ?? '';
  const page = params.get('page')?.trim() ?? '';
  const pageNumber = /^\d+$/.test(page) ? Number(page) : Number.NaN;
  return {
    q: searchTerm(params.get('q') ?? ''),
    status: isProductStatus(status) ? status : 'all',
    sort: isSort(sort) ? sort : DEFAULT_ADMIN_PRODUCT_QUERY.sort,
    page: Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1,
  };
}

/** The canonical query string without the leading `?` ('' for the plain list). */
export function serializeAdminProductQuery(query: AdminProductQuery): string {
  const params = new URLSearchParams();
  const q = searchTerm(query.q);
  if (q) params.set('q', q);
  if (query.status !== 'all') params.set('status', query.status);
  if (query.sort !== DEFAULT_ADMIN_PRODUCT_QUERY.sort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

export const adminProductsHref = (query: AdminProductQuery) => {
  const search = serializeAdminProductQuery(query);
  return search ? `/admin/products?${search}` : '/admin/products';
};

/** A new search, filter or sort starts again at page 1. */
export type AdminQueryChange = { q: string } | { status: AdminProductQuery['status'] } | { sort: AdminSort };
export const withChange = (query: AdminProductQuery, change: AdminQueryChange): AdminProductQuery => ({ ...query, ...change, page: 1 });

/** Search and status filter off; the sort stays (it is a way of looking, not a filter). */
export const clearFilters = (query: AdminProductQuery): AdminProductQuery => ({ ...DEFAULT_ADMIN_PRODUCT_QUERY, sort: query.sort });

export const isFiltered = (query: AdminProductQuery) => query.q !== '' || query.status !== 'all';

/** The admin's lists: the product table (SPEC §4 Admin) and the page every admin list reads. */
import type { ProductStatus } from './products';

/** A product whose stock across its variants is at or below this is marked "Low stock". */
export const LOW_STOCK_THRESHOLD = 5;
export const ADMIN_PAGE_SIZE = 25;
/** The longest search the product list takes. */
export const ADMIN_SEARCH_MAX = 100;

/** The search text as the list asks for it: trimmed, at most 100 characters. */
export const searchTerm = (text: string) => text.trim().slice(0, ADMIN_SEARCH_MAX).trim();

export type AdminProductRow = {
  id: string;
  slug: string;
  title: string;
  status: ProductStatus;
  featured: boolean;
  updatedAt: string;
  image: string | null;
  totalInventory: number;
  variantCount: number;
};

export const isLowStock = (row: Pick<AdminProductRow, 'totalInventory'>) => row.totalInventory <= LOW_STOCK_THRESHOLD;

export type AdminSort = 'updated_desc' | 'updated_asc';
export type AdminProductQuery = { q: string; status: ProductStatus | 'all'; sort: AdminSort; page: number };
export const DEFAULT_ADMIN_PRODUCT_QUERY: AdminProductQuery = { q: '', status: 'all', sort: 'updated_desc', page: 1 };
export type Page<T> = { rows: T[]; total: number };

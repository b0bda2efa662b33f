import type { AdminOrderQuery } from '../../../../domain/adminOrders';
import { isOrderStatus } from '../../../../domain/orderStatus';

/**
 * /admin/orders' query string ⇄ AdminOrderQuery (`?status=&page=`). Reading never fails: a value
 * that makes no sense falls back to the default, so a hand-edited or old link still opens the
 * list. Writing gives one canonical form that leaves defaults out.
 */

export const DEFAULT_ADMIN_ORDER_QUERY: AdminOrderQuery = { status: 'all', page: 1 };

export function parseAdminOrderQuery(search: string): AdminOrderQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status')?.trim().toLowerCase() ?? '';
  const page = params.get('page')?.trim() ?? '';
  const pageNumber = /^\d+$/.test(page) ? Number(page) : Number.NaN;
  return {
    status: isOrderStatus(status) ? status : 'all',
    page: Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1,
  };
}

/** The canonical query string without the leading `?` ('' for the plain list). */
export function serializeAdminOrderQuery(query: AdminOrderQuery): string {
  const params = new URLSearchParams();
  if (query.status !== 'all') params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

export const adminOrdersHref = (query: AdminOrderQuery) => {
  const search = serializeAdminOrderQuery(query);
  return search ? `/admin/orders?${search}` : '/admin/orders';
};

export const adminOrderHref = (orderNumber: string) => `/admin/orders/${encodeURIComponent(orderNumber)}`;

/** A new filter starts again at page 1. */
export const withStatus = (query: AdminOrderQuery, status: AdminOrderQuery['status']): AdminOrderQuery => ({ ...query, status, page: 1 });

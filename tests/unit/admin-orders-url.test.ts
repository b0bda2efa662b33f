import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../domain/orderStatus';
import { adminOrderHref, adminOrdersHref, DEFAULT_ADMIN_ORDER_QUERY, parseAdminOrderQuery, serializeAdminOrderQuery, withStatus } from '../../src/features/admin/orders/url';

describe('admin orders URL: reading', () => {
  it('the plain list is every order, page 1', () => {
    expect(parseAdminOrderQuery('')).toEqual({ status: 'all', page: 1 });
    expect(parseAdminOrderQuery('?')).toEqual(DEFAULT_ADMIN_ORDER_QUERY);
  });

  it('reads both fields, with or without the leading ?', () => {
    expect(parseAdminOrderQuery('?status=shipped&page=3')).toEqual({ status: 'shipped', page: 3 });
    expect(parseAdminOrderQuery('page=3&status=shipped')).toEqual({ status: 'shipped', page: 3 });
  });

  it.each(ORDER_STATUSES)('status %s is a filter (any case, spaces around)', (status) => {
    expect(parseAdminOrderQuery(`status=${status}`).status).toBe(status);
    expect(parseAdminOrderQuery(`status=%20${status.toUpperCase()}%20`).status).toBe(status);
  });

  it.each(['', 'all', 'on_hold', 'shipped,paid', "shipped' or 1=1", '<script>', 'constructor', '__proto__'])('status %j means every order', (status) => {
    expect(parseAdminOrderQuery(`status=${encodeURIComponent(status)}`).status).toBe('all');
  });

  it.each(['0', '-1', '1.5', 'two', '1e3', '', ' ', '99999999999999999999', '0x10'])('page %j is page 1', (page) => {
    expect(parseAdminOrderQuery(`page=${encodeURIComponent(page)}`).page).toBe(1);
  });

  it('a page number with spaces around it still counts; the first of repeated values wins', () => {
    expect(parseAdminOrderQuery('page=%207%20').page).toBe(7);
    expect(parseAdminOrderQuery('status=paid&status=shipped&page=2&page=5')).toEqual({ status: 'paid', page: 2 });
  });
});

describe('admin orders URL: writing', () => {
  it('leaves the defaults out', () => {
    expect(serializeAdminOrderQuery(DEFAULT_ADMIN_ORDER_QUERY)).toBe('');
    expect(adminOrdersHref(DEFAULT_ADMIN_ORDER_QUERY)).toBe('/admin/orders');
    expect(adminOrdersHref({ status: 'cancelled', page: 1 })).toBe('/admin/orders?status=cancelled');
    expect(adminOrdersHref({ status: 'all', page: 4 })).toBe('/admin/orders?page=4');
    expect(adminOrdersHref({ status: 'paid', page: 2 })).toBe('/admin/orders?status=paid&page=2');
  });

  it('reads back what it writes', () => {
    for (const status of ['all', ...ORDER_STATUSES] as const) {
      for (const page of [1, 2, 40]) {
        const query = { status, page };
        expect(parseAdminOrderQuery(serializeAdminOrderQuery(query))).toEqual(query);
      }
    }
  });

  it('an order link carries its number safely', () => {
    expect(adminOrderHref('NPNG-100001')).toBe('/admin/orders/NPNG-100001');
    expect(adminOrderHref('a/b?c')).toBe('/admin/orders/a%2Fb%3Fc');
  });
});

describe('admin orders URL: changes and pages', () => {
  it('a new filter starts at page 1', () => {
    expect(withStatus({ status: 'all', page: 3 }, 'shipped')).toEqual({ status: 'shipped', page: 1 });
    expect(withStatus({ status: 'shipped', page: 2 }, 'all')).toEqual({ status: 'all', page: 1 });
  });
});

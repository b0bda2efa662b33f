import { describe, expect, it } from 'vitest';
import { type AdminProductQuery, DEFAULT_ADMIN_PRODUCT_QUERY } from '../../domain/adminLists';
import { adminProductsHref, clearFilters, isFiltered, parseAdminProductQuery, serializeAdminProductQuery, withChange } from '../../src/features/admin/products/url';

const query = (overrides: Partial<AdminProductQuery>): AdminProductQuery => ({ ...DEFAULT_ADMIN_PRODUCT_QUERY, ...overrides });

describe('admin products URL: reading', () => {
  it('the plain list is the default query', () => {
    expect(parseAdminProductQuery('')).toEqual(DEFAULT_ADMIN_PRODUCT_QUERY);
    expect(parseAdminProductQuery('?')).toEqual(DEFAULT_ADMIN_PRODUCT_QUERY);
  });

  it('reads every field, with or without the leading ?', () => {
    const expected = query({ q: 'grind tee', status: 'published', sort: 'updated_asc', page: 3 });
    expect(parseAdminProductQuery('?q=grind+tee&status=published&sort=updated_asc&page=3')).toEqual(expected);
    expect(parseAdminProductQuery('page=3&sort=updated_asc&status=published&q=grind%20tee')).toEqual(expected);
  });

  it.each(['draft', 'published', 'archived', ' Archived '])('status %j is a status', (status) => {
    expect(parseAdminProductQuery(`status=${encodeURIComponent(status)}`).status).toBe(status.trim().toLowerCase());
  });

  it.each(['', 'all', 'deleted', 'publish', '<b>draft</b>', 'draft,published'])('status %j → all', (status) => {
    expect(parseAdminProductQuery(`status=${encodeURIComponent(status)}`).status).toBe('all');
  });

  it.each(['', 'updated_desc', 'newest', 'price_asc', 'UPDATED'])('sort %j → recently updated first', (sort) => {
    expect(parseAdminProductQuery(`sort=${sort}`).sort).toBe('updated_desc');
  });

  it.each([
    ['1', 1],
    ['2', 2],
    ['400', 400],
    [' 7 ', 7],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['1e3', 1],
    ['0x10', 1],
    ['abc', 1],
    ['', 1],
    ['99999999999999999999', 1],
  ])('page %j → %d', (page, expected) => {
    expect(parseAdminProductQuery(`page=${encodeURIComponent(page)}`).page).toBe(expected);
  });

  it('the search text is trimmed and capped at 100 characters', () => {
    expect(parseAdminProductQuery('q=%20%20tee%20%20').q).toBe('tee');
    expect(parseAdminProductQuery('q=%20%20%20').q).toBe('');
    const long = 'x'.repeat(250);
    expect(parseAdminProductQuery(`q=${long}`).q).toBe('x'.repeat(100));
    // Cut at 100, then no trailing space is left behind.
    expect(parseAdminProductQuery(`q=${'a'.repeat(99)}%20b`).q).toBe('a'.repeat(99));
  });

  it('HTML and filter syntax in the search stay plain text (the API makes them safe)', () => {
    expect(parseAdminProductQuery(`q=${encodeURIComponent('<script>alert(1)</script>')}`).q).toBe('<script>alert(1)</script>');
    expect(parseAdminProductQuery(`q=${encodeURIComponent('a,b)*')}`).q).toBe('a,b)*');
  });

  it('a repeated parameter takes the first', () => {
    expect(parseAdminProductQuery('status=draft&status=published&page=2&page=5')).toEqual(query({ status: 'draft', page: 2 }));
  });
});

describe('admin products URL: writing', () => {
  it('defaults are left out', () => {
    expect(serializeAdminProductQuery(DEFAULT_ADMIN_PRODUCT_QUERY)).toBe('');
    expect(adminProductsHref(DEFAULT_ADMIN_PRODUCT_QUERY)).toBe('/admin/products');
  });

  it('every field that differs from the default is written', () => {
    expect(adminProductsHref(query({ q: 'tee & shorts', status: 'archived', sort: 'updated_asc', page: 2 }))).toBe(
      '/admin/products?q=tee+%26+shorts&status=archived&sort=updated_asc&page=2',
    );
    expect(adminProductsHref(query({ page: 400 }))).toBe('/admin/products?page=400');
  });

  it('writes the search as it will be read (trimmed)', () => {
    expect(serializeAdminProductQuery(query({ q: '  tee  ' }))).toBe('q=tee');
    expect(serializeAdminProductQuery(query({ q: '   ' }))).toBe('');
  });

  it.each([
    DEFAULT_ADMIN_PRODUCT_QUERY,
    query({ q: 'Grind Tee', page: 2 }),
    query({ q: 'ä ö ü ß #?&=+%', status: 'draft' }),
    query({ status: 'published', sort: 'updated_asc', page: 400 }),
  ])('reading what was written gives the same query: %j', (q) => {
    expect(parseAdminProductQuery(serializeAdminProductQuery(q))).toEqual(q);
  });
});

describe('admin products URL: changes', () => {
  const onPage3 = query({ q: 'tee', status: 'draft', page: 3 });

  it('a new search, filter or sort goes back to page 1', () => {
    expect(withChange(onPage3, { q: 'shorts' })).toEqual(query({ q: 'shorts', status: 'draft', page: 1 }));
    expect(withChange(onPage3, { status: 'all' })).toEqual(query({ q: 'tee', status: 'all', page: 1 }));
    expect(withChange(onPage3, { sort: 'updated_asc' })).toEqual(query({ q: 'tee', status: 'draft', sort: 'updated_asc', page: 1 }));
  });

  it('clearing filters keeps the sort', () => {
    expect(clearFilters({ ...onPage3, sort: 'updated_asc' })).toEqual(query({ sort: 'updated_asc' }));
    expect(isFiltered(onPage3)).toBe(true);
    expect(isFiltered(query({ sort: 'updated_asc', page: 4 }))).toBe(false);
    expect(isFiltered(query({ status: 'archived' }))).toBe(true);
  });
});

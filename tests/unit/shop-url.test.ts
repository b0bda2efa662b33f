import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../domain/catalogue';
import { clearFilters, DEFAULT_QUERY, PRICE_MAX, PRICE_STEP, SORT_OPTIONS, SORTS, type ShopQuery, withChange } from '../../domain/shopQuery';
import { parseShopQuery, serializeShopQuery, shopHref } from '../../src/features/shop/url';

const q = (change: Partial<ShopQuery>): ShopQuery => ({ ...DEFAULT_QUERY, tags: [], ...change });

describe('parseShopQuery', () => {
  it('an empty search is the default query', () => {
    expect(parseShopQuery('')).toEqual(DEFAULT_QUERY);
    expect(parseShopQuery('?')).toEqual(DEFAULT_QUERY);
  });

  it('reads every parameter', () => {
    const query = parseShopQuery(
      'category=clothing&tag=t-shirt&tag=oversized&minPrice=20&maxPrice=80&size=M&color=Black&inStock=true&q=tee&featured=true&sortField=price&sortDirection=asc&page=3',
    );
    expect(query).toEqual({
      category: 'clothing',
      tags: ['t-shirt', 'oversized'],
      minPrice: 20,
      maxPrice: 80,
      size: 'M',
      color: 'Black',
      inStock: true,
      q: 'tee',
      featured: true,
      sort: 'price-asc',
      page: 3,
    });
  });

  it('reads every category and every sort of the dropdown', () => {
    for (const category of CATEGORIES) expect(parseShopQuery(`category=${category}`).category).toBe(category);
    for (const sort of SORT_OPTIONS) {
      const { field, direction } = SORTS[sort];
      expect(parseShopQuery(`sortField=${field}&sortDirection=${direction}`).sort).toBe(sort);
    }
  });

  it('understands the aliases other pages link with (ARCHITECTURE §7)', () => {
    expect(parseShopQuery('category=apparel')).toEqual(q({ category: 'clothing' }));
    expect(parseShopQuery('category=Apparel').category).toBe('clothing');
    expect(parseShopQuery('category=T-Shirts')).toEqual(q({ category: 'clothing', tags: ['t-shirt'] }));
    expect(parseShopQuery('category=T-Shirts&tag=t-shirt').tags).toEqual(['t-shirt']);
    expect(parseShopQuery('category=new')).toEqual(q({ sort: 'newest' }));
    expect(parseShopQuery('sort=new')).toEqual(q({ sort: 'newest' }));
    expect(parseShopQuery('sort=best')).toEqual(q({ sort: 'best' }));
    expect(parseShopQuery('featured=true')).toEqual(q({ featured: true }));
    expect(parseShopQuery('category=CLOTHING').category).toBe('clothing');
  });

  it('keeps repeated tags once each, lowercased', () => {
    expect(parseShopQuery('tag=a&tag=b&tag=A&tag=%20b%20').tags).toEqual(['a', 'b']);
    expect(parseShopQuery(Array.from({ length: 30 }, (_, i) => `tag=t${i}`).join('&')).tags).toHaveLength(10);
  });

  it.each(['abc', '0', '-1', '1e9', '2.5', '', 'Infinity', '99999999999999999999'])('ignores page=%s', (page) => {
    expect(parseShopQuery(`page=${page}`).page).toBe(1);
  });

  it.each(['-5', 'abc', '500', 'NaN', '', '1e3'])('ignores minPrice=%s and maxPrice=%s', (value) => {
    expect(parseShopQuery(`minPrice=${value}`).minPrice).toBeNull();
    expect(parseShopQuery(`maxPrice=${value}`).maxPrice).toBeNull();
  });

  it('rounds prices to the slider step, outward, and drops the slider ends', () => {
    expect(parseShopQuery('minPrice=12&maxPrice=48')).toMatchObject({ minPrice: 10, maxPrice: 50 });
    expect(parseShopQuery(`minPrice=0&maxPrice=${PRICE_MAX}`)).toMatchObject({ minPrice: null, maxPrice: null });
    const { minPrice, maxPrice } = parseShopQuery('minPrice=37&maxPrice=133');
    expect((minPrice ?? 0) % PRICE_STEP).toBe(0);
    expect((maxPrice ?? 0) % PRICE_STEP).toBe(0);
  });

  it('ignores a minimum above the maximum', () => {
    expect(parseShopQuery('minPrice=100&maxPrice=50')).toMatchObject({ minPrice: null, maxPrice: null });
    expect(parseShopQuery('minPrice=50&maxPrice=50')).toMatchObject({ minPrice: 50, maxPrice: 50 });
  });

  it('ignores unknown sorts and categories, and falls back to the default sort', () => {
    expect(parseShopQuery('sortField=evil&sortDirection=asc').sort).toBe('newest');
    expect(parseShopQuery('sortField=price&sortDirection=sideways').sort).toBe('newest');
    expect(parseShopQuery('sortField=price').sort).toBe('price-asc');
    expect(parseShopQuery('sortField=created_at').sort).toBe('newest');
    expect(parseShopQuery('sort=worst').sort).toBe('newest');
    expect(parseShopQuery('category=shoes').category).toBeNull();
    expect(parseShopQuery('category=').category).toBeNull();
  });

  it('reads a sort by its own name, as the sort form sends it before the app runs (docs/adr/0035)', () => {
    for (const key of Object.keys(SORTS) as (keyof typeof SORTS)[]) expect(parseShopQuery(`?sort=${key}`).sort, key).toBe(key);
    expect(parseShopQuery('?category=accessories&sort=price-asc')).toEqual(
      parseShopQuery(`?${serializeShopQuery({ ...parseShopQuery('?category=accessories'), sort: 'price-asc' })}`),
    );
    expect(parseShopQuery('?sort=constructor').sort).toBe('newest');
  });

  it('ignores an overlong search and trims a normal one', () => {
    expect(parseShopQuery(`q=${'x'.repeat(101)}`).q).toBe('');
    expect(parseShopQuery(`q=${'x'.repeat(100)}`).q).toHaveLength(100);
    expect(parseShopQuery('q=%20%20tee%20').q).toBe('tee');
    expect(parseShopQuery('q=%20%20').q).toBe('');
  });

  it('only "true" switches inStock and featured on', () => {
    for (const value of ['1', 'yes', 'TRUE ', 'false', '']) {
      expect(parseShopQuery(`inStock=${value}&featured=${value}`)).toMatchObject({ inStock: false, featured: false });
    }
  });
});

describe('serializeShopQuery / shopHref', () => {
  it('the plain shop has no query string', () => {
    expect(serializeShopQuery(DEFAULT_QUERY)).toBe('');
    expect(shopHref(DEFAULT_QUERY)).toBe('/shop');
  });

  it('writes aliases as what they mean', () => {
    expect(shopHref(parseShopQuery('category=apparel'))).toBe('/shop?category=clothing');
    expect(shopHref(parseShopQuery('category=T-Shirts'))).toBe('/shop?category=clothing&tag=t-shirt');
    expect(shopHref(parseShopQuery('sort=new'))).toBe('/shop');
    expect(shopHref(parseShopQuery('sort=best'))).toBe('/shop?sort=best');
    expect(shopHref(q({ sort: 'price-desc', page: 2 }))).toBe('/shop?sortField=price&sortDirection=desc&page=2');
  });

  const samples: ShopQuery[] = [
    DEFAULT_QUERY,
    q({ category: 'accessories' }),
    q({ tags: ['t-shirt', 'oversized'] }),
    q({ minPrice: 15 }),
    q({ maxPrice: 195 }),
    q({ minPrice: 40, maxPrice: 40 }),
    q({ size: 'XL', color: 'Stone Grey' }),
    q({ inStock: true, featured: true }),
    q({ q: 'tee & shorts, 100% "cotton"' }),
    q({ sort: 'best', page: 7 }),
    ...SORT_OPTIONS.map((sort) => q({ sort })),
  ];

  it.each(samples.map((s) => [serializeShopQuery(s) || '(default)', s] as const))('round trips %s', (_, sample) => {
    expect(parseShopQuery(serializeShopQuery(sample))).toEqual(sample);
    expect(parseShopQuery(shopHref(sample).replace(/^\/shop\??/, ''))).toEqual(sample);
  });

  it('a filter change through withChange goes back to page 1; clearing keeps the sort', () => {
    const onPage3 = parseShopQuery('category=clothing&sortField=title&sortDirection=asc&page=3');
    expect(shopHref(withChange(onPage3, { size: 'M' }))).toBe('/shop?category=clothing&size=M&sortField=title&sortDirection=asc');
    expect(shopHref(clearFilters(onPage3))).toBe('/shop?sortField=title&sortDirection=asc');
  });
});

describe('any junk', () => {
  // A small deterministic generator, so a failure can be replayed.
  function random(seed: number) {
    let s = seed;
    return () => {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      return s / 0x7fffffff;
    };
  }
  const KEYS = ['category', 'tag', 'minPrice', 'maxPrice', 'size', 'color', 'inStock', 'q', 'featured', 'sort', 'sortField', 'sortDirection', 'page', 'x', ''];
  const PIECES = [
    '',
    ' ',
    '-1',
    '0',
    '5',
    '1e9',
    'NaN',
    'true',
    'apparel',
    'T-Shirts',
    'new',
    'best',
    'price',
    'asc',
    '%',
    '%zz',
    '&',
    '=',
    '\u0000',
    '😀',
    '<script>',
    'a'.repeat(300),
    '200',
    '-0',
    '0x10',
  ];

  it('never throws, and always gives a query that survives a round trip', () => {
    const next = random(42);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
    for (let i = 0; i < 2000; i++) {
      const parts = Array.from({ length: Math.floor(next() * 8) }, () => `${pick(KEYS)}${next() < 0.9 ? '=' : ''}${pick(PIECES)}${next() < 0.3 ? pick(PIECES) : ''}`);
      const search = (next() < 0.5 ? '?' : '') + parts.join(next() < 0.9 ? '&' : ';');
      let query: ShopQuery | undefined;
      expect(() => {
        query = parseShopQuery(search);
      }, search).not.toThrow();
      if (!query) continue;
      expect(query.page, search).toBeGreaterThanOrEqual(1);
      expect(Number.isSafeInteger(query.page), search).toBe(true);
      if (query.minPrice !== null && query.maxPrice !== null) expect(query.minPrice, search).toBeLessThanOrEqual(query.maxPrice);
      expect(Object.keys(SORTS), search).toContain(query.sort);
      expect(query.category === null || (CATEGORIES as readonly string[]).includes(query.category), search).toBe(true);
      expect(parseShopQuery(serializeShopQuery(query)), search).toEqual(query);
    }
  });
});

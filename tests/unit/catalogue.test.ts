/**
 * The catalogue rules every browsing flow shares (domain/catalogue.ts) and the star fill of
 * src/ui/Rating.tsx: which variant a quick add takes, prices, stock, languages, quantities.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  clampQty,
  firstInStockVariant,
  isSoldOut,
  localized,
  localizedDescription,
  lowestPrice,
  META_DESCRIPTION_MAX,
  metaDescription,
  orderedMedia,
  primaryImage,
  quickAddFromFeatured,
  quickAddFromShop,
  shownPrice,
  type Media,
  type Product,
  type Variant,
} from '../../domain/catalogue.ts';
import { RATING_MAX, reviewAuthorName } from '../../domain/reviews.ts';
import { starFill } from '../../src/ui/Rating.tsx';

// Rating.tsx is a component compiled with the Lingui macro in the app; starFill needs none of it.
vi.mock('@lingui/react/macro', () => ({ useLingui: () => ({ t: String, i18n: { locale: 'en' } }) }));

let n = 0;
/** A reduced variant states the lowest price of its last 30 days; by default 1 cent below its price. */
const v = (
  size: string | null,
  color: string | null,
  price: number,
  inventory: number,
  compareAt: number | null = null,
  priorLowest = compareAt === null ? null : price - 1,
): Variant => ({
  id: `v${++n}`,
  sku: `SKU-${n}`,
  size,
  color,
  price,
  compare_at_price: compareAt,
  prior_lowest_price: priorLowest,
  inventory,
});
const m = (sort_order: number, is_primary = false): Media => ({ url: `/img/${sort_order}.webp`, alt: null, width: 800, height: 1000, is_primary, sort_order });

const texts = {
  title: 'Iron Tee',
  subtitle: 'Heavy cotton',
  title_de: 'Eisen-Shirt',
  subtitle_de: 'Schwere Baumwolle',
};

describe('firstInStockVariant / isSoldOut', () => {
  it('takes the first variant in the entered order that has stock', () => {
    const a = v('S', 'Black', 3000, 0);
    const b = v('M', 'Black', 3000, 3);
    const c = v('L', 'Black', 2000, 9);
    expect(firstInStockVariant({ variants: [a, b, c] })).toBe(b);
    expect(firstInStockVariant({ variants: [c, b] })).toBe(c);
    expect(isSoldOut({ variants: [a, b, c] })).toBe(false);
  });

  it('is null and sold out when nothing has stock, or there are no variants', () => {
    const variants = [v('S', null, 100, 0), v('M', null, 100, 0)];
    expect(firstInStockVariant({ variants })).toBeNull();
    expect(isSoldOut({ variants })).toBe(true);
    expect(firstInStockVariant({ variants: [] })).toBeNull();
    expect(isSoldOut({ variants: [] })).toBe(true);
  });

  it('agrees with each other for any stock', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3 }), { maxLength: 6 }), (stock) => {
        const product = { variants: stock.map((inventory) => v('M', 'Black', 100, inventory)) };
        const first = firstInStockVariant(product);
        expect(isSoldOut(product)).toBe(first === null);
        if (first) {
          expect(first.inventory).toBeGreaterThan(0);
          expect(product.variants.slice(0, product.variants.indexOf(first)).every((x) => x.inventory === 0)).toBe(true);
        }
      }),
    );
  });
});

describe('quickAddFromShop (SPEC §4: only a single choice can be added from a shop card)', () => {
  it('adds the only variant when it is in stock', () => {
    const only = v(null, null, 1999, 5);
    expect(quickAddFromShop({ variants: [only] })).toEqual({ kind: 'add', variant: only });
  });

  it('adds the first in-stock variant when all share one size and one colour', () => {
    const a = v('One Size', 'Black', 1999, 0);
    const b = v('One Size', 'Black', 1999, 2);
    expect(quickAddFromShop({ variants: [a, b] })).toEqual({ kind: 'add', variant: b });
  });

  it('sends the shopper to the product page for several sizes or several colours', () => {
    expect(quickAddFromShop({ variants: [v('S', 'Black', 1, 5), v('M', 'Black', 1, 5)] })).toEqual({ kind: 'choose' });
    expect(quickAddFromShop({ variants: [v('M', 'Black', 1, 5), v('M', 'Bone', 1, 5)] })).toEqual({ kind: 'choose' });
    // Null sizes or colours do not count as a choice.
    expect(quickAddFromShop({ variants: [v(null, 'Black', 1, 5), v('M', 'Black', 1, 5)] })).toMatchObject({ kind: 'add' });
  });

  it('sends the shopper to the product page when sold out or without variants', () => {
    expect(quickAddFromShop({ variants: [v(null, null, 1, 0)] })).toEqual({ kind: 'choose' });
    expect(quickAddFromShop({ variants: [] })).toEqual({ kind: 'choose' });
  });
});

describe('quickAddFromFeatured (SPEC §4: the first variant in stock, else the product page)', () => {
  it('adds the first in-stock variant even when there are several sizes and colours', () => {
    const a = v('S', 'Black', 3000, 0);
    const b = v('M', 'Bone', 3000, 4);
    expect(quickAddFromFeatured({ variants: [a, b, v('L', 'Black', 3000, 9)] })).toEqual({ kind: 'add', variant: b });
  });

  it('chooses on the product page when sold out or without variants', () => {
    expect(quickAddFromFeatured({ variants: [v('S', 'Black', 1, 0)] })).toEqual({ kind: 'choose' });
    expect(quickAddFromFeatured({ variants: [] })).toEqual({ kind: 'choose' });
  });
});

describe('lowestPrice', () => {
  it('is the lowest variant price, with the compare-at price of that same variant', () => {
    expect(lowestPrice({ variants: [v('S', null, 3000, 1, 4000), v('M', null, 2500, 1, 3500), v('L', null, 2800, 1)] })).toEqual({
      price: 2500,
      compareAt: 3500,
      priorLowest: 2499,
    });
  });

  it('ignores a compare-at price that is not above the price, and another variant’s compare-at', () => {
    expect(lowestPrice({ variants: [v('S', null, 2500, 1, 2500)] })).toEqual({ price: 2500, compareAt: null, priorLowest: null });
    expect(lowestPrice({ variants: [v('S', null, 2500, 1, 2000)] })).toEqual({ price: 2500, compareAt: null, priorLowest: null });
    expect(lowestPrice({ variants: [v('S', null, 2500, 1), v('M', null, 3000, 1, 5000)] })).toEqual({ price: 2500, compareAt: null, priorLowest: null });
  });

  it('counts sold-out variants too, and keeps the first of equal prices', () => {
    expect(lowestPrice({ variants: [v('S', null, 1000, 0), v('M', null, 2000, 5)] })?.price).toBe(1000);
    expect(lowestPrice({ variants: [v('S', null, 1000, 1, 1500), v('M', null, 1000, 1, 9000)] })).toEqual({ price: 1000, compareAt: 1500, priorLowest: 999 });
  });

  it('states the lowest price of the last 30 days only beside a reduction it shows (§ 11 PAngV)', () => {
    expect(lowestPrice({ variants: [v('S', null, 2500, 1, 3500, 2000)] })?.priorLowest).toBe(2000);
    // A figure the database kept while the compare-at price fell to the price is not shown without the struck price.
    expect(lowestPrice({ variants: [v('S', null, 2500, 1, 2500, 2000)] })?.priorLowest).toBeNull();
    expect(lowestPrice({ variants: [v('S', null, 2500, 1, null, 2000)] })?.priorLowest).toBeNull();
    expect(shownPrice(v('S', null, 2500, 1, 3500, null))).toEqual({ price: 2500, compareAt: 3500, priorLowest: null });
  });

  it('is null without variants, and never above any price', () => {
    expect(lowestPrice({ variants: [] })).toBeNull();
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 8 }), (prices) => {
        const result = lowestPrice({ variants: prices.map((p) => v(null, null, p, 1, p + 1, p)) });
        expect(result).toEqual({ price: Math.min(...prices), compareAt: Math.min(...prices) + 1, priorLowest: Math.min(...prices) });
      }),
    );
  });
});

describe('orderedMedia / primaryImage', () => {
  it('puts the primary image first, the rest by sort order', () => {
    const media = [m(2), m(0), m(3, true), m(1)];
    expect(orderedMedia(media).map((x) => x.sort_order)).toEqual([3, 0, 1, 2]);
    expect(primaryImage(media)?.sort_order).toBe(3);
    // Not in place.
    expect(media.map((x) => x.sort_order)).toEqual([2, 0, 3, 1]);
  });

  it('falls back to sort order without a primary, and null without media', () => {
    expect(primaryImage([m(5), m(1), m(4)])?.sort_order).toBe(1);
    expect(primaryImage([])).toBeNull();
    expect(orderedMedia([])).toEqual([]);
  });

  it('works on search results that carry no sort order', () => {
    const results = [
      { url: 'a', is_primary: false },
      { url: 'b', is_primary: true },
    ];
    expect(primaryImage(results)?.url).toBe('b');
  });
});

describe('localized / localizedDescription', () => {
  it('shows German texts in German and English ones otherwise', () => {
    expect(localized(texts, 'de')).toEqual({ title: 'Eisen-Shirt', subtitle: 'Schwere Baumwolle' });
    expect(localized(texts, 'en')).toEqual({ title: 'Iron Tee', subtitle: 'Heavy cotton' });
  });

  it('falls back to English when a German text is missing or blank', () => {
    expect(localized({ ...texts, title_de: null, subtitle_de: '   ' }, 'de')).toEqual({ title: 'Iron Tee', subtitle: 'Heavy cotton' });
    expect(localized({ ...texts, title_de: '', subtitle_de: null, subtitle: null }, 'de')).toEqual({ title: 'Iron Tee', subtitle: null });
  });

  it('descriptions: German in German, English as fallback, empty when there is none', () => {
    const product = { description: 'English text', description_de: 'Deutscher Text' };
    expect(localizedDescription(product, 'de')).toBe('Deutscher Text');
    expect(localizedDescription(product, 'en')).toBe('English text');
    expect(localizedDescription({ description: 'English text', description_de: ' \n ' }, 'de')).toBe('English text');
    expect(localizedDescription({ description: null, description_de: null }, 'de')).toBe('');
    expect(localizedDescription({ description: null, description_de: 'Nur Deutsch' }, 'en')).toBe('');
  });
});

describe('metaDescription (SPEC §9)', () => {
  const seo = (p: Partial<Pick<Product, 'meta_description' | 'description' | 'description_de'>>) => ({
    meta_description: null,
    description: null,
    description_de: null,
    ...p,
  });

  it('uses the product’s own meta description in English', () => {
    expect(metaDescription(seo({ meta_description: '  Own text  ', description: 'Long description' }), 'en')).toBe('Own text');
  });

  it('falls back to the first 160 characters of the description, whitespace collapsed', () => {
    const long = `Line one.\n\n   Line two with    spaces. ${'x'.repeat(300)}`;
    const result = metaDescription(seo({ description: long }), 'en');
    expect(result).toHaveLength(META_DESCRIPTION_MAX);
    expect(result.startsWith('Line one. Line two with spaces. xxx')).toBe(true);
    expect(metaDescription(seo({ description: 'Short.' }), 'en')).toBe('Short.');
    expect(metaDescription(seo({ meta_description: '  ', description: 'Short.' }), 'en')).toBe('Short.');
  });

  it('in German uses the German description (the meta description is English), else the English one', () => {
    expect(metaDescription(seo({ meta_description: 'English meta', description: 'English', description_de: 'Deutsch' }), 'de')).toBe('Deutsch');
    expect(metaDescription(seo({ meta_description: 'English meta', description: 'English' }), 'de')).toBe('English');
  });

  it('is empty without any text and never longer than 160 characters', () => {
    expect(metaDescription(seo({}), 'en')).toBe('');
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 400 })), fc.option(fc.string({ maxLength: 400 })), fc.constantFrom('en', 'de'), (meta, description, locale) => {
        expect(metaDescription(seo({ meta_description: meta, description, description_de: description }), locale).length).toBeLessThanOrEqual(META_DESCRIPTION_MAX);
      }),
    );
  });
});

describe('clampQty (SPEC §4: 1 to the selected variant’s stock)', () => {
  const stock = (inventory: number) => ({ inventory });

  it('keeps quantities within 1 and the stock', () => {
    expect(clampQty(3, stock(5))).toBe(3);
    expect(clampQty(5, stock(5))).toBe(5);
    expect(clampQty(6, stock(5))).toBe(5);
    expect(clampQty(0, stock(5))).toBe(1);
    expect(clampQty(-4, stock(5))).toBe(1);
    expect(clampQty(2.9, stock(5))).toBe(2);
  });

  it('is 1 for NaN and infinities, without a variant and with no stock', () => {
    expect(clampQty(Number.NaN, stock(5))).toBe(1);
    expect(clampQty(Number.POSITIVE_INFINITY, stock(5))).toBe(1);
    expect(clampQty(Number.NEGATIVE_INFINITY, stock(5))).toBe(1);
    expect(clampQty(4, null)).toBe(1);
    expect(clampQty(4, stock(0))).toBe(1);
  });

  it('is always a whole number between 1 and max(1, stock)', () => {
    fc.assert(
      fc.property(fc.double(), fc.nat({ max: 50 }), (qty, inventory) => {
        const result = clampQty(qty, stock(inventory));
        expect(Number.isInteger(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(1);
        expect(result).toBeLessThanOrEqual(Math.max(1, inventory));
      }),
    );
  });
});

describe('reviewAuthorName (SPEC §6)', () => {
  it('uses the full name, else the email’s local part, else Anonymous', () => {
    expect(reviewAuthorName('  Alex Becker ', 'alex@nopain-nogain.test')).toBe('Alex Becker');
    expect(reviewAuthorName(null, 'alex@nopain-nogain.test')).toBe('alex');
    expect(reviewAuthorName('   ', 'jo.weber@example.com')).toBe('jo.weber');
    expect(reviewAuthorName(undefined, undefined)).toBe('Anonymous');
    expect(reviewAuthorName('', '@example.com')).toBe('Anonymous');
    expect(reviewAuthorName(null, '')).toBe('Anonymous');
  });

  it('is cut to the 100 characters the database allows', () => {
    expect(reviewAuthorName('x'.repeat(150), null)).toHaveLength(100);
    expect(reviewAuthorName(null, `${'y'.repeat(150)}@example.com`)).toHaveLength(100);
  });
});

describe('starFill (src/ui/Rating.tsx: halves rounded to the nearest half)', () => {
  const stars = (value: number) => Array.from({ length: RATING_MAX }, (_, i) => starFill(value, i));

  it('draws full, half and empty stars', () => {
    expect(stars(4.5)).toEqual([1, 1, 1, 1, 0.5]);
    expect(stars(4.24)).toEqual([1, 1, 1, 1, 0]);
    expect(stars(4.25)).toEqual([1, 1, 1, 1, 0.5]);
    expect(stars(4.75)).toEqual([1, 1, 1, 1, 1]);
    expect(stars(3)).toEqual([1, 1, 1, 0, 0]);
    expect(stars(0.5)).toEqual([0.5, 0, 0, 0, 0]);
  });

  it('0 and 5 are empty and full; out-of-range values are clamped', () => {
    expect(stars(0)).toEqual([0, 0, 0, 0, 0]);
    expect(stars(5)).toEqual([1, 1, 1, 1, 1]);
    expect(stars(-2)).toEqual([0, 0, 0, 0, 0]);
    expect(stars(7.5)).toEqual([1, 1, 1, 1, 1]);
  });

  it('the filled amount is the value rounded to a half, at most one half star', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: RATING_MAX, noNaN: true }), (value) => {
        const fills = stars(value);
        expect(fills.reduce<number>((sum, f) => sum + f, 0)).toBe(Math.round(value * 2) / 2);
        expect(fills.filter((f) => f === 0.5).length).toBeLessThanOrEqual(1);
        // Full stars first, then at most one half, then empty ones.
        expect([...fills].sort((a, b) => b - a)).toEqual(fills);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { META_DESCRIPTION_MAX, metaDescription, type Product } from '../../domain/catalogue';
import { decimal, jsonLdText, productJsonLd, productPageTitle } from '../../src/features/product/seo';
import { IRON_TEE, LIFTING_STRAPS, SEAMLESS_LEGGINGS, SHAKER } from '../../stories/fixtures/products';

const origin = 'https://shop.example';
const ld = (product: Product, opts: Partial<Parameters<typeof productJsonLd>[1]> = {}) =>
  productJsonLd(product, { origin, locale: 'en', rating: null, ...opts }) as Record<string, unknown> & { offers: Record<string, unknown> };

describe('product JSON-LD', () => {
  it('describes the product with absolute URLs, the brand and the first SKU', () => {
    const data = ld(IRON_TEE);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Product');
    expect(data.name).toBe(IRON_TEE.title);
    expect(data.url).toBe(`${origin}/shop/${IRON_TEE.slug}`);
    expect(data.brand).toEqual({ '@type': 'Brand', name: 'No Pain, No Gain' });
    expect(data.category).toBe('clothing');
    expect(data.sku).toBe(IRON_TEE.variants[0].sku);
    expect(data.description).toBe(IRON_TEE.description);
    expect(data.image).toEqual(IRON_TEE.media.map((m) => m.url));
    const relative = ld({ ...SHAKER, media: [{ ...SHAKER.media[0], url: '/images/shaker.webp' }] });
    expect(relative.image).toEqual([`${origin}/images/shaker.webp`]);
  });

  it('several variants: an AggregateOffer from the lowest to the highest price, as decimal strings', () => {
    const product: Product = {
      ...IRON_TEE,
      variants: [
        { ...IRON_TEE.variants[0], price: 3499 },
        { ...IRON_TEE.variants[1], price: 4150 },
        { ...IRON_TEE.variants[2], price: 2900 },
      ],
    };
    expect(ld(product).offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: '29.00',
      highPrice: '41.50',
      priceCurrency: 'EUR',
      offerCount: 3,
      availability: 'https://schema.org/InStock',
      url: `${origin}/shop/${IRON_TEE.slug}`,
    });
  });

  it('one variant: an Offer with its price and SKU; sold out says OutOfStock', () => {
    expect(ld(SHAKER).offers).toMatchObject({ '@type': 'Offer', price: '14.99', priceCurrency: 'EUR', sku: SHAKER.variants[0].sku, availability: 'https://schema.org/InStock' });
    expect(ld(LIFTING_STRAPS).offers.availability).toBe('https://schema.org/OutOfStock');
    expect(ld({ ...SHAKER, variants: [] }).offers).toBeUndefined();
  });

  it('a rating only when there are reviews', () => {
    expect(ld(IRON_TEE, { rating: { average: 4.5, count: 3 } }).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld(IRON_TEE, { rating: { average: 0, count: 0 } })).not.toHaveProperty('aggregateRating');
    expect(ld(IRON_TEE)).not.toHaveProperty('aggregateRating');
  });

  it('German: the German title and description', () => {
    const data = ld(SEAMLESS_LEGGINGS, { locale: 'de' });
    expect(data.name).toBe('Nahtlose Leggings');
    const tee = ld(IRON_TEE, { locale: 'de' });
    expect(tee.description).toBe(IRON_TEE.description_de);
  });

  it('the script text cannot be closed by the data, and still parses to the same data', () => {
    const hostile: Product = { ...SHAKER, title: '</script><script>alert(1)</script>', description: '<!-- x --> \u2028 ok' };
    const text = jsonLdText(ld(hostile));
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script>');
    expect(text).not.toContain('\u2028');
    expect(JSON.parse(text)).toEqual(ld(hostile));
  });

  it('decimal strings', () => {
    expect(decimal(3499)).toBe('34.99');
    expect(decimal(500)).toBe('5.00');
    expect(decimal(0)).toBe('0.00');
  });
});

describe('title and meta description', () => {
  it('title: the English meta title, else the shown title', () => {
    expect(productPageTitle({ ...IRON_TEE, meta_title: 'Iron Tee | Heavy Cotton' }, 'en')).toBe('Iron Tee | Heavy Cotton');
    expect(productPageTitle({ ...SEAMLESS_LEGGINGS, meta_title: 'Seamless Leggings | Squat proof' }, 'de')).toBe('Nahtlose Leggings');
    expect(productPageTitle({ ...IRON_TEE, meta_title: '  ' }, 'en')).toBe(IRON_TEE.title);
    // The brand is added once by the document title, so a meta title's own brand suffix goes.
    expect(productPageTitle({ ...IRON_TEE, meta_title: 'Iron Tee | No Pain, No Gain' }, 'en')).toBe('Iron Tee');
  });

  it('description: the own one in English, else the first 160 characters of the description, whitespace collapsed', () => {
    expect(metaDescription({ ...IRON_TEE, meta_description: 'Short and sharp.' }, 'en')).toBe('Short and sharp.');
    const long = `${'Heavy  cotton\n'.repeat(30)}end`;
    const fallback = metaDescription({ ...IRON_TEE, meta_description: null, description: long }, 'en');
    expect(fallback).toHaveLength(META_DESCRIPTION_MAX);
    expect(fallback.startsWith('Heavy cotton Heavy cotton')).toBe(true);
    expect(metaDescription({ ...IRON_TEE, meta_description: 'English only' }, 'de')).toBe(IRON_TEE.description_de?.slice(0, META_DESCRIPTION_MAX));
  });
});

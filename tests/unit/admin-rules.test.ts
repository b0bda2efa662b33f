import { describe, expect, it } from 'vitest';
import { nextStatuses, ORDER_STATUSES } from '../../domain/orderStatus';
import { emptyProductValues, emptyVariant, validateProduct, type VariantDraft, withTitle } from '../../domain/productForm';
import { checkImageFile } from '../../domain/productImages';
import { productInput, variantInputs } from '../../domain/productSave';
import { IMAGE_MAX_BYTES, parseTags, slugify, TAGS_MAX, toCents, toggledStatus } from '../../domain/products';

const variant = (key: string, fields: Partial<VariantDraft> = {}): VariantDraft => ({ ...emptyVariant(key), sku: `SKU-${key}`, price: '29.99', inventory: '5', ...fields });
const valid = () => ({ ...emptyProductValues(), title: 'Iron Tee', description: 'Heavy cotton.', category: 'clothing' as const, slug: 'iron-tee' });

describe('slugify (SPEC §5)', () => {
  it.each([
    ['Iron Will Tee', 'iron-will-tee'],
    ['  Pump  --  Cover!! ', 'pump-cover'],
    ['Größe & Stärke', 'grosse-starke'],
    ['Straße', 'strasse'],
    ['<script>alert(1)</script>', 'scriptalert1script'],
    ['---', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('never ends in a hyphen when cut to the column limit', () => {
    const slug = slugify(`${'a'.repeat(199)} b`);
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('withTitle: the slug and meta title follow the title until the admin writes their own', () => {
  it('follows while empty or still the previous automatic value', () => {
    let values = withTitle(emptyProductValues(), 'Iron');
    values = withTitle(values, 'Iron Tee');
    expect([values.slug, values.metaTitle]).toEqual(['iron-tee', 'Iron Tee']);
  });

  it('keeps what the admin typed', () => {
    const values = withTitle({ ...withTitle(emptyProductValues(), 'Iron Tee'), slug: 'my-slug', metaTitle: 'Custom' }, 'Iron Tee 2');
    expect([values.slug, values.metaTitle]).toEqual(['my-slug', 'Custom']);
  });

  it('leaves the slug alone when told not to follow (a saved product keeps its address)', () => {
    const saved = withTitle(emptyProductValues(), 'Iron Tee');
    expect(withTitle(saved, 'Iron Tee Pro', { followSlug: false })).toMatchObject({ slug: 'iron-tee', metaTitle: 'Iron Tee Pro' });
  });

  it('cuts the meta title at 60 characters and keeps following it', () => {
    const long = 'x'.repeat(70);
    const values = withTitle(withTitle(emptyProductValues(), long), `${long}y`);
    expect(values.metaTitle).toBe('x'.repeat(60));
  });
});

describe('parseTags and toCents', () => {
  it('splits, trims, drops empties and repeats', () => {
    expect(parseTags(' gym, , t-shirt,gym ,')).toEqual(['gym', 't-shirt']);
  });

  it.each([
    ['29.99', 2999],
    ['29,99', 2999],
    ['0.005', 1],
    ['.5', 50],
    ['10', 1000],
    ['-1', -100],
    ['abc', null],
    ['1e3', null],
    ['', null],
  ])('%s → %s', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });
});

describe('validateProduct (SPEC §5, made visible)', () => {
  it('accepts a complete product', () => {
    expect(validateProduct(valid(), [variant('a')])).toEqual({});
  });

  it('names every missing required field', () => {
    const errors = validateProduct(emptyProductValues(), [emptyVariant('a')]);
    expect(Object.keys(errors)).toEqual(['title', 'description', 'category', 'slug', 'variants.a.sku', 'variants.a.price']);
    expect(errors.title).toEqual({ kind: 'required' });
  });

  it('refuses a 0 or negative price, fractions of stock and text for numbers', () => {
    const errors = validateProduct(valid(), [
      variant('a', { price: '0' }),
      variant('b', { price: '-5' }),
      variant('c', { price: 'ten', inventory: '1.5' }),
      variant('d', { inventory: '-1', compareAtPrice: '-2' }),
    ]);
    expect(errors['variants.a.price']).toEqual({ kind: 'pricePositive' });
    expect(errors['variants.b.price']).toEqual({ kind: 'pricePositive' });
    expect(errors['variants.c.price']).toEqual({ kind: 'notANumber' });
    expect(errors['variants.c.inventory']).toEqual({ kind: 'wholeNumber' });
    expect(errors['variants.d.inventory']).toEqual({ kind: 'notNegative' });
    expect(errors['variants.d.compareAtPrice']).toEqual({ kind: 'notNegative' });
  });

  it('refuses 10,000-character titles, bad slugs, long meta texts, repeated SKUs and too many tags', () => {
    const errors = validateProduct(
      {
        ...valid(),
        title: 'x'.repeat(10_000),
        slug: 'Bad Slug',
        metaTitle: 'm'.repeat(61),
        metaDescription: 'd'.repeat(161),
        tags: Array.from({ length: TAGS_MAX + 1 }, (_, i) => `t${i}`).join(','),
      },
      [variant('a', { sku: 'NP-1' }), variant('b', { sku: 'np-1 ' })],
    );
    expect(errors).toMatchObject({
      title: { kind: 'tooLong', max: 200 },
      slug: { kind: 'slugFormat' },
      metaTitle: { kind: 'tooLong', max: 60 },
      metaDescription: { kind: 'tooLong', max: 160 },
      tags: { kind: 'tooManyTags', max: TAGS_MAX },
      'variants.a.sku': { kind: 'skuRepeated' },
      'variants.b.sku': { kind: 'skuRepeated' },
    });
  });

  it('needs at least one variant', () => {
    expect(validateProduct(valid(), [])).toEqual({ variants: { kind: 'required' } });
  });
});

describe('what a save writes', () => {
  it('turns the typed text into the database values', () => {
    expect(variantInputs([variant('a', { id: 'v-1', size: ' M ', color: '', price: '29.99', compareAtPrice: '', inventory: ' 7 ', barcode: '' })])).toEqual([
      { id: 'v-1', sku: 'SKU-a', size: 'M', color: null, price: 2999, compareAtPrice: null, inventory: 7, barcode: null },
    ]);
    expect(productInput({ ...valid(), subtitle: '  ', tags: 'a, b', titleDe: ' Eisen-Shirt ' })).toMatchObject({ subtitle: null, tags: ['a', 'b'], titleDe: 'Eisen-Shirt' });
  });
});

describe('images and statuses', () => {
  it('takes jpeg, png and webp up to the bucket limit only', () => {
    expect(checkImageFile({ name: 'a.JPG', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'a.webp', type: 'image/webp', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ name: 'a.gif', type: 'image/gif', size: 10 })).toEqual({ kind: 'type' });
    expect(checkImageFile({ name: 'a.png.exe', type: 'image/png', size: 10 })).toEqual({ kind: 'type' });
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toEqual({ kind: 'size', maxBytes: IMAGE_MAX_BYTES });
  });

  it('toggles publish/unpublish as SPEC §4 says', () => {
    expect([toggledStatus('draft'), toggledStatus('archived'), toggledStatus('published')]).toEqual(['published', 'published', 'draft']);
  });

  it('moves orders only forward, and nothing leaves a final status', () => {
    expect(nextStatuses('paid')).toEqual(['processing', 'shipped']);
    expect(nextStatuses('processing')).toEqual(['shipped']);
    expect(nextStatuses('pending')).toEqual(['cancelled']);
    expect(nextStatuses('shipped')).toEqual(['delivered']);
    for (const status of ['delivered', 'cancelled', 'refunded', 'on_hold']) expect(nextStatuses(status)).toEqual([]);
    for (const status of ORDER_STATUSES) expect(nextStatuses(status)).not.toContain(status);
  });
});

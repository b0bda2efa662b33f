import { describe, expect, it } from 'vitest';
import { APPAREL_SIZES, CATALOGUE, CATEGORIES, COLOURS, ean13CheckDigit, fitText, isValidEan13 } from './catalogue.ts';
import { SEED_ORDERS, SHIPPING_DE, seedSessionId } from './orders.ts';
import { CUSTOMER_REVIEWS, GUEST_REVIEWS } from './reviews.ts';

const variants = CATALOGUE.flatMap((p) => p.variants);
const published = CATALOGUE.filter((p) => p.status === 'published');
const bySlug = new Map(CATALOGUE.map((p) => [p.slug, p]));

describe('seed catalogue', () => {
  it('has about 48 products in every category, mostly clothing', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(44);
    expect(CATALOGUE.length).toBeLessThanOrEqual(52);
    const counts = Object.fromEntries(CATEGORIES.map((c) => [c, CATALOGUE.filter((p) => p.category === c).length]));
    for (const c of CATEGORIES) expect(counts[c]).toBeGreaterThanOrEqual(4);
    expect(counts.clothing).toBeGreaterThan(CATALOGUE.length / 2);
    expect(CATALOGUE.every((p) => CATEGORIES.includes(p.category))).toBe(true);
  });

  it('has lower-case hyphenated, unique slugs and unique SKUs', () => {
    for (const p of CATALOGUE) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(CATALOGUE.map((p) => p.slug)).size).toBe(CATALOGUE.length);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    for (const v of variants) expect(v.sku).toMatch(/^NPNG-[A-Z0-9]+(-[A-Z0-9]+)+$/);
    expect(variants.map((v) => v.sku)).toContain('NPNG-TEE-IRON-BLK-M');
  });

  it('keeps meta texts within 60 and 160 characters', () => {
    for (const p of CATALOGUE) {
      expect(p.metaTitle.length, p.slug).toBeLessThanOrEqual(60);
      expect(p.metaTitle.length).toBeGreaterThan(0);
      expect(p.metaDescription.length, p.slug).toBeLessThanOrEqual(160);
      expect(p.metaDescription.length).toBeGreaterThan(50);
    }
    expect(fitText('a'.repeat(10), 10)).toBe('a'.repeat(10));
    expect(fitText('one two three four', 12).length).toBeLessThanOrEqual(12);
  });

  it('prices in integer cents with sales below their compare-at price, and sane stock', () => {
    for (const v of variants) {
      expect(Number.isInteger(v.price), v.sku).toBe(true);
      expect(v.price).toBeGreaterThan(0);
      if (v.compareAtPrice !== null) {
        expect(Number.isInteger(v.compareAtPrice)).toBe(true);
        expect(v.compareAtPrice, v.sku).toBeGreaterThan(v.price);
      }
      expect(Number.isInteger(v.inventory)).toBe(true);
      expect(v.inventory).toBeGreaterThanOrEqual(0);
      expect(v.inventory).toBeLessThanOrEqual(60);
    }
    expect(variants.filter((v) => v.compareAtPrice !== null).length).toBeGreaterThanOrEqual(5);
    const tees = CATALOGUE.filter((p) => p.tags.includes('t-shirt')).flatMap((p) => p.variants);
    for (const v of tees) expect(v.price).toBeGreaterThanOrEqual(2499);
  });

  it('sizes clothing S–XL in named colours and leaves most gear unsized', () => {
    for (const p of CATALOGUE.filter((p) => p.category === 'clothing')) {
      expect(new Set(p.variants.map((v) => v.size)), p.slug).toEqual(new Set(APPAREL_SIZES));
      for (const v of p.variants) expect(v.color && v.color in COLOURS).toBe(true);
    }
    const gear = CATALOGUE.filter((p) => p.category === 'accessories' || p.category === 'equipment');
    expect(gear.filter((p) => p.variants.every((v) => v.size === null)).length).toBeGreaterThan(gear.length / 2);
  });

  it('gives every variant a valid EAN-13 barcode, all distinct', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1); // a published example: 4006381333931
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    for (const v of variants) expect(isValidEan13(v.barcode), v.barcode).toBe(true);
    expect(new Set(variants.map((v) => v.barcode)).size).toBe(variants.length);
  });

  it('publishes about 42 products with variants, keeps drafts and archived ones, and features about 8', () => {
    expect(published.length).toBeGreaterThanOrEqual(40);
    expect(published.length).toBeLessThanOrEqual(45);
    expect(CATALOGUE.filter((p) => p.status === 'draft').length).toBeGreaterThanOrEqual(3);
    expect(CATALOGUE.filter((p) => p.status === 'archived').length).toBe(2);
    for (const p of published) expect(p.variants.length, p.slug).toBeGreaterThanOrEqual(1);
    const featured = CATALOGUE.filter((p) => p.featured);
    expect(featured.length).toBeGreaterThanOrEqual(6);
    expect(featured.length).toBeLessThanOrEqual(10);
    for (const p of featured) {
      expect(p.status).toBe('published');
      expect(
        p.variants.some((v) => v.inventory > 0),
        p.slug,
      ).toBe(true);
    }
  });

  it('has whole products sold out and single sold-out variants', () => {
    const soldOut = published.filter((p) => p.variants.every((v) => v.inventory === 0));
    expect(soldOut.length).toBeGreaterThanOrEqual(3);
    const partly = published.filter((p) => p.variants.some((v) => v.inventory === 0) && p.variants.some((v) => v.inventory > 0));
    expect(partly.length).toBeGreaterThanOrEqual(5);
  });

  it('has German copy for every product, not a copy of the English', () => {
    for (const p of CATALOGUE) {
      expect(p.titleDe.trim(), p.slug).not.toBe('');
      expect(p.subtitleDe.trim(), p.slug).not.toBe('');
      expect(p.descriptionDe.length, p.slug).toBeGreaterThan(80);
      expect(p.descriptionDe, p.slug).not.toBe(p.description);
      expect(p.subtitleDe, p.slug).not.toBe(p.subtitle);
    }
    // Du-form, kept throughout: no formal "Sie/Ihr" addressing the reader.
    for (const p of CATALOGUE) expect(p.descriptionDe, p.slug).not.toMatch(/\b(Sie|Ihnen|Ihr|Ihre)\b/);
  });

  it('spreads creation dates over about ten months', () => {
    const days = CATALOGUE.map((p) => p.daysAgo);
    expect(Math.max(...days)).toBeGreaterThanOrEqual(270);
    expect(Math.max(...days)).toBeLessThanOrEqual(320);
    expect(Math.min(...days)).toBeGreaterThanOrEqual(1);
    expect(new Set(days).size).toBe(days.length);
  });
});

describe('seed reviews', () => {
  const all = [...GUEST_REVIEWS, ...CUSTOMER_REVIEWS];
  it('cover published products: mostly approved, some pending, two rejected', () => {
    expect(all.length).toBeGreaterThanOrEqual(55);
    for (const r of all) expect(bySlug.get(r.slug)?.status, r.slug).toBe('published');
    expect(all.filter((r) => r.status === 'pending').length).toBeGreaterThanOrEqual(6);
    expect(all.filter((r) => r.status === 'rejected').length).toBe(2);
    const approved = all.filter((r) => r.status === 'approved');
    expect(approved.filter((r) => r.rating >= 4).length / approved.length).toBeGreaterThan(0.75);
    expect(approved.some((r) => r.rating <= 3)).toBe(true);
  });

  it('lets the customer review only what he received', () => {
    const received = new Set(SEED_ORDERS.filter((o) => o.byCustomer && o.status === 'delivered').flatMap((o) => o.items.map((i) => i.slug)));
    expect(CUSTOMER_REVIEWS.length).toBeGreaterThanOrEqual(2);
    for (const r of CUSTOMER_REVIEWS) expect(received.has(r.slug), r.slug).toBe(true);
  });
});

describe('seed orders', () => {
  it('give the customer one order in each state, a paid one from a checkout session', () => {
    const mine = SEED_ORDERS.filter((o) => o.byCustomer);
    for (const status of ['paid', 'processing', 'shipped', 'delivered', 'cancelled'] as const) {
      expect(
        mine.some((o) => o.status === status),
        status,
      ).toBe(true);
    }
    expect(mine.find((o) => o.status === 'paid')?.checkoutSessionId).toMatch(/^cs_seed_[A-Za-z0-9]{24}$/);
    expect(SEED_ORDERS.filter((o) => !o.byCustomer).length).toBeGreaterThanOrEqual(5);
  });

  it('are priced from the catalogue with German shipping', () => {
    for (const o of SEED_ORDERS) {
      expect(o.subtotal).toBe(o.items.reduce((s, i) => s + i.unitPrice * i.qty, 0));
      expect(o.shipping).toBe(o.subtotal >= SHIPPING_DE.freeFrom ? 0 : SHIPPING_DE.standard);
      expect(o.total).toBe(o.subtotal + o.shipping);
      for (const i of o.items) expect(i.lineTotal).toBe(i.unitPrice * i.qty);
    }
    expect(SEED_ORDERS.some((o) => o.shipping > 0)).toBe(true);
    const sessions = SEED_ORDERS.flatMap((o) => (o.checkoutSessionId ? [o.checkoutSessionId] : []));
    expect(new Set(sessions).size).toBe(sessions.length);
  });

  it('carry random checkout session ids, unguessable as real ones (ADR 0013)', () => {
    const ids = SEED_ORDERS.flatMap((o) => (o.checkoutSessionId ? [o.checkoutSessionId] : []));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    for (const id of ids) expect(id).toMatch(/^cs_seed_[A-Za-z0-9]{24}$/);
    const drawn = Array.from({ length: 200 }, seedSessionId);
    expect(new Set(drawn).size).toBe(drawn.length);
    // Every letter and digit is used across the draws: no fixed part beyond the prefix.
    expect(new Set(drawn.flatMap((id) => [...id.slice('cs_seed_'.length)])).size).toBe(62);
  });

  it('make one product the clear best seller', () => {
    const units = new Map<string, number>();
    for (const o of SEED_ORDERS.filter((o) => o.status !== 'cancelled')) {
      for (const i of o.items) units.set(i.slug, (units.get(i.slug) ?? 0) + i.qty);
    }
    const ranked = [...units.entries()].sort((a, b) => b[1] - a[1]);
    expect(ranked[0][0]).toBe('iron-oversized-tee');
    expect(ranked[0][1]).toBeGreaterThan(ranked[1][1]);
  });
});

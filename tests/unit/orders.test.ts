/**
 * domain/ (shipping, checkout, orders): the checkout and order rules shared by the machines, the views and the API
 * layer — shipping regions and quotes (SPEC §9), the checkout function's body (SPEC §7), how a
 * failed checkout is told (SPEC §8), order numbers and session ids from the URL, the orders list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressOfDraft, draftForRegion, EMPTY_ADDRESS, isBlankDraft, prefillDraft, parseShippingAddress } from '../../domain/address';
import { type CheckoutLine, checkoutFailure, checkoutRequest, StockRefusalError } from '../../domain/checkout';
import { capitalise, statusTone } from '../../domain/orderStatus';
import {
  CHECKOUT_SESSION_ID,
  customerSteps,
  mergeOrders,
  ORDER_NUMBER,
  ORDER_POLL_ATTEMPTS,
  ORDER_POLL_INTERVAL_MS,
  type OrderDetail,
  type OrderSummary,
  parseOrderNumber,
  parseSessionId,
  summaryOf,
} from '../../domain/orders';
import { DEFAULT_SHIPPING_REGION, isShippingRegion, quoteShipping, regionForCountry, type ShippingRegion } from '../../domain/shipping';
import { cartVat } from '../../domain/vat';
import { ApiError } from '../../src/api/errors';
import { SHIPPING_RATES as RATES } from '../../stories/fixtures/orders';

describe('shipping regions', () => {
  it.each(['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'])(
    'the EU member %s ships at the EU rate',
    (country) => {
      expect(regionForCountry(country)).toBe('EU');
      expect(regionForCountry(country.toLowerCase())).toBe('EU');
    },
  );

  it.each<[string | null | undefined, ShippingRegion]>([
    ['DE', 'DE'],
    ['de', 'DE'],
    [' de\n', 'DE'],
    ['GB', 'UK'],
    ['gb', 'UK'],
    ['UK', 'UK'],
    // Europe outside the EU, and the rest of the world: the USA/Canada rate.
    ['CH', 'US'],
    ['NO', 'US'],
    ['AU', 'US'],
    ['CA', 'US'],
    ['US', 'US'],
    ['JP', 'US'],
    // No usable country: Germany, the shop's home.
    [null, 'DE'],
    [undefined, 'DE'],
    ['', 'DE'],
    ['   ', 'DE'],
    ['D', 'DE'],
    ['DEU', 'DE'],
    ['FRA', 'DE'],
    ['1A', 'DE'],
    ['<script>', 'DE'],
    ['Ü1', 'DE'],
  ])('regionForCountry(%j) → %s', (country, region) => {
    expect(regionForCountry(country)).toBe(region);
  });

  it('every country code lands in one of the four regions', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z]{2}$/), fc.constant(null)), (country) => {
        expect(isShippingRegion(regionForCountry(country))).toBe(true);
      }),
    );
  });

  it('isShippingRegion accepts exactly DE, EU, UK and US', () => {
    for (const region of ['DE', 'EU', 'UK', 'US']) expect(isShippingRegion(region)).toBe(true);
    for (const value of ['de', 'GB', 'CH', '', ' DE', null, undefined, 1, {}]) expect(isShippingRegion(value)).toBe(false);
    expect(DEFAULT_SHIPPING_REGION).toBe('DE');
  });
});

describe('quoteShipping (SPEC §9, price_cart: free from the threshold on)', () => {
  it.each(RATES.map((rate) => [rate.region, rate] as const))('%s: standard rate below the threshold, free at and above it', (region, rate) => {
    const below = rate.freeFrom - 1;
    // The VAT line of each quote is the region's (cartVat, tested below): contained for DE, else destination or export.
    const vat = (total: number) => cartVat(region, total, rate.vatRateBasisPoints);
    expect(quoteShipping(RATES, region, below)).toEqual({
      shipping: rate.standardRate,
      freeFrom: rate.freeFrom,
      missingForFree: 1,
      total: below + rate.standardRate,
      vat: vat(below + rate.standardRate),
    });
    expect(quoteShipping(RATES, region, rate.freeFrom)).toEqual({ shipping: 0, freeFrom: rate.freeFrom, missingForFree: 0, total: rate.freeFrom, vat: vat(rate.freeFrom) });
    expect(quoteShipping(RATES, region, rate.freeFrom + 1)).toEqual({
      shipping: 0,
      freeFrom: rate.freeFrom,
      missingForFree: 0,
      total: rate.freeFrom + 1,
      vat: vat(rate.freeFrom + 1),
    });
    expect(quoteShipping(RATES, region, 0)).toEqual({
      shipping: rate.standardRate,
      freeFrom: rate.freeFrom,
      missingForFree: rate.freeFrom,
      total: rate.standardRate,
      vat: vat(rate.standardRate),
    });
  });

  it('the SPEC §9 figures themselves', () => {
    expect(quoteShipping(RATES, 'DE', 4999)?.shipping).toBe(499);
    expect(quoteShipping(RATES, 'EU', 7499)?.shipping).toBe(799);
    expect(quoteShipping(RATES, 'UK', 9999)?.shipping).toBe(999);
    expect(quoteShipping(RATES, 'US', 14999)?.shipping).toBe(1299);
    // €34.98 in Germany contains 19 % VAT: round(3498 × 19 / 119) = 559 cents.
    expect(quoteShipping(RATES, 'DE', 2999)).toEqual({
      shipping: 499,
      freeFrom: 5000,
      missingForFree: 2001,
      total: 3498,
      vat: { kind: 'contained', rateBasisPoints: 1900, amount: 559 },
    });
  });

  it('no rates, or none for the region: no quote ("Calculated at checkout")', () => {
    expect(quoteShipping(null, 'DE', 1000)).toBeNull();
    expect(quoteShipping([], 'DE', 1000)).toBeNull();
    expect(
      quoteShipping(
        RATES.filter((r) => r.region !== 'UK'),
        'UK',
        1000,
      ),
    ).toBeNull();
  });

  it('any subtotal: total = subtotal + shipping, shipping is 0 or the standard rate, missing never negative', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RATES), fc.nat({ max: 1_000_000 }), (rate, subtotal) => {
        const quote = quoteShipping(RATES, rate.region, subtotal);
        expect(quote).not.toBeNull();
        if (!quote) return;
        expect(quote.total).toBe(subtotal + quote.shipping);
        expect(quote.shipping).toBe(subtotal >= rate.freeFrom ? 0 : rate.standardRate);
        expect(quote.missingForFree).toBe(Math.max(0, rate.freeFrom - subtotal));
      }),
    );
  });
});

const LINES: CheckoutLine[] = [
  { variantId: 'v-tee-m', qty: 2, title: 'Grind Tee' },
  { variantId: 'v-shaker', qty: 1, title: 'Shaker' },
];

describe('checkoutRequest (SPEC §7 body plus shippingRegion and locale)', () => {
  it('a signed-in buyer: exactly the spec body, no titles sent', () => {
    const request = checkoutRequest(LINES, { userId: 'user-1', email: 'fan@example.com' }, 'https://shop.example', 'EU', 'de');
    expect(request).toStrictEqual({
      userId: 'user-1',
      email: 'fan@example.com',
      items: [
        { variantId: 'v-tee-m', qty: 2 },
        { variantId: 'v-shaker', qty: 1 },
      ],
      successUrl: 'https://shop.example/orders',
      cancelUrl: 'https://shop.example/cart',
      shippingRegion: 'EU',
      locale: 'de',
    });
    expect(Object.keys(request).sort()).toEqual(['cancelUrl', 'email', 'items', 'locale', 'shippingRegion', 'successUrl', 'userId']);
  });

  it('a guest: userId and email are sent as null', () => {
    const request = checkoutRequest(LINES.slice(0, 1), { userId: null, email: null }, 'http://localhost:5173', 'DE', 'en');
    expect(request).toStrictEqual({
      userId: null,
      email: null,
      items: [{ variantId: 'v-tee-m', qty: 2 }],
      successUrl: 'http://localhost:5173/orders',
      cancelUrl: 'http://localhost:5173/cart',
      shippingRegion: 'DE',
      locale: 'en',
    });
  });

  it('does not change the lines it was given', () => {
    const lines = structuredClone(LINES);
    checkoutRequest(lines, { userId: null, email: null }, 'https://shop.example', 'US', 'en');
    expect(lines).toEqual(LINES);
  });
});

describe('checkoutFailure (SPEC §8)', () => {
  it('a refused line is named by its title, looked up by variant id', () => {
    const error = new StockRefusalError('insufficient_stock', 'v-shaker', 0, 'Only 0 left');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('StockRefusalError');
    expect(checkoutFailure(error, LINES)).toEqual({ kind: 'stock', code: 'insufficient_stock', variantId: 'v-shaker', available: 0, title: 'Shaker' });
    expect(checkoutFailure(new StockRefusalError('sold_out', 'v-tee-m', 0, 'Sold out'), LINES)).toEqual({
      kind: 'stock',
      code: 'sold_out',
      variantId: 'v-tee-m',
      available: 0,
      title: 'Grind Tee',
    });
    expect(checkoutFailure(new StockRefusalError('insufficient_stock', 'v-tee-m', 1, 'Only 1 left'), LINES)).toMatchObject({ available: 1, title: 'Grind Tee' });
  });

  it('a refusal about a line that is not in the cart has an empty title', () => {
    expect(checkoutFailure(new StockRefusalError('unavailable', 'v-gone', 0, 'Unavailable'), LINES)).toEqual({
      kind: 'stock',
      code: 'unavailable',
      variantId: 'v-gone',
      available: 0,
      title: '',
    });
  });

  it('a lost connection is "network"', () => {
    expect(checkoutFailure(new ApiError('network', 'Failed to fetch'), LINES)).toEqual({ kind: 'network' });
    expect(checkoutFailure({ kind: 'network', message: 'x' }, LINES)).toEqual({ kind: 'network' });
  });

  it.each(['invalid', 'conflict', 'unauthorized', 'not_found'] as const)('an answered error (%s) is "failed" with its message', (kind) => {
    expect(checkoutFailure(new ApiError(kind, `server said ${kind}`), LINES)).toEqual({ kind: 'failed', message: `server said ${kind}` });
  });

  it('an ApiError-like object that is no Error keeps an empty message', () => {
    expect(checkoutFailure({ kind: 'invalid', message: 'plain object' }, LINES)).toEqual({ kind: 'failed', message: '' });
  });

  it.each<[string, unknown]>([
    ['ApiError unknown', new ApiError('unknown', 'boom')],
    ['plain Error', new Error('boom')],
    ['TypeError', new TypeError('x is undefined')],
    ['string', 'boom'],
    ['null', null],
    ['undefined', undefined],
    ['object with another kind', { kind: 'teapot' }],
    ['number', 418],
  ])('anything else (%s) is "unknown"', (_, error) => {
    expect(checkoutFailure(error, LINES)).toEqual({ kind: 'unknown' });
  });
});

describe('order status badge', () => {
  it.each([
    ['processing', 'warning'],
    ['shipped', 'info'],
    ['delivered', 'success'],
    ['cancelled', 'danger'],
    ['paid', 'neutral'],
    ['pending', 'neutral'],
    ['refunded', 'neutral'],
    ['', 'neutral'],
    ['Shipped', 'neutral'],
    ['toString', 'neutral'],
    ['constructor', 'neutral'],
  ])('statusTone(%j) → %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it.each([
    ['processing', 'Processing'],
    ['paid', 'Paid'],
    ['a', 'A'],
    ['', ''],
    ['Shipped', 'Shipped'],
    ['über', 'Über'],
    // Only the first letter changes.
    ['on hold (UPS)', 'On hold (UPS)'],
    // Stored identifiers read as words.
    ['on_hold', 'On hold'],
    ['partially-refunded', 'Partially refunded'],
    ['__', ''],
  ])('capitalise(%j) → %j', (text, expected) => {
    expect(capitalise(text)).toBe(expected);
  });
});

describe('order numbers and checkout session ids from the URL', () => {
  it.each<[string | null | undefined, string | null]>([
    ['NPNG-100001', 'NPNG-100001'],
    ['npng-100001', 'NPNG-100001'],
    [' NPNG-100001 ', 'NPNG-100001'],
    ['NPNG-1', 'NPNG-1'],
    ['NPNG-123456789012', 'NPNG-123456789012'],
    ['NPNG-1234567890123', null],
    ['NPNG-', null],
    ['NPNG-1 OR 1=1', null],
    ["NPNG-1'--", null],
    ['NPNG-1,NPNG-2', null],
    ['NPNG-１２', null],
    ['NPNG-1x', null],
    ['XNPNG-1', null],
    ['NPNG 1', null],
    ['NPNG--1', null],
    ['100001', null],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
    [`NPNG-${'1'.repeat(10_000)}`, null],
  ])('parseOrderNumber(%j) → %j', (value, expected) => {
    expect(parseOrderNumber(value)).toBe(expected);
  });

  it.each<[string | null | undefined, string | null]>([
    ['cs_local_abc', 'cs_local_abc'],
    ['cs_test_a1B2c3D4', 'cs_test_a1B2c3D4'],
    ['cs_x', 'cs_x'],
    [`cs_${'a'.repeat(250)}`, `cs_${'a'.repeat(250)}`],
    [`cs_${'a'.repeat(251)}`, null],
    ['cs_', null],
    ['cs_x y', null],
    [' cs_local_abc', null],
    ['cs_local_abc\n', null],
    ['CS_local_abc', null],
    ['cs_local-abc', null],
    ["cs_x' OR '1'='1", null],
    ['cs_x&session_id=cs_y', null],
    ['cs_ü', null],
    ['pi_123', null],
    ['', null],
    [null, null],
    [undefined, null],
    [`cs_${'a'.repeat(100_000)}`, null],
  ])('parseSessionId(%j) → %j', (value, expected) => {
    expect(parseSessionId(value)).toBe(expected);
  });

  it('whatever it accepts matches the database pattern, and parsing is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\s?[Nn][Pp][Nn][Gg]-\d{0,14}\s?$/)), (value) => {
        const number = parseOrderNumber(value);
        if (number !== null) {
          expect(ORDER_NUMBER.test(number)).toBe(true);
          expect(parseOrderNumber(number)).toBe(number);
        }
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^cs_[A-Za-z0-9_ ]{0,8}$/)), (value) => {
        const id = parseSessionId(value);
        if (id !== null) {
          expect(id).toBe(value);
          expect(CHECKOUT_SESSION_ID.test(id)).toBe(true);
        }
      }),
    );
  });
});

describe('order polling constants (SPEC §9: 6 attempts 1.5 s apart)', () => {
  it('are 6 and 1500 ms', () => {
    expect(ORDER_POLL_ATTEMPTS).toBe(6);
    expect(ORDER_POLL_INTERVAL_MS).toBe(1500);
  });
});

const order = (id: string, createdAt: string, extra: Partial<OrderSummary> = {}): OrderSummary => ({
  id,
  orderNumber: `NPNG-${id}`,
  status: 'paid',
  createdAt,
  total: 2999,
  currency: 'EUR',
  checkoutSessionId: null,
  ...extra,
});

describe('mergeOrders: newest first, each order once', () => {
  const jan = order('100001', '2026-01-05T10:00:00Z');
  const feb = order('100002', '2026-02-05T10:00:00Z');
  const mar = order('100003', '2026-03-05T10:00:00Z', { checkoutSessionId: 'cs_local_abc' });

  it('sorts newest first', () => {
    expect(mergeOrders([], [jan, mar, feb]).map((o) => o.id)).toEqual(['100003', '100002', '100001']);
    expect(mergeOrders([jan], [mar, feb]).map((o) => o.id)).toEqual(['100003', '100002', '100001']);
  });

  it('an order that is already listed is not added again; the incoming copy wins', () => {
    const shipped = { ...mar, status: 'shipped' };
    const merged = mergeOrders([mar, feb], [shipped, jan]);
    expect(merged.map((o) => o.id)).toEqual(['100003', '100002', '100001']);
    expect(merged[0]).toEqual(shipped);
    expect(mergeOrders([mar], [mar, mar])).toEqual([mar]);
  });

  it('empty lists', () => {
    expect(mergeOrders([], [])).toEqual([]);
    expect(mergeOrders([feb], [])).toEqual([feb]);
  });

  it('does not change its arguments', () => {
    const current = [jan, feb];
    const incoming = [mar];
    mergeOrders(current, incoming);
    expect(current).toEqual([jan, feb]);
    expect(incoming).toEqual([mar]);
  });

  it('the fields of a detailed order are kept when it merges with its summary', () => {
    const detail = { ...mar, subtotal: 2500, lines: [] } as OrderSummary;
    expect(mergeOrders([detail], [mar])[0]).toMatchObject({ subtotal: 2500 });
  });

  const arbitraryOrder = fc
    .record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e'), day: fc.integer({ min: 1, max: 28 }), status: fc.constantFrom('paid', 'shipped') })
    .map(({ id, day, status }) => order(id, `2026-01-${String(day).padStart(2, '0')}T00:00:00Z`, { status }));

  it('property: no id twice, sorted newest first, every id kept, idempotent', () => {
    fc.assert(
      fc.property(fc.array(arbitraryOrder, { maxLength: 8 }), fc.array(arbitraryOrder, { maxLength: 8 }), (current, incoming) => {
        const merged = mergeOrders(current, incoming);
        const ids = merged.map((o) => o.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set([...current, ...incoming].map((o) => o.id)));
        for (let i = 1; i < merged.length; i++) expect(merged[i - 1].createdAt >= merged[i].createdAt).toBe(true);
        expect(mergeOrders(merged, incoming)).toEqual(merged);
        expect(mergeOrders(merged, merged)).toEqual(merged);
        // The incoming copy of an order wins over the listed one.
        for (const o of incoming) expect(merged.find((m) => m.id === o.id)).toEqual(incoming.findLast((x) => x.id === o.id));
      }),
    );
  });
});

describe('summaryOf', () => {
  it('keeps exactly the summary fields of a detailed order', () => {
    const detail: OrderDetail = {
      ...order('100004', '2026-04-01T00:00:00Z', { checkoutSessionId: 'cs_local_x' }),
      subtotal: 2999,
      shipping: 499,
      shippingRegion: 'DE',
      email: 'fan@example.com',
      lines: [{ title: 'Grind Tee', titleDe: null, size: 'M', color: 'Black', qty: 1, unitPrice: 2999, lineTotal: 2999, image: null }],
      shippingAddress: { name: 'Sam Lift', line1: 'Torstraße 1', postalCode: '10119', city: 'Berlin', country: 'DE' },
      refundedTotal: 499,
      carrier: 'dhl',
      trackingNumber: 'JD0146000038',
      trackingUrl: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=JD0146000038',
      shippedAt: '2026-04-02T00:00:00Z',
    };
    expect(summaryOf(detail)).toStrictEqual({
      id: '100004',
      orderNumber: 'NPNG-100004',
      status: 'paid',
      createdAt: '2026-04-01T00:00:00Z',
      total: 2999,
      currency: 'EUR',
      checkoutSessionId: 'cs_local_x',
    });
  });
});

describe('parseShippingAddress', () => {
  it('reads the stored address, optional lines only when they hold something', () => {
    expect(parseShippingAddress({ name: 'Sam Lift', line1: 'Torstraße 1', line2: '', postalCode: '10119', city: 'Berlin', country: 'de', phone: ' ' })).toStrictEqual({
      name: 'Sam Lift',
      line1: 'Torstraße 1',
      postalCode: '10119',
      city: 'Berlin',
      country: 'DE',
    });
    expect(parseShippingAddress({ name: 'A', line1: 'B', line2: 'C', postalCode: 'SW1A 1AA', city: 'London', country: 'GB', phone: '+44 20 7946 0000' })).toStrictEqual({
      name: 'A',
      line1: 'B',
      line2: 'C',
      postalCode: 'SW1A 1AA',
      city: 'London',
      country: 'GB',
      phone: '+44 20 7946 0000',
    });
  });

  it.each([null, undefined, 'Torstraße 1', [], 42, {}, { name: 'Sam', line1: 'x', city: 'Berlin' }, { name: 7, line1: 'x', city: 'y', country: 'DE' }])(
    'no address from %j',
    (value) => {
      expect(parseShippingAddress(value)).toBeNull();
    },
  );
});

describe('customerSteps', () => {
  it('keeps the steps a customer is shown, oldest first; e-mails, processing and unknown kinds are left out', () => {
    expect(
      customerSteps([
        { kind: 'shipped', at: '2026-03-02T08:00:00Z' },
        { kind: 'paid', at: '2026-03-01T10:00:00Z' },
        { kind: 'email_sent', at: '2026-03-01T10:00:01Z' },
        { kind: 'processing', at: '2026-03-01T12:00:00Z' },
        { kind: 'refund_failed', at: '2026-03-03T12:00:00Z' },
        { kind: 'refunded', at: '2026-03-04T12:00:00Z' },
        { kind: 'refunded', at: '2026-03-05T12:00:00Z' },
        { kind: 'delivered', at: 'not a date' },
      ]),
    ).toEqual([
      { kind: 'paid', at: '2026-03-01T10:00:00Z' },
      { kind: 'shipped', at: '2026-03-02T08:00:00Z' },
      { kind: 'refunded', at: '2026-03-04T12:00:00Z' },
      { kind: 'refunded', at: '2026-03-05T12:00:00Z' },
    ]);
    expect(
      customerSteps([
        { kind: 'cancelled', at: '2026-03-01T10:00:00Z' },
        { kind: 'delivered', at: '2026-03-02T10:00:00Z' },
      ]).map((s) => s.kind),
    ).toEqual(['cancelled', 'delivered']);
  });
});

describe('the review step’s address draft (docs/adr/0024)', () => {
  const LAST = { name: 'Anna Gruber', line1: 'Mariahilfer Straße 1', postalCode: '1060', city: 'Wien', country: 'AT', phone: '+43 1 234' };

  it('a region of one country has it chosen; a country of another region is cleared; one of the region stays', () => {
    expect(draftForRegion(EMPTY_ADDRESS, 'DE').country).toBe('DE');
    expect(draftForRegion({ ...EMPTY_ADDRESS, country: 'AT' }, 'UK').country).toBe('GB');
    expect(draftForRegion({ ...EMPTY_ADDRESS, country: 'DE' }, 'EU').country).toBe('');
    expect(draftForRegion({ ...EMPTY_ADDRESS, country: 'FR' }, 'EU').country).toBe('FR');
  });

  it('the last address fills a blank draft only: whole in its region, only who receives it elsewhere', () => {
    expect(isBlankDraft({ ...EMPTY_ADDRESS, country: 'DE' })).toBe(true);
    expect(prefillDraft({ ...EMPTY_ADDRESS, country: '' }, LAST, 'EU')).toEqual({ ...LAST, line2: '' });
    expect(prefillDraft({ ...EMPTY_ADDRESS, country: 'DE' }, LAST, 'DE')).toEqual({ ...EMPTY_ADDRESS, country: 'DE', name: 'Anna Gruber', phone: '+43 1 234' });
    const typed = { ...EMPTY_ADDRESS, city: 'Graz' };
    expect(prefillDraft(typed, LAST, 'EU')).toBe(typed);
    expect(prefillDraft(EMPTY_ADDRESS, null, 'EU')).toBe(EMPTY_ADDRESS);
  });

  it('sent trimmed, the country upper case, empty optional fields left out', () => {
    expect(addressOfDraft({ name: ' Anna ', line1: 'Gasse 1 ', line2: '  ', postalCode: ' 1060', city: 'Wien', country: 'at', phone: '' })).toEqual({
      name: 'Anna',
      line1: 'Gasse 1',
      postalCode: '1060',
      city: 'Wien',
      country: 'AT',
    });
  });

  it('the request carries the address only when given (API callers without one are unchanged)', () => {
    const lines = [{ variantId: 'v1', qty: 1, title: 'Tee' }];
    const buyer = { userId: null, email: null };
    expect(checkoutRequest(lines, buyer, 'https://shop.example', 'DE', 'en')).not.toHaveProperty('shippingAddress');
    expect(checkoutRequest(lines, buyer, 'https://shop.example', 'DE', 'en', addressOfDraft({ ...EMPTY_ADDRESS, ...LAST })).shippingAddress?.city).toBe('Wien');
  });
});

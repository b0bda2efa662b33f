import { describe, expect, it } from 'vitest';
import { parseCheckoutRequest } from './validate.ts';

const SITE = 'http://localhost:5173';
const VARIANT = '3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60';
const valid = {
  userId: null,
  email: null,
  items: [{ variantId: VARIANT, qty: 2 }],
  successUrl: `${SITE}/orders`,
  cancelUrl: `${SITE}/cart`,
};

describe('parseCheckoutRequest', () => {
  it('accepts the body the storefront sends, normalising email, ids and region', () => {
    const parsed = parseCheckoutRequest({ ...valid, email: ' Alex@Example.COM ', items: [{ variantId: VARIANT.toUpperCase(), qty: 1 }], shippingRegion: 'eu', locale: 'de' }, SITE);
    expect(parsed).toEqual({
      ok: true,
      value: {
        ...valid,
        email: 'alex@example.com',
        items: [{ variantId: VARIANT, qty: 1 }],
        successUrl: `${SITE}/orders`,
        cancelUrl: `${SITE}/cart`,
        shippingRegion: 'EU',
        locale: 'de',
      },
    });
    expect(parseCheckoutRequest({ items: valid.items, successUrl: valid.successUrl, cancelUrl: valid.cancelUrl }, SITE)).toMatchObject({
      ok: true,
      value: { userId: null, email: null, shippingRegion: 'DE', locale: 'en' },
    });
  });

  it.each([
    ['not an object', [], 'The body must be a JSON object'],
    ['null', null, 'The body must be a JSON object'],
    ['a total sent by the client', { ...valid, total: 1 }, 'Unknown field "total"'],
    ['a price sent at the top level', { ...valid, price: 1 }, 'Unknown field "price"'],
    ['a unitPrice sent at the top level', { ...valid, unitPrice: 1 }, 'Unknown field "unitPrice"'],
    ['a currency sent at the top level', { ...valid, currency: 'USD' }, 'Unknown field "currency"'],
    ['a string body', 'items', 'The body must be a JSON object'],
    ['a number body', 42, 'The body must be a JSON object'],
    ['an empty cart', { ...valid, items: [] }, 'Your cart is empty.'],
    ['items not a list', { ...valid, items: {} }, 'items must be a list of {variantId, qty}'],
    ['too many lines', { ...valid, items: Array.from({ length: 51 }, () => ({ variantId: VARIANT, qty: 1 })) }, 'A cart holds at most 50 lines'],
    ['a line that is not an object', { ...valid, items: ['x'] }, 'items[0] must be an object {variantId, qty}'],
    ['a price sent by the client', { ...valid, items: [{ variantId: VARIANT, qty: 1, price: 1 }] }, 'items[0] has an unknown field "price"'],
    ['a unitPrice in a line', { ...valid, items: [{ variantId: VARIANT, qty: 1, unitPrice: 1 }] }, 'items[0] has an unknown field "unitPrice"'],
    ['a currency in a line', { ...valid, items: [{ variantId: VARIANT, qty: 1, currency: 'USD' }] }, 'items[0] has an unknown field "currency"'],
    ['a total in a line', { ...valid, items: [{ variantId: VARIANT, qty: 1, total: 1 }] }, 'items[0] has an unknown field "total"'],
    ['1,000 lines', { ...valid, items: Array.from({ length: 1000 }, () => ({ variantId: VARIANT, qty: 1 })) }, 'A cart holds at most 50 lines'],
    ['qty 1e9', { ...valid, items: [{ variantId: VARIANT, qty: 1e9 }] }, 'items[0].qty must be a whole number from 1 to 99'],
    ['qty -1', { ...valid, items: [{ variantId: VARIANT, qty: -1 }] }, 'items[0].qty must be a whole number from 1 to 99'],
    ['a variantId that is no UUID', { ...valid, items: [{ variantId: '1; drop table', qty: 1 }] }, 'items[0].variantId must be a UUID'],
    ['qty 0', { ...valid, items: [{ variantId: VARIANT, qty: 0 }] }, 'items[0].qty must be a whole number from 1 to 99'],
    ['qty 100', { ...valid, items: [{ variantId: VARIANT, qty: 100 }] }, 'items[0].qty must be a whole number from 1 to 99'],
    ['a fractional qty', { ...valid, items: [{ variantId: VARIANT, qty: 1.5 }] }, 'items[0].qty must be a whole number from 1 to 99'],
    ['qty as a string', { ...valid, items: [{ variantId: VARIANT, qty: '2' }] }, 'items[0].qty must be a whole number from 1 to 99'],
    ['a userId that is no UUID', { ...valid, userId: 'admin' }, 'userId must be a UUID or null'],
    ['an invalid email', { ...valid, email: 'not-an-email' }, 'email must be a valid email address or null'],
    ['an email with spaces inside', { ...valid, email: 'a b@c.de' }, 'email must be a valid email address or null'],
    ['an unknown region', { ...valid, shippingRegion: 'MARS' }, 'shippingRegion must be one of DE, EU, UK, US'],
    ['an unknown locale', { ...valid, locale: 'fr' }, "locale must be 'en' or 'de'"],
    ['a locale in capitals', { ...valid, locale: 'DE' }, "locale must be 'en' or 'de'"],
    ['a null locale', { ...valid, locale: null }, "locale must be 'en' or 'de'"],
    ['a locale that is no string', { ...valid, locale: ['de'] }, "locale must be 'en' or 'de'"],
    ['no successUrl', { ...valid, successUrl: undefined }, 'successUrl is required'],
    ['a relative successUrl', { ...valid, successUrl: '/orders' }, 'successUrl must be an absolute URL'],
    ['a javascript: successUrl', { ...valid, successUrl: 'javascript:alert(1)' }, 'successUrl must be an http(s) URL'],
    ['a successUrl on another site', { ...valid, successUrl: 'https://evil.example/orders' }, `successUrl must be on the shop's site (${SITE})`],
    ['a look-alike host', { ...valid, successUrl: 'http://localhost.evil.example:5173/orders' }, `successUrl must be on the shop's site (${SITE})`],
    ['credentials in the URL', { ...valid, successUrl: 'http://user:pw@localhost:5173/' }, 'successUrl must not carry credentials'],
    ['a cancelUrl on another port', { ...valid, cancelUrl: 'http://localhost:5174/cart' }, `cancelUrl must be on the shop's site (${SITE})`],
  ])('refuses %s', (_what, body, error) => {
    expect(parseCheckoutRequest(body, SITE)).toEqual({ ok: false, error });
  });
});

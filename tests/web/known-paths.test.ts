import { describe, expect, it } from 'vitest';
import { isKnownPath } from '../../src/app/routes';

/**
 * The server renderer answers 404 for a path the route table has no screen for (src/entry-server.tsx);
 * these are the statuses it gave while it kept a list of its own, kept as they were.
 */
describe('isKnownPath', () => {
  const screens = [
    '/',
    '/shop',
    '/shop/train-hard-tee',
    '/cart',
    '/auth',
    '/account',
    '/orders',
    '/orders/NPNG-1001',
    '/collections',
    '/about',
    '/contact',
    '/support/size-guide',
    '/support/shipping',
    '/support/returns',
    '/support/faq',
    '/privacy',
    '/terms',
    '/withdrawal',
    '/withdraw',
    '/newsletter/confirm',
    '/newsletter/unsubscribe',
    '/back-in-stock/confirm',
    '/back-in-stock/unsubscribe',
    '/impressum',
    '/admin',
    '/admin/products',
    '/admin/products/new',
    '/admin/products/import',
    '/admin/products/42/edit',
    '/admin/reviews',
    '/admin/orders',
    '/admin/orders/NPNG-1001',
    '/admin/withdrawals',
    '/admin/audit',
  ];

  it.each(screens)('knows %s', (path) => {
    expect(isKnownPath(path)).toBe(true);
  });

  it.each(screens.filter((path) => path !== '/'))('knows %s/ with a trailing slash', (path) => {
    expect(isKnownPath(`${path}/`)).toBe(true);
  });

  it('knows /admin/ with a trailing slash (it redirects to the products)', () => {
    expect(isKnownPath('/admin/')).toBe(true);
  });

  it.each(['/admin/anything', '/admin/products/x/edit/more', '/admin/orders/1/2', '/admin/withdrawals/x', '/admin/audit/x', '/admin/products/import/x'])(
    'an unknown path under /admin is not a screen (404 like any other): %s',
    (path) => {
      expect(isKnownPath(path)).toBe(false);
    },
  );

  it.each([
    '/no-such-page',
    '/shop/a/b',
    '/shop//',
    '/orders/1/2',
    '/support',
    '/support/unknown',
    '/account/nothing-here',
    '/newsletter',
    '/administrator',
    '/SHOP',
    '/About',
    '/cart.html',
    '//',
  ])('does not know %s', (path) => {
    expect(isKnownPath(path)).toBe(false);
  });
});

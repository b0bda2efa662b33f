import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { asAdmin, makeProduct, pngFile, type StoredProduct, test, uid } from './admin';
import { ADDRESSES, checkoutToPayment, guestPurchase, orderOfSession, SITE_URL } from './purchase';
import { ANON_KEY, API_URL, CONTENT_PAGES, createConfirmedUser, open, type SeedVariant, seedCart, signIn, uniqueEmail } from './support';

/**
 * Browser hardening (issue 22, item 5; ADR 0030): every page of the shop, as a visitor, a customer
 * and the admin use it, runs under the Content-Security-Policy server/web.ts sends, without one
 * `securitypolicyviolation` event and without a CSP error in the console; every page arrives with
 * the policy, X-Frame-Options and Permissions-Policy. One check injects an inline script to show
 * the watch sees what the policy blocks.
 */

type Watch = { reports: string[]; documents: { url: string; csp: string | undefined; frame: string | undefined }[] };

/** Records every CSP violation (event and console) and the headers of every page of the shop the browser loads. */
async function watchCsp(page: Page): Promise<Watch> {
  const watch: Watch = { reports: [], documents: [] };
  await page.exposeBinding('__npngCspViolation', ({ frame }, v: { directive: string; blocked: string; source: string; line: number; sample: string }) => {
    watch.reports.push(`${frame.url()}: ${v.directive} blocked ${v.blocked} at ${v.source}:${v.line} ${v.sample}`);
  });
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __npngCspViolation(v: object): void }).__npngCspViolation;
        report({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample });
      },
      true,
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame|run)/i.test(message.text()))
      watch.reports.push(`console ${message.type()} on ${page.url()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'document' || !response.url().startsWith(SITE_URL)) return;
    const headers = response.headers();
    watch.documents.push({ url: response.url(), csp: headers['content-security-policy'], frame: headers['x-frame-options'] });
  });
  return watch;
}

/** Opens a page, lets it load what it loads (images, idle parts, the country lookup) and fails on any violation so far. */
async function visit(page: Page, watch: Watch, path: string): Promise<void> {
  await open(page, path);
  await page.waitForLoadState('networkidle');
  expectClean(watch, path);
}

function expectClean(watch: Watch, where: string): void {
  expect(watch.reports, `CSP violations up to ${where}`).toEqual([]);
  for (const doc of watch.documents) {
    expect(doc.csp, `the Content-Security-Policy of ${doc.url}`).toMatch(/(^|; )script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/);
    expect(doc.csp, `the Content-Security-Policy of ${doc.url}`).toContain("frame-ancestors 'none'");
    expect(doc.frame, `X-Frame-Options of ${doc.url}`).toBe('DENY');
  }
}

/** A published product with images from the seed catalogue (its images come from Storage, the API's origin). */
async function seedSlugWithImages(request: APIRequestContext): Promise<string> {
  const res = await request.get(`${API_URL}/rest/v1/products`, {
    params: { select: 'slug,media!inner(id)', status: 'eq.published', order: 'slug.asc', limit: '1' },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(res.ok(), `GET products: ${res.status()} ${await res.text()}`).toBe(true);
  const [row] = (await res.json()) as { slug: string }[];
  expect(row, 'a published product with images').toBeTruthy();
  return row.slug;
}

const asSeedVariant = (product: StoredProduct): SeedVariant => {
  const v = product.variants[0];
  return { id: v.id, price: v.price, sku: v.sku, product_id: product.id, size: v.size, color: v.color, title: product.title, currency: 'EUR' };
};

test('the policy is enforced and the watch sees what it blocks: an inline script put in by hand does not run', async ({ page }) => {
  const watch = await watchCsp(page);
  await visit(page, watch, '/');
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran, 'an inline script without the hash runs').toBe(false);
  // Once as the event, once in the console.
  await expect.poll(() => watch.reports.length, { message: 'the violation is reported' }).toBe(2);
  expect(watch.reports.filter((r) => r.includes(': script-src-elem blocked inline at '))).toHaveLength(1);
  expect(
    watch.reports.filter((r) => r.startsWith('console ') && r.includes('Content Security Policy')),
    watch.reports.join('\n'),
  ).toHaveLength(1);
});

test('a visitor: every public page, in both languages, without a CSP violation', async ({ page, request }) => {
  test.setTimeout(180_000);
  const watch = await watchCsp(page);
  const slug = await seedSlugWithImages(request);
  for (const path of [
    '/',
    '/shop',
    '/shop?category=tops&sort=price-asc',
    `/shop/${slug}`,
    '/collections',
    '/cart',
    '/auth',
    '/auth?tab=signup',
    ...CONTENT_PAGES,
    '/newsletter/confirm?token=not-a-token',
    '/orders',
    '/no-such-page',
    '/?lang=de',
    `/shop/${slug}?lang=de`,
  ]) {
    await visit(page, watch, path);
  }
});

test('a customer: account (two-factor set-up), cart, checkout, the return page, orders and an order', async ({ page, request }) => {
  test.setTimeout(180_000);
  const watch = await watchCsp(page);
  const user = await createConfirmedUser(request, 'csp');
  const product = await makeProduct(request, { title: `CSP Journey Strap ${uid()}` });
  await signIn(page, user);
  expectClean(watch, 'signing in');
  await visit(page, watch, '/account');
  // The authenticator app's QR code is a data: image (GoTrue's totp.qr_code).
  const twoFactor = page.getByRole('main').getByRole('region', { name: 'Two-factor authentication' });
  await twoFactor.getByRole('button', { name: 'Set up' }).click();
  await expect(twoFactor.getByRole('img', { name: /^QR code for your authenticator app/ })).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await page.waitForLoadState('networkidle');
  expectClean(watch, 'setting up two-factor');
  await seedCart(page, [{ variant: asSeedVariant(product), qty: 1 }]);
  await visit(page, watch, '/cart');
  await checkoutToPayment(page, ADDRESSES.DE);
  const sessionId = page.url().split('/').pop()!;
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(`/orders?session_id=${sessionId}`, { timeout: 20_000 });
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  expectClean(watch, 'the checkout return page');
  const order = await orderOfSession(request, sessionId);
  expect(order, `the order of ${sessionId}`).toBeTruthy();
  await visit(page, watch, '/orders');
  await visit(page, watch, `/orders/${order!.order_number}`);
  await visit(page, watch, `/shop/${product.slug}`);
});

test.describe('the admin', () => {
  asAdmin();

  test('every admin page, a picked image shown before upload included, without a CSP violation', async ({ page, request }) => {
    test.setTimeout(180_000);
    const watch = await watchCsp(page);
    const product = await makeProduct(request, { title: `CSP Admin Strap ${uid()}` });
    const { order } = await guestPurchase(request, { variant: { id: product.variants[0].id }, email: uniqueEmail('csp-admin') });
    for (const path of ['/admin/products', `/admin/products/${product.id}/edit`, '/admin/reviews', '/admin/orders', `/admin/orders/${order.order_number}`, '/admin/withdrawals']) {
      await visit(page, watch, path);
    }
    await visit(page, watch, '/admin/products/new');
    // A picked file is shown from a blob: URL until it is uploaded.
    await page
      .getByRole('main')
      .getByLabel('Choose files')
      .setInputFiles([pngFile('csp.png', 7)]);
    await expect(page.getByRole('main').getByRole('list', { name: 'Images' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('list', { name: 'Images' }).locator('img[src^="blob:"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expectClean(watch, 'the new product form with a picked image');
  });
});

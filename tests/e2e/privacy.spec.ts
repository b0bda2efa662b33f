import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { guestPurchase } from './purchase';
import { ANON_KEY, API_URL, CONTENT_PAGES, createConfirmedUser, expectHydrated, fetchVariants, german, open, seedCart, signIn, signInForm } from './support';
import { servicePatch } from './admin';

/**
 * Privacy (issue 20 item 5, ADR 0026): no page talks to another origin than the shop itself, its
 * API and the configured country lookup (locally the API's /_dev/geo), so there is nothing to ask
 * consent for; and a customer downloads their data and deletes their account, in English and German.
 */
const SITE = 'http://localhost:5173';
const ALLOWED_ORIGINS = new Set([SITE, new URL(API_URL).origin]);

/** Every http(s) request the page makes from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url)) urls.push(url);
  });
  return urls;
}

test('no page requests another origin than the shop, its API and the country lookup', async ({ page, request }) => {
  test.setTimeout(180_000);
  const urls = recordRequests(page);
  const [variant] = await fetchVariants(request, 1);
  const product = await request.get(`${API_URL}/rest/v1/products`, {
    params: { select: 'slug', id: `eq.${variant.product_id}` },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  const [{ slug }] = (await product.json()) as { slug: string }[];

  const visited: string[] = [];
  const visit = async (path: string) => {
    await open(page, path);
    // Let lazy screens, images and the country lookup go out before moving on.
    await page.waitForLoadState('networkidle');
    visited.push(path);
  };
  for (const path of ['/', '/shop', `/shop/${slug}`, '/collections', '/auth', ...CONTENT_PAGES]) {
    await visit(path);
  }
  await seedCart(page, [{ variant, qty: 1 }]);
  await visit('/cart');
  const customer = await createConfirmedUser(request, 'privacy-origins');
  await signIn(page, customer);
  await visit('/account');
  await visit('/orders');

  expect(visited).toHaveLength(8 + CONTENT_PAGES.length);
  const foreign = urls.filter((url) => !ALLOWED_ORIGINS.has(new URL(url).origin));
  expect(foreign, 'requests to other origins').toEqual([]);
  // The allowed origins were really used: the pages, the API and the country lookup (locally the API's /_dev/geo).
  expect(urls.some((url) => url.startsWith(`${API_URL}/rest/v1/`))).toBe(true);
  expect(urls.some((url) => url.startsWith(`${API_URL}/_dev/geo`))).toBe(true);
  expect(urls.some((url) => url.startsWith(`${SITE}/`))).toBe(true);
});

const TEXTS = {
  en: {
    download: 'Download my data',
    downloading: 'Your data is downloading.',
    deleteButton: 'Delete my account',
    dialog: 'Delete your account?',
    password: 'Your password',
    tick: 'I understand that my account is deleted for good.',
    wrong: 'That password is not right.',
    deleted: 'Your account has been deleted.',
  },
  de: {
    download: german('Download my data', 'account'),
    downloading: german('Your data is downloading.', 'account'),
    deleteButton: german('Delete my account', 'account'),
    dialog: german('Delete your account?', 'account'),
    password: german('Your password', 'account'),
    tick: german('I understand that my account is deleted for good.', 'account'),
    wrong: german('That password is not right.', 'account'),
    deleted: german('Your account has been deleted.', 'account'),
  },
} as const;

for (const lang of ['en', 'de'] as const) {
  test(`a customer downloads their data and deletes the account (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const t = TEXTS[lang];
    const customer = await createConfirmedUser(request, `privacy-${lang}`);
    const [variant] = await fetchVariants(request, 1);
    // An order with the customer's address, delivered (so nothing is open any more).
    const { order } = await guestPurchase(request, { variant, email: customer.email, locale: lang });
    await servicePatch(request, 'orders', { id: `eq.${order.id}` }, { status: 'delivered' });

    await signIn(page, customer);
    await open(page, `/account${lang === 'de' ? '?lang=de' : ''}`);
    const main = page.getByRole('main');

    const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('button', { name: t.download }).click()]);
    expect(download.suggestedFilename()).toMatch(/^no-pain-no-gain-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
    expect(data.account.email).toBe(customer.email);
    expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([order.order_number]);
    expect(data.orders[0].items).toHaveLength(1);
    await expect(page.getByText(t.downloading).first()).toBeVisible();

    await main.getByRole('button', { name: t.deleteButton }).click();
    const dialog = page.getByRole('alertdialog', { name: t.dialog });
    await dialog.getByLabel(t.password).fill('Not-The-Password-1');
    await dialog.getByRole('checkbox', { name: t.tick }).check();
    await dialog.getByRole('button', { name: t.deleteButton }).click();
    await expect(dialog.getByText(t.wrong)).toBeVisible();
    // Still signed in and still there after a wrong password.
    const stillThere = await request.post(`${API_URL}/auth/v1/token?grant_type=password`, {
      data: { email: customer.email, password: customer.password },
      headers: { apikey: ANON_KEY },
    });
    expect(stillThere.ok()).toBe(true);

    await dialog.getByLabel(t.password).fill(customer.password);
    await dialog.getByRole('button', { name: t.deleteButton }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
    await expect(page.getByText(t.deleted).first()).toBeVisible();
    await expectHydrated(page);

    // The password no longer signs anyone in, through the form as through the API.
    const gone = await request.post(`${API_URL}/auth/v1/token?grant_type=password`, {
      data: { email: customer.email, password: customer.password },
      headers: { apikey: ANON_KEY },
    });
    expect(gone.status()).toBe(400);
    await open(page, '/auth?lang=en');
    const form = signInForm(page);
    await form.getByLabel('Email').fill(customer.email);
    await form.getByLabel('Password', { exact: true }).fill(customer.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid login credentials').first()).toBeVisible();
  });
}

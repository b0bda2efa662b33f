import { expect, test, type Locator, type Page } from '@playwright/test';
import { CART_KEY, cartButton, expectCartCount, expectFocusInside, expectNoSeriousA11yViolations, fetchVariants, open, seedCart, seedCartRaw, type SeedVariant } from './support';
import { shippingRates, summaryValue } from './purchase';

/**
 * The catalogue screens (with their Add to Cart buttons) arrive in a later issue, so these journeys
 * start from a cart saved in the browser — exactly what a returning visitor has — with real seeded
 * variants, and exercise everything the cart itself offers.
 */

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

/** The drawer's total line, e.g. "Total €129.97". */
const total = (amount: string) => new RegExp(`Total\\s*${amount.replace(/[.$]/g, '\\$&')}`);

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Shopping Cart' });
const lines = (scope: Locator) => scope.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
const line = (scope: Locator, title: string) => lines(scope).filter({ hasText: title });

async function storedQuantities(page: Page): Promise<Record<string, number>> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), CART_KEY);
  const items = JSON.parse(raw ?? '[]') as { variantId: string; qty: number }[];
  return Object.fromEntries(items.map((i) => [i.variantId, i.qty]));
}

let a: SeedVariant;
let b: SeedVariant;
/** Germany's standard rate and free-shipping threshold: the cart's region when nothing else is known. */
let germany: { standard_rate: number; free_from: number };

test.beforeAll(async ({ request }) => {
  [a, b] = await fetchVariants(request, 2);
  expect(a.title).not.toBe(b.title);
  expect(a.currency).toBe(b.currency);
  germany = (await shippingRates(request)).DE;
});

test('drawer: count, lines, total, quantity never below 1, remove, View Cart', async ({ page }) => {
  await open(page, '/');
  await seedCart(page, [
    { variant: a, qty: 1 },
    { variant: b, qty: 2 },
  ]);
  const currency = a.currency;
  await expectCartCount(page, 3);

  await cartButton(page).click();
  const panel = drawer(page);
  await expect(panel).toBeVisible();
  await expect(lines(panel)).toHaveCount(2);
  await expect(line(panel, a.title)).toContainText(money(a.price, currency));
  await expect(line(panel, b.title)).toContainText(money(b.price * 2, currency));
  await expect(panel).toContainText(total(money(a.price + 2 * b.price, currency)));
  await expectNoSeriousA11yViolations(page, 'the cart drawer');

  // + raises the line, the header count and the total; the change is saved.
  await line(panel, a.title)
    .getByRole('button', { name: `Increase quantity of ${a.title}` })
    .click();
  await expect(line(panel, a.title)).toContainText(money(a.price * 2, currency));
  await expect(panel).toContainText(total(money(2 * a.price + 2 * b.price, currency)));
  await expectCartCount(page, 4);
  await expect.poll(() => storedQuantities(page)).toEqual({ [a.id]: 2, [b.id]: 2 });

  // − lowers it, and stops at 1.
  const decrease = line(panel, a.title).getByRole('button', { name: `Decrease quantity of ${a.title}` });
  await decrease.click();
  await expectCartCount(page, 3);
  await expect(decrease).toBeDisabled();
  await decrease.click({ force: true });
  await expectCartCount(page, 3);
  await expect(line(panel, a.title)).toContainText(money(a.price, currency));

  // Remove a line.
  await line(panel, b.title)
    .getByRole('button', { name: `Remove ${b.title}` })
    .click();
  await expect(lines(panel)).toHaveCount(1);
  await expectCartCount(page, 1);
  await expect(panel).toContainText(total(money(a.price, currency)));
  await expect.poll(() => storedQuantities(page)).toEqual({ [a.id]: 1 });

  // View Cart goes to /cart and closes the drawer.
  await panel.getByRole('link', { name: 'View Cart' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart');
  await expect(lines(page.getByRole('main'))).toHaveCount(1);
});

test('drawer: Continue Shopping and Escape close it', async ({ page }) => {
  await open(page, '/about');
  await seedCart(page, [{ variant: a, qty: 1 }]);
  await cartButton(page).click();
  await drawer(page).getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(drawer(page)).toBeHidden();
  await expect(page).toHaveURL('/about');
  await cartButton(page).click();
  await expect(drawer(page)).toBeVisible();
  await expectFocusInside(drawer(page));
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toBeHidden();
  // Focus goes back to the button that opened it.
  await expect(cartButton(page)).toBeFocused();
});

test('cart page: summary texts, quantities, reload keeps the cart, empty state', async ({ page }) => {
  await open(page, '/');
  await seedCart(page, [
    { variant: a, qty: 2 },
    { variant: b, qty: 1 },
  ]);
  const currency = a.currency;
  await open(page, '/cart');
  const main = page.getByRole('main');
  await expect(lines(main)).toHaveCount(2);
  const summary = main.getByRole('region', { name: 'Order summary' });
  // Once the rates are in, shipping is Germany's amount (or Free above its threshold), and the total includes it.
  const subtotal = 2 * a.price + b.price;
  const shipping = subtotal >= germany.free_from ? 0 : germany.standard_rate;
  await expect(summaryValue(summary, 'Shipping')).toHaveText(shipping === 0 ? 'Free' : money(shipping, currency));
  await expect(summaryValue(summary, 'Total')).toHaveText(money(subtotal + shipping, currency));
  await expect(summary.getByRole('combobox', { name: 'Ship to' })).toHaveValue('DE');
  await expect(summary).toContainText('30-day return policy');
  await expect(summary).toContainText('Secure checkout with SSL encryption');
  await expect(summary).toContainText(money(2 * a.price + b.price, currency));
  await expectNoSeriousA11yViolations(page, '/cart with two lines');

  await line(main, b.title)
    .getByRole('button', { name: `Increase quantity of ${b.title}` })
    .click();
  await expectCartCount(page, 4);
  await expect(summary).toContainText(money(2 * a.price + 2 * b.price, currency));

  await page.reload();
  await expect(lines(main)).toHaveCount(2);
  await expectCartCount(page, 4);
  await expect(summary).toContainText(money(2 * a.price + 2 * b.price, currency));

  await line(main, a.title)
    .getByRole('button', { name: `Remove ${a.title}` })
    .click();
  await line(main, b.title)
    .getByRole('button', { name: `Remove ${b.title}` })
    .click();
  await expect(main.getByText('Your cart is empty')).toBeVisible();
  await expectCartCount(page, 0);
  const continueShopping = main.getByRole('link', { name: 'Continue Shopping' });
  await expect(continueShopping).toHaveAttribute('href', '/shop');
  await expectNoSeriousA11yViolations(page, 'the empty /cart');

  await page.reload();
  await expect(main.getByText('Your cart is empty')).toBeVisible();
  await continueShopping.click();
  await expect(page).toHaveURL('/shop');
});

test('unreadable storage gives an empty cart, never a crash', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page, '/cart');
  for (const raw of ['{not json', '"a string"', '{"items":[]}', '[{"variantId":1}]', 'null']) {
    await seedCartRaw(page, raw);
    await expect(page.getByRole('main').getByText('Your cart is empty'), raw).toBeVisible();
    await expectCartCount(page, 0);
  }
  expect(errors).toEqual([]);
});

test('a variant saved twice comes back as one line', async ({ page }) => {
  await open(page, '/');
  await seedCart(page, [
    { variant: a, qty: 2 },
    { variant: a, qty: 5 },
  ]);
  await cartButton(page).click();
  await expect(lines(drawer(page))).toHaveCount(1);
  await expectCartCount(page, 2);
});

test('with browser storage switched off the shop still works; it just remembers nothing', async ({ page }) => {
  // As with cookies and site data blocked: merely reaching localStorage or sessionStorage throws.
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    }
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page, '/?lang=en');
  await expectCartCount(page, 0);
  await cartButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toContainText('Your cart is empty');
  await page.keyboard.press('Escape');
  await page.getByRole('banner').getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Kontakt', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

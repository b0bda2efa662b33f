import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { CART_KEY, expectCartCount, expectNoSeriousA11yViolations, german, open, seedCart, uniqueEmail } from './support';
import {
  ADDRESSES,
  cartLines,
  checkoutToPayment,
  expectConfirmedAddress,
  expectNoEnglish,
  expectOneConfirmationMail,
  inventoryOf,
  money,
  orderOfSession,
  orderButton,
  orderSummary,
  PAYMENT_PAGE,
  paymentField,
  paymentRow,
  placeOrder,
  REVIEW,
  reviewAlert,
  reviewOrder,
  setInventory,
  shippingFor,
  shippingRates,
  summaryValue,
  tabTo,
  typeAddress,
  variantBySku,
  type StockVariant,
} from './purchase';

/**
 * The checkout (issue: checkout and orders): from a cart to the local hosted payment page and back
 * — paid, cancelled, refused for stock — in English and in German. Stock is set per journey on
 * variants no other journey uses, so each run makes its own conditions.
 */

async function storedCart(page: Page): Promise<{ variantId: string; qty: number; price: number; title: string }[]> {
  return JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? '[]');
}

const checkoutButton = (page: Page, name = 'Checkout') => orderSummary(page).getByRole('button', { name, exact: true });

/** Another shopper: a browser context of its own (own storage, own cart), closed after the test. */
async function newShopper(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-US' });
  shoppers.push(context);
  return context.newPage();
}
const shoppers: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(shoppers.splice(0).map((context) => context.close()));
});

test('a guest buys with the test card from the home page using only the keyboard', async ({ page, request }) => {
  const email = uniqueEmail('keyboard');
  const rate = (await shippingRates(request)).DE;

  await open(page, '/');
  const card = page.getByRole('region', { name: 'Featured' }).getByRole('article').first();
  const add = card.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeVisible();
  const title = ((await card.getByRole('heading').first().textContent()) ?? '').trim();
  expect(title).not.toBe('');
  await expectNoSeriousA11yViolations(page, '/ (start of the keyboard purchase)');

  // Home: Tab to the first featured card's Add to Cart; Enter adds it and opens the drawer.
  await tabTo(page, add, { max: 120 });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(drawer).toBeVisible();
  await expect(cartLines(drawer)).toHaveCount(1);
  await expect(cartLines(drawer)).toContainText(title);
  await expectCartCount(page, 1);
  await expectNoSeriousA11yViolations(page, 'the cart drawer after a keyboard add');
  const [line] = await storedCart(page);
  const shipping = shippingFor(rate, line.price);
  const total = line.price + shipping;

  // Drawer: Tab to View Cart, Enter.
  await tabTo(page, drawer.getByRole('link', { name: 'View Cart' }), { max: 30 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/cart');
  const summary = orderSummary(page);
  await expect(summaryValue(summary, 'Shipping')).toHaveText(shipping === 0 ? 'Free' : money(shipping));
  await expect(summaryValue(summary, 'Total')).toHaveText(money(total));
  await expectNoSeriousA11yViolations(page, '/cart (keyboard purchase)');

  // Cart: Tab to Checkout, Enter → the review step, its heading focused.
  await tabTo(page, checkoutButton(page));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeFocused();
  await expect(reviewOrder(page)).toContainText(title);
  await expectNoSeriousA11yViolations(page, 'the review step (keyboard purchase)');

  // Review: Tab through the delivery address typing each field (Germany is the region's one
  // country, already chosen); Tab on to the order button, Enter → the hosted payment page.
  await typeAddress(page, ADDRESSES.DE);
  await tabTo(page, orderButton(page), { max: 20 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(PAYMENT_PAGE, { timeout: 20_000 });
  const sessionId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pay ${money(total)}`);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(title);
  await expect(paymentRow(page, 'Total')).toHaveText(money(total));
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expectConfirmedAddress(page, ADDRESSES.DE);
  await expectNoSeriousA11yViolations(page, 'the payment page (guest)');

  // Payment page: the address is the review's; Tab into Email, type it; Tab on to Pay (the card is prefilled), Enter.
  await tabTo(page, paymentField(page, 'Email'), { max: 20 });
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole('button', { name: 'Pay', exact: true }), { max: 20 });
  await page.keyboard.press('Enter');

  // The guest's confirmation.
  await expect(page).toHaveURL(`/orders?session_id=${sessionId}`, { timeout: 20_000 });
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
  const order = await orderOfSession(request, sessionId);
  expect(order).toMatchObject({ customer_email: email, user_id: null, status: 'paid', total, shipping, shipping_region: 'DE', locale: 'en' });
  await expect(main.getByText(`Order ${order!.order_number}`, { exact: true })).toBeVisible();
  await expect(main.getByText(`A confirmation was sent to ${email}.`)).toBeVisible();
  await expect(cartLines(main, 'Items in this order')).toHaveCount(1);
  await expect(cartLines(main, 'Items in this order')).toContainText(title);
  await expect(summaryValue(main, 'Total')).toHaveText(money(total));
  const delivery = main.getByRole('region', { name: 'Delivery address' });
  await expect(delivery.locator('address')).toContainText(ADDRESSES.DE.line1);
  await expect(delivery.locator('address')).toContainText(`${ADDRESSES.DE.postalCode} ${ADDRESSES.DE.city}`);
  await expectCartCount(page, 0);
  await expectNoSeriousA11yViolations(page, 'the guest confirmation');

  await expectOneConfirmationMail(request, email, order!.order_number, `Your order ${order!.order_number} is confirmed`);
});

test.describe('cancel and back', () => {
  let socks: StockVariant;
  let cap: StockVariant;
  test.beforeAll(async ({ request }) => {
    socks = await variantBySku(request, 'NPNG-SOCK-CREW-WHT-3942');
    cap = await variantBySku(request, 'NPNG-CAP-SNAP-BLK');
  });

  test('Cancel on the payment page returns to an untouched cart; so does the browser Back button', async ({ page }) => {
    await open(page, '/');
    await seedCart(page, [
      { variant: socks, qty: 2 },
      { variant: cap, qty: 1 },
    ]);
    await open(page, '/cart');
    const main = page.getByRole('main');
    await expect(cartLines(main)).toHaveCount(2);
    await expectCartCount(page, 3);
    const before = await storedCart(page);

    await checkoutToPayment(page, ADDRESSES.DE);
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(socks.title);
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(cap.title);
    await expectNoSeriousA11yViolations(page, 'the payment page');

    await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(cartLines(main)).toHaveCount(2);
    await expectCartCount(page, 3);
    expect(await storedCart(page)).toEqual(before);
    await expect(checkoutButton(page)).toBeEnabled();
    await expectNoSeriousA11yViolations(page, '/cart after cancelling');

    // The browser's Back button from the payment page (a fresh load of /cart here: Playwright's
    // Chromium keeps no back/forward cache; the next test has one).
    await checkoutToPayment(page, ADDRESSES.DE);
    await page.goBack();
    await expect(page).toHaveURL('/cart');
    await expect(checkoutButton(page)).toBeEnabled();
    await expect(cartLines(main)).toHaveCount(2);
    await expectCartCount(page, 3);
    expect(await storedCart(page)).toEqual(before);
    await expectNoSeriousA11yViolations(page, '/cart after Back');
  });

  test('Back from the payment page to a cart restored from the back/forward cache: not stuck on "Redirecting..."', async ({ playwright }) => {
    // A browser as shoppers have it: Playwright turns the back/forward cache off by default, and
    // only a page restored from it still shows the state it was left in.
    const browser = await playwright.chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
    try {
      const page = await (await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-US' })).newPage();
      await open(page, '/');
      await seedCart(page, [{ variant: socks, qty: 1 }]);
      await open(page, '/cart');
      await page.evaluate(() => Object.assign(window, { leftAt: 'cart' }));
      await checkoutToPayment(page, ADDRESSES.DE);

      // A page from the cache fires no load event: wait for the address only.
      await page.goBack({ waitUntil: 'commit' });
      await expect(page).toHaveURL('/cart');
      expect(await page.evaluate(() => (window as unknown as { leftAt?: string }).leftAt), 'the cart came back from the back/forward cache').toBe('cart');
      await expect(checkoutButton(page)).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Redirecting...' })).toHaveCount(0);
      await expectCartCount(page, 1);

      // A new review keeps the address typed before; its order button opens a new session.
      await checkoutButton(page).click();
      await expect(page.getByRole('main').getByRole('textbox', { name: 'Full name', exact: true })).toHaveValue(ADDRESSES.DE.name);
      await orderButton(page).click();
      await expect(page).toHaveURL(PAYMENT_PAGE, { timeout: 20_000 });
    } finally {
      await browser.close();
    }
  });
});

test.describe('stock', () => {
  // Variants no other journey buys or reads; each test sets the stock it needs. Runs repeated side
  // by side (--repeat-each with several workers) take different sizes, so they never share a last unit.
  const SIZES = ['S', 'M', 'L', 'XL'];
  const size = () => SIZES[test.info().repeatEachIndex % SIZES.length];
  const raceSku = () => `NPNG-STRG-RAW-GRY-${size()}`;
  const scarceSku = () => `NPNG-TANK-RCR-OLV-${size()}`;

  test('two shoppers, one last unit: the first to reach the payment page holds it; the other is refused at the order button and keeps the cart', async ({
    page,
    browser,
    request,
  }) => {
    const variant = await variantBySku(request, raceSku());
    expect(variant.color).toBe('Stone Grey');
    await setInventory(request, variant.id, 1);

    const a = page;
    const b = await newShopper(browser);
    for (const shopper of [a, b]) {
      await open(shopper, '/');
      await seedCart(shopper, [{ variant, qty: 1 }]);
      await open(shopper, '/cart');
      await expect(cartLines(shopper.getByRole('main'))).toHaveCount(1);
    }

    // The product page, before: this size in Stone Grey can be picked.
    const product = await newShopper(browser);
    await open(product, `/shop/${variant.slug}`);
    const colors = product.getByRole('main').getByRole('group', { name: /^Color/ });
    const sizes = product.getByRole('main').getByRole('group', { name: /^Size/ });
    await colors.getByRole('button', { name: 'Stone Grey', exact: true }).click();
    await expect(sizes.getByRole('button', { name: variant.size!, exact: true })).toBeEnabled();

    // B gets to the payment page first: the open session holds the last unit.
    await checkoutToPayment(b, ADDRESSES.DE);
    expect(await inventoryOf(request, variant.id), 'the unit is held by B’s session').toBe(0);

    // A's order is refused before paying: the sold-out message names the product; back on the cart, it is as it was.
    await checkoutButton(a).click();
    await placeOrder(a, ADDRESSES.DE);
    await expect(reviewAlert(a)).toHaveText(`${variant.title} is sold out. Remove it from your cart to check out.`);
    await expect(a).toHaveURL('/cart');
    await expect(orderButton(a)).toBeEnabled();
    await expectNoSeriousA11yViolations(a, 'the review step with the sold-out message');
    await a.getByRole('button', { name: REVIEW.en.back }).click();
    await expect(checkoutButton(a)).toBeFocused();
    const aMain = a.getByRole('main');
    await expect(cartLines(aMain)).toHaveCount(1);
    await expect(cartLines(aMain)).toContainText(variant.title);
    await expectCartCount(a, 1);
    expect((await storedCart(a)).map((l) => [l.variantId, l.qty])).toEqual([[variant.id, 1]]);

    // B pays: an order, and the unit is sold (not taken twice).
    const bEmail = uniqueEmail('race-b');
    const sessionId = b.url().split('/').pop()!;
    await paymentField(b, 'Email').fill(bEmail);
    await b.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(b.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!', { timeout: 20_000 });
    expect(await orderOfSession(request, sessionId)).toMatchObject({ status: 'paid', customer_email: bEmail });
    expect(await inventoryOf(request, variant.id)).toBe(0);

    // The product page, reloaded: that size is sold out and cannot be picked.
    await product.reload();
    await colors.getByRole('button', { name: 'Stone Grey', exact: true }).click();
    await expect(sizes.getByRole('button', { name: `${variant.size}, Sold out` })).toBeDisabled();
    await expectNoSeriousA11yViolations(product, 'the product page with a sold-out size');
  });

  test('more in the cart than is left: "Only 1 left of …", and lowering the quantity lets the checkout go on', async ({ page, request }) => {
    const variant = await variantBySku(request, scarceSku());
    await setInventory(request, variant.id, 1);
    await open(page, '/');
    await seedCart(page, [{ variant, qty: 2 }]);
    await open(page, '/cart');
    const main = page.getByRole('main');
    await expect(cartLines(main)).toHaveCount(1);

    await checkoutButton(page).click();
    await placeOrder(page, ADDRESSES.DE);
    await expect(reviewAlert(page)).toHaveText(`Only 1 left of ${variant.title}. Lower the quantity to check out.`);
    await expect(page).toHaveURL('/cart');
    await expectCartCount(page, 2);
    expect((await storedCart(page)).map((l) => [l.variantId, l.qty])).toEqual([[variant.id, 2]]);
    await expectNoSeriousA11yViolations(page, 'the review step with the low-stock message');

    await page.getByRole('button', { name: REVIEW.en.back }).click();
    await cartLines(main)
      .getByRole('button', { name: `Decrease quantity of ${variant.title}` })
      .click();
    await expectCartCount(page, 1);
    // The address typed on the review is still there: the order button goes straight on.
    await checkoutButton(page).click();
    await expect(reviewOrder(page)).toContainText(variant.title);
    await orderButton(page).click();
    await expect(page).toHaveURL(PAYMENT_PAGE, { timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(variant.title);
    expect(await inventoryOf(request, variant.id), 'the open session holds the unit').toBe(0);

    // Cancel on the payment page ends the session: its unit is for sale again.
    await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
    await expect(page).toHaveURL('/cart');
    await expect.poll(() => inventoryOf(request, variant.id), { message: 'the cancelled session gives its unit back' }).toBe(1);
    await expect(checkoutButton(page)).toBeEnabled();
  });
});

test('German throughout a purchase: cart, review step, payment page, confirmation and e-mail', async ({ page, request }) => {
  const variant = await variantBySku(request, 'NPNG-BTL-STL-BLK');
  expect(variant.titleDe, 'a product with a German title').toBeTruthy();
  expect(variant.titleDe).not.toBe(variant.title);
  const rate = (await shippingRates(request)).DE;
  const shipping = shippingFor(rate, variant.price);
  expect(shipping, 'under the free-shipping threshold').toBeGreaterThan(0);
  const total = variant.price + shipping;
  const de = (cents: number) => money(cents, 'EUR', 'de');
  const email = uniqueEmail('deutsch');

  // The product page in German: its Add to Cart puts the German title in the cart.
  await open(page, `/shop/${variant.slug}?lang=de`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(variant.titleDe!);
  await main.getByRole('button', { name: german('Add to Cart', 'product') }).click();
  const drawer = page.getByRole('dialog', { name: german('Shopping Cart', 'cart') });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: german('View Cart', 'cart') }).click();

  // Cart.
  await expect(page).toHaveURL('/cart');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(german('Shopping Cart', 'checkout'));
  await expect(cartLines(main, german('Items in your cart', 'checkout'))).toContainText(variant.titleDe!);
  const summary = orderSummary(page, german('Order summary', 'checkout'));
  await expect(summary.getByRole('combobox', { name: german('Ship to', 'checkout') })).toHaveValue('DE');
  await expect(summary.getByRole('combobox', { name: german('Ship to', 'checkout') }).locator('option:checked')).toHaveText(german('Germany'));
  await expect(summaryValue(summary, german('Subtotal', 'checkout'))).toHaveText(de(variant.price));
  await expect(summaryValue(summary, german('Shipping', 'checkout'))).toHaveText(de(shipping));
  await expect(summaryValue(summary, german('Total', 'checkout'))).toHaveText(de(total));
  await expect(summary).toContainText(german('Add <0/> more for free shipping', 'checkout').replace('<0/>', de(rate.free_from - variant.price)));
  const checkout = summary.getByRole('button', { name: german('Checkout', 'checkout'), exact: true });
  await expect(checkout).toBeEnabled();
  await expectNoEnglish(page, 'the German cart');
  await expectNoSeriousA11yViolations(page, '/cart in German');

  // The review step, in German only: the lines, the address, and the order button "Zahlungspflichtig bestellen".
  await checkout.click();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(REVIEW.de.heading);
  await expect(reviewOrder(page, 'de')).toContainText(variant.titleDe!);
  await expect(orderButton(page, 'de')).toHaveText('Zahlungspflichtig bestellen');
  await expectNoEnglish(page, 'the German review step');
  await placeOrder(page, ADDRESSES.DE, 'de');

  // The payment page, in German only.
  await expect(page).toHaveURL(PAYMENT_PAGE, { timeout: 20_000 });
  const sessionId = page.url().split('/').pop()!;
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle(/^Kasse/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bezahlen ${de(total)}`);
  const table = page.getByRole('region', { name: 'Bestellübersicht' });
  await expect(table).toContainText(variant.titleDe!);
  await expect(table).toContainText(german('Black'));
  await expect(paymentRow(page, 'Zwischensumme')).toHaveText(de(variant.price));
  await expect(paymentRow(page, 'Versand')).toHaveText(de(shipping));
  await expect(paymentRow(page, 'Gesamt')).toHaveText(de(total));
  await expect(page.getByLabel('Kartennummer')).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByLabel('Ablaufdatum (MM/JJ)')).toBeVisible();
  await expect(page.getByLabel('Prüfziffer')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abbrechen und zurück zum Shop' })).toBeVisible();
  await expectConfirmedAddress(page, ADDRESSES.DE, 'de');
  await expectNoEnglish(page, 'the German payment page');
  await expectNoSeriousA11yViolations(page, 'the payment page in German');
  await paymentField(page, 'E-Mail').fill(email);
  await page.getByRole('button', { name: 'Bezahlen', exact: true }).click();

  // The guest's confirmation.
  await expect(page).toHaveURL(`/orders?session_id=${sessionId}`, { timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(german('Thank you for your order!', 'orders'));
  const order = await orderOfSession(request, sessionId);
  expect(order).toMatchObject({ locale: 'de', total, customer_email: email });
  const number = order!.order_number;
  await expect(main.getByText(german('Order {orderNumber}', 'orders').replace('{orderNumber}', number), { exact: true })).toBeVisible();
  await expect(main.getByText(german('A confirmation was sent to {email}.', 'orders').replace('{email}', email))).toBeVisible();
  const items = cartLines(main, german('Items in this order', 'orders'));
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(german('Black'));
  await expect(summaryValue(main, german('Subtotal', 'orders'))).toHaveText(de(variant.price));
  await expect(summaryValue(main, german('Shipping', 'orders'))).toHaveText(de(shipping));
  await expect(summaryValue(main, german('Total', 'orders'))).toHaveText(de(total));
  await expect(main.getByText(german('Create an account with {email} to see this order and track future ones.', 'orders').replace('{email}', email))).toBeVisible();
  await expect(main.getByRole('link', { name: german('Create Account', 'orders') })).toBeVisible();
  await expect(main.getByRole('link', { name: german('Sign in', 'orders') })).toBeVisible();
  await expectNoEnglish(page, 'the German confirmation');
  await expectNoSeriousA11yViolations(page, 'the guest confirmation in German');

  await expectOneConfirmationMail(request, email, number, `Deine Bestellung ${number} ist bestätigt`);
});

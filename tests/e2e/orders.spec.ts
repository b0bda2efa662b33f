import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, CUSTOMER, expectCartCount, expectNoSeriousA11yViolations, open, seedCart, signIn, signInForm, uniqueEmail } from './support';
import {
  ADDRESSES,
  cartLines,
  checkoutToPayment,
  expectConfirmedAddress,
  guestPurchase,
  money,
  orderOfSession,
  orderSummary,
  paymentField,
  paymentRow,
  shippingFor,
  shippingRates,
  summaryValue,
  variantBySku,
} from './purchase';

/**
 * /orders and /orders/{number} (issue: checkout and orders): the seed customer's purchase joins
 * the list once and opens in detail; signed out, /orders asks to sign in and comes back; a guest
 * back from paying sees the confirmation; nobody sees another's order.
 */

const main = (page: Page) => page.getByRole('main');
const orderCards = (page: Page, orderNumber?: string) => {
  const cards = main(page).getByRole('list', { name: 'Your orders' }).getByRole('article');
  return orderNumber ? cards.filter({ has: page.getByRole('heading', { name: `Order ${orderNumber}`, exact: true }) }) : cards;
};

/** Signs in on the /auth form the page is on (which then goes wherever its ?next= says). */
async function signInHere(page: Page, user = CUSTOMER) {
  const form = signInForm(page);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('the seed customer buys, shipping to the United Kingdom: confirmed on /orders once, and in detail', async ({ page, request }) => {
  // Under the UK's free-shipping threshold, so the region's rate is charged; a product the
  // customer has not bought before (the reviews journeys rely on what they have bought).
  const belt = await variantBySku(request, 'NPNG-BELT-NYL-BLK-S');
  const uk = (await shippingRates(request)).UK;
  const shipping = shippingFor(uk, belt.price);
  expect(shipping, "under the UK's free-shipping threshold").toBeGreaterThan(0);
  const total = belt.price + shipping;

  await signIn(page);
  await seedCart(page, [{ variant: belt, qty: 1 }]);
  await open(page, '/cart');
  const summary = orderSummary(page);
  await summary.getByRole('combobox', { name: 'Ship to' }).selectOption({ label: 'United Kingdom' });
  await expect(summaryValue(summary, 'Subtotal')).toHaveText(money(belt.price));
  await expect(summaryValue(summary, 'Shipping')).toHaveText(money(shipping));
  await expect(summaryValue(summary, 'Total')).toHaveText(money(total));
  await expect(summary).toContainText(`Add ${money(uk.free_from - belt.price)} more for free shipping`);
  const cartTotal = await summaryValue(summary, 'Total').innerText();
  await expectNoSeriousA11yViolations(page, '/cart shipping to the UK');

  // The review step: where the parcel goes (the United Kingdom is the region's one country), then the order button.
  await checkoutToPayment(page, ADDRESSES.UK);
  const sessionId = page.url().split('/').pop()!;
  // The amount charged is the cart's total; a signed-in buyer is not asked for an e-mail address,
  // and the address is the review's.
  await expect(paymentRow(page, 'Total')).toHaveText(cartTotal);
  await expect(paymentRow(page, 'Shipping')).toHaveText(money(shipping));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pay ${cartTotal}`);
  await expect(page.getByText(`Receipt to: ${CUSTOMER.email}`)).toBeVisible();
  await expect(paymentField(page, 'Email')).toHaveCount(0);
  await expectConfirmedAddress(page, ADDRESSES.UK);
  await expectNoSeriousA11yViolations(page, 'the payment page (signed in)');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on /orders: the notice, then the order in the list — once.
  await expect(page).toHaveURL(`/orders?session_id=${sessionId}`, { timeout: 20_000 });
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('My Orders');
  const order = await orderOfSession(request, sessionId);
  expect(order).toMatchObject({ customer_email: CUSTOMER.email, status: 'paid', subtotal: belt.price, shipping, total, shipping_region: 'UK' });
  expect(order!.user_id).toBeTruthy();
  const number = order!.order_number;
  await expect(main(page).getByRole('status').filter({ hasText: 'Thank you!' })).toHaveText(`Thank you! Your order ${number} is confirmed.`, { timeout: 20_000 });
  await expect(main(page).getByText('Loading your orders...')).toHaveCount(0);
  await expect(orderCards(page).first()).toBeVisible();
  const card = orderCards(page, number);
  await expect(card).toHaveCount(1);
  // The customer's earlier orders are still there.
  expect(await orderCards(page).count()).toBeGreaterThan(1);
  await expect(card).toContainText('Paid');
  await expect(card).toContainText(money(total));
  await expect(card).toContainText(/Placed on \w+ \d{1,2}, \d{4}/);
  await expectCartCount(page, 0);
  await expectNoSeriousA11yViolations(page, '/orders after paying');

  // A reload looks the order up again: still listed once.
  await page.reload();
  await expect(main(page).getByRole('status').filter({ hasText: 'Thank you!' })).toHaveText(`Thank you! Your order ${number} is confirmed.`, { timeout: 20_000 });
  await expect(main(page).getByText('Loading your orders...')).toHaveCount(0);
  await expect(orderCards(page, number)).toHaveCount(1);

  // View Details.
  await orderCards(page, number)
    .getByRole('link', { name: `View Details of order ${number}` })
    .click();
  await expect(page).toHaveURL(`/orders/${number}`);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(`Order ${number}`);
  await expect(main(page).getByText('Ship to: United Kingdom')).toBeVisible();
  const delivery = main(page).getByRole('region', { name: 'Delivery address' }).locator('address');
  await expect(delivery).toContainText(ADDRESSES.UK.name);
  await expect(delivery).toContainText(ADDRESSES.UK.line1);
  await expect(delivery).toContainText(`${ADDRESSES.UK.postalCode} ${ADDRESSES.UK.city}`);
  await expect(delivery).toContainText('United Kingdom');
  await expect(main(page)).toContainText('Paid');
  const lines = cartLines(main(page), 'Items in this order');
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText(belt.title);
  await expect(lines).toContainText(`Size: ${belt.size}`);
  await expect(lines).toContainText(`Qty 1 × ${money(belt.price)}`);
  await expect(summaryValue(main(page), 'Subtotal')).toHaveText(money(belt.price));
  await expect(summaryValue(main(page), 'Shipping')).toHaveText(money(shipping));
  await expect(summaryValue(main(page), 'Total')).toHaveText(cartTotal);
  await expectNoSeriousA11yViolations(page, '/orders/{number}');
  await main(page).getByRole('link', { name: 'Back to orders' }).click();
  await expect(page).toHaveURL('/orders');
  await expect(orderCards(page, number)).toHaveCount(1);
});

test('signed out, /orders asks to sign in and comes back to it', async ({ page }) => {
  await open(page, '/orders');
  await expect(page).toHaveURL('/auth?next=%2Forders');
  await expectNoSeriousA11yViolations(page, '/auth?next=/orders');
  await signInHere(page);
  await expect(page).toHaveURL('/orders', { timeout: 20_000 });
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('My Orders');
  const back = main(page).getByRole('link', { name: 'Back to account', exact: true });
  await expect(back).toHaveAttribute('href', '/account');
  await expect(back).toHaveText(/^←\s*Back to account$/);
  await expect(orderCards(page).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/orders with the seed orders');
});

test('"Loading your orders..." until the list arrives', async ({ page }) => {
  await signIn(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/rest/v1/orders',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await open(page, '/orders');
  await expect(main(page).getByRole('status')).toHaveText('Loading your orders...');
  await expect(orderCards(page)).toHaveCount(0);
  release();
  await expect(orderCards(page).first()).toBeVisible();
  await expect(main(page).getByText('Loading your orders...')).toHaveCount(0);
});

test('a customer with no orders: "No orders yet" and Start Shopping', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'no-orders');
  await signIn(page, user);
  await open(page, '/orders');
  await expect(main(page).getByText('No orders yet')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/shop');
  await expectNoSeriousA11yViolations(page, '/orders without orders');
});

test.describe("someone else's order", () => {
  let guest: { email: string; sessionId: string; orderNumber: string; total: number };

  test.beforeAll(async ({ request }) => {
    const cap = await variantBySku(request, 'NPNG-CAP-SNAP-BNE');
    const email = uniqueEmail('other-guest');
    const { sessionId, order } = await guestPurchase(request, { variant: cap, email });
    guest = { email, sessionId, orderNumber: order.order_number, total: order.total };
  });

  test('signed out, /orders?session_id= is the guest confirmation; its Sign in comes back to it', async ({ page }) => {
    await open(page, `/orders?session_id=${guest.sessionId}`);
    await expect(page).toHaveURL(`/orders?session_id=${guest.sessionId}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
    await expect(main(page).getByText(`Order ${guest.orderNumber}`, { exact: true })).toBeVisible();
    await expect(main(page).getByText(`A confirmation was sent to ${guest.email}.`)).toBeVisible();
    await expect(summaryValue(main(page), 'Total')).toHaveText(money(guest.total));
    await expect(main(page).getByText(`Create an account with ${guest.email} to see this order and track future ones.`)).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth?tab=signup');
    await expectNoSeriousA11yViolations(page, 'the guest confirmation');

    // Signing in (here as another customer) comes back with the session id kept.
    await main(page).getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(`/orders?session_id=${guest.sessionId}`)}`);
    await signInHere(page);
    await expect(page).toHaveURL(`/orders?session_id=${guest.sessionId}`, { timeout: 20_000 });
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('My Orders');
    await expect(main(page).getByRole('status').filter({ hasText: 'Thank you!' })).toHaveText(`Thank you! Your order ${guest.orderNumber} is confirmed.`, { timeout: 20_000 });
    // Paid with another address: confirmed, but not one of this customer's orders.
    await expect(main(page).getByText('Loading your orders...')).toHaveCount(0);
    await expect(orderCards(page).first()).toBeVisible();
    await expect(orderCards(page, guest.orderNumber)).toHaveCount(0);
  });

  test('while the order is not there yet: "Confirming your order…", after six lookups a calm note, and Refresh finds it', async ({ page }) => {
    // The look-up by session answers "nothing yet" until the route is lifted; the first answer is
    // held until the waiting state has been seen.
    let lookups = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const lookup = (url: URL) => url.pathname === '/rest/v1/rpc/order_by_checkout_session';
    await page.route(lookup, async (route) => {
      lookups++;
      await held;
      const response = await route.fetch();
      await route.fulfill({ response, body: 'null' });
    });
    await open(page, `/orders?session_id=${guest.sessionId}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Order confirmation');
    await expect(main(page).getByRole('status')).toHaveText('Confirming your order…');
    release();
    const note = main(page).getByRole('status');
    await expect(note).toContainText('Your payment was received; your order will appear here shortly.', { timeout: 30_000 });
    expect(lookups).toBe(6);
    await expectNoSeriousA11yViolations(page, 'the confirmation while the order is not there yet');

    await page.unroute(lookup);
    await note.getByRole('button', { name: 'Refresh' }).click();
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Thank you for your order!');
    await expect(main(page).getByText(`Order ${guest.orderNumber}`, { exact: true })).toBeVisible();
    expect(lookups).toBe(6);
  });

  test('a signed-in customer opening that order number sees "Order not found"', async ({ page }) => {
    await signIn(page);
    await open(page, `/orders/${guest.orderNumber}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Order not found');
    await expect(main(page)).not.toContainText(guest.email);
    await expect(main(page).getByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/orders');
    await expectNoSeriousA11yViolations(page, '/orders/{another customer’s number}');

    await open(page, '/orders/NPNG-999999999');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Order not found');
  });

  test('signed out, an order number asks to sign in first', async ({ page }) => {
    await open(page, `/orders/${guest.orderNumber}`);
    await expect(page).toHaveURL(`/auth?next=${encodeURIComponent(`/orders/${guest.orderNumber}`)}`);
  });
});

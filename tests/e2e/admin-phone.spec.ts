import { expect, type Locator, type Page } from '@playwright/test';
import { asAdmin, makeProduct, serviceGet, serviceInsert, test, uid } from './admin';
import { guestPurchase } from './purchase';
import { expectNoSidewaysScroll, open, uniqueEmail } from './support';

/**
 * The admin on a phone (issue 24 items 4 and 6), at 390×844 with touch: the product, order and
 * review lists are cards with no sideways scrolling of the page, an order ships by tapping on its
 * page, the admin pages carry no shop footer and link back to the shop; /admin/reviews pages,
 * filters by status and searches. Every product, order and review here is this file's own.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
asAdmin();

const main = (page: Page) => page.getByRole('main');
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Wholly on screen horizontally: nothing of it needs sideways scrolling to be seen. */
async function expectWithinWidth(element: Locator, what: string) {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(390);
}

/** An admin page: no shop footer with its newsletter signup. */
async function expectNoShopFooter(page: Page) {
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByText('Join the grind')).toHaveCount(0);
}

test.describe('the admin on a phone', () => {
  test('products and orders are cards, an order ships by tapping, no shop footer, and the way back to the shop works', async ({ page, request }) => {
    const id = uid();
    const product = await makeProduct(request, { title: `E2E Phone Ploom ${id}`, inventory: 20 });
    const email = uniqueEmail('e2e-phone-order-with-a-rather-long-address');
    const { order } = await guestPurchase(request, { variant: product.variants[0], email });
    expect(order.status).toBe('paid');

    // Products: one card per product, nothing off screen.
    await open(page, `/admin/products?q=${encodeURIComponent(product.title)}`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    const productCard = main(page).locator('tbody tr', { hasText: product.title });
    await expect(productCard).toHaveCount(1);
    await expectWithinWidth(productCard, 'the product card');
    await expectWithinWidth(productCard.getByRole('link', { name: product.title, exact: true }), 'the product title');
    await expectWithinWidth(productCard.getByRole('button', { name: `Unpublish ${product.title}` }), 'Unpublish');
    await expectWithinWidth(productCard.getByRole('link', { name: `Edit ${product.title}` }), 'Edit');
    await expectNoSidewaysScroll(page, '/admin/products');
    await expectNoShopFooter(page);

    // Orders: number, date, customer, status and total of the card all on screen.
    await open(page, '/admin/orders');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    const orderCard = main(page).locator('tbody tr', { hasText: order.order_number });
    await expect(orderCard).toHaveCount(1);
    await expectWithinWidth(orderCard, 'the order card');
    await expectWithinWidth(orderCard.getByRole('link', { name: order.order_number }), 'the order number');
    await expectWithinWidth(orderCard.getByText(email), 'the customer');
    await expectWithinWidth(orderCard.getByText('Paid', { exact: true }), 'the status');
    await expectWithinWidth(orderCard.locator('time'), 'the date');
    const [stored] = await serviceGet<{ total: number }>(request, 'orders', { select: 'total', order_number: `eq.${order.order_number}` });
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(stored.total / 100);
    await expectWithinWidth(orderCard.getByText(total), 'the total');
    await expectNoSidewaysScroll(page, '/admin/orders');
    await expectNoShopFooter(page);

    // The order's page: its actions within reach of a thumb, and shipping works by tapping.
    await orderCard.getByRole('link', { name: order.order_number }).tap();
    await expect(page).toHaveURL(`/admin/orders/${order.order_number}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(`Order ${order.order_number}`);
    const fulfilment = main(page).getByRole('region', { name: 'Fulfilment' });
    const ship = fulfilment.getByRole('button', { name: 'Mark as shipped' });
    for (const [action, name] of [
      [ship, 'Mark as shipped'],
      [fulfilment.getByRole('button', { name: 'Refund', exact: true }), 'Refund'],
      [fulfilment.getByRole('button', { name: 'Cancel and refund' }), 'Cancel and refund'],
    ] as const) {
      await action.scrollIntoViewIfNeeded();
      await expectWithinWidth(action, name);
      expect((await action.boundingBox())!.height, `${name} is a comfortable target`).toBeGreaterThanOrEqual(40);
    }
    await expectNoSidewaysScroll(page, '/admin/orders/{number}');
    await expectNoShopFooter(page);
    await ship.tap();
    const dialog = page.getByRole('dialog', { name: `Ship order ${order.order_number}` });
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Mark as shipped' });
    await expectWithinWidth(confirm, 'the dialog’s Mark as shipped');
    await confirm.tap();
    await expect(toast(page, 'Order shipped')).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toHaveCount(0);
    const [shipped] = await serviceGet<{ status: string }>(request, 'orders', { select: 'status', order_number: `eq.${order.order_number}` });
    expect(shipped.status).toBe('shipped');

    // Back to the shop from the admin bar.
    const back = page.getByRole('link', { name: /Back to the shop/ });
    await expectWithinWidth(back, 'Back to the shop');
    await back.tap();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('reviews: cards that page 25 at a time, filter by status, find one by search, and approve from the list', async ({ page, request }) => {
    const id = uid();
    const product = await makeProduct(request, { title: `E2E Phone Review Ploom ${id}` });
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    // 27 reviews of this product: 26 waiting (one by a findable author), 1 approved.
    await serviceInsert(
      request,
      'reviews',
      Array.from({ length: 27 }, (_, i) => ({
        product_id: product.id,
        rating: 4,
        title: `Phone review ${id} ${i}`,
        body: 'Holds up well.',
        author_name: i === 3 ? `Findable Fiona ${id}` : 'Pat Phone',
        status: i === 26 ? 'approved' : 'pending',
        created_at: at(i),
      })),
    );

    // Page 1 of this product's waiting reviews (its name is searched): 25 cards, newest first.
    await open(page, `/admin/reviews?q=${encodeURIComponent(product.title)}`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
    const cards = main(page).getByRole('article');
    await expect(cards).toHaveCount(25);
    await expect(main(page).getByText('26 reviews', { exact: true })).toBeVisible();
    await expect(cards.first()).toHaveAccessibleName(`Phone review ${id} 25`);
    await expectWithinWidth(cards.first(), 'the first review card');
    await expectNoSidewaysScroll(page, '/admin/reviews');
    await expectNoShopFooter(page);
    const pagination = main(page).getByRole('navigation', { name: 'Pagination' });
    await expect(pagination).toContainText('Page 1 of 2');
    await pagination.getByRole('link', { name: 'Next' }).tap();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAccessibleName(`Phone review ${id} 0`);

    // The status filter: the approved one, with its status and no buttons.
    await main(page).getByRole('combobox', { name: 'Status' }).selectOption('approved');
    await expect(page).toHaveURL(/status=approved/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAccessibleName(`Phone review ${id} 26`);
    await expect(cards.first()).toContainText('Approved');
    await expect(cards.first().getByRole('button')).toHaveCount(0);

    // A search by the author, over every status: one card; approving it from the list keeps it there as approved.
    await main(page).getByRole('combobox', { name: 'Status' }).selectOption('all');
    await expect(page).toHaveURL(/status=all/);
    const search = main(page).getByRole('searchbox', { name: 'Search by title, text, author or product' });
    await search.fill(`Findable Fiona ${id}`);
    await main(page).getByRole('button', { name: 'Search', exact: true }).tap();
    await expect(page).toHaveURL(/q=Findable/);
    await expect(cards).toHaveCount(1);
    const fiona = cards.first();
    await expect(fiona).toHaveAccessibleName(`Phone review ${id} 3`);
    const approve = fiona.getByRole('button', { name: `Approve review “Phone review ${id} 3”` });
    await expectWithinWidth(approve, 'Approve');
    await approve.tap();
    await expect(toast(page, 'Review approved')).toBeVisible();
    await expect(fiona).toContainText('Approved');
    const [stored] = await serviceGet<{ status: string }>(request, 'reviews', { select: 'status', title: `eq.Phone review ${id} 3` });
    expect(stored.status).toBe('approved');
    await expectNoSidewaysScroll(page, '/admin/reviews searched');
  });
});

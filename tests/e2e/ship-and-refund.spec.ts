import { expect, type Browser, type Page } from '@playwright/test';
import { asAdmin, makeProduct, serviceGet, test, uid, type StoredProduct } from './admin';
import {
  ADDRESS_FIELD_LABELS,
  ADDRESSES,
  addressOnPage,
  cartLines,
  cartCheckoutButton,
  countrySelect,
  expectConfirmedAddress,
  fillAddress,
  guestPurchase,
  inventoryOf,
  mailsTo,
  type Mail,
  money,
  orderOfSession,
  orderButton,
  orderSummary,
  PAYMENT_PAGE,
  paymentField,
  REVIEW,
  summaryValue,
  tabTo,
  typeAddress,
} from './purchase';
import { CUSTOMER, createConfirmedUser, expectNoSeriousA11yViolations, german, open, seedCart, signIn, uniqueEmail } from './support';

/**
 * Orders a shop can ship and refund (issue 19, ADR 0021) from the browser: the delivery address
 * on the review step (ADR 0024: German labels and a postcode refused before any session is opened;
 * a country outside the cart's region refused; the customer's last address offered again), the admin
 * shipping with carrier and tracking number (markup refused), refunding one line and cancelling
 * by refunding (stock back once), what the customer sees of it, and the e-mails in the dev outbox.
 * Every product and order here is the journey's own (made as the service role or bought here).
 */

const main = (page: Page) => page.getByRole('main');
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const adminDe = (msgid: string) => german(msgid, 'admin');

/** A published product of this file's own, one variant per size, 20 of each. */
const product = (request: Parameters<typeof makeProduct>[0], what: string, sizes = ['S', 'M']) =>
  makeProduct(request, { title: `E2E Parcel Ploom ${what} ${uid()}`, sizes, price: 2500, inventory: 20 });
const variantOf = (p: StoredProduct, size: string) => {
  const v = p.variants.find((x) => x.size === size)!;
  return { ...v, product_id: p.id, title: p.title, currency: 'EUR' };
};

/** Waits for a mail to `to` with `subject` in the dev outbox (sent by the server's housekeeping). */
async function mailWithSubject(request: Parameters<typeof mailsTo>[0], to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).find((m) => m.subject === subject);
        return found !== undefined;
      },
      { message: `"${subject}" to ${to} in the outbox`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Another browser of its own (not the admin's saved state), for the customer. */
async function customerBrowser(browser: Browser, user: { email: string; password: string } = CUSTOMER): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-US', storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

type StoredRefund = { kind: string; status: string; amount: number };
const refundsOf = (request: Parameters<typeof serviceGet>[0], orderNumber: string) =>
  serviceGet<{ refunds: StoredRefund[]; status: string; refunded_total: number }>(request, 'orders', {
    select: 'status,refunded_total,refunds(kind,status,amount)',
    order_number: `eq.${orderNumber}`,
  }).then((rows) => rows[0]);

test('a guest buys in German: German address labels on the review step, a wrong postcode refused before any session, the right one pays; the e-mail names the address', async ({
  page,
  request,
}) => {
  const p = await product(request, 'Lieferung', ['L']);
  const variant = variantOf(p, 'L');
  const email = uniqueEmail('adresse');
  const labels = ADDRESS_FIELD_LABELS.de;

  await open(page, '/?lang=de');
  await seedCart(page, [{ variant, qty: 1 }]);
  await open(page, '/cart?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await cartCheckoutButton(page, 'de').click();

  // The address on the review step, in German; Germany is the region's one country.
  const address = main(page).getByRole('group', { name: 'Lieferadresse' });
  await expect(address).toBeVisible();
  for (const name of [labels.name, labels.line1, labels.postalCode, labels.city]) await expect(address.getByRole('textbox', { name, exact: true })).toBeVisible();
  await expect(countrySelect(page, 'de')).toHaveValue('DE');
  await expect(countrySelect(page, 'de').locator('option:checked')).toHaveText('Deutschland');
  await expectNoSeriousA11yViolations(page, 'the German review step with the address');

  // A four-digit postcode: the field says what a German one looks like; no session is opened (its stock stays).
  await fillAddress(page, { ...ADDRESSES.DE, postalCode: '1234' }, 'de');
  await orderButton(page, 'de').click();
  const postcode = paymentField(page, labels.postalCode);
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(postcode).toHaveAccessibleDescription('Eine deutsche Postleitzahl hat 5 Ziffern, z. B. 10115.');
  await expect(address.getByRole('alert')).toHaveText('Eine deutsche Postleitzahl hat 5 Ziffern, z. B. 10115.');
  // What was typed is kept.
  await expect(paymentField(page, labels.line1)).toHaveValue(ADDRESSES.DE.line1);
  await expect(postcode).toHaveValue('1234');
  await expect(page).toHaveURL('/cart?lang=de');
  expect(await inventoryOf(request, variant.id), 'no session holds the unit').toBe(20);
  await expectNoSeriousA11yViolations(page, 'the German review step with a postcode problem');

  await postcode.fill(ADDRESSES.DE.postalCode);
  await orderButton(page, 'de').click();
  await expect(page).toHaveURL(PAYMENT_PAGE, { timeout: 20_000 });
  const sessionId = page.url().split('/').pop()!;
  await expectConfirmedAddress(page, ADDRESSES.DE, 'de');
  await paymentField(page, labels.email).fill(email);
  await page.getByRole('button', { name: labels.pay, exact: true }).click();
  await expect(page).toHaveURL(`/orders?session_id=${sessionId}`, { timeout: 20_000 });
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(german('Thank you for your order!', 'orders'));
  const delivered = main(page)
    .getByRole('region', { name: german('Delivery address', 'orders') })
    .locator('address');
  await expect(delivered).toContainText(ADDRESSES.DE.line1);
  await expect(delivered).toContainText('Deutschland');
  const order = await orderOfSession(request, sessionId);
  expect(order).toMatchObject({ status: 'paid', locale: 'de', customer_email: email, shipping_address: ADDRESSES.DE });

  const mail = await mailWithSubject(request, email, `Deine Bestellung ${order!.order_number} ist bestätigt`);
  for (const part of [ADDRESSES.DE.name, ADDRESSES.DE.line1, `${ADDRESSES.DE.postalCode} ${ADDRESSES.DE.city}`, 'Deutschland']) expect(mail.text).toContain(part);
  expect(await mailsTo(request, email), 'one confirmation, nothing for the refused attempt').toHaveLength(1);
});

test.describe('the seed customer’s UK order, shipped by the admin', () => {
  test.describe.configure({ mode: 'serial' });
  let orderNumber = '';
  const TRACKING = `JJD${Date.now()}`;

  test('bought by keyboard with a UK address; a US address on the UK checkout is refused; the next checkout offers the last address', async ({ page, request }) => {
    const p = await product(request, 'Royal');
    const small = variantOf(p, 'S');
    const medium = variantOf(p, 'M');
    await signIn(page);
    await seedCart(page, [
      { variant: small, qty: 1 },
      { variant: medium, qty: 2 },
    ]);
    await open(page, '/cart');
    const summary = orderSummary(page);
    await summary.getByRole('combobox', { name: 'Ship to' }).selectOption({ label: 'United Kingdom' });
    await expect(summaryValue(summary, 'Subtotal')).toHaveText(money(3 * 2500));
    await tabTo(page, summary.getByRole('button', { name: 'Checkout', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: REVIEW.en.heading })).toBeFocused();
    // The United Kingdom is the UK region's only country.
    await expect(countrySelect(page).locator('option')).toHaveText(['United Kingdom']);

    // A form that says US anyway (as a tampered or stale page would send it) is refused, no session opened.
    await fillAddress(page, { ...ADDRESSES.US, country: 'GB' });
    await countrySelect(page).evaluate((select: HTMLSelectElement) => select.add(new Option('United States', 'US')));
    await countrySelect(page).selectOption('US');
    await orderButton(page).click();
    const notInRegion = 'This order’s shipping was priced for another region. Choose one of the listed countries, or change “Ship to” in your cart.';
    await expect(countrySelect(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(countrySelect(page)).toHaveAccessibleDescription(notInRegion);
    await expect(main(page).getByRole('group', { name: 'Delivery address' }).getByRole('alert')).toContainText(notInRegion);
    await expect(page).toHaveURL('/cart');
    expect(await inventoryOf(request, small.id), 'no session holds the units').toBe(20);
    await expectNoSeriousA11yViolations(page, 'the review step refusing a country outside the region');

    // By keyboard: Tab through the address typing the UK one, Tab to the order button, Enter; on the payment page Tab to Pay, Enter.
    await countrySelect(page).selectOption('GB');
    await page.getByRole('heading', { level: 1, name: REVIEW.en.heading }).focus();
    await typeAddress(page, ADDRESSES.UK);
    await tabTo(page, orderButton(page), { max: 20 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(PAYMENT_PAGE, { timeout: 20_000 });
    const sessionId = page.url().split('/').pop()!;
    await expect(page.getByText(`Receipt to: ${CUSTOMER.email}`)).toBeVisible();
    await expectConfirmedAddress(page, ADDRESSES.UK);
    await tabTo(page, page.getByRole('button', { name: 'Pay', exact: true }), { max: 10 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/orders?session_id=${sessionId}`, { timeout: 20_000 });
    const order = await orderOfSession(request, sessionId);
    expect(order).toMatchObject({ status: 'paid', shipping_region: 'UK', customer_email: CUSTOMER.email, shipping_address: ADDRESSES.UK });
    orderNumber = order!.order_number;
    await expect(main(page).getByRole('status').filter({ hasText: 'Thank you!' })).toHaveText(`Thank you! Your order ${orderNumber} is confirmed.`, { timeout: 20_000 });

    // The next review offers that address (the customer's newest order's, read under RLS).
    await seedCart(page, [{ variant: small, qty: 1 }]);
    await open(page, '/cart');
    await orderSummary(page).getByRole('combobox', { name: 'Ship to' }).selectOption({ label: 'United Kingdom' });
    await orderSummary(page).getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect.poll(() => addressOnPage(page), { message: 'the last address filled in' }).toEqual({ ...ADDRESSES.UK, line2: '', phone: '' });
    // Back to the cart: nothing was opened.
    await page.getByRole('button', { name: REVIEW.en.back }).click();
    await expect(orderSummary(page).getByRole('button', { name: 'Checkout', exact: true })).toBeFocused();
  });

  test.describe('the admin', () => {
    asAdmin();

    test('sees the address, ships with DHL and a tracking number (markup refused first); the customer sees the tracking link and the dates; the e-mail goes out', async ({
      page,
      request,
      browser,
    }) => {
      test.skip(!orderNumber, 'needs the order of the journey before');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'http://localhost:5173' });
      await open(page, `/admin/orders/${orderNumber}`);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);

      // The address block, and Copy address puts it on the clipboard as a label reads.
      const address = main(page).getByRole('region', { name: 'Delivery address' });
      await expect(address.locator('address')).toContainText(ADDRESSES.UK.name);
      await expect(address.locator('address')).toContainText(`${ADDRESSES.UK.postalCode} ${ADDRESSES.UK.city}`);
      await expect(address.locator('address')).toContainText('United Kingdom');
      await address.getByRole('button', { name: 'Copy address' }).click();
      await expect(toast(page, 'Address copied')).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      for (const part of [ADDRESSES.UK.name, ADDRESSES.UK.line1, ADDRESSES.UK.postalCode, ADDRESSES.UK.city]) expect(copied).toContain(part);
      await expect(main(page).getByRole('region', { name: 'Refunds' })).toContainText(`Refunded ${money(0)} of`);
      await expect(main(page).getByRole('region', { name: 'Timeline' })).toContainText('Paid');
      await expectNoSeriousA11yViolations(page, '/admin/orders/{number} of a paid order with its address');

      // The ship dialog: a tracking number with markup is refused, and nothing changes.
      const fulfilment = main(page).getByRole('region', { name: 'Fulfilment' });
      await fulfilment.getByRole('button', { name: 'Mark as shipped' }).click();
      const dialog = page.getByRole('dialog', { name: `Ship order ${orderNumber}` });
      await expect(dialog).toBeVisible();
      const carrier = dialog.getByRole('combobox', { name: 'Carrier' });
      await expect(carrier.locator('option')).toHaveText(['No carrier', 'DHL', 'DPD', 'UPS', 'Royal Mail', 'USPS', 'Other carrier']);
      await expectNoSeriousA11yViolations(page, 'the ship dialog');
      await carrier.selectOption({ label: 'DHL' });
      const tracking = dialog.getByRole('textbox', { name: 'Tracking number' });
      await tracking.fill('<b>x</b>');
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect(dialog).toContainText('A tracking number has 3 to 40 letters, digits, spaces or hyphens.');
      await expect(tracking).toHaveAttribute('aria-invalid', 'true');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('b')).toHaveCount(0);
      const [unchanged] = await serviceGet<{ status: string; tracking_number: string | null }>(request, 'orders', {
        select: 'status,tracking_number',
        order_number: `eq.${orderNumber}`,
      });
      expect(unchanged).toEqual({ status: 'paid', tracking_number: null });
      await expectNoSeriousA11yViolations(page, 'the ship dialog with a refused tracking number');

      await tracking.fill(TRACKING);
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await expect(toast(page, 'Order shipped')).toBeVisible({ timeout: 20_000 });
      await expect(dialog).toHaveCount(0);
      const trackingUrl = `https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=${TRACKING}`;
      const overview = main(page).locator('dl').first();
      await expect(overview.locator('dt', { hasText: /^Shipped$/ })).toBeVisible();
      await expect(overview).toContainText('Carrier');
      await expect(overview).toContainText('DHL');
      await expect(overview).toContainText(TRACKING);
      await expect(overview.getByRole('link', { name: 'Track parcel' })).toHaveAttribute('href', trackingUrl);
      await expect(fulfilment.getByRole('button', { name: 'Mark as delivered' })).toBeVisible();
      await expect(fulfilment.getByRole('button', { name: 'Cancel and refund' }), 'a shipped order is not cancelled').toHaveCount(0);
      await expect(main(page).getByRole('region', { name: 'Timeline' })).toContainText(`DHL, tracking number ${TRACKING}`);
      await expectNoSeriousA11yViolations(page, '/admin/orders/{number} shipped');

      // The e-mail, with the number and the carrier's page.
      const mail = await mailWithSubject(request, CUSTOMER.email, `Your order ${orderNumber} is on its way`);
      expect(mail.text).toContain(TRACKING);
      expect(mail.html).toContain(trackingUrl);
      await page.reload();
      await expect(main(page).getByRole('region', { name: 'Timeline' })).toContainText('Shipping e-mail sent');

      // The customer's order detail.
      const customer = await customerBrowser(browser);
      await open(customer, '/orders');
      const card = main(customer)
        .getByRole('article')
        .filter({ has: customer.getByRole('heading', { name: `Order ${orderNumber}`, exact: true }) });
      await expect(card).toContainText('Shipped');
      await card.getByRole('link', { name: `View Details of order ${orderNumber}` }).click();
      await expect(customer).toHaveURL(`/orders/${orderNumber}`);
      const shipment = main(customer).getByRole('region', { name: 'Shipment' });
      await expect(shipment).toContainText('Carrier: DHL');
      await expect(shipment).toContainText(`Tracking number: ${TRACKING}`);
      const track = shipment.getByRole('link', { name: 'Track your parcel' });
      await expect(track).toHaveAttribute('href', trackingUrl);
      await expect(track).toHaveAttribute('target', '_blank');
      await expect(main(customer).getByRole('region', { name: 'Delivery address' }).locator('address')).toContainText(ADDRESSES.UK.line1);
      const steps = main(customer).getByRole('list', { name: 'Order progress' }).getByRole('listitem');
      await expect(steps).toHaveText([/^Payment received\s*\S.*\d{4}$/, /^Shipped\s*\S.*\d{4}$/]);
      await expectNoSeriousA11yViolations(customer, '/orders/{number} shipped');

      // The same in German.
      const ordersDe = (msgid: string) => german(msgid, 'orders');
      await open(customer, `/orders/${orderNumber}?lang=de`);
      await expect(customer.locator('html')).toHaveAttribute('lang', 'de');
      const versand = main(customer).getByRole('region', { name: ordersDe('Shipment') });
      await expect(versand).toContainText(ordersDe('Carrier: {carrierName}').replace('{carrierName}', 'DHL'));
      await expect(versand.getByRole('link', { name: ordersDe('Track your parcel') })).toHaveAttribute('href', trackingUrl);
      await expect(
        main(customer)
          .getByRole('region', { name: ordersDe('Delivery address') })
          .locator('address'),
      ).toContainText('Vereinigtes Königreich');
      await expect(
        main(customer)
          .getByRole('list', { name: ordersDe('Order progress') })
          .getByRole('listitem'),
      ).toHaveText([/^Zahlung eingegangen/, /^Versandt/]);
      await expectNoSeriousA11yViolations(customer, '/orders/{number} shipped, in German');
      await customer.context().close();
    });
  });
});

test.describe('refunds', () => {
  asAdmin();

  test('in German: refund one line of a two-line order (its stock back, not offered again, the German e-mail), then ship the rest with DPD', async ({ page, request }) => {
    const p = await product(request, 'Teil');
    const small = variantOf(p, 'S');
    const medium = variantOf(p, 'M');
    const email = uniqueEmail('teilerstattung');
    const { order } = await guestPurchase(request, {
      lines: [
        { variant: small, qty: 1 },
        { variant: medium, qty: 2 },
      ],
      email,
      locale: 'de',
    });
    expect(order).toMatchObject({ status: 'paid', locale: 'de' });
    expect(await inventoryOf(request, small.id)).toBe(19);
    expect(await inventoryOf(request, medium.id)).toBe(18);
    const n = order.order_number;
    const de = (cents: number) => money(cents, 'EUR', 'de');

    await open(page, `/admin/orders/${n}?lang=de`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const fulfilment = main(page).getByRole('region', { name: adminDe('Fulfilment') });
    await expect(fulfilment.getByRole('button', { name: adminDe('Mark as shipped') })).toBeVisible();
    await expect(fulfilment.getByRole('button', { name: adminDe('Cancel and refund') })).toBeVisible();
    await expect(
      main(page)
        .getByRole('region', { name: 'Lieferadresse' })
        .getByRole('button', { name: adminDe('Copy address') }),
    ).toBeVisible();
    await expect(main(page).getByRole('region', { name: 'Lieferadresse' }).locator('address')).toContainText('Deutschland');
    await expect(main(page).getByRole('region', { name: 'Verlauf' })).toBeVisible();
    const refunds = main(page).getByRole('region', { name: 'Erstattungen' });
    await expect(refunds).toContainText(`${de(0)} von ${de(order.total)} erstattet`);

    await fulfilment.getByRole('button', { name: 'Erstatten', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Erstattung für ${n}` });
    await expect(dialog).toBeVisible();
    const qty = (v: { size: string | null }) => dialog.getByRole('spinbutton', { name: adminDe('Quantity to refund: {name}').replace('{name}', `${p.title}, ${v.size}`) });
    await expect(qty(small)).toHaveAttribute('max', '1');
    await expect(qty(medium)).toHaveAttribute('max', '2');
    await expectNoSeriousA11yViolations(page, 'the refund dialog in German');
    await qty(small).fill('1');
    await dialog.getByRole('textbox', { name: 'Begründung' }).fill('Beschädigt angekommen.');
    await expect(dialog.getByText(adminDe('Amount to refund'))).toBeVisible();
    await expect(dialog).toContainText(de(2500));
    await dialog.getByRole('button', { name: adminDe('Issue refund'), exact: true }).click();
    await expect(toast(page, adminDe('Refund issued'))).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toHaveCount(0);

    // The refunds, the total refunded, the timeline; the line's stock back, the other's untouched.
    await expect(refunds).toContainText(`${de(2500)} von ${de(order.total)} erstattet`);
    await expect(refunds.getByRole('row')).toHaveCount(2);
    await expect(refunds).toContainText('Beschädigt angekommen.');
    await expect(main(page).getByRole('region', { name: 'Verlauf' })).toContainText(adminDe('Refunded {amount}').replace('{amount}', de(2500)));
    await expect(
      main(page)
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: /^Erstattet$/ }) })
        .locator('dd'),
    ).toHaveText(`−${de(2500)}`);
    expect(await inventoryOf(request, small.id), 'the refunded unit is back').toBe(20);
    expect(await inventoryOf(request, medium.id)).toBe(18);
    expect(await refundsOf(request, n)).toMatchObject({ status: 'paid', refunded_total: 2500, refunds: [{ kind: 'partial', status: 'succeeded', amount: 2500 }] });
    await expectNoSeriousA11yViolations(page, '/admin/orders/{number} after a partial refund, in German');

    // The refunded line is not offered again; the other still is.
    await fulfilment.getByRole('button', { name: 'Erstatten', exact: true }).click();
    await expect(dialog).toBeVisible();
    await expect(qty(small)).toHaveCount(0);
    await expect(qty(medium)).toHaveAttribute('max', '2');
    await dialog.getByRole('button', { name: adminDe('Close') }).click();
    await expect(dialog).toHaveCount(0);

    const mail = await mailWithSubject(request, email, `Eine Erstattung zu Deiner Bestellung ${n}`);
    expect(mail.text).toContain(de(2500));
    expect(mail.text).not.toContain('Beschädigt angekommen.');
    expect(await inventoryOf(request, small.id), 'the stock came back once').toBe(20);

    // What is left ships, through the German ship dialog; the German shipping e-mail goes out.
    const tracking = `0${Date.now()}`;
    await fulfilment.getByRole('button', { name: 'Als versandt markieren' }).click();
    const ship = page.getByRole('dialog', { name: `Bestellung ${n} versenden` });
    await expect(ship).toBeVisible();
    await expect(ship.getByRole('combobox', { name: 'Versanddienst' }).locator('option').first()).toHaveText(adminDe('No carrier'));
    await expect(ship.getByRole('button', { name: adminDe('Close') })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the ship dialog in German');
    await ship.getByRole('combobox', { name: 'Versanddienst' }).selectOption({ label: 'DPD' });
    await ship.getByRole('textbox', { name: 'Sendungsnummer' }).fill(tracking);
    await ship.getByRole('button', { name: 'Als versandt markieren' }).click();
    await expect(toast(page, adminDe('Order shipped'))).toBeVisible({ timeout: 20_000 });
    await expect(ship).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: 'Sendung verfolgen' })).toHaveAttribute('href', `https://tracking.dpd.de/status/de_DE/parcel/${tracking}`);
    await expect(main(page).locator('dl').first()).toContainText(adminDe('Tracking number'));
    const shipped = await mailWithSubject(request, email, `Deine Bestellung ${n} ist unterwegs`);
    expect(shipped.text).toContain(tracking);
  });

  test('cancel and refund a paid order: Refunded, the stock back once, the e-mail; the customer sees it refunded', async ({ page, request, browser }) => {
    const p = await product(request, 'Storno', ['M']);
    const variant = variantOf(p, 'M');
    const user = await createConfirmedUser(request, 'e2e-cancel-refund');
    const { order } = await guestPurchase(request, { variant, qty: 2, email: user.email });
    const n = order.order_number;
    expect(await inventoryOf(request, variant.id)).toBe(18);

    await open(page, `/admin/orders/${n}`);
    const fulfilment = main(page).getByRole('region', { name: 'Fulfilment' });
    await expect(fulfilment.getByRole('button', { name: 'Cancel order' }), 'only a pending order has a plain cancel').toHaveCount(0);
    await fulfilment.getByRole('button', { name: 'Cancel and refund' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Cancel and refund ${n}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
    // A reason is required.
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(dialog).toContainText('Give a reason for the refund.');
    await expectNoSeriousA11yViolations(page, 'the cancel-and-refund dialog');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Out of stock at the warehouse.');
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(toast(page, 'Order cancelled and refunded')).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toHaveCount(0);

    await expect(main(page).locator('dl').first()).toContainText('Refunded');
    await expect(main(page).getByText('This order was refunded.')).toBeVisible();
    for (const name of ['Mark as shipped', 'Refund', 'Cancel and refund']) await expect(fulfilment.getByRole('button', { name, exact: true })).toHaveCount(0);
    await expect(main(page).getByRole('region', { name: 'Refunds' })).toContainText(`Refunded ${money(order.total)} of ${money(order.total)} paid`);
    await expect(main(page).getByRole('region', { name: 'Timeline' })).toContainText(`Cancelled and refunded ${money(order.total)}`);
    expect(await refundsOf(request, n)).toMatchObject({ status: 'refunded', refunded_total: order.total, refunds: [{ kind: 'cancel', status: 'succeeded', amount: order.total }] });
    expect(await inventoryOf(request, variant.id), 'both units are back').toBe(20);
    await expectNoSeriousA11yViolations(page, '/admin/orders/{number} refunded');

    const mail = await mailWithSubject(request, user.email, `Your order ${n} is cancelled and refunded`);
    expect(mail.text).toContain(money(order.total));
    expect(await inventoryOf(request, variant.id), 'the stock came back once').toBe(20);

    // The customer: Refunded, the refund's date, the refunded amount under the total.
    const customer = await customerBrowser(browser, user);
    await open(customer, `/orders/${n}`);
    await expect(main(customer).getByRole('heading', { level: 1 })).toHaveText(`Order ${n}`);
    await expect(main(customer).getByText('Refunded', { exact: true }).first()).toBeVisible();
    const steps = main(customer).getByRole('list', { name: 'Order progress' }).getByRole('listitem');
    await expect(steps.first()).toContainText('Payment received');
    await expect(steps.filter({ hasText: 'Refund issued' })).toHaveCount(1);
    await expect(summaryValue(main(customer), 'Refunded')).toHaveText(`−${money(order.total)}`);
    await expect(cartLines(main(customer), 'Items in this order')).toContainText(p.title);
    await expectNoSeriousA11yViolations(customer, '/orders/{number} refunded');
    await customer.context().close();
  });
});

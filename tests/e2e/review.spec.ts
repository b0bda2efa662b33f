import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, german, open, seedCart } from './support';
import {
  ADDRESS_FIELD_LABELS,
  ADDRESSES,
  cartCheckoutButton,
  expectConfirmedAddress,
  expectNoEnglish,
  inventoryOf,
  money,
  orderButton,
  PAYMENT_PAGE,
  paymentField,
  REVIEW,
  reviewOrder,
  setInventory,
  shippingFor,
  shippingRates,
  tabTo,
  typeAddress,
  variantBySku,
} from './purchase';

/**
 * The review step before the order button (issue 20 item 3; § 312j (2)–(3) BGB; docs/adr/0024), in
 * English and in German: each line with its essential features, shipping, the total with VAT, the
 * delivery address and the links to terms, withdrawal and privacy, with the order button directly
 * under them; from Checkout to the payment page by keyboard only; a wrong postcode refused at the
 * order button with no session opened. The two variants are this file's own (no other journey
 * buys them), their stock set here, so "no session" reads as "no unit held".
 */

/** Each language its own variants (the two journeys run side by side) and their features as the review names them. */
const VARIANTS = {
  en: { joggers: 'NPNG-JOG-CRGO-OLV-M', whey: 'NPNG-WHEY-ISO-CHOC-1KG', sizeColour: 'Size: M · Color: Olive', flavour: 'Size: 1 kg · Flavor: Chocolate' },
  de: { joggers: 'NPNG-JOG-CRGO-BLK-M', whey: 'NPNG-WHEY-ISO-VAN-1KG', sizeColour: 'Größe: M · Farbe: Schwarz', flavour: 'Größe: 1 kg · Geschmack: Vanille' },
} as const;
const STOCK = 40;

for (const lang of ['en', 'de'] as const) {
  test(`review step (${lang}): the lines with their features, shipping, total, address, links, then "${REVIEW[lang].button}"; keyboard only to the payment page; a wrong postcode opens no session`, async ({
    page,
    request,
  }) => {
    const own = VARIANTS[lang];
    const joggers = await variantBySku(request, own.joggers);
    const whey = await variantBySku(request, own.whey);
    await setInventory(request, joggers.id, STOCK);
    await setInventory(request, whey.id, STOCK);
    const subtotal = joggers.price + 2 * whey.price;
    const shipping = shippingFor((await shippingRates(request)).DE, subtotal);
    const total = subtotal + shipping;
    const cash = (cents: number) => money(cents, 'EUR', lang);
    const tr = (msgid: string, catalogue = 'checkout') => (lang === 'de' ? german(msgid, catalogue) : msgid);
    const labels = ADDRESS_FIELD_LABELS[lang];

    await open(page, `/?lang=${lang}`);
    await seedCart(page, [
      { variant: joggers, qty: 1 },
      { variant: whey, qty: 2 },
    ]);
    await open(page, `/cart?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);

    // Keyboard only: Tab to Checkout, Enter → the review step, its heading focused.
    await tabTo(page, cartCheckoutButton(page, lang));
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: REVIEW[lang].heading });
    await expect(heading).toBeFocused();
    await expect(page).toHaveURL(`/cart?lang=${lang}`);

    // Each line: title, size and colour (or flavour), quantity, unit price, line total.
    const order = reviewOrder(page, lang);
    const lines = order.getByRole('list', { name: tr('Items in your order') }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    // (The lines carry the titles the cart holds: seeded here, the catalogue's own.)
    const qty = lang === 'de' ? 'Menge' : 'Quantity';
    await expect(lines.nth(0)).toHaveText(`${joggers.title}${cash(joggers.price)}${own.sizeColour}${qty}: 1 × ${cash(joggers.price)}`);
    await expect(lines.nth(1)).toHaveText(`${whey.title}${cash(2 * whey.price)}${own.flavour}${qty}: 2 × ${cash(whey.price)}`);
    // Shipping, the total and the VAT it contains.
    const row = (term: string) =>
      order
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
        .locator('dd');
    await expect(row(tr('Shipping'))).toHaveText(shipping === 0 ? tr('Free') : cash(shipping));
    await expect(row(tr('Total'))).toHaveText(cash(total));
    await expect(order).toContainText(lang === 'de' ? 'enthält 19 % MwSt.' : 'incl. 19 % VAT');
    await expect(order).toContainText(lang === 'de' ? 'Lieferzeit: 2–5 Werktage ab Versand.' : 'Delivery time: 2–5 business days after dispatch.');

    // The delivery address, typed field by field with Tab (Germany is the region's one country).
    await typeAddress(page, ADDRESSES.DE, { lang });
    const shown = order.locator('address');
    await expect(shown).toContainText(ADDRESSES.DE.name);
    await expect(shown).toContainText(`${ADDRESSES.DE.postalCode} ${ADDRESSES.DE.city}`);
    await expect(shown).toContainText(lang === 'de' ? 'Deutschland' : 'Germany');

    // The three links, and directly under them — nothing in between — the order button.
    const legal = order.getByTestId('review-legal');
    await expect(legal.getByRole('link')).toHaveText(
      lang === 'de' ? ['AGB', 'Widerrufsbelehrung', 'Datenschutzerklärung'] : ['Terms of Service', 'withdrawal information', 'Privacy Policy'],
    );
    expect(await legal.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/terms', '/withdrawal', '/privacy']);
    const button = orderButton(page, lang);
    await expect(button).toHaveText(lang === 'de' ? 'Zahlungspflichtig bestellen' : 'Place order and pay');
    expect(await legal.evaluate((p) => p.nextElementSibling?.textContent)).toBe(await button.textContent());
    expect(await button.evaluate((b) => b.previousElementSibling?.getAttribute('data-testid'))).toBe('review-legal');
    if (lang === 'de') await expectNoEnglish(page, 'the German review step');
    await expectNoSeriousA11yViolations(page, `the review step (${lang})`);

    // A wrong postcode: the field says so, and no session was opened (no unit is held).
    const postcode = paymentField(page, labels.postalCode);
    await tabTo(page, postcode, { max: 20, backwards: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1234');
    await tabTo(page, button, { max: 20 });
    await page.keyboard.press('Enter');
    await expect(postcode).toHaveAttribute('aria-invalid', 'true');
    await expect(postcode).toHaveAccessibleDescription(lang === 'de' ? 'Eine deutsche Postleitzahl hat 5 Ziffern, z. B. 10115.' : 'A German postcode has 5 digits, e.g. 10115.');
    await expect(page).toHaveURL(`/cart?lang=${lang}`);
    expect(await inventoryOf(request, joggers.id), 'no session holds the joggers').toBe(STOCK);
    expect(await inventoryOf(request, whey.id), 'no session holds the whey').toBe(STOCK);
    await expectNoSeriousA11yViolations(page, `the review step with a postcode problem (${lang})`);

    // The right postcode, then by keyboard to the order button → the payment page, the address read-only.
    await tabTo(page, postcode, { max: 20, backwards: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(ADDRESSES.DE.postalCode);
    await expect(postcode).not.toHaveAttribute('aria-invalid', 'true');
    await tabTo(page, button, { max: 20 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(PAYMENT_PAGE, { timeout: 20_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expectConfirmedAddress(page, ADDRESSES.DE, lang);
    expect(await inventoryOf(request, joggers.id), 'the open session holds the joggers').toBe(STOCK - 1);
    expect(await inventoryOf(request, whey.id), 'the open session holds the whey').toBe(STOCK - 2);

    // Cancel ends the session: its units are for sale again.
    await page.getByRole('button', { name: lang === 'de' ? 'Abbrechen und zurück zum Shop' : 'Cancel and return to the shop' }).click();
    await expect(page).toHaveURL('/cart');
    await expect.poll(() => inventoryOf(request, joggers.id)).toBe(STOCK);
  });
}

import { expect, type Locator, type Page, test } from '@playwright/test';
import { fetchVariants, open, seedCart, type SeedVariant } from './support';

/**
 * ADR 0023 (PAngV §§ 3, 6): every price a shopper sees says "incl. VAT, plus shipping", with
 * "shipping" linking to the shipping page; the cart states the VAT contained. The search dialog
 * shows no prices, so it carries no notice.
 */

const COPY = {
  en: { notice: 'incl. VAT, plus shipping', link: 'shipping', cart: 'Shopping Cart', vat: /incl\. 19 % VAT: €\d+\.\d\d/ },
  de: { notice: 'inkl. MwSt., zzgl. Versandkosten', link: 'Versandkosten', cart: 'Warenkorb', vat: /enthält 19 % MwSt\.: \d+,\d\d\s€/ },
} as const;

let variant: SeedVariant;
test.beforeAll(async ({ request }) => {
  [variant] = await fetchVariants(request, 1);
});

async function expectNotice(scope: Locator, lang: keyof typeof COPY) {
  const notice = scope.getByText(COPY[lang].notice, { exact: true }).first();
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: COPY[lang].link, exact: true })).toHaveAttribute('href', '/support/shipping');
}

/** Product cards: an article whose heading links to the product (the home page has other articles too). */
const cards = (page: Page) => page.locator('article').filter({ has: page.locator(':is(h2, h3) a[href^="/shop/"]') });

for (const lang of ['en', 'de'] as const) {
  test(`the price notice on every surface with a price (${lang})`, async ({ page }) => {
    await open(page, `/?lang=${lang}`);
    // Home: the featured block's cards, one notice per card.
    const featured = cards(page).first();
    await featured.scrollIntoViewIfNeeded();
    await expectNotice(featured, lang);
    await expect(featured.getByRole('link', { name: COPY[lang].link, exact: true })).toHaveCount(1);

    // Shop grid.
    await open(page, '/shop');
    const card = cards(page).first();
    await expectNotice(card, lang);

    // Product page, under the price; the link leads to the shipping page.
    await card.getByRole('heading').getByRole('link').click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNotice(main, lang);

    // Cart drawer and cart page (Germany: 19 % of subtotal plus shipping).
    await seedCart(page, [{ variant, qty: 1 }]);
    await page.getByRole('banner').getByRole('button', { name: /^(Cart|Warenkorb), / }).click();
    const drawer = page.getByRole('dialog', { name: COPY[lang].cart });
    await expectNotice(drawer, lang);
    await page.keyboard.press('Escape');

    await open(page, '/cart');
    await expectNotice(page.getByRole('main'), lang);
    await expect(page.getByRole('main').getByText(COPY[lang].vat)).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: COPY[lang].link, exact: true }).first().click();
    await expect(page).toHaveURL(/\/support\/shipping$/);
  });
}

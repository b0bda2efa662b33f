import { expect, type Locator, type Page, test } from '@playwright/test';
import { makeProduct, serviceInsert, servicePatch, uid } from './admin';
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
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^(Cart|Warenkorb), / })
      .click();
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

/**
 * ADR 0027 (§ 11 PAngV): a reduced price states the lowest price of the 30 days before the
 * reduction. The journey's own product: €42.00 from 28 to 20 days ago, then €50.00, reduced now
 * (as the service role) to €39.00 against €59.00: the database fixes the figure at €42.00.
 */
const LOWEST = {
  en: { line: 'Lowest price in the last 30 days: €42.00', price: '€39.00', was: 'Was €59.00' },
  de: { line: 'Niedrigster Preis der letzten 30 Tage: 42,00 €', price: '39,00 €', was: 'Statt 59,00 €' },
} as const;

test.describe('the lowest price of the last 30 days', () => {
  let title: string;
  test.beforeAll(async ({ request }) => {
    title = `Lowest Price Band ${uid()}`;
    const product = await makeProduct(request, { title, price: 5000 });
    const variant = product.variants[0].id;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await servicePatch(request, 'variant_price_history', { variant_id: `eq.${variant}` }, { valid_from: daysAgo(20) });
    await serviceInsert(request, 'variant_price_history', { variant_id: variant, price: 4200, valid_from: daysAgo(28), valid_to: daysAgo(20) });
    const [reduced] = await servicePatch<{ prior_lowest_price: number }>(request, 'variants', { id: `eq.${variant}` }, { price: 3900, compare_at_price: 5900 });
    expect(reduced.prior_lowest_price).toBe(4200);
  });

  for (const lang of ['en', 'de'] as const) {
    test(`on the product's card and its page (${lang})`, async ({ page }) => {
      const words = LOWEST[lang];
      const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
      await open(page, `/shop?lang=${lang}&q=${encodeURIComponent(title)}`);
      const card = cards(page).filter({ hasText: title });
      await expect(card).toHaveCount(1);
      expect(plain(await card.locator('s').textContent())).toBe(words.was);
      const cardLine = card.locator('p').filter({ hasText: /30/ });
      await expect(cardLine).toHaveCount(1);
      expect(plain(await cardLine.textContent())).toBe(words.line);
      expect(plain(await card.textContent())).toContain(words.price);

      await card.getByRole('heading').getByRole('link').click();
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const pageLine = main.locator('p').filter({ hasText: /30/ });
      await expect(pageLine).toHaveCount(1);
      expect(plain(await pageLine.textContent())).toBe(words.line);
      expect(plain(await main.locator('s').first().textContent())).toBe(words.was);
      // Small and muted, but read like any other text (it is a paragraph, not an image or a tooltip).
      await expect(pageLine).toBeVisible();
    });
  }
});

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ANON_KEY, API_URL, CART_KEY, expectHydrated, expectNoSeriousA11yViolations, german } from './support';

/**
 * Issue 23 item 4 (docs/adr/0035): a page paints from the server before its scripts run, and what a
 * shopper does in that window is not lost. Every script is held back (at least 3 s, and until the
 * journey's taps are done); the journey uses the control at once, on a phone, in both languages, and
 * its result arrives: the search and the shop's sort and filters are plain links and GET forms the
 * server answers, the language toggle is a link, and the taps on the product page and on buttons
 * that open a panel are kept and applied by the app once it has hydrated.
 */

const TEE = 'iron-oversized-tee';
const PHONE = { width: 390, height: 844 };
const HOLD_MS = 3000;

type Lang = 'en' | 'de';
type ApiVariant = { id: string; size: string | null; color: string | null; inventory: number };
type ApiProduct = { slug: string; title: string; title_de: string | null; variants: ApiVariant[] };

const say = (lang: Lang, msgid: string, catalogue?: string) => (lang === 'de' ? german(msgid, catalogue) : msgid);
const shownTitle = (row: ApiProduct, lang: Lang) => (lang === 'de' ? row.title_de?.trim() || row.title : row.title);

async function product(request: APIRequestContext, slug: string): Promise<ApiProduct> {
  const res = await request.get(`${API_URL}/rest/v1/products`, {
    params: { select: 'slug,title,title_de,variants(id,size,color,inventory)', slug: `eq.${slug}` },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(res.ok(), `GET products: ${res.status()}`).toBe(true);
  const [row] = (await res.json()) as ApiProduct[];
  expect(row, `the seeded ${slug}`).toBeTruthy();
  return row;
}

/**
 * Holds every script of the app (the built JS assets) back: each waits 3 s from its request, and
 * until the taps given to `before` are done, so they surely happen before any script has run.
 */
async function holdScripts(page: Page) {
  let gate: Promise<void> = Promise.resolve();
  await page.route(/\/assets\/.+\.js(\?.*)?$/, async (route) => {
    await Promise.all([new Promise((resolve) => setTimeout(resolve, HOLD_MS)), gate]);
    await route.continue().catch(() => undefined); // the page may have moved on meanwhile
  });
  return {
    async before(taps: () => Promise<void>) {
      let open = () => undefined as void;
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      try {
        await taps();
      } finally {
        open();
      }
    },
  };
}

/** No element of the page has been taken over by React yet: what was just done happened before the app ran. */
async function expectNotHydrated(page: Page) {
  const owned = await page.evaluate(() => [...document.querySelectorAll('#root *')].some((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'))));
  expect(owned, 'the app has not run yet').toBe(false);
}

/** Opens a page and returns as soon as its server-rendered HTML is there (not waiting for scripts or images). */
async function firstPaint(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('banner')).toBeVisible();
}

const main = (page: Page) => page.getByRole('main');
const cards = (page: Page, lang: Lang) =>
  main(page)
    .getByRole('region', { name: say(lang, 'Products', 'shop') })
    .getByRole('article');

/** A colour button of the product page, named in the page's language (the colour names are the shell's). */
const colourButton = (page: Page, lang: Lang, variant: ApiVariant) => main(page).getByRole('button', { name: say(lang, variant.color!), exact: true });

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

for (const lang of ['en', 'de'] as const) {
  test.describe(`${lang === 'de' ? 'German' : 'English'} phone, scripts held back`, () => {
    test.use({ locale: lang === 'de' ? 'de-DE' : 'en-US' });

    test('search: the header Search leads to a search form; the results for its own query arrive', async ({ page, request }) => {
      const tee = await product(request, TEE);
      const term = shownTitle(tee, lang);
      const scripts = await holdScripts(page);
      await scripts.before(async () => {
        await firstPaint(page, '/');
        await page
          .getByRole('banner')
          .getByRole('button', { name: say(lang, 'Search'), exact: true })
          .click();
        await expect(page).toHaveURL(/\/search$/);
        const field = main(page).getByRole('searchbox', { name: say(lang, 'Search for a product', 'search') });
        await field.fill(term);
        await field.press('Enter');
        await expect(page).toHaveURL(/\/shop\?q=/);
        expect(new URL(page.url()).searchParams.get('q')).toBe(term);
        await expect(cards(page, lang).getByRole('heading', { name: term, exact: true })).toBeVisible();
        await expectNotHydrated(page);
      });
      await expectHydrated(page);
      const chip = say(lang, 'Remove filter: {label}', 'shop').replace('{label}', say(lang, 'Search: {search}', 'shop').replace('{search}', term));
      await expect(main(page).getByRole('button', { name: chip, exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('sort and filter: the sort form sends itself, the Filters tap opens the panel once the app runs', async ({ page }) => {
      const scripts = await holdScripts(page);
      await scripts.before(async () => {
        await firstPaint(page, '/shop');
        await main(page)
          .getByRole('combobox', { name: say(lang, 'Sort by', 'shop') })
          .selectOption('price-asc');
        await expect(page).toHaveURL('/shop?sort=price-asc');
        await expect(main(page).getByRole('combobox', { name: say(lang, 'Sort by', 'shop') })).toHaveValue('price-asc');
        await main(page)
          .getByRole('button', { name: say(lang, 'Filters', 'shop'), exact: true })
          .click();
        await expectNotHydrated(page);
      });
      // The tap is applied once the app runs: the panel opens, and a size in it narrows the sorted list.
      const panel = page.getByRole('dialog', { name: say(lang, 'Filters', 'shop') });
      await expect(panel).toBeVisible({ timeout: 20_000 });
      await panel.getByRole('button', { name: 'M', exact: true }).click();
      await expect(page).toHaveURL(/[?&]size=M(&|$)/);
      expect(new URL(page.url()).searchParams.get('sortField')).toBe('price');
      await expect(panel.getByRole('button', { name: 'M', exact: true })).toHaveAttribute('aria-pressed', 'true');
    });

    test('a filter before the app runs: the server answers the filter form', async ({ page }) => {
      // The filter list shows beside the products from a tablet on; on a phone it is the panel above.
      await page.setViewportSize({ width: 800, height: 1000 });
      const scripts = await holdScripts(page);
      await scripts.before(async () => {
        await firstPaint(page, '/shop?sort=price-asc');
        const filters = main(page).getByRole('complementary', { name: say(lang, 'Filters', 'shop') });
        await filters.getByRole('radio', { name: say(lang, 'Accessories') }).check();
        await expect(page).toHaveURL(/[?&]category=accessories(&|$)/);
        await main(page)
          .getByRole('complementary', { name: say(lang, 'Filters', 'shop') })
          .getByRole('button', { name: 'M', exact: true })
          .click();
        await expect(page).toHaveURL(/[?&]size=M(&|$)/);
        const params = new URL(page.url()).searchParams;
        // The sort stays (in its canonical form, as the app writes it).
        expect([params.get('category'), params.get('size'), params.get('sortField'), params.get('sortDirection')]).toEqual(['accessories', 'M', 'price', 'asc']);
        await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(say(lang, 'Accessories'));
        await expect(
          main(page)
            .getByRole('complementary', { name: say(lang, 'Filters', 'shop') })
            .getByRole('button', { name: 'M', exact: true }),
        ).toHaveAttribute('aria-pressed', 'true');
        await expectNotHydrated(page);
      });
    });

    test('language: the toggle is a link to this page in the other language', async ({ page }) => {
      const other: Lang = lang === 'de' ? 'en' : 'de';
      const name = other === 'de' ? 'Deutsch' : 'English';
      // The header's toggle shows from a small tablet on; on a phone it is in the menu (below).
      await page.setViewportSize({ width: 700, height: 900 });
      const scripts = await holdScripts(page);
      await scripts.before(async () => {
        await firstPaint(page, `/shop/${TEE}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
        await expect(page).toHaveURL(`/shop/${TEE}?lang=${other}`);
        await expect(page.locator('html')).toHaveAttribute('lang', other);
        await expect(page.getByRole('banner').getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
        await expectNotHydrated(page);
      });
      await expectHydrated(page);
      await expect(page.locator('html')).toHaveAttribute('lang', other);
    });

    test('language on a phone: the menu tap is kept, the menu opens once the app runs', async ({ page }) => {
      const other: Lang = lang === 'de' ? 'en' : 'de';
      const name = other === 'de' ? 'Deutsch' : 'English';
      const scripts = await holdScripts(page);
      await scripts.before(async () => {
        await firstPaint(page, '/');
        await page
          .getByRole('banner')
          .getByRole('button', { name: say(lang, 'Open menu'), exact: true })
          .click();
        await expectNotHydrated(page);
      });
      const menu = page.getByRole('dialog');
      await expect(menu).toBeVisible({ timeout: 20_000 });
      await menu.getByRole('button', { name, exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
    });

    test('product: the colour, size and Add to Cart tapped before the app runs put exactly that variant in the cart once', async ({ page, request }) => {
      const tee = await product(request, TEE);
      const buyable = tee.variants.filter((v) => v.inventory > 0 && v.size && v.color);
      expect(buyable.length, 'the tee has several buyable variants').toBeGreaterThan(1);
      // A variant that is not the one the page starts with (the first in stock): both taps matter.
      const first = buyable[0];
      const target = buyable.find((v) => v.color !== first.color && v.size !== first.size) ?? buyable[buyable.length - 1];
      const scripts = await holdScripts(page);
      await scripts.before(async () => {
        await firstPaint(page, `/shop/${TEE}`);
        await colourButton(page, lang, target).click();
        await main(page).getByRole('button', { name: target.size!, exact: true }).click();
        await main(page)
          .getByRole('button', { name: say(lang, 'Add to Cart', 'product'), exact: true })
          .click();
        await expectNotHydrated(page);
      });
      await expectHydrated(page);
      await expect
        .poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { variantId: string; qty: number }[], CART_KEY), {
          message: 'the cart holds the chosen variant once',
          timeout: 20_000,
        })
        .toEqual([expect.objectContaining({ variantId: target.id, qty: 1 })]);
      await expect(main(page).getByRole('button', { name: target.size!, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(colourButton(page, lang, target)).toHaveAttribute('aria-pressed', 'true');
      await expectNoSeriousA11yViolations(page);
    });
  });
}

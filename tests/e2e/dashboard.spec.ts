import { expect, type Page } from '@playwright/test';
import { asAdmin, makeProduct, serviceInsert, test, uid } from './admin';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, german, open } from './support';

/**
 * The admin dashboard at /admin (issue 24 item 1, ADR 0036): the seed admin (two factors) opens it
 * on a desktop and on a 390 px phone, in English and German, sees the four panels load, switches
 * the period (the URL follows), and finds a low-stock variant this journey made itself by its SKU.
 * On the phone the page never scrolls sideways.
 */

const main = (page: Page) => page.getByRole('main');
const PHONE = { width: 390, height: 844 };
const LANGS = [
  { lang: 'en', text: (english: string) => english },
  { lang: 'de', text: (english: string) => german(english, 'admin') },
] as const;
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 }, phone: false },
  { name: 'phone', viewport: PHONE, phone: true },
] as const;

async function expectPanelsLoaded(page: Page) {
  for (const id of ['dashboard-sales', 'dashboard-top', 'dashboard-stock', 'dashboard-attention']) {
    await expect(main(page).locator(`[data-panel="${id}"]`)).toHaveAttribute('data-status', 'loaded', { timeout: 20_000 });
  }
}

test.describe('the admin dashboard', () => {
  asAdmin();
  for (const { name, viewport, phone } of VIEWPORTS) {
    for (const { lang, text } of LANGS) {
      test.describe(`${name}, ${lang}`, () => {
        test.use({ viewport, isMobile: phone, hasTouch: phone });

        test('shows the panels, switches the period, lists a low-stock variant by its SKU', async ({ page, request }) => {
          const product = await makeProduct(request, { title: `E2E Dashboard Low ${lang} ${name} ${uid()}`, sizes: ['M'], inventory: 1 });
          const sku = product.variants[0].sku;
          // A review waiting for moderation: the nav's Reviews link then carries the waiting count, whose
          // screen-reader word once stuck out of the scrolling nav and widened the phone's page (CI, de).
          await serviceInsert(request, 'reviews', {
            product_id: product.id,
            rating: 5,
            title: `Dashboard review ${uid()}`,
            body: 'Waiting.',
            author_name: 'Dana Dash',
            status: 'pending',
          });

          await open(page, `/admin?lang=${lang}`);
          await expect(main(page).getByRole('heading', { level: 1, name: text('Dashboard') })).toBeVisible();
          await expectPanelsLoaded(page);
          // 30 days by default: the chart (or its empty message) and the one-line summary.
          await expect(main(page).getByRole('heading', { level: 2, name: text('Sales in the last {days} days').replace('{days}', '30') })).toBeVisible();
          await expect(main(page).getByTestId('sales-summary')).toContainText(lang === 'de' ? 'Umsatz' : 'Revenue');
          const periods = main(page).getByRole('navigation', { name: text('Period') });
          await expect(periods.getByRole('link', { name: lang === 'de' ? '30 Tage' : '30 days' })).toHaveAttribute('aria-current', 'page');

          // The variant this journey made with 1 left is among the low-stock ones, with its SKU.
          const low = main(page).locator(`[data-panel="dashboard-stock"] [data-sku="${sku}"]`);
          await expect(low).toBeVisible();
          await expect(low).toContainText(product.title);
          await expect(low).toContainText(lang === 'de' ? '1 übrig' : '1 left');
          await expect(page.getByRole('navigation', { name: text('Admin') }).getByRole('link', { name: new RegExp(`^${text('Reviews')} \\d+ ${text('waiting')}$`) })).toBeVisible();
          if (phone) await expectNoSidewaysScroll(page, '/admin (30 days)', PHONE.width);

          // Switch to 7 days: the URL follows, the sales panel reloads for it.
          await periods.getByRole('link', { name: lang === 'de' ? '7 Tage' : '7 days' }).click();
          await expect(page).toHaveURL(/\/admin\?days=7$/);
          await expect(main(page).getByRole('heading', { level: 2, name: text('Sales in the last {days} days').replace('{days}', '7') })).toBeVisible();
          await expectPanelsLoaded(page);
          await expect(periods.getByRole('link', { name: lang === 'de' ? '7 Tage' : '7 days' })).toHaveAttribute('aria-current', 'page');
          if (await main(page).getByRole('img').count()) {
            await expect(main(page).getByRole('img').locator('rect[data-day]')).toHaveCount(7);
          }

          // 90 days straight from the URL.
          await open(page, '/admin?days=90');
          await expectPanelsLoaded(page);
          await expect(main(page).getByRole('heading', { level: 2, name: text('Sales in the last {days} days').replace('{days}', '90') })).toBeVisible();
          if (phone) await expectNoSidewaysScroll(page, '/admin?days=90', PHONE.width);
          if (!phone && lang === 'en') await expectNoSeriousA11yViolations(page, '/admin?days=90');
        });
      });
    }
  }

  test('Dashboard is the first entry of the admin navigation and marks the page', async ({ page }) => {
    await open(page, '/admin/orders');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { ANON_KEY, API_URL, expectFocusInside, expectNoSeriousA11yViolations, expectNoSidewaysScroll, german, open } from './support';

/** SPEC §2 Search dialog, §5 (trimmed, non-empty), §7 Search, against the seeded catalogue. */

type Row = { slug: string; title: string; title_de: string | null; subtitle: string | null; subtitle_de: string | null };

let published: Row[];

test.beforeAll(async ({ request }) => {
  const res = await request.get(`${API_URL}/rest/v1/products`, {
    params: { select: 'slug,title,title_de,subtitle,subtitle_de', status: 'eq.published', order: 'title.asc' },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(res.ok(), `GET products: ${res.status()}`).toBe(true);
  published = (await res.json()) as Row[];
  expect(published.length).toBeGreaterThan(0);
});

const searchButton = (page: Page, name = 'Search') => page.getByRole('banner').getByRole('button', { name, exact: true });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openSearch(page: Page, names = { button: 'Search', dialog: 'Search Products' }): Promise<{ dialog: Locator; input: Locator }> {
  await searchButton(page, names.button).click();
  const dialog = page.getByRole('dialog', { name: names.dialog });
  await expect(dialog).toBeVisible();
  await expectFocusInside(dialog);
  const input = dialog.getByRole('searchbox');
  await expect(input).toBeFocused();
  return { dialog, input };
}

const status = (dialog: Locator) => dialog.getByRole('status');
const resultLinks = (dialog: Locator) => dialog.getByRole('list', { name: 'Search results' }).getByRole('link');

test('typing a seeded title finds it; the results are links to product pages', async ({ page }) => {
  // A title with a comma goes through the or-filter's escaping too.
  const product = published.find((p) => p.title.includes(',')) ?? published[0];
  await open(page, '/');
  const { dialog, input } = await openSearch(page);
  await expect(status(dialog)).toHaveText('Start typing to search products...');
  await input.pressSequentially(product.title, { delay: 20 });
  const link = dialog.getByRole('link', { name: new RegExp(escapeRegExp(product.title)) });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/shop/${product.slug}`);
  // Every result really contains the text (title or subtitle, either language).
  const count = await resultLinks(dialog).count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(10);
  await expect(dialog.getByRole('link', { name: 'See all results' })).toHaveAttribute('href', `/shop?q=${encodeURIComponent(product.title)}`);
  await expectNoSeriousA11yViolations(page, 'the search dialog with results');

  await link.click();
  await expect(page).toHaveURL(`/shop/${product.slug}`);
  await expect(dialog).toBeHidden();
  // The product page is built separately: check its heading only when it is there.
  const h1 = page.locator('main h1');
  if (
    await h1
      .first()
      .isVisible({ timeout: 5_000 })
      .catch(() => false)
  )
    await expect(h1.first()).toContainText(product.title);
});

test('a short word lists at most 10 matches, each a real match', async ({ page }) => {
  await open(page, '/');
  const { dialog, input } = await openSearch(page);
  await input.fill('tee');
  await expect(resultLinks(dialog).first()).toBeVisible();
  const texts = await resultLinks(dialog).allTextContents();
  expect(texts.length).toBeLessThanOrEqual(10);
  const matching = published.filter((p) => [p.title, p.title_de, p.subtitle, p.subtitle_de].join(' ').toLowerCase().includes('tee'));
  expect(texts.length).toBe(Math.min(10, matching.length));
});

test('nonsense says nothing was found; whitespace shows the start message', async ({ page }) => {
  await open(page, '/');
  const { dialog, input } = await openSearch(page);
  await input.fill('qwxzzyq');
  await expect(status(dialog)).toHaveText('No products found for "qwxzzyq"');
  await expect(resultLinks(dialog)).toHaveCount(0);
  await input.fill('     ');
  await expect(status(dialog)).toHaveText('Start typing to search products...');
  // And it stays that way: nothing is searched for spaces.
  await page.waitForTimeout(600);
  await expect(status(dialog)).toHaveText('Start typing to search products...');
  await expectNoSeriousA11yViolations(page, 'the search dialog, idle');
});

test('hostile text never breaks the search: no error, only real matches', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/rest/v1/products') && res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
  });
  await open(page, '/');
  const { dialog, input } = await openSearch(page);
  for (const text of ['tee, (x) "y" %_\\', '%', '_', '\\', '*', 'a,b', '(', ')', '"', "'", 'or(', 'title.eq.x', '%%%%']) {
    await input.fill(text);
    await expect(status(dialog), text).toHaveText(/No products found for|products? found/);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    // Wildcards are literal: nothing in the catalogue contains these.
    if (['%', '_', '\\', '%%%%', 'tee, (x) "y" %_\\'].includes(text)) await expect(status(dialog), text).toHaveText(`No products found for "${text.trim()}"`);
  }
  // A comma and a quote that do occur in titles find them.
  for (const text of ['No Pain, No', '7"']) {
    const expected = published.filter((p) => p.title.includes(text));
    if (expected.length === 0) continue;
    await input.fill(text);
    await expect(dialog.getByRole('link', { name: new RegExp(escapeRegExp(expected[0].title)) })).toBeVisible();
  }
  expect(errors).toEqual([]);
  expect(failed).toEqual([]);
});

test('Enter goes to the shop filtered by the text', async ({ page }) => {
  await open(page, '/about');
  const { dialog, input } = await openSearch(page);
  await input.fill('  hoodie ');
  await input.press('Enter');
  await expect(page).toHaveURL('/shop?q=hoodie');
  await expect(dialog).toBeHidden();
});

test('keyboard: Escape closes and focus returns to the Search button; reopening starts fresh', async ({ page }) => {
  await open(page, '/about');
  await searchButton(page).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Search Products' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('searchbox')).toBeFocused();
  await page.keyboard.type('hoodie');
  await expect(resultLinks(dialog).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(searchButton(page)).toBeFocused();
  await expect(page).toHaveURL('/about');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('searchbox')).toHaveValue('');
  await expect(status(dialog)).toHaveText('Start typing to search products...');
  await dialog.getByRole('button', { name: 'Close search' }).click();
  await expect(dialog).toBeHidden();
  await expect(searchButton(page)).toBeFocused();
});

test('German site: German texts and a German title', async ({ page }) => {
  const product = published.find((p) => p.title_de && !p.title_de.toLowerCase().includes(p.title.toLowerCase()) && p.title_de !== p.title);
  test.skip(!product, 'no product with its own German title');
  // A word of the German title that the English one lacks.
  const word = product!.title_de!.split(/\s+/).find((w) => w.length >= 4 && !product!.title.toLowerCase().includes(w.toLowerCase())) ?? product!.title_de!;
  await open(page, '/?lang=de');
  const { dialog, input } = await openSearch(page, { button: 'Suche', dialog: german('Search Products', 'search') });
  await expect(status(dialog)).toHaveText(german('Start typing to search products...', 'search'));
  await input.fill(word);
  const link = dialog.getByRole('link', { name: new RegExp(escapeRegExp(product!.title_de!)) });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/shop/${product!.slug}`);
  await input.fill('qwxzzyq');
  await expect(status(dialog)).toHaveText(german('No products found for "{term}"', 'search').replace('{term}', 'qwxzzyq'));
  await expectNoSeriousA11yViolations(page, 'the German search dialog');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the header Search button opens a dialog that fits the screen', async ({ page }) => {
    await open(page, '/');
    const { dialog, input } = await openSearch(page);
    await input.fill('tee');
    await expect(resultLinks(dialog).first()).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(360);
    await expectNoSidewaysScroll(page, 'the search dialog on a phone', 360);
    await expectNoSeriousA11yViolations(page, 'the search dialog on a phone');
  });

  test('the side menu offers Search too', async ({ page }) => {
    await open(page, '/');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'Search' }).click();
    await expect(menu).toBeHidden();
    const dialog = page.getByRole('dialog', { name: 'Search Products' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('searchbox')).toBeFocused();
    await dialog.getByRole('searchbox').fill('hoodie');
    await expect(resultLinks(dialog).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

import { expect, test, type Page } from '@playwright/test';
import { API_URL, expectNoSeriousA11yViolations, german, LOCALE_KEY, open } from './support';

const html = (page: Page) => page.locator('html');
const mainNav = (page: Page, name = 'Main') => page.getByRole('banner').getByRole('navigation', { name });

/** The shell speaks German: the header links and the footer line come from the German catalogue. */
async function expectGermanShell(page: Page) {
  await expect(html(page)).toHaveAttribute('lang', 'de');
  const nav = mainNav(page, german('Main'));
  for (const text of ['Home', 'Collections', 'About', 'Contact']) {
    await expect(nav.getByRole('link', { name: german(text), exact: true })).toBeVisible();
  }
  await expect(page.getByRole('contentinfo')).toContainText(german('Join the grind'));
  await expect(page.getByRole('link', { name: german('Skip to content') })).toBeAttached();
}

async function expectEnglishShell(page: Page) {
  await expect(html(page)).toHaveAttribute('lang', 'en');
  const nav = mainNav(page);
  for (const text of ['Home', 'Collections', 'About', 'Contact']) {
    await expect(nav.getByRole('link', { name: text, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('contentinfo')).toContainText('Join the grind');
}

test('EN→DE toggle switches the texts and <html lang>, and the choice survives a reload', async ({ page }) => {
  await open(page, '/contact');
  await expectEnglishShell(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');

  await page.getByRole('banner').getByRole('button', { name: 'Deutsch' }).click();
  await expectGermanShell(page);
  // The screen's own catalogue switches too, not just the shell.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(german('Contact', 'contact'));
  await expect(page.getByRole('banner').getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCALE_KEY)).toBe('de');

  await page.reload();
  await expectGermanShell(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(german('Contact', 'contact'));
  await expectNoSeriousA11yViolations(page, '/contact in German');

  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expectEnglishShell(page);
  await page.reload();
  await expectEnglishShell(page);
});

test('?lang=de on a fresh visit gives German and remembers it', async ({ page }) => {
  await open(page, '/about?lang=de');
  await expectGermanShell(page);
  expect(await page.evaluate((key) => localStorage.getItem(key), LOCALE_KEY)).toBe('de');
  // Without the parameter the stored choice still holds.
  await open(page, '/');
  await expectGermanShell(page);
  await expectNoSeriousA11yViolations(page, '/ in German');
});

test('?lang=en wins over a stored German choice', async ({ page }) => {
  await open(page, '/?lang=de');
  await expectGermanShell(page);
  await open(page, '/?lang=en');
  await expectEnglishShell(page);
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('gets German without asking', async ({ page }) => {
    await open(page, '/');
    await expectGermanShell(page);
    await expectNoSeriousA11yViolations(page, '/ for a German browser');
  });
});

test('an English browser with no choice stays English', async ({ page }) => {
  await open(page, '/');
  await expectEnglishShell(page);
});

test('a visitor whose country is DE is switched to German, and the country is stored', async ({ page }) => {
  let lookups = 0;
  await page.route(`${API_URL}/_dev/geo`, (route) => {
    lookups++;
    return route.fulfill({ status: 200, contentType: 'text/plain', body: 'DE', headers: { 'access-control-allow-origin': '*' } });
  });
  await open(page, '/');
  await expectGermanShell(page);
  expect(await page.evaluate(() => localStorage.getItem('npng.country'))).toBe('DE');
  expect(lookups).toBe(1);
  // The country is known now: no second lookup on the next visit.
  await page.reload();
  await expectGermanShell(page);
  expect(lookups).toBe(1);
});

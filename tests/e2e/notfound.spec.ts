import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, german, open } from './support';

test('an unknown path shows the 404 page, whose link goes home', async ({ page }) => {
  await open(page, '/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page).toHaveTitle('Page not found · No Pain, No Gain');
  // The shell stays around it.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('main').getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0);
});

test('deeper unknown paths are 404s too', async ({ page }) => {
  for (const path of ['/shop/some-product/extra', '/account/nothing-here', '/support', '/admin/products/x/edit/more']) {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Oops! Page not found');
  }
});

test('the 404 page in German', async ({ page }) => {
  await open(page, '/no-such-page?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(german('Oops! Page not found'));
  await expect(page).toHaveTitle(`${german('Page not found')} · No Pain, No Gain`);
  await expectNoSeriousA11yViolations(page, '404 in German');
  await page
    .getByRole('main')
    .getByRole('link', { name: german('Return to Home') })
    .click();
  await expect(page).toHaveURL('/');
});

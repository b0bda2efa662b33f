import { expect, test } from '@playwright/test';
import { CART_KEY, cartButton, expectFocusInside, expectNoSeriousA11yViolations, open, openAccountMenu } from './support';

/** SPEC §2 Navigation: the header's main links. */
const MAIN_LINKS = [
  ['Home', '/'],
  ['Shop', '/shop'],
  ['Collections', '/collections'],
  ['About', '/about'],
  ['Contact', '/contact'],
] as const;

/** SPEC §2 Navigation: every footer link. */
const FOOTER_LINKS = [
  ['New Arrivals', '/shop?category=new'],
  ['Best Sellers', '/shop?featured=true'],
  ['Gym Wear', '/shop?category=apparel'],
  ['Bottles & Gear', '/shop?category=accessories'],
  ['Size Guide', '/support/size-guide'],
  ['Shipping Info', '/support/shipping'],
  ['Returns', '/support/returns'],
  ['Contact', '/contact'],
  ['FAQ', '/support/faq'],
  ['Privacy Policy', '/privacy'],
  ['Terms of Service', '/terms'],
  ['Legal notice', '/impressum'],
] as const;

/** Two lines (2 + 1) that need no backend: the header only counts them. */
const TWO_LINES = JSON.stringify([
  { productId: 'p-tee', variantId: 'v-tee-m', title: 'Grind Tee', price: 2999, image: null, size: 'M', color: 'Black', qty: 2, currency: 'EUR' },
  { productId: 'p-bottle', variantId: 'v-bottle', title: 'Iron Bottle', price: 1999, image: null, size: null, color: null, qty: 1, currency: 'EUR' },
]);

test.describe('desktop shell', () => {
  test('header: main links, cart with count, EN|DE toggle, signed-out account menu', async ({ page }) => {
    await open(page, '/');
    const header = page.getByRole('banner');
    const nav = header.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of MAIN_LINKS) {
      await expect(nav.getByRole('link', { name, exact: true }), `header link ${name}`).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(header.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);

    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

    const language = header.getByRole('group', { name: 'Language' });
    await expect(language.getByRole('button')).toHaveText(['EN', 'DE']);
    await expect(language.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await expect(language.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'false');

    const menu = await openAccountMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText(['Sign In', 'Create Account']);
    await expectNoSeriousA11yViolations(page, '/ with the account menu open');
    await menu.getByRole('menuitem', { name: 'Create Account' }).click();
    await expect(page).toHaveURL('/auth?tab=signup');

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/auth');

    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page);
  });

  test('the account menu works from the keyboard, on first use (while its code loads) and after', async ({ page }) => {
    await open(page, '/');
    const account = page.getByRole('banner').getByRole('button', { name: 'Account' });
    for (const round of ['first', 'second']) {
      await account.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect(menu, `${round} opening`).toBeVisible();
      await expectFocusInside(menu);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(account, `focus returns to the account button (${round})`).toBeFocused();
    }
    await page.keyboard.press('Enter');
    // Opened from the keyboard, the menu highlights its first item and takes focus (one frame
    // later: keys pressed before that still go to the button); arrows move on.
    await expect(page.getByRole('menuitem', { name: 'Sign In' })).toHaveAttribute('data-highlighted', '');
    await expectFocusInside(page.getByRole('menu'));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Create Account' })).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/auth?tab=signup');
  });

  test('header cart count is the sum of quantities', async ({ page }) => {
    await open(page, '/');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CART_KEY, TWO_LINES] as const);
    await page.reload();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
    await expect(cartButton(page)).toHaveText('3');
  });

  test('footer: every SPEC §2 link and the legal notice with their hrefs, newsletter signup and © this year', async ({ page }) => {
    await open(page, '/');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of FOOTER_LINKS) {
      const links = footer.getByRole('link', { name, exact: true });
      await expect(links.first(), `footer link ${name}`).toBeVisible();
      for (const link of await links.all()) await expect(link, `footer link ${name}`).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(footer.getByRole('checkbox')).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} No Pain, No Gain`);

    await footer.getByRole('link', { name: 'Size Guide', exact: true }).click();
    await expect(page).toHaveURL('/support/size-guide');
    await expectNoSeriousA11yViolations(page);
  });

  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await open(page, '/contact');
    // The screen itself (a lazily loaded route) must be there for focus to land in it.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab continues inside the main content, not back in the header.
    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => !!document.activeElement?.closest('main'));
    expect(inMain, 'focus after the skip link is inside <main>').toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  test('the document title follows the route', async ({ page }) => {
    const titles = new Map<string, string>();
    for (const path of ['/', '/about', '/contact', '/cart', '/support/faq', '/no-such-page']) {
      await open(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/No Pain, No Gain$/);
      titles.set(path, await page.title());
    }
    expect(titles.get('/contact')).toBe('Contact · No Pain, No Gain');
    expect(titles.get('/cart')).toBe('Shopping Cart · No Pain, No Gain');
    expect(titles.get('/no-such-page')).toBe('Page not found · No Pain, No Gain');
    expect(new Set(titles.values()).size, `one title per route: ${JSON.stringify([...titles])}`).toBe(titles.size);

    // Client-side navigation updates it too.
    await open(page, '/cart');
    await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveTitle('Contact · No Pain, No Gain');
  });
});

test.describe('mobile shell (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the side menu opens, repeats the links and the cart count, and closes', async ({ page }) => {
    await open(page, '/');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CART_KEY, TWO_LINES] as const);
    await page.reload();

    // The desktop links are hidden on a phone; the menu button takes their place.
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const [name, href] of MAIN_LINKS) {
      await expect(menu.getByRole('link', { name, exact: true }), `menu link ${name}`).toHaveAttribute('href', href);
    }
    await expect(menu.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Create Account', exact: true })).toBeVisible();
    await expect(menu.getByRole('group', { name: 'Language' })).toBeVisible();
    const cart = menu.getByRole('button', { name: /Cart/ });
    await expect(cart).toContainText('3');
    await expectNoSeriousA11yViolations(page, '/ with the mobile menu open');

    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    // A link navigates and closes the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await expect(menu).toBeHidden();

    // Escape closes it too; the cart entry opens the cart drawer.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await expectFocusInside(menu);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' }), 'focus returns to the menu button').toBeFocused();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: /Cart/ }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeVisible();
    await page.getByRole('button', { name: 'Close cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toBeHidden();
    await expectNoSeriousA11yViolations(page);
  });
});

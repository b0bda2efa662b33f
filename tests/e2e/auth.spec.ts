import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  CUSTOMER,
  accountButton,
  confirmationLink,
  createConfirmedUser,
  expectHydrated,
  expectNoSeriousA11yViolations,
  german,
  LOCALE_KEY,
  open,
  openAccountMenu,
  signIn,
  signInForm,
  signUpForm,
  uniqueEmail,
} from './support';

const PASSWORD = 'Fresh-Lifter-2025!';

async function fillSignUp(page: Page, email: string, password: string, confirm: string) {
  const form = signUpForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel(/Confirm/).fill(confirm);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

async function expectSignedOutMenu(page: Page) {
  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem')).toHaveText(['Sign In', 'Create Account']);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

async function expectSignedInMenu(page: Page) {
  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem')).toHaveText(['My Account', 'My Orders', 'Sign Out']);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

test('sign-up: verify-email message, then the confirmation link signs the new customer in at the site root', async ({ page, request }) => {
  const email = uniqueEmail('signup');
  await open(page, '/auth?tab=signup');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page, '/auth?tab=signup');

  await fillSignUp(page, email, PASSWORD, PASSWORD);
  await expect(page.getByText('Please check your email to verify your account.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await expectSignedOutMenu(page);

  const link = await confirmationLink(request, email);
  // PKCE: the link brings an auth code back, which only this browser's stored code verifier redeems.
  expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
  await page.goto(link);
  await expect(page).toHaveURL((url) => url.origin === 'http://localhost:5173' && url.pathname === '/');
  await expectHydrated(page);
  // The code is exchanged for the session, and does not stay in the address bar.
  await expectSignedInMenu(page);
  await expect(page).toHaveURL((url) => !url.searchParams.has('code') && !url.hash.includes('access_token'));
  await page.reload();
  await expectSignedInMenu(page);
  await expectNoSeriousA11yViolations(page, '/ after confirming');
});

const OTHER_BROWSER_TITLE = 'Your email address is confirmed';
const OTHER_BROWSER_TEXT = 'This link signs you in only in the browser where you created your account. Sign in here with your email and password.';

for (const language of ['en', 'de'] as const) {
  test(`sign-up: the confirmation link opened in another browser confirms the address and says to sign in there (${language})`, async ({ page, browser, request }) => {
    const email = uniqueEmail(`elsewhere-${language}`);
    await open(page, '/auth?tab=signup');
    await fillSignUp(page, email, PASSWORD, PASSWORD);
    await expect(page.getByText('Please check your email to verify your account.').first()).toBeVisible();
    const link = await confirmationLink(request, email);

    // Another browser: none of the first one's storage, so no code verifier for the link's code.
    const other = await browser.newContext();
    const elsewhere = await other.newPage();
    if (language === 'de') await elsewhere.addInitScript((key) => window.localStorage.setItem(key, 'de'), LOCALE_KEY);
    const say = (text: string) => (language === 'de' ? german(text, 'auth') : text);
    await elsewhere.goto(link);
    await expect(elsewhere.getByText(say(OTHER_BROWSER_TITLE)).first()).toBeVisible();
    await expect(elsewhere.getByText(say(OTHER_BROWSER_TEXT)).first()).toBeVisible();
    await expect(elsewhere).toHaveURL((url) => url.pathname === '/' && !url.searchParams.has('code'));
    await expectNoSeriousA11yViolations(elsewhere, `/ after a confirmation link from another browser (${language})`);
    await other.close();

    // The address is confirmed: the password signs in.
    await signIn(page, { email, password: PASSWORD });
    await expectSignedInMenu(page);
  });
}

test('sign-up: passwords that do not match are refused before anything is sent', async ({ page, request }) => {
  const email = uniqueEmail('mismatch');
  await open(page, '/auth?tab=signup');
  await fillSignUp(page, email, PASSWORD, `${PASSWORD}x`);
  await expect(page.getByText('Passwords do not match.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  // No account, so no confirmation mail.
  const mail = await request.get('http://localhost:54321/_dev/mail', { params: { to: email, format: 'json' } });
  expect(await mail.json()).toEqual([]);
  await expectNoSeriousA11yViolations(page, '/auth with a password mismatch');
});

test('sign-in with the seed customer: toast, signed-in menu, no admin link; sign-out', async ({ page }) => {
  await open(page, '/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page, '/auth');
  await signIn(page, CUSTOMER);
  await expect(page.getByText('You have been signed in successfully.').first()).toBeVisible();
  await expectSignedInMenu(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/ signed in');

  // The session survives a reload.
  await page.reload();
  await expectSignedInMenu(page);

  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expectSignedOutMenu(page);
  await page.reload();
  await expectSignedOutMenu(page);
});

test('account menu entries lead to the account and orders pages', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'menu');
  await signIn(page, user);
  let menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page).toHaveURL('/account');
  menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'My Orders' }).click();
  await expect(page).toHaveURL('/orders');
});

test('a wrong password: "Sign in failed", still signed out', async ({ page }) => {
  await open(page, '/auth');
  const form = signInForm(page);
  await form.getByLabel('Email').fill(CUSTOMER.email);
  await form.getByLabel('Password', { exact: true }).fill('not-the-password');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Sign in failed').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expectSignedOutMenu(page);
  await expectNoSeriousA11yViolations(page, '/auth after a failed sign-in');
});

test('/auth?tab=signup opens the sign-up tab; the tabs switch', async ({ page }) => {
  await open(page, '/auth?tab=signup');
  await expect(signUpForm(page)).toBeVisible();
  await expect(signUpForm(page).getByLabel(/Confirm/)).toBeVisible();
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await expect(signInForm(page)).toBeVisible();
  await expect(signUpForm(page)).toBeHidden();
  await open(page, '/auth');
  await expect(signInForm(page)).toBeVisible();
});

test('a signed-in visit to /auth goes to /', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'redirect');
  await signIn(page, user);
  await open(page, '/auth');
  await expect(page).toHaveURL('/');
  await open(page, '/auth?tab=signup');
  await expect(page).toHaveURL('/');
});

test('the admin sees the Admin Dashboard link (from the database), the customer does not', async ({ page }) => {
  await signIn(page, ADMIN);
  const link = page.getByRole('banner').getByRole('link', { name: 'Admin Dashboard' });
  await expect(link).toHaveAttribute('href', '/admin');
  await expectNoSeriousA11yViolations(page, '/ as admin');

  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(accountButton(page)).toBeVisible();
  await expect(link).toHaveCount(0);

  await signIn(page, CUSTOMER);
  await expectSignedInMenu(page);
  await expect(link).toHaveCount(0);
});

test('the auth client loads when needed: not for an anonymous visit, on signing in, at once with a stored session, and in a tab that sees another sign in', async ({
  context,
  request,
}) => {
  const user = await createConfirmedUser(request, 'lazy-auth');
  // Routing turns the HTTP cache off, so every load of the chunk (ADR 0017) passes here.
  const loads = new Map<Page, number>();
  await context.route(/\/assets\/authClient-[\w-]+\.js$/, async (route) => {
    const page = route.request().frame().page();
    loads.set(page, (loads.get(page) ?? 0) + 1);
    await route.continue();
  });
  const loadsOf = (page: Page) => loads.get(page) ?? 0;

  const browsing = await context.newPage();
  await open(browsing, '/');
  await browsing.waitForLoadState('networkidle');
  await expectSignedOutMenu(browsing);
  expect(loadsOf(browsing)).toBe(0);

  const signing = await context.newPage();
  await open(signing, '/auth');
  await signing.waitForLoadState('networkidle');
  expect(loadsOf(signing)).toBe(0);
  await signIn(signing, user);
  await expectSignedInMenu(signing);
  expect(loadsOf(signing)).toBe(1);

  // The first tab learns of the sign-in from the stored session, without a reload.
  await expectSignedInMenu(browsing);
  expect(loadsOf(browsing)).toBe(1);

  const returning = await context.newPage();
  await open(returning, '/');
  await expectSignedInMenu(returning);
  expect(loadsOf(returning)).toBe(1);
});

import { expect, test, type Page } from '@playwright/test';
import { API_URL, createConfirmedUser, expectNoSeriousA11yViolations, open, serviceSelect, signIn } from './support';

/** The profile form: the one form on /account with the Full Name field. */
const profileForm = (page: Page) =>
  page
    .getByRole('main')
    .locator('form')
    .filter({ has: page.getByLabel('Full Name') });

// /orders (same rule) is built by the orders issue; its journey belongs there.
test('signed out, /account redirects to /auth', async ({ page }) => {
  await open(page, '/account');
  await expect(page).toHaveURL((url) => url.pathname === '/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
});

test('profile: read-only email, full name and phone saved and shown again after a reload', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'profile');
  await signIn(page, user);
  await open(page, '/account');
  const form = profileForm(page);
  await expect(form).toHaveCount(1);

  const email = form.getByLabel('Email');
  await expect(email).toHaveValue(user.email);
  await expect(email).not.toBeEditable();

  const fullName = form.getByLabel('Full Name');
  const phone = form.getByLabel('Phone');
  await expect(fullName).toBeEditable();
  await fullName.fill('Jordan Deadlift');
  await phone.fill('+49 30 1234567');
  // Hold the save for a moment so the busy state can be seen.
  await page.route(`${API_URL}/rest/v1/profiles*`, async (route) => {
    if (route.request().method() !== 'GET') await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(form.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(page.getByText('Profile updated successfully.').first()).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page, '/account after saving');

  await page.reload();
  await expect(profileForm(page).getByLabel('Full Name')).toHaveValue('Jordan Deadlift');
  await expect(profileForm(page).getByLabel('Phone')).toHaveValue('+49 30 1234567');
  const [profile] = await serviceSelect<{ full_name: string; phone: string }>(request, 'profiles', { select: 'full_name,phone', id: `eq.${user.id}` });
  expect(profile).toEqual({ full_name: 'Jordan Deadlift', phone: '+49 30 1234567' });
});

test('the Order History card links to /orders', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'history');
  await signIn(page, user);
  await open(page, '/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Account');
  await expectNoSeriousA11yViolations(page, '/account');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Order History' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'View Orders' }).click();
  await expect(page).toHaveURL('/orders');
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_URL, createConfirmedUser, expectNoSeriousA11yViolations, open, serviceSelect, signIn, uniqueEmail } from './support';

const footerForm = (page: Page) => page.getByRole('contentinfo').locator('form');
/** The newsletter form of a region: the one form with the newsletter's email field. */
const subscribeForm = (scope: Locator) => scope.locator('form').filter({ has: scope.page().getByPlaceholder('Your email address') });

type Subscriber = { email: string; consent: boolean; source: string; user_id: string | null };

test('footer: consent required, success clears the form, a repeat is "already subscribed"', async ({ page, request }) => {
  const email = uniqueEmail('news');
  await open(page, '/');
  const form = footerForm(page);
  const input = form.getByRole('textbox', { name: 'Email' });
  const consent = form.getByRole('checkbox');
  const subscribe = form.getByRole('button', { name: 'Subscribe' });

  // Missing consent (and, before that, a missing email): nothing is sent.
  await subscribe.click();
  await expect(page.getByText('Please enter your email and accept the terms.').first()).toBeVisible();
  await input.fill(email);
  await subscribe.click();
  await expect(page.getByText('Please enter your email and accept the terms.').first()).toBeVisible();
  expect(await serviceSelect<Subscriber>(request, 'newsletter_subscribers', { select: 'email', email: `eq.${email}` })).toEqual([]);

  await consent.check();
  await subscribe.click();
  await expect(page.getByText('Thank you for subscribing to our newsletter.').first()).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(consent).not.toBeChecked();
  expect(await serviceSelect<Subscriber>(request, 'newsletter_subscribers', { select: 'email,consent,source,user_id', email: `eq.${email}` })).toEqual([
    { email, consent: true, source: 'footer', user_id: null },
  ]);
  await expectNoSeriousA11yViolations(page, 'footer newsletter after subscribing');

  // The same address again, in other letters' case: the database says 23505.
  await input.fill(email.toUpperCase());
  await consent.check();
  await subscribe.click();
  await expect(page.getByText('This email is already subscribed to our newsletter.').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'footer newsletter, already subscribed');
});

test('account page: a signed-in customer subscribes', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'news-account');
  await signIn(page, user);
  await open(page, '/account');
  const form = subscribeForm(page.getByRole('main'));
  await expect(form).toHaveCount(1);
  const email = uniqueEmail('news-account-sub');
  await form.getByRole('textbox').fill(email);
  // Hold the insert for a moment so the busy state can be seen.
  await page.route(`${API_URL}/rest/v1/newsletter_subscribers*`, async (route) => {
    await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  await expect(page.getByText('Thank you for subscribing to our newsletter.').first()).toBeVisible();
  await expect(form.getByRole('textbox')).toHaveValue('');
  const rows = await serviceSelect<Subscriber>(request, 'newsletter_subscribers', { select: 'email,consent,source,user_id', email: `eq.${email}` });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ email, consent: true, source: 'account' });
  expect(rows[0].user_id, 'the subscription is linked to the signed-in user').toBeTruthy();
  await expectNoSeriousA11yViolations(page, '/account after subscribing');
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { mailsTo } from './purchase';
import { API_URL, createConfirmedUser, expectNoSeriousA11yViolations, open, serviceSelect, signIn, uniqueEmail } from './support';

const footerForm = (page: Page) => page.getByRole('contentinfo').locator('form');
/** The newsletter form of a region: the one form with the newsletter's email field. */
const subscribeForm = (scope: Locator) => scope.locator('form').filter({ has: scope.page().getByPlaceholder('Your email address') });

type Subscriber = { email: string; consent: boolean; source: string; user_id: string | null; status: string };
/** What every sign-up answers (double opt-in, ADR 0022), whether the address is new, pending or subscribed. */
const CHECK_INBOX = "If this address isn't subscribed yet, we've sent it a link to confirm. Your subscription starts only when you click it.";

test('footer: consent required; a sign-up asks to check the inbox and clears the form; a repeat answers the same', async ({ page, request }) => {
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
  await expect(form.getByText(CHECK_INBOX)).toBeVisible();
  await expect(input).toHaveValue('');
  await expect(consent).not.toBeChecked();
  // Only asked for: nobody is on the list until the link in the e-mail is clicked.
  expect(await serviceSelect<Subscriber>(request, 'newsletter_subscribers', { select: 'email,consent,source,user_id,status', email: `eq.${email}` })).toEqual([
    { email, consent: true, source: 'footer', user_id: null, status: 'pending' },
  ]);
  await expectNoSeriousA11yViolations(page, 'footer newsletter after subscribing');

  // The same address again, in other letters' case: the same answer, so the form tells nobody who is subscribed.
  await input.fill(email.toUpperCase());
  await consent.check();
  await subscribe.click();
  await expect(input).toHaveValue('');
  await expect(form.getByText(CHECK_INBOX)).toBeVisible();
  await expect(page.getByText('This email is already subscribed to our newsletter.')).toHaveCount(0);
});

test('double opt-in in German: the confirmation e-mail from the dev outbox confirms once, and its link unsubscribes', async ({ page, request }) => {
  const email = uniqueEmail('news-doi');
  await open(page, '/?lang=de');
  const form = footerForm(page);
  await form.getByRole('textbox', { name: 'E-Mail' }).fill(email);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(form.getByText(/Dein Abo beginnt erst, wenn Du ihn anklickst/)).toBeVisible();

  // The local server's housekeeping sends the queued e-mail within a few seconds.
  await expect.poll(async () => (await mailsTo(request, email)).length, { message: `a mail to ${email}`, timeout: 20_000 }).toBe(1);
  const [mail] = await mailsTo(request, email);
  expect(mail.subject).toBe('Bitte bestätige Deine Anmeldung zum No Pain, No Gain-Newsletter');
  expect(mail.text).toContain('Ohne Deinen Klick passiert nichts');
  const confirmLink = /http\S+\/newsletter\/confirm\?token=[0-9a-f]{64}/.exec(mail.text)?.[0];
  const unsubscribeLink = /http\S+\/newsletter\/unsubscribe\?token=[0-9a-f]{64}/.exec(mail.text)?.[0];
  expect(confirmLink, 'the confirm link').toBeTruthy();
  expect(unsubscribeLink, 'the unsubscribe link').toBeTruthy();
  expect(mail.html).toContain(`href="${unsubscribeLink}"`);
  const statusOf = async () => (await serviceSelect<Subscriber>(request, 'newsletter_subscribers', { select: 'status', email: `eq.${email}` }))[0]?.status;
  expect(await statusOf()).toBe('pending');

  await open(page, confirmLink as string);
  await expect(page.getByRole('heading', { level: 1, name: 'Du bist angemeldet' })).toBeVisible();
  expect(await statusOf()).toBe('confirmed');
  await expectNoSeriousA11yViolations(page, '/newsletter/confirm, confirmed');

  // The link works once.
  await open(page, confirmLink as string);
  await expect(page.getByRole('heading', { level: 1, name: 'Dieser Link funktioniert nicht' })).toBeVisible();
  expect(await statusOf()).toBe('confirmed');

  await open(page, unsubscribeLink as string);
  await expect(page.getByRole('heading', { level: 1, name: 'Du bist abgemeldet' })).toBeVisible();
  expect(await statusOf()).toBe('unsubscribed');
});

test('an altered confirmation link changes nothing and says so', async ({ page }) => {
  await open(page, `/newsletter/confirm?token=${'0'.repeat(64)}`);
  await expect(page.getByRole('heading', { level: 1, name: "This link doesn't work" })).toBeVisible();
  await open(page, '/newsletter/unsubscribe');
  await expect(page.getByRole('heading', { level: 1, name: "This link doesn't work" })).toBeVisible();
});

test('account page: a signed-in customer subscribes through the same double opt-in', async ({ page, request }) => {
  const user = await createConfirmedUser(request, 'news-account');
  await signIn(page, user);
  await open(page, '/account');
  const form = subscribeForm(page.getByRole('main'));
  await expect(form).toHaveCount(1);
  const email = uniqueEmail('news-account-sub');
  await form.getByRole('textbox').fill(email);
  // Hold the request for a moment so the busy state can be seen.
  await page.route(`${API_URL}/rest/v1/rpc/subscribe_newsletter*`, async (route) => {
    await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  await expect(form.getByText(CHECK_INBOX)).toBeVisible();
  await expect(form.getByRole('textbox')).toHaveValue('');
  const rows = await serviceSelect<Subscriber>(request, 'newsletter_subscribers', { select: 'email,consent,source,user_id,status', email: `eq.${email}` });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ email, consent: true, source: 'account', status: 'pending' });
  expect(rows[0].user_id, 'the subscription is linked to the signed-in user').toBeTruthy();
  await expectNoSeriousA11yViolations(page, '/account after subscribing');
});

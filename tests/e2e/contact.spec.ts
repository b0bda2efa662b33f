import { expect, test, type Page } from '@playwright/test';
import { API_URL, expectNoSeriousA11yViolations, open, serviceSelect, uniqueEmail } from './support';

const form = (page: Page) => page.getByRole('main').locator('form');
const field = (page: Page, name: RegExp) => form(page).getByRole('textbox', { name });
const NAME = /^Name/;
const EMAIL = /^Email/;
const SUBJECT = /^Subject/;
const MESSAGE = /^Message/;

test('required fields are enforced before anything is sent', async ({ page }) => {
  let posts = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().startsWith(`${API_URL}/rest/v1/contact_messages`)) posts++;
  });
  await open(page, '/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
  await expect(page.getByRole('main')).toContainText('Mon–Fri, 9:00–17:00 CET');
  const send = form(page).getByRole('button', { name: 'Send message' });

  await send.click();
  await expect(form(page)).toContainText('Please enter your email.');
  await expect(form(page)).toContainText('Please enter a message.');
  await expect(field(page, EMAIL)).toHaveAttribute('aria-invalid', 'true');

  await field(page, EMAIL).fill('not-an-email');
  await field(page, MESSAGE).fill('Hello');
  await send.click();
  await expect(form(page)).toContainText('Please enter a valid email address.');
  await expect(send).toBeEnabled();
  await expectNoSeriousA11yViolations(page, '/contact with field errors');
  expect(posts).toBe(0);
});

test('a message is sent: Sending… then Sent ✓ (disabled), Message sent, form cleared', async ({ page, request }) => {
  const email = uniqueEmail('contact');
  // Hold the insert for a moment so the busy state can be seen.
  await page.route(`${API_URL}/rest/v1/contact_messages*`, async (route) => {
    await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  await open(page, '/contact');
  await field(page, NAME).fill('Sam Lifter');
  await field(page, EMAIL).fill(email);
  await field(page, SUBJECT).fill('Sizing question');
  await field(page, MESSAGE).fill('Does the Grind Tee run large?');

  await form(page).getByRole('button', { name: 'Send message' }).click();
  await expect(form(page).getByRole('button', { name: 'Sending…' })).toBeDisabled();
  const sent = form(page).getByRole('button', { name: 'Sent ✓' });
  await expect(sent).toBeVisible();
  await expect(sent).toBeDisabled();
  await expect(page.getByText('Message sent').first()).toBeVisible();
  await expect(page.getByText("We'll get back to you within 1-2 business days.").first()).toBeVisible();
  for (const name of [NAME, EMAIL, SUBJECT, MESSAGE]) await expect(field(page, name)).toHaveValue('');

  const stored = await serviceSelect<{ name: string; email: string; subject: string; message: string }>(request, 'contact_messages', {
    select: 'name,email,subject,message',
    email: `eq.${email}`,
  });
  expect(stored).toEqual([{ name: 'Sam Lifter', email, subject: 'Sizing question', message: 'Does the Grind Tee run large?' }]);
  await expectNoSeriousA11yViolations(page, '/contact after sending');
});

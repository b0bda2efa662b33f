import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { LOCAL_SERVICE_ROLE_KEY } from '../../server/config.ts';
import { makeProduct, serviceGet, serviceInsert, servicePatch, uid } from './admin';
import { API_URL, expectNoSeriousA11yViolations, german, open, openAccountMenu, uniqueEmail } from './support';

/**
 * The admin two-factor journey (issue 14), in English and in German: an admin sets up an
 * authenticator app on the account page, signs out, signs in with the password, passes the code
 * step (a wrong code is refused first) and the admin pages work (their writes need aal2). Each run
 * uses an admin account of its own (added to public.admin_emails as the service role), because
 * verifying a factor ends the user's other aal1 sessions and the seed admin is signed in by other
 * journeys at the same time. The factor is removed and the account deleted at the end.
 */

const SERVICE = { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` };
const PASSWORD = 'E2e-Admin-Pass-2025!';

type Lang = 'en' | 'de';
/** The text in the journey's language, from the given catalogue (the shell's by default). */
const inLang = (lang: Lang) => (msgid: string, catalogue?: string) => (lang === 'de' ? german(msgid, catalogue) : msgid);

/** A confirmed user made by the admin API, and made an admin the way ADMIN_EMAILS does. */
async function createAdmin(request: APIRequestContext): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('e2e-2fa');
  const res = await request.post(`${API_URL}/auth/v1/admin/users`, { data: { email, password: PASSWORD, email_confirm: true }, headers: SERVICE });
  expect(res.ok(), `create user: ${res.status()} ${await res.text()}`).toBe(true);
  const { id } = (await res.json()) as { id: string };
  await serviceInsert(request, 'admin_emails', { email });
  return { id, email };
}

async function deleteAdmin(request: APIRequestContext, { id, email }: { id: string; email: string }): Promise<void> {
  await request.delete(`${API_URL}/auth/v1/admin/users/${id}`, { headers: SERVICE });
  await request.delete(`${API_URL}/rest/v1/admin_emails`, { params: { email: `eq.${email}` }, headers: SERVICE });
}

/** A 6-digit code the app would not show now (none of the codes the server accepts, ±1 step). */
function wrongCode(totp: TOTP): string {
  const valid = new Set([-30_000, 0, 30_000].map((offset) => totp.generate({ timestamp: Date.now() + offset })));
  let code = 0;
  while (valid.has(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
}

async function signInWithPassword(page: Page, lang: Lang, email: string, path: string): Promise<void> {
  const t = inLang(lang);
  await open(page, path);
  const form = page.getByRole('tabpanel', { name: t('Sign In', 'auth') });
  await form.getByLabel(t('Email', 'auth')).fill(email);
  await form.getByLabel(t('Password', 'auth'), { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: t('Sign In', 'auth') }).click();
}

for (const lang of ['en', 'de'] as const) {
  test(`an admin sets up an authenticator app, then signs in with password and code (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const t = inLang(lang);
    const main = page.getByRole('main');
    const admin = await createAdmin(request);
    const title = `E2E Two-Factor Ploom ${uid()}`;
    const product = await makeProduct(request, { title });
    try {
      // Signed in with the password alone (no factor yet): home, as any sign-in.
      await signInWithPassword(page, lang, admin.email, `/auth?lang=${lang}`);
      await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });

      // Account page: set up the app from the key shown for manual entry.
      await open(page, '/account');
      const section = main.getByRole('region', { name: t('Two-factor authentication', 'account') });
      await expect(section.getByText(t('Off', 'account'), { exact: true })).toBeVisible();
      await section.getByRole('button', { name: t('Set up', 'account') }).click();
      await expect(section.getByRole('heading', { level: 3, name: t('Scan the QR code with your authenticator app', 'account') })).toBeFocused();
      const qr = section.getByRole('img', { name: t('QR code for your authenticator app. If you cannot scan it, enter the key below.', 'account') });
      await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
      const secret = await section.getByLabel(t('Key for manual entry', 'account')).inputValue();
      expect(secret).toMatch(/^[A-Z2-7]+=*$/);
      await expectNoSeriousA11yViolations(page, `/account, setting up two-factor (${lang})`);
      const totp = new TOTP({ secret: Secret.fromBase32(secret) });
      await section.getByLabel(t('6-digit code')).fill(totp.generate());
      await section.getByRole('button', { name: t('Verify', 'account') }).click();
      await expect(page.getByText(t('Two-factor authentication is on.', 'account')).first()).toBeVisible();
      await expect(section.getByText(t('On', 'account'), { exact: true })).toBeVisible();

      // Signed out, the password alone is not enough for the admin pages: the code step comes next.
      const menu = await openAccountMenu(page, t('Account'));
      await menu.getByRole('menuitem', { name: t('Sign Out') }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/auth');
      await signInWithPassword(page, lang, admin.email, '/auth?next=%2Fadmin%2Fproducts');
      await expect(main.getByRole('heading', { level: 1, name: t('Two-factor authentication', 'auth') })).toBeVisible();
      await expect(main.getByText(t('Enter the 6-digit code from your authenticator app.', 'auth'))).toBeVisible();
      const field = main.getByLabel(t('6-digit code'));
      await expect(field).toBeFocused();
      await expect(field).toHaveAttribute('inputmode', 'numeric');
      await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      await expectNoSeriousA11yViolations(page, `/auth, the code step (${lang})`);

      await field.fill(wrongCode(totp));
      await main.getByRole('button', { name: t('Verify', 'auth') }).click();
      await expect(field).toHaveAccessibleDescription(t('That code is not right. Check your authenticator app and try again.'));
      await expect(field).toBeFocused();
      await expectNoSeriousA11yViolations(page, `/auth, the code step with a refused code (${lang})`);

      // The next step's code (the server accepts ±1 step; the current one was used for the set-up),
      // typed as an app groups it.
      const next = totp.generate({ timestamp: Date.now() + 30_000 });
      await field.fill(`${next.slice(0, 3)} ${next.slice(3)}`);
      await main.getByRole('button', { name: t('Verify', 'auth') }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/admin/products', { timeout: 20_000 });
      await expect(main.getByRole('heading', { level: 1, name: t('Products', 'admin') })).toBeVisible();

      // An admin write with the aal2 session: the featured switch saves.
      await open(page, `/admin/products?q=${encodeURIComponent(title)}`);
      const featured = main.getByRole('row').filter({ hasText: title }).getByRole('switch');
      await expect(featured).toHaveAttribute('aria-checked', 'false');
      await featured.click();
      await expect(featured).toHaveAttribute('aria-checked', 'true');
      await expect.poll(async () => (await serviceGet<{ featured: boolean }>(request, 'products', { select: 'featured', id: `eq.${product.id}` }))[0]?.featured).toBe(true);

      // Clean up through the account page: an aal2 session removes the factor without another code.
      await open(page, '/account');
      await section.getByRole('button', { name: t('Remove', 'account') }).click();
      const dialog = page.getByRole('alertdialog', { name: t('Remove two-factor authentication?', 'account') });
      await dialog.getByRole('button', { name: t('Remove', 'account') }).click();
      await expect(section.getByRole('button', { name: t('Set up', 'account') })).toBeVisible();
      await expect(page.getByText(t('Two-factor authentication is off.', 'account')).first()).toBeVisible();
    } finally {
      // Not featured again, so the featured lists other journeys check are as the seed made them.
      await servicePatch(request, 'products', { id: `eq.${product.id}` }, { featured: false });
      await deleteAdmin(request, admin);
    }
  });
}

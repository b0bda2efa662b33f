import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../server/config.ts';
import { SEED_USERS } from '../../server/seed/users.ts';

/** Where the storefront (baseURL) finds its backend: server/main.ts's defaults. */
export const API_URL = 'http://localhost:54321';
export const ANON_KEY = LOCAL_ANON_KEY;

export const ADMIN = SEED_USERS.find((u) => u.label === 'admin')!;
export const CUSTOMER = SEED_USERS.find((u) => u.label === 'customer')!;

/** A sign-up address no earlier run has used. */
/** The pages every visitor can open besides the shop: company, contact, support, legal texts and the withdrawal form. */
export const CONTENT_PAGES = [
  '/about',
  '/contact',
  '/support/size-guide',
  '/support/shipping',
  '/support/returns',
  '/support/faq',
  '/privacy',
  '/terms',
  '/impressum',
  '/withdrawal',
  '/withdraw',
] as const;

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, listing each
 * with the elements it found, so the failure says what to fix.
 */
export async function expectNoSeriousA11yViolations(page: Page, where = page.url()): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
          .join('\n'),
    )
    .join('\n');
  const summary = serious.map((v) => `${v.impact} ${v.id} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'})`);
  expect(summary, `axe found serious/critical violations on ${where}:\n${report}\n`).toEqual([]);
}

/**
 * The page does not scroll sideways: it is no wider than the screen (`width`, the viewport's by
 * default; a region may scroll inside itself). On failure it names the innermost elements that
 * stick out past the right edge, so the message says what to fix.
 */
export async function expectNoSidewaysScroll(page: Page, where = page.url(), width = page.viewportSize()?.width ?? 0): Promise<void> {
  const { scrollWidth, sticking } = await page.evaluate((limit) => {
    const out = (el: Element) => el.getBoundingClientRect().right + window.scrollX > limit + 0.5;
    const sticking: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (!out(el) || [...el.children].some(out)) continue;
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 4).join('.')}` : '';
      const right = Math.round(el.getBoundingClientRect().right + window.scrollX);
      sticking.push(`<${el.tagName.toLowerCase()}${cls}> to ${right} px: "${(el.textContent ?? '').trim().slice(0, 60)}"`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, sticking: sticking.slice(0, 6) };
  }, width);
  expect(scrollWidth, `${where} is ${scrollWidth} px wide on a ${width} px screen; sticking out: ${sticking.join('; ') || 'nothing found'}`).toBeLessThanOrEqual(width);
}

/** Opens a route and waits until the shell has rendered and the app has taken over the page. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 20_000 });
  await expectHydrated(page);
}

/**
 * Waits until React owns every element of the page. A page arrives server-rendered (src/entry-server.tsx):
 * its header and first screen are there before the app's script has run, and until React has hydrated
 * them (a screen whose code is still loading hydrates later) a click, key or selection on them is lost.
 */
export async function expectHydrated(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const root = document.getElementById('root');
          if (!root?.firstElementChild) return false;
          // Resource hints React renders next to an element (the eager images' <link rel=preload>) are not hydrated.
          const elements = root.querySelectorAll(':not(link, meta, title, style, script)');
          return [...elements].every((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber$')));
        }),
      { message: 'React has hydrated the whole page', timeout: 20_000 },
    )
    .toBe(true);
}

/** The header's account menu trigger. */
export const accountButton = (page: Page, name = 'Account'): Locator => page.getByRole('banner').getByRole('button', { name, exact: true });

/** Opens the header account menu and returns the menu. */
export async function openAccountMenu(page: Page, name = 'Account'): Promise<Locator> {
  await accountButton(page, name).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expectFocusInside(menu);
  return menu;
}

/** The header cart button; its accessible name carries the count ("Cart, 3 items"). */
export const cartButton = (page: Page): Locator => page.getByRole('banner').getByRole('button', { name: /^Cart, / });

/**
 * The header's cart count as its label says it ("Cart, 3 items"). Read from the DOM, because while
 * a modal (the cart drawer) is open the header is rightly hidden from the accessibility tree.
 */
export async function expectCartCount(page: Page, count: number): Promise<void> {
  await expect(page.locator('header button[aria-label^="Cart, "]')).toHaveAttribute('aria-label', `Cart, ${count} ${count === 1 ? 'item' : 'items'}`);
}

/** Waits until a dialog has taken focus (its dismiss and focus-trap handlers are then in place). */
export async function expectFocusInside(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { message: 'focus moves into the dialog' }).toBe(true);
}

/** Signs in through the /auth form and waits until the app shows the signed-in state. */
export async function signIn(page: Page, user: { email: string; password: string } = CUSTOMER): Promise<void> {
  await open(page, '/auth');
  const form = signInForm(page);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
  await expect(page.getByText('Welcome back!').first()).toBeVisible();
}

/** The sign-in tab's form on /auth. */
export const signInForm = (page: Page): Locator => page.getByRole('tabpanel', { name: 'Sign In' });
/** The sign-up tab's form on /auth. */
export const signUpForm = (page: Page): Locator => page.getByRole('tabpanel', { name: 'Sign Up' });

type Mail = { id: string; to: string; subject: string; text: string; html: string; created_at: string };

/** The newest mail to an address in the dev outbox (/_dev/mail), waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${API_URL}/_dev/mail`, { params: { to, format: 'json' } });
        expect(res.ok()).toBe(true);
        found = ((await res.json()) as Mail[])[0];
        return found !== undefined;
      },
      { message: `a mail to ${to} in ${API_URL}/_dev/mail`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The confirmation link of the sign-up mail to an address. */
export async function confirmationLink(request: APIRequestContext, to: string): Promise<string> {
  const mail = await latestMail(request, to);
  const link = mail.text.match(/https?:\/\/\S*\/auth\/v1\/verify\S*/)?.[0];
  expect(link, `a confirmation link in the mail to ${to}:\n${mail.text}`).toBeTruthy();
  return link!;
}

/** Rows of a table as the service role sees them (to check what a journey stored). */
export async function serviceSelect<T>(request: APIRequestContext, table: string, params: Record<string, string>): Promise<T[]> {
  const res = await request.get(`${API_URL}/rest/v1/${table}`, {
    params,
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  expect(res.ok(), `GET ${table}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T[];
}

/**
 * A new, confirmed customer made through the auth API and the outbox link (the UI sign-up has its
 * own journey), for journeys that need an account nobody else touches.
 */
export async function createConfirmedUser(request: APIRequestContext, prefix = 'e2e'): Promise<{ id: string; email: string; password: string }> {
  const user = { email: uniqueEmail(prefix), password: 'E2e-Pass-2025!' };
  const res = await request.post(`${API_URL}/auth/v1/signup`, { data: user, headers: { apikey: ANON_KEY } });
  expect(res.ok(), `sign-up: ${res.status()} ${await res.text()}`).toBe(true);
  const { id } = (await res.json()) as { id: string };
  const confirm = await request.get(await confirmationLink(request, user.email), { maxRedirects: 0 });
  expect(confirm.status(), 'the confirmation link redirects to the site').toBe(303);
  return { id, ...user };
}

export type SeedVariant = { id: string; price: number; sku: string; product_id: string; size: string | null; color: string | null; title: string; currency: string };

/** Real variants of published, in-stock products, read through the public REST API as a visitor. */
export async function fetchVariants(request: APIRequestContext, limit = 2): Promise<SeedVariant[]> {
  const res = await request.get(`${API_URL}/rest/v1/variants`, {
    params: {
      select: 'id,price,sku,product_id,size,color,products!inner(title,currency,status)',
      inventory: 'gt.0',
      'products.status': 'eq.published',
      order: 'sku.asc',
      limit: String(limit),
    },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(res.ok(), `GET variants: ${res.status()} ${await res.text()}`).toBe(true);
  const rows = (await res.json()) as (Omit<SeedVariant, 'title' | 'currency'> & { products: { title: string; currency: string } })[];
  expect(rows.length, 'seeded variants').toBe(limit);
  return rows.map(({ products, ...v }) => ({ ...v, title: products.title, currency: products.currency }));
}

/** The versioned localStorage key of the cart (src/app/actors/cart.ts). */
export const CART_KEY = 'npng.cart.v1';
/** The language choice's storage key (src/app/actors/locale.ts). */
export const LOCALE_KEY = 'npng.lang';

/** Writes raw text under the cart key and reloads, so the app starts from it. */
export async function seedCartRaw(page: Page, raw: string): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [CART_KEY, raw] as const);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible({ timeout: 20_000 });
  await expectHydrated(page);
}

/** Cart lines as the app stores them (src/app/actors/cart.ts) for the given variants (qty each). */
export function cartLines(lines: { variant: SeedVariant; qty: number }[]) {
  return lines.map(({ variant, qty }) => ({
    id: variant.id,
    productId: variant.product_id,
    variantId: variant.id,
    title: variant.title,
    price: variant.price,
    image: null,
    size: variant.size,
    color: variant.color,
    qty,
    currency: variant.currency,
  }));
}

/** Saves cart lines for the given variants (qty each) and reloads. */
export async function seedCart(page: Page, lines: { variant: SeedVariant; qty: number }[]): Promise<void> {
  await seedCartRaw(page, JSON.stringify(cartLines(lines)));
}

const ROOT = join(import.meta.dirname, '..', '..');
const catalogues = new Map<string, Map<string, string>>();

/**
 * The German text for an English source text, read from a Lingui catalogue (so the journeys
 * follow the translators' wording). `catalogue` is the shell's by default or a feature's name.
 */
export function german(msgid: string, catalogue = 'shell'): string {
  const file = catalogue === 'shell' ? 'src/i18n/locales/de/messages.po' : `src/features/${catalogue}/locales/de/messages.po`;
  let entries = catalogues.get(file);
  if (!entries) {
    entries = parsePo(readFileSync(join(ROOT, file), 'utf8'));
    catalogues.set(file, entries);
  }
  const text = entries.get(msgid);
  if (!text) throw new Error(`No German text for "${msgid}" in ${file}`);
  return text;
}

function parsePo(source: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (line: string) => JSON.parse(line.slice(line.indexOf('"'))) as string;
  let id: string | undefined;
  let str: string | undefined;
  let field: 'id' | 'str' | undefined;
  const flush = () => {
    if (id && str) entries.set(id, str);
    id = str = field = undefined;
  };
  for (const line of source.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      id = unquote(line);
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line);
      field = 'str';
    } else if (line.startsWith('"')) {
      if (field === 'id') id += unquote(line);
      else if (field === 'str') str += unquote(line);
    } else if (line.trim() === '') {
      flush();
    }
  }
  flush();
  return entries;
}

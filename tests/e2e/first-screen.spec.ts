import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { rawGet as rawGetFrom } from '../../server/fixtures/rawGet.ts';
import { ANON_KEY, API_URL, CART_KEY, cartLines, expectCartCount, expectHydrated, expectNoSeriousA11yViolations, fetchVariants, german, LOCALE_KEY } from './support';

/**
 * The first screen from the first response (issue 12, docs/adr/0018): server/web.ts renders each page
 * with the built dist/server/entry-server.js, in the language of ?lang, the npng.lang cookie or
 * Accept-Language, with the landing screens' data in the HTML; the browser hydrates it. What the
 * pages show is checked against the seeded catalogue read through the public REST API.
 */

const BASE = 'http://localhost:5173';
const TEE = 'iron-oversized-tee';
const PAGE_SIZE = 12;
const FEATURED_ON_HOME = 6;
const ORDER = {
  newest: 'created_at.desc.nullslast,created_at.desc,id.asc',
  priceAsc: 'min_price.asc.nullslast,created_at.desc,id.asc',
};

type Lang = 'en' | 'de';
type Titled = { title: string; title_de: string | null };
type ListingRow = Titled & { slug: string };
type ProductRow = Titled & { slug: string; currency: string; variants: { price: number }[]; media: { url: string; is_primary: boolean }[] };

const shownTitle = (row: Titled, lang: Lang) => (lang === 'de' ? row.title_de?.trim() || row.title : row.title);
const money = (cents: number, currency: string, lang: Lang) => new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency }).format(cents / 100);
/** A text in the page's language: German from the catalogue the page uses. */
const say = (lang: Lang, msgid: string, catalogue?: string) => (lang === 'de' ? german(msgid, catalogue) : msgid);

async function rest<T>(request: APIRequestContext, path: string, params: Record<string, string>): Promise<T> {
  const res = await request.get(`${API_URL}/rest/v1/${path}`, { params, headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` } });
  expect(res.ok(), `GET ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const listing = (request: APIRequestContext, order = ORDER.newest) =>
  rest<ListingRow[]>(request, 'product_listing', { select: 'slug,title,title_de', status: 'eq.published', order });
const featured = (request: APIRequestContext) =>
  rest<ListingRow[]>(request, 'products', {
    select: 'slug,title,title_de',
    status: 'eq.published',
    featured: 'eq.true',
    order: 'created_at.desc,id.asc',
    limit: String(FEATURED_ON_HOME),
  });
const productRow = async (request: APIRequestContext, slug: string) =>
  (await rest<ProductRow[]>(request, 'products', { select: 'slug,title,title_de,currency,variants(price),media(url,is_primary)', slug: `eq.${slug}` }))[0];
async function categories(request: APIRequestContext): Promise<string[]> {
  const rows = await rest<{ category: string }[]>(request, 'products', { select: 'category', status: 'eq.published' });
  return [...new Set(rows.map((r) => r.category))].sort();
}

const main = (page: Page) => page.getByRole('main');
const mainNav = (page: Page, lang: Lang) => page.getByRole('banner').getByRole('navigation', { name: say(lang, 'Main'), exact: true });
const shopCards = (page: Page, lang: Lang) =>
  main(page)
    .getByRole('region', { name: say(lang, 'Products', 'shop') })
    .getByRole('article');

/** The shell is in this language: <html lang>, the header's links, and none of the other language's. */
async function expectShell(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  const nav = mainNav(page, lang);
  for (const text of ['Home', 'Shop', 'Collections', 'About', 'Contact']) {
    await expect(nav.getByRole('link', { name: say(lang, text), exact: true })).toBeVisible();
  }
  const other: Lang = lang === 'de' ? 'en' : 'de';
  await expect(mainNav(page, other)).toHaveCount(0);
  for (const text of ['Home', 'Collections', 'About', 'Contact']) {
    await expect(page.getByRole('banner').getByRole('link', { name: say(other, text), exact: true })).toHaveCount(0);
  }
}

/** The landing screens as the server rendered them (no script has run). */
async function expectFirstScreens(page: Page, request: APIRequestContext, lang: Lang, suffix = '') {
  // Home: the featured products.
  const expectedFeatured = await featured(request);
  expect(expectedFeatured.length, 'the seed has featured products').toBeGreaterThan(0);
  await page.goto(`/${suffix}`);
  await expectShell(page, lang);
  const block = page.getByRole('region', { name: say(lang, 'Featured', 'home'), exact: true });
  const featuredCards = block.getByRole('list', { name: say(lang, 'Featured products', 'home') }).getByRole('article');
  await expect(featuredCards).toHaveCount(Math.min(FEATURED_ON_HOME, expectedFeatured.length));
  await expect(featuredCards.getByRole('heading')).toHaveText(expectedFeatured.map((row) => shownTitle(row, lang)));

  // The shop: the first page of cards, newest first, each image sized.
  const all = await listing(request);
  await page.goto(`/shop${suffix}`);
  await expectShell(page, lang);
  const cards = shopCards(page, lang);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(all.slice(0, PAGE_SIZE).map((row) => shownTitle(row, lang)));
  await expect(main(page).getByText(lang === 'de' ? `${all.length} Produkte` : `${all.length} products`, { exact: true })).toBeVisible();
  const images = cards.locator('img');
  await expect(images).toHaveCount(PAGE_SIZE);
  for (const img of await images.all()) {
    await expect(img).toHaveAttribute('srcset', /\/storage\/v1\/render\/image\/public\/.+ \d+w/);
    await expect(img).toHaveAttribute('sizes', /.+/);
    await expect(img).toHaveAttribute('width', /^\d+$/);
    await expect(img).toHaveAttribute('height', /^\d+$/);
  }
  await expect(images.first()).toHaveAttribute('loading', 'eager');

  // A product: title, a price of its variants, the main image.
  const tee = await productRow(request, TEE);
  await page.goto(`/shop/${TEE}${suffix}`);
  await expectShell(page, lang);
  const title = shownTitle(tee, lang);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(title);
  const text = (await main(page).innerText()).replace(/\s+/g, ' ');
  const prices = tee.variants.map((v) => money(v.price, tee.currency, lang).replace(/\s+/g, ' '));
  expect(
    prices.some((price) => text.includes(price)),
    `one of ${prices.join(' | ')} on the page`,
  ).toBe(true);
  const primary = tee.media.find((m) => m.is_primary) ?? tee.media[0];
  const path = new URL(primary.url).pathname.replace('/storage/v1/object/public/', '');
  // The gallery's main image comes first in the page's main content.
  const image = main(page).locator('img').first();
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('alt', /\S/);
  await expect(image).toHaveAttribute('srcset', new RegExp(`/storage/v1/render/image/public/${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?`));
  await expect(image).toHaveAttribute('width', /^\d+$/);
  await expect(image).toHaveAttribute('height', /^\d+$/);
  await expect(image).toHaveAttribute('fetchpriority', 'high');
  await expect(main(page).getByRole('button', { name: say(lang, 'Add to Cart', 'product') })).toBeVisible();

  // Collections: every published category.
  const names = await categories(request);
  await page.goto(`/collections${suffix}`);
  await expectShell(page, lang);
  const links = main(page)
    .getByRole('region', { name: say(lang, 'Shop by Category', 'collections') })
    .getByRole('link');
  await expect(links).toHaveCount(names.length);
  expect((await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')))).sort()).toEqual(names.map((c) => `/shop?category=${encodeURIComponent(c)}`).sort());
}

test.describe('without JavaScript: the first screen is in the HTML', () => {
  test.use({ javaScriptEnabled: false });

  test('in English by default', async ({ page, request }) => {
    await expectFirstScreens(page, request, 'en');
  });

  test('in German with ?lang=de', async ({ page, request }) => {
    await expectFirstScreens(page, request, 'de', '?lang=de');
  });

  test('in German with the npng.lang=de cookie', async ({ page, context, request }) => {
    await context.addCookies([{ name: LOCALE_KEY, value: 'de', url: BASE }]);
    await expectFirstScreens(page, request, 'de');
  });

  test('?lang=en wins over a German cookie', async ({ page, context }) => {
    await context.addCookies([{ name: LOCALE_KEY, value: 'de', url: BASE }]);
    await page.goto('/shop?lang=en');
    await expectShell(page, 'en');
  });

  test.describe('a German browser (Accept-Language: de-DE)', () => {
    test.use({ locale: 'de-DE' });

    test('gets German', async ({ page, request }) => {
      await expectFirstScreens(page, request, 'de');
    });
  });

  test('a shop URL with nonsense in it is a sane page with nothing of the query as markup', async ({ page, request }) => {
    const all = await listing(request);
    const response = await page.goto('/shop?page=abc&sort=<script>alert(1)</script>');
    expect(response?.status()).toBe(200);
    await expect(shopCards(page, 'en').getByRole('heading', { level: 2 })).toHaveText(all.slice(0, PAGE_SIZE).map((row) => row.title));
    await expect(main(page).getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    expect(
      await page.locator('script').evaluateAll((els) => els.filter((el) => (el.textContent ?? '').includes('alert(1)') && el.getAttribute('type') !== 'application/json').length),
    ).toBe(0);
  });
});

test.describe('the server-rendered HTML before the app runs', () => {
  // axe needs scripts, so the page keeps them on and only the app's own are blocked.
  for (const lang of ['en', 'de'] as const) {
    test(`has no serious a11y violations (${lang})`, async ({ page }) => {
      let blocked = 0;
      await page.route('**/assets/*.js', (route) => {
        blocked++;
        return route.abort();
      });
      const suffix = lang === 'de' ? '?lang=de' : '';
      for (const path of ['/', '/shop', `/shop/${TEE}`, '/collections']) {
        await page.goto(`${path}${suffix}`);
        await expectShell(page, lang);
        await expectNoSeriousA11yViolations(page, `${path}${suffix} as the server sent it`);
      }
      expect(blocked, 'the app scripts were asked for and blocked').toBeGreaterThan(0);
      expect(await page.evaluate(() => Object.keys(document.querySelector('header') ?? {}).some((key) => key.startsWith('__react')))).toBe(false);
    });
  }
});

/** A page request exactly as written (no client re-encodes the URL), answered as status and body. */
const rawGet = (path: string, headers: Record<string, string> = {}) => rawGetFrom('http://localhost:5173', path, { accept: 'text/html', ...headers });

test.describe('response status', () => {
  test('unknown pages and products are 404 pages, malformed URLs too (never a 500)', async ({ request }) => {
    for (const path of ['/no-such-page', '/shop/no-such-product-at-all', '/shop/%E0%A4%A', '/%E0%A4%A', '/shop/a/b', '/admin/no-such-screen']) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toContain('<div id="root"><');
    }
    expect((await rawGet('/no-such-page')).body).toContain('Oops! Page not found');
    expect((await rawGet('/shop/no-such-product-at-all')).body).toContain('Product Not Found');
    // The same through an ordinary client.
    expect((await request.get('/shop/%E0%A4%A')).status()).toBe(404);
    expect((await request.get(`/shop/${TEE}`)).status()).toBe(200);
  });

  test('a query with markup is a 200 page that carries none of it as markup', async () => {
    const scripts = (body: string) => body.match(/<script\b/gi)?.length ?? 0;
    // The template's scripts and the first screen's state.
    const plain = scripts((await rawGet('/shop')).body);
    expect(plain).toBeGreaterThan(1);
    for (const path of [
      '/shop?page=abc&sort=<script>alert(1)</script>',
      '/shop?page=abc&sort=%3Cscript%3Ealert(1)%3C/script%3E',
      '/shop?q=</script><script>alert(1)</script>&lang=de',
    ]) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).not.toMatch(/<script>alert/i);
      expect(res.body.toLowerCase(), path).not.toContain('</script><script>alert');
      expect(scripts(res.body), path).toBe(plain);
    }
  });

  test('a malformed language cookie is ignored: the page is still rendered on the server', async () => {
    const res = await rawGet('/shop', { cookie: 'npng.lang=%E0%A4%A', 'accept-language': 'de' });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<html lang="de"');
    expect(res.body).toContain('id="npng-first-screen"');
  });
});

/**
 * Records, from before the first byte is parsed, every value <html lang> and the header's main
 * navigation label take, so a language that shows for a moment is caught as well.
 */
async function recordLanguages(page: Page): Promise<() => Promise<{ lang: string[]; nav: string[] }>> {
  await page.addInitScript(() => {
    const seen = { lang: new Set<string>(), nav: new Set<string>() };
    (window as unknown as { __seenLanguages: typeof seen }).__seenLanguages = seen;
    const record = () => {
      const lang = document.documentElement?.getAttribute('lang');
      if (lang) seen.lang.add(lang);
      const nav = document.querySelector('header nav')?.getAttribute('aria-label');
      if (nav) seen.nav.add(nav);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['lang', 'aria-label'] });
  });
  return () =>
    page.evaluate(() => {
      const seen = (window as unknown as { __seenLanguages: { lang: Set<string>; nav: Set<string> } }).__seenLanguages;
      return { lang: [...seen.lang], nav: [...seen.nav] };
    });
}

/**
 * Errors the page reports: uncaught ones, and console errors (React's hydration errors among them).
 * The root's text as the server sent it is kept too, before any script runs, so a mismatch that a
 * production build reports only as "#418" can say which texts differed.
 */
async function collectErrors(page: Page): Promise<{ page: string[]; console: string[] }> {
  const errors = { page: [] as string[], console: [] as string[] };
  page.on('pageerror', (error) => errors.page.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.console.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { __serverText: string }).__serverText = document.getElementById('root')?.innerText ?? '';
    });
  });
  return errors;
}

/** The failure message for uncaught errors: the console's errors and the lines only the server's or only the browser's text has. */
async function uncaught(page: Page, errors: { page: string[]; console: string[] }): Promise<string> {
  if (errors.page.length === 0) return 'uncaught errors';
  const texts = await page.evaluate(() => [(window as unknown as { __serverText?: string }).__serverText ?? '', document.getElementById('root')?.innerText ?? '']);
  const [server, browser] = texts.map(
    (text) =>
      new Set(
        text
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      ),
  );
  const only = (a: Set<string>, b: Set<string>) => [...a].filter((line) => !b.has(line));
  return ['uncaught errors', ...errors.console, "— only in the server's HTML:", ...only(server, browser), '— only in the browser:', ...only(browser, server)].join('\n');
}

test.describe('with JavaScript: hydration', () => {
  for (const lang of ['en', 'de'] as const) {
    for (const path of ['/', '/shop', `/shop/${TEE}`, '/collections', '/cart', '/auth']) {
      test(`${path} (${lang}) hydrates without errors and stays in its language`, async ({ page }) => {
        const errors = await collectErrors(page);
        const seen = await recordLanguages(page);
        const response = await page.goto(`${path}${lang === 'de' ? '?lang=de' : ''}`);
        expect(response?.status()).toBe(200);
        expect(await response?.text()).toContain(`<html lang="${lang}"`);
        await expectHydrated(page);
        await page.waitForLoadState('networkidle');
        await expectShell(page, lang);
        if (path === '/cart') await expect(main(page).getByText(say(lang, 'Your cart is empty', 'cart'))).toBeVisible();
        if (path === '/auth') await expect(main(page).getByRole('tab', { name: say(lang, 'Sign In', 'auth') })).toBeVisible();
        expect(await seen()).toEqual({ lang: [lang], nav: [say(lang, 'Main')] });
        expect(errors.page, await uncaught(page, errors)).toEqual([]);
        expect(
          errors.console.filter((text) => /hydrat|#418|#423|#425|did not match|server rendered/i.test(text)),
          'hydration errors',
        ).toEqual([]);
      });
    }
  }

  test('the hydrated shop is interactive: a new sort changes the URL and the cards', async ({ page, request }) => {
    const errors = await collectErrors(page);
    const byPrice = await listing(request, ORDER.priceAsc);
    await page.goto('/shop');
    await expectHydrated(page);
    await main(page).getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
    await expect(page).toHaveURL(/\/shop\?sortField=price&sortDirection=asc$/);
    await expect(shopCards(page, 'en').getByRole('heading', { level: 2 })).toHaveText(byPrice.slice(0, PAGE_SIZE).map((row) => row.title));
    expect(errors.page, await uncaught(page, errors)).toEqual([]);
  });

  test('the hydrated product page is interactive: Add to Cart counts 1 in the header', async ({ page }) => {
    const errors = await collectErrors(page);
    await page.goto(`/shop/${TEE}?lang=de`);
    await expectHydrated(page);
    await expectCartCountIn(page, 'de', 0);
    await main(page)
      .getByRole('button', { name: german('Add to Cart', 'product') })
      .click();
    await expectCartCountIn(page, 'de', 1);
    await expect(page.locator('header button span[aria-hidden="true"]').filter({ visible: true })).toHaveText(['1']);
    expect(errors.page, await uncaught(page, errors)).toEqual([]);
  });
});

/** The header cart button's label in the page's language ("Cart, 1 item" / its German). */
async function expectCartCountIn(page: Page, lang: Lang, count: number) {
  if (lang === 'en') return expectCartCount(page, count);
  const label = german('{cartCount, plural, one {Cart, # item} other {Cart, # items}}');
  const form = count === 1 ? /one \{([^}]*)\}/.exec(label)?.[1] : /other \{([^}]*)\}/.exec(label)?.[1];
  expect(form, `a plural form in ${label}`).toBeTruthy();
  await expect(page.locator(`header button[aria-label^="${form!.split(',')[0]}, "]`)).toHaveAttribute('aria-label', form!.replace('#', String(count)));
}

test.describe('no first request twice', () => {
  /** Requests to the REST API that match, from the page's first byte on. */
  function countRequests(page: Page, matches: (url: URL) => boolean): () => string[] {
    const seen: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.origin === API_URL && req.method() === 'GET' && matches(url)) seen.push(url.pathname + url.search);
    });
    return () => seen;
  }

  test('/shop: the list came in the HTML; page 2 is asked for', async ({ page, request }) => {
    const all = await listing(request);
    const shopLists = countRequests(page, (url) => url.pathname === '/rest/v1/product_listing');
    await page.goto('/shop');
    await expectHydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(shopCards(page, 'en')).toHaveCount(PAGE_SIZE);
    expect(shopLists(), 'product_listing requests while /shop loads').toEqual([]);

    await main(page).getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/shop\?page=2$/);
    await expect(shopCards(page, 'en').getByRole('heading', { level: 2 })).toHaveText(all.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((row) => row.title));
    expect(shopLists()).toHaveLength(1);
  });

  test('/, a product page and /collections: their data came in the HTML', async ({ page }) => {
    const featuredLists = countRequests(page, (url) => url.pathname === '/rest/v1/products' && url.searchParams.get('featured') === 'eq.true');
    await page.goto('/');
    await expectHydrated(page);
    await page.waitForLoadState('networkidle');
    expect(featuredLists(), 'featured requests on /').toEqual([]);

    const productLoads = countRequests(page, (url) => url.pathname === '/rest/v1/products' && url.searchParams.get('slug') === `eq.${TEE}`);
    await page.goto(`/shop/${TEE}`);
    await expectHydrated(page);
    await page.waitForLoadState('networkidle');
    // Its reviews still load in the browser: the page is live, only the product itself is not asked for again.
    await expect(main(page).getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
    expect(productLoads(), `requests for ${TEE} on its page`).toEqual([]);

    const categoryLists = countRequests(page, (url) => url.pathname === '/rest/v1/products' && url.searchParams.get('select') === 'category');
    await page.goto('/collections');
    await expectHydrated(page);
    await page.waitForLoadState('networkidle');
    expect(categoryLists(), 'category requests on /collections').toEqual([]);
  });
});

test.describe('a saved cart', () => {
  const ENTRY = '**/assets/index-*.js';

  /** The header cart button's badges (the count, and the saved count shown before hydration). */
  const badges = (page: Page) => page.locator('header button[aria-label] span[aria-hidden="true"]');

  test('shows its count before the app runs, and the hydrated header agrees', async ({ page, request }) => {
    const [a, b] = await fetchVariants(request, 2);
    const saved = JSON.stringify(
      cartLines([
        { variant: a, qty: 1 },
        { variant: b, qty: 2 },
      ]),
    );
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [CART_KEY, saved] as const);

    let blocked = 0;
    await page.route(ENTRY, (route) => {
      blocked++;
      return route.abort();
    });
    await page.goto('/shop');
    // The entry is requested after the first paint (index.html's loader), so it may come after the load event.
    await expect.poll(() => blocked, { message: 'the app entry was requested and blocked' }).toBe(1);
    await expect(badges(page)).toHaveCount(1);
    await expect(badges(page)).toBeVisible();
    expect(await badges(page).evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"3"');
    await expect(page.locator('header [aria-current="page"]')).toHaveText('Shop');

    await page.unroute(ENTRY);
    await page.reload();
    await expectHydrated(page);
    await expectCartCount(page, 3);
    await expect(badges(page).filter({ visible: true })).toHaveCount(1);
    await expect(badges(page).filter({ visible: true })).toHaveText('3');
  });

  test('a saved cart of more than 99 shows 99+; an unreadable or empty one no badge', async ({ page }) => {
    await page.route(ENTRY, (route) => route.abort());
    const cases: [string, string | null][] = [
      [
        JSON.stringify([
          { variantId: 'a', qty: 60 },
          { variantId: 'b', qty: 50 },
        ]),
        '"99+"',
      ],
      ['not json', null],
      ['[]', null],
      [JSON.stringify([{ variantId: 'a', qty: 0 }, { variantId: 'b', qty: -4 }, null, 'x']), null],
    ];
    await page.goto('/about');
    for (const [value, shown] of cases) {
      await page.evaluate(([key, v]) => localStorage.setItem(key, v), [CART_KEY, value] as const);
      await page.reload();
      if (shown === null) {
        await expect(badges(page).filter({ visible: true }), value).toHaveCount(0);
      } else {
        await expect(badges(page), value).toBeVisible();
        expect(await badges(page).evaluate((el) => getComputedStyle(el, '::after').content), value).toBe(shown);
      }
    }
  });
});

/** German stored as a visitor from before the cookie would have it: in storage, for the first load only. */
async function storeGermanBeforeTheCookie(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem(key, 'de');
    }
  }, LOCALE_KEY);
}

test('a language stored before the cookie existed: served in English, German after hydration, German from the server next time', async ({ page, context }) => {
  // Only the first load finds the stored choice without the cookie (as a visitor from before server rendering).
  await storeGermanBeforeTheCookie(page);
  const errors = await collectErrors(page);
  const seen = await recordLanguages(page);
  const first = await page.goto('/shop');
  expect(await first?.text()).toContain('<html lang="en"');
  await expectHydrated(page);
  await expectShell(page, 'de');
  await expect(main(page).getByRole('combobox', { name: german('Sort by', 'shop') })).toBeVisible();
  await expect(main(page).getByRole('region', { name: german('Products', 'shop') })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(german('Join the grind'));
  expect((await seen()).lang).toEqual(['en', 'de']);
  expect(errors.page, await uncaught(page, errors)).toEqual([]);

  expect((await context.cookies(BASE)).find((cookie) => cookie.name === LOCALE_KEY)?.value).toBe('de');
  const again = await page.request.get('/shop', { headers: { accept: 'text/html' } });
  expect(await again.text()).toContain('<html lang="de"');
  const reloaded = await page.reload();
  expect(await reloaded?.text()).toContain('<html lang="de"');
  await expectHydrated(page);
  expect((await seen()).lang).toEqual(['de']);
  await expectShell(page, 'de');
});

test('a stored language switches the page only once its screen has hydrated, even when the screen’s code is slow', async ({ page }) => {
  // As above, with the shop's code arriving after the German catalogues: the switch must not reach
  // the server's English HTML of a screen React has not hydrated yet (React error #418 otherwise).
  await storeGermanBeforeTheCookie(page);
  await page.route('**/assets/ShopRoute-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const errors = await collectErrors(page);
  await page.goto('/shop');
  await expectHydrated(page);
  await expectShell(page, 'de');
  await expect(main(page).getByRole('combobox', { name: german('Sort by', 'shop') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors.page, await uncaught(page, errors)).toEqual([]);
  expect(errors.console.filter((text) => /hydrat|#418|#421|#423|#425/i.test(text))).toEqual([]);
});

test('a stored language switches the page only once it has hydrated, on a slow phone', async ({ page }) => {
  // A phone's CPU: hydration takes several frames, and the German catalogues arrive during it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await storeGermanBeforeTheCookie(page);
  const errors = await collectErrors(page);
  await page.goto('/shop');
  await expectHydrated(page);
  await expectShell(page, 'de');
  await page.waitForLoadState('networkidle');
  expect(errors.page, await uncaught(page, errors)).toEqual([]);
  expect(errors.console.filter((text) => /hydrat|#418|#421|#423|#425/i.test(text))).toEqual([]);
});

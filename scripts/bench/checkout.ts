/**
 * `npm run bench:checkout [-- --no-build] [-- --runs N]`: how long a purchase takes as a shopper
 * feels it, against the storefront as `npm start` serves it (fresh seeded database, local hosted
 * checkout page), in Debian's Chromium without throttling:
 *   - checkout → review step: from the click on Checkout on /cart until the review step (delivery
 *     address, "Place order and pay") is shown;
 *   - order → payment page: from the click on "Place order and pay" until the hosted page has loaded
 *     (the checkout function checks the address, prices the cart in the database and stores the session);
 *   - pay → order shown: from the click on Pay until /orders shows the order's number (settlement,
 *     the order e-mail, the redirect, the app's start and the order lookup).
 *   The address (review step) and the e-mail (payment page) are typed between the steps, outside the timings.
 * Each run is a guest buying one unit of a variant with plenty of stock, in a fresh browser
 * context. Prints every run and the medians (default 10 runs); asserts no timing.
 */
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import { ANON_KEY, API, buildUnlessSkipped, median, option, show, SITE, runBench, startServer, table } from './server.ts';

const RUNS = Number(option('--runs') ?? 10);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`--runs must be a whole number ≥ 1 (got ${option('--runs')})`);
  process.exit(2);
}

type Pick = { productId: string; variantId: string; title: string; price: number; currency: string };

/** A published product's variant with enough stock for every run. */
async function variantInStock(): Promise<Pick> {
  const res = await fetch(`${API}/rest/v1/products?select=id,title,currency,variants(id,price,inventory)&status=eq.published&order=created_at.desc,id`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` },
  });
  if (!res.ok) throw new Error(`GET /rest/v1/products → ${res.status} ${await res.text()}`);
  const products = (await res.json()) as { id: string; title: string; currency: string; variants: { id: string; price: number; inventory: number }[] }[];
  for (const product of products) {
    const variant = product.variants.find((v) => v.inventory >= RUNS);
    if (variant) return { productId: product.id, variantId: variant.id, title: product.title, price: variant.price, currency: product.currency };
  }
  throw new Error(`no published variant has ${RUNS} units in stock`);
}

async function main(): Promise<number> {
  if (!buildUnlessSkipped()) return 1;
  console.log('── starting tsx server/main.ts on a fresh database');
  await startServer({ DEV_ROUTES: 'true', DEV_COUNTRY: '', CHECKOUT_RATE_LIMIT: '10000' });
  const item = await variantInStock();
  const cart = JSON.stringify([
    {
      id: `line-${item.variantId}`,
      productId: item.productId,
      variantId: item.variantId,
      title: item.title,
      price: item.price,
      image: null,
      size: null,
      color: null,
      qty: 1,
      currency: item.currency,
    },
  ]);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const toReview: number[] = [];
  const toPaymentPage: number[] = [];
  const toOrder: number[] = [];
  try {
    console.log(`── ${RUNS} guest purchases of "${item.title}"\n`);
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ locale: 'en-US' });
      await context.addInitScript((saved) => {
        if (!sessionStorage.getItem('bench.cart')) {
          localStorage.setItem('npng.cart.v1', saved);
          localStorage.setItem('npng.lang', 'en');
          sessionStorage.setItem('bench.cart', '1');
        }
      }, cart);
      const page = await context.newPage();
      await page.goto(`${SITE}/cart`);
      const checkout = page.getByRole('button', { name: 'Checkout', exact: true });
      await checkout.waitFor();
      // The shipping quote is in once the total differs from "Calculated at checkout".
      await page
        .getByText('Calculated at checkout')
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
      const t0 = performance.now();
      await checkout.click();
      await page.getByRole('heading', { level: 1, name: 'Review your order' }).waitFor();
      const t1 = performance.now();
      // The delivery address, typed before the clock starts again: the timing is the shop's, not the typing.
      const main = page.getByRole('main');
      await main.getByRole('textbox', { name: 'Full name', exact: true }).fill('Erika Mustermann');
      await main.getByRole('textbox', { name: 'Address line 1', exact: true }).fill('Heidestraße 17');
      await main.getByRole('textbox', { name: 'Postcode', exact: true }).fill('51147');
      await main.getByRole('textbox', { name: 'City', exact: true }).fill('Köln');
      const country = main.getByRole('combobox', { name: 'Country', exact: true });
      if ((await country.inputValue()) !== 'DE') await country.selectOption('DE');
      const t2 = performance.now();
      await Promise.all([
        page.waitForURL(/\/_dev\/checkout\//, { waitUntil: 'load' }),
        main.getByRole('region', { name: 'Your order' }).getByRole('button', { name: 'Place order and pay', exact: true }).click(),
      ]);
      const t3 = performance.now();
      await main.getByRole('textbox', { name: 'Email', exact: true }).fill(`bench-${Date.now()}-${i}@example.test`);
      const t4 = performance.now();
      await page.getByRole('button', { name: /^Pay/ }).click();
      await page
        .getByText(/NPNG-\d+/)
        .first()
        .waitFor({ timeout: 30_000 });
      const t5 = performance.now();
      toReview.push(t1 - t0);
      toPaymentPage.push(t3 - t2);
      toOrder.push(t5 - t4);
      console.log(
        `run ${String(i + 1).padStart(2)}: checkout → review ${show(t1 - t0, 0, ' ms')}, order → payment page ${show(t3 - t2, 0, ' ms')}, pay → order shown ${show(t5 - t4, 0, ' ms')}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`\nMedians of ${RUNS} runs (local backend, no throttling)\n`);
  console.log(
    table(
      ['step', 'median', 'min', 'max'],
      [
        ['checkout → review step', show(median(toReview), 0, ' ms'), show(Math.min(...toReview), 0, ' ms'), show(Math.max(...toReview), 0, ' ms')],
        ['order → payment page', show(median(toPaymentPage), 0, ' ms'), show(Math.min(...toPaymentPage), 0, ' ms'), show(Math.max(...toPaymentPage), 0, ' ms')],
        ['pay → order shown', show(median(toOrder), 0, ' ms'), show(Math.min(...toOrder), 0, ' ms'), show(Math.max(...toOrder), 0, ' ms')],
      ],
    ),
  );
  return 0;
}

runBench(main);

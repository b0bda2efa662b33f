import { expect, type Browser, type Page } from '@playwright/test';
import { asAdmin, makeProduct, servicePatch, test, uid } from './admin';
import { mailsTo } from './purchase';
import { createConfirmedUser, expectNoSeriousA11yViolations, open, signIn, uniqueEmail } from './support';

/**
 * Back-in-stock alerts (issue 24 item 3, docs/adr/0038) from the browser: a guest asks on a sold-out
 * size, confirms through the e-mail's link, the seed admin restocks the size in the admin, and the
 * guest's notification arrives with the product link; a signed-in customer asks with one click.
 * Each journey's product is its own (made as the service role), older than the seed so the shop's
 * first page stays as other journeys expect.
 */

const main = (page: Page) => page.getByRole('main');

/** A browser of a shopper's own (not the admin's saved state). */
async function shopperPage(browser: Browser): Promise<Page> {
  // An empty storage state: the describe block's admin session must not leak into the shopper's browser.
  const context = await browser.newContext({ baseURL: 'http://localhost:5173', locale: 'en-US', storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

test.describe('back in stock', () => {
  asAdmin();

  test('a guest asks on a sold-out size, confirms by e-mail; the admin restocks it; one mail with the product link arrives', async ({ page, browser, request }) => {
    const id = uid();
    const product = await makeProduct(request, { title: `E2E Notify Ploom ${id}`, sizes: ['S', 'M'], inventory: 20 });
    const soldOut = product.variants.find((v) => v.size === 'M')!;
    await servicePatch(request, 'variants', { id: `eq.${soldOut.id}` }, { inventory: 0 });
    const email = uniqueEmail('bis-guest');

    const guest = await shopperPage(browser);
    await open(guest, `/shop/${product.slug}`);
    // S is in stock (and chosen): the offer for M waits folded under Add to Cart.
    await main(guest).getByText("Size or colour sold out? Notify me when it's back").click();
    const form = main(guest).getByTestId('notify-me');
    await expect(form.getByText('Sold out: M')).toBeVisible();
    await form.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address.');
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(form.getByRole('status')).toContainText("we've sent it a link to confirm");
    await expectNoSeriousA11yViolations(guest, '/shop/{slug} notify me, sent');

    await expect.poll(async () => (await mailsTo(request, email)).length, { message: `the confirmation to ${email}`, timeout: 20_000 }).toBe(1);
    const [confirmation] = await mailsTo(request, email);
    expect(confirmation.subject).toBe(`Please confirm: we'll tell you when ${product.title} (M) is back`);
    const confirmLink = /http\S+\/back-in-stock\/confirm\?token=[0-9a-f]{64}/.exec(confirmation.text)?.[0];
    expect(confirmLink, 'the confirm link').toBeTruthy();
    await open(guest, confirmLink as string);
    await expect(guest.getByRole('heading', { level: 1, name: "We'll tell you when it's back" })).toBeVisible();
    await guest.context().close();

    // The seed admin restocks M in the product form.
    await open(page, `/admin/products/${product.id}/edit`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
    const row = (await main(page).getByRole('textbox', { name: 'SKU, variant 1', exact: true }).inputValue()) === soldOut.sku ? 1 : 2;
    await main(page)
      .getByRole('textbox', { name: `Inventory, variant ${row}`, exact: true })
      .fill('3');
    await main(page).getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText('Product updated!', { exact: true }).first()).toBeVisible({ timeout: 20_000 });

    await expect.poll(async () => (await mailsTo(request, email)).length, { message: `the notification to ${email}`, timeout: 20_000 }).toBe(2);
    const notification = (await mailsTo(request, email)).find((m) => m.subject.startsWith("It's back"));
    expect(notification?.subject).toBe(`It's back: ${product.title} (M) – No Pain, No Gain`);
    expect(notification?.text).toContain(`/shop/${product.slug}`);
    expect(notification?.text).toMatch(/\/back-in-stock\/unsubscribe\?token=[0-9a-f]{64}/);
  });

  test('a signed-in customer asks with one click and is told when the product is back', async ({ browser, request }) => {
    const id = uid();
    const product = await makeProduct(request, { title: `E2E Notify Sold Ploom ${id}`, sizes: ['L'], inventory: 0 });
    const customer = await createConfirmedUser(request, 'bis-customer');

    const shopper = await shopperPage(browser);
    await signIn(shopper, customer);
    await open(shopper, `/shop/${product.slug}`);
    const offer = main(shopper).getByRole('region', { name: "Notify me when it's back" });
    await expect(offer.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await offer.getByRole('button', { name: "Notify me when it's back" }).click();
    await expect(offer.getByRole('status')).toHaveText(`Done: we'll send one email to ${customer.email} when it's back.`);
    await shopper.context().close();
    // No confirmation e-mail for the one click (the account's own sign-up mail is all there is).
    const aboutIt = async () => (await mailsTo(request, customer.email)).filter((m) => /back/i.test(m.subject));
    expect(await aboutIt()).toEqual([]);

    await servicePatch(request, 'variants', { id: `eq.${product.variants[0].id}` }, { inventory: 4 });
    await expect.poll(async () => (await aboutIt()).length, { message: `the notification to ${customer.email}`, timeout: 20_000 }).toBe(1);
    const [mail] = await aboutIt();
    expect(mail.subject).toBe(`It's back: ${product.title} (L) – No Pain, No Gain`);
    expect(mail.text).toContain(`/shop/${product.slug}`);
  });
});

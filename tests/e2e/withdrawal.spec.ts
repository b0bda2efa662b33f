import { type APIRequestContext, expect, type Browser, type Page } from '@playwright/test';
import { test } from './admin';
import {
  ADDRESS_FIELD_LABELS,
  ADDRESSES,
  checkoutToPayment,
  expectConfirmedAddress,
  mailsTo,
  type Mail,
  money,
  orderOfSession,
  PAYMENT_PAGE,
  paymentField,
  setInventory,
  type StoredOrder,
  variantBySku,
} from './purchase';
import { expectNoSeriousA11yViolations, german, open, seedCart, serviceSelect, uniqueEmail } from './support';

/**
 * A guest's whole purchase and withdrawal (issue 20 items 3 and 4, ADR 0024 and 0025) in English
 * and German: the guest buys through the review step and its order button ("Zahlungspflichtig
 * bestellen"), pays on the payment page, opens /withdraw from the footer, names the order, confirms with the
 * button the law prescribes and gets the neutral receipt with date and time; the confirmation of
 * receipt arrives in the dev outbox with date and time; the admin finds it in /admin/withdrawals and
 * on the order and refunds from there. A wrong e-mail gets the very same answer and stores nothing.
 */

const LANGUAGES = [
  { lang: 'en', locale: 'en-US', sku: 'NPNG-HOOD-NDO-BNE-L', text: (english: string, _catalogue?: string) => english },
  { lang: 'de', locale: 'de-DE', sku: 'NPNG-HOOD-NDO-BNE-XL', text: (english: string, catalogue = 'withdrawal') => german(english, catalogue) },
] as const;

/**
 * A guest buys one unit of `sku` in `lang` the way a shopper does: the cart, Checkout, the review
 * step with the delivery address, the order button, the payment page (the address read-only, the
 * card prefilled), Pay; back on the shop's confirmation. The variant is this file's own (one per
 * language), its stock set here.
 */
async function buyThroughTheReviewStep(page: Page, request: APIRequestContext, { sku, email, lang }: { sku: string; email: string; lang: 'en' | 'de' }): Promise<StoredOrder> {
  const variant = await variantBySku(request, sku);
  await setInventory(request, variant.id, 20);
  await open(page, `/?lang=${lang}`);
  await seedCart(page, [{ variant, qty: 1 }]);
  await open(page, `/cart?lang=${lang}`);
  await checkoutToPayment(page, ADDRESSES.DE, lang);
  await expect(page).toHaveURL(PAYMENT_PAGE);
  await expectConfirmedAddress(page, ADDRESSES.DE, lang);
  const sessionId = page.url().split('/').pop()!;
  const labels = ADDRESS_FIELD_LABELS[lang];
  await paymentField(page, labels.email).fill(email);
  await page.getByRole('button', { name: labels.pay, exact: true }).click();
  await expect(page).toHaveURL(`/orders?session_id=${sessionId}`, { timeout: 20_000 });
  let order: StoredOrder | undefined;
  await expect
    .poll(
      async () => {
        order = await orderOfSession(request, sessionId);
        return order !== undefined;
      },
      { message: `the order of ${sessionId}`, timeout: 20_000 },
    )
    .toBe(true);
  expect(order).toMatchObject({ customer_email: email, locale: lang });
  return order as StoredOrder;
}

const main = (page: Page) => page.getByRole('main');

/** Each journey declares from an address of its own, so reruns never meet the limit of 10 per 10 minutes. */
async function fromOwnAddress(page: Page): Promise<void> {
  const address = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  await page.route('**/rest/v1/rpc/submit_withdrawal', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }));
}

/** The shop's date and time of an instant: Berlin's calendar and clock, as the page and the e-mail state them. */
function berlin(iso: string, locale: string) {
  const at = new Date(iso);
  return {
    date: new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Berlin', day: 'numeric', month: 'long', year: 'numeric' }).format(at),
    time: new Intl.DateTimeFormat(locale, { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at),
  };
}

type StoredWithdrawal = { id: string; received_at: string; email: string; late: boolean; statement: string | null };
/** The withdrawals stored for an order, as the service role sees them. */
const withdrawalsOf = (request: APIRequestContext, orderNumber: string) =>
  serviceSelect<StoredWithdrawal>(request, 'withdrawals', { select: 'id,received_at,email,late,statement,orders!inner(order_number)', 'orders.order_number': `eq.${orderNumber}` });

async function adminPage(browser: Browser, adminState: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: 'http://localhost:5173', locale: 'en-US', storageState: adminState });
  return context.newPage();
}

for (const { lang, locale, sku, text } of LANGUAGES) {
  test(`a guest buys through the review step, withdraws through the footer link, gets the receipt with date and time by page and e-mail, and the admin refunds (${lang})`, async ({
    page,
    request,
    browser,
    adminState,
  }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(`e2e-withdraw-${lang}`);
    const order = await buyThroughTheReviewStep(page, request, { sku, email, lang });
    const n = order.order_number;
    await fromOwnAddress(page);

    const declare = async (address: string, statement: string) => {
      await open(page, `/?lang=${lang}`);
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: text('Withdraw from contract', 'shell'), exact: true })
        .click();
      await expect(page).toHaveURL(/\/withdraw$/);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(text('Withdraw from contract'));
      await main(page)
        .getByRole('textbox', { name: text('Order number *') })
        .fill(n.toLowerCase());
      await main(page)
        .getByRole('textbox', { name: text('Email address *') })
        .fill(address);
      await main(page)
        .getByRole('textbox', { name: text('Which items, anything else? (optional)') })
        .fill(statement);
      await main(page)
        .getByRole('button', { name: text('Continue to confirmation') })
        .click();
      // The confirmation page shows what will be sent, then the button of § 356a BGB.
      await expect(main(page)).toContainText(text('I hereby withdraw from the contract for this order:'));
      await expect(main(page)).toContainText(n);
      await expect(main(page)).toContainText(address);
      const confirm = main(page).getByRole('button', { name: text('Confirm withdrawal') });
      if (lang === 'de') await expect(confirm).toHaveText('Widerruf bestätigen');
      await confirm.click();
      const receipt = main(page).getByRole('status');
      await expect(receipt).toContainText(
        text('If the order number and email address belong to an order, we have recorded your withdrawal and sent a confirmation of receipt to that address.'),
      );
      return receipt;
    };

    // A wrong e-mail: the same answer, and nothing is stored.
    const stranger = await declare(uniqueEmail('e2e-stranger'), 'not mine');
    const strangerText = (await stranger.textContent()) ?? '';
    expect(await withdrawalsOf(request, n), 'nothing stored for a wrong e-mail').toEqual([]);

    // The buyer's own e-mail.
    const receipt = await declare(email, 'Alles zurück, bitte.');
    const [stored] = await withdrawalsOf(request, n);
    expect(stored).toMatchObject({ email, late: false, statement: 'Alles zurück, bitte.' });
    const { date, time } = berlin(stored.received_at, locale);
    await expect(receipt).toContainText(text('Received on {date} at {time} (German time).').replace('{date}', date).replace('{time}', time));
    // Word for word the same as the stranger's answer, but for the time.
    const normalise = (s: string) => s.replace(/\d+/g, '#').replace(/\s+/g, ' ');
    expect(normalise((await receipt.textContent()) ?? '')).toBe(normalise(strangerText));
    await expectNoSeriousA11yViolations(page, `/withdraw receipt (${lang})`);

    // The confirmation of receipt on a durable medium: in the order's language, with date and time.
    const subject = lang === 'de' ? `Eingangsbestätigung: Dein Widerruf zur Bestellung ${n}` : `Confirmation of receipt: your withdrawal from order ${n}`;
    let mail: Mail | undefined;
    await expect
      .poll(
        async () => {
          mail = (await mailsTo(request, email)).find((m) => m.subject === subject);
          return mail !== undefined;
        },
        { message: `the receipt e-mail to ${email}`, timeout: 20_000 },
      )
      .toBe(true);
    const said = lang === 'de' ? `ist am ${date} um ${time} Uhr (deutsche Zeit, Europe/Berlin) bei uns eingegangen` : `on ${date} at ${time} (German time, Europe/Berlin)`;
    expect(mail!.text).toContain(said);
    expect(mail!.text).toContain('Alles zurück, bitte.');
    expect(
      (await mailsTo(request, email)).filter((m) => m.subject === subject),
      'one receipt',
    ).toHaveLength(1);

    // The admin: the list, the order, and the refund from there.
    const admin = await adminPage(browser, adminState);
    await open(admin, '/admin');
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Withdrawals' }).click();
    await expect(admin).toHaveURL(/\/admin\/withdrawals$/);
    const row = main(admin)
      .getByRole('row')
      .filter({ has: admin.getByRole('link', { name: n, exact: true }) });
    await expect(row).toContainText(email);
    await expect(row).toContainText('In time');
    await row.getByRole('link', { name: `Refund ${n}` }).click();
    await expect(admin).toHaveURL(new RegExp(`/admin/orders/${n}\\?refund=withdrawal$`));
    // The order's own refund flow opens over the order page: not shipped yet, so "Cancel and refund".
    const dialog = admin.getByRole('alertdialog', { name: `Cancel and refund ${n}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Withdrawn by the customer.');
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 20_000 });
    await expect(main(admin).getByRole('region', { name: 'Refunds' })).toContainText(`Refunded ${money(order.total)} of ${money(order.total)} paid`);
    // The order page shows the withdrawal: the customer's words and address, and its timeline step.
    const withdrawal = main(admin).getByRole('region', { name: 'Withdrawal' });
    await expect(withdrawal).toContainText('Alles zurück, bitte.');
    await expect(withdrawal).toContainText(email);
    await expect(main(admin).getByRole('region', { name: 'Timeline' })).toContainText('Withdrawal received');
    await admin.context().close();
  });
}

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ANON_KEY, API_URL, CUSTOMER, expectNoSeriousA11yViolations, open, serviceSelect, signIn } from './support';

/**
 * Reviews on the product page against the seed (server/seed/reviews.ts, orders.ts): approved ones
 * newest first, the form by auth and purchase. The seed customer has paid/shipped/delivered orders
 * with the pro lifting straps and none with the muscle tank.
 */

const BOUGHT = 'pro-lifting-straps';
const NOT_BOUGHT = 'muscle-tank';
const TEE = 'iron-oversized-tee';

const main = (page: Page) => page.getByRole('main');
const form = (page: Page) => main(page).getByRole('region', { name: 'Write a Review' });

type ApiReview = { title: string; created_at: string };

async function approvedReviews(request: APIRequestContext, slug: string): Promise<ApiReview[]> {
  const res = await request.get(`${API_URL}/rest/v1/reviews`, {
    params: { select: 'title,created_at,products!inner(slug)', 'products.slug': `eq.${slug}`, status: 'eq.approved', order: 'created_at.desc' },
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
  });
  expect(res.ok(), `GET reviews: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as ApiReview[];
}

test('approved reviews are shown newest first; pending ones are not', async ({ page, request }) => {
  const approved = await approvedReviews(request, TEE);
  expect(approved.length).toBeGreaterThan(1);
  await open(page, `/shop/${TEE}`);
  const list = main(page).getByRole('list', { name: 'Customer reviews' });
  await expect(list.getByRole('listitem')).toHaveCount(approved.length);
  await expect(list.getByRole('heading', { level: 3 })).toHaveText(approved.map((r) => r.title));
  const dates = await list.locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
  expect(dates.map((d) => Date.parse(d))).toEqual([...dates.map((d) => Date.parse(d))].sort((a, b) => b - a));
  // 'Bought three' waits for moderation (server/seed/reviews.ts).
  await expect(list.getByText('Bought three')).toHaveCount(0);
  await expect(
    main(page)
      .getByText(new RegExp(`out of 5 · ${approved.length} reviews`))
      .first(),
  ).toBeVisible();
});

test('signed out: Sign in required, with a link to sign in', async ({ page }) => {
  await open(page, `/shop/${BOUGHT}`);
  await expect(form(page).getByText('Sign in required')).toBeVisible();
  await expect(form(page).getByText('You must be signed in to write a review.')).toBeVisible();
  await expect(form(page).getByRole('textbox')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'review form, signed out');
  await form(page).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/auth');
});

test('the seed customer reviews a product he bought; the review waits for approval', async ({ page, request }) => {
  await signIn(page, CUSTOMER);
  await open(page, `/shop/${BOUGHT}`);
  const submit = form(page).getByRole('button', { name: 'Submit Review' });
  await expect(submit).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'review form, eligible');

  // Empty fields are refused.
  await submit.click();
  await expect(form(page).getByText('Please fill in all required fields.')).toBeVisible();

  const title = `Grip like a vice ${Date.now()}`;
  await form(page).getByRole('radio', { name: '4 stars' }).check();
  await form(page).getByLabel('Title').fill(title);
  await form(page).getByLabel('Review').fill('Used them for heavy deadlifts all month. No slipping, no tearing.');
  await submit.click();
  await expect(page.getByText('Review submitted!')).toBeVisible();
  await expect(page.getByText('Your review has been submitted for approval and will appear soon.', { exact: true })).toBeVisible();
  await expect(form(page).getByLabel('Title')).toHaveValue('');
  await expect(form(page).getByRole('radio', { name: '5 stars' })).toBeChecked();

  const [row] = await serviceSelect<{ status: string; rating: number; author_email: string; user_id: string | null }>(request, 'reviews', {
    select: 'status,rating,author_email,user_id',
    title: `eq.${title}`,
  });
  expect(row).toMatchObject({ status: 'pending', rating: 4, author_email: CUSTOMER.email });
  expect(row.user_id).toBeTruthy();
  // Pending: not in the public list.
  await expect(main(page).getByRole('heading', { name: title })).toHaveCount(0);
});

test('the seed customer sees Purchase required on a product he has not bought', async ({ page }) => {
  await signIn(page, CUSTOMER);
  await open(page, `/shop/${NOT_BOUGHT}`);
  await expect(form(page).getByText('Purchase required')).toBeVisible();
  await expect(form(page).getByText("You can only review products you've purchased.")).toBeVisible();
  await expect(form(page).getByRole('textbox')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'review form, purchase required');
});

import { expect, type Page } from '@playwright/test';
import { asAdmin, makeProduct, productBySlug, test, uid } from './admin';
import { ADMIN, german, open } from './support';

/**
 * The audit trail (issue 24 item 5) as the seed admin meets it: a price changed in the product form
 * shows in the product's History (old → new, who) and in /admin/audit filtered to that product,
 * in English and German. The product is the journey's own (made as the service role, which the
 * trail does not record, so its History starts empty).
 */

const main = (page: Page) => page.getByRole('main');
const history = (page: Page, name = 'Recorded changes') => main(page).getByRole('region', { name });

test.describe('audit trail', () => {
  asAdmin();

  test('a price change shows in the product’s History and in the audit log filtered to it', async ({ page, request }) => {
    const id = uid();
    const title = `Audit Kettlebell ${id}`;
    const product = await makeProduct(request, { title, price: 2500, inventory: 9 });
    const sku = product.variants[0].sku;

    await open(page, `/admin/products/${product.id}/edit`);
    await expect(history(page).getByText('No changes recorded yet.')).toBeVisible();
    await main(page).getByRole('textbox', { name: 'Price (€), variant 1', exact: true }).fill('27.50');
    await main(page).getByRole('button', { name: 'Update Product' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin/products', { timeout: 20_000 });
    expect((await productBySlug(request, product.slug))!.variants[0].price).toBe(2750);

    await open(page, `/admin/products/${product.id}/edit`);
    const entries = history(page).getByRole('listitem');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(`Changed · Variant ${sku}`);
    await expect(entries.first()).toContainText(`by ${ADMIN.email}`);
    await expect(entries.first().getByRole('definition')).toHaveText('€25.00 → changed to €27.50');
    await expect(entries.first().getByRole('term')).toHaveText('Price');

    await history(page).getByRole('link', { name: 'All changes in the audit log' }).click();
    await expect(page).toHaveURL(`/admin/audit?id=${product.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(main(page).getByText(`Changes of ${title} only.`)).toBeVisible();
    const listed = main(page).getByRole('listitem');
    await expect(listed).toHaveCount(1);
    await expect(listed.first()).toContainText('€25.00 → changed to €27.50');
    await expect(listed.first().getByRole('link', { name: title })).toHaveAttribute('href', `/admin/products/${product.id}/edit`);

    // Filters are the URL's: a kind and an action keep the entry; "Deleted" has none.
    await main(page).getByLabel('Kind').selectOption('variant');
    await main(page).getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(`/admin/audit?entity=variant&id=${product.id}`);
    await expect(listed).toHaveCount(1);
    await main(page).getByLabel('Action').selectOption('delete');
    await main(page).getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(`/admin/audit?entity=variant&id=${product.id}&action=delete`);
    await expect(main(page).getByText('No changes match these filters.')).toBeVisible();

    // The navigation leads there too, and the page speaks German.
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    await open(page, `/admin/audit?id=${product.id}&lang=de`);
    await expect(main(page).getByRole('heading', { level: 1, name: german('Audit log', 'admin') })).toBeVisible();
    await expect(main(page).getByRole('listitem').first()).toContainText(/25,00\s€ → geändert zu 27,50\s€/);
  });
});

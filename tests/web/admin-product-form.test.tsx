import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AdminProduct, emptyProductValues, emptyVariant } from '../../domain/productForm';
import { createProduct, fetchAdminProduct, saveMedia, saveVariants, updateProduct, uploadProductImage } from '../../src/api/admin';
import { ApiError } from '../../src/api/errors';
import { ProductFormPage } from '../../src/features/admin/productForm/ProductFormPage';
import type { AppServices } from '../../src/services/context';
import { description, renderAt } from './support';

vi.mock('../../src/api/admin', () => ({
  fetchAdminProduct: vi.fn(),
  createProduct: vi.fn(),
  updateProduct: vi.fn(),
  saveVariants: vi.fn(),
  uploadProductImage: vi.fn(),
  saveMedia: vi.fn(),
}));

const png = (name: string) => new File([new Uint8Array(1024)], name, { type: 'image/png' });
const FRONT = png('front.png');
const BACK = png('back.png');
const CREATED = { id: 'p-new', updatedAt: '2026-11-02T09:00:00Z' };

const LOADED: AdminProduct = {
  id: 'p-1',
  updatedAt: '2026-11-01T10:00:00Z',
  values: {
    ...emptyProductValues(),
    title: 'Iron Shaker',
    description: 'Leak-proof, 700 ml.',
    category: 'accessories',
    status: 'published',
    slug: 'iron-shaker',
    metaTitle: 'Iron Shaker',
    tags: 'shaker, gym',
  },
  variants: [{ ...emptyVariant('var-1'), id: 'var-1', sku: 'IS-700', color: 'Black', price: '14.99', inventory: '40' }],
  images: [
    {
      key: 'media-1',
      mediaId: 'media-1',
      url: 'https://cdn.test/p-1/shaker.png',
      file: null,
      previewUrl: 'https://cdn.test/p-1/shaker.png',
      fileName: 'shaker.png',
      alt: 'The shaker, closed',
      width: 800,
      height: 800,
    },
  ],
};

function setup(productId: string | null) {
  const toasts = { send: vi.fn() };
  const path = productId ? `/admin/products/${productId}/edit` : '/admin/products/new';
  const location = renderAt(<ProductFormPage productId={productId} />, path, { toasts } as unknown as Partial<AppServices>);
  const toasted = () => toasts.send.mock.calls.map(([event]) => event.toast);
  return { location, toasted, user: userEvent.setup() };
}

const field = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement;

/** Types a valid new product with two variants (and picks two images when asked). */
async function fillNewProduct(user: ReturnType<typeof userEvent.setup>, { images = true } = {}) {
  await user.type(field(/^Title\s*\*?$/), 'Grind Tee');
  await user.type(field(/^Description\s*\*?$/), 'Heavy cotton.');
  await user.selectOptions(field(/^Category/), 'clothing');
  await user.type(field('SKU, variant 1'), 'GT-M');
  await user.type(field('Price (€), variant 1'), '29.99');
  await user.click(screen.getByRole('button', { name: 'Add variant' }));
  await user.type(field('SKU, variant 2'), 'GT-L');
  await user.type(field('Price (€), variant 2'), '31.50');
  if (images) await user.upload(field('Choose files'), [FRONT, BACK]);
}

const order = (mock: unknown) => (mock as { mock: { invocationCallOrder: number[] } }).mock.invocationCallOrder;

beforeEach(() => {
  vi.mocked(fetchAdminProduct).mockReset();
  vi.mocked(createProduct).mockReset().mockResolvedValue(CREATED);
  vi.mocked(updateProduct).mockReset();
  vi.mocked(saveVariants)
    .mockReset()
    .mockImplementation(async ({ variants }) => variants.map((v, i) => ({ id: v.id ?? `var-${i + 1}`, sku: v.sku })));
  vi.mocked(uploadProductImage)
    .mockReset()
    .mockImplementation(async ({ productId, file }) => ({ url: `https://cdn.test/${productId}/${file.name}` }));
  vi.mocked(saveMedia)
    .mockReset()
    .mockImplementation(async ({ media }) => media.map((m, i) => ({ id: m.id ?? `media-${i + 1}`, url: m.url })));
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('admin product form (container)', () => {
  it('creates a product with two variants and two images: product → variants → uploads → media, toast, back to the list', async () => {
    const { location, toasted, user } = setup(null);
    expect(document.title).toBe('New product · Admin · No Pain, No Gain');
    await fillNewProduct(user);
    // Slug and meta title followed the title.
    expect(field(/^Slug/).value).toBe('grind-tee');
    expect(field('Meta title').value).toBe('Grind Tee');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/products'));
    expect(createProduct).toHaveBeenCalledExactlyOnceWith({ input: expect.objectContaining({ title: 'Grind Tee', slug: 'grind-tee', category: 'clothing' }) });
    expect(vi.mocked(saveVariants).mock.calls).toEqual([
      [
        {
          productId: 'p-new',
          variants: [
            { id: null, sku: 'GT-M', size: null, color: null, price: 2999, compareAtPrice: null, inventory: 0, barcode: null },
            { id: null, sku: 'GT-L', size: null, color: null, price: 3150, compareAtPrice: null, inventory: 0, barcode: null },
          ],
        },
      ],
    ]);
    expect(vi.mocked(uploadProductImage).mock.calls.map(([c]) => [c.productId, c.file.name, c.index])).toEqual([
      ['p-new', 'front.png', 0],
      ['p-new', 'back.png', 1],
    ]);
    expect(vi.mocked(saveMedia).mock.calls).toEqual([
      [
        {
          productId: 'p-new',
          media: [
            { id: null, url: 'https://cdn.test/p-new/front.png', alt: 'Grind Tee image 1', width: null, height: null },
            { id: null, url: 'https://cdn.test/p-new/back.png', alt: 'Grind Tee image 2', width: null, height: null },
          ],
        },
      ],
    ]);
    const [create] = order(createProduct);
    const [variants] = order(saveVariants);
    const uploads = order(uploadProductImage);
    const [media] = order(saveMedia);
    expect(create < variants && variants < uploads[0] && uploads[0] < uploads[1] && uploads[1] < media).toBe(true);
    expect(toasted()).toEqual([{ title: 'Product created!', variant: 'success' }]);
    expect(updateProduct).not.toHaveBeenCalled();
  });

  it('edit loads the product’s data into the fields, and saving updates it', async () => {
    vi.mocked(fetchAdminProduct).mockResolvedValue(LOADED);
    vi.mocked(updateProduct).mockResolvedValue({ id: 'p-1', updatedAt: '2026-11-03T08:00:00Z' });
    const { location, toasted, user } = setup('p-1');
    await waitFor(() => expect(field(/^Title\s*\*?$/).value).toBe('Iron Shaker'));
    expect(fetchAdminProduct).toHaveBeenCalledExactlyOnceWith({ id: 'p-1' });
    expect(field(/^Description\s*\*?$/).value).toBe('Leak-proof, 700 ml.');
    expect(field(/^Category/).value).toBe('accessories');
    expect(field(/^Slug/).value).toBe('iron-shaker');
    expect(field('Tags').value).toBe('shaker, gym');
    expect(field('SKU, variant 1').value).toBe('IS-700');
    expect(field('Price (€), variant 1').value).toBe('14.99');
    expect(field('Alt text for image 1').value).toBe('The shaker, closed');
    expect(document.title).toBe('Edit Iron Shaker · Admin · No Pain, No Gain');

    await user.clear(field('Price (€), variant 1'));
    await user.type(field('Price (€), variant 1'), '12.99');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/products'));
    expect(updateProduct).toHaveBeenCalledExactlyOnceWith({ id: 'p-1', input: expect.objectContaining({ title: 'Iron Shaker' }), expectedUpdatedAt: LOADED.updatedAt });
    expect(vi.mocked(saveVariants).mock.calls[0][0].variants).toEqual([expect.objectContaining({ id: 'var-1', price: 1299 })]);
    expect(uploadProductImage).not.toHaveBeenCalled();
    expect(createProduct).not.toHaveBeenCalled();
    expect(toasted()).toEqual([{ title: 'Product updated!', variant: 'success' }]);
  });

  it('an upload failure says which step failed and keeps what was typed; Retry uploads only the remaining image', async () => {
    vi.mocked(uploadProductImage)
      .mockImplementationOnce(async ({ productId, file }) => ({ url: `https://cdn.test/${productId}/${file.name}` }))
      .mockRejectedValueOnce(new ApiError('invalid', 'The object exceeded the maximum allowed size', { status: 413 }));
    const { location, toasted, user } = setup(null);
    await fillNewProduct(user);
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    const alert = await screen.findByText('Saving stopped at step 3 of 4: uploading images.');
    expect(within(alert.closest('[role="alert"]') as HTMLElement).getByText('The object exceeded the maximum allowed size')).toBeTruthy();
    expect(toasted()).toEqual([{ title: 'Failed to save product', description: 'The object exceeded the maximum allowed size', variant: 'destructive' }]);
    expect(field(/^Title\s*\*?$/).value).toBe('Grind Tee');
    expect(field('SKU, variant 2').value).toBe('GT-L');
    const images = within(screen.getByRole('list', { name: 'Images' }));
    expect(within(images.getByRole('listitem', { name: 'Image 1 (primary)' })).getByText('Uploaded')).toBeTruthy();
    expect(within(images.getByRole('listitem', { name: 'Image 2' })).getByText('Upload failed')).toBeTruthy();
    expect(location.history.at(-1)).toBe('/admin/products/new');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/products'));
    expect(vi.mocked(uploadProductImage).mock.calls.map(([c]) => c.file.name)).toEqual(['front.png', 'back.png', 'back.png']);
    expect(vi.mocked(uploadProductImage).mock.calls[2][0]).toMatchObject({ productId: 'p-new', index: 1 });
    expect(createProduct).toHaveBeenCalledTimes(1);
    expect(saveVariants).toHaveBeenCalledTimes(1);
    expect(saveMedia).toHaveBeenCalledTimes(1);
    expect(toasted().at(-1)).toEqual({ title: 'Product created!', variant: 'success' });
  });

  it('an invalid submit marks the fields, focuses the first invalid one and sends nothing', async () => {
    const { user } = setup(null);
    await user.type(field('Price (€), variant 1'), '-3');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    const title = field(/^Title\s*\*?$/);
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Description\s*\*?$/).getAttribute('aria-invalid')).toBe('true');
    expect(field('SKU, variant 1').getAttribute('aria-invalid')).toBe('true');
    expect(field('Price (€), variant 1').getAttribute('aria-invalid')).toBe('true');
    expect(description(field('Price (€), variant 1'))).not.toBe('');
    for (const call of [createProduct, updateProduct, saveVariants, uploadProductImage, saveMedia]) expect(call).not.toHaveBeenCalled();
  });

  it('a slug the database already has marks the slug field and focuses it', async () => {
    vi.mocked(createProduct).mockRejectedValueOnce(
      new ApiError('conflict', 'duplicate key value violates unique constraint "products_slug_key"', {
        code: '23505',
        status: 409,
        details: 'Key (slug)=(grind-tee) already exists.',
        field: 'slug',
      }),
    );
    const { location, user } = setup(null);
    await fillNewProduct(user, { images: false });
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    const slug = field(/^Slug/);
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(description(slug)).toContain('This slug is already used by another product.');
    await waitFor(() => expect(document.activeElement).toBe(slug));
    expect(saveVariants).not.toHaveBeenCalled();
    expect(location.history.at(-1)).toBe('/admin/products/new');
  });

  it('a form without changes leaves at once, and a page reload is not held up', async () => {
    const { location, user } = setup(null);
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(location.history.at(-1)).toBe('/admin/products');
  });

  it('with unsaved changes, Cancel and links ask first (Stay keeps the form, Leave goes)', async () => {
    const { location, user } = setup(null);
    await user.type(field(/^Title\s*\*?$/), 'Half-typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(within(dialog).getByText('Your changes to this product will be lost.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(location.history.at(-1)).toBe('/admin/products/new');
    expect(field(/^Title\s*\*?$/).value).toBe('Half-typed');

    // A link (Back to Products) asks too; a page reload gets the browser's question.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('link', { name: /Back to Products/ }));
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(location.history.at(-1)).toBe('/admin/products/new');
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin/products'));
  });

  it('previews of picked files are released when their image is removed, and all on leaving', async () => {
    const { user } = setup(null);
    await user.upload(field('Choose files'), [FRONT, BACK]);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledExactlyOnceWith('blob:preview-1'));
    cleanup();
    expect(vi.mocked(URL.revokeObjectURL).mock.calls.map(([url]) => url)).toEqual(['blob:preview-1', 'blob:preview-2']);
  });

  it('a save refused as stale says so; Reload asks before discarding the changes, then loads the current version', async () => {
    vi.mocked(fetchAdminProduct)
      .mockResolvedValueOnce(LOADED)
      .mockResolvedValueOnce({ ...LOADED, updatedAt: '2026-11-05T00:00:00Z', values: { ...LOADED.values, title: 'Iron Shaker Pro' } });
    vi.mocked(updateProduct).mockRejectedValueOnce(new ApiError('conflict', 'This product was changed somewhere else since you opened it.', { code: 'stale' }));
    const { user } = setup('p-1');
    await waitFor(() => expect(field(/^Title\s*\*?$/).value).toBe('Iron Shaker'));
    await user.type(field(/^Title\s*\*?$/), ' 2');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));
    expect(await screen.findByText('This product was changed somewhere else since you opened it.')).toBeTruthy();
    expect(saveVariants).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload product' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reload this product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reload product' }));
    await waitFor(() => expect(field(/^Title\s*\*?$/).value).toBe('Iron Shaker Pro'));
    expect(fetchAdminProduct).toHaveBeenCalledTimes(2);
  });
});

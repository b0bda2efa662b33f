import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ProductFormView, type ProductFormViewProps, type SaveStep } from '../../src/features/admin/productForm/ProductFormView';
import {
  EMPTY_VALUES,
  EMPTY_VARIANTS,
  HTML,
  HTML_IMAGES,
  HTML_VALUES,
  HTML_VARIANTS,
  IMAGES_TO_UPLOAD,
  INVALID_ERRORS,
  INVALID_VALUES,
  INVALID_VARIANTS,
  LOADED_IMAGES,
  LOADED_VALUES,
  LOADED_VARIANTS,
} from '../fixtures/admin-product-form';
import { inGerman } from '../support';

/** /admin/products/new and /admin/products/:id/edit (machines/productFormMachine.ts maps its state onto these props). */
const meta: Meta<typeof ProductFormView> = {
  title: 'Admin/Product form',
  component: ProductFormView,
  args: {
    mode: 'create',
    status: 'editing',
    step: null,
    failure: null,
    values: EMPTY_VALUES,
    variants: EMPTY_VARIANTS,
    images: [],
    uploaded: [],
    errors: {},
    fileProblems: [],
    focusRequest: 0,
    onChange: fn(),
    onFeaturedChange: fn(),
    onVariantChange: fn(),
    onAddVariant: fn(),
    onRemoveVariant: fn(),
    onAddFiles: fn(),
    onRemoveImage: fn(),
    onMoveImage: fn(),
    onAltChange: fn(),
    onSubmit: fn(),
    onRetry: fn(),
    onReload: fn(),
    onCancel: fn(),
  },
  parameters: { path: '/admin/products/new' },
};
export default meta;
type Story = StoryObj<typeof ProductFormView>;
type Play = NonNullable<Story['play']>;

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
/** The paragraph under a field: its hint (with a counter) or its error. */
const hintOf = (field: HTMLElement) => text(document.getElementById(`${field.id}-hint`));

const EDIT: Partial<ProductFormViewProps> = { mode: 'edit', values: LOADED_VALUES, variants: LOADED_VARIANTS, images: LOADED_IMAGES };

// ── Create ──────────────────────────────────────────────────────────────────────────────────

/** A new form: one empty variant (no Remove), nothing invalid yet, Create Product. */
export const CreateEmpty: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Product' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/admin/products');
    for (const name of ['Basic Information', 'German', 'SEO & URL', 'Product Images', 'Pricing & Variants']) {
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeRequired();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('draft');
    await expect(hintOf(page.getByRole('textbox', { name: 'Meta title' }))).toMatch(/0\/60$/);
    await expect(hintOf(page.getByRole('textbox', { name: 'Meta description' }))).toMatch(/0\/160$/);
    // One variant: nothing to remove.
    await expect(page.getAllByRole('row')).toHaveLength(2);
    await expect(page.queryByRole('button', { name: /^Remove variant/ })).toBeNull();
    await expect(page.getByRole('textbox', { name: 'Price (€), variant 1' })).toHaveAttribute('inputmode', 'decimal');
    await expect(page.getByRole('textbox', { name: 'Inventory, variant 1' })).toHaveAttribute('inputmode', 'numeric');
    const picker = page.getByLabelText('Choose files');
    await expect(picker).toHaveAttribute('accept', '.jpg,.jpeg,.png,.webp');
    await expect(picker).toHaveAttribute('multiple');
    await expect(page.getByText(/JPEG, PNG or WebP, up to 5 MB each/)).toBeVisible();
    await expect(page.queryByRole('alert')).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Add variant' }));
    await expect(args.onAddVariant).toHaveBeenCalledTimes(1);
    await userEvent.click(page.getByRole('button', { name: 'Create Product' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** Typing reaches the machine field by field (the view holds no copy of the values). */
export const CreateTyping: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.type(page.getByRole('textbox', { name: 'Title' }), 'X');
    await expect(args.onChange).toHaveBeenLastCalledWith('title', 'X');
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Category' }), 'Equipment');
    await expect(args.onChange).toHaveBeenLastCalledWith('category', 'equipment');
    await userEvent.click(page.getByRole('checkbox', { name: /Featured/ }));
    await expect(args.onFeaturedChange).toHaveBeenCalledWith(true);
    await userEvent.type(page.getByRole('textbox', { name: 'SKU, variant 1' }), 'A');
    await expect(args.onVariantChange).toHaveBeenLastCalledWith('v-new-1', 'sku', 'A');
  },
};

/** The picker and the drop zone both hand their files over; the machine decides what is taken. */
export const AddFilesByPickerAndDrop: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const front = new File(['a'], 'front.jpg', { type: 'image/jpeg' });
    const back = new File(['b'], 'back.png', { type: 'image/png' });
    await userEvent.upload(page.getByLabelText('Choose files'), [front, back]);
    await expect(args.onAddFiles).toHaveBeenLastCalledWith([front, back]);
    const zone = page.getByText('Drag and drop images here, or').parentElement as HTMLElement;
    const transfer = new DataTransfer();
    const side = new File(['c'], 'side.webp', { type: 'image/webp' });
    transfer.items.add(side);
    zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    await waitFor(() => expect(zone).toHaveAttribute('data-dragging'));
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    await waitFor(() => expect(args.onAddFiles).toHaveBeenLastCalledWith([side]));
    await expect(args.onAddFiles).toHaveBeenCalledTimes(2);
  },
};

/** Filled in: slug preview, counters, tags as they will be saved. */
export const CreateFilled: Story = {
  args: { values: { ...LOADED_VALUES, status: 'draft', featured: false, tags: 'hoodie, , winter ,cotton, winter' }, variants: [LOADED_VARIANTS[0]] },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Iron Core Hoodie');
    await expect(page.getByText('/shop/iron-core-hoodie')).toBeVisible();
    await expect(hintOf(page.getByRole('textbox', { name: 'Meta title' }))).toMatch(/16\/60$/);
    await expect(hintOf(page.getByRole('textbox', { name: 'Meta description' }))).toMatch(/39\/160$/);
    const tags = within(page.getByRole('list', { name: 'Tags as saved' }));
    await expect(tags.getAllByRole('listitem').map(text)).toEqual(['hoodie', 'winter', 'cotton']);
  },
};

/** Over the limit, the counter says so before the save does. */
export const MetaOverLimit: Story = {
  args: { values: { ...LOADED_VALUES, metaTitle: 'M'.repeat(61), metaDescription: 'D'.repeat(170) } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(hintOf(page.getByRole('textbox', { name: 'Meta title' }))).toMatch(/61\/60$/);
    await expect(hintOf(page.getByRole('textbox', { name: 'Meta description' }))).toMatch(/170\/160$/);
  },
};

// ── Invalid submit ─────────────────────────────────────────────────────────────────────────

/** Every invalid field says why, the summary lists them in form order, and the first one has focus. */
export const InvalidSubmit: Story = {
  args: { values: INVALID_VALUES, variants: INVALID_VARIANTS, errors: INVALID_ERRORS, focusRequest: 1 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const title = page.getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveFocus());
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription('Enter a title.');
    await expect(page.getByRole('alert')).toHaveTextContent('Please correct 10 fields');
    const summary = page.getByRole('alert').parentElement as HTMLElement;
    await expect(within(summary).getAllByRole('link').map(text)).toEqual([
      'Title: Enter a title.',
      'Description: Enter a description.',
      'Category: Choose a category.',
      'Slug: Use lowercase letters, digits and hyphens only.',
      'Meta title: At most 60 characters.',
      'Variant 1 · SKU: Each variant needs its own SKU.',
      'Variant 1 · Price (€): Enter a price greater than 0.',
      'Variant 2 · SKU: Each variant needs its own SKU.',
      'Variant 2 · Price (€): Enter an amount like 29.99.',
      'Variant 2 · Inventory: Enter a whole number.',
    ]);
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription('Choose a category.');
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveAttribute('aria-invalid', 'true');
    // Fields without a problem are not marked.
    await expect(page.getByRole('textbox', { name: 'Subtitle' })).not.toHaveAttribute('aria-invalid');
    await expect(page.getByRole('textbox', { name: 'Size, variant 1' })).not.toHaveAttribute('aria-invalid');
    // A summary link takes the keyboard to its field.
    await userEvent.click(within(summary).getByRole('link', { name: 'Variant 2 · Inventory: Enter a whole number.' }));
    const inventory = page.getByRole('textbox', { name: 'Inventory, variant 2' });
    await expect(inventory).toHaveFocus();
    await expect(inventory).toHaveAccessibleDescription('Enter a whole number.');
  },
};

/** Only the variants are wrong: focus skips to the first bad cell. */
export const InvalidVariantOnly: Story = {
  args: {
    ...EDIT,
    errors: { 'variants.v2.sku': { kind: 'skuTaken' }, 'variants.v3.inventory': { kind: 'notNegative' } },
    focusRequest: 2,
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const sku = page.getByRole('textbox', { name: 'SKU, variant 2' });
    await waitFor(() => expect(sku).toHaveFocus());
    await expect(sku).toHaveAccessibleDescription('This SKU is already used.');
    await expect(page.getByRole('alert')).toHaveTextContent('Please correct 2 fields');
  },
};

/** The database found the slug taken (status editing with a slug error). */
export const SlugTaken: Story = {
  args: { ...EDIT, errors: { slug: { kind: 'slugTaken' } }, focusRequest: 1 },
  play: async ({ canvasElement }) => {
    const slug = within(canvasElement).getByRole('textbox', { name: 'Slug' });
    await waitFor(() => expect(slug).toHaveFocus());
    await expect(slug).toHaveAccessibleDescription(/This slug is already used by another product\./);
  },
};

// ── Edit ───────────────────────────────────────────────────────────────────────────────────

/** A loaded product: its values, three variants (each removable) and three images in order. */
export const EditLoaded: Story = {
  args: EDIT,
  parameters: { path: '/admin/products/p-1/edit' },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('clothing');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('published');
    await expect(page.getByRole('checkbox', { name: /Featured/ })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Title (German)' })).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('textbox', { name: 'Compare-at price (€), variant 2' })).toHaveValue('69.00');
    const images = within(page.getByRole('list', { name: 'Images' })).getAllByRole('listitem');
    await expect(images).toHaveLength(3);
    await expect(within(images[0]).getByText('Primary')).toBeVisible();
    await expect(within(images[1]).queryByText('Primary')).toBeNull();
    await expect(page.getByRole('textbox', { name: 'Alt text for image 1' })).toHaveValue('Iron Core Hoodie in black, front');
    await expect(page.getByRole('textbox', { name: 'Alt text for image 2' })).toHaveAttribute('placeholder', 'Iron Core Hoodie image 2');
    // Remove while there is more than one variant.
    await userEvent.click(page.getByRole('button', { name: 'Remove variant 2' }));
    await expect(args.onRemoveVariant).toHaveBeenCalledWith('v2');
    // Moving: the first cannot go left, the last cannot go right.
    await userEvent.click(page.getByRole('button', { name: 'Move image 1 left' }));
    await userEvent.click(page.getByRole('button', { name: 'Move image 3 right' }));
    await expect(args.onMoveImage).not.toHaveBeenCalled();
    await expect(page.getByRole('button', { name: 'Move image 1 left' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(page.getByRole('button', { name: 'Move image 2 left' }));
    await expect(args.onMoveImage).toHaveBeenLastCalledWith('i2', 0);
    await expect(page.getByText('Image moved to position 1 (primary).')).toBeInTheDocument();
    await userEvent.click(page.getByRole('button', { name: 'Move image 2 right' }));
    await expect(args.onMoveImage).toHaveBeenLastCalledWith('i2', 2);
    await userEvent.click(page.getByRole('button', { name: 'Remove image 3' }));
    await expect(args.onRemoveImage).toHaveBeenCalledWith('i3');
    await userEvent.type(page.getByRole('textbox', { name: 'Alt text for image 2' }), 'B');
    await expect(args.onAltChange).toHaveBeenLastCalledWith('i2', 'B');
    await userEvent.click(page.getByRole('button', { name: 'Update Product' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** Two variants left: still removable; the remove column disappears at one (CreateEmpty). */
export const EditTwoVariants: Story = {
  args: { ...EDIT, variants: LOADED_VARIANTS.slice(0, 2) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getAllByRole('button', { name: /^Remove variant/ })).toHaveLength(2);
  },
};

// ── Saving and failing at each step ────────────────────────────────────────────────────────

const STEP_WORDS: Record<SaveStep, [number, string]> = {
  product: [1, 'product details'],
  variants: [2, 'variants'],
  images: [3, 'uploading images'],
  media: [4, 'image order and alt texts'],
};

const savingStory = (step: SaveStep, uploaded: string[] = []): Story => ({
  args: { ...EDIT, images: IMAGES_TO_UPLOAD, status: 'saving', step, uploaded },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const [n, words] = STEP_WORDS[step];
    await expect(page.getByRole('status')).toHaveTextContent(`Saving step ${n} of 4: ${words}...`);
    const submit = page.getByRole('button', { name: 'Saving...' });
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'SKU, variant 1' })).toBeDisabled();
    await expect(page.getByLabelText('Choose files')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Remove image 2' })).toBeDisabled();
    await expect(page.queryByRole('alert')).toBeNull();
  },
});

const badges = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('list', { name: 'Images' }))
    .getAllByRole('listitem')
    .map((item) => text(item.querySelector('[data-badges]')));

export const SavingProduct = savingStory('product');
export const SavingVariants = savingStory('variants');
/** One image uploaded, the next uploading, the last waiting; the saved image has no mark. */
export const SavingImages: Story = {
  ...savingStory('images', ['n1']),
  play: async (context) => {
    await (savingStory('images').play as Play)(context);
    await expect(badges(context.canvasElement)).toEqual(['Primary', '✓ Uploaded', 'Uploading...', 'Waiting to upload']);
  },
};
export const SavingMedia = savingStory('media', ['n1', 'n2', 'n3']);

const failedStory = (step: SaveStep, failure: string, uploaded: string[] = []): Story => ({
  args: { ...EDIT, images: IMAGES_TO_UPLOAD, status: 'failed', step, failure, uploaded },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const [n, words] = STEP_WORDS[step];
    const alert = page.getByRole('alert');
    await expect(alert).toHaveTextContent(`Saving stopped at step ${n} of 4: ${words}.`);
    await expect(within(alert).getByText(failure)).toBeVisible();
    await expect(alert).toHaveTextContent(`Nothing you typed was lost. Retry continues from step ${n}.`);
    // The form stays as typed and editable.
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Iron Core Hoodie');
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Update Product' })).toBeEnabled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
});

export const FailedAtProduct = failedStory('product', 'Failed to fetch');
export const FailedAtVariants = failedStory('variants', 'Could not save the variants.');
/** The first new image was uploaded; the second failed; the third waits for the retry. */
export const FailedAtImages: Story = {
  ...failedStory('images', 'The object exceeded the maximum allowed size', ['n1']),
  play: async (context) => {
    await (failedStory('images', 'The object exceeded the maximum allowed size').play as Play)(context);
    await expect(badges(context.canvasElement)).toEqual(['Primary', '✓ Uploaded', 'Upload failed', 'Waiting to upload']);
  },
};
export const FailedAtMedia = failedStory('media', 'Failed to fetch', ['n1', 'n2', 'n3']);

/** Another tab saved this product first: nothing was written; Reload product is offered. */
export const Conflict: Story = {
  args: { ...EDIT, status: 'conflict', step: 'product' },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const alert = page.getByRole('alert');
    await expect(alert).toHaveTextContent('This product was changed somewhere else since you opened it.');
    await expect(alert).toHaveTextContent('Nothing was saved.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload product' }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Iron Core Hoodie');
  },
};

// ── Loading the product ────────────────────────────────────────────────────────────────────

export const Loading: Story = {
  args: { mode: 'edit', status: 'loading' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent('Loading product...');
    await expect(page.queryByRole('textbox')).toBeNull();
    await expect(page.getByRole('link', { name: 'Back to Products' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { mode: 'edit', status: 'loadFailed', failure: 'Failed to fetch' },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const alert = page.getByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't load this product.");
    await expect(alert).toHaveTextContent('Failed to fetch');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(page.queryByRole('textbox')).toBeNull();
  },
};

export const NotFound: Story = {
  args: { mode: 'edit', status: 'notFound' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/admin/products');
    await expect(page.queryByRole('textbox')).toBeNull();
  },
};

// ── Files, markup, phones ──────────────────────────────────────────────────────────────────

/** Files the machine refused are listed with their reason; they are not in the image list. */
export const RefusedFiles: Story = {
  args: {
    ...EDIT,
    fileProblems: [
      { fileName: 'price-list.pdf', problem: { kind: 'type' } },
      { fileName: 'huge.jpg', problem: { kind: 'size', maxBytes: 5 * 1024 * 1024 } },
      { fileName: 'thirteenth.png', problem: { kind: 'tooMany', max: 12 } },
    ],
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const refused = within(page.getByRole('list', { name: 'Not added:' }));
    await expect(refused.getAllByRole('listitem').map(text)).toEqual([
      'price-list.pdf — Not a JPEG, PNG or WebP image.',
      'huge.jpg — Larger than 5 MB.',
      'thirteenth.png — A product has at most 12 images.',
    ]);
    await expect(within(page.getByRole('list', { name: 'Images' })).getAllByRole('listitem')).toHaveLength(3);
  },
};

/** Markup typed into every field is shown as typed and never runs. */
export const HtmlInFields: Story = {
  args: { ...EDIT, values: HTML_VALUES, variants: HTML_VARIANTS, images: HTML_IMAGES },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(HTML);
    await expect(page.getByRole('textbox', { name: 'Description (German)' })).toHaveValue(HTML);
    await expect(page.getByRole('textbox', { name: 'SKU, variant 1' })).toHaveValue('<b>SKU</b>');
    await expect(page.getByRole('textbox', { name: 'Alt text for image 1' })).toHaveValue(HTML);
    const tags = within(page.getByRole('list', { name: 'Tags as saved' }));
    await expect(tags.getAllByRole('listitem').map(text)).toEqual([HTML, '<i>x</i>']);
    await expect(page.getByText('<img src=x onerror=alert(1)>.jpg', { exact: false })).toBeVisible();
    await expect(canvasElement.querySelector('img[src="x"], script, b, i, u')).toBeNull();
    await expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  },
};

/**
 * A phone (Storybook's mobile1, 320 px): nothing but the variants table scrolls sideways, and that
 * region is reachable by keyboard. (Its visually hidden labels must not stretch the page either.)
 */
export const Phone: Story = {
  args: {
    ...EDIT,
    images: IMAGES_TO_UPLOAD,
    status: 'failed',
    step: 'images',
    failure: 'Failed to fetch',
    uploaded: ['n1'],
    errors: { 'variants.v2.price': { kind: 'pricePositive' } },
  },
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(window.innerWidth).toBeLessThanOrEqual(360);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const table = page.getByRole('region', { name: 'Variants table' });
    await expect(table).toHaveAttribute('tabindex', '0');
    await expect(table.scrollWidth).toBeGreaterThan(table.clientWidth);
    await expect(page.getByText('Scroll sideways to see every column.')).toBeVisible();
    for (const button of [
      page.getByRole('button', { name: 'Update Product' }),
      page.getByRole('button', { name: 'Remove image 4' }),
      page.getByRole('button', { name: 'Retry' }),
    ]) {
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};

// ── German ─────────────────────────────────────────────────────────────────────────────────

export const CreateEmptyDe = inGerman({
  args: CreateEmpty.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Produkt erstellen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zurück zu den Produkten' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Produkt erstellen' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Kategorie' })).toBeVisible();
  },
} satisfies Story);
export const InvalidSubmitDe = inGerman({
  args: InvalidSubmit.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const title = page.getByRole('textbox', { name: 'Titel' });
    await waitFor(() => expect(title).toHaveFocus());
    await expect(title).toHaveAccessibleDescription('Gib einen Titel ein.');
    await expect(page.getByRole('alert')).toHaveTextContent('Bitte korrigiere 10 Felder');
  },
} satisfies Story);
export const EditLoadedDe = inGerman({
  args: EditLoaded.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Produkt bearbeiten' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Produkt aktualisieren' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bild 2 nach links verschieben' })).toBeVisible();
  },
} satisfies Story);
export const SavingImagesDe = inGerman({ args: SavingImages.args } satisfies Story);
export const FailedAtImagesDe = inGerman({
  args: FailedAtImages.args,
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Speichern bei Schritt 3 von 4 gestoppt: Bilder hochladen.');
    await expect(within(alert).getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
} satisfies Story);
export const ConflictDe = inGerman({ args: Conflict.args } satisfies Story);
export const LoadingDe = inGerman({ args: Loading.args } satisfies Story);
export const NotFoundDe = inGerman({ args: NotFound.args } satisfies Story);
/** German words are longer: still nothing wider than the phone but the table. */
export const PhoneDe: Story = {
  args: Phone.args,
  globals: { ...inGerman({}).globals, viewport: { value: 'mobile1' } },
  parameters: Phone.parameters,
  play: async () => {
    await expect(window.innerWidth).toBeLessThanOrEqual(360);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
export const RefusedFilesDe = inGerman({ args: RefusedFiles.args } satisfies Story);

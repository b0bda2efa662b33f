import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { IMPORT_MAX_BYTES, type ImportPreview } from '../../domain/catalogueCsv';
import { ProductImportView } from '../../src/features/admin/csv/ProductImportView';
import { inGerman } from '../support';

const OK_PREVIEW: ImportPreview = {
  rows: [
    { line: 2, sku: 'TEE-S', action: 'update', fields: ['price', 'inventory'], problem: null },
    { line: 3, sku: 'TEE-M', action: 'unchanged', fields: [], problem: null },
    { line: 4, sku: 'CAP-1', action: 'create', fields: [], problem: null },
  ],
  counts: { create: 1, update: 1, unchanged: 1, error: 0 },
};
const PREVIEW_WITH_ERRORS: ImportPreview = {
  rows: [
    { line: 2, sku: 'TEE-S', action: 'update', fields: ['price'], problem: null },
    { line: 3, sku: 'TEE-S', action: 'error', fields: [], problem: { kind: 'duplicate_sku', firstLine: 2 } },
    { line: 4, sku: 'TEE-L', action: 'error', fields: [], problem: { kind: 'not_a_number', column: 'price' } },
    { line: 5, sku: '=cmd|calc', action: 'error', fields: [], problem: { kind: 'sku_of_other_product', slug: 'cap' } },
  ],
  counts: { create: 0, update: 1, unchanged: 0, error: 3 },
};

/** /admin/products/import: every state of machines/productImportMachine.ts. */
const meta: Meta<typeof ProductImportView> = {
  title: 'Admin/Product import',
  component: ProductImportView,
  args: {
    state: 'idle',
    previewState: null,
    fileName: null,
    fileProblem: null,
    preview: null,
    report: null,
    failure: null,
    onChoose: fn(),
    onApply: fn(),
    onRetry: fn(),
    onCancel: fn(),
  },
  parameters: { path: '/admin/products/import' },
};
export default meta;
type Story = StoryObj<typeof ProductImportView>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
    const input = page.getByLabelText('CSV file (at most 5 MB)');
    await userEvent.upload(input, new File(['sku,slug\n'], 'catalogue.csv', { type: 'text/csv' }));
    await expect(args.onChoose).toHaveBeenCalledOnce();
  },
};
export const IdleDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Produkte importieren' })).toBeVisible();
  },
});
export const FileTooLarge: Story = {
  args: { fileName: 'huge.csv', fileProblem: { kind: 'too_large', maxBytes: IMPORT_MAX_BYTES } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('huge.csv: The file is larger than 5 MB.');
  },
};
export const NotACsv: Story = {
  args: { fileName: 'photo.png', fileProblem: { kind: 'not_csv' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('This is not a CSV file.');
  },
};
export const WrongColumns: Story = {
  args: { fileName: 'sheet.csv', fileProblem: { kind: 'missing_columns', columns: ['price', 'inventory'] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Columns missing: price, inventory.');
  },
};
export const Reading: Story = {
  args: { state: 'reading', fileName: 'catalogue.csv' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Reading the file...');
  },
};
export const Previewing: Story = {
  args: { state: 'previewing', fileName: 'catalogue.csv' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking every row...');
  },
};
export const PreviewOk: Story = {
  args: { state: 'preview', previewState: 'ok', fileName: 'catalogue.csv', preview: OK_PREVIEW },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByText('1 to create, 1 to update, 1 unchanged, 0 with errors.')).toBeVisible();
    const rows = [...canvasElement.querySelectorAll('tbody tr')];
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent('price, inventory');
    await userEvent.click(page.getByRole('button', { name: 'Apply 2 changes' }));
    await expect(args.onApply).toHaveBeenCalledOnce();
  },
};
export const PreviewOkDe = inGerman({
  args: { state: 'preview', previewState: 'ok', fileName: 'katalog.csv', preview: OK_PREVIEW },
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: '2 Änderungen übernehmen' })).toBeVisible();
  },
});
export const PreviewWithErrors: Story = {
  args: { state: 'preview', previewState: 'withErrors', fileName: 'catalogue.csv', preview: PREVIEW_WITH_ERRORS },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent('Nothing is imported while any row has an error.');
    await expect(page.queryByRole('button', { name: /Apply/ })).toBeNull();
    await expect(page.getByText('This SKU is already on line 2.')).toBeVisible();
    await expect(page.getByText('price is not a price in euros (like 12.50 or 12,50).')).toBeVisible();
    // A cell is text, never markup or a formula.
    await expect(page.getByText('=cmd|calc')).toBeVisible();
  },
};
export const Applying: Story = {
  args: { state: 'applying', fileName: 'catalogue.csv', preview: OK_PREVIEW },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Importing...');
  },
};
export const Done: Story = {
  args: { state: 'done', fileName: 'catalogue.csv', preview: OK_PREVIEW, report: { counts: { create: 1, update: 1, unchanged: 1, error: 0 } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Import done: 1 created, 1 updated, 1 unchanged.');
  },
};
export const DoneDe = inGerman({
  args: { state: 'done', fileName: 'katalog.csv', preview: OK_PREVIEW, report: { counts: { create: 1, update: 1, unchanged: 1, error: 0 } } },
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Import abgeschlossen: 1 angelegt, 1 geändert, 1 unverändert.');
  },
});
export const Failed: Story = {
  args: {
    state: 'failed',
    fileName: 'catalogue.csv',
    preview: OK_PREVIEW,
    failure: { stage: 'apply', code: 'import_refused', message: 'The file has 1 bad rows; nothing was imported', details: null },
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent('Nothing was imported: The file has 1 bad rows');
    await userEvent.click(page.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

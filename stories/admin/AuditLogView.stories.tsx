import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DEFAULT_AUDIT_QUERY } from '../../domain/auditTrail';
import { AuditLogView } from '../../src/features/admin/audit/AuditLogView';
import { AUDIT_ENTRIES, PRODUCT_ENTRIES, PRODUCT_ID } from '../fixtures/audit';
import { inGerman } from '../support';

/** /admin/audit: every state of machines/auditTrailMachine.ts, with the filters and the pages. */
const meta: Meta<typeof AuditLogView> = {
  title: 'Admin/Audit log',
  component: AuditLogView,
  args: {
    status: 'loaded',
    query: DEFAULT_AUDIT_QUERY,
    entries: AUDIT_ENTRIES,
    total: AUDIT_ENTRIES.length,
    onFiltersChange: fn(),
    onRetry: fn(),
  },
  parameters: { path: '/admin/audit' },
};
export default meta;
type Story = StoryObj<typeof AuditLogView>;

export const Loading: Story = {
  args: { status: 'loading', entries: [], total: 0 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent('Loading the audit log...');
  },
};

/** Who changed what: before → after per field, the import marked, each entry linked to its product or order. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('6 changes')).toBeVisible();
    const first = within(page.getAllByRole('listitem')[0]);
    await expect(first.getByText(/Changed · Variant NPNG-TEE-BLK-M/)).toBeVisible();
    await expect(first.getByText(/by admin@nopain-nogain\.test/)).toBeVisible();
    await expect(first.getByText('Price').nextElementSibling).toHaveTextContent('€29.99 → changed to €34.99');
    await expect(first.getByRole('link', { name: 'Beast Mode Tee' })).toHaveAttribute('href', `/admin/products/${PRODUCT_ID}/edit`);
    await expect(page.getAllByText('Import')).toHaveLength(1);
    await expect(page.getAllByRole('link', { name: 'NPNG-100012' })[0]).toHaveAttribute('href', '/admin/orders/NPNG-100012');
  },
};

export const ApplyFilters: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.selectOptions(page.getByLabelText('Kind'), 'variant');
    await userEvent.selectOptions(page.getByLabelText('Action'), 'update');
    await userEvent.type(page.getByLabelText('Admin e-mail'), 'admin@nopain-nogain.test');
    await userEvent.click(page.getByRole('button', { name: 'Apply filters' }));
    await expect(args.onFiltersChange).toHaveBeenCalledWith({ entity: 'variant', action: 'update', actor: 'admin@nopain-nogain.test', from: '', to: '' });
  },
};

/** Opened from a product's History: only its changes, with a way back to all. */
export const OneProduct: Story = {
  args: { query: { ...DEFAULT_AUDIT_QUERY, id: PRODUCT_ID }, entries: PRODUCT_ENTRIES, total: PRODUCT_ENTRIES.length },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Changes of Beast Mode Tee only.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Show all changes' })).toHaveAttribute('href', '/admin/audit');
  },
};

export const Paged: Story = {
  args: { query: { ...DEFAULT_AUDIT_QUERY, entity: 'variant', page: 2 }, total: 60 },
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Pagination' }));
    await expect(nav.getByText('Page 2 of 3')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/admin/audit?entity=variant&page=3');
  },
};

export const PastLastPage: Story = {
  args: { query: { ...DEFAULT_AUDIT_QUERY, page: 9 }, entries: [], total: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/admin/audit');
  },
};

export const Empty: Story = {
  args: { entries: [], total: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No changes recorded yet.')).toBeVisible();
  },
};

export const EmptyFiltered: Story = {
  args: { query: { ...DEFAULT_AUDIT_QUERY, action: 'delete' }, entries: [], total: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No changes match these filters.')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { status: 'failed', entries: [], total: 0 },
  play: async ({ canvasElement, args }) => {
    const alert = within(within(canvasElement).getByRole('alert'));
    await expect(alert.getByText('Failed to load the audit log. Please try again.')).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A phone: cards, no sideways scrolling of the page. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(360);
  },
};

export const LoadedDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Änderungsprotokoll' })).toBeVisible();
    await expect(page.getByText('6 Änderungen')).toBeVisible();
    const first = within(page.getAllByRole('listitem')[0]);
    await expect(first.getByText(/Geändert · Variante NPNG-TEE-BLK-M/)).toBeVisible();
    await expect(first.getByText('Preis').nextElementSibling).toHaveTextContent(/29,99\s€ → geändert zu 34,99\s€/);
    await expect(page.getByText('Import')).toBeVisible();
  },
});

export const FailedDe = inGerman({
  args: Failed.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByText('Das Änderungsprotokoll konnte nicht geladen werden. Bitte versuche es noch einmal.')).toBeVisible();
  },
});

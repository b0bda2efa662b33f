import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AuditHistoryView } from '../../src/features/admin/audit/AuditHistoryView';
import { PRODUCT_ENTRIES, PRODUCT_ID } from '../fixtures/audit';
import { inGerman } from '../support';

/** The History section of a product's edit page and an order's page: every state of machines/auditTrailMachine.ts. */
const meta: Meta<typeof AuditHistoryView> = {
  title: 'Admin/History',
  component: AuditHistoryView,
  args: { status: 'loaded', subjectId: PRODUCT_ID, entries: PRODUCT_ENTRIES, total: PRODUCT_ENTRIES.length, onRetry: fn() },
};
export default meta;
type Story = StoryObj<typeof AuditHistoryView>;

export const Loading: Story = {
  args: { status: 'loading', entries: [], total: 0 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 2, name: 'Recorded changes' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent('Loading history...');
  },
};

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const section = within(within(canvasElement).getByRole('region', { name: 'Recorded changes' }));
    const first = within(section.getAllByRole('listitem')[0]);
    await expect(first.getByText('Price').nextElementSibling).toHaveTextContent('€29.99 → changed to €34.99');
    await expect(first.getByText('Stock').nextElementSibling).toHaveTextContent('12 → changed to 40');
    // On its own page the entries do not link to it again.
    await expect(section.queryByRole('link', { name: 'Beast Mode Tee' })).toBeNull();
    await expect(section.getByRole('link', { name: 'All changes in the audit log' })).toHaveAttribute('href', `/admin/audit?id=${PRODUCT_ID}`);
  },
};

export const MoreThanShown: Story = {
  args: { total: 42 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('42 changes in all')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { entries: [], total: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No changes recorded yet.')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { status: 'failed', entries: [], total: 0 },
  play: async ({ canvasElement, args }) => {
    const alert = within(within(canvasElement).getByRole('alert'));
    await expect(alert.getByText('Failed to load the history. Please try again.')).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const LoadedDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 2, name: 'Aufgezeichnete Änderungen' })).toBeVisible();
    const first = within(page.getAllByRole('listitem')[0]);
    await expect(first.getByText('Bestand').nextElementSibling).toHaveTextContent('12 → geändert zu 40');
    await expect(page.getByText(/Freigegeben/)).toBeVisible();
  },
});

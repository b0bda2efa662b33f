import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CsvExportView } from '../../src/features/admin/csv/CsvExportView';
import { inGerman } from '../support';

/** "Export CSV" on /admin/products and /admin/orders: every state of machines/csvExportMachine.ts. */
const meta: Meta<typeof CsvExportView> = {
  title: 'Admin/CSV export',
  component: CsvExportView,
  args: { state: 'idle', separator: ',', failure: null, label: 'Export products as CSV', onSeparatorChange: fn(), onExport: fn() },
};
export default meta;
type Story = StoryObj<typeof CsvExportView>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.selectOptions(page.getByLabelText('CSV separator'), ';');
    await expect(args.onSeparatorChange).toHaveBeenCalledWith(';');
    await userEvent.click(page.getByRole('button', { name: 'Export products as CSV' }));
    await expect(args.onExport).toHaveBeenCalledOnce();
  },
};
export const IdleDe = inGerman({
  args: { label: 'Produkte als CSV exportieren' },
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByText('CSV exportieren')).toBeVisible();
  },
});
export const Exporting: Story = {
  args: { state: 'exporting' },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Export products as CSV' });
    await expect(button).toHaveTextContent('Exporting…');
    await userEvent.click(button);
    await expect(args.onExport).not.toHaveBeenCalled();
  },
};
export const Failed: Story = {
  args: { state: 'failed', failure: 'Failed to fetch' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('The export failed: Failed to fetch');
  },
};

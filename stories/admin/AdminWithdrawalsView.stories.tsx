import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminWithdrawalsView } from '../../src/features/admin/withdrawals/AdminWithdrawalsView';
import { WITHDRAWALS } from '../fixtures/withdrawals';
import { inGerman } from '../support';

/** /admin/withdrawals: every state of machines/adminWithdrawalsMachine.ts. */
const meta: Meta<typeof AdminWithdrawalsView> = {
  title: 'Admin/Withdrawals',
  component: AdminWithdrawalsView,
  args: { status: 'loaded', page: 1, rows: WITHDRAWALS, total: WITHDRAWALS.length, onRetry: fn() },
  parameters: { path: '/admin/withdrawals' },
};
export default meta;
type Story = StoryObj<typeof AdminWithdrawalsView>;

export const Loading: Story = {
  args: { status: 'loading', rows: [], total: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading withdrawals...');
  },
};
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('3 withdrawals')).toBeVisible();
    const rows = [...canvasElement.querySelectorAll('tbody tr')];
    await expect(rows).toHaveLength(3);
    await expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'NPNG-100031' })).toHaveAttribute('href', '/admin/orders/NPNG-100031');
    await expect(within(rows[0] as HTMLElement).getByText('Late')).toBeVisible();
    await expect(within(rows[1] as HTMLElement).getByText('In time')).toBeVisible();
    await expect(within(rows[2] as HTMLElement).getByText('Deleted')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Refund NPNG-100031' })).toHaveAttribute('href', '/admin/orders/NPNG-100031?refund=withdrawal');
  },
};
export const LoadedDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Widerrufe' })).toBeVisible();
    await expect(page.getByText('Verspätet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'NPNG-100031 erstatten' })).toBeVisible();
  },
});
export const Empty: Story = {
  args: { rows: [], total: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No withdrawals yet.')).toBeVisible();
  },
};
export const PastTheLastPage: Story = {
  args: { page: 9, rows: [], total: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/admin/withdrawals');
  },
};
export const Failed: Story = {
  args: { status: 'failed', rows: [], total: 0 },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent('Failed to load withdrawals.');
    await userEvent.click(page.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { OrderWithdrawals } from '../../src/features/admin/withdrawals/OrderWithdrawals';
import { WITHDRAWALS } from '../fixtures/withdrawals';
import { inGerman } from '../support';

/** The withdrawal block of /admin/orders/{orderNumber} (shown only for an order that has one). */
const meta: Meta<typeof OrderWithdrawals> = {
  title: 'Admin/Order/Withdrawal',
  component: OrderWithdrawals,
  args: { withdrawals: [WITHDRAWALS[0]] },
  parameters: { path: '/admin/orders/NPNG-100031' },
};
export default meta;
type Story = StoryObj<typeof OrderWithdrawals>;

export const Late: Story = {
  play: async ({ canvasElement }) => {
    const block = within(canvasElement).getByRole('region', { name: 'Withdrawal' });
    await expect(within(block).getByText('Late')).toBeVisible();
    await expect(block).toHaveTextContent('Erika Mustermann, erika@example.com');
    await expect(block).toHaveTextContent('Die Trainingshose in M.');
  },
};
export const LateDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const block = within(canvasElement).getByRole('region', { name: 'Widerruf' });
    await expect(within(block).getByText('Verspätet')).toBeVisible();
  },
});
export const WholeOrder: Story = {
  args: { withdrawals: [WITHDRAWALS[1]] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The whole order (no items named)')).toBeVisible();
  },
};
export const None: Story = {
  args: { withdrawals: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region')).toBeNull();
  },
};

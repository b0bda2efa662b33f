import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { COMPANY } from '../../src/config/company';
import { WithdrawalView } from '../../src/features/content/WithdrawalView';
import { inGerman } from '../support';

const meta: Meta<typeof WithdrawalView> = { title: 'Content/WithdrawalView', component: WithdrawalView, parameters: { path: '/withdrawal' } };
export default meta;
type Story = StoryObj<typeof WithdrawalView>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Right of withdrawal' })).toBeVisible();
    await expect(canvas.getByText('You have the right to withdraw from this contract within 14 days without giving any reason.')).toBeVisible();
    await expect(canvas.getByText(new RegExp(`inform us \\(${COMPANY.name}, ${COMPANY.street}`))).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Model withdrawal form' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Withdraw from contract' })).toHaveAttribute('href', '/withdraw');
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Widerrufsbelehrung' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Widerrufsrecht' })).toBeVisible();
    await expect(canvas.getByText('Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Muster-Widerrufsformular' })).toBeVisible();
    await expect(canvas.getByText('(*) Unzutreffendes streichen.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Vertrag widerrufen' })).toHaveAttribute('href', '/withdraw');
  },
});

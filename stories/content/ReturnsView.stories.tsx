import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ReturnsView } from '../../src/features/content/ReturnsView';
import { inGerman } from '../support';

const meta: Meta<typeof ReturnsView> = { title: 'Content/ReturnsView', component: ReturnsView, parameters: { path: '/support/returns' } };
export default meta;
type Story = StoryObj<typeof ReturnsView>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Our 30-day return policy' })).toBeVisible();
    await expect(canvas.getByText(/within 5–7 business days/)).toBeVisible();
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Unsere 30-Tage-Rückgabe' })).toBeVisible();
  },
});

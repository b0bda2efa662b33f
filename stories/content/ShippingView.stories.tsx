import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ShippingView } from '../../src/features/content/ShippingView';
import { inGerman } from '../support';

const meta: Meta<typeof ShippingView> = { title: 'Content/ShippingView', component: ShippingView, parameters: { path: '/support/shipping' } };
export default meta;
type Story = StoryObj<typeof ShippingView>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('row', { name: /Germany €4\.99 €9\.99 orders over €50\.00/ })).toBeVisible();
    await expect(canvas.getByRole('row', { name: /USA \/ Canada €12\.99 €24\.99 orders over €150\.00/ })).toBeVisible();
    await expect(canvas.getByText('Apple Pay is not available at the moment.')).toBeVisible();
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    // German number format: 4,99 €.
    await expect(canvas.getByRole('row', { name: /Deutschland 4,99\s€ 9,99\s€ Bestellungen über 50,00\s€/ })).toBeVisible();
    await expect(canvas.getByText(/vor 14:00 Uhr MEZ/)).toBeVisible();
  },
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AboutView } from '../../src/features/content/AboutView';
import { inGerman } from '../support';

const meta: Meta<typeof AboutView> = { title: 'Content/AboutView', component: AboutView, parameters: { path: '/about' } };
export default meta;
type Story = StoryObj<typeof AboutView>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Shop Collection' })).toHaveAttribute('href', '/shop');
    await expect(canvas.getByRole('link', { name: 'Explore Collections' })).toHaveAttribute('href', '/collections');
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Unsere Geschichte' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Kollektionen entdecken' })).toHaveAttribute('href', '/collections');
  },
});

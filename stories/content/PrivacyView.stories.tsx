import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PrivacyView } from '../../src/features/content/PrivacyView';
import { inGerman } from '../support';

const meta: Meta<typeof PrivacyView> = { title: 'Content/PrivacyView', component: PrivacyView, parameters: { path: '/privacy' } };
export default meta;
type Story = StoryObj<typeof PrivacyView>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: '6. Your rights' })).toBeVisible();
    await expect(canvas.getByText(/Last updated: November 27, 2026/)).toBeVisible();
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
    await expect(canvas.getByText(/Stand: 27\. November 2026/)).toBeVisible();
  },
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TermsView } from '../../src/features/content/TermsView';
import { inGerman } from '../support';

const meta: Meta<typeof TermsView> = { title: 'Content/TermsView', component: TermsView, parameters: { path: '/terms' } };
export default meta;
type Story = StoryObj<typeof TermsView>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(canvas.getByText(/in the 12 months before the event/)).toBeVisible();
    await expect(canvas.getByText(/The courts of Berlin have jurisdiction/)).toBeVisible();
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'AGB' })).toBeVisible();
    await expect(canvas.getByText(/Gerichtsstand ist Berlin/)).toBeVisible();
  },
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SizeGuideView } from '../../src/features/content/SizeGuideView';
import { inGerman } from '../support';

const meta: Meta<typeof SizeGuideView> = { title: 'Content/SizeGuideView', component: SizeGuideView, parameters: { path: '/support/size-guide' } };
export default meta;
type Story = StoryObj<typeof SizeGuideView>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [tops, bottoms] = canvas.getAllByRole('table');
    await expect(within(tops).getByRole('row', { name: 'XL 122 77' })).toBeVisible();
    await expect(within(bottoms).getByRole('row', { name: 'S 76–81 20' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Size Guide' })).toHaveAttribute('aria-current', 'page');
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Größentabelle' })).toBeVisible();
    await expect(canvas.getByRole('columnheader', { name: 'Brust (cm)' })).toBeVisible();
  },
});

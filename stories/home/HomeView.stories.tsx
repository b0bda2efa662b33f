import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { css } from '../../styled-system/css';
import { HomeView } from '../../src/features/home/HomeView';
import { inGerman } from '../support';

const meta: Meta<typeof HomeView> = { title: 'Home/HomeView', component: HomeView, parameters: { path: '/' } };
export default meta;
type Story = StoryObj<typeof HomeView>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'No Pain, No Gain' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/shop');
    await expect(canvas.getByRole('link', { name: 'Our Story' })).toHaveAttribute('href', '/about');
    await expect(canvas.getByRole('heading', { name: 'From TikTok to Empire' })).toBeVisible();
    for (const name of ['Authentic Community', 'Premium Materials', 'Exclusive Drops']) await expect(canvas.getByRole('heading', { name })).toBeVisible();
  },
};

/** The catalogue fills this slot with the featured products. */
export const WithFeaturedSlot: Story = {
  args: {
    featured: (
      <section aria-label="Featured" className={css({ mx: 'auto', maxW: '6xl', px: '8', py: '10', borderTopWidth: '1px', borderColor: 'border' })}>
        <p>(featured products)</p>
      </section>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('(featured products)')).toBeVisible();
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Jetzt shoppen' })).toHaveAttribute('href', '/shop');
    await expect(canvas.getByRole('heading', { name: 'Von TikTok zum Imperium' })).toBeVisible();
  },
});
export const WithFeaturedSlotDe = inGerman({ args: WithFeaturedSlot.args });

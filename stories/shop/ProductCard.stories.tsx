import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { css } from '../../styled-system/css';
import { IMAGE_DISPLAYS } from '../../src/ui/images';
import { ProductCard } from '../../src/ui/ProductCard';
import { IRON_TEE } from '../fixtures/products';
import { inGerman } from '../support';

/** One product of a grid (shop, featured block, related products), with the price notice of ADR 0023. */
const meta: Meta<typeof ProductCard> = {
  title: 'Shop/ProductCard',
  component: ProductCard,
  args: { product: IRON_TEE, imageDisplay: IMAGE_DISPLAYS.shopCard },
  decorators: [
    (Story) => (
      <main className={css({ maxW: 'xs', mx: 'auto', p: '4' })}>
        <Story />
      </main>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof ProductCard>;

const notice = (canvasElement: HTMLElement) => canvasElement.querySelector('article p:has(a[href="/support/shipping"])')?.textContent ?? '';

export const WithPriceNotice: Story = {
  play: async ({ canvasElement }) => {
    await expect(notice(canvasElement)).toBe('incl. VAT, plus shipping');
    await expect(within(canvasElement).getByRole('link', { name: 'shipping' })).toHaveAttribute('href', '/support/shipping');
  },
};
export const WithPriceNoticeDe = inGerman({
  play: async ({ canvasElement }) => {
    await expect(notice(canvasElement)).toBe('inkl. MwSt., zzgl. Versandkosten');
    await expect(within(canvasElement).getByRole('link', { name: 'Versandkosten' })).toHaveAttribute('href', '/support/shipping');
  },
} satisfies Story);

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { css } from '../../styled-system/css';
import { IMAGE_DISPLAYS } from '../../src/ui/images';
import { ProductCard } from '../../src/ui/ProductCard';
import { IRON_TEE, SEAMLESS_LEGGINGS } from '../fixtures/products';
import { inGerman } from '../support';

/** One product of a grid (shop, featured block, related products), with the price notice of ADR 0023 and, on sale, the lowest price of the last 30 days (ADR 0027). */
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

const lines = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('article p')].map((p) => (p.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));

/** On sale: the struck price, then the lowest price of the 30 days before the reduction, then the price notice. */
export const OnSale: Story = {
  args: { product: SEAMLESS_LEGGINGS },
  play: async ({ canvasElement }) => {
    await expect(lines(canvasElement).slice(-3)).toEqual(['€44.99Was €59.99', 'Lowest price in the last 30 days: €49.99', 'incl. VAT, plus shipping']);
  },
};
export const OnSaleDe = inGerman({
  args: OnSale.args,
  play: async ({ canvasElement }) => {
    await expect(lines(canvasElement).slice(-3)).toEqual(['44,99 €Statt 59,99 €', 'Niedrigster Preis der letzten 30 Tage: 49,99 €', 'inkl. MwSt., zzgl. Versandkosten']);
  },
} satisfies Story);

/** Not on sale: no lowest-price line. */
export const NotOnSale: Story = {
  play: async ({ canvasElement }) => {
    await expect(lines(canvasElement).some((line) => line.includes('30 days'))).toBe(false);
  },
};

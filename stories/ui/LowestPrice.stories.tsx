import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { LowestPrice } from '../../src/ui/LowestPrice';
import { inGerman } from '../support';

/** § 11 PAngV (docs/adr/0027): the lowest price of the 30 days before a reduction, beside the struck price. */
const meta: Meta<typeof LowestPrice> = {
  title: 'UI/Lowest price',
  component: LowestPrice,
  args: { cents: 4999, currency: 'EUR' },
};
export default meta;
type Story = StoryObj<typeof LowestPrice>;

const text = (canvasElement: HTMLElement) => (canvasElement.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

export const Euro: Story = {
  play: async ({ canvasElement }) => {
    await expect(text(canvasElement)).toBe('Lowest price in the last 30 days: €49.99');
  },
};
export const EuroDe = inGerman({
  play: async ({ canvasElement }) => {
    await expect(text(canvasElement)).toBe('Niedrigster Preis der letzten 30 Tage: 49,99 €');
  },
} satisfies Story);

/** In the product's own currency, as its price. */
export const Pound: Story = {
  args: { cents: 1250, currency: 'GBP' },
  play: async ({ canvasElement }) => {
    await expect(text(canvasElement)).toBe('Lowest price in the last 30 days: £12.50');
  },
};

/** No reduction shown, no figure: nothing renders. */
export const NoReduction: Story = {
  args: { cents: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('p')).toBeNull();
  },
};

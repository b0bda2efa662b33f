import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { css } from '../../styled-system/css';
import { OrderLines } from '../../src/features/orders/OrderLines';
import { SHIPPED_ORDER } from '../fixtures/orders';
import { inGerman } from '../support';

/** What was ordered: size and colour (or flavour) when the line has them, quantity × unit price, the line's total. */
const meta: Meta<typeof OrderLines> = {
  title: 'Orders/Order lines',
  component: OrderLines,
  args: { lines: SHIPPED_ORDER.lines, currency: SHIPPED_ORDER.currency },
  decorators: [
    (Story) => (
      <main className={css({ maxW: '3xl', mx: 'auto', p: '4' })}>
        <Story />
      </main>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof OrderLines>;

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** Each line as read: its paragraphs (title, options, quantity) and its total. */
const linesIn = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => ({ text: [...item.querySelectorAll('p')].map(text), total: text(item.querySelector('p + span')), picture: item.querySelector('img') !== null }));

export const FourLines: Story = {
  play: async ({ canvasElement }) => {
    await expect(linesIn(canvasElement, 'Items in this order')).toEqual([
      { text: ['Grind Mode Oversized Tee', 'Size: M · Color: Black', 'Qty 2 × €34.99'], total: '€69.98', picture: true },
      { text: ['Whey Isolate', 'Size: 1 kg · Flavor: Chocolate', 'Qty 1 × €32.99'], total: '€32.99', picture: true },
      { text: ['Grind Shaker 700 ml', 'Color: Black', 'Qty 1 × €14.99'], total: '€14.99', picture: true },
      // Neither size nor colour, and no picture: a plain tile in its place.
      { text: ['No Pain Steel Bottle 750 ml', 'Qty 1 × €24.99'], total: '€24.99', picture: false },
    ]);
  },
};

export const FourLinesDe = inGerman({
  args: FourLines.args,
  play: async ({ canvasElement }) => {
    await expect(linesIn(canvasElement, 'Artikel dieser Bestellung')).toEqual([
      { text: ['Grind Mode Oversized Tee', 'Größe: M · Farbe: Schwarz', 'Menge 2 × 34,99 €'], total: '69,98 €', picture: true },
      { text: ['Whey Isolate', 'Größe: 1 kg · Geschmack: Schokolade', 'Menge 1 × 32,99 €'], total: '32,99 €', picture: true },
      { text: ['Grind Shaker 700 ml', 'Farbe: Schwarz', 'Menge 1 × 14,99 €'], total: '14,99 €', picture: true },
      { text: ['No Pain Steel Bottle 750 ml', 'Menge 1 × 24,99 €'], total: '24,99 €', picture: false },
    ]);
  },
} satisfies Story);

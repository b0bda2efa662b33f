import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { css } from '../../styled-system/css';
import { OrderTotals } from '../../src/features/orders/OrderTotals';
import { FREE_SHIPPING_ORDER, SHIPPED_ORDER } from '../fixtures/orders';
import { inGerman } from '../support';

const totalsOf = ({ subtotal, shipping, total, currency }: typeof SHIPPED_ORDER) => ({ subtotal, shipping, total, currency });

/** What an order was charged: subtotal, shipping ("Free" when nothing) and total. */
const meta: Meta<typeof OrderTotals> = {
  title: 'Orders/Order totals',
  component: OrderTotals,
  args: totalsOf(SHIPPED_ORDER),
  decorators: [
    (Story) => (
      <main className={css({ maxW: '3xl', mx: 'auto', p: '4' })}>
        <Story />
      </main>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof OrderTotals>;

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
/** The list as read: [term, amount] per row. */
const rows = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('dt')].map((dt) => [text(dt), text(dt.nextElementSibling)]);

export const ShippingCharged: Story = {
  play: async ({ canvasElement }) => {
    await expect(rows(canvasElement)).toEqual([
      ['Subtotal', '€142.95'],
      ['Shipping', '€12.99'],
      ['Total', '€155.94'],
    ]);
  },
};
export const FreeShipping: Story = {
  args: totalsOf(FREE_SHIPPING_ORDER),
  play: async ({ canvasElement }) => {
    await expect(rows(canvasElement)).toEqual([
      ['Subtotal', '€114.98'],
      ['Shipping', 'Free'],
      ['Total', '€114.98'],
    ]);
  },
};

export const ShippingChargedDe = inGerman({
  args: ShippingCharged.args,
  play: async ({ canvasElement }) => {
    await expect(rows(canvasElement)).toEqual([
      ['Zwischensumme', '142,95 €'],
      ['Versand', '12,99 €'],
      ['Gesamt', '155,94 €'],
    ]);
  },
} satisfies Story);
export const FreeShippingDe = inGerman({
  args: FreeShipping.args,
  play: async ({ canvasElement }) => {
    await expect(rows(canvasElement)).toEqual([
      ['Zwischensumme', '114,98 €'],
      ['Versand', 'Kostenlos'],
      ['Gesamt', '114,98 €'],
    ]);
  },
} satisfies Story);

/** ADR 0023: the VAT the total contains at the destination's rate (€114.98 to Germany: €18.36). */
export const VatContained: Story = {
  args: { ...totalsOf(FREE_SHIPPING_ORDER), vat: { rateBasisPoints: 1900, amount: 1836 } },
  play: async ({ canvasElement }) => {
    await expect(text(canvasElement.querySelector('dl + p'))).toBe('incl. 19 % VAT: €18.36');
  },
};
export const VatContainedDe = inGerman({
  args: { ...totalsOf(FREE_SHIPPING_ORDER), vat: { rateBasisPoints: 2550, amount: 2336 } },
  play: async ({ canvasElement }) => {
    await expect(text(canvasElement.querySelector('dl + p'))).toBe('enthält 25,5 % MwSt.: 23,36 €');
  },
} satisfies Story);

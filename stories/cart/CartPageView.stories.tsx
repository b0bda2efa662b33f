import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CartPageView } from '../../src/features/cart/CartPageView';
import { manyLines, mixedSizes, oneLine, subtotalOf } from '../fixtures/cart';
import { inGerman } from '../support';

const meta: Meta<typeof CartPageView> = {
  title: 'Cart/Cart page',
  component: CartPageView,
  parameters: { path: '/cart' },
  args: { items: oneLine, subtotal: subtotalOf(oneLine), currency: 'EUR', onSetQty: fn(), onRemove: fn() },
};
export default meta;
type Story = StoryObj<typeof CartPageView>;

export const Empty: Story = {
  args: { items: [], subtotal: 0, currency: 'USD' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    await expect(page.queryByRole('button', { name: 'Checkout' })).toBeNull();
  },
};

export const OneLine: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const summary = within(page.getByRole('region', { name: 'Order summary' }));
    await expect(summary.getByText('Subtotal')).toBeVisible();
    await expect(summary.getByText('Calculated at checkout')).toBeVisible();
    await expect(summary.getAllByText('€34.99')).toHaveLength(2);
    await expect(summary.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await expect(summary.getByText('Checkout is not available yet.')).toBeVisible();
    await expect(summary.getByText('30-day return policy')).toBeVisible();
    await expect(summary.getByText('Secure checkout with SSL encryption')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Increase quantity of Grind Mode Oversized Tee' }));
    await expect(args.onSetQty).toHaveBeenCalledWith('line-v-tee-black-m', 2);
    await userEvent.click(page.getByRole('button', { name: 'Remove Grind Mode Oversized Tee' }));
    await expect(args.onRemove).toHaveBeenCalledWith('line-v-tee-black-m');
  },
};

export const ManyLines: Story = {
  args: { items: manyLines, subtotal: subtotalOf(manyLines) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(within(page.getByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem')).toHaveLength(3);
    await expect(page.getAllByText('€152.95')).toHaveLength(2);
  },
};

export const MixedSizes: Story = {
  args: { items: mixedSizes, subtotal: subtotalOf(mixedSizes) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Size: L · Color: Black')).toBeVisible();
    await expect(page.getByText('€69.98')).toBeVisible();
  },
};

const germanPlay: Story['play'] = async ({ canvasElement, args }) => {
  const page = within(canvasElement);
  await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible();
  if (args.items.length === 0) {
    await expect(page.getByText('Dein Warenkorb ist leer')).toBeVisible();
    return;
  }
  const summary = within(page.getByRole('region', { name: 'Bestellübersicht' }));
  await expect(summary.getByText('Wird an der Kasse berechnet')).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Zur Kasse' })).toBeDisabled();
  await expect(summary.getByText('30 Tage Rückgaberecht')).toBeVisible();
};

export const EmptyDe = inGerman({ args: Empty.args, play: germanPlay });
export const OneLineDe = inGerman({ play: germanPlay });
export const ManyLinesDe = inGerman({ args: ManyLines.args, play: germanPlay });
export const MixedSizesDe = inGerman({ args: MixedSizes.args, play: germanPlay });

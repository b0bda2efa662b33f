import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CartDrawerView } from '../../src/features/cart/CartDrawerView';
import { manyLines, mixedSizes, oneLine, subtotalOf } from '../fixtures/cart';
import { inGerman } from '../support';

const meta: Meta<typeof CartDrawerView> = {
  title: 'Cart/Cart drawer',
  component: CartDrawerView,
  args: {
    open: true,
    items: oneLine,
    subtotal: subtotalOf(oneLine),
    currency: 'EUR',
    onOpenChange: fn(),
    onSetQty: fn(),
    onRemove: fn(),
    onViewCart: fn(),
    onContinueShopping: fn(),
  },
};
export default meta;
type Story = StoryObj<typeof CartDrawerView>;

/** The drawer is a dialog in a portal: look for it in the whole document. */
const drawer = async (canvasElement: HTMLElement, name: string) => within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name }));

export const Empty: Story = {
  args: { items: [], subtotal: 0, currency: 'USD' },
  play: async ({ canvasElement, args }) => {
    const dialog = await drawer(canvasElement, 'Shopping Cart');
    await expect(dialog.getByText('Your cart is empty')).toBeVisible();
    await expect(dialog.queryByText('Total')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Continue Shopping' }));
    await expect(args.onContinueShopping).toHaveBeenCalled();
  },
};

export const OneLine: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await drawer(canvasElement, 'Shopping Cart');
    await expect(dialog.getByText('Grind Mode Oversized Tee')).toBeVisible();
    await expect(dialog.getByText('Size: M · Color: Black')).toBeVisible();
    await expect(dialog.getAllByText('€34.99')).toHaveLength(2);
    await expect(dialog.getByRole('button', { name: 'Decrease quantity of Grind Mode Oversized Tee' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Increase quantity of Grind Mode Oversized Tee' }));
    await expect(args.onSetQty).toHaveBeenCalledWith('line-v-tee-black-m', 2);
    await userEvent.click(dialog.getByRole('button', { name: 'Remove Grind Mode Oversized Tee' }));
    await expect(args.onRemove).toHaveBeenCalledWith('line-v-tee-black-m');
    await expect(dialog.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const ManyLines: Story = {
  args: { items: manyLines, subtotal: subtotalOf(manyLines) },
  play: async ({ canvasElement, args }) => {
    const dialog = await drawer(canvasElement, 'Shopping Cart');
    await expect(dialog.getAllByRole('listitem')).toHaveLength(3);
    // 34.99 + 42.99 + 3 × 24.99
    await expect(dialog.getByText('€152.95')).toBeVisible();
    await expect(dialog.getByText((_, el) => el?.tagName === 'P' && el.textContent === '€24.99 each')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Decrease quantity of No Pain Steel Bottle 750 ml' }));
    await expect(args.onSetQty).toHaveBeenCalledWith('line-v-bottle', 2);
    await userEvent.click(dialog.getByRole('link', { name: 'View Cart' }));
    await expect(args.onViewCart).toHaveBeenCalled();
  },
};

export const MixedSizes: Story = {
  args: { items: mixedSizes, subtotal: subtotalOf(mixedSizes) },
  play: async ({ canvasElement, args }) => {
    const dialog = await drawer(canvasElement, 'Shopping Cart');
    for (const size of ['Size: M · Color: Black', 'Size: L · Color: Black', 'Size: XL · Color: Chalk']) await expect(dialog.getByText(size)).toBeVisible();
    await userEvent.click(dialog.getAllByRole('button', { name: 'Continue Shopping' })[0]);
    await expect(args.onContinueShopping).toHaveBeenCalled();
  },
};

const germanPlay =
  (lines: number): Story['play'] =>
  async ({ canvasElement }) => {
    const dialog = await drawer(canvasElement, 'Warenkorb');
    if (lines === 0) {
      await expect(dialog.getByText('Dein Warenkorb ist leer')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Weiter einkaufen' })).toBeVisible();
      return;
    }
    await expect(dialog.getAllByRole('listitem')).toHaveLength(lines);
    await expect(dialog.getByText('Gesamt')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Zum Warenkorb' })).toBeVisible();
    await expect(dialog.getByText(/Größe: M/)).toBeVisible();
  };

export const EmptyDe = inGerman({ args: Empty.args, play: germanPlay(0) });
export const OneLineDe = inGerman({ play: germanPlay(1) });
export const ManyLinesDe = inGerman({ args: ManyLines.args, play: germanPlay(3) });
export const MixedSizesDe = inGerman({ args: MixedSizes.args, play: germanPlay(3) });

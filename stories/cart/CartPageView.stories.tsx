import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CartPageView } from '../../src/features/checkout/CartPageView';
import { manyLines, mixedSizes, oneLine, subtotalOf } from '../fixtures/cart';
import { CHECKOUT_FAILURES, quoteFor } from '../fixtures/orders';
import { inGerman } from '../support';

/** /cart: the lines, and the order summary (its every quote and failure: Cart/Order summary, Cart/Checkout failures). */
const meta: Meta<typeof CartPageView> = {
  title: 'Cart/Cart page',
  component: CartPageView,
  parameters: { path: '/cart' },
  args: {
    items: oneLine,
    subtotal: subtotalOf(oneLine),
    currency: 'EUR',
    region: 'DE',
    quote: null,
    busy: false,
    failure: null,
    onSetQty: fn(),
    onRemove: fn(),
    onRegionChange: fn(),
    onCheckout: fn(),
  },
};
export default meta;
type Story = StoryObj<typeof CartPageView>;

const summaryIn = (canvasElement: HTMLElement, name: string) => within(within(canvasElement).getByRole('region', { name }));

export const Empty: Story = {
  args: { items: [], subtotal: 0, currency: 'USD' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    // Nothing to check out: no summary, no button.
    await expect(page.queryByRole('region', { name: 'Order summary' })).toBeNull();
    await expect(page.queryByRole('button', { name: 'Checkout' })).toBeNull();
  },
};

/** The rates are not known (yet, or could not be read): checking out still works. */
export const OneLine: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const summary = summaryIn(canvasElement, 'Order summary');
    await expect(summary.getByText('Subtotal')).toBeVisible();
    await expect(summary.getByText('Calculated at checkout')).toBeVisible();
    await expect(summary.getAllByText('€34.99')).toHaveLength(2);
    await expect(summary.getByRole('combobox', { name: 'Ship to' })).toHaveDisplayValue('Germany');
    await expect(summary.getByRole('alert')).toBeEmptyDOMElement();
    await expect(summary.getByText('30-day return policy')).toBeVisible();
    await expect(summary.getByText('Secure checkout with SSL encryption')).toBeVisible();
    await userEvent.click(summary.getByRole('button', { name: 'Checkout' }));
    await expect(args.onCheckout).toHaveBeenCalledTimes(1);
    await userEvent.click(page.getByRole('button', { name: 'Increase quantity of Grind Mode Oversized Tee' }));
    await expect(args.onSetQty).toHaveBeenCalledWith('line-v-tee-black-m', 2);
    await userEvent.click(page.getByRole('button', { name: 'Remove Grind Mode Oversized Tee' }));
    await expect(args.onRemove).toHaveBeenCalledWith('line-v-tee-black-m');
  },
};

export const BelowFreeShipping: Story = {
  args: { quote: quoteFor('DE', subtotalOf(oneLine)) },
  play: async ({ canvasElement, args }) => {
    const summary = summaryIn(canvasElement, 'Order summary');
    await expect(summary.getByText('€4.99')).toBeVisible();
    await expect(summary.getByText('€39.98')).toBeVisible();
    await expect(summary.getByText('€15.01').closest('p')).toHaveTextContent('Add €15.01 more for free shipping');
    await userEvent.selectOptions(summary.getByRole('combobox', { name: 'Ship to' }), 'EU');
    await expect(args.onRegionChange).toHaveBeenCalledWith('EU');
  },
};

/** €152.95 reaches even the USA's €150 threshold. */
export const ManyLines: Story = {
  args: { items: manyLines, subtotal: subtotalOf(manyLines), region: 'US', quote: quoteFor('US', subtotalOf(manyLines)) },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(within(page.getByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem')).toHaveLength(3);
    const summary = summaryIn(canvasElement, 'Order summary');
    await expect(summary.getByRole('combobox', { name: 'Ship to' })).toHaveDisplayValue('USA, Canada & worldwide');
    await expect(summary.getAllByText('€152.95')).toHaveLength(2);
    await expect(summary.getByText('Free')).toBeVisible();
    await expect(summary.getByText('€150.00').closest('p')).toHaveTextContent('Free shipping from €150.00');
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

export const Redirecting: Story = {
  args: { quote: quoteFor('DE', subtotalOf(oneLine)), busy: true },
  play: async ({ canvasElement }) => {
    const summary = summaryIn(canvasElement, 'Order summary');
    await expect(summary.getByRole('button', { name: 'Redirecting...' })).toBeDisabled();
    await expect(summary.getByRole('combobox', { name: 'Ship to' })).toBeDisabled();
  },
};

/** The shop refused a line: the message under the button names it, and the line is there to change. */
export const RefusedLine: Story = {
  args: { items: manyLines, subtotal: subtotalOf(manyLines), quote: quoteFor('DE', subtotalOf(manyLines)), failure: CHECKOUT_FAILURES.lastOne },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const summary = summaryIn(canvasElement, 'Order summary');
    await expect(summary.getByRole('alert')).toHaveTextContent('Only 1 left of No Pain Steel Bottle 750 ml. Lower the quantity to check out.');
    await userEvent.click(page.getByRole('button', { name: 'Decrease quantity of No Pain Steel Bottle 750 ml' }));
    await expect(args.onSetQty).toHaveBeenCalledWith('line-v-bottle', 2);
    await expect(summary.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  },
};

export const EmptyDe = inGerman({
  args: Empty.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible();
    await expect(page.getByText('Dein Warenkorb ist leer')).toBeVisible();
    await expect(page.queryByRole('button', { name: 'Zur Kasse' })).toBeNull();
  },
} satisfies Story);
export const OneLineDe = inGerman({
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Warenkorb' })).toBeVisible();
    const summary = summaryIn(canvasElement, 'Bestellübersicht');
    await expect(summary.getByText('Wird an der Kasse berechnet')).toBeVisible();
    await expect(summary.getAllByText('34,99 €')).toHaveLength(2);
    await expect(summary.getByRole('combobox', { name: 'Lieferung nach' })).toHaveDisplayValue('Deutschland');
    await expect(summary.getByRole('button', { name: 'Zur Kasse' })).toBeEnabled();
    await expect(summary.getByText('30 Tage Rückgaberecht')).toBeVisible();
  },
} satisfies Story);
export const BelowFreeShippingDe = inGerman({
  args: BelowFreeShipping.args,
  play: async ({ canvasElement }) => {
    const summary = summaryIn(canvasElement, 'Bestellübersicht');
    await expect(summary.getByText('4,99 €')).toBeVisible();
    await expect(summary.getByText('39,98 €')).toBeVisible();
    await expect(summary.getByText('15,01 €').closest('p')).toHaveTextContent('Noch 15,01 € bis zum kostenlosen Versand');
  },
} satisfies Story);
export const ManyLinesDe = inGerman({
  args: ManyLines.args,
  play: async ({ canvasElement }) => {
    const summary = summaryIn(canvasElement, 'Bestellübersicht');
    await expect(summary.getByRole('combobox', { name: 'Lieferung nach' })).toHaveDisplayValue('USA, Kanada & weltweit');
    await expect(summary.getAllByText('152,95 €')).toHaveLength(2);
    await expect(summary.getByText('Kostenlos')).toBeVisible();
    await expect(summary.getByText('150,00 €').closest('p')).toHaveTextContent('Kostenloser Versand ab 150,00 €');
  },
} satisfies Story);
export const MixedSizesDe = inGerman({
  args: MixedSizes.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Größe: L · Farbe: Schwarz')).toBeVisible();
    await expect(page.getByText('69,98 €')).toBeVisible();
  },
} satisfies Story);
export const RedirectingDe = inGerman({
  args: Redirecting.args,
  play: async ({ canvasElement }) => {
    await expect(summaryIn(canvasElement, 'Bestellübersicht').getByRole('button', { name: 'Du wirst weitergeleitet …' })).toBeDisabled();
  },
} satisfies Story);
export const RefusedLineDe = inGerman({
  args: RefusedLine.args,
  play: async ({ canvasElement }) => {
    const summary = summaryIn(canvasElement, 'Bestellübersicht');
    await expect(summary.getByRole('alert')).toHaveTextContent('Von No Pain Steel Bottle 750 ml ist nur noch 1 Stück da. Verringere die Menge, um zur Kasse zu gehen.');
    await expect(summary.getByRole('button', { name: 'Zur Kasse' })).toBeEnabled();
  },
} satisfies Story);

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { CartItem } from '../../machines/cartMachine';
import { type AddressDraft, EMPTY_ADDRESS } from '../../domain/address';
import { ReviewView } from '../../src/features/checkout/ReviewView';
import { shorts, subtotalOf, teeM } from '../fixtures/cart';
import { ADDRESSES, CHECKOUT_FAILURES, quoteFor } from '../fixtures/orders';
import { inGerman } from '../support';

/** A supplement's line: its flavour is its variant. */
const whey: CartItem = {
  id: 'line-v-whey',
  productId: 'p-whey',
  variantId: 'v-whey',
  title: 'Grind Whey 1 kg',
  price: 3499,
  image: null,
  size: null,
  color: 'Chocolate',
  qty: 2,
  currency: 'EUR',
};
const lines = [teeM, shorts, whey];
const subtotal = subtotalOf(lines);
const PREFILLED: AddressDraft = { ...EMPTY_ADDRESS, ...ADDRESSES.DE };

/**
 * /cart's review step (checkout machine: session.reviewing; docs/adr/0024): the delivery address,
 * each line with its features, shipping, the total incl. VAT, the address, the links — and directly
 * under them the order button. One story per state the machine can put it in.
 */
const meta: Meta<typeof ReviewView> = {
  title: 'Cart/Review step',
  component: ReviewView,
  parameters: { path: '/cart' },
  args: {
    items: lines,
    subtotal,
    currency: 'EUR',
    region: 'DE',
    quote: quoteFor('DE', subtotal),
    address: { ...EMPTY_ADDRESS, country: 'DE' },
    addressErrors: [],
    addressLoading: false,
    busy: false,
    failure: null,
    onAddressChange: fn(),
    onBack: fn(),
    onPlaceOrder: fn(),
  },
};
export default meta;
type Story = StoryObj<typeof ReviewView>;

const orderIn = (canvasElement: HTMLElement, name = 'Your order') => within(within(canvasElement).getByRole('region', { name }));

/** Nothing typed yet (a guest): the form is empty, Germany chosen as the region's only country. */
export const EmptyAddress: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    // The step opens with the focus on its heading.
    await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toHaveFocus();
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveAttribute('autocomplete', 'shipping name');
    await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveAttribute('autocomplete', 'shipping postal-code');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('Germany');
    const order = orderIn(canvasElement);
    const items = within(order.getByRole('list', { name: 'Items in your order' })).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Grind Mode Oversized Tee€34.99Size: M · Color: BlackQuantity: 1 × €34.99',
      'Beast Training Shorts€42.99Size: S · Color: EmberQuantity: 1 × €42.99',
      'Grind Whey 1 kg€69.98Flavor: ChocolateQuantity: 2 × €34.99',
    ]);
    await expect(order.getByText('Not entered yet')).toBeVisible();
    // The links, then the button with nothing in between.
    const legal = order.getByTestId('review-legal');
    await expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/terms', '/withdrawal', '/privacy']);
    await expect(legal.nextElementSibling).toBe(order.getByRole('button', { name: 'Place order and pay' }));
    await userEvent.type(page.getByRole('textbox', { name: 'City' }), 'K');
    await expect(args.onAddressChange).toHaveBeenCalledWith('city', 'K');
    await userEvent.click(page.getByRole('button', { name: 'Back to cart' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
    await userEvent.click(order.getByRole('button', { name: 'Place order and pay' }));
    await expect(args.onPlaceOrder).toHaveBeenCalledTimes(1);
  },
};

export const EmptyAddressInGerman: Story = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung überprüfen' })).toHaveFocus();
    const order = orderIn(canvasElement, 'Deine Bestellung');
    await expect(order.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeVisible();
    await expect(order.getByText('Geschmack: Schokolade', { exact: false })).toBeVisible();
    await expect(
      within(order.getByTestId('review-legal'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['AGB', 'Widerrufsbelehrung', 'Datenschutzerklärung']);
  },
});

/** A signed-in customer's last address is being looked up. */
export const LoadingAddress: Story = {
  args: { addressLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Filling in your last delivery address…')).toBeVisible();
  },
};

/** Their last order's address filled in: it is shown above the button as it will go on the parcel. */
export const Prefilled: Story = {
  args: { address: PREFILLED },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('textbox', { name: 'Address line 1' })).toHaveValue('Torstraße 12');
    await expect(orderIn(canvasElement).getByText(/Torstraße 12/, { selector: 'address' })).toHaveTextContent('Alex Kraft Torstraße 12 10119 Berlin Germany');
  },
};

/** The EU region: the shopper picks one of its countries. */
export const PrefilledEu: Story = {
  args: {
    region: 'EU',
    quote: quoteFor('EU', subtotal),
    address: { ...EMPTY_ADDRESS, name: 'Anna Gruber', line1: 'Mariahilfer Straße 1', postalCode: '1060', city: 'Wien', country: 'AT' },
  },
  play: async ({ canvasElement }) => {
    const country = within(canvasElement).getByRole('combobox', { name: 'Country' });
    await expect(country).toHaveDisplayValue('Austria');
    await expect(within(country).getAllByRole('option')[0]).toHaveTextContent('Choose a country');
    await expect(orderIn(canvasElement).getByText('incl. VAT of the destination country')).toBeVisible();
  },
};

/** The function refused the address: each problem under its field, and all of them in a list. */
export const FieldErrors: Story = {
  args: {
    address: { ...PREFILLED, name: '', postalCode: '1011' },
    addressErrors: [
      { field: 'name', message: 'Enter your full name.' },
      { field: 'postalCode', message: 'A German postcode has 5 digits, e.g. 10115.' },
    ],
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const postcode = page.getByRole('textbox', { name: 'Postcode' });
    await expect(postcode).toHaveAttribute('aria-invalid', 'true');
    await expect(postcode).toHaveAccessibleDescription('A German postcode has 5 digits, e.g. 10115.');
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription('Enter your full name.');
    await expect(page.getByRole('textbox', { name: 'City' })).not.toHaveAttribute('aria-invalid');
    const summary = within(page.getByRole('group', { name: 'Delivery address' })).getByRole('alert');
    await expect(summary).toHaveTextContent('Please check these fields:Enter your full name.A German postcode has 5 digits, e.g. 10115.');
  },
};

export const FieldErrorsInGerman: Story = inGerman({
  args: {
    address: { ...PREFILLED, postalCode: '1011' },
    addressErrors: [{ field: 'postalCode', message: 'Eine deutsche Postleitzahl hat 5 Ziffern, z. B. 10115.' }],
  },
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const page = within(canvasElement);
    const postcode = page.getByRole('textbox', { name: 'Postleitzahl' });
    await expect(postcode).toHaveAccessibleDescription('Eine deutsche Postleitzahl hat 5 Ziffern, z. B. 10115.');
    // One problem: the summary is that message alone.
    await expect(within(page.getByRole('group', { name: 'Lieferadresse' })).getByRole('alert')).toHaveTextContent(/^Eine deutsche Postleitzahl hat 5 Ziffern, z\. B\. 10115\.$/);
  },
});

/** The order button was pressed: the session is being created, nothing can be changed or pressed again. */
export const CreatingSession: Story = {
  args: { address: PREFILLED, busy: true },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const button = orderIn(canvasElement).getByRole('button', { name: 'Redirecting...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('textbox', { name: 'Full name' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Back to cart' })).toBeDisabled();
    await expect(args.onPlaceOrder).not.toHaveBeenCalled();
  },
};

/** The session could not be created: why, under the button, which tries again. */
export const Failed: Story = {
  args: { address: PREFILLED, failure: CHECKOUT_FAILURES.network },
  play: async ({ canvasElement, args }) => {
    const order = orderIn(canvasElement);
    await expect(order.getByRole('alert')).toHaveTextContent("We couldn't reach the checkout. Check your connection and try again — your cart is unchanged.");
    await userEvent.click(order.getByRole('button', { name: 'Place order and pay' }));
    await expect(args.onPlaceOrder).toHaveBeenCalledTimes(1);
  },
};

/** A line sold out meanwhile: named, and the way back to the cart to change it. */
export const FailedSoldOut: Story = {
  args: { address: PREFILLED, failure: CHECKOUT_FAILURES.soldOut },
  play: async ({ canvasElement }) => {
    await expect(orderIn(canvasElement).getByRole('alert')).toHaveTextContent('Beast Training Shorts is sold out. Remove it from your cart to check out.');
    await expect(within(canvasElement).getByRole('button', { name: 'Back to cart' })).toBeEnabled();
  },
};

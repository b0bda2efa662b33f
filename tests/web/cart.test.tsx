import { act, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine, selectCount, selectDrawerOpen, selectItems, type CartItem } from '../../machines/cartMachine';
import CartDrawerContainer from '../../src/features/cart/CartDrawerContainer';
import CartRoute from '../../src/features/checkout/CartRoute';
import { type AppServices, ServicesProvider } from '../../src/services/context';
import { CartDrawerView, type CartDrawerViewProps } from '../../src/features/cart/CartDrawerView';
import type { CartPageViewProps } from '../../src/features/checkout/CartPageView';
import { fakeAuth, fakeLocale, render, renderAt, renderCartPage } from './support';

vi.mock('../../src/api/checkout', () => ({ fetchShippingRates: vi.fn(() => new Promise(() => {})), createCheckoutSession: vi.fn() }));

const tee: CartItem = { id: 'line-v1', productId: 'p1', variantId: 'v1', title: 'Grind Tee', price: 2999, image: null, size: 'M', color: 'Black', qty: 1, currency: 'EUR' };
const shorts: CartItem = { id: 'line-v2', productId: 'p2', variantId: 'v2', title: 'Beast Shorts', price: 3500, image: null, size: 'L', color: null, qty: 2, currency: 'EUR' };

function drawer(overrides: Partial<CartDrawerViewProps> = {}) {
  const props: CartDrawerViewProps = {
    open: true,
    items: [tee, shorts],
    subtotal: 2999 + 7000,
    currency: 'EUR',
    onOpenChange: vi.fn(),
    onSetQty: vi.fn(),
    onRemove: vi.fn(),
    onViewCart: vi.fn(),
    onContinueShopping: vi.fn(),
    ...overrides,
  };
  render(<CartDrawerView {...props} />);
  return props;
}

const page = (overrides: Partial<CartPageViewProps> = {}) => renderCartPage({ items: [tee, shorts], subtotal: 9999, ...overrides });

describe('CartDrawerView', () => {
  it('lists the lines with prices and the total', async () => {
    drawer();
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    const list = within(dialog).getByRole('list', { name: 'Items in your cart' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getByText('€29.99')).toBeTruthy();
    // Line total 2 × €35.00 and the unit price.
    expect(within(dialog).getByText('€70.00')).toBeTruthy();
    expect(within(dialog).getByText('€35.00')).toBeTruthy();
    expect(within(dialog).getByText('€99.99')).toBeTruthy();
    expect(within(dialog).getByText('Size: M · Color: Black')).toBeTruthy();
    expect(within(dialog).getByText('Size: L')).toBeTruthy();
  });

  it('steps quantities, never offering to go below 1, and removes lines', async () => {
    const user = userEvent.setup();
    const props = drawer();
    await screen.findByRole('dialog');
    const decreaseTee = screen.getByRole('button', { name: 'Decrease quantity of Grind Tee' }) as HTMLButtonElement;
    expect(decreaseTee.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Grind Tee' }));
    expect(props.onSetQty).toHaveBeenLastCalledWith('line-v1', 2);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Beast Shorts' }));
    expect(props.onSetQty).toHaveBeenLastCalledWith('line-v2', 1);
    await user.click(screen.getByRole('button', { name: 'Remove Beast Shorts' }));
    expect(props.onRemove).toHaveBeenCalledWith('line-v2');
  });

  it('View Cart links to /cart and closes; Continue Shopping closes', async () => {
    const user = userEvent.setup();
    const props = drawer();
    const viewCart = await screen.findByRole('link', { name: 'View Cart' });
    expect(viewCart.getAttribute('href')).toBe('/cart');
    await user.click(viewCart);
    expect(props.onViewCart).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue Shopping' }));
    expect(props.onContinueShopping).toHaveBeenCalled();
  });

  it('Escape asks to close', async () => {
    const user = userEvent.setup();
    const props = drawer();
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(props.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows the empty state without a total', async () => {
    const user = userEvent.setup();
    const props = drawer({ items: [], subtotal: 0, currency: 'USD' });
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(within(dialog).getByText('Your cart is empty')).toBeTruthy();
    expect(within(dialog).queryByText('Total')).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'View Cart' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continue Shopping' }));
    expect(props.onContinueShopping).toHaveBeenCalled();
  });

  it('renders nothing while closed', () => {
    drawer({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('CartPageView', () => {
  it('shows the order summary, the notes and the checkout button', async () => {
    const user = userEvent.setup();
    const props = page();
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Subtotal')).toBeTruthy();
    expect(within(summary).getByText('Calculated at checkout')).toBeTruthy();
    expect(within(summary).getAllByText('€99.99')).toHaveLength(2);
    expect(within(summary).getByText('30-day return policy')).toBeTruthy();
    expect(within(summary).getByText('Secure checkout with SSL encryption')).toBeTruthy();
    const checkout = within(summary).getByRole('button', { name: 'Checkout' }) as HTMLButtonElement;
    expect(checkout.disabled).toBe(false);
    expect(within(summary).queryByText('Checkout is not available yet.')).toBeNull();
    await user.click(checkout);
    expect(props.onCheckout).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Beast Shorts' }));
    expect(props.onSetQty).toHaveBeenCalledWith('line-v2', 3);
    await user.click(screen.getByRole('button', { name: 'Remove Grind Tee' }));
    expect(props.onRemove).toHaveBeenCalledWith('line-v1');
    expect(document.title).toContain('Shopping Cart');
  });

  it('offers Continue Shopping to /shop when empty', () => {
    page({ items: [], subtotal: 0, currency: 'USD' });
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
  });
});

describe('CartDrawerContainer and CartRoute with the real cart', () => {
  function mount(ui: ReactNode, path: string) {
    const cart = createActor(cartMachine.provide({ actions: { persist: () => {} } }), { input: { items: [tee] } }).start();
    return { cart, location: renderAt(ui, path, { cart, auth: fakeAuth(null), locale: fakeLocale('en', 'DE') }) };
  }

  it('opens on add, steps through the machine, and Continue Shopping on /cart goes to /shop', async () => {
    const user = userEvent.setup();
    const { cart, location } = mount(<CartDrawerContainer />, '/cart');
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => cart.send({ type: 'cart.add', item: { productId: 'p2', variantId: 'v2', title: 'Beast Shorts', price: 3500, currency: 'EUR' } }));
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    await user.click(within(dialog).getByRole('button', { name: 'Increase quantity of Grind Tee' }));
    expect(selectCount(cart.getSnapshot())).toBe(3);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Beast Shorts' }));
    expect(selectCount(cart.getSnapshot())).toBe(2);
    await user.click(within(dialog).getByRole('button', { name: 'Continue Shopping' }));
    expect(selectDrawerOpen(cart.getSnapshot())).toBe(false);
    expect(location.history.at(-1)).toBe('/shop');
  });

  it('View Cart navigates to /cart and closes the drawer', async () => {
    const user = userEvent.setup();
    const { cart, location } = mount(<CartDrawerContainer />, '/');
    act(() => cart.send({ type: 'drawer.open' }));
    await user.click(await screen.findByRole('link', { name: 'View Cart' }));
    expect(location.history.at(-1)).toBe('/cart');
    expect(selectDrawerOpen(cart.getSnapshot())).toBe(false);
  });

  it('Continue Shopping elsewhere only closes', async () => {
    const user = userEvent.setup();
    const { cart, location } = mount(<CartDrawerContainer />, '/about');
    act(() => cart.send({ type: 'drawer.open' }));
    await user.click(await screen.findByRole('button', { name: 'Continue Shopping' }));
    expect(selectDrawerOpen(cart.getSnapshot())).toBe(false);
    expect(location.history).toEqual(['/about']);
  });

  it('traps focus while open; Escape closes and focus returns to the opener', async () => {
    const user = userEvent.setup();
    const { cart } = mount(<CartDrawerContainer />, '/');
    const services = { cart } as unknown as AppServices;
    render(
      <ServicesProvider services={services}>
        <button type="button" onClick={() => cart.send({ type: 'drawer.open' })}>
          Open cart
        </button>
      </ServicesProvider>,
    );
    const opener = screen.getByRole('button', { name: 'Open cart' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    await vi.waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(selectDrawerOpen(cart.getSnapshot())).toBe(false);
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('the /cart page edits the same cart', async () => {
    const user = userEvent.setup();
    const { cart } = mount(<CartRoute />, '/cart');
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Grind Tee' }));
    expect(selectItems(cart.getSnapshot())[0].qty).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Remove Grind Tee' }));
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
  });
});

import { i18n } from '@lingui/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { localeMachine } from '../../machines/localeMachine';
import type { AuthSession } from '../../machines/authMachine';
import { type CartItem, cartMachine, selectItems } from '../../machines/cartMachine';
import { AddressRefusalError, type CheckoutFailure, StockRefusalError } from '../../domain/checkout';
import { createCheckoutSession, fetchLastShippingAddress, fetchShippingRates } from '../../src/api/checkout';
import { ApiError } from '../../src/api/errors';
import CartRoute from '../../src/features/checkout/CartRoute';
import type { CartPageViewProps } from '../../src/features/checkout/CartPageView';
import { leaveForCheckout } from '../../src/features/checkout/leaveForCheckout';
import { SHIPPING_REGION_STORAGE_KEY } from '../../src/features/checkout/shippingRegionChoice';
import { activateAllCatalogs } from '../../src/i18n/i18n';
import { fakeAuth, fakeLocale, renderAt, renderCartPage } from './support';
import { SHIPPING_RATES as RATES } from '../../stories/fixtures/orders';

vi.mock('../../src/api/checkout', () => ({ fetchShippingRates: vi.fn(), createCheckoutSession: vi.fn(), fetchLastShippingAddress: vi.fn() }));
vi.mock('../../src/features/checkout/leaveForCheckout', () => ({ leaveForCheckout: vi.fn() }));

const tee: CartItem = { id: 'line-v1', productId: 'p1', variantId: 'v1', title: 'Grind Tee', price: 2999, image: null, size: 'M', color: 'Black', qty: 1, currency: 'EUR' };
const shorts: CartItem = { id: 'line-v2', productId: 'p2', variantId: 'v2', title: 'Beast Shorts', price: 3500, image: null, size: 'L', color: null, qty: 2, currency: 'EUR' };

const summary = () => within(screen.getByRole('region', { name: 'Order summary' }));
const row = (term: string) => summary().getByText(term, { selector: 'dt' }).parentElement as HTMLElement;
const checkoutButton = () => summary().getByRole('button', { name: /^(Checkout|Redirecting\.\.\.)$/ }) as HTMLButtonElement;
const alertText = () => summary().getByRole('alert').textContent;

describe('CartPageView checkout summary', () => {
  const page = (overrides: Partial<CartPageViewProps> = {}) => renderCartPage({ items: [tee], subtotal: 2999, ...overrides });

  it('rates unknown: "Calculated at checkout", the total is the subtotal, no free-shipping line', () => {
    page();
    expect(row('Shipping').textContent).toContain('Calculated at checkout');
    expect(row('Total').textContent).toContain('€29.99');
    expect(summary().queryByText(/free shipping/i)).toBeNull();
  });

  it('a quote: its shipping and total, and how much is missing for free shipping', () => {
    page({ quote: { shipping: 499, freeFrom: 5000, missingForFree: 2001, total: 3498 } });
    expect(row('Shipping').textContent).toBe('Shipping€4.99');
    expect(row('Total').textContent).toBe('Total€34.98');
    expect(summary().getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Add €20.01 more for free shipping')).toBeTruthy();
  });

  it('free shipping: "Free" and the threshold', () => {
    page({ items: [tee, shorts], subtotal: 9999, quote: { shipping: 0, freeFrom: 5000, missingForFree: 0, total: 9999 } });
    expect(row('Shipping').textContent).toBe('ShippingFree');
    expect(summary().getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Free shipping from €50.00')).toBeTruthy();
  });

  it('"Ship to" is a labelled select of the four regions; a choice is reported', async () => {
    const user = userEvent.setup();
    const props = page({ region: 'EU' });
    const select = summary().getByLabelText('Ship to') as HTMLSelectElement;
    expect(select.value).toBe('EU');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Germany', 'EU', 'United Kingdom', 'USA, Canada & worldwide']);
    await user.selectOptions(select, 'UK');
    expect(props.onRegionChange).toHaveBeenCalledWith('UK');
  });

  it('where the shop delivers and how one can pay, before the ordering starts (§ 312j (1) BGB)', () => {
    page();
    const line = summary().getByText((_, el) => el?.tagName === 'P' && (el.textContent ?? '').startsWith('We deliver only'));
    expect(line.textContent).toBe(
      'We deliver only to the countries of the regions under "Ship to" (Shipping info). You can pay with Visa, Mastercard, American Express, Discover, PayPal, Klarna, Bancontact, Revolut Pay, Google Pay, and EPS.',
    );
    expect(within(line).getByRole('link', { name: 'Shipping info' }).getAttribute('href')).toBe('/support/shipping');
  });

  it('busy: "Redirecting...", disabled, aria-busy', () => {
    page({ busy: true });
    const button = checkoutButton();
    expect(button.textContent).toBe('Redirecting...');
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(summary().queryByRole('button', { name: 'Checkout' })).toBeNull();
  });

  it.each<[CheckoutFailure, string]>([
    [{ kind: 'failed', message: 'Cart is empty' }, 'Failed to create checkout sessionCart is empty'],
    [{ kind: 'failed', message: '' }, 'Failed to create checkout session'],
    [{ kind: 'noUrl' }, 'No checkout URL received'],
    [{ kind: 'unknown' }, 'Something went wrong'],
    [{ kind: 'network' }, "We couldn't reach the checkout. Check your connection and try again — your cart is unchanged."],
    [{ kind: 'stock', code: 'sold_out', variantId: 'v1', available: 0, title: 'Grind Tee' }, 'Grind Tee is sold out. Remove it from your cart to check out.'],
    [{ kind: 'stock', code: 'insufficient_stock', variantId: 'v1', available: 1, title: 'Grind Tee' }, 'Only 1 left of Grind Tee. Lower the quantity to check out.'],
    [{ kind: 'stock', code: 'insufficient_stock', variantId: 'v1', available: 3, title: 'Grind Tee' }, 'Only 3 left of Grind Tee. Lower the quantity to check out.'],
    [{ kind: 'stock', code: 'unavailable', variantId: 'v1', available: 0, title: 'Grind Tee' }, 'Grind Tee is no longer available. Remove it from your cart to check out.'],
  ])('failure %j reads "%s" under the button', (failure, text) => {
    page({ failure });
    expect(alertText()).toBe(text);
    expect(checkoutButton().disabled).toBe(false);
  });

  it('no failure: the alert region is empty', () => {
    page();
    expect(alertText()).toBe('');
  });

  describe('in German', () => {
    beforeEach(() => activateAllCatalogs('de'));
    afterEach(() => i18n.activate('en'));
    const germanSummary = () => within(screen.getByRole('region', { name: 'Bestellübersicht' }));

    it('regions, shipping, the free-shipping line and the busy button', () => {
      page({ region: 'US', quote: { shipping: 1299, freeFrom: 15000, missingForFree: 12001, total: 4298 }, busy: true });
      const select = germanSummary().getByLabelText('Lieferung nach') as HTMLSelectElement;
      expect([...select.options].map((o) => o.textContent)).toEqual(['Deutschland', 'EU', 'Vereinigtes Königreich', 'USA, Kanada & weltweit']);
      expect(germanSummary().getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Noch 120,01\u00a0€ bis zum kostenlosen Versand')).toBeTruthy();
      expect(germanSummary().getByRole('button', { name: 'Du wirst weitergeleitet …' })).toBeTruthy();
    });

    it.each([
      [1, 'Von Grind Tee ist nur noch 1 Stück da. Verringere die Menge, um zur Kasse zu gehen.'],
      [4, 'Von Grind Tee sind nur noch 4 Stück da. Verringere die Menge, um zur Kasse zu gehen.'],
    ])('%i left: %s', (available, text) => {
      page({ failure: { kind: 'stock', code: 'insufficient_stock', variantId: 'v1', available, title: 'Grind Tee' } });
      expect(germanSummary().getByRole('alert').textContent).toBe(text);
    });
  });
});

describe('CartRoute checkout (fake api, real cart, auth and locale)', () => {
  const mockedRates = vi.mocked(fetchShippingRates);
  const mockedSession = vi.mocked(createCheckoutSession);
  const mockedLeave = vi.mocked(leaveForCheckout);
  const alex: AuthSession = { accessToken: 'a', refreshToken: 'r', expiresAt: 4_000_000_000, user: { id: 'u1', email: 'alex@example.test', fullName: null }, secondFactor: 'none' };

  beforeEach(() => {
    mockedRates.mockReset();
    mockedSession.mockReset();
    mockedLeave.mockReset();
    vi.mocked(fetchLastShippingAddress).mockReset();
    vi.mocked(fetchLastShippingAddress).mockResolvedValue(null);
    mockedRates.mockResolvedValue(RATES);
  });

  function mount({ items = [tee], country = null as string | null, session = null as AuthSession | null, locale = 'en' as 'en' | 'de' } = {}) {
    const cart = createActor(cartMachine.provide({ actions: { persist: () => {} } }), { input: { items } }).start();
    renderAt(<CartRoute />, '/cart', { cart, auth: fakeAuth(session), locale: fakeLocale(locale, country) });
    return cart;
  }

  it('the region follows the geolocated country; its quote is shown; a new choice is remembered', async () => {
    const user = userEvent.setup();
    mount({ country: 'FR' });
    const select = summary().getByLabelText('Ship to') as HTMLSelectElement;
    expect(select.value).toBe('EU');
    await waitFor(() => expect(row('Shipping').textContent).toBe('Shipping€7.99'));
    expect(row('Total').textContent).toBe('Total€37.98');
    expect(summary().getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Add €45.01 more for free shipping')).toBeTruthy();

    await user.selectOptions(select, 'UK');
    expect(row('Shipping').textContent).toBe('Shipping€9.99');
    expect(row('Total').textContent).toBe('Total€39.98');
    expect(localStorage.getItem(SHIPPING_REGION_STORAGE_KEY)).toBe('UK');

    await user.selectOptions(select, 'US');
    expect(row('Shipping').textContent).toBe('Shipping€12.99');
    await user.selectOptions(select, 'DE');
    expect(row('Shipping').textContent).toBe('Shipping€4.99');
    expect(localStorage.getItem(SHIPPING_REGION_STORAGE_KEY)).toBe('DE');
  });

  it('a remembered choice wins over the country; junk in storage is ignored', async () => {
    localStorage.setItem(SHIPPING_REGION_STORAGE_KEY, 'US');
    mount({ country: 'DE' });
    expect((summary().getByLabelText('Ship to') as HTMLSelectElement).value).toBe('US');
    await waitFor(() => expect(row('Shipping').textContent).toBe('Shipping€12.99'));
  });

  it('the country answering after the cart opened still sets the region, until the shopper has picked one', async () => {
    let answer: (country: string | null) => void = () => {};
    const locale = createActor(
      localeMachine.provide({
        actors: { fetchCountry: fromPromise(() => new Promise<string | null>((resolve) => (answer = resolve))) },
        actions: { persistLocale: () => {}, persistCountry: () => {} },
      }),
      { input: { param: 'en', stored: null, browserLanguages: [], storedCountry: null } },
    ).start();
    const cart = createActor(cartMachine.provide({ actions: { persist: () => {} } }), { input: { items: [tee] } }).start();
    renderAt(<CartRoute />, '/cart', { cart, auth: fakeAuth(null), locale });
    const select = summary().getByLabelText('Ship to') as HTMLSelectElement;
    expect(select.value).toBe('DE');
    await act(async () => answer('GB'));
    await waitFor(() => expect(select.value).toBe('UK'));
    await waitFor(() => expect(row('Shipping').textContent).toBe('Shipping€9.99'));
    expect(localStorage.getItem(SHIPPING_REGION_STORAGE_KEY)).toBeNull();
  });

  it('junk in storage and no country: Germany', () => {
    localStorage.setItem(SHIPPING_REGION_STORAGE_KEY, 'MARS');
    mount();
    expect((summary().getByLabelText('Ship to') as HTMLSelectElement).value).toBe('DE');
  });

  /** shipping_rates' USD rows as the migration seeds them. */
  const USD_RATES = [
    { region: 'DE', standardRate: 549, expressRate: 1099, freeFrom: 5500 },
    { region: 'EU', standardRate: 899, expressRate: 1649, freeFrom: 8500 },
    { region: 'UK', standardRate: 1099, expressRate: 2199, freeFrom: 11000 },
    { region: 'US', standardRate: 1399, expressRate: 2699, freeFrom: 16500 },
  ] as const;
  const ratesIn = async (currency: string) => (currency === 'USD' ? [...USD_RATES] : currency === 'EUR' ? RATES : []);

  it('an EUR cart is quoted from the EUR rates', async () => {
    mockedRates.mockImplementation(ratesIn);
    mount();
    await waitFor(() => expect(row('Shipping').textContent).toBe('Shipping€4.99'));
    expect(mockedRates.mock.calls).toEqual([['EUR']]);
  });

  it('a USD cart is quoted in dollars from the USD rates', async () => {
    mockedRates.mockImplementation(ratesIn);
    const user = userEvent.setup();
    mount({ items: [{ ...tee, currency: 'USD' }] });
    await waitFor(() => expect(row('Shipping').textContent).toBe('Shipping$5.49'));
    expect(mockedRates.mock.calls).toEqual([['USD']]);
    expect(row('Total').textContent).toBe('Total$35.48');
    expect(summary().getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Add $25.01 more for free shipping')).toBeTruthy();
    await user.selectOptions(summary().getByLabelText('Ship to'), 'US');
    expect(row('Shipping').textContent).toBe('Shipping$13.99');
    expect(summary().queryByText(/€/)).toBeNull();
  });

  it('a cart that changes currency is quoted from the new currency’s rates; the chosen region stays', async () => {
    mockedRates.mockImplementation(ratesIn);
    const user = userEvent.setup();
    const cart = mount();
    await waitFor(() => expect(row('Shipping').textContent).toBe('Shipping€4.99'));
    await user.selectOptions(summary().getByLabelText('Ship to'), 'UK');
    act(() => {
      cart.send({ type: 'cart.remove', id: tee.id });
      cart.send({ type: 'cart.add', item: { ...tee, currency: 'USD' } });
    });
    await waitFor(() => expect(row('Shipping').textContent).toBe('Shipping$10.99'));
    expect(mockedRates.mock.calls).toEqual([['EUR'], ['USD']]);
    expect((summary().getByLabelText('Ship to') as HTMLSelectElement).value).toBe('UK');
  });

  it('a currency without rates: "Calculated at checkout"', async () => {
    mockedRates.mockImplementation(ratesIn);
    mount({ items: [{ ...tee, currency: 'CHF' }] });
    await waitFor(() => expect(mockedRates).toHaveBeenCalledWith('CHF'));
    expect(row('Shipping').textContent).toContain('Calculated at checkout');
  });

  /** The review step's parts. */
  const review = () => within(screen.getByRole('region', { name: 'Your order' }));
  const orderButton = () => review().getByRole('button', { name: /^(Place order and pay|Redirecting\.\.\.)$/ }) as HTMLButtonElement;
  const failureText = () => review().getByRole('alert').textContent;
  const ERIKA = { 'Full name': 'Erika Mustermann', 'Address line 1': 'Heidestraße 17', Postcode: '51147', City: 'Köln' };
  /** Checkout, then the delivery address typed (the region's only country is chosen already). */
  async function openReviewAndType(user: ReturnType<typeof userEvent.setup>, fields: Record<string, string> = ERIKA) {
    await user.click(checkoutButton());
    for (const [name, value] of Object.entries(fields)) await user.type(screen.getByRole('textbox', { name }), value);
  }

  it('rates that cannot be loaded: "Calculated at checkout", and checkout still works', async () => {
    mockedRates.mockRejectedValue(new ApiError('network', 'Failed to fetch'));
    mockedSession.mockResolvedValue({ url: 'https://pay.example/cs_1', sessionId: 'cs_1' });
    mount();
    await waitFor(() => expect(mockedRates).toHaveBeenCalled());
    expect(row('Shipping').textContent).toContain('Calculated at checkout');
    expect(row('Total').textContent).toBe('Total€29.99');
    const user = userEvent.setup();
    await openReviewAndType(user);
    await user.click(orderButton());
    await waitFor(() => expect(mockedLeave).toHaveBeenCalledWith('https://pay.example/cs_1'));
  });

  it('Checkout opens the review (no session); the focus goes to its heading, and back to Checkout on "Back to cart"', async () => {
    const user = userEvent.setup();
    mount({ items: [tee, shorts], country: 'DE' });
    await waitFor(() => expect(row('Shipping').textContent).not.toContain('Calculated'));
    await user.click(checkoutButton());
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Review your order' }));
    expect(mockedSession).not.toHaveBeenCalled();
    // Each line with its features, quantity, unit price and total; shipping; total with VAT; the links; the button right after them.
    const lines = within(review().getByRole('list', { name: 'Items in your order' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual(['Grind Tee€29.99Size: M · Color: BlackQuantity: 1 × €29.99', 'Beast Shorts€70.00Size: LQuantity: 2 × €35.00']);
    expect(review().getByText('Shipping').nextElementSibling?.textContent).toBe('Free');
    expect(review().getByText('Total').nextElementSibling?.textContent).toBe('€99.99');
    expect(review().getByText(/incl\. 19 % VAT/).textContent).toBe('incl. 19 % VAT: €15.96');
    // When the goods arrive (Art. 246a § 1 (1) EGBGB): Germany's delivery time.
    expect(review().getByText(/^Delivery time:/).textContent).toBe('Delivery time: 2–5 business days after dispatch.');
    const legal = review().getByTestId('review-legal');
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/terms', '/withdrawal', '/privacy']);
    expect(legal.nextElementSibling).toBe(orderButton());
    await user.click(screen.getByRole('button', { name: 'Back to cart' }));
    await waitFor(() => expect(document.activeElement).toBe(checkoutButton()));
  });

  it('the order button: one session however fast the clicks, with the address; "Redirecting..." while busy, then off to the payment page', async () => {
    let answer: (value: { url: string | null; sessionId: string | null }) => void = () => {};
    mockedSession.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    mount({ items: [tee, shorts], country: 'GB', locale: 'de' });
    await waitFor(() => expect(row('Shipping').textContent).not.toContain('Calculated'));
    await openReviewAndType(user, { 'Full name': 'Oliver Smith', 'Address line 1': '10 Downing Street', Postcode: 'SW1A 2AA', City: 'London' });
    await user.dblClick(orderButton());
    await user.click(orderButton());
    expect(mockedSession).toHaveBeenCalledTimes(1);
    expect(mockedSession).toHaveBeenCalledWith({
      userId: null,
      email: null,
      items: [
        { variantId: 'v1', qty: 1 },
        { variantId: 'v2', qty: 2 },
      ],
      successUrl: `${window.location.origin}/orders`,
      cancelUrl: `${window.location.origin}/cart`,
      shippingRegion: 'UK',
      locale: 'de',
      shippingAddress: { name: 'Oliver Smith', line1: '10 Downing Street', postalCode: 'SW1A 2AA', city: 'London', country: 'GB' },
    });
    expect(orderButton().textContent).toBe('Redirecting...');
    expect(orderButton().disabled).toBe(true);
    expect(orderButton().getAttribute('aria-busy')).toBe('true');

    act(() => answer({ url: 'https://pay.example/cs_1', sessionId: 'cs_1' }));
    await waitFor(() => expect(mockedLeave).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(mockedLeave).toHaveBeenCalledTimes(1);
    expect(orderButton().textContent).toBe('Redirecting...');

    // The back button brings the page back from the browser's cache: the cart, its button working again.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(checkoutButton().textContent).toBe('Checkout');
    expect(checkoutButton().disabled).toBe(false);
  });

  it('a page shown afresh (not from the cache) changes nothing', async () => {
    mockedSession.mockResolvedValue({ url: 'https://pay.example/cs_1', sessionId: 'cs_1' });
    mount();
    const user = userEvent.setup();
    await openReviewAndType(user);
    await user.click(orderButton());
    await waitFor(() => expect(mockedLeave).toHaveBeenCalled());
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    expect(orderButton().textContent).toBe('Redirecting...');
  });

  it('signed in: the buyer is the user, and their last address fills the review', async () => {
    vi.mocked(fetchLastShippingAddress).mockResolvedValue({ name: 'Alex Muster', line1: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' });
    mockedSession.mockResolvedValue({ url: 'https://pay.example/cs_2', sessionId: 'cs_2' });
    mount({ session: alex, country: 'DE' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Full name' }) as HTMLInputElement).value).toBe('Alex Muster'));
    expect(vi.mocked(fetchLastShippingAddress)).toHaveBeenCalledWith('u1');
    expect(screen.getByRole('group', { name: 'Delivery address' })).toBeTruthy();
    expect(review().getByText(/Hauptstraße 1/, { selector: 'address' }).textContent).toBe('Alex Muster\nHauptstraße 1\n10115 Berlin\nGermany');
    await user.click(orderButton());
    await waitFor(() => expect(mockedSession).toHaveBeenCalled());
    expect(mockedSession.mock.lastCall?.[0]).toMatchObject({
      userId: 'u1',
      email: 'alex@example.test',
      shippingRegion: 'DE',
      locale: 'en',
      shippingAddress: { name: 'Alex Muster', city: 'Berlin' },
    });
  });

  it('a refused address: each problem under its field and in the list; no redirect; fixing the field clears it', async () => {
    mockedSession.mockRejectedValueOnce(
      new AddressRefusalError(
        [
          { field: 'name', message: 'Enter your full name.' },
          { field: 'postalCode', message: 'A German postcode has 5 digits, e.g. 10115.' },
        ],
        'The shipping address cannot be used',
      ),
    );
    const user = userEvent.setup();
    mount({ country: 'DE' });
    await openReviewAndType(user, { 'Address line 1': 'Heidestraße 17', Postcode: '1234', City: 'Köln' });
    await user.click(orderButton());
    const postcode = await screen.findByRole('textbox', { name: 'Postcode' });
    await waitFor(() => expect(postcode.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(postcode.getAttribute('aria-describedby') ?? '')?.textContent).toBe('A German postcode has 5 digits, e.g. 10115.');
    expect(screen.getByRole('textbox', { name: 'Full name' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(screen.getByRole('group', { name: 'Delivery address' })).getByRole('alert').textContent).toBe(
      'Please check these fields:Enter your full name.A German postcode has 5 digits, e.g. 10115.',
    );
    expect(mockedLeave).not.toHaveBeenCalled();
    await user.type(postcode, '5');
    expect(postcode.getAttribute('aria-invalid')).toBeNull();
  });

  it.each<[string, () => void, string]>([
    ['a function error', () => mockedSession.mockRejectedValue(new ApiError('invalid', 'Unknown shipping region')), 'Failed to create checkout sessionUnknown shipping region'],
    ['no url', () => mockedSession.mockResolvedValue({ url: null, sessionId: null }), 'No checkout URL received'],
    [
      'no connection',
      () => mockedSession.mockRejectedValue(new ApiError('network', 'Failed to send a request to the Edge Function')),
      "We couldn't reach the checkout. Check your connection and try again — your cart is unchanged.",
    ],
    ['anything else', () => mockedSession.mockRejectedValue(new Error('boom')), 'Something went wrong'],
  ])('%s: the message under the order button, the cart as it was, and the button again', async (_, arrange, text) => {
    arrange();
    const cart = mount({ items: [tee, shorts] });
    const before = selectItems(cart.getSnapshot());
    const user = userEvent.setup();
    await openReviewAndType(user);
    await user.click(orderButton());
    await waitFor(() => expect(failureText()).toBe(text));
    expect(selectItems(cart.getSnapshot())).toBe(before);
    expect(orderButton().textContent).toBe('Place order and pay');
    expect(orderButton().disabled).toBe(false);
    expect(mockedLeave).not.toHaveBeenCalled();
  });

  it('a sold-out line is named; the cart is untouched; changing the cart returns to it', async () => {
    mockedSession.mockRejectedValue(new StockRefusalError('sold_out', 'v2', 0, 'Beast Shorts is sold out'));
    const user = userEvent.setup();
    const cart = mount({ items: [tee, shorts] });
    const before = selectItems(cart.getSnapshot());
    await openReviewAndType(user);
    await user.click(orderButton());
    await waitFor(() => expect(failureText()).toBe('Beast Shorts is sold out. Remove it from your cart to check out.'));
    expect(selectItems(cart.getSnapshot())).toBe(before);
    await user.click(screen.getByRole('button', { name: 'Back to cart' }));
    await user.click(screen.getByRole('button', { name: 'Remove Beast Shorts' }));
    expect(alertText()).toBe('');
  });

  it('too few left: the count and the product; lowering the quantity and ordering again goes through, the address kept', async () => {
    mockedSession.mockRejectedValueOnce(new StockRefusalError('insufficient_stock', 'v2', 1, 'Not enough stock'));
    mockedSession.mockResolvedValueOnce({ url: 'https://pay.example/cs_3', sessionId: 'cs_3' });
    const user = userEvent.setup();
    const cart = mount({ items: [tee, shorts] });
    await openReviewAndType(user);
    await user.click(orderButton());
    await waitFor(() => expect(failureText()).toBe('Only 1 left of Beast Shorts. Lower the quantity to check out.'));
    expect(selectItems(cart.getSnapshot()).find((line) => line.variantId === 'v2')?.qty).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Back to cart' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Beast Shorts' }));
    await user.click(checkoutButton());
    expect((screen.getByRole('textbox', { name: 'Full name' }) as HTMLInputElement).value).toBe('Erika Mustermann');
    await user.click(orderButton());
    await waitFor(() => expect(mockedLeave).toHaveBeenCalledWith('https://pay.example/cs_3'));
    expect(mockedSession.mock.lastCall?.[0].items).toEqual([
      { variantId: 'v1', qty: 1 },
      { variantId: 'v2', qty: 1 },
    ]);
  });

  it('a line no longer sold is named', async () => {
    mockedSession.mockRejectedValue(new StockRefusalError('unavailable', 'v1', 0, 'Not available'));
    mount({ items: [tee, shorts] });
    const user = userEvent.setup();
    await openReviewAndType(user);
    await user.click(orderButton());
    await waitFor(() => expect(failureText()).toBe('Grind Tee is no longer available. Remove it from your cart to check out.'));
  });

  it('an empty cart offers no checkout and asks for nothing', () => {
    mount({ items: [] });
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Checkout' })).toBeNull();
    expect(mockedSession).not.toHaveBeenCalled();
  });
});

import { i18n } from '@lingui/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { createActor } from 'xstate';
import type { AuthSession } from '../../machines/authMachine';
import { type CartItem, cartMachine, selectItems } from '../../machines/cartMachine';
import { ORDER_POLL_ATTEMPTS, ORDER_POLL_INTERVAL_MS, type OrderDetail, type OrderSummary } from '../../domain/orders';
import { ApiError } from '../../src/api/errors';
import { checkoutSessionNeedsSignIn, fetchOrderByNumber, fetchOrderBySession, fetchOrders, fetchOrderTimeline, fetchOwnOrderBySession } from '../../src/api/orders';
import { AppRoutes } from '../../src/app/routes';
import { activateAllCatalogs } from '../../src/i18n/i18n';
import { CheckoutNotice, type CheckoutNoticeProps } from '../../src/features/orders/CheckoutNotice';
import { GuestConfirmationView, type GuestConfirmationViewProps } from '../../src/features/orders/GuestConfirmationView';
import OrderDetailRoute from '../../src/features/orders/OrderDetailRoute';
import { OrderDetailView, type OrderDetailViewProps } from '../../src/features/orders/OrderDetailView';
import OrdersRoute from '../../src/features/orders/OrdersRoute';
import { OrdersView, type OrdersViewProps } from '../../src/features/orders/OrdersView';
import { parseOrdersSearch, signInHref, withSearch } from '../../src/features/orders/url';
import { fakeAuth, render, renderAt } from './support';

vi.mock('../../src/api/orders', () => ({
  fetchOrders: vi.fn(),
  fetchOrderByNumber: vi.fn(),
  fetchOrderTimeline: vi.fn(),
  fetchOrderBySession: vi.fn(),
  fetchOwnOrderBySession: vi.fn(),
  checkoutSessionNeedsSignIn: vi.fn(),
}));

const older: OrderSummary = {
  id: 'o1',
  orderNumber: 'NPNG-100001',
  status: 'delivered',
  createdAt: '2025-03-14T10:00:00Z',
  total: 4498,
  currency: 'EUR',
  checkoutSessionId: 'cs_local_old',
};
const newer: OrderSummary = {
  id: 'o2',
  orderNumber: 'NPNG-100002',
  status: 'processing',
  createdAt: '2025-04-02T09:30:00Z',
  total: 15999,
  currency: 'EUR',
  checkoutSessionId: 'cs_local_new',
};
const paid: OrderDetail = {
  id: 'o3',
  orderNumber: 'NPNG-100003',
  status: 'paid',
  createdAt: '2025-05-20T12:00:00Z',
  total: 6497,
  currency: 'EUR',
  checkoutSessionId: 'cs_local_abc',
  subtotal: 5998,
  shipping: 499,
  shippingRegion: 'DE',
  email: 'guest@example.test',
  lines: [{ title: 'Grind Tee', titleDe: null, size: 'M', color: 'Black', qty: 2, unitPrice: 2999, lineTotal: 5998, image: '/img/tee.png' }],
  shippingAddress: { name: 'Sam Guest', line1: 'Lindenstraße 5', line2: 'Hinterhaus', postalCode: '20095', city: 'Hamburg', country: 'DE' },
  refundedTotal: 0,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  shippedAt: null,
};
const free: OrderDetail = {
  ...paid,
  id: 'o1',
  orderNumber: 'NPNG-100001',
  status: 'shipped',
  shipping: 0,
  subtotal: 8997,
  total: 8997,
  shippingRegion: 'UK',
  shippingAddress: { name: 'Alex Kraft', line1: '221B Baker Street', postalCode: 'NW1 6XE', city: 'London', country: 'GB', phone: '+44 20 7946 0000' },
  lines: [
    { title: 'Grind Tee', titleDe: null, size: 'L', color: 'Stone Grey', qty: 1, unitPrice: 2999, lineTotal: 2999, image: null },
    { title: 'Iron Shaker', titleDe: null, size: null, color: null, qty: 2, unitPrice: 2999, lineTotal: 5998, image: '/img/shaker.png' },
  ],
};
/** The same order as the signed-in customer (alex) places it: the checkout takes the account's address. */
const paidByAlex: OrderDetail = { ...paid, email: 'alex@example.test' };
const tee: CartItem = { id: 'line-v1', productId: 'p1', variantId: 'v1', title: 'Grind Tee', price: 2999, image: null, size: 'M', color: 'Black', qty: 2, currency: 'EUR' };
const alex: AuthSession = { accessToken: 'a', refreshToken: 'r', expiresAt: 4_000_000_000, user: { id: 'u1', email: 'alex@example.test', fullName: null }, secondFactor: 'none' };

const main = () => screen.getByRole('heading', { level: 1 }).closest('div') as HTMLElement;
const texts = (elements: HTMLElement[]) => elements.map((el) => el.textContent);

describe('orders URL', () => {
  it.each([
    ['', null],
    ['session_id=cs_local_abc', 'cs_local_abc'],
    ['?session_id=cs_test_a1B2', 'cs_test_a1B2'],
    ['session_id=garbage', null],
    ['session_id=cs_%3Cscript%3E', null],
    ['session_id=', null],
  ])('%j → session %s', (search, sessionId) => {
    expect(parseOrdersSearch(search)).toEqual({ sessionId });
  });

  it('the sign-in link comes back to the page, query and all', () => {
    expect(signInHref(withSearch('/orders', 'session_id=cs_local_abc'))).toBe('/auth?next=%2Forders%3Fsession_id%3Dcs_local_abc');
    expect(signInHref(withSearch('/orders', ''))).toBe('/auth?next=%2Forders');
  });
});

describe('OrdersView', () => {
  function view(overrides: Partial<OrdersViewProps> = {}) {
    const props: OrdersViewProps = { status: 'loaded', orders: [newer, older], onRetry: vi.fn(), ...overrides };
    render(<OrdersView {...props} />);
    return props;
  }

  it('a card per order: number, status, date, total and View Details; back to the account', () => {
    view();
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeTruthy();
    expect(document.title).toContain('My Orders');
    expect(screen.getByRole('link', { name: 'Back to account' }).getAttribute('href')).toBe('/account');
    const cards = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Order NPNG-100002', 'Order NPNG-100001']);
    const [first, second] = cards;
    expect(within(first).getByText('Processing')).toBeTruthy();
    expect(first.textContent).toContain('Placed on April 2, 2025');
    expect(first.textContent).toContain('€159.99');
    expect(within(second).getByText('Delivered')).toBeTruthy();
    expect(second.textContent).toContain('Placed on March 14, 2025');
    const details = within(first).getByRole('link', { name: /^View Details/ });
    expect(details.textContent).toBe('View Details');
    expect(details.getAttribute('href')).toBe('/orders/NPNG-100002');
  });

  it('status names are translated; an unknown status is capitalised as it is', () => {
    const statuses = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded', 'on hold'];
    view({ orders: statuses.map((status, i) => ({ ...older, id: `o${i}`, orderNumber: `NPNG-${i}`, status })) });
    const badges = screen.getAllByRole('article').map((card) => within(card).getByRole('heading').nextElementSibling as HTMLElement);
    expect(texts(badges)).toEqual(['Pending', 'Paid', 'Processing', 'Shipped', 'Delivered', 'Cancelled', 'Refunded', 'On hold']);
    // SPEC §4 colours: processing yellow, shipped blue, delivered green, cancelled red, the rest neutral.
    expect(badges.map((badge) => /bg_(warning|info|success|danger|surface\.raised)/.exec(badge.className)?.[1])).toEqual([
      'surface.raised',
      'surface.raised',
      'warning',
      'info',
      'success',
      'danger',
      'surface.raised',
      'surface.raised',
    ]);
  });

  it('an order in another currency is shown in it', () => {
    view({ orders: [{ ...older, currency: 'USD', total: 1250 }] });
    expect(screen.getByRole('article').textContent).toContain('$12.50');
  });

  it('loading: the spinner', () => {
    view({ status: 'loading', orders: [] });
    expect(screen.getByRole('status').textContent).toBe('Loading your orders...');
    expect(screen.queryByText('No orders yet')).toBeNull();
  });

  it('failed: the message and Try again', async () => {
    const props = view({ status: 'failed', orders: [] });
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load your orders.");
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(props.onRetry).toHaveBeenCalledTimes(1);
  });

  it('empty: No orders yet and Start Shopping', () => {
    view({ orders: [] });
    expect(screen.getByText('No orders yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/shop');
  });

  it('an order found by polling shows while the rest load, with the notice above', () => {
    view({ status: 'loading', orders: [older], notice: <p>the notice</p> });
    expect(screen.getByText('Loading your orders...')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('the notice')).toBeTruthy();
  });
});

describe('in German', () => {
  beforeEach(() => activateAllCatalogs('de'));
  afterEach(() => i18n.activate('en'));

  it('the list: heading, way back, status, date and total as a German reader writes them', () => {
    render(<OrdersView status="loaded" orders={[newer, { ...older, status: 'refunded' }]} onRetry={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Meine Bestellungen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zum Konto' })).toBeTruthy();
    const [first, second] = screen.getAllByRole('article');
    expect(within(first).getByRole('heading').textContent).toBe('Bestellung NPNG-100002');
    expect(within(first).getByText('In Bearbeitung')).toBeTruthy();
    expect(first.textContent).toContain('Bestellt am 2. April 2025');
    expect(first.textContent).toContain('159,99\u00a0€');
    expect(within(first).getByRole('link', { name: /^Details ansehen/ })).toBeTruthy();
    expect(within(second).getByText('Erstattet')).toBeTruthy();
  });

  it('an order: region, free shipping and the lines', () => {
    render(<OrderDetailView status="found" orderNumber="NPNG-100001" order={free} timeline={[]} onRetry={() => {}} />);
    expect(screen.getByText('Versandt')).toBeTruthy();
    expect(screen.getByText('Lieferung nach: Vereinigtes Königreich')).toBeTruthy();
    expect(screen.getByText('Kostenlos')).toBeTruthy();
    expect(screen.getAllByRole('listitem')[0].textContent).toContain('Größe: L · Farbe: Steingrau');
  });
});

describe('a line’s title', () => {
  /** The tee has a German title, the shaker none. */
  const bilingual: OrderDetail = { ...free, lines: [{ ...free.lines[0], titleDe: 'Grind-Shirt' }, free.lines[1]] };
  const titles = () =>
    within(screen.getByRole('list', { name: /^(Items in this order|Artikel dieser Bestellung)$/ }))
      .getAllByRole('listitem')
      .map((line) => line.querySelector('p')?.textContent);

  afterEach(() => i18n.activate('en'));

  it('is the German one on a German page, the stored English one where the product has none', async () => {
    await activateAllCatalogs('de');
    render(<OrderDetailView status="found" orderNumber="NPNG-100001" order={bilingual} timeline={[]} onRetry={() => {}} />);
    expect(titles()).toEqual(['Grind-Shirt', 'Iron Shaker']);
    expect(document.body.textContent).not.toContain('Grind Tee');
  });

  it('is the English one on an English page', () => {
    render(<OrderDetailView status="found" orderNumber="NPNG-100001" order={bilingual} timeline={[]} onRetry={() => {}} />);
    expect(titles()).toEqual(['Grind Tee', 'Iron Shaker']);
    expect(document.body.textContent).not.toContain('Grind-Shirt');
  });

  it('is German on a German guest confirmation too', async () => {
    await activateAllCatalogs('de');
    render(<GuestConfirmationView status="found" order={{ ...paid, lines: bilingual.lines.slice(0, 1) }} signInHref="/auth" onRefresh={() => {}} />);
    expect(titles()).toEqual(['Grind-Shirt']);
  });
});

describe('CheckoutNotice', () => {
  function notice(overrides: Partial<CheckoutNoticeProps> = {}) {
    const props: CheckoutNoticeProps = { status: 'looking', orderNumber: null, onRefresh: vi.fn(), ...overrides };
    render(<CheckoutNotice {...props} />);
    return props;
  }

  it.each(['looking', 'waiting'] as const)('%s: Confirming your order…', (status) => {
    notice({ status });
    expect(screen.getByRole('status').textContent).toBe('Confirming your order…');
  });

  it('found: the thank-you with the number', () => {
    notice({ status: 'found', orderNumber: 'NPNG-100003' });
    expect(screen.getByRole('status').textContent).toBe('Thank you! Your order NPNG-100003 is confirmed.');
  });

  it('not yet: the calm note and Refresh, no alert', async () => {
    const props = notice({ status: 'notYet' });
    expect(screen.getByRole('status').textContent).toContain('Your payment was received; your order will appear here shortly.');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(props.onRefresh).toHaveBeenCalledTimes(1);
  });
});

describe('GuestConfirmationView', () => {
  function view(overrides: Partial<GuestConfirmationViewProps> = {}) {
    const props: GuestConfirmationViewProps = {
      status: 'found',
      order: paid,
      signInHref: '/auth?next=%2Forders%3Fsession_id%3Dcs_local_abc',
      onRefresh: vi.fn(),
      ...overrides,
    };
    render(<GuestConfirmationView {...props} />);
    return props;
  }

  it('found: thanks, the number, the lines and totals, where the confirmation went, and an account', () => {
    view();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    expect(screen.getByText('Order NPNG-100003')).toBeTruthy();
    const lines = within(screen.getByRole('list', { name: 'Items in this order' })).getAllByRole('listitem');
    expect(lines).toHaveLength(1);
    expect(lines[0].textContent).toContain('Grind Tee');
    expect(lines[0].textContent).toContain('Size: M · Color: Black');
    expect(lines[0].textContent).toContain('Qty 2 × €29.99');
    expect(lines[0].textContent).toContain('€59.98');
    expect(lines[0].querySelector('img')?.getAttribute('alt')).toBe('');
    const totals = screen.getByText('Subtotal').closest('dl') as HTMLElement;
    expect(totals.textContent).toBe('Subtotal€59.98Shipping€4.99Total€64.97');
    expect(screen.getByText('A confirmation was sent to guest@example.test.')).toBeTruthy();
    expect(screen.getByText('Create an account with guest@example.test to see this order and track future ones.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/auth?tab=signup');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth?next=%2Forders%3Fsession_id%3Dcs_local_abc');
  });

  it('found: where the order goes', () => {
    view();
    const address = screen.getByRole('heading', { level: 2, name: 'Delivery address' }).closest('section') as HTMLElement;
    expect([...address.querySelectorAll('address > span')].map((el) => el.textContent)).toEqual(['Sam Guest', 'Lindenstraße 5', 'Hinterhaus', '20095 Hamburg', 'Germany']);
  });

  it('an account’s order: not shown; sign in to see it', () => {
    view({ status: 'signInNeeded', order: null });
    expect(screen.getByText('This order belongs to an account. Sign in to see it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth?next=%2Forders%3Fsession_id%3Dcs_local_abc');
    expect(screen.queryByText(/NPNG-/)).toBeNull();
  });

  it('no e-mail on the order: no address is named', () => {
    view({ order: { ...paid, email: null } });
    expect(screen.queryByText(/confirmation was sent/)).toBeNull();
    expect(screen.getByText('Create an account to see your orders and track future ones.')).toBeTruthy();
  });

  it('still looking: Confirming your order…, no order shown', () => {
    view({ status: 'waiting', order: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Order confirmation' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Confirming your order…');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('not yet: the calm note with Refresh', async () => {
    const props = view({ status: 'notYet', order: null });
    expect(screen.getByText('Your payment was received; your order will appear here shortly.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(props.onRefresh).toHaveBeenCalled();
  });
});

describe('OrderDetailView', () => {
  function view(overrides: Partial<OrderDetailViewProps> = {}) {
    const props: OrderDetailViewProps = { status: 'found', orderNumber: 'NPNG-100001', order: free, timeline: [], onRetry: vi.fn(), ...overrides };
    render(<OrderDetailView {...props} />);
    return props;
  }

  it('found: number, status, date, destination, lines with unit prices, totals with free shipping', () => {
    view();
    expect(screen.getByRole('heading', { level: 1, name: 'Order NPNG-100001' })).toBeTruthy();
    expect(document.title).toContain('Order NPNG-100001');
    expect(screen.getByRole('link', { name: 'Back to orders' }).getAttribute('href')).toBe('/orders');
    expect(screen.getByText('Shipped')).toBeTruthy();
    expect(main().textContent).toContain('Placed on May 20, 2025');
    expect(screen.getByText('Ship to: United Kingdom')).toBeTruthy();
    const lines = within(screen.getByRole('list', { name: 'Items in this order' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual(['Grind Tee€29.99Size: L · Color: Stone GreyQty 1 × €29.99', 'Iron Shaker€59.98Qty 2 × €29.99']);
    expect((screen.getByText('Subtotal').closest('dl') as HTMLElement).textContent).toBe('Subtotal€89.97ShippingFreeTotal€89.97');
  });

  it('no region known: no "Ship to"', () => {
    view({ order: { ...free, shippingRegion: null } });
    expect(screen.queryByText(/Ship to/)).toBeNull();
  });

  it('loading: the spinner under the number', () => {
    view({ status: 'loading', order: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Order NPNG-100001' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading your order...');
  });

  it('not found: says so, and the way back', () => {
    view({ status: 'notFound', order: null, orderNumber: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(screen.getByText('It may belong to another account, or the link is mistyped.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your orders' }).getAttribute('href')).toBe('/orders');
  });

  it('failed: Try again', async () => {
    const props = view({ status: 'failed', order: null });
    expect(screen.getByRole('alert').textContent).toContain("We couldn't load this order.");
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(props.onRetry).toHaveBeenCalled();
  });
});

describe('OrderDetailView: delivery, tracking, steps and refunds (ADR 0021)', () => {
  function view(overrides: Partial<OrderDetailViewProps> = {}) {
    const props: OrderDetailViewProps = { status: 'found', orderNumber: 'NPNG-100001', order: free, timeline: [], onRetry: vi.fn(), ...overrides };
    render(<OrderDetailView {...props} />);
    return props;
  }
  const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;
  const lineTexts = (element: HTMLElement) => [...element.querySelectorAll('address > span')].map((el) => el.textContent);

  it('the delivery address as a parcel label reads, the country named in the page’s language', () => {
    view();
    expect(lineTexts(section('Delivery address'))).toEqual(['Alex Kraft', '221B Baker Street', 'NW1 6XE London', 'United Kingdom', 'Phone: +44 20 7946 0000']);
  });

  it('no address kept (an older order): no address block', () => {
    view({ order: { ...free, shippingAddress: null } });
    expect(screen.queryByRole('heading', { name: 'Delivery address' })).toBeNull();
  });

  it('shipped with a carrier that has a tracking page: carrier, number as text, and the link in a new tab', () => {
    const evil = 'JD01<b>46';
    view({ order: { ...free, carrier: 'dhl', trackingNumber: evil, trackingUrl: 'https://www.dhl.de/track?piececode=JD0146', shippedAt: '2025-05-21T09:00:00Z' } });
    const shipment = section('Shipment');
    expect([...shipment.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Shipped on May 21, 2025', 'Carrier: DHL', `Tracking number: ${evil}`]);
    expect(shipment.querySelector('b')).toBeNull();
    const link = within(shipment).getByRole('link', { name: 'Track your parcel' });
    expect(link.getAttribute('href')).toBe('https://www.dhl.de/track?piececode=JD0146');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shipped with another carrier: the number alone, no link', () => {
    view({ order: { ...free, carrier: 'other', trackingNumber: 'HERMES 4471', trackingUrl: null, shippedAt: null } });
    const shipment = section('Shipment');
    expect([...shipment.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Carrier: Other carrier', 'Tracking number: HERMES 4471']);
    expect(within(shipment).queryByRole('link')).toBeNull();
  });

  it('not shipped: no shipment block', () => {
    view({ order: { ...paid, status: 'paid' } });
    expect(screen.queryByRole('heading', { name: 'Shipment' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Track your parcel' })).toBeNull();
  });

  it('the steps with their dates, oldest first; e-mails and internal moves are not shown', () => {
    view({
      timeline: [
        { kind: 'paid', at: '2025-05-20T12:00:01Z' },
        { kind: 'email_sent', at: '2025-05-20T12:00:03Z' },
        { kind: 'processing', at: '2025-05-20T15:00:00Z' },
        { kind: 'shipped', at: '2025-05-21T09:00:00Z' },
        { kind: 'delivered', at: '2025-05-23T11:00:00Z' },
      ],
    });
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual(['Payment receivedMay 20, 2025', 'ShippedMay 21, 2025', 'DeliveredMay 23, 2025']);
    expect(steps[1].querySelector('time')?.getAttribute('dateTime')).toBe('2025-05-21T09:00:00Z');
  });

  it('no steps known: no progress block', () => {
    view({ timeline: [{ kind: 'email_sent', at: '2025-05-20T12:00:03Z' }] });
    expect(screen.queryByRole('heading', { name: 'Order progress' })).toBeNull();
  });

  it('refunded: the badge, the refund’s date and the amount paid back under the total', () => {
    view({
      order: { ...free, status: 'refunded', refundedTotal: 8997 },
      timeline: [
        { kind: 'paid', at: '2025-05-20T12:00:01Z' },
        { kind: 'refunded', at: '2025-05-22T08:00:00Z' },
      ],
    });
    expect(screen.getByText('Refunded', { selector: 'span' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Order progress' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Payment receivedMay 20, 2025', 'Refund issuedMay 22, 2025']);
    expect((screen.getByText('Subtotal').closest('dl') as HTMLElement).textContent).toBe('Subtotal€89.97ShippingFreeTotal€89.97Refunded−€89.97');
  });

  it('nothing refunded: no refund line', () => {
    view();
    expect(screen.queryByText('Refunded')).toBeNull();
  });
});

describe('OrdersRoute (fake api, real cart and auth)', () => {
  const mockedOrders = vi.mocked(fetchOrders);
  const mockedBySession = vi.mocked(fetchOrderBySession);
  const mockedOwnBySession = vi.mocked(fetchOwnOrderBySession);
  const mockedNeedsSignIn = vi.mocked(checkoutSessionNeedsSignIn);

  beforeEach(() => {
    mockedOrders.mockReset().mockResolvedValue([]);
    mockedBySession.mockReset().mockResolvedValue(null);
    mockedOwnBySession.mockReset().mockResolvedValue(null);
    mockedNeedsSignIn.mockReset().mockResolvedValue(false);
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function mount(path: string, session: AuthSession | null, cartItems: CartItem[] = [tee]) {
    const cart = createActor(cartMachine.provide({ actions: { persist: () => {} } }), { input: { items: cartItems } }).start();
    const location = renderAt(<OrdersRoute />, path, { auth: fakeAuth(session), cart });
    return { cart, location };
  }

  /** Lets the polling machine's 1.5 s waits pass, `times` times. */
  async function pollIntervals(times: number) {
    for (let i = 0; i < times; i++) {
      await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_INTERVAL_MS));
    }
  }

  it('auth still loading: a spinner', () => {
    mount('/orders', alex);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('signed out: to sign-in, coming back here; nothing asked, the cart kept', async () => {
    const { cart, location } = mount('/orders', null);
    await waitFor(() => expect(location.history.at(-1)).toBe('/auth?next=%2Forders'));
    expect(mockedOrders).not.toHaveBeenCalled();
    expect(selectItems(cart.getSnapshot())).toHaveLength(1);
  });

  it('signed out with a malformed session id: to sign-in as well, the cart kept', async () => {
    const { cart, location } = mount('/orders?session_id=garbage', null);
    await waitFor(() => expect(location.history.at(-1)).toBe('/auth?next=%2Forders%3Fsession_id%3Dgarbage'));
    expect(mockedBySession).not.toHaveBeenCalled();
    expect(selectItems(cart.getSnapshot())).toHaveLength(1);
  });

  it('signed in: the list from the api; a failure is retried', async () => {
    mockedOrders.mockRejectedValueOnce(new ApiError('network', 'Failed to fetch'));
    mockedOrders.mockResolvedValueOnce([newer, older]);
    const { cart } = mount('/orders', alex);
    expect(await screen.findByText("We couldn't load your orders.")).toBeTruthy();
    expect(mockedOrders).toHaveBeenCalledWith({ userId: 'u1', email: 'alex@example.test' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(mockedOwnBySession).not.toHaveBeenCalled();
    expect(mockedBySession).not.toHaveBeenCalled();
    expect(selectItems(cart.getSnapshot())).toHaveLength(1);
  });

  it('signed in, no orders: the empty state', async () => {
    mockedOrders.mockResolvedValue([]);
    mount('/orders', alex);
    expect(await screen.findByText('No orders yet')).toBeTruthy();
  });

  it('back from paying, signed in: the cart is cleared, the order is found and joins the list once', async () => {
    mockedOrders.mockResolvedValue([paidByAlex, older]);
    mockedOwnBySession.mockResolvedValue(paidByAlex);
    const { cart } = mount('/orders?session_id=cs_local_abc', alex);
    expect(selectItems(cart.getSnapshot())).toEqual([]);
    expect(await screen.findByText('Thank you! Your order NPNG-100003 is confirmed.')).toBeTruthy();
    expect(mockedOwnBySession).toHaveBeenCalledWith({ sessionId: 'cs_local_abc' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Order NPNG-100003', 'Order NPNG-100001']);
  });

  it('back from paying, signed in: the order joins the list when only polling knows it', async () => {
    mockedOrders.mockResolvedValue([older]);
    mockedOwnBySession.mockResolvedValue(paidByAlex);
    mount('/orders?session_id=cs_local_abc', alex);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Order NPNG-100003', 'Order NPNG-100001']);
  });

  it('back from paying with another address (as a guest, then signed in here): confirmed in the notice, not added to this list', async () => {
    mockedOrders.mockResolvedValue([older]);
    mockedOwnBySession.mockResolvedValue(paid);
    mount('/orders?session_id=cs_local_abc', alex);
    expect(await screen.findByText('Thank you! Your order NPNG-100003 is confirmed.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Order NPNG-100001']);
  });

  it('the order not there after six lookups: the calm note; Refresh looks again and finds it', async () => {
    vi.useFakeTimers();
    mockedOrders.mockResolvedValue([older]);
    mockedOwnBySession.mockResolvedValue(null);
    mount('/orders?session_id=cs_local_abc', alex);
    await pollIntervals(0);
    expect(screen.getAllByRole('status').some((el) => el.textContent === 'Confirming your order…')).toBe(true);
    await pollIntervals(ORDER_POLL_ATTEMPTS);
    expect(mockedOwnBySession).toHaveBeenCalledTimes(ORDER_POLL_ATTEMPTS);
    expect(screen.getByText('Your payment was received; your order will appear here shortly.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);

    mockedOwnBySession.mockResolvedValue(paidByAlex);
    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Thank you! Your order NPNG-100003 is confirmed.')).toBeTruthy();
    expect(mockedOwnBySession).toHaveBeenCalledTimes(ORDER_POLL_ATTEMPTS + 1);
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('lookups that fail are only more tries: found on the third', async () => {
    vi.useFakeTimers();
    mockedOrders.mockResolvedValue([]);
    mockedOwnBySession.mockRejectedValueOnce(new ApiError('network', 'Failed to fetch')).mockResolvedValueOnce(null).mockResolvedValue(paidByAlex);
    mount('/orders?session_id=cs_local_abc', alex);
    await pollIntervals(2);
    expect(screen.getByText('Thank you! Your order NPNG-100003 is confirmed.')).toBeTruthy();
    expect(mockedOwnBySession).toHaveBeenCalledTimes(3);
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('the cart is cleared once per checkout: coming back to the same address keeps a cart filled since', async () => {
    mockedOrders.mockResolvedValue([]);
    mockedOwnBySession.mockResolvedValue(paidByAlex);
    const first = mount('/orders?session_id=cs_local_abc', alex);
    expect(selectItems(first.cart.getSnapshot())).toEqual([]);
    await screen.findByText('Thank you! Your order NPNG-100003 is confirmed.');
    const again = mount('/orders?session_id=cs_local_abc', alex);
    expect(selectItems(again.cart.getSnapshot())).toHaveLength(1);
    const another = mount('/orders?session_id=cs_local_other', alex);
    expect(selectItems(another.cart.getSnapshot())).toEqual([]);
  });

  it('back from paying as a guest: the confirmation with the order; nothing else asked', async () => {
    mockedBySession.mockResolvedValue(paid);
    const { cart, location } = mount('/orders?session_id=cs_local_abc', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
    expect(selectItems(cart.getSnapshot())).toEqual([]);
    expect(screen.getByText('Order NPNG-100003')).toBeTruthy();
    expect(screen.getByText('A confirmation was sent to guest@example.test.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth?next=%2Forders%3Fsession_id%3Dcs_local_abc');
    expect(mockedOrders).not.toHaveBeenCalled();
    expect(mockedNeedsSignIn).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 2, name: 'Delivery address' })).toBeTruthy();
    expect(location.history).toEqual(['/orders?session_id=cs_local_abc']);
  });

  it('signed out, the order is an account’s: straight to sign-in, coming back here; nothing of the order shown', async () => {
    mockedNeedsSignIn.mockResolvedValue(true);
    const cart = createActor(cartMachine.provide({ actions: { persist: () => {} } }), { input: { items: [tee] } }).start();
    const location = renderAt(
      <Switch>
        <Route path="/auth">
          <p>Sign-in page</p>
        </Route>
        <Route path="/orders">
          <OrdersRoute />
        </Route>
      </Switch>,
      '/orders?session_id=cs_local_abc',
      { auth: fakeAuth(null), cart },
    );
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(location.history.at(-1)).toBe('/auth?next=%2Forders%3Fsession_id%3Dcs_local_abc');
    expect(mockedBySession).toHaveBeenCalledTimes(1);
    expect(mockedBySession).toHaveBeenCalledWith({ sessionId: 'cs_local_abc' });
    expect(mockedNeedsSignIn).toHaveBeenCalledWith({ sessionId: 'cs_local_abc' });
    expect(mockedOwnBySession).not.toHaveBeenCalled();
    expect(screen.queryByText(/Create an account/)).toBeNull();
    expect(selectItems(cart.getSnapshot())).toEqual([]);
  });

  it('signed in, back from paying: the order is read as the customer’s, never asked about accounts', async () => {
    mockedOwnBySession.mockResolvedValue(paidByAlex);
    mount('/orders?session_id=cs_local_abc', alex);
    expect(await screen.findByText('Thank you! Your order NPNG-100003 is confirmed.')).toBeTruthy();
    expect(mockedOwnBySession).toHaveBeenCalledWith({ sessionId: 'cs_local_abc' });
    expect(mockedBySession).not.toHaveBeenCalled();
    expect(mockedNeedsSignIn).not.toHaveBeenCalled();
  });

  it('a guest whose order is not there yet: the calm note, Refresh, then the order', async () => {
    vi.useFakeTimers();
    mockedBySession.mockResolvedValue(null);
    mount('/orders?session_id=cs_local_abc', null);
    await pollIntervals(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Order confirmation' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Confirming your order…');
    await pollIntervals(ORDER_POLL_ATTEMPTS);
    expect(screen.getByText('Your payment was received; your order will appear here shortly.')).toBeTruthy();
    mockedBySession.mockResolvedValue(paid);
    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeTruthy();
  });
});

describe('OrderDetailRoute (fake api and auth)', () => {
  const mockedByNumber = vi.mocked(fetchOrderByNumber);
  const mockedTimeline = vi.mocked(fetchOrderTimeline);
  beforeEach(() => {
    mockedByNumber.mockReset();
    mockedTimeline.mockReset().mockResolvedValue([]);
  });

  function mount(orderNumber: string, session: AuthSession | null) {
    return renderAt(<OrderDetailRoute orderNumber={orderNumber} />, `/orders/${orderNumber}`, { auth: fakeAuth(session) });
  }

  it('signed out: to sign-in, coming back to this order', async () => {
    const location = mount('NPNG-100001', null);
    await waitFor(() => expect(location.history.at(-1)).toBe('/auth?next=%2Forders%2FNPNG-100001'));
    expect(mockedByNumber).not.toHaveBeenCalled();
  });

  it('found: the order', async () => {
    mockedByNumber.mockResolvedValue(free);
    mount('npng-100001', alex);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order NPNG-100001' })).toBeTruthy();
    expect(mockedByNumber).toHaveBeenCalledWith({ orderNumber: 'NPNG-100001' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('found: the steps’ dates follow, asked for by the order’s id; without them the order still shows', async () => {
    mockedByNumber.mockResolvedValue(free);
    mockedTimeline.mockResolvedValue([
      { kind: 'paid', at: '2025-05-20T12:00:01Z' },
      { kind: 'shipped', at: '2025-05-21T09:00:00Z' },
    ]);
    mount('NPNG-100001', alex);
    const steps = await screen.findByRole('list', { name: 'Order progress' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Payment receivedMay 20, 2025', 'ShippedMay 21, 2025']);
    expect(mockedTimeline).toHaveBeenCalledWith({ orderId: 'o1' });
  });

  it('a timeline that cannot be loaded: the order without dates, no error', async () => {
    mockedByNumber.mockResolvedValue(free);
    mockedTimeline.mockRejectedValue(new ApiError('network', 'Failed to fetch'));
    mount('NPNG-100001', alex);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order NPNG-100001' })).toBeTruthy();
    await waitFor(() => expect(mockedTimeline).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Order progress' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Delivery address' })).toBeTruthy();
  });

  it('not found (another customer’s, or none): Order not found', async () => {
    mockedByNumber.mockResolvedValue(null);
    mount('NPNG-999999', alex);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
  });

  it('a malformed number: not found without asking', async () => {
    mount('abc', alex);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeTruthy();
    expect(mockedByNumber).not.toHaveBeenCalled();
  });

  it('a failed load: Try again loads it', async () => {
    mockedByNumber.mockRejectedValueOnce(new ApiError('network', 'Failed to fetch')).mockResolvedValueOnce(free);
    mount('NPNG-100001', alex);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ship to: United Kingdom')).toBeTruthy();
  });
});

describe('the orders routes in the app', () => {
  beforeEach(() => {
    vi.mocked(fetchOrders).mockReset().mockResolvedValue([older]);
    vi.mocked(fetchOrderByNumber).mockReset().mockResolvedValue(free);
    vi.mocked(fetchOrderTimeline).mockReset().mockResolvedValue([]);
  });

  function mount(path: string) {
    const cart = createActor(cartMachine.provide({ actions: { persist: () => {} } }), { input: { items: [] } }).start();
    return renderAt(<AppRoutes />, path, { auth: fakeAuth(alex), cart });
  }

  it('/orders is the list', async () => {
    mount('/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Order NPNG-100001' })).toBeTruthy();
  });

  it('/orders/{orderNumber} is the order; View Details leads there', async () => {
    mount('/orders/NPNG-100001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order NPNG-100001' })).toBeTruthy();
    // The heading already shows while the order loads (it is the URL's number); its details follow.
    expect(await screen.findByText('Ship to: United Kingdom')).toBeTruthy();
  });
});

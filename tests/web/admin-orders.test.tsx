import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PAGE_SIZE, type Page } from '../../domain/adminLists';
import type { AdminOrderDetail, AdminOrderRow } from '../../domain/adminOrders';
import type { ToastInput } from '../../machines/toastMachine';
import { fetchAdminOrder, fetchAdminOrders, fetchUnfulfillableRefunds, refundOrder, setOrderStatus, shipOrder } from '../../src/api/admin';
import { ApiError } from '../../src/api/errors';
import { AdminOrderPage } from '../../src/features/admin/orders/AdminOrderPage';
import { AdminOrdersPage } from '../../src/features/admin/orders/AdminOrdersPage';
import type { AppServices } from '../../src/services/context';
import { renderAt } from './support';

vi.mock('../../src/api/admin', () => ({
  fetchAdminOrders: vi.fn(),
  fetchAdminOrder: vi.fn(),
  setOrderStatus: vi.fn(),
  shipOrder: vi.fn(),
  refundOrder: vi.fn(),
  fetchUnfulfillableRefunds: vi.fn(),
}));

const rowOf = (n: number, status: string, email: string | null = `buyer${n}@example.test`): AdminOrderRow => ({
  id: `o-${n}`,
  orderNumber: `NPNG-${n}`,
  email,
  total: 4999,
  currency: 'EUR',
  status,
  createdAt: '2026-11-20T12:00:00Z',
});
const PAID: AdminOrderDetail = {
  ...rowOf(100012, 'paid', 'alex@example.test'),
  total: 7798,
  subtotal: 6999,
  shipping: 799,
  shippingRegion: 'EU',
  updatedAt: '2026-11-20T12:00:00Z',
  lines: [{ id: 'i-1', title: 'Grind Tee', sku: 'GT-M', size: 'M', color: 'Black', qty: 2, unitPrice: 3499, lineTotal: 6998, image: null }],
  shippingAddress: { name: 'Alex Berger', line1: 'Torstraße 12', postalCode: '10119', city: 'Berlin', country: 'DE' },
  refundedTotal: 0,
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  shippedAt: null,
  refunds: [],
  timeline: [{ kind: 'paid', at: '2026-11-20T12:00:00Z', data: {}, actor: null }],
  withdrawals: [],
};

/** A promise the test settles by hand, to look at the page while a request is under way. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Toasts as the page asks for them (the toast actor itself is tested elsewhere). */
function fakeToasts() {
  const shown: ToastInput[] = [];
  const toasts = { send: (event: { type: string; toast?: ToastInput }) => event.type === 'toast.add' && event.toast && shown.push(event.toast) };
  return { services: { toasts } as unknown as Partial<AppServices>, shown };
}

const mockedList = vi.mocked(fetchAdminOrders);
const mockedOrder = vi.mocked(fetchAdminOrder);
const mockedSet = vi.mocked(setOrderStatus);
const mockedShip = vi.mocked(shipOrder);
const mockedRefund = vi.mocked(refundOrder);
const mockedAuto = vi.mocked(fetchUnfulfillableRefunds);

beforeEach(() => {
  mockedList.mockReset();
  mockedOrder.mockReset();
  mockedSet.mockReset();
  mockedShip.mockReset();
  mockedRefund.mockReset();
  mockedAuto.mockReset();
  mockedAuto.mockResolvedValue([]);
});

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const actionButtons = () =>
  within(screen.getByRole('region', { name: 'Fulfilment' }))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('AdminOrdersPage', () => {
  it('loads the URL’s filter and page; a new filter goes into the URL (page 1) and loads again', async () => {
    const pages: Record<string, Page<AdminOrderRow>> = {
      'shipped 2': { rows: [rowOf(100003, 'shipped')], total: ADMIN_PAGE_SIZE + 1 },
      'delivered 1': { rows: [rowOf(100002, 'delivered', null)], total: 1 },
      'all 1': { rows: [rowOf(100003, 'shipped'), rowOf(100002, 'delivered')], total: 2 },
    };
    mockedList.mockImplementation(async (query) => pages[`${query.status} ${query.page}`] ?? { rows: [], total: 0 });
    const location = renderAt(<AdminOrdersPage />, '/admin/orders?status=shipped&page=2', {});
    await screen.findByRole('link', { name: 'NPNG-100003' });
    expect(mockedList.mock.calls.map(([q]) => q)).toEqual([{ status: 'shipped', page: 2 }]);
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('shipped');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(document.title).toMatch(/^Orders/);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'delivered');
    expect(location.history?.at(-1)).toBe('/admin/orders?status=delivered');
    await screen.findByRole('link', { name: 'NPNG-100002' });
    expect(mockedList.mock.calls.map(([q]) => q)).toEqual([
      { status: 'shipped', page: 2 },
      { status: 'delivered', page: 1 },
    ]);
    expect(within(bodyRows()[0]).getByText('Guest')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    expect(location.history?.at(-1)).toBe('/admin/orders');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(mockedList).toHaveBeenCalledTimes(3);
  });

  it('Next keeps the filter; the answer for a page left behind never shows', async () => {
    const first = deferred<Page<AdminOrderRow>>();
    mockedList.mockImplementationOnce(async () => ({ rows: [rowOf(100050, 'paid')], total: ADMIN_PAGE_SIZE * 2 }));
    mockedList.mockImplementationOnce(() => first.promise);
    mockedList.mockImplementationOnce(async () => ({ rows: [rowOf(100070, 'paid')], total: ADMIN_PAGE_SIZE * 2 }));
    const location = renderAt(<AdminOrdersPage />, '/admin/orders?status=paid', {});
    await userEvent.click(await screen.findByRole('link', { name: 'Next' }));
    expect(location.history?.at(-1)).toBe('/admin/orders?status=paid&page=2');
    await screen.findByRole('status');
    // Back before page 2 answered: page 1 loads again; page 2's late answer changes nothing.
    act(() => location.navigate('/admin/orders?status=paid'));
    await screen.findByRole('link', { name: 'NPNG-100070' });
    await act(async () => first.resolve({ rows: [rowOf(100099, 'paid')], total: ADMIN_PAGE_SIZE * 2 }));
    expect(screen.queryByRole('link', { name: 'NPNG-100099' })).toBeNull();
    expect(mockedList.mock.calls.map(([q]) => q)).toEqual([
      { status: 'paid', page: 1 },
      { status: 'paid', page: 2 },
      { status: 'paid', page: 1 },
    ]);
  });

  it('shows payments refunded automatically, with the reason in words; a failed one stands out', async () => {
    mockedList.mockResolvedValue({ rows: [], total: 0 });
    mockedAuto.mockResolvedValueOnce([
      {
        id: 'r-1',
        orderId: null,
        kind: 'unfulfillable',
        amount: 4999,
        currency: 'EUR',
        lines: [],
        reason: 'sold_out',
        status: 'failed',
        failure: 'No such payment_intent',
        attempts: 1,
        createdAt: '2026-11-20T12:00:00Z',
      },
    ]);
    renderAt(<AdminOrdersPage />, '/admin/orders', {});
    const region = await screen.findByRole('region', { name: 'Payments refunded automatically' });
    expect(within(region).getByText('Sold out before the payment arrived')).toBeTruthy();
    expect(within(region).getByText('€49.99')).toBeTruthy();
    expect(within(region).getByText('Failed')).toBeTruthy();
    expect(within(region).getByText('No such payment_intent')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Some of these refunds failed');
    expect(mockedAuto).toHaveBeenCalledTimes(1);
  });

  it('a failed load offers Retry, which loads again', async () => {
    mockedList.mockRejectedValueOnce(new ApiError('network', 'Failed to fetch')).mockResolvedValueOnce({ rows: [], total: 0 });
    renderAt(<AdminOrdersPage />, '/admin/orders', {});
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load orders.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('No orders yet.');
    expect(mockedList).toHaveBeenCalledTimes(2);
  });
});

describe('AdminOrderPage', () => {
  async function openPaid() {
    mockedOrder.mockResolvedValueOnce(PAID);
    const { services, shown } = fakeToasts();
    renderAt(<AdminOrderPage orderNumber="npng-100012" />, '/admin/orders/npng-100012', services);
    await screen.findByRole('heading', { level: 1, name: 'Order NPNG-100012' });
    expect(mockedOrder).toHaveBeenCalledWith({ orderNumber: 'NPNG-100012' });
    expect(actionButtons()).toEqual(['Mark as processing', 'Mark as shipped', 'Refund', 'Cancel and refund']);
    return shown;
  }

  it('ship an order: the dialog takes carrier and number, checks the number, ships once, then shows the tracking', async () => {
    const shown = await openPaid();
    const write = deferred<Awaited<ReturnType<typeof shipOrder>>>();
    mockedShip.mockReturnValueOnce(write.promise);
    mockedOrder.mockResolvedValueOnce({
      ...PAID,
      status: 'shipped',
      carrier: 'dhl',
      trackingNumber: 'JD 0146',
      trackingUrl: 'https://www.dhl.de/x?piececode=JD 0146',
      shippedAt: '2026-11-21T08:00:00Z',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order NPNG-100012' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Carrier'), 'dhl');
    await userEvent.type(within(dialog).getByLabelText('Tracking number'), 'JD/0146');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    expect(within(dialog).getByText('A tracking number has 3 to 40 letters, digits, spaces or hyphens.')).toBeTruthy();
    expect(mockedShip).not.toHaveBeenCalled();
    await userEvent.clear(within(dialog).getByLabelText('Tracking number'));
    await userEvent.type(within(dialog).getByLabelText('Tracking number'), ' JD 0146 ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as shipped' }));
    expect(mockedShip.mock.calls).toEqual([[{ id: 'o-100012', carrier: 'dhl', trackingNumber: 'JD 0146' }]]);
    expect((within(dialog).getByRole('button', { name: 'Shipping...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () =>
      write.resolve({
        status: 'shipped',
        updatedAt: '2026-11-21T08:00:00Z',
        carrier: 'dhl',
        trackingNumber: 'JD 0146',
        trackingUrl: 'https://www.dhl.de/x?piececode=JD 0146',
        shippedAt: '2026-11-21T08:00:00Z',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(actionButtons()).toEqual(['Mark as delivered', 'Refund']));
    const link = screen.getByRole('link', { name: 'Track parcel' });
    expect(link.getAttribute('href')).toBe('https://www.dhl.de/x?piececode=JD 0146');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('JD 0146')).toBeTruthy();
    expect(shown).toEqual([{ title: 'Order shipped', description: 'NPNG-100012 is on its way; the customer gets an e-mail.', variant: 'success' }]);
    expect(mockedOrder).toHaveBeenCalledTimes(2);
  });

  it('cancel and refund asks for a reason, refunds everything left once, and a provider failure offers Retry of that refund', async () => {
    const shown = await openPaid();
    const failed = {
      id: 'r-1',
      orderId: 'o-100012',
      kind: 'cancel' as const,
      amount: 7798,
      currency: 'EUR',
      lines: [{ itemId: 'i-1', qty: 2 }],
      reason: 'Customer asked',
      status: 'failed' as const,
      failure: 'Your card was declined.',
      attempts: 1,
      createdAt: '2026-11-21T08:00:00Z',
    };
    const { RefundFailedError } = await vi.importActual<typeof import('../../src/api/admin')>('../../src/api/admin');
    mockedRefund.mockRejectedValueOnce(new RefundFailedError('Your card was declined.', failed)).mockResolvedValueOnce({ ...failed, status: 'succeeded', failure: null });
    mockedOrder.mockResolvedValueOnce({ ...PAID, status: 'refunded', refundedTotal: 7798, refunds: [{ ...failed, status: 'succeeded', failure: null }] });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel and refund NPNG-100012?' });
    expect(dialog.textContent).toContain('€77.98');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(within(dialog).getByText('Give a reason for the refund.')).toBeTruthy();
    expect(mockedRefund).not.toHaveBeenCalled();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Customer asked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Your card was declined.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry refund' }));
    expect(mockedRefund.mock.calls).toEqual([[{ orderId: 'o-100012', lines: [], reason: 'Customer asked', cancel: true }], [{ refundId: 'r-1' }]]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await screen.findByText('This order was refunded.');
    expect(actionButtons()).toEqual([]);
    expect(shown).toEqual([{ title: 'Order cancelled and refunded', description: '€77.98 of NPNG-100012 was paid back.', variant: 'success' }]);
  });

  it('a pending order is cancelled with a plain confirmation', async () => {
    mockedOrder.mockResolvedValueOnce({ ...PAID, status: 'pending' });
    mockedSet.mockResolvedValueOnce({ status: 'cancelled', updatedAt: '2026-11-21T08:00:00Z' });
    renderAt(<AdminOrderPage orderNumber="NPNG-100012" />, '/admin/orders/NPNG-100012', fakeToasts().services);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order NPNG-100012?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await screen.findByText('This order was cancelled.');
    expect(mockedSet.mock.calls).toEqual([[{ id: 'o-100012', from: 'pending', to: 'cancelled' }]]);
  });

  it('a failed change says why and keeps the status; the buttons work again', async () => {
    const shown = await openPaid();
    mockedSet.mockRejectedValueOnce(new ApiError('invalid', 'An order cannot move from paid to delivered', { code: 'P0001' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as processing' }));
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toEqual({ title: 'Order not updated', description: 'An order cannot move from paid to delivered', variant: 'destructive' });
    expect(actionButtons()).toEqual(['Mark as processing', 'Mark as shipped', 'Refund', 'Cancel and refund']);
    expect(screen.getByRole('button', { name: 'Mark as processing' }).hasAttribute('disabled')).toBe(false);
    expect(mockedOrder).toHaveBeenCalledTimes(1);
  });

  it('changed by another admin meanwhile: the order is loaded again and the admin told', async () => {
    const shown = await openPaid();
    mockedSet.mockRejectedValueOnce(new ApiError('conflict', 'This order was changed somewhere else; reload it to see its status.', { code: 'stale' }));
    mockedOrder.mockResolvedValueOnce({ ...PAID, status: 'shipped', updatedAt: '2026-11-21T07:00:00Z' });
    await userEvent.click(screen.getByRole('button', { name: 'Mark as processing' }));
    await waitFor(() => expect(actionButtons()).toEqual(['Mark as delivered', 'Refund']));
    expect(mockedOrder).toHaveBeenCalledTimes(2);
    expect(shown).toEqual([{ title: 'Order not updated', description: 'This order was changed somewhere else; it now shows its current status.', variant: 'info' }]);
  });

  it('no such order: Order not found, with a way back', async () => {
    mockedOrder.mockResolvedValueOnce(null);
    renderAt(<AdminOrderPage orderNumber="NPNG-999999" />, '/admin/orders/NPNG-999999', fakeToasts().services);
    await screen.findByRole('heading', { level: 1, name: 'Order not found' });
    expect(screen.getByRole('link', { name: 'Back to Orders' }).getAttribute('href')).toBe('/admin/orders');
  });

  it('a failed load, then Try again', async () => {
    mockedOrder.mockRejectedValueOnce(new ApiError('network', 'Failed to fetch')).mockResolvedValueOnce(PAID);
    renderAt(<AdminOrderPage orderNumber="NPNG-100012" />, '/admin/orders/NPNG-100012', fakeToasts().services);
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Mark as shipped' });
    expect(mockedOrder).toHaveBeenCalledTimes(2);
  });

  it('a malformed number is not looked up', async () => {
    renderAt(<AdminOrderPage orderNumber="1 or 1=1" />, '/admin/orders/1%20or%201=1', fakeToasts().services);
    await screen.findByRole('heading', { level: 1, name: 'Order not found' });
    expect(mockedOrder).not.toHaveBeenCalled();
  });
});

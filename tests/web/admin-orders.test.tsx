import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PAGE_SIZE, type AdminOrderDetail, type AdminOrderRow, type Page } from '../../machines/admin';
import type { ToastInput } from '../../machines/toastMachine';
import { fetchAdminOrder, fetchAdminOrders, setOrderStatus } from '../../src/api/admin';
import { ApiError } from '../../src/api/errors';
import { AdminOrderPage } from '../../src/features/admin/orders/AdminOrderPage';
import { AdminOrdersPage } from '../../src/features/admin/orders/AdminOrdersPage';
import type { AppServices } from '../../src/services/context';
import { renderAt } from './support';

vi.mock('../../src/api/admin', () => ({ fetchAdminOrders: vi.fn(), fetchAdminOrder: vi.fn(), setOrderStatus: vi.fn() }));

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
  lines: [{ title: 'Grind Tee', sku: 'GT-M', size: 'M', color: 'Black', qty: 2, unitPrice: 3499, lineTotal: 6998, image: null }],
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

beforeEach(() => {
  mockedList.mockReset();
  mockedOrder.mockReset();
  mockedSet.mockReset();
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
    expect(actionButtons()).toEqual(['Mark as processing', 'Mark as shipped', 'Cancel order']);
    return shown;
  }

  it('ship an order: Updating... while it saves, then Shipped, only Mark as delivered left, and a toast', async () => {
    const shown = await openPaid();
    const write = deferred<{ status: string; updatedAt: string }>();
    mockedSet.mockReturnValueOnce(write.promise);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    expect(mockedSet).toHaveBeenCalledWith({ id: 'o-100012', from: 'paid', to: 'shipped' });
    expect(actionButtons()).toEqual(['Mark as processing', 'Updating...', 'Cancel order']);
    for (const button of within(screen.getByRole('region', { name: 'Fulfilment' })).getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => write.resolve({ status: 'shipped', updatedAt: '2026-11-21T08:00:00Z' }));
    expect(actionButtons()).toEqual(['Mark as delivered']);
    expect(screen.getAllByText('Shipped').length).toBeGreaterThan(0);
    expect(shown).toEqual([{ title: 'Order updated', description: 'NPNG-100012 is now Shipped.', variant: 'success' }]);
    expect(mockedSet).toHaveBeenCalledTimes(1);
  });

  it('cancel asks first: Keep order changes nothing; confirming cancels', async () => {
    const shown = await openPaid();
    mockedSet.mockResolvedValueOnce({ status: 'cancelled', updatedAt: '2026-11-21T08:00:00Z' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order NPNG-100012?' });
    expect(dialog.textContent).toContain('The items go back into stock. This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(mockedSet).not.toHaveBeenCalled();
    expect(actionButtons()).toEqual(['Mark as processing', 'Mark as shipped', 'Cancel order']);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const again = await screen.findByRole('alertdialog');
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel order' }));
    await screen.findByText('This order was cancelled.');
    expect(mockedSet.mock.calls).toEqual([[{ id: 'o-100012', from: 'paid', to: 'cancelled' }]]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(actionButtons()).toEqual([]);
    expect(shown).toEqual([{ title: 'Order updated', description: 'NPNG-100012 is now Cancelled.', variant: 'success' }]);
  });

  it('a failed change says why and keeps the status; the buttons work again', async () => {
    const shown = await openPaid();
    mockedSet.mockRejectedValueOnce(new ApiError('invalid', 'An order cannot move from paid to delivered', { code: 'P0001' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as processing' }));
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]).toEqual({ title: 'Order not updated', description: 'An order cannot move from paid to delivered', variant: 'destructive' });
    expect(actionButtons()).toEqual(['Mark as processing', 'Mark as shipped', 'Cancel order']);
    expect(screen.getByRole('button', { name: 'Mark as processing' }).hasAttribute('disabled')).toBe(false);
    expect(mockedOrder).toHaveBeenCalledTimes(1);
  });

  it('changed by another admin meanwhile: the order is loaded again and the admin told', async () => {
    const shown = await openPaid();
    mockedSet.mockRejectedValueOnce(new ApiError('conflict', 'This order was changed somewhere else; reload it to see its status.', { code: 'stale' }));
    mockedOrder.mockResolvedValueOnce({ ...PAID, status: 'shipped', updatedAt: '2026-11-21T07:00:00Z' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(actionButtons()).toEqual(['Mark as delivered']));
    expect(mockedOrder).toHaveBeenCalledTimes(2);
    expect(shown).toEqual([
      { title: 'Order not updated', description: 'This order was changed somewhere else; it now shows its current status.', variant: 'info' },
    ]);
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

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AdminProductQuery, type AdminProductRow, DEFAULT_ADMIN_PRODUCT_QUERY, type Page } from '../../domain/adminLists';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../../machines/adminProductsMachine';
import { fetchAdminProducts, setProductFeatured, setProductStatus } from '../../src/api/admin';
import { ApiError } from '../../src/api/errors';
import { AdminProductsPage } from '../../src/features/admin/products/AdminProductsPage';
import { adminRow, GRIND_TEE, IRON_SHAKER, PR_SHORTS } from '../../stories/fixtures/admin-products';
import { renderAt } from './support';

vi.mock('../../src/api/admin', () => ({ fetchAdminProducts: vi.fn(), setProductFeatured: vi.fn(), setProductStatus: vi.fn() }));

const fetchMock = vi.mocked(fetchAdminProducts);
const featuredMock = vi.mocked(setProductFeatured);
const statusMock = vi.mocked(setProductStatus);
const toastsSend = vi.fn();
const lastToast = () => toastsSend.mock.lastCall?.[0].toast;
const query = (overrides: Partial<AdminProductQuery> = {}): AdminProductQuery => ({ ...DEFAULT_ADMIN_PRODUCT_QUERY, ...overrides });
const ROWS = [GRIND_TEE, IRON_SHAKER, PR_SHORTS];

/** A promise the test settles when it wants to (a write in flight). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function open(path = '/admin/products') {
  return renderAt(<AdminProductsPage />, path, { toasts: { send: toastsSend } as never });
}

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;

beforeEach(() => {
  fetchMock.mockReset();
  featuredMock.mockReset();
  statusMock.mockReset();
  toastsSend.mockReset();
  fetchMock.mockResolvedValue({ rows: ROWS, total: ROWS.length });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/admin/products', () => {
  it('loads the first page, recently updated first, with its links and title', async () => {
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading products...');
    await screen.findByRole('link', { name: 'Grind Tee' });
    expect(fetchMock.mock.calls).toEqual([[query()]]);
    expect(document.title).toBe('Products · Admin · No Pain, No Gain');
    expect(screen.getByRole('link', { name: 'Create Product' }).getAttribute('href')).toBe('/admin/products/new');
    expect(screen.getByRole('link', { name: 'View Shop' }).getAttribute('href')).toBe('/shop');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    const table = within(screen.getByRole('region', { name: 'Product list' })).getByRole('table');
    const titles = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('link')[0].textContent);
    expect(titles).toEqual(['Grind Tee', 'Iron Shaker', 'PR Shorts']);
    expect(screen.getByRole('link', { name: 'Iron Shaker' }).getAttribute('href')).toBe(`/admin/products/${IRON_SHAKER.id}/edit`);
    expect(screen.getByText('1–3 of 3 products')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('features a product: the switch is busy until the database answers, then the row and a toast say so', async () => {
    const write = deferred<{ updatedAt: string }>();
    featuredMock.mockReturnValue(write.promise);
    open();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Featured: Iron Shaker' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(featuredMock.mock.calls).toEqual([[{ id: IRON_SHAKER.id, featured: true }]]);
    expect(toggle.getAttribute('aria-disabled')).toBe('true');
    // Not optimistic, and a second click while writing writes nothing more.
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(featuredMock).toHaveBeenCalledTimes(1);
    // Another row's switch is free meanwhile.
    expect(screen.getByRole('switch', { name: 'Featured: Grind Tee' }).getAttribute('aria-disabled')).toBeNull();
    const updatedBefore = within(rowOf('Iron Shaker')).getByText(/2026/).textContent;
    await act(async () => write.resolve({ updatedAt: '2026-11-20T16:45:00Z' }));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(toggle.getAttribute('aria-disabled')).toBeNull();
    expect(lastToast()).toEqual({ title: 'Updated featured', description: 'Iron Shaker', variant: 'success' });
    const updated = within(rowOf('Iron Shaker')).getByText(/2026/);
    expect(updated.getAttribute('datetime')).toBe('2026-11-20T16:45:00Z');
    expect(updated.textContent).not.toBe(updatedBefore);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('publishes a draft and unpublishes a published product', async () => {
    statusMock.mockResolvedValue({ updatedAt: '2026-11-20T17:00:00Z' });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish Iron Shaker' }));
    expect(statusMock).toHaveBeenLastCalledWith({ id: IRON_SHAKER.id, status: 'published' });
    await waitFor(() => expect(lastToast()).toEqual({ title: 'Status updated', description: 'Iron Shaker', variant: 'success' }));
    expect(within(rowOf('Iron Shaker')).getByText('Published')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unpublish Iron Shaker' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Unpublish Grind Tee' }));
    expect(statusMock).toHaveBeenLastCalledWith({ id: GRIND_TEE.id, status: 'draft' });
    await waitFor(() => expect(within(rowOf('Grind Tee')).getByText('Draft')).toBeTruthy());
    // An archived product is published by the toggle (SPEC §4: non-published → published).
    await user.click(screen.getByRole('button', { name: 'Publish PR Shorts' }));
    expect(statusMock).toHaveBeenLastCalledWith({ id: PR_SHORTS.id, status: 'published' });
  });

  it("a refused write toasts the server's message and leaves the row as it was", async () => {
    featuredMock.mockRejectedValue(new ApiError('unauthorized', 'permission denied for table products', { status: 403 }));
    statusMock.mockRejectedValue(new Error());
    open();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Featured: Grind Tee' });
    await user.click(toggle);
    await waitFor(() => expect(lastToast()).toEqual({ title: 'Failed to update', description: 'permission denied for table products', variant: 'destructive' }));
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(toggle.getAttribute('aria-disabled')).toBeNull();
    // No message from the server: the toast's own words.
    await user.click(screen.getByRole('button', { name: 'Publish Iron Shaker' }));
    await waitFor(() => expect(toastsSend).toHaveBeenCalledTimes(2));
    expect(lastToast()).toEqual({ title: 'Failed to update', description: undefined, variant: 'destructive' });
    expect(within(rowOf('Iron Shaker')).getByText('Draft')).toBeTruthy();
  });

  it('typing a search replaces the URL and reloads once, 300 ms after the last key, at page 1', async () => {
    fetchMock.mockResolvedValueOnce({ rows: ROWS, total: 60 });
    const location = open('/admin/products?page=2');
    await screen.findByRole('link', { name: 'Grind Tee' });
    expect(fetchMock.mock.calls).toEqual([[query({ page: 2 })]]);
    fetchMock.mockResolvedValue({ rows: [GRIND_TEE], total: 1 });
    const field = screen.getByRole('searchbox', { name: 'Search by title or SKU' });
    // The machine's wait runs on a clock the test moves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const text of [' t', ' te', ' tee']) {
      fireEvent.change(field, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(ADMIN_SEARCH_DEBOUNCE_MS - 1));
    }
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A space after the word changes the field, not the search.
    fireEvent.change(field, { target: { value: ' tee ' } });
    expect((field as HTMLInputElement).value).toBe(' tee ');
    expect(location.history?.at(-1)).toBe('/admin/products?q=tee');
    // Replaced, not pushed: Back leaves the list instead of stepping through letters.
    expect(location.history).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.lastCall).toEqual([query({ q: 'tee' })]);
    await act(() => vi.advanceTimersByTimeAsync(10 * ADMIN_SEARCH_DEBOUNCE_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Iron Shaker' })).toBeNull());
    expect(screen.getByText('1–1 of 1 product')).toBeTruthy();
  });

  it('filters by status and sorts at once, each a new URL at page 1', async () => {
    const location = open('/admin/products?page=3');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Grind Tee' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Draft');
    expect(location.history?.at(-1)).toBe('/admin/products?status=draft');
    await waitFor(() => expect(fetchMock.mock.lastCall).toEqual([query({ status: 'draft' })]));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Least recently updated');
    expect(location.history?.at(-1)).toBe('/admin/products?status=draft&sort=updated_asc');
    await waitFor(() => expect(fetchMock.mock.lastCall).toEqual([query({ status: 'draft', sort: 'updated_asc' })]));
    expect(location.history).toHaveLength(3);
  });

  it('pages through 60 products with Previous and Next, keeping the query', async () => {
    const page2: Page<AdminProductRow> = { rows: Array.from({ length: 25 }, (_, i) => adminRow(26 + i)), total: 60 };
    fetchMock.mockResolvedValue(page2);
    const location = open('/admin/products?q=product&page=2');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Product 26' });
    expect(screen.getByText('26–50 of 60 products')).toBeTruthy();
    const pagination = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pagination.getByText('Page 2 of 3')).toBeTruthy();
    expect(pagination.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/admin/products?q=product');
    fetchMock.mockResolvedValue({ rows: page2.rows.slice(0, 10).map((row, i) => ({ ...row, id: `p3-${i}`, title: `Last ${i}` })), total: 60 });
    await user.click(pagination.getByRole('link', { name: 'Next' }));
    expect(location.history?.at(-1)).toBe('/admin/products?q=product&page=3');
    await screen.findByRole('link', { name: 'Last 0' });
    expect(fetchMock.mock.lastCall).toEqual([query({ q: 'product', page: 3 })]);
    expect(screen.getByText('51–60 of 60 products')).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).queryByRole('link', { name: 'Next' })).toBeNull();
  });

  it('a page past the last (fewer products now) moves to the last page', async () => {
    fetchMock.mockImplementation(async (q) => (q.page === 9 ? { rows: [], total: 30 } : { rows: ROWS, total: 30 }));
    const location = open('/admin/products?page=9');
    await screen.findByRole('link', { name: 'Grind Tee' });
    expect(location.history?.at(-1)).toBe('/admin/products?page=2');
    expect(fetchMock.mock.calls).toEqual([[query({ page: 9 })], [query({ page: 2 })]]);
    expect(screen.queryByText('No products yet.')).toBeNull();
  });

  it('a failed load says so in the table, and Retry loads again', async () => {
    fetchMock.mockRejectedValueOnce(new ApiError('network', 'Failed to fetch'));
    open();
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load products. Please refresh the page.');
    expect(alert.closest('table')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('link', { name: 'Grind Tee' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('no products at all vs none matching, and Clear filters goes back to the whole list', async () => {
    fetchMock.mockResolvedValue({ rows: [], total: 0 });
    open();
    expect(await screen.findByText('No products yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Clear filters' })).toBeNull();
  });

  it('a search with no match offers Clear filters, which empties the field too', async () => {
    fetchMock.mockResolvedValue({ rows: [], total: 0 });
    const location = open('/admin/products?q=zzz&status=archived&sort=updated_asc');
    const user = userEvent.setup();
    expect(await screen.findByText('No products match your search.')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search by title or SKU' }) as HTMLInputElement).value).toBe('zzz');
    fetchMock.mockResolvedValue({ rows: ROWS, total: 3 });
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(location.history?.at(-1)).toBe('/admin/products?sort=updated_asc');
    await screen.findByRole('link', { name: 'Grind Tee' });
    expect((screen.getByRole('searchbox', { name: 'Search by title or SKU' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('all');
    expect(fetchMock.mock.lastCall).toEqual([query({ sort: 'updated_asc' })]);
  });

  it('titles with markup are shown as text', async () => {
    fetchMock.mockResolvedValue({ rows: [adminRow(9, { title: '<img src=x onerror=alert(1)><b>Bold</b>' })], total: 1 });
    open();
    const link = await screen.findByRole('link', { name: '<img src=x onerror=alert(1)><b>Bold</b>' });
    expect(link.querySelector('b, img')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Featured: <img src=x onerror=alert(1)><b>Bold</b>' })).toBeTruthy();
  });
});

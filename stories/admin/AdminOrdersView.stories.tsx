import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminOrdersView } from '../../src/features/admin/orders/AdminOrdersView';
import { AUTO_REFUNDS, FOUR_PAGES_TOTAL, FULL_PAGE, ORDER_ROWS, SHIPPED_ROWS } from '../fixtures/admin-orders';
import { inGerman } from '../support';

/** /admin/orders: every state of machines/adminOrdersMachine.ts, with the filter and the pages. */
const meta: Meta<typeof AdminOrdersView> = {
  title: 'Admin/Orders',
  component: AdminOrdersView,
  args: {
    status: 'loaded',
    query: { status: 'all', page: 1 },
    rows: ORDER_ROWS,
    total: ORDER_ROWS.length,
    onStatusChange: fn(),
    onRetry: fn(),
    autoRefunds: [],
    autoRefundsError: null,
  },
  parameters: { path: '/admin/orders' },
};
export default meta;
type Story = StoryObj<typeof AdminOrdersView>;

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
/** A cell's text as laid out (its blocks apart: a title above its size and colour). */
const cellText = (element: Element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
/** Each body row as read: number, customer, total, status, date. */
const tableRows = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map(cellText));

export const Loading: Story = {
  args: { status: 'loading', rows: [], total: 0 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent('Loading orders...');
    await expect(page.getByLabelText('Status')).toHaveValue('all');
    await expect(page.queryByRole('table')).toBeNull();
  },
};

/** Every status, a guest, another currency, a long address and a status the shop has no name for. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('8 orders')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Orders, page 1 of 1' })).toBeVisible();
    const headers = [...canvasElement.querySelectorAll('thead th')].map((th) => text(th));
    await expect(headers).toEqual(['Order number', 'Customer', 'Total', 'Status', 'Date']);
    const rows = tableRows(canvasElement);
    await expect(rows.map((r) => r.slice(0, 4))).toEqual([
      ['NPNG-100012', 'alex@nopain-nogain.test', '€155.98', 'Paid'],
      ['NPNG-100011', 'maria.schneider@example.de', '€49.98', 'Processing'],
      ['NPNG-100010', 'Guest', '€34.99', 'Pending'],
      ['NPNG-100009', 'a.very.long.address.for.a.gym.fan+orders@subdomain.example-mail-provider.co.uk', '£214.96', 'Shipped'],
      ['NPNG-100008', 'jo@example.com', '€89.97', 'Delivered'],
      ['NPNG-100007', 'kim@example.com', '€29.99', 'Cancelled'],
      ['NPNG-100006', 'sam@example.com', '€64.99', 'Refunded'],
      ['NPNG-100005', 'lee@example.com', '€54.99', 'On hold'],
    ]);
    // Date and time, in the admin's time zone.
    await expect(rows[0][4]).toMatch(/^Nov \d{1,2}, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    await expect(page.getByRole('link', { name: 'NPNG-100012' })).toHaveAttribute('href', '/admin/orders/NPNG-100012');
    // One page: no page links.
    await expect(page.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  },
};

export const ChangeFilter: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const filter = page.getByLabelText('Status');
    const options = [...(filter as HTMLSelectElement).options].map((o) => [o.value, o.text]);
    await expect(options).toEqual([
      ['all', 'All'],
      ['pending', 'Pending'],
      ['paid', 'Paid'],
      ['processing', 'Processing'],
      ['shipped', 'Shipped'],
      ['delivered', 'Delivered'],
      ['cancelled', 'Cancelled'],
      ['refunded', 'Refunded'],
    ]);
    await userEvent.selectOptions(filter, 'shipped');
    await expect(args.onStatusChange).toHaveBeenCalledWith('shipped');
  },
};

export const Filtered: Story = {
  args: { query: { status: 'shipped', page: 1 }, rows: SHIPPED_ROWS, total: SHIPPED_ROWS.length },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByLabelText('Status')).toHaveValue('shipped');
    await expect(page.getByText('1 order')).toBeVisible();
    await expect(tableRows(canvasElement).map((r) => r[0])).toEqual(['NPNG-100009']);
  },
};

/** Page 2 of 4 of shipped orders: both page links keep the filter. */
export const Paged: Story = {
  args: { query: { status: 'shipped', page: 2 }, rows: FULL_PAGE, total: FOUR_PAGES_TOTAL },
  play: async ({ canvasElement }) => {
    const pages = within(within(canvasElement).getByRole('navigation', { name: 'Pagination' }));
    await expect(pages.getByText('Page 2 of 4')).toBeVisible();
    await expect(pages.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/admin/orders?status=shipped');
    await expect(pages.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/admin/orders?status=shipped&page=3');
    await expect(within(canvasElement).getByText('82 orders')).toBeVisible();
    await expect(tableRows(canvasElement)).toHaveLength(25);
  },
};

export const LastPage: Story = {
  args: { query: { status: 'all', page: 4 }, rows: ORDER_ROWS.slice(0, 7), total: FOUR_PAGES_TOTAL },
  play: async ({ canvasElement }) => {
    const pages = within(within(canvasElement).getByRole('navigation', { name: 'Pagination' }));
    await expect(pages.getByText('Page 4 of 4')).toBeVisible();
    await expect(pages.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/admin/orders?page=3');
    await expect(pages.queryByRole('link', { name: 'Next' })).toBeNull();
    await expect(pages.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
  },
};

/** An old link past the last page. */
export const PastLastPage: Story = {
  args: { query: { status: 'paid', page: 9 }, rows: [], total: 3 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('There are no orders on this page.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/admin/orders?status=paid');
  },
};

export const Empty: Story = {
  args: { rows: [], total: 0 },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('No orders yet.')).toBeVisible();
    await expect(page.queryByRole('table')).toBeNull();
  },
};

export const EmptyFiltered: Story = {
  args: { query: { status: 'refunded', page: 1 }, rows: [], total: 0 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No orders with this status.')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { status: 'failed', rows: [], total: 0 },
  play: async ({ canvasElement, args }) => {
    const alert = within(within(canvasElement).getByRole('alert'));
    await expect(alert.getByText('Failed to load orders. Please try again.')).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A phone (320 px): each order is a card with number, customer, total, status and date on screen; nothing scrolls sideways. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBeLessThanOrEqual(360);
    const region = within(canvasElement).getByRole('region', { name: 'Orders, page 1 of 1' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const cards = [...region.querySelectorAll('tbody > tr')];
    await expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      await expect(card.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
      for (const part of card.querySelectorAll('th, td, a, time')) await expect(part.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};

/** Payments that could not become an order and went back automatically; a failed one stands out. */
export const AutoRefunds: Story = {
  args: { autoRefunds: AUTO_REFUNDS },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const region = within(page.getByRole('region', { name: 'Payments refunded automatically' }));
    await expect(region.getByText('Sold out before the payment arrived')).toBeVisible();
    await expect(region.getByText('A price changed while the customer was paying')).toBeVisible();
    await expect(region.getByText('No such payment_intent')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveTextContent('Some of these refunds failed');
  },
};
export const AutoRefundsFailed: Story = {
  args: { autoRefunds: null, autoRefundsError: 'Failed to fetch' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Payments refunded automatically could not be loaded.')).toBeVisible();
  },
};

export const LoadingDe = inGerman({
  args: Loading.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveTextContent('Bestellungen werden geladen …');
  },
} satisfies Story);
export const LoadedDe = inGerman({
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('8 Bestellungen')).toBeVisible();
    const headers = [...canvasElement.querySelectorAll('thead th')].map((th) => text(th));
    await expect(headers).toEqual(['Bestellnummer', 'Kunde', 'Gesamt', 'Status', 'Datum']);
    const rows = tableRows(canvasElement);
    await expect(rows.map((r) => r.slice(1, 4))[2]).toEqual(['Gast', '34,99 €', 'Ausstehend']);
    await expect(rows[3][2]).toBe('214,96 £');
    await expect(rows[0][4]).toMatch(/^\d{2}\.11\.2026, \d{2}:\d{2}$/);
  },
} satisfies Story);
export const ChangeFilterDe = inGerman({
  play: async ({ canvasElement, args }) => {
    const filter = within(canvasElement).getByLabelText('Status');
    await expect([...(filter as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Alle',
      'Ausstehend',
      'Bezahlt',
      'In Bearbeitung',
      'Versandt',
      'Zugestellt',
      'Storniert',
      'Erstattet',
    ]);
    await userEvent.selectOptions(filter, 'delivered');
    await expect(args.onStatusChange).toHaveBeenCalledWith('delivered');
  },
} satisfies Story);
export const PagedDe = inGerman({
  args: Paged.args,
  play: async ({ canvasElement }) => {
    // Previous, Next and the navigation's name are shared with the products list (whose German they take).
    const pages = within(within(canvasElement).getByRole('navigation'));
    await expect(pages.getByText('Seite 2 von 4')).toBeVisible();
    await expect(pages.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/admin/orders?status=shipped', '/admin/orders?status=shipped&page=3']);
  },
} satisfies Story);
export const PastLastPageDe = inGerman({
  args: PastLastPage.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Auf dieser Seite gibt es keine Bestellungen.')).toBeVisible();
  },
} satisfies Story);
export const EmptyDe = inGerman({
  args: Empty.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Noch keine Bestellungen.')).toBeVisible();
  },
} satisfies Story);
export const EmptyFilteredDe = inGerman({
  args: EmptyFiltered.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Keine Bestellungen mit diesem Status.')).toBeVisible();
  },
} satisfies Story);
export const FailedDe = inGerman({
  args: Failed.args,
  play: async ({ canvasElement }) => {
    const alert = within(within(canvasElement).getByRole('alert'));
    await expect(alert.getByText('Die Bestellungen konnten nicht geladen werden. Bitte versuche es noch einmal.')).toBeVisible();
    await expect(alert.getByRole('button')).toBeVisible();
  },
} satisfies Story);
export const AutoRefundsDe = inGerman({
  args: AutoRefunds.args,
  play: async ({ canvasElement }) => {
    const region = within(within(canvasElement).getByRole('region', { name: 'Automatisch erstattete Zahlungen' }));
    await expect(region.getByText('Vor Zahlungseingang ausverkauft')).toBeVisible();
    await expect(region.getByText('Fehlgeschlagen')).toBeVisible();
  },
} satisfies Story);
export const AutoRefundsFailedDe = inGerman({ args: AutoRefundsFailed.args } satisfies Story);

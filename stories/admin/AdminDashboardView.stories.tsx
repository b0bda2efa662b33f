import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminDashboardView } from '../../src/features/admin/dashboard/AdminDashboardView';
import { ATTENTION, NO_SALES, NO_STOCK_ISSUES, NOTHING_TO_DO, SALES, STOCK, TOP } from '../fixtures/admin-dashboard';
import { inGerman } from '../support';

const loading = { status: 'loading', data: null } as const;
const failed = { status: 'failed', data: null } as const;

/** /admin: every panel state of machines/adminDashboardMachine.ts (loading, loaded, empty, failed), each panel on its own. */
const meta: Meta<typeof AdminDashboardView> = {
  title: 'Admin/Dashboard',
  component: AdminDashboardView,
  args: {
    days: 30,
    sales: { status: 'loaded', data: SALES },
    top: { status: 'loaded', data: TOP },
    stock: { status: 'loaded', data: STOCK },
    attention: { status: 'loaded', data: ATTENTION },
    onRetry: fn(),
  },
  parameters: { path: '/admin' },
};
export default meta;
type Story = StoryObj<typeof AdminDashboardView>;

const panel = (canvas: HTMLElement, id: string) => canvas.querySelector(`[data-panel="${id}"]`) as HTMLElement;

export const Loading: Story = {
  args: { sales: loading, top: loading, stock: loading, attention: loading },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Loading sales...')).toBeInTheDocument();
    await expect(page.getByText('Loading top products...')).toBeInTheDocument();
    await expect(page.getByText('Loading stock...')).toBeInTheDocument();
    await expect(page.getByText('Loading what needs attention...')).toBeInTheDocument();
  },
};

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('href', '/admin?days=7');
    const chart = page.getByRole('img');
    await expect(chart).toHaveAccessibleName(/^Revenue €[\d,.]+ from \d+ orders in the last 30 days, [+-][\d.]+% on the 30 days before; best day Mon, Nov 16, 2026/);
    await expect(chart.querySelectorAll('rect[data-day]')).toHaveLength(30);
    await userEvent.click(page.getByText('Show as table'));
    await expect(page.getByRole('table', { name: 'Revenue and orders per day' }).querySelectorAll('tbody tr')).toHaveLength(30);
    await expect(within(panel(canvasElement, 'dashboard-top')).getByRole('link', { name: 'Iron Grip Lifting Straps' })).toHaveAttribute('href', '/admin/products/p-1/edit');
    await expect(within(panel(canvasElement, 'dashboard-stock')).getByText('Low stock (5 or fewer): 3')).toBeVisible();
    await expect(within(panel(canvasElement, 'dashboard-stock')).getByText('12 waiting')).toBeVisible();
    await expect(within(panel(canvasElement, 'dashboard-attention')).getByRole('link', { name: 'Paid orders not shipped after 2 days' })).toHaveAttribute(
      'href',
      '/admin/orders?status=paid',
    );
    await expect(within(panel(canvasElement, 'dashboard-attention')).getByText('Refunds that failed')).toBeVisible();
  },
};

export const LoadedDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await expect(page.getByRole('img')).toHaveAccessibleName(/^Umsatz [\d.]+,\d\d\s€ aus \d+ Bestellungen in den letzten 30 Tagen/);
    await expect(page.getByText('Ausverkauft: 2')).toBeVisible();
    await expect(page.getByRole('link', { name: '90 Tage' })).toBeVisible();
  },
});

export const Empty: Story = {
  args: {
    days: 7,
    sales: { status: 'loaded', data: NO_SALES },
    top: { status: 'loaded', data: [] },
    stock: { status: 'loaded', data: NO_STOCK_ISSUES },
    attention: { status: 'loaded', data: NOTHING_TO_DO },
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('No sales in this period or the one before.')).toBeVisible();
    await expect(page.queryByRole('img')).toBeNull();
    await expect(page.getByText('No products sold in this period.')).toBeVisible();
    await expect(page.getByText('No variant is running low.')).toBeVisible();
    await expect(page.getByText('Nothing is sold out.')).toBeVisible();
    await expect(page.getByText('Nothing needs your attention.')).toBeVisible();
  },
};

export const EmptyDe = inGerman({ args: Empty.args });

export const Failed: Story = {
  args: { sales: failed, top: failed, stock: failed, attention: failed },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getAllByRole('alert')).toHaveLength(4);
    await userEvent.click(within(panel(canvasElement, 'dashboard-stock')).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledWith('stock');
  },
};

/** One panel failed, the others loaded or still loading: each stands alone. */
export const OnePanelFailed: Story = {
  args: { stock: failed, top: loading },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getAllByRole('alert')).toHaveLength(1);
    await expect(within(panel(canvasElement, 'dashboard-stock')).getByText('Failed to load stock. Please try again.')).toBeVisible();
    await expect(page.getByText('Loading top products...')).toBeInTheDocument();
    await expect(page.getByRole('img')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledWith('stock');
  },
};

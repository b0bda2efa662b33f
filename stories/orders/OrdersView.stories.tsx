import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CheckoutNotice } from '../../src/features/orders/CheckoutNotice';
import { OrdersView } from '../../src/features/orders/OrdersView';
import { listedOrder, ORDERS } from '../fixtures/orders';
import { inGerman } from '../support';

const JUST_PAID = listedOrder('paid');
/** Refresh of the "not yet" notice (the notice is the page's, so its callback is not one of the view's args). */
const refresh = fn();

/** /orders: the signed-in customer's orders (machines/ordersMachine.ts), and back from paying the notice above them. */
const meta: Meta<typeof OrdersView> = {
  title: 'Orders/Orders page',
  component: OrdersView,
  args: { status: 'loaded', orders: ORDERS, notice: undefined, onRetry: fn() },
  parameters: { path: '/orders' },
};
export default meta;
type Story = StoryObj<typeof OrdersView>;

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
/** Each card as read: its heading and its status badge. */
const cards = (canvasElement: HTMLElement, listName: string) =>
  within(within(canvasElement).getByRole('list', { name: listName }))
    .getAllByRole('article')
    .map((card) => [text(card.querySelector('h2')), text(card.querySelector('h2 + span'))]);

export const Loading: Story = {
  args: { status: 'loading', orders: [] },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to account' })).toHaveAttribute('href', '/account');
    await expect(page.getByRole('status')).toHaveTextContent('Loading your orders...');
    await expect(page.queryByRole('list')).toBeNull();
    await expect(page.queryByText('No orders yet')).toBeNull();
  },
};

/** Newest first, every status with its badge. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(cards(canvasElement, 'Your orders')).toEqual([
      ['Order NPNG-100009', 'Pending'],
      ['Order NPNG-100008', 'Paid'],
      ['Order NPNG-100007', 'Shipped'],
      ['Order NPNG-100006', 'Processing'],
      ['Order NPNG-100005', 'Delivered'],
      ['Order NPNG-100004', 'On hold'],
      ['Order NPNG-100003', 'Refunded'],
      ['Order NPNG-100002', 'Cancelled'],
      ['Order NPNG-100001', 'Delivered'],
    ]);
    const shipped = within(page.getByRole('article', { name: 'Order NPNG-100007' }));
    await expect(shipped.getByText('November 18, 2026').closest('p')).toHaveTextContent('Placed on November 18, 2026');
    await expect(shipped.getByText('€155.94')).toBeVisible();
    await expect(shipped.getByRole('link', { name: 'View Details of order NPNG-100007' })).toHaveAttribute('href', '/orders/NPNG-100007');
    await expect(page.queryByRole('status')).toBeNull();
    await expect(page.queryByRole('alert')).toBeNull();
  },
};

export const NoOrders: Story = {
  args: { orders: [] },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('No orders yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/shop');
    await expect(page.queryByRole('list')).toBeNull();
  },
};

export const Failed: Story = {
  args: { status: 'failed', orders: [] },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const alert = within(page.getByRole('alert'));
    await expect(alert.getByText("We couldn't load your orders.")).toBeVisible();
    // A failed load is not an empty history.
    await expect(page.queryByText('No orders yet')).toBeNull();
    await userEvent.click(alert.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Back from paying, while both the order and the list are being looked up. */
export const BackFromPaymentLooking: Story = {
  args: { status: 'loading', orders: [], notice: <CheckoutNotice status="looking" orderNumber={null} onRefresh={refresh} /> },
  play: async ({ canvasElement }) => {
    const statuses = within(canvasElement).getAllByRole('status');
    await expect(statuses.map(text)).toEqual(['Confirming your order…', 'Loading your orders...']);
  },
};

export const BackFromPaymentFound: Story = {
  args: { notice: <CheckoutNotice status="found" orderNumber={JUST_PAID.orderNumber} onRefresh={refresh} /> },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent('Thank you! Your order NPNG-100008 is confirmed.');
    await expect(within(page.getByRole('list', { name: 'Your orders' })).getByRole('article', { name: 'Order NPNG-100008' })).toBeVisible();
  },
};

/** The order has not arrived after six lookups: a calm note above the list, and Refresh. */
export const BackFromPaymentNotYet: Story = {
  args: { orders: ORDERS.filter((order) => order !== JUST_PAID), notice: <CheckoutNotice status="notYet" orderNumber={null} onRefresh={refresh} /> },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const notice = within(page.getByRole('status'));
    await expect(notice.getByText('Your payment was received; your order will appear here shortly.')).toBeVisible();
    await expect(page.queryByRole('article', { name: 'Order NPNG-100008' })).toBeNull();
    await expect(refresh).not.toHaveBeenCalled();
    await userEvent.click(notice.getByRole('button', { name: 'Refresh' }));
    await expect(refresh).toHaveBeenCalledTimes(1);
  },
};

/** The list could not be loaded, but the order just paid for was found: it shows anyway. */
export const FailedButFound: Story = {
  args: { status: 'failed', orders: [JUST_PAID], notice: <CheckoutNotice status="found" orderNumber={JUST_PAID.orderNumber} onRefresh={refresh} /> },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('alert')).toHaveTextContent("We couldn't load your orders.");
    await expect(cards(canvasElement, 'Your orders')).toEqual([['Order NPNG-100008', 'Paid']]);
  },
};

export const LoadingDe = inGerman({
  args: Loading.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Bestellungen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zurück zum Konto' })).toHaveAttribute('href', '/account');
    await expect(page.getByRole('status')).toHaveTextContent('Deine Bestellungen werden geladen …');
  },
} satisfies Story);
export const LoadedDe = inGerman({
  args: Loaded.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(cards(canvasElement, 'Deine Bestellungen')).toEqual([
      ['Bestellung NPNG-100009', 'Ausstehend'],
      ['Bestellung NPNG-100008', 'Bezahlt'],
      ['Bestellung NPNG-100007', 'Versandt'],
      ['Bestellung NPNG-100006', 'In Bearbeitung'],
      ['Bestellung NPNG-100005', 'Zugestellt'],
      ['Bestellung NPNG-100004', 'On hold'],
      ['Bestellung NPNG-100003', 'Erstattet'],
      ['Bestellung NPNG-100002', 'Storniert'],
      ['Bestellung NPNG-100001', 'Zugestellt'],
    ]);
    const shipped = within(page.getByRole('article', { name: 'Bestellung NPNG-100007' }));
    await expect(shipped.getByText('18. November 2026').closest('p')).toHaveTextContent('Bestellt am 18. November 2026');
    await expect(shipped.getByText('155,94 €')).toBeVisible();
    await expect(shipped.getByRole('link', { name: 'Details ansehen: Bestellung NPNG-100007' })).toHaveTextContent('Details ansehen');
  },
} satisfies Story);
export const NoOrdersDe = inGerman({
  args: NoOrders.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByText('Noch keine Bestellungen')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Jetzt einkaufen' })).toHaveAttribute('href', '/shop');
  },
} satisfies Story);
export const FailedDe = inGerman({
  args: Failed.args,
  play: async ({ canvasElement, args }) => {
    const alert = within(within(canvasElement).getByRole('alert'));
    await expect(alert.getByText('Wir konnten Deine Bestellungen nicht laden.')).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
} satisfies Story);
export const BackFromPaymentLookingDe = inGerman({
  args: BackFromPaymentLooking.args,
  play: async ({ canvasElement }) => {
    const statuses = within(canvasElement).getAllByRole('status');
    await expect(statuses.map(text)).toEqual(['Deine Bestellung wird bestätigt …', 'Deine Bestellungen werden geladen …']);
  },
} satisfies Story);
export const BackFromPaymentFoundDe = inGerman({
  args: BackFromPaymentFound.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Danke! Deine Bestellung NPNG-100008 ist bestätigt.');
  },
} satisfies Story);
export const BackFromPaymentNotYetDe = inGerman({
  args: BackFromPaymentNotYet.args,
  play: async ({ canvasElement }) => {
    const notice = within(within(canvasElement).getByRole('status'));
    await expect(notice.getByText('Deine Zahlung ist eingegangen; Deine Bestellung erscheint hier in Kürze.')).toBeVisible();
    await expect(refresh).not.toHaveBeenCalled();
    await userEvent.click(notice.getByRole('button', { name: 'Aktualisieren' }));
    await expect(refresh).toHaveBeenCalledTimes(1);
  },
} satisfies Story);
export const FailedButFoundDe = inGerman({
  args: FailedButFound.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Wir konnten Deine Bestellungen nicht laden.');
    await expect(cards(canvasElement, 'Deine Bestellungen')).toEqual([['Bestellung NPNG-100008', 'Bezahlt']]);
  },
} satisfies Story);

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AdminOrderView } from '../../src/features/admin/orders/AdminOrderView';
import {
  CANCELLED_ORDER,
  DELIVERED_ORDER,
  GUEST_ORDER,
  PAID_ORDER,
  PROCESSING_ORDER,
  REFUNDED_ORDER,
  SHIPPED_ORDER,
} from '../fixtures/admin-orders';
import { inGerman } from '../support';

/** /admin/orders/{orderNumber}: every state of machines/adminOrderMachine.ts, the cancel confirmation included. */
const meta: Meta<typeof AdminOrderView> = {
  title: 'Admin/Order',
  component: AdminOrderView,
  args: {
    status: 'loaded',
    orderNumber: PAID_ORDER.orderNumber,
    order: PAID_ORDER,
    step: 'idle',
    pending: null,
    onRetry: fn(),
    onStatusChange: fn(),
    onConfirm: fn(),
    onDismiss: fn(),
  },
  parameters: { path: `/admin/orders/${PAID_ORDER.orderNumber}` },
};
export default meta;
type Story = StoryObj<typeof AdminOrderView>;

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
/** A cell's text as laid out (its blocks apart: a title above its size and colour). */
const cellText = (element: Element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
/** The overview as read: [term, value] pairs. */
const overview = (canvasElement: HTMLElement) => [...(canvasElement.querySelector('dl')?.querySelectorAll('dt') ?? [])].map((dt) => [text(dt), text(dt.nextElementSibling)]);
const totals = (canvasElement: HTMLElement) => [...(canvasElement.querySelectorAll('dl')[1]?.querySelectorAll('dt') ?? [])].map((dt) => [text(dt), text(dt.nextElementSibling)]);
const lineRows = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map(cellText));
/** The status actions, by their text. */
const actions = (canvasElement: HTMLElement) => [...(canvasElement.querySelector('section')?.querySelectorAll('button') ?? [])].map((b) => text(b));

export const Loading: Story = {
  args: { status: 'loading', order: null, step: null },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Order NPNG-100012' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/admin/orders');
    await expect(page.getByRole('status')).toHaveTextContent('Loading order...');
    await expect(page.queryByRole('button')).toBeNull();
  },
};

/** Paid: four lines, the moves to processing, shipped and cancelled. */
export const Paid: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Order NPNG-100012' })).toBeVisible();
    await expect(document.title).toMatch(/^Order NPNG-100012/);
    const facts = overview(canvasElement);
    await expect(facts.map(([term]) => term)).toEqual(['Status', 'Placed', 'Customer', 'Ship to']);
    await expect(facts[0][1]).toBe('Paid');
    await expect(facts[1][1]).toMatch(/^Nov \d{1,2}, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    await expect(facts.slice(2)).toEqual([
      ['Customer', 'alex@nopain-nogain.test'],
      ['Ship to', 'EU'],
    ]);
    await expect([...canvasElement.querySelectorAll('thead th')].map(text)).toEqual(['Product', 'SKU', 'Qty', 'Unit price', 'Line total']);
    await expect(lineRows(canvasElement)).toEqual([
      ['Grind Mode Oversized Tee Size: M · Color: Black', 'NP-TEE-BLK-M', '2', '€34.99', '€69.98'],
      ['Whey Isolate Size: 1 kg · Flavor: Chocolate', 'NP-WHEY-CHOC-1KG', '1', '€32.99', '€32.99'],
      ['Grind Shaker 700 ml Color: Black', 'NP-SHAKER-BLK', '1', '€14.99', '€14.99'],
      ['No Pain Steel Bottle 750 ml', '—', '1', '€24.99', '€24.99'],
    ]);
    await expect(totals(canvasElement)).toEqual([
      ['Subtotal', '€142.95'],
      ['Shipping', '€7.99'],
      ['Total', '€150.94'],
    ]);
    await expect(page.getByRole('region', { name: 'Items' })).toHaveAttribute('tabindex', '0');
    await expect(actions(canvasElement)).toEqual(['Mark as processing', 'Mark as shipped', 'Cancel order']);
    await userEvent.click(page.getByRole('button', { name: 'Mark as shipped' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('shipped');
    await userEvent.click(page.getByRole('button', { name: 'Cancel order' }));
    await expect(args.onStatusChange).toHaveBeenLastCalledWith('cancelled');
  },
};

export const Processing: Story = {
  args: { order: PROCESSING_ORDER },
  play: async ({ canvasElement }) => {
    await expect(overview(canvasElement)[0]).toEqual(['Status', 'Processing']);
    await expect(actions(canvasElement)).toEqual(['Mark as shipped', 'Cancel order']);
  },
};

/** Shipped goods cannot be cancelled here: only delivered is left. */
export const Shipped: Story = {
  args: { order: SHIPPED_ORDER },
  play: async ({ canvasElement, args }) => {
    await expect(overview(canvasElement)[0]).toEqual(['Status', 'Shipped']);
    await expect(actions(canvasElement)).toEqual(['Mark as delivered']);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Mark as delivered' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('delivered');
  },
};

export const Delivered: Story = {
  args: { order: DELIVERED_ORDER },
  play: async ({ canvasElement }) => {
    await expect(actions(canvasElement)).toEqual([]);
    await expect(within(canvasElement).getByText('Delivered orders are complete.')).toBeVisible();
  },
};

export const Cancelled: Story = {
  args: { order: CANCELLED_ORDER },
  play: async ({ canvasElement }) => {
    await expect(actions(canvasElement)).toEqual([]);
    await expect(within(canvasElement).getByText('This order was cancelled.')).toBeVisible();
  },
};

export const Refunded: Story = {
  args: { order: REFUNDED_ORDER },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('This order was refunded.')).toBeVisible();
  },
};

/** A status the shop has no name for: shown as words, no moves offered. */
export const UnknownStatus: Story = {
  args: { order: { ...PAID_ORDER, status: 'on_hold' } },
  play: async ({ canvasElement }) => {
    await expect(overview(canvasElement)[0]).toEqual(['Status', 'On hold']);
    await expect(actions(canvasElement)).toEqual([]);
    await expect(within(canvasElement).getByText("This order's status cannot be changed here.")).toBeVisible();
  },
};

/** A guest, no region recorded, free shipping, and a title typed as HTML (shown as text). */
export const Guest: Story = {
  args: { orderNumber: GUEST_ORDER.orderNumber, order: GUEST_ORDER },
  play: async ({ canvasElement }) => {
    await expect(overview(canvasElement).slice(2)).toEqual([
      ['Customer', 'Guest'],
      ['Ship to', 'Not recorded'],
    ]);
    await expect(lineRows(canvasElement)[0][0]).toBe('<img src=x onerror=alert(1)> Tee Size: L · Color: Stone Grey');
    await expect(canvasElement.querySelector('tbody img')).toBeNull();
    await expect(totals(canvasElement)[1]).toEqual(['Shipping', 'Free']);
    await expect(actions(canvasElement)).toEqual(['Cancel order']);
  },
};

/** Marking as shipped: every action waits, the chosen one says so. */
export const Updating: Story = {
  args: { step: 'updating', pending: 'shipped' },
  play: async ({ canvasElement }) => {
    await expect(actions(canvasElement)).toEqual(['Mark as processing', 'Updating...', 'Cancel order']);
    for (const button of within(canvasElement).getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

/** After another admin moved it first: the order is loaded again, no moves offered meanwhile. */
export const Refreshing: Story = {
  args: { step: 'refreshing', pending: null },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent('Loading the current status...');
    for (const button of page.getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

/** Cancel asks first; focus starts on the safe answer. */
export const ConfirmCancel: Story = {
  args: { step: 'confirming', pending: 'cancelled' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order NPNG-100012?' });
    const inDialog = within(dialog);
    await expect(inDialog.getByText('The items go back into stock. This cannot be undone.')).toBeVisible();
    await expect(inDialog.getAllByRole('button').map(text)).toEqual(['Cancel order', 'Keep order']);
    await waitFor(() => expect(inDialog.getByRole('button', { name: 'Keep order' })).toHaveFocus());
    await userEvent.click(inDialog.getByRole('button', { name: 'Keep order' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    await expect(args.onDismiss).toHaveBeenCalledTimes(2);
    await userEvent.click(inDialog.getByRole('button', { name: 'Cancel order' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

/** Someone else's typo or an order that never existed. */
export const NotFound: Story = {
  args: { status: 'notFound', orderNumber: 'NPNG-999999', order: null, step: null },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    await expect(page.getByText('No order has this number. It may have been mistyped.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/admin/orders');
  },
};

export const Failed: Story = {
  args: { status: 'failed', order: null, step: null },
  play: async ({ canvasElement, args }) => {
    const alert = within(within(canvasElement).getByRole('alert'));
    await expect(alert.getByText('Failed to load this order.')).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A phone: the lines scroll sideways inside their region; the actions wrap. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Items' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    const root = canvasElement.firstElementChild as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(360);
  },
};

export const LoadingDe = inGerman({
  args: Loading.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung NPNG-100012' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zurück zu den Bestellungen' })).toHaveAttribute('href', '/admin/orders');
    await expect(page.getByRole('status')).toHaveTextContent('Bestellung wird geladen …');
  },
} satisfies Story);
export const PaidDe = inGerman({
  play: async ({ canvasElement }) => {
    const facts = overview(canvasElement);
    await expect(facts.map(([term]) => term)).toEqual(['Status', 'Bestellt', 'Kunde', 'Lieferung nach']);
    await expect(facts[0][1]).toBe('Bezahlt');
    await expect(facts[1][1]).toMatch(/^\d{2}\.11\.2026, \d{2}:\d{2}$/);
    await expect(lineRows(canvasElement)[0]).toEqual(['Grind Mode Oversized Tee Größe: M · Farbe: Schwarz', 'NP-TEE-BLK-M', '2', '34,99 €', '69,98 €']);
    await expect(actions(canvasElement)).toEqual(['Als in Bearbeitung markieren', 'Als versandt markieren', 'Bestellung stornieren']);
  },
} satisfies Story);
export const ShippedDe = inGerman({
  args: Shipped.args,
  play: async ({ canvasElement }) => {
    await expect(actions(canvasElement)).toEqual(['Als zugestellt markieren']);
  },
} satisfies Story);
export const DeliveredDe = inGerman({
  args: Delivered.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Zugestellte Bestellungen sind abgeschlossen.')).toBeVisible();
  },
} satisfies Story);
export const CancelledDe = inGerman({
  args: Cancelled.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Diese Bestellung wurde storniert.')).toBeVisible();
  },
} satisfies Story);
export const RefundedDe = inGerman({ args: Refunded.args } satisfies Story);
export const UnknownStatusDe = inGerman({ args: UnknownStatus.args } satisfies Story);
export const GuestDe = inGerman({
  args: Guest.args,
  play: async ({ canvasElement }) => {
    await expect(overview(canvasElement).slice(2)).toEqual([
      ['Kunde', 'Gast'],
      ['Lieferung nach', 'Nicht erfasst'],
    ]);
    await expect(totals(canvasElement)[1]).toEqual(['Versand', 'Kostenlos']);
  },
} satisfies Story);
export const UpdatingDe = inGerman({
  args: Updating.args,
  play: async ({ canvasElement }) => {
    await expect(actions(canvasElement)[1]).toBe('Wird aktualisiert …');
  },
} satisfies Story);
export const RefreshingDe = inGerman({ args: Refreshing.args } satisfies Story);
export const ConfirmCancelDe = inGerman({
  args: ConfirmCancel.args,
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Bestellung NPNG-100012 stornieren?' });
    const inDialog = within(dialog);
    await expect(inDialog.getByText('Die Artikel kommen zurück in den Bestand. Das lässt sich nicht rückgängig machen.')).toBeVisible();
    await expect(inDialog.getAllByRole('button').map(text)).toEqual(['Bestellung stornieren', 'Bestellung behalten']);
  },
} satisfies Story);
export const NotFoundDe = inGerman({
  args: NotFound.args,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Bestellung nicht gefunden' })).toBeVisible();
  },
} satisfies Story);
export const FailedDe = inGerman({
  args: Failed.args,
  play: async ({ canvasElement }) => {
    await expect(within(within(canvasElement).getByRole('alert')).getByText('Diese Bestellung konnte nicht geladen werden.')).toBeVisible();
  },
} satisfies Story);

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { refundDraftLines } from '../../domain/adminOrders';
import { AdminOrderView, type RefundDialogState, type ShipDialogState } from '../../src/features/admin/orders/AdminOrderView';
import {
  CANCELLED_ORDER,
  DELIVERED_ORDER,
  GUEST_ORDER,
  NO_ADDRESS_ORDER,
  PAID_ORDER,
  PARTLY_REFUNDED_ORDER,
  PROCESSING_ORDER,
  REFUNDED_ORDER,
  SHIPPED_ORDER,
} from '../fixtures/admin-orders';
import { inGerman } from '../support';

/**
 * /admin/orders/{orderNumber}: every state of machines/adminOrderMachine.ts, the cancel confirmation
 * included, and every open state of the ship dialog (shipOrderMachine) and the refund and
 * cancel-and-refund dialogs (refundDialogMachine).
 */
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
    ship: null,
    refund: null,
    retryingId: null,
    onShip: fn(),
    onRefund: fn(),
    onCancelRefund: fn(),
    onRetryRefund: fn(),
    onCopyAddress: fn(),
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
    await expect(actions(canvasElement)).toEqual(['Mark as processing', 'Mark as shipped', 'Refund', 'Cancel and refund']);
    await userEvent.click(page.getByRole('button', { name: 'Mark as shipped' }));
    await expect(args.onShip).toHaveBeenCalledTimes(1);
    await expect(args.onStatusChange).not.toHaveBeenCalled();
    await userEvent.click(page.getByRole('button', { name: 'Cancel and refund' }));
    await expect(args.onCancelRefund).toHaveBeenCalledTimes(1);
    await userEvent.click(page.getByRole('button', { name: 'Refund' }));
    await expect(args.onRefund).toHaveBeenCalledTimes(1);
    // The address as a label is written, copied in one click.
    const address = within(page.getByRole('region', { name: 'Delivery address' }));
    await expect(address.getByText('Germany')).toBeVisible();
    await userEvent.click(address.getByRole('button', { name: 'Copy address' }));
    await expect(args.onCopyAddress).toHaveBeenCalledWith('Alex Berger\nTorstraße 12\nHinterhaus, 3. OG\n10119 Berlin\nGermany\n+49 30 1234567');
    await expect(page.getByRole('region', { name: 'Timeline' })).toHaveTextContent('Order confirmation e-mail sent');
  },
};

export const Processing: Story = {
  args: { order: PROCESSING_ORDER },
  play: async ({ canvasElement }) => {
    await expect(overview(canvasElement)[0]).toEqual(['Status', 'Processing']);
    await expect(actions(canvasElement)).toEqual(['Mark as shipped', 'Refund', 'Cancel and refund']);
  },
};

/** Shipped goods cannot be cancelled here: delivered is left, and refunds of lines. The carrier, number and tracking link show. */
export const Shipped: Story = {
  args: { order: SHIPPED_ORDER },
  play: async ({ canvasElement, args }) => {
    await expect(overview(canvasElement)[0]).toEqual(['Status', 'Shipped']);
    await expect(actions(canvasElement)).toEqual(['Mark as delivered', 'Refund']);
    const link = within(canvasElement).getByRole('link', { name: 'Track parcel' });
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('href', SHIPPED_ORDER.trackingUrl);
    await expect(within(canvasElement).getByText('00340434161234567890')).toBeVisible();
    await expect(within(canvasElement).getByText('DHL')).toBeVisible();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Mark as delivered' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('delivered');
  },
};

export const Delivered: Story = {
  args: { order: DELIVERED_ORDER },
  play: async ({ canvasElement }) => {
    await expect(actions(canvasElement)).toEqual(['Refund']);
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

/** Marking as processing: every action waits, the chosen one says so. */
export const Updating: Story = {
  args: { step: 'updating', pending: 'processing' },
  play: async ({ canvasElement }) => {
    await expect(actions(canvasElement)).toEqual(['Updating...', 'Mark as shipped', 'Refund', 'Cancel and refund']);
    for (const button of within(within(canvasElement).getByRole('region', { name: 'Fulfilment' })).getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

/** After another admin moved it first: the order is loaded again, no moves offered meanwhile. */
export const Refreshing: Story = {
  args: { step: 'refreshing', pending: null },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('status')).toHaveTextContent('Loading the current status...');
    for (const button of within(page.getByRole('region', { name: 'Fulfilment' })).getAllByRole('button')) await expect(button).toBeDisabled();
  },
};

/** A pending order's cancel asks first; focus starts on the safe answer. */
export const ConfirmCancel: Story = {
  args: { orderNumber: GUEST_ORDER.orderNumber, order: GUEST_ORDER, step: 'confirming', pending: 'cancelled' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order NPNG-100010?' });
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

const ship = (overrides: Partial<ShipDialogState> = {}): ShipDialogState => ({
  state: 'editing',
  values: { carrier: '', trackingNumber: '' },
  errors: {},
  failure: null,
  onCarrierChange: fn(),
  onTrackingChange: fn(),
  onSubmit: fn(),
  onClose: fn(),
  ...overrides,
});
const refundLines = refundDraftLines(PAID_ORDER, 'partial');
const refund = (overrides: Partial<RefundDialogState> = {}): RefundDialogState => ({
  mode: 'partial',
  lines: refundLines,
  amount: 0,
  state: 'editing',
  reason: '',
  errors: {},
  failure: null,
  onQtyChange: fn(),
  onReasonChange: fn(),
  onSubmit: fn(),
  onRetry: fn(),
  onClose: fn(),
  ...overrides,
});
const chosen = refundLines.map((l, i) => (i === 0 ? { ...l, qty: 1 } : l));

/** The ship dialog as it opens: no carrier, no number (both optional). */
export const ShipDialog: Story = {
  args: { step: 'shipping', ship: ship() },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship order NPNG-100012' }));
    await expect(dialog.getByLabelText('Carrier')).toHaveValue('');
    await expect(dialog.getAllByRole('option').map(text)).toEqual(['No carrier', 'DHL', 'DPD', 'UPS', 'Royal Mail', 'USPS', 'Other carrier']);
    await userEvent.selectOptions(dialog.getByLabelText('Carrier'), 'royal_mail');
    await expect(args.ship?.onCarrierChange).toHaveBeenCalledWith('royal_mail');
    await userEvent.type(dialog.getByLabelText('Tracking number'), 'A');
    await expect(args.ship?.onTrackingChange).toHaveBeenCalledWith('A');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as shipped' }));
    await expect(args.ship?.onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await expect(args.ship?.onClose).toHaveBeenCalled();
  },
};
/** A number the database would refuse, said at the field before anything is sent. */
export const ShipDialogInvalid: Story = {
  args: { step: 'shipping', ship: ship({ values: { carrier: 'dhl', trackingNumber: 'JD/0146' }, errors: { trackingNumber: 'tracking_invalid' } }) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship order NPNG-100012' }));
    await expect(dialog.getByLabelText('Tracking number')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('A tracking number has 3 to 40 letters, digits, spaces or hyphens.')).toBeVisible();
  },
};
export const ShipDialogSubmitting: Story = {
  args: { step: 'shipping', ship: ship({ state: 'submitting', values: { carrier: 'dhl', trackingNumber: '00340434161234567890' } }) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship order NPNG-100012' }));
    await expect(dialog.getByRole('button', { name: 'Shipping...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
  },
};
/** The database said no: another admin moved the order meanwhile. */
export const ShipDialogFailed: Story = {
  args: { step: 'shipping', ship: ship({ state: 'failed', failure: { code: 'stale', message: 'An order that is shipped cannot be shipped' } }) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship order NPNG-100012' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent('This order can no longer be shipped');
  },
};

/** The refund dialog: every line with what is left of it, nothing chosen yet. */
export const RefundDialog: Story = {
  args: { step: 'refunding', refund: refund() },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund from NPNG-100012' }));
    const qty = dialog.getByLabelText('Quantity to refund: Grind Mode Oversized Tee, M, Black');
    await expect(qty).toHaveAttribute('max', '2');
    await userEvent.type(qty, '1');
    await expect(args.refund?.onQtyChange).toHaveBeenCalledWith(refundLines[0].itemId, 1);
    await expect(dialog.getByText('Amount to refund').parentElement).toHaveTextContent('€0.00');
    await userEvent.type(dialog.getByLabelText('Reason'), 'x');
    await expect(args.refund?.onReasonChange).toHaveBeenCalledWith('x');
    await userEvent.click(dialog.getByRole('button', { name: 'Issue refund' }));
    await expect(args.refund?.onSubmit).toHaveBeenCalledTimes(1);
  },
};
/** One tee chosen: the amount follows. */
export const RefundDialogChosen: Story = {
  args: { step: 'refunding', refund: refund({ lines: chosen, amount: 3499, reason: 'Seam torn on arrival' }) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund from NPNG-100012' }));
    await expect(dialog.getByText('Amount to refund').parentElement).toHaveTextContent('€34.99');
  },
};
export const RefundDialogInvalid: Story = {
  args: { step: 'refunding', refund: refund({ errors: { lines: 'required', reason: 'required' } }) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund from NPNG-100012' }));
    await expect(dialog.getByText('Choose at least one item to refund.')).toBeVisible();
    await expect(dialog.getByText('Give a reason for the refund.')).toBeVisible();
  },
};
export const RefundDialogSubmitting: Story = {
  args: { step: 'refunding', refund: refund({ state: 'submitting', lines: chosen, amount: 3499, reason: 'Seam torn on arrival' }) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund from NPNG-100012' }));
    await expect(dialog.getByRole('button', { name: 'Refunding...' })).toBeDisabled();
  },
};
/** The provider declined: the order is unchanged, Retry asks for that refund again. */
export const RefundDialogProviderFailed: Story = {
  args: {
    step: 'refunding',
    refund: refund({
      state: 'failed',
      lines: chosen,
      amount: 3499,
      reason: 'Seam torn on arrival',
      failure: { code: 'provider_failed', message: 'Your card was declined.', refund: PARTLY_REFUNDED_ORDER.refunds[1] },
    }),
  },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund from NPNG-100012' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent('Your card was declined.');
    await userEvent.click(dialog.getByRole('button', { name: 'Retry refund' }));
    await expect(args.refund?.onRetry).toHaveBeenCalledTimes(1);
    await expect(args.refund?.onSubmit).not.toHaveBeenCalled();
  },
};
/** Refused by the database: someone refunded those lines meanwhile. */
export const RefundDialogRefused: Story = {
  args: {
    step: 'refunding',
    refund: refund({ state: 'failed', lines: chosen, amount: 3499, reason: 'x', failure: { code: 'over_refund', message: 'Only 0 left', refund: null } }),
  },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund from NPNG-100012' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent('That is more than is left to refund.');
  },
};
/** Cancel and refund: asks for a reason and refunds everything left (shipping included). */
export const CancelAndRefund: Story = {
  args: { step: 'cancelling', refund: refund({ mode: 'cancel', lines: refundDraftLines(PAID_ORDER, 'cancel'), amount: PAID_ORDER.total }) },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Cancel and refund NPNG-100012?' }));
    await expect(dialog.getByText('Amount to refund').parentElement).toHaveTextContent('€150.94');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Keep order' })).toHaveFocus());
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel and refund' }));
    await expect(args.refund?.onSubmit).toHaveBeenCalledTimes(1);
  },
};
export const CancelAndRefundSubmitting: Story = {
  args: { step: 'cancelling', refund: refund({ mode: 'cancel', state: 'submitting', reason: 'Customer asked', amount: PAID_ORDER.total }) },
};

/** Shipped, one tee refunded, a declined refund with Retry, and the whole timeline. */
export const PartlyRefunded: Story = {
  args: { order: PARTLY_REFUNDED_ORDER },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    const refunds = within(page.getByRole('region', { name: 'Refunds' }));
    await expect(refunds.getByText(/Refunded/, { selector: 'p' })).toHaveTextContent('Refunded €34.99 of €150.94 paid');
    await expect(refunds.getByText('Your card was declined.')).toBeVisible();
    await userEvent.click(refunds.getByRole('button', { name: 'Retry refund' }));
    await expect(args.onRetryRefund).toHaveBeenCalledWith('refund-2');
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toHaveTextContent('DHL, tracking number 00340434161234567890');
    await expect(timeline).toHaveTextContent('Refunded €34.99');
    await expect(timeline).toHaveTextContent('Refund of €14.99 failed');
    await expect(timeline).toHaveTextContent('by admin@nopain-nogain.test');
  },
};
/** Retrying a declined refund from the list: everything waits. */
export const Retrying: Story = {
  args: { order: PARTLY_REFUNDED_ORDER, step: 'retrying', retryingId: 'refund-2' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Retrying...' })).toBeDisabled();
  },
};
/** Reading the order again after a change. */
export const Reloading: Story = {
  args: { order: PARTLY_REFUNDED_ORDER, step: 'reloading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading the order...');
  },
};
/** An older order without an address. */
export const NoAddress: Story = {
  args: { order: NO_ADDRESS_ORDER },
  play: async ({ canvasElement }) => {
    const address = within(within(canvasElement).getByRole('region', { name: 'Delivery address' }));
    await expect(address.getByText(/No delivery address was recorded/)).toBeVisible();
    await expect(address.queryByRole('button', { name: 'Copy address' })).toBeNull();
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
    await expect(actions(canvasElement)).toEqual(['Als in Bearbeitung markieren', 'Als versandt markieren', 'Erstatten', 'Stornieren und erstatten']);
  },
} satisfies Story);
export const ShippedDe = inGerman({
  args: Shipped.args,
  play: async ({ canvasElement }) => {
    await expect(actions(canvasElement)).toEqual(['Als zugestellt markieren', 'Erstatten']);
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
    await expect(actions(canvasElement)[0]).toBe('Wird aktualisiert …');
  },
} satisfies Story);
export const RefreshingDe = inGerman({ args: Refreshing.args } satisfies Story);
export const ConfirmCancelDe = inGerman({
  args: ConfirmCancel.args,
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Bestellung NPNG-100010 stornieren?' });
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
export const ShipDialogDe = inGerman({
  args: ShipDialog.args,
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Bestellung NPNG-100012 versenden' }));
    await expect(dialog.getByLabelText('Versanddienst')).toBeVisible();
    await expect(dialog.getByLabelText('Sendungsnummer')).toBeVisible();
  },
} satisfies Story);
export const ShipDialogInvalidDe = inGerman({ args: ShipDialogInvalid.args } satisfies Story);
export const ShipDialogSubmittingDe = inGerman({ args: ShipDialogSubmitting.args } satisfies Story);
export const ShipDialogFailedDe = inGerman({ args: ShipDialogFailed.args } satisfies Story);
export const RefundDialogDe = inGerman({
  args: RefundDialogChosen.args,
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Erstattung für NPNG-100012' }));
    await expect(dialog.getByText('Zu erstattender Betrag').parentElement).toHaveTextContent('34,99 €');
  },
} satisfies Story);
export const RefundDialogInvalidDe = inGerman({ args: RefundDialogInvalid.args } satisfies Story);
export const RefundDialogSubmittingDe = inGerman({ args: RefundDialogSubmitting.args } satisfies Story);
export const RefundDialogProviderFailedDe = inGerman({
  args: RefundDialogProviderFailed.args,
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Erstattung für NPNG-100012' }));
    await expect(dialog.getByRole('button', { name: 'Erstattung erneut versuchen' })).toBeVisible();
  },
} satisfies Story);
export const RefundDialogRefusedDe = inGerman({ args: RefundDialogRefused.args } satisfies Story);
export const CancelAndRefundDe = inGerman({
  args: CancelAndRefund.args,
  play: async () => {
    await screen.findByRole('alertdialog', { name: 'NPNG-100012 stornieren und erstatten?' });
  },
} satisfies Story);
export const CancelAndRefundSubmittingDe = inGerman({ args: CancelAndRefundSubmitting.args } satisfies Story);
export const PartlyRefundedDe = inGerman({
  args: PartlyRefunded.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('region', { name: 'Verlauf' })).toHaveTextContent('DHL, Sendungsnummer 00340434161234567890');
    await expect(page.getByRole('region', { name: 'Lieferadresse' })).toHaveTextContent('Deutschland');
  },
} satisfies Story);
export const RetryingDe = inGerman({ args: Retrying.args } satisfies Story);
export const ReloadingDe = inGerman({ args: Reloading.args } satisfies Story);
export const NoAddressDe = inGerman({ args: NoAddress.args } satisfies Story);

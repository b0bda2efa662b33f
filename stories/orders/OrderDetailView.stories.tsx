import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OrderDetailView } from '../../src/features/orders/OrderDetailView';
import {
  DHL_TRACKING_URL,
  FREE_SHIPPING_ORDER,
  NO_REGION_ORDER,
  REFUNDED_ORDER,
  REFUNDED_TIMELINE,
  SHIPPED_ORDER,
  SHIPPED_TIMELINE,
  SHIPPED_WITHOUT_LINK_ORDER,
} from '../fixtures/orders';
import { inGerman } from '../support';

/** /orders/{orderNumber}: every state of machines/orderDetailMachine.ts (found: with the steps' dates, or without them). */
const meta: Meta<typeof OrderDetailView> = {
  title: 'Orders/Order detail',
  component: OrderDetailView,
  args: { status: 'found', orderNumber: SHIPPED_ORDER.orderNumber, order: SHIPPED_ORDER, timeline: SHIPPED_TIMELINE, onRetry: fn() },
  parameters: { path: `/orders/${SHIPPED_ORDER.orderNumber}` },
};
export default meta;
type Story = StoryObj<typeof OrderDetailView>;

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
/** The overview card under the heading, as read: badge, date, destination. */
const overview = (canvasElement: HTMLElement) => [...(canvasElement.querySelector('h1 + div > div > div:first-child')?.children ?? [])].map(text);
const totals = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll('dt')].map((dt) => [text(dt), text(dt.nextElementSibling)]);
const lineTitles = (canvasElement: HTMLElement, listName: string) =>
  within(within(canvasElement).getByRole('list', { name: listName }))
    .getAllByRole('listitem')
    .map((item) => text(item.querySelector('p')));
/** A section's lines by its heading: the address as a label reads, the shipment's facts. */
const sectionTexts = (canvasElement: HTMLElement, heading: string, selector: string) => {
  const section = within(canvasElement).getByRole('heading', { level: 2, name: heading }).closest('section');
  return [...(section?.querySelectorAll(selector) ?? [])].map(text);
};
const steps = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => [...item.children].map(text));

export const Loading: Story = {
  args: { status: 'loading', order: null },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    // The number asked for is the heading while the order loads.
    await expect(page.getByRole('heading', { level: 1, name: 'Order NPNG-100007' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/orders');
    await expect(page.getByRole('status')).toHaveTextContent('Loading your order...');
    await expect(page.queryByRole('list')).toBeNull();
  },
};

/** Four lines shipped to the USA with DHL, shipping charged: the tracking link, the address, the steps' dates. */
export const Found: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Order NPNG-100007' })).toBeVisible();
    await expect(overview(canvasElement)).toEqual(['Shipped', 'Placed on November 18, 2026', 'Ship to: USA, Canada & worldwide']);
    await expect(sectionTexts(canvasElement, 'Shipment', 'p')).toEqual(['Shipped on November 19, 2026', 'Carrier: DHL', 'Tracking number: JD014600003828476321']);
    const track = page.getByRole('link', { name: 'Track your parcel' });
    await expect(track).toHaveAttribute('href', DHL_TRACKING_URL);
    await expect(track).toHaveAttribute('target', '_blank');
    await expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(sectionTexts(canvasElement, 'Delivery address', 'address > span')).toEqual([
      'Alex Kraft',
      '350 Fifth Avenue',
      'Suite 4200',
      '10118 New York',
      'United States',
      'Phone: +1 212 555 0100',
    ]);
    // E-mails sent and the internal "processing" move are not the customer's steps.
    await expect(steps(canvasElement, 'Order progress')).toEqual([
      ['Payment received', 'November 18, 2026'],
      ['Shipped', 'November 19, 2026'],
    ]);
    await expect(page.getByRole('heading', { level: 2, name: 'Items' })).toBeVisible();
    await expect(lineTitles(canvasElement, 'Items in this order')).toEqual(['Grind Mode Oversized Tee', 'Whey Isolate', 'Grind Shaker 700 ml', 'No Pain Steel Bottle 750 ml']);
    await expect(totals(canvasElement)).toEqual([
      ['Subtotal', '€142.95'],
      ['Shipping', '€12.99'],
      ['Total', '€155.94'],
    ]);
  },
};

export const FreeShipping: Story = {
  args: { orderNumber: FREE_SHIPPING_ORDER.orderNumber, order: FREE_SHIPPING_ORDER },
  play: async ({ canvasElement }) => {
    await expect(overview(canvasElement)).toEqual(['Delivered', 'Placed on October 3, 2026', 'Ship to: Germany']);
    await expect(lineTitles(canvasElement, 'Items in this order')).toEqual(['Grind Hoodie', 'Seamless Leggings']);
    await expect(totals(canvasElement)).toEqual([
      ['Subtotal', '€114.98'],
      ['Shipping', 'Free'],
      ['Total', '€114.98'],
    ]);
  },
};

/** An order placed before regions were recorded: no "Ship to" line at all. */
export const WithoutRegion: Story = {
  args: { orderNumber: NO_REGION_ORDER.orderNumber, order: NO_REGION_ORDER },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Order NPNG-100001' })).toBeVisible();
    await expect(overview(canvasElement)).toEqual(['Delivered', 'Placed on June 12, 2026']);
    await expect(within(canvasElement).queryByText(/^Ship to/)).toBeNull();
    await expect(totals(canvasElement)).toEqual([
      ['Subtotal', '€34.99'],
      ['Shipping', '€4.99'],
      ['Total', '€39.98'],
    ]);
  },
};

/** Shipped with a carrier that has no tracking page: the number alone, no link. */
export const ShippedWithoutLink: Story = {
  args: { orderNumber: SHIPPED_WITHOUT_LINK_ORDER.orderNumber, order: SHIPPED_WITHOUT_LINK_ORDER, timeline: [] },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(sectionTexts(canvasElement, 'Shipment', 'p')).toEqual(['Shipped on November 21, 2026', 'Carrier: Other carrier', 'Tracking number: HERMES 4471 0023']);
    await expect(page.queryByRole('link', { name: 'Track your parcel' })).toBeNull();
    await expect(sectionTexts(canvasElement, 'Delivery address', 'address > span')).toEqual(['Alex Kraft', 'Torstraße 12', '10119 Berlin', 'Germany']);
    // The steps' dates could not be loaded: the order shows without them.
    await expect(page.queryByRole('heading', { name: 'Order progress' })).toBeNull();
  },
};

/** Cancelled before it shipped and paid back in full. */
export const Refunded: Story = {
  args: { orderNumber: REFUNDED_ORDER.orderNumber, order: REFUNDED_ORDER, timeline: REFUNDED_TIMELINE },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(overview(canvasElement)).toEqual(['Refunded', 'Placed on November 10, 2026', 'Ship to: Germany']);
    await expect(page.queryByRole('heading', { name: 'Shipment' })).toBeNull();
    await expect(steps(canvasElement, 'Order progress')).toEqual([
      ['Payment received', 'November 10, 2026'],
      ['Refund issued', 'November 11, 2026'],
    ]);
    await expect(totals(canvasElement)).toEqual([
      ['Subtotal', '€47.98'],
      ['Shipping', '€4.99'],
      ['Total', '€52.97'],
      ['Refunded', '−€52.97'],
    ]);
  },
};

/** Someone else's order, or a number that does not exist: the same page, revealing nothing. */
export const NotFound: Story = {
  args: { status: 'notFound', orderNumber: 'NPNG-999999', order: null },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
    await expect(page.getByText('It may belong to another account, or the link is mistyped.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/orders');
    await expect(page.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/orders');
    await expect(page.queryByText('NPNG-999999')).toBeNull();
  },
};

export const Failed: Story = {
  args: { status: 'failed', order: null },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Order NPNG-100007' })).toBeVisible();
    const alert = within(page.getByRole('alert'));
    await expect(alert.getByText("We couldn't load this order.")).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const LoadingDe = inGerman({
  args: Loading.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung NPNG-100007' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zurück zu den Bestellungen' })).toHaveAttribute('href', '/orders');
    await expect(page.getByRole('status')).toHaveTextContent('Deine Bestellung wird geladen …');
  },
} satisfies Story);
export const FoundDe = inGerman({
  args: Found.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung NPNG-100007' })).toBeVisible();
    await expect(overview(canvasElement)).toEqual(['Versandt', 'Bestellt am 18. November 2026', 'Lieferung nach: USA, Kanada & weltweit']);
    await expect(sectionTexts(canvasElement, 'Versand', 'p')).toEqual(['Versandt am 19. November 2026', 'Versanddienstleister: DHL', 'Sendungsnummer: JD014600003828476321']);
    await expect(page.getByRole('link', { name: 'Sendung verfolgen' })).toHaveAttribute('href', DHL_TRACKING_URL);
    await expect(sectionTexts(canvasElement, 'Lieferadresse', 'address > span')).toEqual([
      'Alex Kraft',
      '350 Fifth Avenue',
      'Suite 4200',
      '10118 New York',
      'Vereinigte Staaten',
      'Telefon: +1 212 555 0100',
    ]);
    await expect(steps(canvasElement, 'Bestellverlauf')).toEqual([
      ['Zahlung eingegangen', '18. November 2026'],
      ['Versandt', '19. November 2026'],
    ]);
    await expect(page.getByRole('heading', { level: 2, name: 'Artikel' })).toBeVisible();
    await expect(lineTitles(canvasElement, 'Artikel dieser Bestellung')).toHaveLength(4);
    await expect(totals(canvasElement)).toEqual([
      ['Zwischensumme', '142,95 €'],
      ['Versand', '12,99 €'],
      ['Gesamt', '155,94 €'],
    ]);
  },
} satisfies Story);
export const FreeShippingDe = inGerman({
  args: FreeShipping.args,
  play: async ({ canvasElement }) => {
    await expect(overview(canvasElement)).toEqual(['Zugestellt', 'Bestellt am 3. Oktober 2026', 'Lieferung nach: Deutschland']);
    await expect(totals(canvasElement)).toEqual([
      ['Zwischensumme', '114,98 €'],
      ['Versand', 'Kostenlos'],
      ['Gesamt', '114,98 €'],
    ]);
  },
} satisfies Story);
export const WithoutRegionDe = inGerman({
  args: WithoutRegion.args,
  play: async ({ canvasElement }) => {
    await expect(overview(canvasElement)).toEqual(['Zugestellt', 'Bestellt am 12. Juni 2026']);
    await expect(within(canvasElement).queryByText(/^Lieferung nach/)).toBeNull();
  },
} satisfies Story);
export const ShippedWithoutLinkDe = inGerman({
  args: ShippedWithoutLink.args,
  play: async ({ canvasElement }) => {
    await expect(sectionTexts(canvasElement, 'Versand', 'p')).toEqual([
      'Versandt am 21. November 2026',
      'Versanddienstleister: Anderer Versanddienstleister',
      'Sendungsnummer: HERMES 4471 0023',
    ]);
    await expect(within(canvasElement).queryByRole('link', { name: 'Sendung verfolgen' })).toBeNull();
    await expect(sectionTexts(canvasElement, 'Lieferadresse', 'address > span')).toEqual(['Alex Kraft', 'Torstraße 12', '10119 Berlin', 'Deutschland']);
  },
} satisfies Story);
export const RefundedDe = inGerman({
  args: Refunded.args,
  play: async ({ canvasElement }) => {
    await expect(overview(canvasElement)).toEqual(['Erstattet', 'Bestellt am 10. November 2026', 'Lieferung nach: Deutschland']);
    await expect(steps(canvasElement, 'Bestellverlauf')).toEqual([
      ['Zahlung eingegangen', '10. November 2026'],
      ['Erstattung veranlasst', '11. November 2026'],
    ]);
    await expect(totals(canvasElement)).toEqual([
      ['Zwischensumme', '47,98 €'],
      ['Versand', '4,99 €'],
      ['Gesamt', '52,97 €'],
      ['Erstattet', '−52,97 €'],
    ]);
  },
} satisfies Story);
export const NotFoundDe = inGerman({
  args: NotFound.args,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung nicht gefunden' })).toBeVisible();
    await expect(page.getByText('Vielleicht gehört sie zu einem anderen Konto, oder im Link steckt ein Tippfehler.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zu Deinen Bestellungen' })).toHaveAttribute('href', '/orders');
  },
} satisfies Story);
export const FailedDe = inGerman({
  args: Failed.args,
  play: async ({ canvasElement, args }) => {
    const alert = within(within(canvasElement).getByRole('alert'));
    await expect(alert.getByText('Wir konnten diese Bestellung nicht laden.')).toBeVisible();
    await userEvent.click(alert.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
} satisfies Story);

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { css } from '../../styled-system/css';
import { OrderStatusBadge } from '../../src/ui/OrderStatusBadge';
import { ORDER_STATUSES } from '../fixtures/orders';
import { inGerman } from '../support';

/** SPEC §4: each status in the shopper's language; processing yellow, shipped blue, delivered green, cancelled red, the rest neutral. */
const meta: Meta<typeof OrderStatusBadge> = {
  title: 'Orders/Order status badge',
  component: OrderStatusBadge,
  args: { status: 'paid' },
  decorators: [
    (Story) => (
      <main className={css({ p: '6' })}>
        <Story />
      </main>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof OrderStatusBadge>;
type Play = NonNullable<Story['play']>;

const labelled =
  (label: string): Play =>
  async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('main')).toHaveTextContent(new RegExp(`^${label}$`));
  };
const badge = (status: string, label: string): Story => ({ args: { status }, play: labelled(label) });
const badgeDe = (story: Story, label: string) => inGerman({ args: story.args, play: labelled(label) });

export const Pending = badge('pending', 'Pending');
export const Paid = badge('paid', 'Paid');
export const Processing = badge('processing', 'Processing');
export const Shipped = badge('shipped', 'Shipped');
export const Delivered = badge('delivered', 'Delivered');
export const Cancelled = badge('cancelled', 'Cancelled');
export const Refunded = badge('refunded', 'Refunded');
/** A status the shop has no label for is shown readable: underscores as spaces, capitalised. */
export const UnknownStatus = badge('on_hold', 'On hold');

/** Every status side by side: the four of SPEC §4 each in a colour of its own, the others alike. */
export const AllStatuses: Story = {
  render: () => (
    <ul className={css({ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '3' })}>
      {ORDER_STATUSES.map((status) => (
        <li key={status}>
          <OrderStatusBadge status={status} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Pending', 'Paid', 'Processing', 'Shipped', 'Delivered', 'Cancelled', 'Refunded', 'On hold']);
    const background = Object.fromEntries(ORDER_STATUSES.map((status, i) => [status, getComputedStyle(items[i].firstElementChild as HTMLElement).backgroundColor]));
    const toned = [background.processing, background.shipped, background.delivered, background.cancelled];
    await expect(new Set([...toned, background.paid]).size).toBe(5);
    for (const status of ['pending', 'refunded', 'on_hold'] as const) await expect(background[status]).toBe(background.paid);
  },
};

export const PendingDe = badgeDe(Pending, 'Ausstehend');
export const PaidDe = badgeDe(Paid, 'Bezahlt');
export const ProcessingDe = badgeDe(Processing, 'In Bearbeitung');
export const ShippedDe = badgeDe(Shipped, 'Versandt');
export const DeliveredDe = badgeDe(Delivered, 'Zugestellt');
export const CancelledDe = badgeDe(Cancelled, 'Storniert');
export const RefundedDe = badgeDe(Refunded, 'Erstattet');
/** Not translated: the shop has no German word for a status it does not know. */
export const UnknownStatusDe = badgeDe(UnknownStatus, 'On hold');
export const AllStatusesDe = inGerman({
  render: AllStatuses.render,
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual(['Ausstehend', 'Bezahlt', 'In Bearbeitung', 'Versandt', 'Zugestellt', 'Storniert', 'Erstattet', 'On hold']);
  },
} satisfies Story);

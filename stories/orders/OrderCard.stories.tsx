import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { css } from '../../styled-system/css';
import { OrderCard } from '../../src/features/orders/OrderCard';
import { listedOrder } from '../fixtures/orders';
import { inGerman } from '../support';

const PAID = listedOrder('paid');
const ON_HOLD = listedOrder('on_hold');

/** One order of the /orders list: number, status, date, total, and the way to its details. */
const meta: Meta<typeof OrderCard> = {
  title: 'Orders/Order card',
  component: OrderCard,
  args: { order: PAID },
  decorators: [
    (Story) => (
      <main className={css({ maxW: '3xl', mx: 'auto', p: '4' })}>
        <Story />
      </main>
    ),
  ],
  parameters: { path: '/orders' },
};
export default meta;
type Story = StoryObj<typeof OrderCard>;

export const Paid: Story = {
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'Order NPNG-100008' }));
    await expect(card.getByText('Paid')).toBeVisible();
    await expect(card.getByText('November 21, 2026').closest('p')).toHaveTextContent('Placed on November 21, 2026');
    await expect(card.getByText('€62.97')).toBeVisible();
    const details = card.getByRole('link', { name: 'View Details of order NPNG-100008' });
    await expect(details).toHaveTextContent('View Details');
    await expect(details).toHaveAttribute('href', '/orders/NPNG-100008');
  },
};

/** A status the shop has no label for still shows, neutral. */
export const UnknownStatus: Story = {
  args: { order: ON_HOLD },
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'Order NPNG-100004' }));
    await expect(card.getByText('On hold')).toBeVisible();
    await expect(card.getByText('€29.98')).toBeVisible();
  },
};

export const PaidDe = inGerman({
  args: Paid.args,
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'Bestellung NPNG-100008' }));
    await expect(card.getByText('Bezahlt')).toBeVisible();
    await expect(card.getByText('21. November 2026').closest('p')).toHaveTextContent('Bestellt am 21. November 2026');
    await expect(card.getByText('62,97 €')).toBeVisible();
    const details = card.getByRole('link', { name: 'Details ansehen: Bestellung NPNG-100008' });
    await expect(details).toHaveTextContent('Details ansehen');
    await expect(details).toHaveAttribute('href', '/orders/NPNG-100008');
  },
} satisfies Story);
export const UnknownStatusDe = inGerman({
  args: UnknownStatus.args,
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('article', { name: 'Bestellung NPNG-100004' }));
    await expect(card.getByText('On hold')).toBeVisible();
    await expect(card.getByText('Bestellt am', { exact: false })).toBeVisible();
  },
} satisfies Story);

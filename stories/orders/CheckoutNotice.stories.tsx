import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { css } from '../../styled-system/css';
import { CheckoutNotice } from '../../src/features/orders/CheckoutNotice';
import { GUEST_ORDER } from '../fixtures/orders';
import { inGerman } from '../support';

/** Back from paying, above the orders list: the lookup of the order just paid for (one live region throughout). */
const meta: Meta<typeof CheckoutNotice> = {
  title: 'Orders/Checkout notice',
  component: CheckoutNotice,
  args: { status: 'looking', orderNumber: null, onRefresh: fn() },
  decorators: [
    (Story) => (
      <main className={css({ maxW: '3xl', mx: 'auto', p: '4' })}>
        <Story />
      </main>
    ),
  ],
  parameters: { path: `/orders?session_id=${GUEST_ORDER.checkoutSessionId}` },
};
export default meta;
type Story = StoryObj<typeof CheckoutNotice>;

const notice = (canvasElement: HTMLElement) => within(canvasElement).getByRole('status');

/** The first lookup. */
export const Looking: Story = {
  play: async ({ canvasElement }) => {
    await expect(notice(canvasElement)).toHaveTextContent(/^Confirming your order…$/);
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};
/** Between lookups: still the same calm message, nothing to press. */
export const Waiting: Story = { args: { status: 'waiting' }, play: Looking.play };

export const Found: Story = {
  args: { status: 'found', orderNumber: GUEST_ORDER.orderNumber },
  play: async ({ canvasElement }) => {
    await expect(notice(canvasElement)).toHaveTextContent(/^Thank you! Your order NPNG-100010 is confirmed\.$/);
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

/** Six lookups found nothing: not an error, and Refresh looks again. */
export const NotYet: Story = {
  args: { status: 'notYet' },
  play: async ({ canvasElement, args }) => {
    await expect(notice(canvasElement)).toHaveTextContent('Your payment was received; your order will appear here shortly.');
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
    await userEvent.click(within(notice(canvasElement)).getByRole('button', { name: 'Refresh' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};

const looksDe: Story['play'] = async ({ canvasElement }) => {
  await expect(notice(canvasElement)).toHaveTextContent(/^Deine Bestellung wird bestätigt …$/);
};
export const LookingDe = inGerman({ args: Looking.args, play: looksDe } satisfies Story);
export const WaitingDe = inGerman({ args: Waiting.args, play: looksDe } satisfies Story);
export const FoundDe = inGerman({
  args: Found.args,
  play: async ({ canvasElement }) => {
    await expect(notice(canvasElement)).toHaveTextContent(/^Danke! Deine Bestellung NPNG-100010 ist bestätigt\.$/);
  },
} satisfies Story);
export const NotYetDe = inGerman({
  args: NotYet.args,
  play: async ({ canvasElement, args }) => {
    await expect(notice(canvasElement)).toHaveTextContent('Deine Zahlung ist eingegangen; Deine Bestellung erscheint hier in Kürze.');
    await userEvent.click(within(notice(canvasElement)).getByRole('button', { name: 'Aktualisieren' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
} satisfies Story);

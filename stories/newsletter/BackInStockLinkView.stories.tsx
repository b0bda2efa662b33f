import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { BackInStockLinkView } from '../../src/features/newsletterLink/BackInStockLinkView';
import { inGerman } from '../support';

/** /back-in-stock/confirm and /back-in-stock/unsubscribe in every state of newsletterLinkMachine. */
const meta: Meta<typeof BackInStockLinkView> = {
  title: 'Newsletter/BackInStockLinkView',
  component: BackInStockLinkView,
  args: { action: 'confirm', status: 'working', onRetry: fn() },
};
export default meta;
type Story = StoryObj<typeof BackInStockLinkView>;

export const Confirming: Story = {};
export const Confirmed: Story = {
  args: { status: 'done' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: "We'll tell you when it's back" })).toBeVisible();
  },
};
export const ConfirmInvalid: Story = { args: { status: 'invalid' } };
export const ConfirmExpired: Story = { args: { status: 'expired' } };
export const ConfirmFailed: Story = {
  args: { status: 'failed' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
export const Unsubscribing: Story = { args: { action: 'unsubscribe', status: 'working' } };
export const Unsubscribed: Story = { args: { action: 'unsubscribe', status: 'done' } };
export const UnsubscribeInvalid: Story = { args: { action: 'unsubscribe', status: 'invalid' } };
export const UnsubscribeFailed: Story = { args: { action: 'unsubscribe', status: 'failed' } };

export const ConfirmedDe = inGerman({
  args: Confirmed.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Wir sagen Dir Bescheid, wenn es wieder da ist' })).toBeVisible();
  },
});
export const UnsubscribedDe = inGerman({ args: Unsubscribed.args });

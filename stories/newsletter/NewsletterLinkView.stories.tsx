import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NewsletterLinkView } from '../../src/features/newsletterLink/NewsletterLinkView';
import { inGerman } from '../support';

/** /newsletter/confirm and /newsletter/unsubscribe in every state of newsletterLinkMachine. */
const meta: Meta<typeof NewsletterLinkView> = {
  title: 'Newsletter/NewsletterLinkView',
  component: NewsletterLinkView,
  args: { action: 'confirm', status: 'working', onRetry: fn() },
};
export default meta;
type Story = StoryObj<typeof NewsletterLinkView>;

export const Confirming: Story = {};
export const Confirmed: Story = {
  args: { status: 'done' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: "You're subscribed" })).toBeVisible();
  },
};
export const ConfirmInvalid: Story = { args: { status: 'invalid' } };
export const ConfirmExpired: Story = {
  args: { status: 'expired' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/valid for 48 hours/)).toBeVisible();
  },
};
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

export const ConfirmingDe = inGerman({ args: Confirming.args });
export const ConfirmedDe = inGerman({
  args: Confirmed.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Du bist angemeldet' })).toBeVisible();
  },
});
export const ConfirmInvalidDe = inGerman({ args: ConfirmInvalid.args });
export const ConfirmExpiredDe = inGerman({ args: ConfirmExpired.args });
export const ConfirmFailedDe = inGerman({ args: ConfirmFailed.args });
export const UnsubscribingDe = inGerman({ args: Unsubscribing.args });
export const UnsubscribedDe = inGerman({ args: Unsubscribed.args });
export const UnsubscribeInvalidDe = inGerman({ args: UnsubscribeInvalid.args });
export const UnsubscribeFailedDe = inGerman({ args: UnsubscribeFailed.args });

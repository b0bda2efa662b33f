import type { Meta, StoryObj } from '@storybook/react-vite';
import { css } from '../../styled-system/css';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NewsletterFormView } from '../../src/features/newsletter/NewsletterFormView';
import { SUBSCRIBER_EMAIL } from '../fixtures/content';
import { inGerman } from '../support';

const meta: Meta<typeof NewsletterFormView> = {
  title: 'Newsletter/NewsletterFormView',
  component: NewsletterFormView,
  args: { variant: 'footer', status: 'idle', email: '', consent: false, error: null, onEmailChange: fn(), onConsentChange: fn(), onSubmit: fn() },
  decorators: [
    (Story) => (
      <div className={css({ maxW: 'md', p: '6', bg: 'surface' })}>
        <Story />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof NewsletterFormView>;

export const FooterIdle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Email'), 'f');
    await expect(args.onEmailChange).toHaveBeenCalledWith('f');
    await userEvent.click(canvas.getByRole('checkbox', { name: /I agree to receive marketing emails/ }));
    await expect(args.onConsentChange).toHaveBeenCalledWith(true);
    await expect(canvas.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};
export const FooterSubscribing: Story = {
  args: { status: 'subscribing', email: SUBSCRIBER_EMAIL, consent: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
  },
};
export const FooterSuccess: Story = {
  args: { status: 'success' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("If this address isn't subscribed yet, we've sent it a link to confirm. Your subscription starts only when you click it.")).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveValue('');
  },
};
export const FooterTooMany: Story = { args: { status: 'tooMany', email: SUBSCRIBER_EMAIL, consent: true } };
export const FooterError: Story = { args: { status: 'error', email: SUBSCRIBER_EMAIL, consent: true, error: 'Failed to fetch' } };

export const AccountIdle: Story = {
  args: { variant: 'account' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};
export const AccountSubscribing: Story = { args: { variant: 'account', status: 'subscribing', email: SUBSCRIBER_EMAIL } };
export const AccountSuccess: Story = { args: { variant: 'account', status: 'success' } };
export const AccountTooMany: Story = {
  args: { variant: 'account', status: 'tooMany', email: SUBSCRIBER_EMAIL },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("Too many sign-ups for this address or from your connection. If you've signed up already, please check your inbox, or try again in an hour."),
    ).toBeVisible();
  },
};
export const AccountError: Story = { args: { variant: 'account', status: 'error', email: SUBSCRIBER_EMAIL, error: 'Failed to fetch' } };

export const FooterIdleDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Abonnieren' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/privacy');
  },
});
export const FooterSubscribingDe = inGerman({ args: FooterSubscribing.args });
export const FooterSuccessDe = inGerman({
  args: FooterSuccess.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByText(/Dein Abo beginnt erst, wenn Du ihn anklickst/)).toBeVisible();
  },
});
export const FooterTooManyDe = inGerman({ args: FooterTooMany.args });
export const FooterErrorDe = inGerman({ args: FooterError.args });
export const AccountIdleDe = inGerman({ args: AccountIdle.args });
export const AccountSubscribingDe = inGerman({
  args: AccountSubscribing.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Wird abonniert …' })).toBeDisabled();
  },
});
export const AccountSuccessDe = inGerman({ args: AccountSuccess.args });
export const AccountTooManyDe = inGerman({ args: AccountTooMany.args });
export const AccountErrorDe = inGerman({ args: AccountError.args });

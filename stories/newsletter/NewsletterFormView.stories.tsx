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
    await expect(canvas.getByText('Thank you for subscribing to our newsletter.')).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveValue('');
  },
};
export const FooterAlreadySubscribed: Story = { args: { status: 'alreadySubscribed', email: SUBSCRIBER_EMAIL, consent: true } };
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
export const AccountAlreadySubscribed: Story = {
  args: { variant: 'account', status: 'alreadySubscribed', email: SUBSCRIBER_EMAIL },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('This email is already subscribed to our newsletter.')).toBeVisible();
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
export const FooterSuccessDe = inGerman({ args: FooterSuccess.args });
export const FooterAlreadySubscribedDe = inGerman({ args: FooterAlreadySubscribed.args });
export const FooterErrorDe = inGerman({ args: FooterError.args });
export const AccountIdleDe = inGerman({ args: AccountIdle.args });
export const AccountSubscribingDe = inGerman({
  args: AccountSubscribing.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Wird abonniert …' })).toBeDisabled();
  },
});
export const AccountSuccessDe = inGerman({ args: AccountSuccess.args });
export const AccountAlreadySubscribedDe = inGerman({ args: AccountAlreadySubscribed.args });
export const AccountErrorDe = inGerman({ args: AccountError.args });

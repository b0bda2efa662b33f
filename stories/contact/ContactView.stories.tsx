import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EMPTY_CONTACT_FORM } from '../../machines/contactMachine';
import { ContactView } from '../../src/features/contact/ContactView';
import { CONTACT_SERVER_ERROR, FILLED_CONTACT_FORM } from '../fixtures/content';
import { inGerman } from '../support';

const meta: Meta<typeof ContactView> = {
  title: 'Contact/ContactView',
  component: ContactView,
  args: { status: 'idle', form: EMPTY_CONTACT_FORM, fieldErrors: {}, error: null, onChange: fn(), onSubmit: fn() },
  parameters: { path: '/contact' },
};
export default meta;
type Story = StoryObj<typeof ContactView>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(canvas.getByText('Mon–Fri, 9:00–17:00 CET')).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: 'support@nopain-nogain.com' })[0]).toHaveAttribute('href', 'mailto:support@nopain-nogain.com');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email *' }), 'a');
    await expect(args.onChange).toHaveBeenCalledWith('email', 'a');
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};
export const Invalid: Story = {
  args: { form: { ...EMPTY_CONTACT_FORM, email: 'alex@' }, fieldErrors: { email: 'invalid', message: 'required' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(canvas.getByText('Please enter a message.')).toBeVisible();
  },
};
export const Filled: Story = { args: { form: FILLED_CONTACT_FORM } };
export const Sending: Story = {
  args: { status: 'sending', form: FILLED_CONTACT_FORM },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Sending…' })).toBeDisabled();
  },
};
export const Sent: Story = {
  args: { status: 'sent' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Sent ✓' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Message *' })).toHaveValue('');
  },
};
export const SendFailed: Story = {
  args: { status: 'error', form: FILLED_CONTACT_FORM, error: CONTACT_SERVER_ERROR },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(CONTACT_SERVER_ERROR);
    await expect(canvas.getByRole('button', { name: 'Send message' })).toBeEnabled();
  },
};

export const IdleDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
    await expect(canvas.getByText('Mo–Fr, 9:00–17:00 Uhr MEZ')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Nachricht senden' })).toBeEnabled();
  },
});
export const InvalidDe = inGerman({ args: Invalid.args });
export const FilledDe = inGerman({ args: Filled.args });
export const SendingDe = inGerman({ args: Sending.args });
export const SentDe = inGerman({
  args: Sent.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Gesendet ✓' })).toBeDisabled();
  },
});
export const SendFailedDe = inGerman({ args: SendFailed.args });

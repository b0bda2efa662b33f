import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { css } from '../../styled-system/css';
import { NotifyMeView } from '../../src/features/product/NotifyMeView';
import { inGerman } from '../support';

const OPTIONS = [
  { id: 'v-m', label: 'M / Black' },
  { id: 'v-l', label: 'L / Black' },
];

/** "Notify me when it's back" in every state of notifyMeMachine, for a guest and a signed-in customer. */
const meta: Meta<typeof NotifyMeView> = {
  title: 'Product/NotifyMeView',
  component: NotifyMeView,
  args: {
    options: OPTIONS,
    variantId: 'v-m',
    status: 'idle',
    email: '',
    accountEmail: null,
    open: true,
    onVariantChange: fn(),
    onEmailChange: fn(),
    onSubmit: fn(),
  },
  decorators: [
    (Story) => (
      <div className={css({ maxW: 'md', p: '6', bg: 'surface' })}>
        <Story />
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof NotifyMeView>;

export const GuestIdle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: "Notify me when it's back" })).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText('Sold out'), 'v-l');
    await expect(args.onVariantChange).toHaveBeenCalledWith('v-l');
    await userEvent.type(canvas.getByLabelText('Email'), 'f');
    await expect(args.onEmailChange).toHaveBeenCalledWith('f');
    await userEvent.click(canvas.getByRole('button', { name: 'Notify me' }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};
export const GuestOneSoldOut: Story = {
  args: { options: OPTIONS.slice(0, 1) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Sold out: M / Black')).toBeVisible();
  },
};
/** The chosen variant is in stock but others are not: the offer folds away. */
export const Folded: Story = {
  args: { open: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText("Size or colour sold out? Notify me when it's back"));
    await expect(canvas.getByLabelText('Email')).toBeVisible();
  },
};
export const GuestInvalid: Story = {
  args: { status: 'invalid', email: 'fan@example' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
  },
};
export const GuestRequesting: Story = {
  args: { status: 'requesting', email: 'fan@example.com' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Sending...' })).toBeDisabled();
  },
};
export const GuestSent: Story = {
  args: { status: 'sent', email: 'fan@example.com' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(/we've sent it a link to confirm/);
  },
};
export const GuestTooMany: Story = { args: { status: 'tooMany', email: 'fan@example.com' } };
export const GuestInStock: Story = { args: { status: 'inStock', email: 'fan@example.com' } };
export const GuestError: Story = { args: { status: 'error', email: 'fan@example.com' } };
export const CustomerIdle: Story = {
  args: { accountEmail: 'alex@example.com' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByLabelText('Email')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: "Notify me when it's back" }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};
export const CustomerRequesting: Story = { args: { accountEmail: 'alex@example.com', status: 'requesting' } };
export const CustomerWaiting: Story = {
  args: { accountEmail: 'alex@example.com', status: 'waiting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent("Done: we'll send one email to alex@example.com when it's back.");
  },
};

export const GuestIdleDe = inGerman({ args: GuestIdle.args });
export const GuestSentDe = inGerman({ args: GuestSent.args });
export const FoldedDe = inGerman({ args: Folded.args });
export const CustomerWaitingDe = inGerman({
  args: CustomerWaiting.args,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Erledigt: Wir schicken alex@example.com eine E-Mail, sobald es wieder da ist.');
  },
});

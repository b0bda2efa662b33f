import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EMPTY_WITHDRAWAL_FORM, type WithdrawalForm } from '../../machines/withdrawalMachine';
import { WithdrawView } from '../../src/features/withdrawal/WithdrawView';
import { inGerman } from '../support';

/** 21:05 UTC in November: 22:05 in Berlin. */
const RECEIVED_AT = '2026-11-27T21:05:09.000Z';
const FILLED: WithdrawalForm = { orderNumber: 'NPNG-100123', email: 'erika@example.com', name: 'Erika Mustermann', statement: 'Die Trainingshose in M.\nDas Shirt behalte ich.' };

const meta: Meta<typeof WithdrawView> = {
  title: 'Withdrawal/WithdrawView',
  component: WithdrawView,
  args: {
    status: 'editing',
    form: EMPTY_WITHDRAWAL_FORM,
    fieldErrors: {},
    receipt: null,
    error: null,
    onChange: fn(),
    onSubmit: fn(),
    onBack: fn(),
    onConfirm: fn(),
    onRetry: fn(),
    onEdit: fn(),
  },
  parameters: { path: '/withdraw' },
};
export default meta;
type Story = StoryObj<typeof WithdrawView>;

export const Editing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Withdraw from contract' })).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Order number *' }), '1');
    await expect(args.onChange).toHaveBeenCalledWith('orderNumber', '1');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue to confirmation' }));
    await expect(args.onSubmit).toHaveBeenCalled();
    await expect(canvas.getByRole('link', { name: 'withdrawal information' })).toHaveAttribute('href', '/withdrawal');
  },
};
export const EditingDe = inGerman({
  ...Editing,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Bestellnummer *' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Weiter zur Bestätigung' })).toBeVisible();
  },
});
/** A signed-in customer from an order: number and e-mail filled in. */
export const Prefilled: Story = { args: { form: { ...EMPTY_WITHDRAWAL_FORM, orderNumber: 'NPNG-100123', email: 'alex@nopain-nogain.test' } } };
export const Invalid: Story = {
  args: { form: { ...EMPTY_WITHDRAWAL_FORM, orderNumber: 'ORDER-1', email: 'erika@' }, fieldErrors: { orderNumber: 'invalid', email: 'invalid' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('An order number looks like NPNG-100123.')).toBeVisible();
    await expect(canvas.getByText('Please enter a valid email address.')).toBeVisible();
  },
};
/** The database refused what was sent (its sentence shows on the form). */
export const Refused: Story = {
  args: { form: FILLED, error: 'Your message can be at most 2000 characters long.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('at most 2000 characters');
  },
};
export const Confirming: Story = {
  args: { status: 'confirming', form: FILLED },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('I hereby withdraw from the contract for this order:')).toBeVisible();
    await expect(canvas.getByText('NPNG-100123')).toBeVisible();
    await expect(canvas.getByText(/Die Trainingshose in M\./)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm withdrawal' }));
    await expect(args.onConfirm).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to edit' }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};
export const ConfirmingDe = inGerman({
  ...Confirming,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Hiermit widerrufe ich den Vertrag zu dieser Bestellung:')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Widerruf bestätigen' })).toBeEnabled();
  },
});
/** Nothing named: the whole order. */
export const ConfirmingWholeOrder: Story = {
  args: { status: 'confirming', form: { ...FILLED, name: '', statement: '' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The whole order')).toBeVisible();
  },
};
export const Submitting: Story = {
  args: { status: 'submitting', form: FILLED },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Confirm withdrawal' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Back to edit' })).toBeDisabled();
  },
};
export const Received: Story = {
  args: { status: 'received', form: FILLED, receipt: { status: 'received', receivedAt: RECEIVED_AT } },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent(
      'If the order number and email address belong to an order, we have recorded your withdrawal and sent a confirmation of receipt to that address.',
    );
    await expect(status).toHaveTextContent('Received on November 27, 2026 at 22:05 (German time).');
  },
};
export const ReceivedDe = inGerman({
  ...Received,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Wenn Bestellnummer und E-Mail-Adresse zu einer Bestellung gehören');
    await expect(status).toHaveTextContent('Eingegangen am 27. November 2026 um 22:05 Uhr (deutsche Zeit).');
  },
});
export const AlreadyReceived: Story = {
  args: { status: 'received', form: FILLED, receipt: { status: 'alreadyReceived', receivedAt: '2026-06-30T21:05:00.000Z' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('We already received your withdrawal from this order on June 30, 2026 at 23:05 (German time).');
  },
};
export const Failed: Story = {
  args: { status: 'failed', form: FILLED, error: 'Failed to fetch' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('nothing has been recorded yet');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to the form' }));
    await expect(args.onEdit).toHaveBeenCalled();
  },
};
export const FailedDe = inGerman({
  ...Failed,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('deshalb wurde noch nichts erfasst');
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeEnabled();
  },
});
export const RateLimited: Story = {
  args: { status: 'rateLimited', form: FILLED },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('at most 10 withdrawals from one connection in 10 minutes');
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};
export const RateLimitedDe = inGerman({
  ...RateLimited,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('höchstens 10 Widerrufe in 10 Minuten');
  },
});

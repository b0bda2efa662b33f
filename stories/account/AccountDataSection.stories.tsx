import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AccountDataSection } from '../../src/features/account/AccountDataSection';
import { inGerman } from '../support';

/** Every state of machines/accountDataMachine.ts as the account page's "Your data" section shows it. */
const meta: Meta<typeof AccountDataSection> = {
  title: 'Account/AccountDataSection',
  component: AccountDataSection,
  args: {
    status: 'idle',
    password: '',
    confirmed: false,
    fieldErrors: {},
    failure: null,
    message: '',
    onExport: fn(),
    onOpenDelete: fn(),
    onPasswordChange: fn(),
    onConfirmChange: fn(),
    onSubmitDelete: fn(),
    onCancelDelete: fn(),
    onRetryDelete: fn(),
  },
  parameters: { path: '/account' },
};
export default meta;
type Story = StoryObj<typeof AccountDataSection>;

const dialogOf = (canvasElement: HTMLElement, name: string) => within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name });

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'How we handle your data' })).toHaveAttribute('href', '/privacy');
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    await expect(args.onExport).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete my account' }));
    await expect(args.onOpenDelete).toHaveBeenCalled();
  },
};

export const Exporting: Story = {
  args: { status: 'exporting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Preparing your data...' })).toBeDisabled();
  },
};

export const ExportFailed: Story = {
  args: { status: 'exportFailed' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Your data could not be downloaded. Please try again.');
  },
};

export const ConfirmDelete: Story = {
  args: { status: 'confirmDelete' },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement, 'Delete your account?'));
    await expect(dialog.getByText(/Your orders stay for the 10 years German tax law requires/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep my account' })).toHaveFocus();
    await userEvent.type(dialog.getByLabelText('Your password'), 'x');
    await expect(args.onPasswordChange).toHaveBeenCalledWith('x');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'I understand that my account is deleted for good.' }));
    await expect(args.onConfirmChange).toHaveBeenCalledWith(true);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await expect(args.onSubmitDelete).toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Keep my account' }));
    await expect(args.onCancelDelete).toHaveBeenCalled();
  },
};

export const ConfirmDeleteMissing: Story = {
  args: { status: 'confirmDelete', fieldErrors: { password: 'required', confirm: 'required' } },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Delete your account?'));
    await expect(dialog.getByText('Enter your password.')).toBeVisible();
    await expect(dialog.getByText('Tick the box to confirm.')).toBeVisible();
    await expect(dialog.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const WrongPassword: Story = {
  args: { status: 'confirmDelete', confirmed: true, fieldErrors: { password: 'wrong' } },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Delete your account?'));
    await expect(dialog.getByText('That password is not right.')).toBeVisible();
  },
};

export const Reauthenticating: Story = {
  args: { status: 'reauthenticating', password: 'secret', confirmed: true },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Delete your account?'));
    await expect(dialog.getByRole('button', { name: 'Checking your password...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Keep my account' })).toBeDisabled();
  },
};

export const Deleting: Story = {
  args: { status: 'deleting', confirmed: true },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Delete your account?'));
    await expect(dialog.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  },
};

export const Deleted: Story = { args: { status: 'deleted', confirmed: true } };

export const FailedOpenOrders: Story = {
  args: { status: 'failed', failure: 'open_orders' },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement, 'Delete your account?'));
    await expect(dialog.getByRole('alert')).toHaveTextContent('You still have an open order.');
    await expect(dialog.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/orders');
    await expect(dialog.queryByRole('button', { name: 'Try Again' })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await expect(args.onCancelDelete).toHaveBeenCalled();
  },
};

export const FailedAdmin: Story = {
  args: { status: 'failed', failure: 'admin_account' },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Delete your account?'));
    await expect(dialog.getByRole('alert')).toHaveTextContent('An admin account cannot be deleted here.');
  },
};

export const FailedNetwork: Story = {
  args: { status: 'failed', failure: 'network' },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement, 'Delete your account?'));
    await userEvent.click(dialog.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetryDelete).toHaveBeenCalled();
  },
};

export const FailedStale: Story = { args: { status: 'failed', failure: 'reauthentication_needed' } };
export const FailedRateLimited: Story = { args: { status: 'failed', failure: 'rate_limited' } };
export const FailedUnknown: Story = { args: { status: 'failed', failure: 'unknown', message: 'Internal error' } };

export const IdleDe = inGerman({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Mein Konto löschen' })).toBeVisible();
  },
} satisfies Story);
export const ExportFailedDe = inGerman({ args: ExportFailed.args } satisfies Story);
export const ConfirmDeleteDe = inGerman({
  args: ConfirmDelete.args,
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Dein Konto löschen?'));
    await expect(dialog.getByText(/§ 147 AO, § 257 HGB/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Konto behalten' })).toBeVisible();
  },
} satisfies Story);
export const ConfirmDeleteMissingDe = inGerman({ args: ConfirmDeleteMissing.args } satisfies Story);
export const WrongPasswordDe = inGerman({ args: WrongPassword.args } satisfies Story);
export const ReauthenticatingDe = inGerman({ args: Reauthenticating.args } satisfies Story);
export const DeletingDe = inGerman({ args: Deleting.args } satisfies Story);
export const FailedOpenOrdersDe = inGerman({
  args: FailedOpenOrders.args,
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement, 'Dein Konto löschen?'));
    await expect(dialog.getByRole('alert')).toHaveTextContent('Du hast noch eine offene Bestellung.');
  },
} satisfies Story);
export const FailedAdminDe = inGerman({ args: FailedAdmin.args } satisfies Story);
export const FailedNetworkDe = inGerman({ args: FailedNetwork.args } satisfies Story);

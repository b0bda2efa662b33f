import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ConfirmDialog } from '../../src/ui/ConfirmDialog';

/** src/ui/ConfirmDialog.tsx: asks before something that cannot be taken back (leaving unsaved changes, cancelling an order). */
const meta: Meta<typeof ConfirmDialog> = {
  title: 'Admin/Confirm dialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Leave without saving?',
    description: 'Your changes to this product will be lost.',
    confirmLabel: 'Leave',
    cancelLabel: 'Stay',
    destructive: true,
    onConfirm: fn(),
    onCancel: fn(),
  },
};
export default meta;
type Story = StoryObj<typeof ConfirmDialog>;

/** The dialog is portalled to the body, outside the story's canvas. */
const body = () => within(document.body);

/** Focus starts on the safe button; Escape cancels; only the confirm button confirms. */
export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await body().findByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(dialog).toHaveAccessibleDescription('Your changes to this product will be lost.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Stay' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

/** Tab stays inside the dialog (Stay → Leave → Stay). */
export const FocusStaysInside: Story = {
  play: async () => {
    const dialog = await body().findByRole('alertdialog');
    const stay = within(dialog).getByRole('button', { name: 'Stay' });
    await waitFor(() => expect(stay).toHaveFocus());
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Leave' })).toHaveFocus();
    await userEvent.tab();
    await expect(stay).toHaveFocus();
  },
};

/** The confirmed action is running: nothing can be pressed twice, and Escape does not cancel it. */
export const Busy: Story = {
  args: {
    busy: true,
    title: 'Cancel order NPNG-100008?',
    description: 'The stock goes back and the customer sees "Cancelled".',
    confirmLabel: 'Cancel order',
    cancelLabel: 'Keep order',
  },
  play: async ({ args }) => {
    const dialog = await body().findByRole('alertdialog', { name: 'Cancel order NPNG-100008?' });
    await expect(within(dialog).getByRole('button', { name: 'Keep order' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel order' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

/** Not destructive: the confirm button is the ordinary accent button. */
export const NotDestructive: Story = {
  args: { destructive: false, title: 'Publish this product?', description: 'Shoppers will see it in the shop.', confirmLabel: 'Publish', cancelLabel: 'Not yet' },
  play: async () => {
    const dialog = await body().findByRole('alertdialog', { name: 'Publish this product?' });
    await expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeEnabled();
  },
};

export const Closed: Story = {
  args: { open: false },
  play: async () => {
    await expect(body().queryByRole('alertdialog')).toBeNull();
  },
};

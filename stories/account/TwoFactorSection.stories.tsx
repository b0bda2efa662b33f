import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TwoFactorSection } from '../../src/features/account/TwoFactorSection';
import { ENROLMENT } from '../fixtures/auth';
import { inGerman } from '../support';

/** Every state of machines/twoFactorSettingsMachine.ts as the account page's section shows it. */
const meta: Meta<typeof TwoFactorSection> = {
  title: 'Account/TwoFactorSection',
  component: TwoFactorSection,
  args: {
    status: 'off',
    enrolment: null,
    code: '',
    fieldError: null,
    error: null,
    stepUp: null,
    onSetUp: fn(),
    onCodeChange: fn(),
    onCodeSubmit: fn(),
    onCancel: fn(),
    onRemove: fn(),
    onConfirmRemove: fn(),
    onKeep: fn(),
    onRetry: fn(),
  },
  parameters: { path: '/account' },
};
export default meta;
type Story = StoryObj<typeof TwoFactorSection>;

export const Loading: Story = { args: { status: 'loading' } };

export const LoadFailed: Story = {
  args: { status: 'loadFailed' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Off: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Two-factor authentication' })).toBeVisible();
    await expect(canvas.getByText('Off')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Set up' }));
    await expect(args.onSetUp).toHaveBeenCalled();
  },
};

export const Enrolling: Story = { args: { status: 'enrolling' } };

export const Scanning: Story = {
  args: { status: 'scanning', enrolment: ENROLMENT },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3, name: 'Scan the QR code with your authenticator app' })).toHaveFocus();
    await expect(canvas.getByRole('img', { name: 'QR code for your authenticator app. If you cannot scan it, enter the key below.' })).toBeVisible();
    await expect(canvas.getByLabelText('Key for manual entry')).toHaveValue(ENROLMENT.secret);
    await userEvent.type(canvas.getByLabelText('6-digit code'), '4');
    await expect(args.onCodeChange).toHaveBeenCalledWith('4');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(args.onCodeSubmit).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const ScanningWrongCode: Story = { args: { status: 'scanning', enrolment: ENROLMENT, error: 'wrongCode' } };
export const Confirming: Story = { args: { status: 'confirming', enrolment: ENROLMENT, code: '123456' } };

export const On: Story = {
  args: { status: 'on' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('On')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove' }));
    await expect(args.onRemove).toHaveBeenCalled();
  },
};

export const ConfirmingRemoval: Story = {
  args: { status: 'confirmingRemoval' },
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: 'Remove two-factor authentication?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await expect(args.onKeep).toHaveBeenCalled();
  },
};

export const Removing: Story = { args: { status: 'removing' } };

export const StepUp: Story = {
  args: { status: 'stepUp', stepUp: { status: 'entering', code: '', fieldError: null, error: null } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3, name: 'Confirm with a code from your authenticator app' })).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Verify and remove' })).toBeVisible();
  },
};

export const StepUpWrongCode: Story = { args: { status: 'stepUp', stepUp: { status: 'entering', code: '', fieldError: null, error: 'wrongCode' } } };

export const Phone: Story = {
  args: { status: 'scanning', enrolment: ENROLMENT },
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};

export const OffDe = inGerman({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Zwei-Faktor-Authentifizierung' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Einrichten' })).toBeVisible();
  },
} satisfies Story);
export const LoadFailedDe = inGerman({ args: LoadFailed.args } satisfies Story);
export const ScanningDe = inGerman({ args: Scanning.args } satisfies Story);
export const ScanningWrongCodeDe = inGerman(ScanningWrongCode);
export const OnDe = inGerman({ args: On.args } satisfies Story);
export const ConfirmingRemovalDe = inGerman({ args: ConfirmingRemoval.args } satisfies Story);
export const StepUpDe = inGerman({ args: StepUp.args } satisfies Story);
export const PhoneDe = inGerman(Phone);

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TwoFactorView } from '../../src/features/auth/TwoFactorView';
import { inGerman } from '../support';

/** Every state of machines/twoFactorMachine.ts as the sign-in's code step shows it. */
const meta: Meta<typeof TwoFactorView> = {
  title: 'Auth/TwoFactorView',
  component: TwoFactorView,
  args: {
    status: 'entering',
    code: '',
    fieldError: null,
    error: null,
    onChange: fn(),
    onSubmit: fn(),
    onCancel: fn(),
    onRetry: fn(),
  },
  parameters: { path: '/auth?next=%2Fadmin%2Fproducts' },
};
export default meta;
type Story = StoryObj<typeof TwoFactorView>;

export const Challenging: Story = {
  args: { status: 'challenging' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Preparing the code step...')).toBeVisible();
  },
};

export const Entering: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
    const field = canvas.getByLabelText('6-digit code');
    await expect(field).toHaveFocus();
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(field, '1');
    await expect(args.onChange).toHaveBeenCalledWith('1');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
    await expect(args.onSubmit).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel and sign out' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const PastedWithSpace: Story = { args: { code: '123 456' } };

export const NotSixDigits: Story = {
  args: { code: '12345', fieldError: 'format' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('6-digit code')).toHaveAccessibleDescription('The code has 6 digits.');
  },
};

export const Verifying: Story = {
  args: { status: 'verifying', code: '123456' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Checking...' })).toBeDisabled();
  },
};

export const WrongCode: Story = {
  args: { error: 'wrongCode' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('6-digit code')).toHaveAccessibleDescription('That code is not right. Check your authenticator app and try again.');
  },
};

export const Expired: Story = { args: { error: 'expired' } };
export const TooManyAttempts: Story = { args: { error: 'tooManyAttempts' } };
export const Unexpected: Story = { args: { error: 'unexpected' } };

export const ChallengeFailed: Story = {
  args: { status: 'challengeFailed' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Phone: Story = {
  args: { error: 'wrongCode' },
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};

export const ChallengingDe = inGerman({ args: Challenging.args } satisfies Story);
export const EnteringDe = inGerman({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Zwei-Faktor-Authentifizierung' })).toBeVisible();
    await expect(canvas.getByLabelText('6-stelliger Code')).toHaveFocus();
  },
} satisfies Story);
export const NotSixDigitsDe = inGerman({ args: NotSixDigits.args } satisfies Story);
export const VerifyingDe = inGerman({ args: Verifying.args } satisfies Story);
export const WrongCodeDe = inGerman({ args: WrongCode.args } satisfies Story);
export const ExpiredDe = inGerman(Expired);
export const TooManyAttemptsDe = inGerman(TooManyAttempts);
export const ChallengeFailedDe = inGerman({ args: ChallengeFailed.args } satisfies Story);
export const PhoneDe = inGerman(Phone);

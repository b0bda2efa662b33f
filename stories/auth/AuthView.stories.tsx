import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EMPTY_AUTH_FORM } from '../../machines/authFormMachine';
import { AuthView } from '../../src/features/auth/AuthView';
import { MISMATCH_FORM, SIGN_IN_FORM, SIGN_UP_FORM, WEAK_FORM } from '../fixtures/auth';
import { inGerman } from '../support';

/** Every state of machines/authFormMachine.ts as the /auth screen shows it. */
const meta: Meta<typeof AuthView> = {
  title: 'Auth/AuthView',
  component: AuthView,
  args: {
    tab: 'signIn',
    status: 'editing',
    form: EMPTY_AUTH_FORM,
    fieldErrors: {},
    weakPasswordReasons: [],
    verifyEmailFor: null,
    onTabChange: fn(),
    onChange: fn(),
    onSubmit: fn(),
  },
  parameters: { path: '/auth' },
};
export default meta;
type Story = StoryObj<typeof AuthView>;

export const SignIn: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.type(canvas.getByLabelText('Email'), 'a');
    await expect(args.onChange).toHaveBeenCalledWith('email', 'a');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign In' }));
    await expect(args.onSubmit).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('tab', { name: 'Sign Up' }));
    await expect(args.onTabChange).toHaveBeenCalledWith('signUp');
  },
};

export const SignInFilled: Story = { args: { form: SIGN_IN_FORM } };

export const SignInFieldErrors: Story = {
  args: { fieldErrors: { email: 'required', password: 'required' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Email')).toHaveAccessibleDescription('Please enter your email.');
    await expect(canvas.getByLabelText('Password')).toHaveAccessibleDescription('Please enter your password.');
  },
};

export const SigningIn: Story = {
  args: { status: 'signingIn', form: SIGN_IN_FORM },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await expect(canvas.getByRole('tab', { name: 'Sign Up' })).toBeDisabled();
  },
};

export const SignUp: Story = {
  args: { tab: 'signUp', form: SIGN_UP_FORM },
  parameters: { path: '/auth?tab=signup' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    await expect(canvas.getByLabelText('Confirm Password')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create Account' }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};

export const SignUpPasswordMismatch: Story = {
  args: { tab: 'signUp', form: MISMATCH_FORM, fieldErrors: { confirmPassword: 'mismatch' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Passwords do not match.');
  },
};

export const SignUpWeakPassword: Story = {
  args: { tab: 'signUp', form: WEAK_FORM, weakPasswordReasons: ['length', 'characters', 'pwned'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The password is too short.')).toBeVisible();
  },
};

export const SigningUp: Story = {
  args: { tab: 'signUp', status: 'signingUp', form: SIGN_UP_FORM },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  },
};

export const VerifyEmail: Story = {
  args: { tab: 'signUp', status: 'verifyEmail', verifyEmailFor: SIGN_UP_FORM.email },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(canvas.getByText(SIGN_UP_FORM.email)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Sign In' }));
    await expect(args.onTabChange).toHaveBeenCalledWith('signIn');
  },
};

export const Phone: Story = {
  args: { tab: 'signUp', form: SIGN_UP_FORM },
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};

export const SignInDe = inGerman({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  },
} satisfies Story);
export const SignInFilledDe = inGerman(SignInFilled);
export const SignInFieldErrorsDe = inGerman({ args: SignInFieldErrors.args } satisfies Story);
export const SigningInDe = inGerman({ args: SigningIn.args } satisfies Story);
export const SignUpDe = inGerman({
  args: SignUp.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Konto erstellen' })).toBeVisible();
  },
} satisfies Story);
export const SignUpPasswordMismatchDe = inGerman({ args: SignUpPasswordMismatch.args } satisfies Story);
export const SignUpWeakPasswordDe = inGerman({ args: SignUpWeakPassword.args } satisfies Story);
export const SigningUpDe = inGerman({ args: SigningUp.args } satisfies Story);
export const VerifyEmailDe = inGerman({ args: VerifyEmail.args } satisfies Story);
export const PhoneDe = inGerman(Phone);

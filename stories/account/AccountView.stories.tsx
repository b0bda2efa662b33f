import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AccountView } from '../../src/features/account/AccountView';
import { NewsletterFormView } from '../../src/features/newsletter/NewsletterFormView';
import { ACCOUNT_EMAIL, EMPTY_PROFILE_FORM, PROFILE } from '../fixtures/auth';
import { inGerman } from '../support';

const newsletter = <NewsletterFormView variant="account" status="idle" email="" consent={false} onEmailChange={fn()} onConsentChange={fn()} onSubmit={fn()} />;

/** Every state of machines/profileMachine.ts as the /account screen shows it. */
const meta: Meta<typeof AccountView> = {
  title: 'Account/AccountView',
  component: AccountView,
  args: {
    status: 'ready',
    email: ACCOUNT_EMAIL,
    form: PROFILE,
    fieldErrors: {},
    loadError: null,
    newsletter,
    onChange: fn(),
    onSave: fn(),
    onRetry: fn(),
  },
  parameters: { path: '/account' },
};
export default meta;
type Story = StoryObj<typeof AccountView>;

export const Loading: Story = {
  args: { status: 'loading', form: EMPTY_PROFILE_FORM },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading your profile...')).toBeVisible();
  },
};

export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    // The first Email field is the profile's; the newsletter form brings its own.
    await expect(canvas.getAllByLabelText('Email')[0]).toHaveAttribute('readonly');
    await expect(canvas.getAllByLabelText('Email')[0]).toHaveValue(ACCOUNT_EMAIL);
    await expect(canvas.getByLabelText('Full Name')).toHaveValue(PROFILE.fullName);
    await userEvent.type(canvas.getByLabelText('Phone'), '8');
    await expect(args.onChange).toHaveBeenCalledWith('phone', `${PROFILE.phone}8`);
    await userEvent.click(canvas.getByRole('button', { name: 'Save Profile' }));
    await expect(args.onSave).toHaveBeenCalled();
    await expect(canvas.getByRole('heading', { name: 'Newsletter' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
  },
};

export const EmptyProfile: Story = { args: { form: EMPTY_PROFILE_FORM } };

export const Saving: Story = {
  args: { status: 'saving' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  },
};

export const TooLong: Story = {
  args: { form: { ...PROFILE, phone: '+49 30 1234567 / +49 170 1234567 / +49 40 7654321' }, fieldErrors: { phone: 'tooLong' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Phone')).toHaveAccessibleDescription('At most 40 characters.');
  },
};

export const LoadError: Story = {
  args: { status: 'loadError', loadError: 'Failed to fetch' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Your profile could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};

export const LoadingDe = inGerman({ args: Loading.args } satisfies Story);
export const ReadyDe = inGerman({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Profil speichern' })).toBeVisible();
  },
} satisfies Story);
export const EmptyProfileDe = inGerman(EmptyProfile);
export const SavingDe = inGerman({ args: Saving.args } satisfies Story);
export const TooLongDe = inGerman({ args: TooLong.args } satisfies Story);
export const LoadErrorDe = inGerman({ args: LoadError.args } satisfies Story);
export const PhoneDe = inGerman(Phone);

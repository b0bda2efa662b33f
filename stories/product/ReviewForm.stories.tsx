import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { css } from '../../styled-system/css';
import { EMPTY_DRAFT } from '../../machines/reviewFormMachine';
import { ReviewForm, type ReviewFormProps } from '../../src/features/product/ReviewForm';
import { inGerman } from '../support';

const FILLED = { rating: 4, title: 'Runs big', body: 'Size down if you want a regular fit.' };

const meta: Meta<typeof ReviewForm> = {
  title: 'Product/ReviewForm',
  component: ReviewForm,
  args: { status: 'editing', draft: EMPTY_DRAFT, error: null, onRating: fn(), onChange: fn(), onSubmit: fn(), onRetry: fn() },
  decorators: [
    (Story) => (
      <main className={css({ maxW: 'xl', mx: 'auto', p: '4' })}>
        <Story />
      </main>
    ),
  ],
  parameters: { path: '/shop/iron-oversized-tee' },
};
export default meta;
type Story = StoryObj<typeof ReviewForm>;
type Ctx = { canvasElement: HTMLElement; args: ReviewFormProps };

export const SignInRequired: Story = {
  args: { status: 'signInRequired' },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Sign in required')).toBeVisible();
    await expect(canvas.getByText('You must be signed in to write a review.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};
export const Checking: Story = {
  args: { status: 'checking' },
  play: async ({ canvasElement }: Ctx) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Checking whether you can review this product...');
  },
};
export const PurchaseRequired: Story = {
  args: { status: 'purchaseRequired' },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Purchase required')).toBeVisible();
    await expect(canvas.getByText("You can only review products you've purchased.")).toBeVisible();
  },
};
export const CheckFailed: Story = {
  args: { status: 'checkError', error: 'Failed to fetch' },
  play: async ({ canvasElement, args }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to fetch');
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
export const Eligible: Story = {
  play: async ({ canvasElement, args }: Ctx) => {
    const canvas = within(canvasElement);
    const stars = canvas.getByRole('group', { name: 'Rating' });
    await expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    await expect(within(stars).getByRole('radio', { name: '5 stars' })).toBeChecked();
    await userEvent.click(within(stars).getByRole('radio', { name: '3 stars' }));
    await expect(args.onRating).toHaveBeenCalledWith(3);
    await userEvent.type(canvas.getByLabelText('Title'), 'A');
    await expect(args.onChange).toHaveBeenCalledWith('title', 'A');
    await userEvent.type(canvas.getByLabelText('Review'), 'B');
    await expect(args.onChange).toHaveBeenCalledWith('body', 'B');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit Review' }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};
export const InvalidSubmit: Story = {
  args: { status: 'invalid', draft: { ...EMPTY_DRAFT, title: 'Only a title' } },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please fill in all required fields.');
    await expect(canvas.getByLabelText('Review')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
  },
};
export const Submitting: Story = {
  args: { status: 'submitting', draft: FILLED },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: '4 stars' })).toBeChecked();
  },
};
export const Submitted: Story = {
  args: { status: 'submitted' },
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Your review has been submitted for approval');
    await expect(canvas.getByLabelText('Title')).toHaveValue('');
    await expect(canvas.getByRole('radio', { name: '5 stars' })).toBeChecked();
  },
};

export const SignInRequiredDe = inGerman({
  args: SignInRequired.args,
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Anmeldung erforderlich')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/auth');
  },
});
export const CheckingDe = inGerman({ args: Checking.args });
export const PurchaseRequiredDe = inGerman({
  args: PurchaseRequired.args,
  play: async ({ canvasElement }: Ctx) => {
    await expect(within(canvasElement).getByText('Kauf erforderlich')).toBeVisible();
  },
});
export const CheckFailedDe = inGerman({ args: CheckFailed.args });
export const EligibleDe = inGerman({
  play: async ({ canvasElement }: Ctx) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Bewertung schreiben' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: '5 Sterne' })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Bewertung absenden' })).toBeVisible();
  },
});
export const InvalidSubmitDe = inGerman({
  args: InvalidSubmit.args,
  play: async ({ canvasElement }: Ctx) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Bitte füll alle Pflichtfelder aus.');
  },
});
export const SubmittingDe = inGerman({
  args: Submitting.args,
  play: async ({ canvasElement }: Ctx) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Wird gesendet …' })).toBeDisabled();
  },
});
export const SubmittedDe = inGerman({ args: Submitted.args });

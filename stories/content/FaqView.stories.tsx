import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FaqView } from '../../src/features/content/FaqView';
import { inGerman } from '../support';

const meta: Meta<typeof FaqView> = { title: 'Content/FaqView', component: FaqView, parameters: { path: '/support/faq' } };
export default meta;
type Story = StoryObj<typeof FaqView>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const answer = canvas.getByText(/Shipping is free worldwide on orders over €150\.00/);
    await expect(answer).not.toBeVisible();
    await userEvent.click(canvas.getByText('Do you offer free shipping?'));
    await expect(answer).toBeVisible();
  },
};

/** Every question is a native disclosure: reachable with Tab, opened with a click or Enter. */
export const RefundAnswerOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const summary = canvas.getByText('When will I get my refund?');
    summary.focus();
    await expect(summary).toHaveFocus();
    await userEvent.click(summary);
    await expect(canvas.getByText(/within 5–7 business days after your return/)).toBeVisible();
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Bietet ihr kostenlosen Versand an?'));
    await expect(canvas.getByText(/über 150,00\s€ versenden wir weltweit kostenlos/)).toBeVisible();
  },
});
export const RefundAnswerOpenDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Wann bekomme ich mein Geld zurück?'));
    await expect(canvas.getByText(/innerhalb von 5–7 Werktagen, nachdem Deine Rücksendung/)).toBeVisible();
  },
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TermsView } from '../../src/features/content/TermsView';
import { inGerman } from '../support';

const meta: Meta<typeof TermsView> = { title: 'Content/TermsView', component: TermsView, parameters: { path: '/terms' } };
export default meta;
type Story = StoryObj<typeof TermsView>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(canvas.getByText(/in the 12 months before the event/)).toBeVisible();
    await expect(canvas.getByText(/The courts of Berlin have jurisdiction/)).toBeVisible();
    // Art. 246c EGBGB: the steps to the contract, correcting input, the stored contract text, the languages.
    const formation = canvas.getByText(/You order in these steps/);
    await expect(formation).toHaveTextContent(/"Place order and pay" \("Zahlungspflichtig bestellen"\)/);
    await expect(formation).toHaveTextContent(/correct every field/);
    await expect(formation).toHaveTextContent(/We store the contract text/);
    await expect(formation).toHaveTextContent(/The contract languages are English and German/);
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'AGB' })).toBeVisible();
    await expect(canvas.getByText(/Gerichtsstand ist Berlin/)).toBeVisible();
    await expect(canvas.getByText(/Du bestellst in diesen Schritten/)).toHaveTextContent(/Mit dem Button „Zahlungspflichtig bestellen“ gibst Du ein verbindliches Angebot/);
  },
});

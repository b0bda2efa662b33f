import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { COMPANY } from '../../src/config/company';
import { ImpressumView } from '../../src/features/content/ImpressumView';
import { inGerman } from '../support';

const meta: Meta<typeof ImpressumView> = { title: 'Content/ImpressumView', component: ImpressumView, parameters: { path: '/impressum' } };
export default meta;
type Story = StoryObj<typeof ImpressumView>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Legal notice' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Information according to § 5 DDG' })).toBeVisible();
    await expect(canvas.getByText(new RegExp(`Registration number: ${COMPANY.registerNumber}`))).toBeVisible();
    await expect(canvas.getByRole('link', { name: COMPANY.email })).toHaveAttribute('href', `mailto:${COMPANY.email}`);
    await expect(canvas.getByRole('heading', { name: 'Consumer dispute resolution' })).toBeVisible();
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Angaben gemäß § 5 DDG' })).toBeVisible();
    await expect(canvas.getByText(new RegExp(`Registergericht: ${COMPANY.registerCourt}`))).toBeVisible();
    await expect(canvas.getByText(/Verbraucherschlichtungsstelle/)).toBeVisible();
  },
});

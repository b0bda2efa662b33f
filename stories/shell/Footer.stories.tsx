import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FooterView } from '../../src/app/shell/FooterView';
import { inGerman } from '../support';

const meta: Meta<typeof FooterView> = { title: 'Shell/Footer', component: FooterView };
export default meta;
type Story = StoryObj<typeof FooterView>;

const LINKS: [string, string][] = [
  ['New Arrivals', '/shop?category=new'],
  ['Best Sellers', '/shop?featured=true'],
  ['Gym Wear', '/shop?category=apparel'],
  ['Bottles & Gear', '/shop?category=accessories'],
  ['Size Guide', '/support/size-guide'],
  ['Shipping Info', '/support/shipping'],
  ['Returns', '/support/returns'],
  ['Contact', '/contact'],
  ['FAQ', '/support/faq'],
  ['Privacy Policy', '/privacy'],
  ['Terms of Service', '/terms'],
  ['Legal notice', '/impressum'],
];

const thisYear = new Date().getFullYear();

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const [name, href] of LINKS) await expect(canvas.getByRole('link', { name })).toHaveAttribute('href', href);
    await expect(canvas.getByText(`© ${thisYear} No Pain, No Gain. All rights reserved.`)).toBeVisible();
  },
};

export const WithNewsletterSlot: Story = {
  args: { newsletter: <p>(newsletter form)</p> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('(newsletter form)')).toBeVisible();
  },
};

export const DefaultDe = inGerman({
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/privacy');
    await expect(canvas.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    await expect(canvas.getByText(`© ${thisYear} No Pain, No Gain. Alle Rechte vorbehalten.`)).toBeVisible();
  },
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MobileMenuView } from '../../src/app/shell/MobileMenuView';
import { inGerman } from '../support';

const meta: Meta<typeof MobileMenuView> = {
  title: 'Shell/Mobile menu',
  component: MobileMenuView,
  args: {
    open: true,
    path: '/',
    cartCount: 2,
    signedIn: false,
    isAdmin: false,
    locale: 'en',
    onOpenChange: fn(),
    onLocaleChange: fn(),
    onSignOut: fn(),
    onOpenCart: fn(),
  },
};
export default meta;
type Story = StoryObj<typeof MobileMenuView>;

export const SignedOut: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Menu' });
    const menu = within(dialog);
    for (const name of ['Home', 'Shop', 'Collections', 'About', 'Contact', 'Sign In', 'Create Account']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByText('2', { selector: 'span' })).toBeVisible();
    await userEvent.click(menu.getByRole('button', { name: /Cart/ }));
    await expect(args.onOpenCart).toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const SignedInAdmin: Story = {
  args: { signedIn: true, isAdmin: true, cartCount: 0 },
  play: async ({ canvasElement, args }) => {
    const menu = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Menu' }));
    await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Account' })).toBeVisible();
    await userEvent.click(menu.getByRole('button', { name: 'Sign Out' }));
    await expect(args.onSignOut).toHaveBeenCalled();
  },
};

export const SignedOutDe = inGerman({ args: { locale: 'de' as const } });
export const SignedInAdminDe = inGerman({ args: { signedIn: true, isAdmin: true, locale: 'de' as const } });

export const WithSearch: Story = {
  args: { onOpenSearch: fn() },
  play: async ({ canvasElement, args }) => {
    const menu = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Menu' }));
    await userEvent.click(menu.getByRole('button', { name: 'Search' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onOpenSearch).toHaveBeenCalled();
  },
};
export const WithSearchDe = inGerman({
  args: { onOpenSearch: fn(), locale: 'de' as const },
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const menu = within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Menü' }));
    await expect(menu.getByRole('button', { name: 'Suche' })).toBeVisible();
  },
});

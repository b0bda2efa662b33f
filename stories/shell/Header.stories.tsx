import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { HeaderView, type HeaderViewProps } from '../../src/app/shell/HeaderView';
import { inGerman } from '../support';

const base: HeaderViewProps = {
  path: '/',
  cartCount: 0,
  signedIn: false,
  isAdmin: false,
  locale: 'en',
  onLocaleChange: fn(),
  onNavigate: fn(),
  onSignOut: fn(),
  onOpenCart: fn(),
  onOpenMenu: fn(),
};

const meta: Meta<typeof HeaderView> = { title: 'Shell/Header', component: HeaderView, args: base };
export default meta;
type Story = StoryObj<typeof HeaderView>;

export const SignedOut: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const name of ['Home', 'Shop', 'Collections', 'About', 'Contact']) {
      await expect(canvas.getByRole('link', { name })).toBeVisible();
    }
    await expect(canvas.queryByRole('link', { name: 'Admin Dashboard' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Account' }));
    const menu = within(canvasElement.ownerDocument.body);
    await userEvent.click(await menu.findByRole('menuitem', { name: 'Create Account' }));
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/auth?tab=signup'));
  },
};

export const SignedInWithCart: Story = {
  args: { signedIn: true, cartCount: 3, path: '/shop' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Cart, 3 items' }));
    await expect(args.onOpenCart).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Account' }));
    const menu = within(canvasElement.ownerDocument.body);
    await expect(await menu.findByRole('menuitem', { name: 'My Orders' })).toBeVisible();
    // Keyboard: the last item is Sign Out (once the opened menu has taken focus).
    await waitFor(() => expect(menu.getByRole('menu')).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement));
    await userEvent.keyboard('{End}{Enter}');
    await waitFor(() => expect(args.onSignOut).toHaveBeenCalled());
  },
};

export const Admin: Story = {
  args: { signedIn: true, isAdmin: true, cartCount: 120, path: '/admin/products' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    await expect(canvas.getByText('99+')).toBeVisible();
    // The account menu offers it too, before Sign Out.
    await userEvent.click(canvas.getByRole('button', { name: 'Account' }));
    const menu = within(canvasElement.ownerDocument.body);
    await expect(await menu.findByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
    // Keyboard, once the opened menu has taken focus: the item above the last (Sign Out).
    await waitFor(() => expect(menu.getByRole('menu')).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement));
    await userEvent.keyboard('{End}{ArrowUp}{Enter}');
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/admin'));
  },
};

export const WithSearch: Story = {
  args: { onOpenSearch: fn(), onSearchIntent: fn() },
  play: async ({ canvasElement, args }) => {
    const search = within(canvasElement).getByRole('button', { name: 'Search' });
    // Pointing at the button starts fetching the dialog's code; pressing it opens the dialog.
    await userEvent.hover(search);
    await expect(args.onSearchIntent).toHaveBeenCalled();
    await userEvent.click(search);
    await expect(args.onOpenSearch).toHaveBeenCalled();
    // Before the app runs it is a link to the search page (docs/adr/0035); Space presses it like a button.
    await expect(search).toHaveAttribute('href', '/search');
    search.focus();
    await userEvent.keyboard(' ');
    await expect(args.onOpenSearch).toHaveBeenCalledTimes(2);
  },
};
export const WithSearchDe = inGerman({
  args: { onOpenSearch: fn(), locale: 'de' as const },
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Suche' })).toBeVisible();
  },
});

export const Phone: Story = {
  args: { cartCount: 2 },
  globals: { viewport: { value: 'mobile1' } },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};

export const LanguageToggle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    // Before the app runs, each is a link to this page in its language (docs/adr/0035).
    await expect(canvas.getByRole('button', { name: 'Deutsch' }).getAttribute('href')).toMatch(/^\/\?(.+&)?lang=de$/);
    await userEvent.click(canvas.getByRole('button', { name: 'Deutsch' }));
    await expect(args.onLocaleChange).toHaveBeenCalledWith('de');
  },
};

export const SignedOutDe = inGerman({
  ...SignedOut,
  args: { locale: 'de' },
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Kollektionen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');
  },
});
export const SignedInWithCartDe = inGerman({ args: { ...SignedInWithCart.args, locale: 'de' as const } });
export const AdminDe = inGerman({ args: { ...Admin.args, locale: 'de' as const } });

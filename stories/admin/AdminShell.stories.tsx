import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AdminLayout } from '../../src/features/admin/shell/AdminLayout';
import { AdminOnlyView } from '../../src/features/admin/shell/AdminOnlyView';
import { inGerman } from '../support';

/** What every /admin URL shows around its page (admins) or instead of it (everyone else). */
const meta: Meta = { title: 'Admin/Shell', parameters: { path: '/admin/reviews' } };
export default meta;

/** A signed-out visitor: the SPEC's text and a sign-in that comes back to this admin URL. */
export const AdminOnlySignedOut: StoryObj = {
  render: () => <AdminOnlyView signedIn={false} next="/admin/products/new" />,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1 })).toHaveTextContent('Admin Only');
    await expect(page.getByText('Sign in with an admin email to manage products.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?next=%2Fadmin%2Fproducts%2Fnew');
    await expect(page.getByRole('link', { name: 'View Shop' })).toHaveAttribute('href', '/shop');
  },
};
export const AdminOnlySignedOutDe = inGerman({
  ...AdminOnlySignedOut,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1 })).toHaveTextContent('Nur für Admins');
    await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  },
});

/** A signed-in customer: there is no way in, so no sign-in offer either. */
export const AdminOnlyCustomer: StoryObj = {
  render: () => <AdminOnlyView signedIn next="/admin/orders" />,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { level: 1 })).toHaveTextContent('Admin Only');
    await expect(page.queryByRole('link', { name: 'Sign In' })).toBeNull();
  },
};
export const AdminOnlyCustomerDe = inGerman({ render: AdminOnlyCustomer.render });

const Body = () => <h1>Reviews</h1>;

/** The admin navigation on the reviews page with 3 reviews waiting. */
export const Navigation: StoryObj = {
  render: () => (
    <AdminLayout section="reviews" pendingReviews={3}>
      <Body />
    </AdminLayout>
  ),
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Admin' }));
    await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/admin/products');
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders');
    const reviews = nav.getByRole('link', { name: 'Reviews 3 waiting' });
    await expect(reviews).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');
  },
};
export const NavigationDe = inGerman({
  render: Navigation.render,
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Admin' }));
    await expect(nav.getByRole('link', { name: 'Bewertungen 3 warten' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Produkte' })).toBeVisible();
  },
});

/** Nothing waiting (or the count unknown): no badge. */
export const NavigationNothingWaiting: StoryObj = {
  render: () => (
    <AdminLayout section="products" pendingReviews={0}>
      <h1>Products</h1>
    </AdminLayout>
  ),
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Admin' }));
    await expect(nav.getByRole('link', { name: 'Reviews' })).not.toHaveAttribute('aria-current');
    await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
  },
};

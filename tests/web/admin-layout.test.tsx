import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine } from '../../machines/cartMachine';
import { toastMachine } from '../../machines/toastMachine';
import { COUNTRY_STORAGE_KEY, createLocaleActor } from '../../src/app/actors/locale';
import { Shell } from '../../src/app/Shell';
import { AdminLayout } from '../../src/features/admin/shell/AdminLayout';
import { fakeAuth, renderAt } from './support';

function services() {
  const cart = createActor(cartMachine.provide({ actions: { persist: () => {} } }), { input: { items: [] } }).start();
  localStorage.setItem(COUNTRY_STORAGE_KEY, 'US'); // known country: no lookup
  const locale = createLocaleActor(localStorage, new URL('http://localhost/?lang=en') as unknown as Location).start();
  return { auth: fakeAuth(null), cart, locale, toasts: createActor(toastMachine).start() };
}

/** Issue 24 item 4: the admin has its own layout, without the shop's footer and newsletter signup. */
describe('the admin layout', () => {
  it.each(['/admin', '/admin/products', '/admin/orders/NPNG-100001', '/admin/reviews'])('%s has no shop footer (no newsletter signup)', async (path) => {
    renderAt(
      <Shell>
        <h1>Admin page</h1>
      </Shell>,
      path,
      services(),
    );
    await screen.findByRole('banner');
    expect(screen.getByRole('heading', { name: 'Admin page' })).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByText('Join the grind')).toBeNull();
  });

  it.each(['/', '/administrator', '/shop'])('%s keeps the shop footer', async (path) => {
    renderAt(
      <Shell>
        <h1>Shop page</h1>
      </Shell>,
      path,
      services(),
    );
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
    expect(within(screen.getByRole('contentinfo')).getByText('Join the grind')).toBeTruthy();
    cleanup();
  });

  it('links back to the shop above the admin navigation', () => {
    renderAt(
      <AdminLayout section="orders" pendingReviews={0}>
        <h1>Orders</h1>
      </AdminLayout>,
      '/admin/orders',
      {},
    );
    expect(screen.getByRole('link', { name: /Back to the shop/ }).getAttribute('href')).toBe('/');
  });
});

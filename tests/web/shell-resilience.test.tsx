import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { cartMachine, selectDrawerOpen } from '../../machines/cartMachine';
import { toastMachine } from '../../machines/toastMachine';
import { CHUNK_RELOAD_KEY, installChunkReload } from '../../src/app/chunkReload';
import { Shell } from '../../src/app/Shell';
import { AccountMenu } from '../../src/app/shell/AccountMenu';
import { COUNTRY_STORAGE_KEY, createLocaleActor } from '../../src/app/actors/locale';
import { fakeAuth, render, renderAt } from './support';

// The account menu's and the cart drawer's code "fails to download": React.lazy rethrows the
// import's error while rendering, which is what these stand-ins do. (The menu fails through its
// Ark import: mocking AccountMenuPopup itself did not reach AccountMenu's import() here.)
vi.mock('@ark-ui/react/menu', () => ({
  Menu: {
    Root: () => {
      throw new TypeError('Failed to fetch dynamically imported module: AccountMenuPopup.js');
    },
  },
}));
vi.mock('../../src/features/cart/CartDrawerContainer', () => ({
  default: () => {
    throw new TypeError('Failed to fetch dynamically imported module: CartDrawerContainer.js');
  },
}));

beforeEach(() => {
  // The boundaries log what failed; the tests check what the shopper gets instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('a shell part whose code cannot be loaded', () => {
  it('the account button leads to sign-in (signed out) or the account page (signed in)', async () => {
    const user = userEvent.setup();
    for (const [signedIn, target] of [
      [false, '/auth'],
      [true, '/account'],
    ] as const) {
      const onNavigate = vi.fn();
      const { unmount } = render(<AccountMenu signedIn={signedIn} onNavigate={onNavigate} onSignOut={vi.fn()} />);
      await user.click(screen.getByRole('button', { name: 'Account' }));
      // The failed chunk leaves a plain button (no menu popup promised) that navigates.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Account' }).hasAttribute('aria-haspopup')).toBe(false));
      expect(onNavigate).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Account' }));
      expect(onNavigate).toHaveBeenCalledExactlyOnceWith(target);
      unmount();
    }
  });

  it('opening the cart shows the cart page when the drawer cannot load, and the page stays up', async () => {
    const cart = createActor(cartMachine.provide({ actions: { persist: () => {} } }), { input: { items: [] } }).start();
    localStorage.setItem(COUNTRY_STORAGE_KEY, 'US'); // known country: no lookup
    const locale = createLocaleActor(localStorage, new URL('http://localhost/?lang=en') as unknown as Location).start();
    const services = { auth: fakeAuth(null), cart, locale, toasts: createActor(toastMachine).start() };
    const location = renderAt(
      <Shell>
        <h1>Home</h1>
      </Shell>,
      '/',
      services,
    );
    await screen.findByRole('banner');
    act(() => cart.send({ type: 'drawer.open' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/cart'));
    expect(selectDrawerOpen(cart.getSnapshot())).toBe(false);
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});

describe('installChunkReload: a tab from before a deploy', () => {
  function fakeWindow() {
    const target = new EventTarget();
    const reload = vi.fn();
    return { win: Object.assign(target, { location: { reload } }) as unknown as Window, reload };
  }
  const preloadError = () => new Event('vite:preloadError', { cancelable: true });

  it('reloads once to fetch the new build; a second failure within 10 s goes to the error pages', () => {
    const { win, reload } = fakeWindow();
    let now = 1_000_000;
    const uninstall = installChunkReload(
      win,
      () => sessionStorage,
      () => now,
    );
    const first = preloadError();
    win.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');

    now += 9_999;
    const second = preloadError();
    win.dispatchEvent(second);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);

    now += 1;
    win.dispatchEvent(preloadError());
    expect(reload).toHaveBeenCalledTimes(2);
    uninstall();
    win.dispatchEvent(preloadError());
    expect(reload).toHaveBeenCalledTimes(2);
    sessionStorage.clear();
  });

  it('never reloads when it cannot remember having reloaded (blocked storage)', () => {
    const { win, reload } = fakeWindow();
    const blocked = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as Storage;
    installChunkReload(win, () => blocked);
    // Where storage is switched off, even reaching for it throws.
    installChunkReload(win, () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const event = preloadError();
    win.dispatchEvent(event);
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });
});

import { useAuthSelector } from '../services/useAuthSelector';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { css } from '../../styled-system/css';
import { selectAuthStatus, selectIsAdmin } from '../../machines/authMachine';
import { selectCount, selectDrawerOpen } from '../../machines/cartMachine';
import { selectLocale } from '../../machines/localeMachine';
import { selectToasts } from '../../machines/toastMachine';
import type { SearchDialogContainerProps } from '../features/search/SearchDialogContainer';
import { isLocale, loadFeatureCatalog } from '../i18n/i18n';
import { useHydrated } from '../ui/useHydrated';
import { useServices } from '../services/context';
import { lazyFeature, lazyWithPreload } from './lazyFeature';
import { NewsletterSignup } from './routes';
import { LazyPart } from './shell/ErrorBoundaries';
import { FooterView } from './shell/FooterView';
import { HeaderView } from './shell/HeaderView';
import type { MobileMenuViewProps } from './shell/MobileMenuView';
import { SkipLink } from './shell/SkipLink';
import { useEmailLinkNotice } from './emailLinkNotice';
import { ADMIN_AREA } from '../features/admin/adminPaths';
import { useIdle } from '../ui/useIdle';
import { useOpenedOnce } from '../ui/useOpenedOnce';

const CartDrawer = lazyFeature('cart', () => import('../features/cart/CartDrawerContainer'));
const Toaster = lazyFeature('toasts', () => import('../features/toasts/ToasterContainer'));
/** The side menu's dialog code loads when the menu button is first pointed at, focused or pressed. */
const { Component: MobileMenuView, preload: preloadMobileMenu } = lazyWithPreload<MobileMenuViewProps>(() =>
  import('./shell/MobileMenuView').then((m) => ({ default: m.MobileMenuView })),
);
/** The search dialog and its texts load together, when the Search button is first pointed at, focused or pressed. */
const { Component: SearchDialog, preload: preloadSearch } = lazyWithPreload<SearchDialogContainerProps>(() =>
  Promise.all([import('../features/search/SearchDialogContainer'), loadFeatureCatalog('search')]).then(([m]) => m),
);

/** The frame around every screen: header, side menu, cart drawer, toasts, footer. */
export function Shell({ children }: { children: ReactNode }) {
  const { auth, cart, locale, toasts } = useServices();
  const [path, navigate] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuMounted = useOpenedOnce(menuOpen);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchMounted = useOpenedOnce(searchOpen);
  const signedIn = useAuthSelector(selectAuthStatus) === 'signedIn';
  const isAdmin = useAuthSelector(selectIsAdmin);
  const cartCount = useSelector(cart, selectCount);
  // What the first screen does not need mounts once the browser is idle, or as soon as it is used.
  const idle = useIdle();
  const drawerOpen = useSelector(cart, selectDrawerOpen);
  const hasToasts = useSelector(toasts, (snapshot) => selectToasts(snapshot).length > 0);
  const currentLocale = useSelector(locale, selectLocale);
  // A server-rendered page knows nothing of the browser's cart, session or stored language: the
  // hydrating render shows what the server showed (the HTML's language), the next one the browser's.
  const hydrated = useHydrated();
  const { i18n } = useLingui();
  useEmailLinkNotice();
  const shared = {
    path,
    cartCount: hydrated ? cartCount : 0,
    signedIn,
    isAdmin,
    locale: hydrated ? currentLocale : isLocale(i18n.locale) ? i18n.locale : currentLocale,
    onLocaleChange: (next: typeof currentLocale) => locale.send({ type: 'locale.set', locale: next }),
    onSignOut: () => auth.send({ type: 'auth.signOut' }),
    onOpenCart: () => cart.send({ type: 'drawer.open' }),
  };
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', minH: '100dvh' })}>
      <SkipLink />
      <HeaderView
        {...shared}
        cartCountPending={!hydrated}
        onNavigate={navigate}
        onOpenMenu={() => {
          setMenuOpen(true);
          preloadSearch();
        }}
        onMenuIntent={preloadMobileMenu}
        onOpenSearch={() => setSearchOpen(true)}
        onSearchIntent={preloadSearch}
      />
      {menuMounted && (
        <LazyPart name="Side menu">
          <MobileMenuView {...shared} open={menuOpen} onOpenChange={setMenuOpen} onOpenSearch={() => setSearchOpen(true)} />
        </LazyPart>
      )}
      {searchMounted && (
        <LazyPart name="Search">
          <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} />
        </LazyPart>
      )}
      {/* At least a screen high, so the footer starts below the fold and never jumps when a screen's code arrives (CLS). */}
      <main id="main" tabIndex={-1} className={css({ flex: '1', minH: '100dvh', outline: 'none' })}>
        {children}
      </main>
      {/* The admin area has its own layout (issue 24): no shop footer or newsletter signup there; AdminLayout links back to the shop. */}
      {!ADMIN_AREA.test(path) && (
        <FooterView
          newsletter={
            idle && (
              <LazyPart name="Newsletter signup">
                <NewsletterSignup source="footer" />
              </LazyPart>
            )
          }
        />
      )}
      {(idle || drawerOpen) && (
        <LazyPart name="Cart drawer" fallback={<CartPageInstead />}>
          <CartDrawer />
        </LazyPart>
      )}
      {(idle || hasToasts) && (
        <LazyPart name="Notifications">
          <Toaster />
        </LazyPart>
      )}
    </div>
  );
}

/** If the drawer cannot load, opening the cart shows the cart page instead. */
function CartPageInstead() {
  const { cart } = useServices();
  const [, navigate] = useLocation();
  const open = useSelector(cart, selectDrawerOpen);
  useEffect(() => {
    if (!open) return;
    cart.send({ type: 'drawer.close' });
    navigate('/cart');
  }, [open, cart, navigate]);
  return null;
}

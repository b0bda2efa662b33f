import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import type { Locale } from '../../i18n/i18n';
import { CartIcon, MenuIcon, SearchIcon } from '../../ui/icons';
import { early } from '../../services/earlyActions';
import { ADMIN_HREF, MAIN_LINKS, buttonLink, SEARCH_PAGE_HREF } from '../navigation';
import { AccountMenu } from './AccountMenu';
import { LanguageToggle } from './LanguageToggle';
import { Logo } from './Logo';

export type HeaderViewProps = {
  path: string;
  cartCount: number;
  /**
   * The page is server-rendered and not yet hydrated: the saved cart is only in the browser. The badge
   * then shows the count the page's early script read from storage (index.html), so it never blinks.
   */
  cartCountPending?: boolean;
  signedIn: boolean;
  isAdmin: boolean;
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
  onNavigate: (href: string) => void;
  onSignOut: () => void;
  onOpenCart: () => void;
  onOpenMenu: () => void;
  /** The pointer or focus reached the menu button: a chance to fetch the menu's code early. */
  onMenuIntent?: () => void;
  /** The search dialog; the button shows only when a search is wired in. */
  onOpenSearch?: () => void;
  /** The pointer or focus reached the Search button: a chance to fetch the dialog's code early. */
  onSearchIntent?: () => void;
};

export const navLink = css({
  fontWeight: 'bold',
  textTransform: 'uppercase',
  fontSize: 'sm',
  letterSpacing: 'wide',
  textDecoration: 'none',
  color: 'fg.muted',
  py: '2',
  _hover: { color: 'fg' },
  '&[aria-current=page]': { color: 'fg', borderBottomWidth: '2px', borderColor: 'accent' },
});

const badgeStyles = {
  position: 'absolute',
  top: '1',
  right: '0',
  minW: '5',
  h: '5',
  px: '1',
  borderRadius: 'full',
  bg: 'accent',
  color: 'accent.fg',
  fontSize: 'xs',
  fontWeight: 'bold',
  display: 'grid',
  placeItems: 'center',
} as const;
const badge = css(badgeStyles);
/**
 * Shown only when index.html's early script found a saved cart: it marks `<html data-saved-cart-count>`
 * and puts the count (as CSS text, "3" or "99+") in `--saved-cart-count`.
 */
const savedCountBadge = css(badgeStyles, {
  display: 'none',
  'html[data-saved-cart-count] &': { display: 'grid' },
  _after: { content: 'var(--saved-cart-count)' },
});

export const isCurrent = (path: string, href: string) => (href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`));

export function HeaderView(props: HeaderViewProps) {
  const {
    path,
    cartCount,
    cartCountPending = false,
    signedIn,
    isAdmin,
    locale,
    onLocaleChange,
    onNavigate,
    onSignOut,
    onOpenCart,
    onOpenMenu,
    onMenuIntent,
    onOpenSearch,
    onSearchIntent,
  } = props;
  const { t, i18n } = useLingui();
  return (
    <header className={css({ position: 'sticky', top: 0, zIndex: 40, bg: 'bg', borderBottomWidth: '1px', borderColor: 'border' })}>
      <div
        className={css({
          mx: 'auto',
          maxW: '7xl',
          px: { base: '3', md: '6' },
          h: '16',
          display: 'flex',
          alignItems: 'center',
          gap: { base: '1', md: '4' },
          // The narrowest phones (320 CSS px, WCAG 1.4.10): smaller icons (and logo), so the bar fits without scrolling sideways.
          '@media (max-width: 359.98px)': { px: '2', gap: '0.5', '& button, & a[role=button]': { minW: '10', minH: '10' } },
        })}
      >
        <button
          type="button"
          {...early('menu')}
          className={cx(button({ variant: 'ghost', size: 'icon' }), css({ lg: { display: 'none' } }))}
          aria-label={t`Open menu`}
          onClick={onOpenMenu}
          onPointerEnter={onMenuIntent}
          onFocus={onMenuIntent}
        >
          <MenuIcon />
        </button>
        <Logo />
        <nav aria-label={t`Main`} className={css({ display: { base: 'none', lg: 'flex' }, gap: '6', ml: '8' })}>
          {MAIN_LINKS.map((link) => (
            <Link key={link.href} href={link.href} className={navLink} aria-current={isCurrent(path, link.href) ? 'page' : undefined}>
              {i18n._(link.label)}
            </Link>
          ))}
          {isAdmin && (
            <Link href={ADMIN_HREF} className={navLink} aria-current={isCurrent(path, ADMIN_HREF) ? 'page' : undefined}>
              {t`Admin Dashboard`}
            </Link>
          )}
        </nav>
        <div className={css({ ml: 'auto', display: 'flex', alignItems: 'center', gap: { base: '0', md: '2' } })}>
          {onOpenSearch && (
            // Before the app runs, the search page (a form that needs no script); once it runs, the search dialog.
            // biome-ignore lint/a11y/useSemanticElements: a link until the app runs, then a button that opens a dialog: announced by what it does once hydrated
            <a
              href={SEARCH_PAGE_HREF}
              role="button"
              aria-haspopup="dialog"
              className={button({ variant: 'ghost', size: 'icon' })}
              aria-label={t`Search`}
              {...buttonLink(onOpenSearch)}
              onPointerEnter={onSearchIntent}
              onFocus={onSearchIntent}
            >
              <SearchIcon />
            </a>
          )}
          <div className={css({ display: { base: 'none', sm: 'block' } })}>
            <LanguageToggle locale={locale} onChange={onLocaleChange} path={path} />
          </div>
          <AccountMenu signedIn={signedIn} isAdmin={isAdmin} onNavigate={onNavigate} onSignOut={onSignOut} />
          <button
            type="button"
            className={cx(button({ variant: 'ghost', size: 'icon' }), css({ position: 'relative' }))}
            aria-label={plural(cartCount, { one: 'Cart, # item', other: 'Cart, # items' })}
            onClick={onOpenCart}
          >
            <CartIcon />
            {cartCount > 0 && (
              <span aria-hidden="true" className={badge}>
                {cartCount > 99 ? '99+' : cartCount}
              </span>
            )}
            {cartCountPending && <span aria-hidden="true" className={savedCountBadge} />}
          </button>
        </div>
      </div>
    </header>
  );
}

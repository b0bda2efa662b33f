import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { css, cx } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import type { Locale } from '../../i18n/i18n';
import { CartIcon, CloseIcon, SearchIcon } from '../../ui/icons';
import { ADMIN_HREF, accountLinks, MAIN_LINKS } from '../navigation';
import { isCurrent } from './HeaderView';
import { LanguageToggle } from './LanguageToggle';

export type MobileMenuViewProps = {
  open: boolean;
  path: string;
  cartCount: number;
  signedIn: boolean;
  isAdmin: boolean;
  locale: Locale;
  onOpenChange: (open: boolean) => void;
  onLocaleChange: (locale: Locale) => void;
  onSignOut: () => void;
  onOpenCart: () => void;
  /** The search dialog; the entry shows only when a search is wired in. */
  onOpenSearch?: () => void;
};

const menuLink = css({
  display: 'flex',
  alignItems: 'center',
  minH: '12',
  px: '2',
  fontWeight: 'bold',
  textTransform: 'uppercase',
  textDecoration: 'none',
  borderBottomWidth: '1px',
  borderColor: 'border',
  '&[aria-current=page]': { color: 'accent.text' },
});

/** SPEC §2: the side menu repeats the header (links, account, language) and shows the cart count. */
export function MobileMenuView(props: MobileMenuViewProps) {
  const { open, path, cartCount, signedIn, isAdmin, locale, onOpenChange, onLocaleChange, onSignOut, onOpenCart, onOpenSearch } = props;
  const { t, i18n } = useLingui();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)}>
      <Portal>
        <Dialog.Backdrop className={css({ position: 'fixed', inset: 0, bg: 'rgba(0,0,0,0.7)', zIndex: 60 })} />
        <Dialog.Positioner className={css({ position: 'fixed', inset: 0, zIndex: 61, display: 'flex' })}>
          <Dialog.Content
            className={css({ bg: 'bg', w: 'min(20rem, 88vw)', h: '100dvh', overflowY: 'auto', p: '4', borderRightWidth: '1px', borderColor: 'border', outline: 'none' })}
          >
            <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: '4' })}>
              <Dialog.Title className={css({ textStyle: 'heading', fontSize: 'lg' })}>{t`Menu`}</Dialog.Title>
              <Dialog.CloseTrigger className={button({ variant: 'ghost', size: 'icon' })} aria-label={t`Close menu`}>
                <CloseIcon />
              </Dialog.CloseTrigger>
            </div>
            <nav aria-label={t`Main`}>
              {MAIN_LINKS.map((link) => (
                <Link key={link.href} href={link.href} className={menuLink} onClick={close} aria-current={isCurrent(path, link.href) ? 'page' : undefined}>
                  {i18n._(link.label)}
                </Link>
              ))}
              {isAdmin && (
                <Link href={ADMIN_HREF} className={menuLink} onClick={close}>
                  {t`Admin Dashboard`}
                </Link>
              )}
            </nav>
            {onOpenSearch && (
              <button
                type="button"
                className={cx(button({ variant: 'outline', size: 'md' }), css({ w: 'full', mt: '5', justifyContent: 'flex-start' }))}
                onClick={() => {
                  close();
                  onOpenSearch();
                }}
              >
                <SearchIcon /> {t`Search`}
              </button>
            )}
            <button
              type="button"
              className={cx(button({ variant: 'outline', size: 'md' }), css({ w: 'full', mt: onOpenSearch ? '3' : '5', justifyContent: 'space-between' }))}
              onClick={() => {
                close();
                onOpenCart();
              }}
            >
              <span className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
                <CartIcon /> {t`Cart`}
              </span>
              <span>{cartCount}</span>
            </button>
            <div className={css({ mt: '5' })}>
              {accountLinks(signedIn).map((link) => (
                <Link key={link.href} href={link.href} className={menuLink} onClick={close}>
                  {i18n._(link.label)}
                </Link>
              ))}
              {signedIn && (
                <button
                  type="button"
                  className={cx(menuLink, css({ w: 'full', cursor: 'pointer' }))}
                  onClick={() => {
                    close();
                    onSignOut();
                  }}
                >
                  {t`Sign Out`}
                </button>
              )}
            </div>
            <div className={css({ mt: '5' })}>
              <LanguageToggle locale={locale} onChange={onLocaleChange} path={path} />
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

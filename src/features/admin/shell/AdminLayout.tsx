import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { css, cx } from '../../../../styled-system/css';

export type AdminSection = 'dashboard' | 'products' | 'reviews' | 'orders' | 'withdrawals' | 'audit';

export type AdminLayoutProps = {
  section: AdminSection;
  /** Reviews waiting for moderation; null while unknown. */
  pendingReviews: number | null;
  children: ReactNode;
};

const tab = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  minH: '11',
  px: '3',
  borderBottomWidth: '3px',
  borderColor: 'transparent',
  fontWeight: 'semibold',
  color: 'fg.muted',
  whiteSpace: 'nowrap',
  _hover: { color: 'fg' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '-2px' },
});
const backToShop = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  minH: '11',
  px: '2',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'accent.text',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  _hover: { color: 'fg' },
});
const current = css({ color: 'fg', borderColor: 'accent' });
const count = css({ minW: '6', px: '1.5', py: '0.5', borderRadius: 'full', bg: 'accent', color: 'accent.fg', fontSize: 'xs', textAlign: 'center' });

/** The admin area: its own navigation (Dashboard, Products, Reviews with the waiting count, Orders, Withdrawals, Audit log) above each admin page. */
export function AdminLayout({ section, pendingReviews, children }: AdminLayoutProps) {
  const { t } = useLingui();
  const links: { id: AdminSection; href: string; label: string; badge?: ReactNode }[] = [
    { id: 'dashboard', href: '/admin', label: t`Dashboard` },
    { id: 'products', href: '/admin/products', label: t`Products` },
    {
      id: 'reviews',
      href: '/admin/reviews',
      label: t`Reviews`,
      badge:
        pendingReviews && pendingReviews > 0 ? (
          <span className={count}>
            {pendingReviews} <span className={css({ srOnly: true })}>{t`waiting`}</span>
          </span>
        ) : null,
    },
    { id: 'orders', href: '/admin/orders', label: t`Orders` },
    { id: 'withdrawals', href: '/admin/withdrawals', label: t`Withdrawals` },
    { id: 'audit', href: '/admin/audit', label: t`Audit log` },
  ];
  return (
    <div>
      <div className={css({ borderBottomWidth: '1px', borderColor: 'border', bg: 'surface.raised' })}>
        {/* The admin's own layout (no shop footer): the way back to the shop stays in sight, on a phone too. */}
        <div className={css({ mx: 'auto', maxW: '7xl', px: { base: '4', md: '8' }, pt: '2', display: 'flex', justifyContent: 'flex-end' })}>
          <Link href="/" className={backToShop}>
            <span aria-hidden="true">←</span> {t`Back to the shop`}
          </Link>
        </div>
        {/* Positioned, so the waiting count's screen-reader word (absolutely placed) scrolls with the links instead of widening a phone's page. */}
        <nav
          aria-label={t`Admin`}
          className={css({ position: 'relative', mx: 'auto', maxW: '7xl', px: { base: '2', md: '8' }, display: 'flex', alignItems: 'center', gap: '1', overflowX: 'auto' })}
        >
          <span
            className={css({
              display: { base: 'none', sm: 'inline' },
              fontWeight: 'bold',
              textTransform: 'uppercase',
              letterSpacing: 'wide',
              fontSize: 'xs',
              color: 'fg.muted',
              pr: '3',
              whiteSpace: 'nowrap',
            })}
          >
            {t`Admin`}
          </span>
          {links.map((link) => (
            <Link key={link.id} href={link.href} className={cx(tab, section === link.id && current)} aria-current={section === link.id ? 'page' : undefined}>
              {link.label}
              {link.badge && ' '}
              {link.badge}
            </Link>
          ))}
        </nav>
      </div>
      <div className={css({ mx: 'auto', maxW: '7xl', px: { base: '4', md: '8' }, py: { base: '6', md: '10' } })}>{children}</div>
    </div>
  );
}

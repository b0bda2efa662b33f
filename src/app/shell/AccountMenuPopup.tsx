import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { useLingui } from '@lingui/react/macro';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { UserIcon } from '../../ui/icons';
import { ADMIN_HREF, accountLinks } from '../navigation';
import type { AccountMenuProps } from './accountMenuProps';

const item = css({
  display: 'flex',
  alignItems: 'center',
  px: '3',
  minH: '10',
  borderRadius: 'sm',
  cursor: 'pointer',
  fontSize: 'sm',
  _highlighted: { bg: 'surface.raised', color: 'fg' },
});

/**
 * SPEC §2: signed in — My Account, My Orders, (admins: Admin Dashboard), Sign Out; signed out — Sign In, Create Account.
 * The Ark menu lives in this chunk; `AccountMenu` (./AccountMenu.tsx) mounts it, open, on first use.
 */
export default function AccountMenuPopup({ signedIn, isAdmin = false, onNavigate, onSignOut, defaultOpen }: AccountMenuProps & { defaultOpen?: boolean }) {
  const { t, i18n } = useLingui();
  const items = accountLinks(signedIn).map((link) => ({ value: link.href, label: i18n._(link.label) }));
  if (signedIn && isAdmin) items.push({ value: ADMIN_HREF, label: t`Admin Dashboard` });
  if (signedIn) items.push({ value: 'sign-out', label: t`Sign Out` });
  return (
    <Menu.Root defaultOpen={defaultOpen} onSelect={({ value }) => (value === 'sign-out' ? onSignOut() : onNavigate(value))}>
      <Menu.Trigger className={button({ variant: 'ghost', size: 'icon' })} aria-label={t`Account`}>
        <UserIcon />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content
            className={css({
              bg: 'surface',
              borderWidth: '1px',
              borderColor: 'border.strong',
              borderRadius: 'md',
              p: '1',
              minW: '44',
              boxShadow: 'lg',
              zIndex: 50,
              outline: 'none',
            })}
          >
            {items.map((entry) => (
              <Menu.Item key={entry.value} value={entry.value} className={item}>
                {entry.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

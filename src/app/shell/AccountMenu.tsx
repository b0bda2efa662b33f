import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { button } from '../../../styled-system/recipes';
import { UserIcon } from '../../ui/icons';

export type AccountMenuProps = {
  signedIn: boolean;
  onNavigate: (href: string) => void;
  onSignOut: () => void;
};

const AccountMenuPopup = lazy(() => import('./AccountMenuPopup'));
/** Warms the chunk up; a failure here surfaces (and is handled) when the menu mounts. */
const preload = () => void import('./AccountMenuPopup').catch(() => undefined);

/**
 * The header's account button. The menu itself (Ark UI and its positioning code) is a separate
 * chunk: it starts loading when the pointer or focus reaches the button and mounts, already open,
 * on the first click; from then on the Ark trigger replaces this placeholder.
 */
export function AccountMenu(props: AccountMenuProps) {
  const { t } = useLingui();
  const [used, setUsed] = useState(false);
  const placeholder = (
    <button
      type="button"
      className={button({ variant: 'ghost', size: 'icon' })}
      aria-label={t`Account`}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setUsed(true)}
    >
      <UserIcon />
    </button>
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountMenuPopup {...props} defaultOpen />
    </Suspense>
  );
}

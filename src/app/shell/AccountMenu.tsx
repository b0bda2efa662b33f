import { useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { lazyWithPreload } from '../lazyFeature';
import { QuietBoundary } from './ErrorBoundaries';
import { button } from '../../../styled-system/recipes';
import { UserIcon } from '../../ui/icons';
import type { AccountMenuProps } from './accountMenuProps';

const { Component: AccountMenuPopup, preload } = lazyWithPreload(() => import('./AccountMenuPopup'));

/**
 * The header's account button. The menu itself (Ark UI and its positioning code) is a separate
 * chunk: it starts loading when the pointer or focus reaches the button and mounts, already open,
 * on the first click; from then on the Ark trigger replaces this placeholder. If the menu cannot
 * load, the button goes to the account page (or sign-in) instead.
 */
export function AccountMenu(props: AccountMenuProps) {
  const { t } = useLingui();
  const [used, setUsed] = useState(false);
  // Without the menu's code (it failed to load) the button leads straight to the account or sign-in.
  const accountButton = (onClick: () => void, popup = true) => (
    <button
      type="button"
      className={button({ variant: 'ghost', size: 'icon' })}
      aria-label={t`Account`}
      aria-haspopup={popup ? 'menu' : undefined}
      aria-expanded={popup ? false : undefined}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={onClick}
    >
      <UserIcon />
    </button>
  );
  const placeholder = accountButton(() => setUsed(true));
  if (!used) return placeholder;
  return (
    <QuietBoundary name="Account menu" fallback={accountButton(() => props.onNavigate(props.signedIn ? '/account' : '/auth'), false)}>
      <Suspense fallback={placeholder}>
        <AccountMenuPopup {...props} defaultOpen />
      </Suspense>
    </QuietBoundary>
  );
}

import { lazy, Suspense } from 'react';
import type { DrawerPanelProps } from './DrawerPanel';
import { useOpenedOnce } from './useOpenedOnce';

export type DrawerProps = DrawerPanelProps;

const DrawerPanel = lazy(() => import('./DrawerPanel'));

/**
 * A modal panel sliding in from the right (full width on phones). Its dialog code (Ark UI, focus
 * trap) is a separate chunk fetched when the drawer first opens, so pages that never open it don't
 * download it.
 */
export function Drawer(props: DrawerProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <DrawerPanel {...props} />
    </Suspense>
  );
}

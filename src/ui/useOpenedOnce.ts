import { useState } from 'react';

/**
 * True from the first render where `open` is true on. Overlays whose code is split off (the cart
 * drawer, the mobile menu) mount once they have been opened and stay mounted, so they can animate
 * closed and return focus.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Setting state during render is React's documented way to derive state from a prop change.
  if (open && !opened) setOpened(true);
  return opened || open;
}

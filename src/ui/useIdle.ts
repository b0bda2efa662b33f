import { useEffect, useState } from 'react';

/**
 * False until the browser is first idle after the page has loaded (at most `timeout` ms later).
 * Parts nobody needs for the first screen (the footer's form, the cart drawer, the notification
 * area) mount then, so their code does not compete with the screen the visitor came for.
 */
export function useIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(handle);
  }, [idle, timeout]);
  return idle;
}

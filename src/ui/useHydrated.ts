import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while the page is rendered on the server and while the browser hydrates that HTML; true
 * from the render after hydration on (and at once in an app that was not server-rendered).
 * What only the browser knows — the saved cart, the session, stored choices — is shown through it,
 * so the hydrating render matches the server's HTML exactly and the browser's state follows in the
 * very next render (React's getServerSnapshot contract).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

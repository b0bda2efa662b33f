import { useEffect } from 'react';

let committed: () => void = () => undefined;
/** Resolves once the page's screen (the route inside its Suspense boundary) has been committed. */
export const screenCommitted = new Promise<void>((resolve) => {
  committed = resolve;
});

/**
 * Rendered beside a screen inside its Suspense boundary: its effect runs when the boundary's
 * content commits — for a server-rendered page, when React has hydrated the screen, which may be
 * well after the shell when the screen's code is slow to arrive.
 */
export function ScreenCommitted(): null {
  useEffect(() => committed(), []);
  return null;
}

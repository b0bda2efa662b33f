import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** A new page starts at its top, and keyboard and screen-reader users land in the new content. */
export function ScrollToTop() {
  const [path] = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the path changed
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [path]);
  return null;
}

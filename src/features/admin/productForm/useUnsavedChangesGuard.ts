import { useCallback, useEffect, useRef, useState } from 'react';

export type UnsavedChangesGuard = {
  /** Leave for `to` (an in-app path): at once when nothing would be lost, else after the admin confirms. */
  leave: (to: string) => void;
  /** The question to render (ConfirmDialog): open while a leave waits for an answer. */
  dialog: { open: boolean; onConfirm: () => void; onCancel: () => void };
};

/** A click that would take the page elsewhere in this app (not a new tab, a download, another site or a jump within the page). */
function leavingHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Asks before unsaved changes are lost: while `active`, a reload or closing the tab gets the
 * browser's own question (beforeunload), and a click on any link of this site (header, admin
 * navigation, Back to Products — caught in the capture phase, before the router sees it) or the
 * form's Cancel (`leave`) opens the dialog; Leave navigates, Stay keeps the form. The browser's
 * back button is not intercepted (popstate cannot be cancelled without rewriting history).
 */
export function useUnsavedChangesGuard(active: boolean, navigate: (to: string) => void): UnsavedChangesGuard {
  const [pending, setPending] = useState<string | null>(null);
  const latest = useRef({ active, navigate, pending });
  latest.current = { active, navigate, pending };

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const to = leavingHref(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(to);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);

  const leave = useCallback((to: string) => {
    if (latest.current.active) setPending(to);
    else latest.current.navigate(to);
  }, []);

  const onConfirm = useCallback(() => {
    const to = latest.current.pending;
    setPending(null);
    if (to !== null) latest.current.navigate(to);
  }, []);
  const onCancel = useCallback(() => setPending(null), []);

  return { leave, dialog: { open: pending !== null, onConfirm, onCancel } };
}

import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { selectLocale } from '../../machines/localeMachine';
import { hasEmailLinkAnswer } from '../api/client';
import { useServices } from '../services/context';

let openedWithLink: boolean | undefined;
/**
 * Whether this page was opened with an e-mailed auth link's answer in its URL (a PKCE code or the
 * auth server's error), read once: the link's parameters leave the address bar when it is looked at.
 */
function openedWithEmailLink(): boolean {
  openedWithLink ??= typeof window !== 'undefined' && hasEmailLinkAnswer(window.location.search, window.location.hash);
  return openedWithLink;
}

/**
 * Tells the visitor, once, why the e-mailed link this page was opened with did not sign them in:
 * opened in another browser than the one that asked for it (PKCE), or refused as used or expired.
 * A page opened without such a link loads nothing for this: the check, the auth client and the
 * texts come only with a link (src/features/auth/emailLinkToast.ts, src/api/emailLink.ts).
 */
export function useEmailLinkNotice(): void {
  const { i18n } = useLingui();
  const { toasts, locale } = useServices();
  // The toast's texts are fixed when it is shown, so it waits for the chosen language's catalogue.
  const languageReady = i18n.locale === useSelector(locale, selectLocale);
  const shown = useRef(false);
  useEffect(() => {
    if (!languageReady || !openedWithEmailLink()) return;
    let active = true;
    import('../features/auth/emailLinkToast')
      .then(({ emailLinkToast }) => emailLinkToast(i18n))
      .then((toast) => {
        if (!active || !toast || shown.current) return;
        shown.current = true;
        toasts.send({ type: 'toast.add', toast });
      })
      // The code or the auth client did not load (offline): the auth machine reports that; the link waits for a reload.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [languageReady, i18n, toasts]);
}

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { selectLocale } from '../../machines/localeMachine';
import type { ToastInput } from '../../machines/toastMachine';
import { type EmailLinkProblem, takeEmailLinkProblem } from '../api/emailLink';
import { useServices } from '../services/context';

const texts = {
  otherBrowserTitle: msg`Your email address is confirmed`,
  otherBrowser: msg`This link signs you in only in the browser where you created your account. Sign in here with your email and password.`,
  invalidTitle: msg`This link is invalid or has expired`,
  invalid: msg`If you have already confirmed your email address, sign in. Otherwise sign up again to get a new link.`,
};

/** One toast for the link, however often the page asks (React runs effects twice in development). */
const TOAST_ID = 'email-link';
/** Long enough to read both sentences; the toast can be closed sooner. */
const DURATION_MS = 15_000;

/**
 * Tells the visitor, once, why the e-mailed link this page was opened with did not sign them in:
 * opened in another browser than the one that asked for it (PKCE), or refused as used or expired.
 * A page opened without such a link loads nothing for this (src/api/emailLink.ts).
 */
export function useEmailLinkNotice(): void {
  const { i18n } = useLingui();
  const { toasts, locale } = useServices();
  // The toast's texts are fixed when it is shown, so it waits for the chosen language's catalogue.
  const languageReady = i18n.locale === useSelector(locale, selectLocale);
  const shown = useRef(false);
  useEffect(() => {
    if (!languageReady) return;
    let active = true;
    const toastFor = (problem: EmailLinkProblem): ToastInput =>
      problem === 'otherBrowser'
        ? { id: TOAST_ID, title: i18n._(texts.otherBrowserTitle), description: i18n._(texts.otherBrowser), variant: 'info', duration: DURATION_MS }
        : { id: TOAST_ID, title: i18n._(texts.invalidTitle), description: i18n._(texts.invalid), variant: 'destructive', duration: DURATION_MS };
    takeEmailLinkProblem()
      .then((problem) => {
        if (!active || !problem || shown.current) return;
        shown.current = true;
        toasts.send({ type: 'toast.add', toast: toastFor(problem) });
      })
      // The auth client did not load (offline): the auth machine reports that; the link waits for a reload.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [languageReady, i18n, toasts]);
}

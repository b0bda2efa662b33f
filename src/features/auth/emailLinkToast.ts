import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ToastInput } from '../../../machines/toastMachine';
import { takeEmailLinkProblem } from '../../api/emailLink';
import { loadFeatureCatalog } from '../../i18n/i18n';

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
 * The toast that says why the e-mailed link this page was opened with did not sign the visitor in
 * (src/api/emailLink.ts), in the page's language, or null when it did or there was none. Loaded only
 * for a page opened with such a link (src/app/emailLinkNotice.ts), with the sign-in's catalogue.
 */
export async function emailLinkToast(i18n: I18n): Promise<ToastInput | null> {
  const [problem] = await Promise.all([takeEmailLinkProblem(), loadFeatureCatalog('auth')]);
  if (!problem) return null;
  return problem === 'otherBrowser'
    ? { id: TOAST_ID, title: i18n._(texts.otherBrowserTitle), description: i18n._(texts.otherBrowser), variant: 'info', duration: DURATION_MS }
    : { id: TOAST_ID, title: i18n._(texts.invalidTitle), description: i18n._(texts.invalid), variant: 'destructive', duration: DURATION_MS };
}

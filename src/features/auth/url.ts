import type { AuthTab } from '../../../machines/authFormMachine';

/** `?tab=signup` opens the sign-up tab; anything else is sign in. */
export function parseAuthTab(search: string): AuthTab {
  return new URLSearchParams(search).get('tab')?.toLowerCase() === 'signup' ? 'signUp' : 'signIn';
}

/** The query string for a tab, keeping any other parameters (e.g. `lang`). */
export function authSearch(tab: AuthTab, search: string): string {
  const params = new URLSearchParams(search);
  if (tab === 'signUp') params.set('tab', 'signup');
  else params.delete('tab');
  const query = params.toString();
  return query ? `?${query}` : '';
}

const SAME_SITE_BASE = 'https://same-site.invalid';

/**
 * `?next=` names where to go after signing in (e.g. the orders page that sent a signed-out
 * visitor here). Only a path on this site is followed: one that starts with a single "/" and
 * stays on this origin once the browser has read it (no "//host", "/\host" or tabs and newlines
 * that browsers strip). Anything else goes home.
 */
export function parseNext(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const url = new URL(next, SAME_SITE_BASE);
    // "/a/../..//host" reads as the path "//host", which a browser would take for another site.
    if (url.origin !== SAME_SITE_BASE || url.pathname.startsWith('//')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

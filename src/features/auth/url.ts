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

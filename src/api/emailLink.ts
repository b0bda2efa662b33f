import { hasAuthCode, hasEmailLinkAnswer, supabase } from './client';

/**
 * What became of an e-mailed auth link the page was opened with, when it did not sign in:
 * - 'otherBrowser': the link was followed (the address is confirmed) but its PKCE code came back to
 *   a browser without the code verifier, which only the browser that asked for the link holds;
 * - 'invalid': the auth server refused the link or its code (used, expired, unknown).
 */
export type EmailLinkProblem = 'otherBrowser' | 'invalid';

/** The parameters an e-mailed link brings back: the PKCE code, supabase-js's flow id, GoTrue's error. */
const LINK_PARAMS = ['code', 'sb_flow_id', 'error', 'error_code', 'error_description'];

const fragmentOf = () => new URLSearchParams(window.location.hash.slice(1));

/** Takes the link's parameters out of the address bar, so a reload or a shared URL does not repeat them. */
function forgetLinkParams(): void {
  const url = new URL(window.location.href);
  const fragment = fragmentOf();
  for (const name of LINK_PARAMS) {
    url.searchParams.delete(name);
    fragment.delete(name);
  }
  url.hash = fragment.toString();
  window.history.replaceState(window.history.state, '', url.toString());
}

/** supabase-js's errors that mean "this browser does not hold the verifier that code was asked with". */
const VERIFIER_CODES = new Set(['pkce_code_verifier_not_found', 'bad_code_verifier']);

let taken: Promise<EmailLinkProblem | null> | undefined;

/**
 * Once supabase-js has looked at the URL (detectSessionInUrl), the problem with the link this page
 * was opened with, or null when there was no link or it signed in. supabase-js leaves `?code=` in
 * the URL when it finds no verifier for it, and reports a refused link as its initialisation error.
 * Without a link in the URL this answers at once, without loading the auth client (ADR 0017).
 * The URL is read once per page: every later call gets the same answer, though the parameters are gone.
 */
export function takeEmailLinkProblem(): Promise<EmailLinkProblem | null> {
  taken ??= inspectLink();
  return taken;
}

async function inspectLink(): Promise<EmailLinkProblem | null> {
  if (typeof window === 'undefined' || !hasEmailLinkAnswer(window.location.search, window.location.hash)) return null;
  const { error } = await (await supabase().auth()).initialize();
  let problem: EmailLinkProblem | null = null;
  if (error) problem = VERIFIER_CODES.has(error.code ?? '') ? 'otherBrowser' : 'invalid';
  else if (hasAuthCode(window.location.search)) problem = 'otherBrowser';
  if (problem) forgetLinkParams();
  return problem;
}

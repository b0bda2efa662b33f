import { parseSessionId } from '../../../domain/orders';

/**
 * /orders?session_id=cs_… is where the hosted checkout sends the payer back: that checkout
 * session's order is looked up. A malformed id is no id.
 */
export function parseOrdersSearch(search: string): { sessionId: string | null } {
  return { sessionId: parseSessionId(new URLSearchParams(search).get('session_id')) };
}

/** The sign-in page, coming back to `path` (path and query of this site) once signed in. */
export const signInHref = (path: string) => `/auth?next=${encodeURIComponent(path)}`;

/** `path` with the query string wouter's useSearch() gives (without its "?"). */
export const withSearch = (path: string, search: string) => (search ? `${path}?${search}` : path);

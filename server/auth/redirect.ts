import type { Config } from '../config.ts';

/**
 * GoTrue's allow-list globs: `**` spans anything, `*` and `?` stay within one host label or path
 * segment (they never cross '.' or '/').
 */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (ch === '*') source += '[^./]*';
    else if (ch === '?') source += '[^./]';
    else source += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** Whether the server may send a browser to `target`: the site itself or an allow-listed URL. */
export function isAllowedRedirect(target: string, config: Config): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (sameOrigin(target, config.siteUrl)) return true;
  return config.redirectAllowList.some((pattern) => globToRegExp(pattern).test(target));
}

/** The redirect target to use: the requested one when allowed, else the site URL (no open redirects). */
export function resolveRedirect(requested: string | null | undefined, config: Config): string {
  return requested && isAllowedRedirect(requested, config) ? requested : config.siteUrl;
}

/** `base` with its fragment replaced by the given parameters, as GoTrue's implicit-flow redirects. */
export function withFragment(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

/** `base` with the given query parameters set (its own kept), as GoTrue's PKCE redirect adds `code`. */
export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** GoTrue's error redirect for a PKCE flow: the error in the query and, as for the implicit flow, in the fragment. */
export function withErrorParams(base: string, params: Record<string, string>): string {
  return withFragment(withQuery(base, params), params);
}

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export type NavLink = { href: string; label: MessageDescriptor };

/** SPEC §2 Navigation: the header's main links. */
export const MAIN_LINKS: NavLink[] = [
  { href: '/', label: msg`Home` },
  { href: '/shop', label: msg`Shop` },
  { href: '/collections', label: msg`Collections` },
  { href: '/about', label: msg`About` },
  { href: '/contact', label: msg`Contact` },
];

/** SPEC §2 Navigation: every footer link, grouped as the footer shows them. */
export const FOOTER_GROUPS: { title: MessageDescriptor; links: NavLink[] }[] = [
  {
    title: msg`Shop`,
    links: [
      { href: '/shop?category=new', label: msg`New Arrivals` },
      { href: '/shop?featured=true', label: msg`Best Sellers` },
      { href: '/shop?category=apparel', label: msg`Gym Wear` },
      { href: '/shop?category=accessories', label: msg`Bottles & Gear` },
    ],
  },
  {
    title: msg`Support`,
    links: [
      { href: '/support/size-guide', label: msg`Size Guide` },
      { href: '/support/shipping', label: msg`Shipping Info` },
      { href: '/support/returns', label: msg`Returns` },
      { href: '/contact', label: msg`Contact` },
      { href: '/support/faq', label: msg`FAQ` },
    ],
  },
  {
    title: msg`Legal`,
    links: [
      { href: '/privacy', label: msg`Privacy Policy` },
      { href: '/terms', label: msg`Terms of Service` },
      { href: '/withdrawal', label: msg`Right of withdrawal` },
      { href: '/impressum', label: msg`Legal notice` },
    ],
  },
];

/**
 * The withdrawal function of § 356a BGB: on every page, for the whole withdrawal period, labelled
 * as the law asks ("Vertrag widerrufen" in German). The footer shows it on its own, not in a list.
 */
export const WITHDRAW_LINK: NavLink = { href: '/withdraw', label: msg`Withdraw from contract` };

/** SPEC §2: the account menu's links (the signed-in menu adds Sign Out, which is an action). */
export const accountLinks = (signedIn: boolean): NavLink[] =>
  signedIn
    ? [
        { href: '/account', label: msg`My Account` },
        { href: '/orders', label: msg`My Orders` },
      ]
    : [
        { href: '/auth', label: msg`Sign In` },
        { href: '/auth?tab=signup', label: msg`Create Account` },
      ];

export const ADMIN_HREF = '/admin';

/** The search page: a form that works before the app runs; once it runs, the header opens the search dialog instead (docs/adr/0035). */
export const SEARCH_PAGE_HREF = '/search';

type Press = { key?: string; button?: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; preventDefault: () => void };

/**
 * The handlers of a link that is a button once the app runs (role="button"): a plain click or Space
 * runs `action` instead of following the link; a modified click (new tab, new window) is left to the browser.
 */
export function buttonLink(action: () => void) {
  const press = (event: Press) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || (event.key === undefined ? event.button !== 0 : event.key !== ' ')) return;
    event.preventDefault();
    action();
  };
  return { onClick: press, onKeyDown: press };
}

/** The current page's address with `lang` set: the language link that works before the app runs (the renderer honours `?lang`). */
export function withLang(path: string, search: string, locale: string): string {
  const params = new URLSearchParams(search);
  params.set('lang', locale);
  return `${path}?${params.toString()}`;
}

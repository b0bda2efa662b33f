import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Locale } from '../i18n/i18n';

/**
 * The first screen as the server rendered it (docs/adr/0018-first-screen-from-the-server.md):
 * the language of its HTML and the persisted snapshots of the machines that loaded its data,
 * keyed by what they show (`featured`, `shop:/shop?…|en`, `product:slug`, `categories`). The
 * browser restores each machine from its snapshot, so hydration renders exactly the server's
 * HTML and no first request is repeated.
 */
export type FirstScreen = {
  locale: Locale;
  snapshots: Record<string, unknown>;
};

/** The element that carries the first screen's state in a server-rendered page. */
export const FIRST_SCREEN_ELEMENT_ID = 'npng-first-screen';

type Store = { snapshots: Map<string, unknown> };
const FirstScreenContext = createContext<Store | null>(null);

export function FirstScreenProvider({ value, children }: { value: FirstScreen | undefined; children: ReactNode }) {
  // One store for the app's lifetime: a snapshot serves the screen it was made for, once.
  const [store] = useState<Store | null>(() => (value ? { snapshots: new Map(Object.entries(value.snapshots)) } : null));
  return <FirstScreenContext.Provider value={store}>{children}</FirstScreenContext.Provider>;
}

/**
 * The server's snapshot for this key, if the page was rendered with one and no screen has used it
 * yet. It is given up once the screen has mounted: coming back to the same URL later loads afresh.
 */
export function useFirstSnapshot<T>(key: string): T | undefined {
  const store = useContext(FirstScreenContext);
  const snapshot = store?.snapshots.get(key) as T | undefined;
  useEffect(() => {
    store?.snapshots.delete(key);
  }, [store, key]);
  return snapshot;
}

/**
 * Runs `effect` once after the first mount of a screen whose machine was restored from the server's
 * snapshot: what the machine did on loading there (analytics) is not repeated by a restore.
 */
export function useAfterRestore(restored: boolean, effect: () => void): void {
  const first = useRef({ restored, effect });
  useEffect(() => {
    if (first.current.restored) first.current.effect();
  }, []);
}

/**
 * JSON for an inline `<script type="application/json">`: `<` is escaped so no text in the data
 * (a product title with `</script>`) can end the element early; U+2028/2029 for old parsers.
 */
export function serializeFirstScreen(value: FirstScreen): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The first screen embedded in the page, or undefined (a plain SPA page, or unreadable data). */
export function readFirstScreen(doc: Document): FirstScreen | undefined {
  const text = doc.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<FirstScreen>;
    if ((value.locale !== 'en' && value.locale !== 'de') || typeof value.snapshots !== 'object' || value.snapshots === null) return undefined;
    return { locale: value.locale, snapshots: value.snapshots };
  } catch {
    return undefined;
  }
}

/** The keys of the screens the server renders with data; the server and the screens share them. */
export const firstScreenKey = {
  featured: 'featured',
  categories: 'categories',
  product: (slug: string) => `product:${slug}`,
  /** The shop's answer depends on its query and, for name sorts, on the language. */
  shop: (href: string, locale: string) => `shop:${href}|${locale}`,
};

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

/** The keys of the screens the server renders with data; the server and the screens share them. */
export const firstScreenKey = {
  featured: 'featured',
  categories: 'categories',
  product: (slug: string) => `product:${slug}`,
  /** The shop's answer depends on its query and, for name sorts, on the language. */
  shop: (href: string, locale: string) => `shop:${href}|${locale}`,
};

import { lazy, type ComponentType } from 'react';
import { loadFeatureCatalog, markFeatureInUse } from '../i18n/i18n';

/** Screens whose code is on its way: the server renders again once they are in (src/entry-server.tsx). */
export const screensLoading = new Set<Promise<unknown>>();

/**
 * A code-split screen: its chunk and its feature's catalogue (src/features/<name>/locales) load
 * together, so the screen never renders untranslated. `preload()` starts both before the screen
 * is rendered (main.tsx does it for the page a visit starts on, alongside the shell's catalogue).
 */
// biome-ignore lint/suspicious/noExplicitAny: each screen has its own props
export function lazyFeature<P = any>(feature: string, load: () => Promise<{ default: ComponentType<P> }>) {
  let chunk: Promise<{ default: ComponentType<P> }> | undefined;
  const loadChunk = () => {
    chunk ??= load().catch((error: unknown) => {
      chunk = undefined; // a later render tries again (and reports to its error boundary)
      throw error;
    });
    return chunk;
  };
  const Component = lazy(() => {
    const loading = Promise.all([loadChunk(), loadFeatureCatalog(feature)]).then(([mod]) => mod);
    screensLoading.add(loading);
    const settled = () => screensLoading.delete(loading);
    loading.then(settled, settled);
    return loading;
  });
  const preload = () => {
    markFeatureInUse(feature);
    loadChunk().catch(() => undefined);
  };
  return Object.assign(Component, { preload });
}

/**
 * A code-split piece of the shell with a `preload` that starts fetching its chunk early (when the
 * pointer or focus reaches the button that opens it). A failed preload is ignored: the render that
 * needs the chunk loads it again and reports the failure to its error boundary.
 */
// biome-ignore lint/suspicious/noExplicitAny: each piece has its own props
export function lazyWithPreload<P = any>(load: () => Promise<{ default: ComponentType<P> }>) {
  return { Component: lazy(load), preload: () => void load().catch(() => undefined) };
}

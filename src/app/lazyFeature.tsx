import { lazy, type ComponentType } from 'react';
import { loadFeatureCatalog } from '../i18n/i18n';

/**
 * A code-split screen: its chunk and its feature's catalogue (src/features/<name>/locales) load
 * together, so the screen never renders untranslated.
 */
// biome-ignore lint/suspicious/noExplicitAny: each screen has its own props
export function lazyFeature<P = any>(feature: string, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [mod] = await Promise.all([load(), loadFeatureCatalog(feature)]);
    return mod;
  });
}

import { i18n, type Messages } from '@lingui/core';

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

type CatalogModule = { messages: Messages };
const shellCatalogs = import.meta.glob<CatalogModule>('./locales/*/messages.po');
const featureCatalogs = import.meta.glob<CatalogModule>('../features/*/locales/*/messages.po');

/** Features whose screen has been opened: their catalogues follow every language change. */
const usedFeatures = new Set<string>();

async function loadInto(locale: Locale, loader: (() => Promise<CatalogModule>) | undefined) {
  if (!loader) return;
  const { messages } = await loader();
  i18n.load(locale, messages);
}

/** Loads the shell's catalogue and those of the features in use, then switches every text. */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([
    loadInto(locale, shellCatalogs[`./locales/${locale}/messages.po`]),
    ...[...usedFeatures].map((name) => loadInto(locale, featureCatalogs[`../features/${name}/locales/${locale}/messages.po`])),
  ]);
  i18n.activate(locale);
}

/** Marks a feature as in use, so the next activateLocale loads its catalogue with the shell's. */
export function markFeatureInUse(name: string): void {
  usedFeatures.add(name);
}

/** Loads one feature's catalogue for the active language (called before its screen renders). */
export async function loadFeatureCatalog(name: string): Promise<void> {
  usedFeatures.add(name);
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  await loadInto(locale, featureCatalogs[`../features/${name}/locales/${locale}/messages.po`]);
}

export { i18n };

/** Storybook and tests: every catalogue of a language at once. */
export async function activateAllCatalogs(locale: Locale): Promise<void> {
  const loaders = Object.entries(featureCatalogs).filter(([path]) => path.includes(`/locales/${locale}/`));
  await Promise.all([loadInto(locale, shellCatalogs[`./locales/${locale}/messages.po`]), ...loaders.map(([, l]) => loadInto(locale, l))]);
  i18n.activate(locale);
}

/**
 * Every view is reviewed in both languages: `inGerman(Story)` is the same story with the German
 * catalogue active (and runs as its own test).
 */
export function inGerman<S extends object>(story: S): S & { globals: { locale: 'de' } } {
  return { ...story, globals: { locale: 'de' } };
}

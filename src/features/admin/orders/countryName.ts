/** A country's name in the page's language from its ISO code ("DE" → "Germany" / "Deutschland"); the code when the browser has no name for it. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

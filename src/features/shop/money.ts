const intlLocale: Record<string, string> = { en: 'en-US', de: 'de-DE' };

/** Whole euros for the price filter ("€50" / "50 €"). */
export function formatEuros(euros: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale[locale] ?? 'en-US', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(euros);
}

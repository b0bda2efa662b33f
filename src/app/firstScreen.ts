import type { FirstScreen } from '../services/firstScreen';

/** The element that carries the first screen's state in a server-rendered page. */
export const FIRST_SCREEN_ELEMENT_ID = 'npng-first-screen';

/**
 * JSON for an inline `<script type="application/json">`: `<` is escaped so no text in the data
 * (a product title with `</script>`) can end the element early; U+2028/2029 for old parsers.
 */
export function serializeFirstScreen(value: FirstScreen): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
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

/**
 * The catalogue stores colours (and supplements' flavours, in the same field) in English; German
 * texts outside the storefront — the local checkout page (server/checkout) and the order e-mail —
 * name them as the German storefront does (src/ui/catalogueLabels.ts, German in
 * src/i18n/locales/de/messages.po; colour-names.test.ts keeps the two in step). A value without an
 * entry is shown as stored.
 */
export const COLOR_DE: Readonly<Record<string, string>> = {
  Black: 'Schwarz',
  White: 'Weiß',
  Bone: 'Knochenweiß',
  Sand: 'Sand',
  'Stone Grey': 'Steingrau',
  Olive: 'Oliv',
  'Blood Red': 'Blutrot',
  Chocolate: 'Schokolade',
  Vanilla: 'Vanille',
  Strawberry: 'Erdbeere',
  'Blood Orange': 'Blutorange',
  'Sour Cherry': 'Sauerkirsche',
  'Lemon Ice': 'Zitroneneis',
  Watermelon: 'Wassermelone',
  'Chocolate Brownie': 'Schoko-Brownie',
  'Peanut Caramel': 'Erdnuss-Karamell',
  Unflavoured: 'Geschmacksneutral',
};

/** A stored colour or flavour as a text in `lang` names it: German where the list has it, else as stored. */
export const colorLabel = (color: string, lang: 'en' | 'de'): string => (lang === 'de' && Object.hasOwn(COLOR_DE, color) ? COLOR_DE[color] : color);

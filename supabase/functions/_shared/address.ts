/**
 * Postal addresses for shipping (ADR 0021): the same rules as the database's
 * private.normalise_address / private.address_problem / private.postcode_ok, so a payment page can
 * word a problem per field before anything is paid. The database (public.check_shipping_address)
 * has the last word. Pure and dependency-free: it runs in Node, Deno and the browser.
 */

export interface ShippingAddress {
  name: string;
  line1: string;
  line2?: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  phone?: string;
}

export type AddressField = 'name' | 'line1' | 'line2' | 'postalCode' | 'city' | 'country' | 'phone';
export type AddressProblemKind = 'missing' | 'too_long' | 'invalid' | 'not_in_region';
/** `address` is the whole address (not an object at all), as the database's `address:missing`. */
export interface AddressProblem {
  field: AddressField | 'address';
  problem: AddressProblemKind;
}

export type AddressLang = 'en' | 'de';

/** The fields in the database's order of checking, with their longest allowed length in characters. */
export const ADDRESS_FIELDS: readonly { field: AddressField; max: number; required: boolean }[] = [
  { field: 'name', max: 100, required: true },
  { field: 'line1', max: 100, required: true },
  { field: 'line2', max: 100, required: false },
  { field: 'postalCode', max: 16, required: true },
  { field: 'city', max: 80, required: true },
  { field: 'country', max: 2, required: true },
  { field: 'phone', max: 30, required: false },
];

export const ADDRESS_FIELD_MAX: Record<AddressField, number> = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f.field, f.max])) as Record<AddressField, number>;

/** public.shipping_countries: the countries of each shipping region, in the table's order. */
export const SHIPPING_COUNTRIES: Record<'DE' | 'EU' | 'UK' | 'US', readonly string[]> = {
  DE: ['DE'],
  EU: ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'],
  UK: ['GB'],
  US: ['US', 'CA', 'CH', 'NO', 'IS', 'LI', 'AU', 'NZ', 'JP', 'SG'],
};

/** The names of the countries we ship to (fixed here rather than Intl.DisplayNames, whose data differs by runtime). */
export const COUNTRY_NAMES: Record<AddressLang, Record<string, string>> = {
  en: {
    DE: 'Germany',
    AT: 'Austria',
    BE: 'Belgium',
    BG: 'Bulgaria',
    HR: 'Croatia',
    CY: 'Cyprus',
    CZ: 'Czechia',
    DK: 'Denmark',
    EE: 'Estonia',
    FI: 'Finland',
    FR: 'France',
    GR: 'Greece',
    HU: 'Hungary',
    IE: 'Ireland',
    IT: 'Italy',
    LV: 'Latvia',
    LT: 'Lithuania',
    LU: 'Luxembourg',
    MT: 'Malta',
    NL: 'Netherlands',
    PL: 'Poland',
    PT: 'Portugal',
    RO: 'Romania',
    SK: 'Slovakia',
    SI: 'Slovenia',
    ES: 'Spain',
    SE: 'Sweden',
    GB: 'United Kingdom',
    US: 'United States',
    CA: 'Canada',
    CH: 'Switzerland',
    NO: 'Norway',
    IS: 'Iceland',
    LI: 'Liechtenstein',
    AU: 'Australia',
    NZ: 'New Zealand',
    JP: 'Japan',
    SG: 'Singapore',
  },
  de: {
    DE: 'Deutschland',
    AT: 'Österreich',
    BE: 'Belgien',
    BG: 'Bulgarien',
    HR: 'Kroatien',
    CY: 'Zypern',
    CZ: 'Tschechien',
    DK: 'Dänemark',
    EE: 'Estland',
    FI: 'Finnland',
    FR: 'Frankreich',
    GR: 'Griechenland',
    HU: 'Ungarn',
    IE: 'Irland',
    IT: 'Italien',
    LV: 'Lettland',
    LT: 'Litauen',
    LU: 'Luxemburg',
    MT: 'Malta',
    NL: 'Niederlande',
    PL: 'Polen',
    PT: 'Portugal',
    RO: 'Rumänien',
    SK: 'Slowakei',
    SI: 'Slowenien',
    ES: 'Spanien',
    SE: 'Schweden',
    GB: 'Vereinigtes Königreich',
    US: 'Vereinigte Staaten',
    CA: 'Kanada',
    CH: 'Schweiz',
    NO: 'Norwegen',
    IS: 'Island',
    LI: 'Liechtenstein',
    AU: 'Australien',
    NZ: 'Neuseeland',
    JP: 'Japan',
    SG: 'Singapur',
  },
};

/** A country's name in `lang`; the code itself for one we do not ship to. */
export const countryName = (code: string, lang: AddressLang): string => COUNTRY_NAMES[lang][code] ?? code;

/** btrim(text): spaces only, not tabs or line breaks (those stay, and are refused as control characters). */
const btrim = (s: string) => s.replace(/^ +| +$/g, '');
/** char_length: code points, not UTF-16 units. */
const charLength = (s: string) => [...s].length;
/** Postgres's [[:cntrl:]]: C0, DEL and C1. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Postgres's \s. */
const SPACES = /[ \t\n\r\f\v]+/g;

/** `address ->> field`: a string as it is, null or absent as '', anything else as its JSON text. */
function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

/**
 * private.normalise_address: trimmed fields, upper-case country and postcode, a UK postcode with its
 * one space, empty optional fields dropped. Undefined for anything that is not an object.
 */
export function normaliseAddress(input: unknown): ShippingAddress | undefined {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const raw = input as Record<string, unknown>;
  const country = btrim(text(raw.country)).toUpperCase();
  let postalCode = btrim(text(raw.postalCode)).replace(SPACES, ' ').toUpperCase();
  if (country === 'GB') {
    postalCode = postalCode.replaceAll(' ', '');
    const chars = [...postalCode];
    if (chars.length >= 5 && chars.length <= 7) postalCode = `${chars.slice(0, -3).join('')} ${chars.slice(-3).join('')}`;
  }
  const address: ShippingAddress = { name: btrim(text(raw.name)), line1: btrim(text(raw.line1)), postalCode, city: btrim(text(raw.city)), country };
  const line2 = btrim(text(raw.line2));
  if (line2 !== '') address.line2 = line2;
  const phone = btrim(text(raw.phone));
  if (phone !== '') address.phone = phone;
  return address;
}

/** private.postcode_ok: a (normalised) postcode written as the country writes it. */
export function postcodeOk(country: string, postcode: string): boolean {
  switch (country) {
    case 'DE':
      return /^[0-9]{5}$/.test(postcode);
    case 'AT':
    case 'CH':
      return /^[0-9]{4}$/.test(postcode);
    case 'GB':
      return /^([A-Z]{1,2}[0-9][A-Z0-9]?|GIR) [0-9][A-Z]{2}$/.test(postcode);
    case 'US':
      return /^[0-9]{5}(-[0-9]{4})?$/.test(postcode);
    default:
      return /^[A-Z0-9][A-Z0-9 -]{1,9}$/.test(postcode);
  }
}

const PHONE = /^\+?[0-9 ()/.-]{5,30}$/;

/**
 * Every problem of a normalised address, at most one per field. The first is the one
 * private.address_problem answers (the database stops at the first).
 */
export function addressProblems(address: ShippingAddress | undefined | null, allowedCountries: readonly string[]): AddressProblem[] {
  if (!address || typeof address !== 'object') return [{ field: 'address', problem: 'missing' }];
  const values = address as unknown as Record<string, unknown>;
  const problems: AddressProblem[] = [];
  for (const { field, max, required } of ADDRESS_FIELDS) {
    const raw = values[field];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      problems.push({ field, problem: 'invalid' });
      continue;
    }
    const value = raw ?? '';
    if (required && value === '') problems.push({ field, problem: 'missing' });
    else if (charLength(value) > max) problems.push({ field, problem: 'too_long' });
    else if (CONTROL.test(value)) problems.push({ field, problem: 'invalid' });
  }
  const has = (field: AddressField) => problems.some((p) => p.field === field);
  const countryUsable = !has('country') && /^[A-Z]{2}$/.test(address.country);
  if (!has('country')) {
    if (!countryUsable) problems.push({ field: 'country', problem: 'invalid' });
    else if (!allowedCountries.includes(address.country)) problems.push({ field: 'country', problem: 'not_in_region' });
  }
  if (countryUsable && !has('postalCode') && !postcodeOk(address.country, address.postalCode)) problems.push({ field: 'postalCode', problem: 'invalid' });
  if (!has('phone') && address.phone !== undefined && !PHONE.test(address.phone)) problems.push({ field: 'phone', problem: 'invalid' });
  return problems;
}

/** private.address_problem: undefined when the normalised address is complete and ships to one of `allowedCountries`. */
export function addressProblem(address: ShippingAddress | undefined | null, allowedCountries: readonly string[]): AddressProblem | undefined {
  return addressProblems(address, allowedCountries)[0];
}

export const ADDRESS_LABELS: Record<AddressLang, Record<AddressField, string>> = {
  en: { name: 'Full name', line1: 'Address line 1', line2: 'Address line 2', postalCode: 'Postcode', city: 'City', country: 'Country', phone: 'Phone' },
  de: { name: 'Vor- und Nachname', line1: 'Adresszeile 1', line2: 'Adresszeile 2', postalCode: 'Postleitzahl', city: 'Ort', country: 'Land', phone: 'Telefon' },
};

type Messages = Record<AddressField | 'address', Partial<Record<AddressProblemKind, string>>>;

const MESSAGES: Record<AddressLang, Messages> = {
  en: {
    address: { missing: 'Enter your shipping address.' },
    name: {
      missing: 'Enter your full name.',
      too_long: 'Your name can be at most 100 characters long.',
      invalid: 'Your name contains characters that cannot be used.',
    },
    line1: {
      missing: 'Enter your street and house number.',
      too_long: 'Address line 1 can be at most 100 characters long.',
      invalid: 'Address line 1 contains characters that cannot be used.',
    },
    line2: {
      too_long: 'Address line 2 can be at most 100 characters long.',
      invalid: 'Address line 2 contains characters that cannot be used.',
    },
    postalCode: {
      missing: 'Enter your postcode.',
      too_long: 'The postcode can be at most 16 characters long.',
      invalid: 'Enter a valid postcode.',
    },
    city: {
      missing: 'Enter your town or city.',
      too_long: 'The town or city can be at most 80 characters long.',
      invalid: 'The town or city contains characters that cannot be used.',
    },
    country: {
      missing: 'Choose a country.',
      too_long: 'Choose a country from the list.',
      invalid: 'Choose a country from the list.',
      not_in_region: 'This order’s shipping was priced for another region. Choose one of the listed countries, or change “Ship to” in your cart.',
    },
    phone: {
      too_long: 'The phone number can be at most 30 characters long.',
      invalid: 'Enter a phone number of digits, spaces and + ( ) / . - only.',
    },
  },
  de: {
    address: { missing: 'Gib Deine Lieferadresse ein.' },
    name: {
      missing: 'Gib Deinen vollständigen Namen ein.',
      too_long: 'Dein Name darf höchstens 100 Zeichen lang sein.',
      invalid: 'Dein Name enthält Zeichen, die nicht erlaubt sind.',
    },
    line1: {
      missing: 'Gib Straße und Hausnummer ein.',
      too_long: 'Adresszeile 1 darf höchstens 100 Zeichen lang sein.',
      invalid: 'Adresszeile 1 enthält Zeichen, die nicht erlaubt sind.',
    },
    line2: {
      too_long: 'Adresszeile 2 darf höchstens 100 Zeichen lang sein.',
      invalid: 'Adresszeile 2 enthält Zeichen, die nicht erlaubt sind.',
    },
    postalCode: {
      missing: 'Gib Deine Postleitzahl ein.',
      too_long: 'Die Postleitzahl darf höchstens 16 Zeichen lang sein.',
      invalid: 'Gib eine gültige Postleitzahl ein.',
    },
    city: {
      missing: 'Gib Deinen Ort ein.',
      too_long: 'Der Ort darf höchstens 80 Zeichen lang sein.',
      invalid: 'Der Ort enthält Zeichen, die nicht erlaubt sind.',
    },
    country: {
      missing: 'Wähle ein Land.',
      too_long: 'Wähle ein Land aus der Liste.',
      invalid: 'Wähle ein Land aus der Liste.',
      not_in_region: 'Die Versandkosten dieser Bestellung gelten für eine andere Region. Wähle eines der aufgeführten Länder oder ändere „Lieferung nach“ in Deinem Warenkorb.',
    },
    phone: {
      too_long: 'Die Telefonnummer darf höchstens 30 Zeichen lang sein.',
      invalid: 'Gib eine Telefonnummer nur aus Ziffern, Leerzeichen und + ( ) / . - ein.',
    },
  },
};

/** How each country writes a postcode, for an invalid one. */
const POSTCODE_FORMATS: Record<AddressLang, Record<string, string>> = {
  en: {
    DE: 'A German postcode has 5 digits, e.g. 10115.',
    AT: 'An Austrian postcode has 4 digits, e.g. 1010.',
    CH: 'A Swiss postcode has 4 digits, e.g. 8001.',
    GB: 'Enter a UK postcode such as SW1A 1AA.',
    US: 'Enter a ZIP code such as 12345 or 12345-6789.',
  },
  de: {
    DE: 'Eine deutsche Postleitzahl hat 5 Ziffern, z. B. 10115.',
    AT: 'Eine österreichische Postleitzahl hat 4 Ziffern, z. B. 1010.',
    CH: 'Eine Schweizer Postleitzahl hat 4 Ziffern, z. B. 8001.',
    GB: 'Gib eine britische Postleitzahl wie SW1A 1AA ein.',
    US: 'Gib einen ZIP-Code wie 12345 oder 12345-6789 ein.',
  },
};

/** What to tell the customer about one problem, in `lang`; `country` picks the postcode format to name. */
export function addressMessage(problem: AddressProblem, lang: AddressLang, country?: string): string {
  if (problem.field === 'postalCode' && problem.problem === 'invalid' && country && POSTCODE_FORMATS[lang][country]) {
    return POSTCODE_FORMATS[lang][country];
  }
  return MESSAGES[lang][problem.field][problem.problem] ?? MESSAGES[lang][problem.field].invalid ?? MESSAGES[lang].address.missing ?? '';
}

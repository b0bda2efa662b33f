import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FIELDS,
  ADDRESS_LABELS,
  addressMessage,
  addressProblem,
  addressProblems,
  COUNTRY_NAMES,
  countryName,
  normaliseAddress,
  postcodeOk,
  SHIPPING_COUNTRIES,
  type AddressProblem,
  type AddressProblemKind,
} from './address.ts';

const ALL = Object.values(SHIPPING_COUNTRIES).flat();
const base = { name: 'Alex Muster', line1: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' };
/** Normalised, then checked against every country we ship to (or the given ones). */
const problem = (over: Record<string, unknown>, allowed: readonly string[] = ALL) => addressProblem(normaliseAddress({ ...base, ...over }), allowed);

describe('normaliseAddress', () => {
  it('trims spaces, upper-cases country and postcode, drops empty optional fields', () => {
    expect(normaliseAddress({ name: '  Alex  ', line1: ' Road 1 ', line2: '   ', postalCode: ' 10115 ', city: ' Berlin ', country: ' de ', phone: '' })).toEqual({
      name: 'Alex',
      line1: 'Road 1',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
    });
    expect(normaliseAddress({ ...base, line2: ' Hinterhaus ', phone: ' +49 30 1234567 ' })).toMatchObject({ line2: 'Hinterhaus', phone: '+49 30 1234567' });
  });

  it('writes a UK postcode with its one space, whatever the case and spacing', () => {
    const uk = (postalCode: string) => normaliseAddress({ ...base, country: 'gb', postalCode })?.postalCode;
    expect(uk('sw1a1aa')).toBe('SW1A 1AA');
    expect(uk(' m1  1ae ')).toBe('M1 1AE');
    expect(uk('B338TH')).toBe('B33 8TH');
    expect(uk('cr2 6xh')).toBe('CR2 6XH');
    expect(uk('DN551PT')).toBe('DN55 1PT');
    expect(uk('gir0aa')).toBe('GIR 0AA');
    expect(uk('1234')).toBe('1234');
    expect(uk('12345678')).toBe('12345678');
  });

  it('collapses inner whitespace of other postcodes to one space', () => {
    expect(normaliseAddress({ ...base, country: 'NL', postalCode: '1012\t ab' })?.postalCode).toBe('1012 AB');
  });

  it('trims spaces only, as btrim does: a line break stays and is refused', () => {
    expect(normaliseAddress({ ...base, name: 'Alex\n' })?.name).toBe('Alex\n');
    expect(problem({ name: 'Alex\n' })).toEqual({ field: 'name', problem: 'invalid' });
  });

  it('answers undefined for what is not an object, which is a missing address', () => {
    for (const input of [null, undefined, 'DE', 42, ['DE']]) expect(normaliseAddress(input)).toBeUndefined();
    expect(addressProblem(undefined, ALL)).toEqual({ field: 'address', problem: 'missing' });
  });

  it('reads non-string values as their text, as ->> does', () => {
    expect(normaliseAddress({ ...base, postalCode: 10115 })?.postalCode).toBe('10115');
    expect(normaliseAddress({ ...base, name: null })?.name).toBe('');
  });
});

describe('postcodes', () => {
  it.each([
    ['DE', '10115', true],
    ['DE', '01067', true],
    ['DE', '1234', false],
    ['DE', '123456', false],
    ['DE', '1O115', false],
    ['AT', '1010', true],
    ['AT', '10101', false],
    ['CH', '8001', true],
    ['CH', '800', false],
    ['GB', 'SW1A 1AA', true],
    ['GB', 'M1 1AE', true],
    ['GB', 'B33 8TH', true],
    ['GB', 'CR2 6XH', true],
    ['GB', 'DN55 1PT', true],
    ['GB', 'GIR 0AA', true],
    ['GB', 'SW1A1AA', false],
    ['GB', '12345', false],
    ['GB', 'ABC 1AA', false],
    ['US', '12345', true],
    ['US', '12345-6789', true],
    ['US', '1234', false],
    ['US', '12345-678', false],
    ['US', '12345 6789', false],
    ['NL', '1012 AB', true],
    ['CA', 'K1A 0B1', true],
    ['JP', '100-0001', true],
    ['FR', '7', false],
    ['FR', '-7500', false],
    ['IE', 'D02 X285 12', false],
  ])('%s %s → %s', (country, postcode, ok) => {
    expect(postcodeOk(country, postcode)).toBe(ok);
  });

  it('refuses a DE postcode of 4 digits and a UK one of digits, naming the format', () => {
    expect(problem({ postalCode: '1234' })).toEqual({ field: 'postalCode', problem: 'invalid' });
    expect(problem({ country: 'GB', postalCode: '12345' })).toEqual({ field: 'postalCode', problem: 'invalid' });
    expect(addressMessage({ field: 'postalCode', problem: 'invalid' }, 'en', 'DE')).toBe('A German postcode has 5 digits, e.g. 10115.');
    expect(addressMessage({ field: 'postalCode', problem: 'invalid' }, 'de', 'DE')).toBe('Eine deutsche Postleitzahl hat 5 Ziffern, z. B. 10115.');
    expect(addressMessage({ field: 'postalCode', problem: 'invalid' }, 'en', 'GB')).toBe('Enter a UK postcode such as SW1A 1AA.');
    expect(addressMessage({ field: 'postalCode', problem: 'invalid' }, 'en', 'NL')).toBe('Enter a valid postcode.');
  });

  it('accepts lower case and missing spaces in a UK postcode once normalised', () => {
    expect(problem({ country: 'gb', postalCode: 'sw1a1aa' }, ['GB'])).toBeUndefined();
    expect(problem({ country: 'GB', postalCode: 'b338th' }, ['GB'])).toBeUndefined();
  });

  it('accepts a US ZIP and ZIP+4', () => {
    expect(problem({ country: 'US', postalCode: '94103' }, SHIPPING_COUNTRIES.US)).toBeUndefined();
    expect(problem({ country: 'us', postalCode: '94103-1234' }, SHIPPING_COUNTRIES.US)).toBeUndefined();
  });
});

describe('addressProblem', () => {
  it('accepts a complete address, optional fields absent or present', () => {
    expect(problem({})).toBeUndefined();
    expect(problem({ line2: 'c/o Studio', phone: '+49 (30) 123-456' })).toBeUndefined();
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['line1', { line1: undefined }],
    ['postalCode', { postalCode: '' }],
    ['city', { city: ' ' }],
    ['country', { country: '' }],
  ])('a missing %s', (field, over) => {
    expect(problem(over)).toEqual({ field, problem: 'missing' });
  });

  it.each([
    ['name', 100],
    ['line1', 100],
    ['line2', 100],
    ['postalCode', 16],
    ['city', 80],
    ['phone', 30],
  ])('%s: %i characters pass the length rule, one more is too long', (field, max) => {
    const ok = field === 'postalCode' ? 'X'.repeat(max) : field === 'phone' ? '1'.repeat(max) : 'a'.repeat(max);
    expect(problem({ [field]: ok })?.problem).not.toBe('too_long');
    expect(problem({ [field]: `${ok}${ok[0]}` })).toEqual({ field, problem: 'too_long' });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(problem({ name: '😀'.repeat(100) })).toBeUndefined();
    expect(problem({ name: '😀'.repeat(101) })).toEqual({ field: 'name', problem: 'too_long' });
  });

  it.each(['Alex\u0000', 'A\tB', 'A\u007fB', 'A\u0085B', 'line\r\nbreak'])('refuses the control character in %j', (value) => {
    expect(problem({ line1: value })).toEqual({ field: 'line1', problem: 'invalid' });
  });

  it('keeps markup as text: it is not a problem of the address (the page escapes it)', () => {
    expect(problem({ name: '<script>alert(1)</script>', line1: '"><img src=x>' })).toBeUndefined();
  });

  it('refuses a country outside the region, and one that is no country code', () => {
    expect(problem({ country: 'US', postalCode: '94103' }, SHIPPING_COUNTRIES.DE)).toEqual({ field: 'country', problem: 'not_in_region' });
    expect(problem({ country: 'DE' }, SHIPPING_COUNTRIES.EU)).toEqual({ field: 'country', problem: 'not_in_region' });
    expect(problem({ country: 'AT', postalCode: '1010' }, SHIPPING_COUNTRIES.EU)).toBeUndefined();
    expect(problem({ country: 'D1' })).toEqual({ field: 'country', problem: 'invalid' });
    expect(problem({ country: 'DEU' })).toEqual({ field: 'country', problem: 'too_long' });
  });

  it('checks the region before the postcode, as the database does', () => {
    expect(problem({ country: 'US', postalCode: '1' }, SHIPPING_COUNTRIES.DE)).toEqual({ field: 'country', problem: 'not_in_region' });
  });

  it.each(['12', 'call me', '+49 30 12345678901234567890123456789'])('refuses the phone number %j', (phone) => {
    expect(problem({ phone })?.field).toBe('phone');
  });

  it('lists every field’s problem, the database’s first one first', () => {
    const all = addressProblems(normaliseAddress({ name: '', line1: 'x'.repeat(101), postalCode: '1234', city: 'Berlin', country: 'DE', phone: 'abc' }), ALL);
    expect(all).toEqual([
      { field: 'name', problem: 'missing' },
      { field: 'line1', problem: 'too_long' },
      { field: 'postalCode', problem: 'invalid' },
      { field: 'phone', problem: 'invalid' },
    ]);
  });
});

describe('words', () => {
  const KINDS: AddressProblemKind[] = ['missing', 'too_long', 'invalid', 'not_in_region'];

  it('has a message in both languages for every problem the rules can answer, different in each', () => {
    const reachable: AddressProblem[] = [
      { field: 'address', problem: 'missing' },
      ...ADDRESS_FIELDS.flatMap(({ field, required }) =>
        KINDS.filter((k) => (k !== 'missing' || required) && (k !== 'not_in_region' || field === 'country')).map((problem) => ({ field, problem })),
      ),
    ];
    for (const p of reachable) {
      const en = addressMessage(p, 'en');
      const de = addressMessage(p, 'de');
      expect(en, JSON.stringify(p)).toMatch(/\S/);
      expect(de, JSON.stringify(p)).toMatch(/\S/);
      expect(de).not.toBe(en);
      // The shop's German is the Du-form.
      expect(de).not.toMatch(/\bSie\b|\bIhre?n?\b/);
    }
  });

  it('names every country we ship to, in English and German', () => {
    for (const code of ALL) {
      expect(COUNTRY_NAMES.en[code], code).toBeTruthy();
      expect(COUNTRY_NAMES.de[code], code).toBeTruthy();
    }
    expect(Object.keys(COUNTRY_NAMES.en).sort()).toEqual([...ALL].sort());
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('GB', 'en')).toBe('United Kingdom');
    expect(countryName('XX', 'en')).toBe('XX');
  });

  it('labels every field in both languages', () => {
    for (const { field } of ADDRESS_FIELDS) {
      expect(ADDRESS_LABELS.en[field], field).toMatch(/\S/);
      expect(ADDRESS_LABELS.de[field], field).toMatch(/\S/);
      expect(ADDRESS_LABELS.de[field]).not.toBe(ADDRESS_LABELS.en[field]);
    }
  });
});

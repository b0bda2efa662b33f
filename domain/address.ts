/** The delivery address: as stored (ADR 0021), as typed on the review step (docs/adr/0024), as a label. */
import { countryName, SHIPPING_COUNTRIES, type ShippingAddress } from '../supabase/functions/_shared/address.ts';
import type { ShippingRegion } from './regions';

/** A country's name in the shop's language (the payment page's names, fixed rather than Intl.DisplayNames). */
export { countryName };

/** Where an order goes (ADR 0021): the edge functions' type, `country` ISO 3166-1 alpha-2, upper case. */
export type { ShippingAddress };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The address as the database stores it (jsonb), or null when it has none or it is not one. */
export function parseShippingAddress(value: unknown): ShippingAddress | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const [name, line1, postalCode, city, country] = [raw.name, raw.line1, raw.postalCode, raw.city, raw.country].map(text);
  if (!name || !line1 || !city || !country) return null;
  const line2 = text(raw.line2);
  const phone = text(raw.phone);
  return { name, line1, ...(line2 ? { line2 } : {}), postalCode: postalCode ?? '', city, country: country.toUpperCase(), ...(phone ? { phone } : {}) };
}

// ── The review step's delivery address (docs/adr/0024) ─────────────────────────────────────────

/** The address form's fields, in the order of the form (and of the database's checks). */
export const ADDRESS_FIELDS = ['name', 'line1', 'line2', 'postalCode', 'city', 'country', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
/** The form as typed: every field a string ('' when empty). */
export type AddressDraft = Record<AddressField, string>;
export const EMPTY_ADDRESS: AddressDraft = { name: '', line1: '', line2: '', postalCode: '', city: '', country: '', phone: '' };

/** The countries each region ships to (public.shipping_countries, as the payment page lists them). */
export const regionCountries = (region: ShippingRegion): readonly string[] => SHIPPING_COUNTRIES[region];

/** The draft with a country of `region`: a region of one country has it chosen; a country of another region is cleared. */
export function draftForRegion(draft: AddressDraft, region: ShippingRegion): AddressDraft {
  const countries = regionCountries(region);
  if (countries.length === 1) return draft.country === countries[0] ? draft : { ...draft, country: countries[0] };
  return countries.includes(draft.country) ? draft : { ...draft, country: '' };
}

/** Nothing typed yet (a preset country does not count): a stored address may fill it. */
export const isBlankDraft = (draft: AddressDraft) => ADDRESS_FIELDS.every((field) => field === 'country' || draft[field].trim() === '');

/**
 * The customer's last address on a new review: all of it when its country ships in the region,
 * else only who receives it (name, phone) — an address abroad would only be refused.
 */
export function prefillDraft(draft: AddressDraft, last: ShippingAddress | null, region: ShippingRegion): AddressDraft {
  if (!last || !isBlankDraft(draft)) return draft;
  const whom = { ...draft, name: last.name, phone: last.phone ?? '' };
  if (!regionCountries(region).includes(last.country)) return whom;
  return { ...whom, line1: last.line1, line2: last.line2 ?? '', postalCode: last.postalCode, city: last.city, country: last.country };
}

/** The draft as the function takes it: trimmed, empty optional fields left out (the database normalises the rest). */
export function addressOfDraft(draft: AddressDraft): ShippingAddress {
  const value = (field: AddressField) => draft[field].trim();
  return {
    name: value('name'),
    line1: value('line1'),
    ...(value('line2') ? { line2: value('line2') } : {}),
    postalCode: value('postalCode'),
    city: value('city'),
    country: value('country').toUpperCase(),
    ...(value('phone') ? { phone: value('phone') } : {}),
  };
}

/** One problem of the address as the checkout function words it (in the request's language); `address` is the whole address. */
export type AddressFieldError = { field: AddressField | 'address'; message: string };

/** The address as a label is written (name, street lines, postcode and city, country), for the clipboard. */
export const addressLines = (address: ShippingAddress, countryName: string): string[] =>
  [address.name, address.line1, address.line2 ?? '', `${address.postalCode} ${address.city}`.trim(), countryName, address.phone ?? ''].filter((line) => line.trim() !== '');

import { SUPABASE_URL } from './client';

/**
 * The IP-geolocation service (plain-text country code). Locally the backend answers at /_dev/geo;
 * a deployment names its service in VITE_GEO_URL, or sets it empty to make no lookup at all.
 */
const GEO_URL = import.meta.env.VITE_GEO_URL ?? (import.meta.env.VITE_SUPABASE_URL ? '' : `${SUPABASE_URL}/_dev/geo`);

/** The raw answer; the locale machine decides what counts as a country code. */
export async function fetchCountryText(signal?: AbortSignal): Promise<string> {
  if (!GEO_URL) return '';
  const res = await fetch(GEO_URL, { signal, headers: { accept: 'text/plain' } });
  if (!res.ok) throw new Error(`Geolocation answered ${res.status}`);
  return (await res.text()).slice(0, 64);
}

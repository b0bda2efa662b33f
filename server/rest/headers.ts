/** PostgREST's request headers (Prefer, Accept, Range) → plain values. Pure. */

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  tx?: 'commit' | 'rollback';
  maxAffected?: number;
  /** Preferences that were not understood, verbatim. */
  invalid: string[];
}

const ALLOWED = new Map<string, readonly string[]>(
  Object.entries({
    return: ['minimal', 'representation', 'headers-only'],
    count: ['exact', 'planned', 'estimated'],
    resolution: ['merge-duplicates', 'ignore-duplicates'],
    missing: ['default', 'null'],
    handling: ['strict', 'lenient'],
    tx: ['commit', 'rollback'],
  }),
);

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { invalid: [] };
  if (!header) return prefs;
  for (const raw of header.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    const key = (eq < 0 ? item : item.slice(0, eq)).trim().toLowerCase();
    const value = eq < 0 ? '' : item.slice(eq + 1).trim();
    if (key === 'max-affected' && /^\d{1,15}$/.test(value)) prefs.maxAffected = Number(value);
    else if (ALLOWED.get(key)?.includes(value)) (prefs as unknown as Record<string, string>)[key] = value;
    else prefs.invalid.push(item);
  }
  return prefs;
}

/** The applied preferences, in the header form PostgREST echoes in Preference-Applied. */
export function appliedPreferences(prefs: Preferences, keys: (keyof Omit<Preferences, 'invalid'>)[]): string | undefined {
  const parts: string[] = [];
  for (const key of keys) {
    const value = prefs[key];
    if (value !== undefined) parts.push(`${key === 'maxAffected' ? 'max-affected' : key}=${value}`);
  }
  return parts.length ? parts.join(', ') : undefined;
}

export type MediaType = 'json' | 'object' | 'csv';

export interface Accept {
  media: MediaType;
  stripNulls: boolean;
}

/**
 * Picks the first acceptable media type in the Accept header (order of appearance, as PostgREST);
 * undefined when none is acceptable.
 */
export function parseAccept(header: string | undefined): Accept | undefined {
  if (!header || header.trim() === '') return { media: 'json', stripNulls: false };
  for (const part of header.split(',')) {
    const [typeRaw, ...params] = part.split(';').map((s) => s.trim());
    const type = typeRaw.toLowerCase();
    const stripNulls = params.some((p) => p.replace(/\s/g, '').toLowerCase() === 'nulls=stripped');
    if (type === 'application/json' || type === '*/*' || type === 'application/*' || type === 'application/vnd.pgrst.array+json') {
      return { media: 'json', stripNulls };
    }
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return { media: 'object', stripNulls };
    if (type === 'text/csv' || type === 'text/*') return { media: 'csv', stripNulls: false };
  }
  return undefined;
}

/** `Range: 0-9` (items) → offset and optional limit; undefined when absent or not an item range. */
export function parseRange(range: string | undefined, unit: string | undefined): { offset: number; limit?: number } | undefined {
  if (!range) return undefined;
  if (unit && unit.trim().toLowerCase() !== 'items') return undefined;
  const m = /^\s*(?:items=)?(\d{1,15})-(\d{1,15})?\s*$/.exec(range);
  if (!m) return undefined;
  const offset = Number(m[1]);
  if (m[2] === undefined) return { offset };
  const last = Number(m[2]);
  return { offset, limit: Math.max(0, last - offset + 1) };
}

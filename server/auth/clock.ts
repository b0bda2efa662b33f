/** Time as the auth server sees it; tests move it with fake Date timers. */
export const now = (): Date => new Date();

export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** SQL rendering a timestamptz as GoTrue's JSON does (RFC 3339 in UTC). */
export const isoSql = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

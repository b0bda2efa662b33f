/**
 * Values that shoppers type or put in a URL, made safe for PostgREST query strings
 * (../shared/SUPABASE-WIRE.md): postgrest-js sends `.or()` text and array literals verbatim, so
 * commas, parentheses, quotes and braces in a value would change the filter's meaning.
 */

/** `%term%` for (i)like, with the shopper's `%`, `_` and `\` matching themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/** A value inside an or()/and() list: double-quoted, with `"` and `\` escaped. */
export function quoted(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** `col1.ilike."%term%",col2.ilike."%term%"`: "any of these columns contains the text", for `.or()`. */
export function anyColumnContains(columns: readonly string[], term: string): string {
  const value = quoted(containsPattern(term));
  return columns.map((column) => `${column}.ilike.${value}`).join(',');
}

/** A Postgres array literal (`{"a","b c"}`) for cs/cd/ov filters, every element quoted. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map(quoted).join(',')}}`;
}

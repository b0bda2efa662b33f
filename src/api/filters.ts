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

/** A regular expression (Postgres ARE, JavaScript too) that matches the text literally. */
export function regexLiteral(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

/**
 * `col1.ilike."%term%",col2.ilike."%term%"`: "any of these columns contains the text", for `.or()`.
 * PostgREST turns every `*` of a like pattern into `%`, so a term with a `*` is matched with
 * `imatch` (case-insensitive regular expression) on the escaped text instead.
 */
export function anyColumnContains(columns: readonly string[], term: string): string {
  const filter = term.includes('*') ? `imatch.${quoted(regexLiteral(term))}` : `ilike.${quoted(containsPattern(term))}`;
  return columns.map((column) => `${column}.${filter}`).join(',');
}

/** A Postgres array literal (`{"a","b c"}`) for cs/cd/ov filters, every element quoted. */
export function arrayLiteral(values: readonly string[]): string {
  return `{${values.map(quoted).join(',')}}`;
}

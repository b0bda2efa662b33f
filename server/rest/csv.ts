/**
 * `Accept: text/csv` as PostgREST builds it, in SQL: a header of the first row's column names, then
 * each row as Postgres' record output without its parentheses — so values are in Postgres' text
 * form (booleans t/f, arrays {a,b}, JSON as text, NULL empty) and quoted as record_out quotes them —
 * lines joined by `\n`. No rows: an empty header and no lines, a single `\n`.
 */
export function csvBodySql(rows: string): string {
  const header = `(select coalesce(string_agg(k, ','), '') from json_object_keys((array_agg(row_to_json(${rows})))[1]) as k)`;
  const lines = `coalesce(string_agg(substring(${rows}::text, 2, length(${rows}::text) - 2), E'\\n'), '')`;
  return `${header} || E'\\n' || ${lines}`;
}

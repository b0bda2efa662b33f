/** A JSON array of row objects (as Postgres built it) → CSV with a header row, as PostgREST answers text/csv. */
export function rowsToCsv(jsonRows: string): string {
  const rows = JSON.parse(jsonRows) as Record<string, unknown>[];
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]);
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(','));
  return lines.join('\n');
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

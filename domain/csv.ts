/**
 * CSV as spreadsheets write it (RFC 4180): fields in double quotes when they hold the separator, a
 * quote, CR or LF (a quote inside is doubled), records ended by CRLF. Exports start with a UTF-8
 * BOM so Excel reads umlauts, and take `,` or `;` (German Excel). A cell that would start a formula
 * in a spreadsheet (= + - @, tab, CR) gets a leading `'`; the reader takes exactly that `'` off again,
 * so export → import changes nothing, and any other text is kept as text (never evaluated).
 */

export type CsvSeparator = ',' | ';';
export const CSV_SEPARATORS: readonly CsvSeparator[] = [',', ';'];
export const BOM = '\uFEFF';

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/**
 * The cell as a spreadsheet may show it safely: one more leading `'` before a formula start (also
 * before `'=…`, so a text that itself starts with `'=` comes back unchanged).
 */
export const neutralise = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
/** The reverse of neutralise: one `'` before a formula start is ours and comes off; any other `'` stays. */
export const unneutralise = (value: string) => (NEUTRALISED.test(value) ? value.slice(1) : value);

const needsQuotes = (value: string, separator: CsvSeparator) => value.includes(separator) || /["\r\n]/.test(value) || value !== value.trim();

/** One field, neutralised and quoted when it must be. */
export function csvField(value: string, separator: CsvSeparator): string {
  const safe = neutralise(value);
  return needsQuotes(safe, separator) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Records (the first is the header) as CSV text with CRLF line ends; `bom` puts the UTF-8 BOM first. */
export function writeCsv(records: readonly (readonly string[])[], { separator = ',', bom = true }: { separator?: CsvSeparator; bom?: boolean } = {}): string {
  // A record of one empty field is written `""`, so it is not read as a blank line.
  const line = (record: readonly string[]) => (record.length === 1 && record[0] === '' ? '""' : record.map((value) => csvField(value, separator)).join(separator));
  const body = records.map(line).join('\r\n');
  return `${bom ? BOM : ''}${body}\r\n`;
}

/** The separator of a file, read from its header line (outside quotes): the more frequent of `;` and `,`. */
export function detectSeparator(text: string): CsvSeparator {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text.startsWith(BOM) ? text.slice(1) : text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

export type CsvParseResult = { ok: true; separator: CsvSeparator; records: string[][] } | { ok: false; error: 'empty' | 'unclosed_quote' | 'stray_quote' | 'binary'; line: number };

/**
 * Reads CSV text (a BOM is dropped; the separator is detected unless given): fields unquoted or in
 * double quotes ("" inside is a quote; separators and line breaks inside are kept), records ended
 * by CRLF, LF or CR. Blank lines are skipped. Each field goes through unneutralise. A quote in the
 * middle of an unquoted field, an unclosed quote or NUL bytes (not a text file) are errors with the line.
 */
export function parseCsv(input: string, given?: CsvSeparator): CsvParseResult {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  if (text.includes('\u0000')) return { ok: false, error: 'binary', line: 1 };
  const separator = given ?? detectSeparator(text);
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let fieldStarted = false;
  const endField = () => {
    record.push(unneutralise(field));
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    const blank = record.length === 0 && !fieldStarted && field === '';
    endField();
    if (!blank) records.push(record);
    record = [];
  };
  while (i < text.length) {
    const char = text[i];
    if (char === '"' && !fieldStarted) {
      // A quoted field: up to the closing quote, "" is one quote.
      const start = line;
      i++;
      for (;;) {
        if (i >= text.length) return { ok: false, error: 'unclosed_quote', line: start };
        const c = text[i];
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        field += c;
        i++;
      }
      fieldStarted = true;
      const next = text[i];
      if (next !== undefined && next !== separator && next !== '\r' && next !== '\n') return { ok: false, error: 'stray_quote', line };
      continue;
    }
    if (char === separator) {
      endField();
      i++;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    if (char === '"') return { ok: false, error: 'stray_quote', line };
    field += char;
    fieldStarted = true;
    i++;
  }
  if (fieldStarted || record.length > 0) endRecord();
  if (records.length === 0) return { ok: false, error: 'empty', line: recordLine };
  return { ok: true, separator, records };
}

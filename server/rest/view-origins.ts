/**
 * Which base-table column each view column comes from, read from the view's stored query tree
 * (`pg_rewrite.ev_action`, Postgres' node text): the top-level target list's `:resorigtbl` /
 * `:resorigcol`. This is how PostgREST lets views inherit their tables' foreign keys. Pure.
 */

export interface ColumnOrigin {
  /** The view column's position (resno) and name. */
  resno: number;
  name: string;
  /** The base relation's oid (as text) and attribute number; 0 when computed. */
  table: string;
  column: number;
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r') {
      i++;
    } else if (ch === '{' || ch === '}' || ch === '(' || ch === ')') {
      tokens.push(ch);
      i++;
    } else if (ch === '"') {
      let out = '"';
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\') i++;
        out += text[i++] ?? '';
      }
      i++;
      tokens.push(out);
    } else {
      let out = '';
      while (i < text.length && !' \n\t\r{}()'.includes(text[i])) {
        if (text[i] === '\\') i++;
        out += text[i++] ?? '';
      }
      tokens.push(out);
    }
  }
  return tokens;
}

export function viewColumnOrigins(evAction: string): ColumnOrigin[] {
  const tokens = tokenize(evAction);
  let braces = 0;
  let i = 0;
  // Find `:targetList` directly inside the outermost {QUERY …}.
  for (; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === '{') braces++;
    else if (t === '}') braces--;
    else if (braces === 1 && t === ':targetList') break;
  }
  if (i >= tokens.length || tokens[i + 1] !== '(') return [];
  const origins: ColumnOrigin[] = [];
  let depth = 0;
  let entry: Record<string, string> | undefined;
  for (i += 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === '(' || t === '{') {
      depth++;
      if (t === '{' && depth === 2 && tokens[i + 1] === 'TARGETENTRY') entry = {};
      continue;
    }
    if (t === ')' || t === '}') {
      depth--;
      if (depth === 1 && t === '}' && entry) {
        if (entry[':resjunk'] !== 'true') {
          origins.push({
            resno: Number(entry[':resno']),
            name: entry[':resname'] ?? '',
            table: entry[':resorigtbl'] ?? '0',
            column: Number(entry[':resorigcol'] ?? 0),
          });
        }
        entry = undefined;
      }
      if (depth === 0) break;
      continue;
    }
    if (entry && depth === 2 && t.startsWith(':')) {
      const next = tokens[i + 1];
      if (next !== undefined && next !== '{' && next !== '(' && next !== ')' && next !== '}') entry[t] = next.replace(/^"|"$/g, '');
    }
  }
  return origins;
}

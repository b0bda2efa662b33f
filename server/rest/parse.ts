/**
 * PostgREST's query-string grammar → a request AST. Pure: no schema knowledge, no I/O. Anything it
 * cannot read is a ParseError (HTTP 400, code PGRST100), never another exception.
 */

export class ParseError extends Error {
  readonly code = 'PGRST100';
  constructor(
    message: string,
    readonly details: string | null = null,
  ) {
    super(message);
  }
}

export const LIMITS = { depth: 8, inValues: 1000, selectItems: 300, logicChildren: 200 } as const;

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldRef {
  name: string;
  json: JsonStep[];
}

/** PostgREST's aggregate functions: `col.sum()`, `col.avg()`, … (`count()` alone is its own item). */
export const AGGREGATE_FUNCTIONS = ['sum', 'avg', 'min', 'max', 'count'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

/** `col.fn()` with an optional cast of its result (`col.sum()::text`). */
export interface Aggregate {
  fn: AggregateFunction;
  cast?: string;
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldRef; alias?: string; cast?: string; aggregate?: Aggregate }
  | { kind: 'count'; alias?: string; cast?: string }
  /** `rel(…)`, or with `spread` (`...rel(…)`) its columns merged into the parent row; a spread has no alias. */
  | { kind: 'embed'; relation: string; alias?: string; hint?: string; join?: 'inner' | 'left'; spread?: true; select: SelectItem[] };

export const SIMPLE_OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
} as const;
export type SimpleOperator = keyof typeof SIMPLE_OPERATORS;
export const FTS_OPERATORS = ['fts', 'plfts', 'phfts', 'wfts'] as const;
export type FtsOperator = (typeof FTS_OPERATORS)[number];
const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Filter =
  | { op: SimpleOperator; value: string; quantifier?: 'any' | 'all' }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: IsValue }
  | { op: FtsOperator; config?: string; value: string };

export interface Condition {
  kind: 'condition';
  field: FieldRef;
  negate: boolean;
  filter: Filter;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: FilterNode[];
}

export type FilterNode = Condition | LogicTree;

export interface OrderTerm {
  /** `rel(col)`: the column of a to-one embed of this level (alias or name), PostgREST's related order. */
  relation?: string;
  field: FieldRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** What applies to one level of the result: the root ('') or an embed path ('variants', 'a.b'). */
export interface Scope {
  filters: FilterNode[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface QueryAst {
  select: SelectItem[];
  scopes: Map<string, Scope>;
  columns?: string[];
  onConflict?: string[];
  /** Query parameters that name an argument of the RPC being called. */
  args: Map<string, string>;
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);

/** The whole query string. `argNames` are an RPC's parameter names (GET /rpc/fn?arg=…). */
export function parseQuery(params: Iterable<[string, string]>, argNames: ReadonlySet<string> = new Set()): QueryAst {
  const ast: QueryAst = { select: [{ kind: 'star' }], scopes: new Map(), args: new Map() };
  const scope = (path: string[]): Scope => {
    const key = path.join('.');
    let s = ast.scopes.get(key);
    if (!s) {
      s = { filters: [] };
      ast.scopes.set(key, s);
    }
    return s;
  };
  scope([]);
  for (const [key, value] of params) {
    if (key.includes('\0') || value.includes('\0')) throw new ParseError('NUL bytes are not allowed in the query string', `in parameter "${key.replace(/\0/g, '\\0')}"`);
    if (key === 'apikey') continue;
    if (argNames.has(key)) {
      ast.args.set(key, value);
      continue;
    }
    if (key === 'select') ast.select = parseSelect(value);
    else if (key === 'columns') ast.columns = parseColumnList(value, 'columns');
    else if (key === 'on_conflict') ast.onConflict = parseColumnList(value, 'on_conflict');
    else {
      const path = splitKey(key);
      const last = path[path.length - 1];
      const prefix = path.slice(0, -1);
      if (last === 'order') scope(prefix).order = parseOrder(value);
      else if (last === 'limit') scope(prefix).limit = parseNonNegative(value, 'limit');
      else if (last === 'offset') scope(prefix).offset = parseNonNegative(value, 'offset');
      else if (last === 'or' || last === 'and') {
        const negate = prefix[prefix.length - 1] === 'not';
        const embedPath = negate ? prefix.slice(0, -1) : prefix;
        scope(embedPath).filters.push(parseLogicValue(last, negate, value));
      } else {
        if (RESERVED.has(last)) throw new ParseError(`"failed to parse filter (${key})"`, `"${last}" is reserved`);
        const field = parseFieldText(last, `filter (${key})`);
        scope(prefix).filters.push(parseCondition(field, value));
      }
    }
  }
  return ast;
}

/** `a.b.col->x` → ['a', 'b', 'col->x']: dots separate embed names, never inside a JSON path or quotes. */
function splitKey(key: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let inJson = false;
  for (let i = 0; i < key.length; i++) {
    const ch = key[i];
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === '-' && key[i + 1] === '>') inJson = true;
    if (ch === '.' && !quoted && !inJson) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  if (parts.some((p) => p === '')) throw new ParseError(`"failed to parse filter (${key})"`, 'empty name between dots');
  if (parts.length > LIMITS.depth + 1) throw new ParseError(`"failed to parse filter (${key})"`, `embedding is nested deeper than ${LIMITS.depth} levels`);
  return parts;
}

function parseNonNegative(value: string, what: string): number {
  if (!/^\d{1,15}$/.test(value)) {
    throw new ParseError(`"failed to parse ${what} parameter (${value})" (line 1, column 1)`, 'expecting a non-negative integer');
  }
  return Number(value);
}

/** A cursor over one parameter value, with errors that say where. */
class Reader {
  pos = 0;
  constructor(
    readonly text: string,
    readonly context: string,
  ) {}
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(n = 1): string {
    return this.text.slice(this.pos, this.pos + n);
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }
  expect(s: string, what = `"${s}"`): void {
    if (!this.eat(s)) this.fail(`expecting ${what}`);
  }
  skipSpaces(): void {
    while (this.text[this.pos] === ' ') this.pos++;
  }
  fail(expecting: string): never {
    const found = this.done ? 'end of input' : `"${this.text[this.pos]}"`;
    throw new ParseError(`"failed to parse ${this.context} (${this.text})" (line 1, column ${this.pos + 1})`, `unexpected ${found} ${expecting}`);
  }
  /** `"…"` with backslash escapes. */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done) {
      const ch = this.text[this.pos++];
      if (ch === '\\') {
        if (this.done) this.fail('expecting an escaped character');
        out += this.text[this.pos++];
      } else if (ch === '"') return out;
      else out += ch;
    }
    this.fail('expecting closing quote');
  }
}

const IDENT = /[\p{L}\p{N}_$ ]/u;

/** A column, relation or alias name: bare (letters, digits, `_`, `$`, spaces) or double-quoted. */
function readName(r: Reader, what = 'a name'): string {
  if (r.peek() === '"') {
    const name = r.quoted();
    if (name === '') r.fail(`expecting ${what}`);
    return name;
  }
  const start = r.pos;
  while (!r.done && IDENT.test(r.text[r.pos])) r.pos++;
  const name = r.text.slice(start, r.pos).trim();
  if (name === '') {
    r.pos = start;
    r.fail(`expecting ${what}`);
  }
  return name;
}

function readJsonPath(r: Reader): JsonStep[] {
  const steps: JsonStep[] = [];
  while (r.startsWith('->')) {
    const arrow = r.eat('->>') ? '->>' : '->';
    if (arrow === '->') r.expect('->');
    let key: string;
    if (r.peek() === '"') key = r.quoted();
    else {
      const start = r.pos;
      if (r.peek() === '-') r.pos++;
      while (!r.done && IDENT.test(r.text[r.pos])) r.pos++;
      key = r.text.slice(start, r.pos).trim();
      if (key === '' || key === '-') {
        r.pos = start;
        r.fail('expecting a JSON key or array index');
      }
    }
    steps.push({ arrow, key });
    if (steps.length > 32) r.fail('a shorter JSON path');
  }
  return steps;
}

function readField(r: Reader): FieldRef {
  const name = readName(r, 'a column name');
  return { name, json: readJsonPath(r) };
}

function parseFieldText(text: string, context: string): FieldRef {
  const r = new Reader(text, context);
  const field = readField(r);
  if (!r.done) r.fail('expecting "->" or end of input');
  return field;
}

/** A type name for `::cast`: words of letters, digits and `_`, optionally `[]`. Checked against pg_type later. */
function readCast(r: Reader): string {
  const m = /^[A-Za-z_][A-Za-z0-9_]*( [A-Za-z_][A-Za-z0-9_]*){0,3}(\[\])?/.exec(r.text.slice(r.pos));
  if (!m) r.fail('expecting a type name');
  r.pos += m[0].length;
  return m[0].toLowerCase();
}

// ── select ────────────────────────────────────────────────────────────────────────────────────

export function parseSelect(text: string): SelectItem[] {
  const r = new Reader(text, 'select parameter');
  if (text.trim() === '') return [{ kind: 'star' }];
  const items = readSelectList(r, 0);
  if (!r.done) r.fail('expecting "," or end of input');
  return items;
}

function readSelectList(r: Reader, depth: number): SelectItem[] {
  if (depth > LIMITS.depth) throw new ParseError(`"failed to parse select parameter (${r.text})"`, `embedding is nested deeper than ${LIMITS.depth} levels`);
  const items: SelectItem[] = [];
  r.skipSpaces();
  if (r.peek() === ')') return items;
  for (;;) {
    r.skipSpaces();
    items.push(readSelectItem(r, depth));
    if (items.length > LIMITS.selectItems) r.fail(`at most ${LIMITS.selectItems} select items`);
    r.skipSpaces();
    if (!r.eat(',')) return items;
  }
}

function readSelectItem(r: Reader, depth: number): SelectItem {
  if (r.eat('*')) return { kind: 'star' };
  if (r.eat('...')) return readEmbed(r, depth, readName(r, 'a relation name after "..."'), undefined, true);
  let alias: string | undefined;
  let name = readName(r, 'a column or relation name, or "*"');
  if (r.peek() === ':' && r.peek(2) !== '::') {
    r.pos++;
    alias = name;
    name = readName(r, 'a column or relation name after the alias');
  }
  if (name === 'count' && r.eat('()')) {
    const cast = r.eat('::') ? readCast(r) : undefined;
    return { kind: 'count', alias, cast };
  }
  // As in PostgREST, `count(` only ever starts the count() aggregate, never an embed.
  if (name === 'count' && (r.peek() === '(' || r.peek() === '!')) r.fail('expecting "count()"');
  if (r.peek() === '!' || r.peek() === '(') return readEmbed(r, depth, name, alias, undefined);
  const field: FieldRef = { name, json: readJsonPath(r) };
  const cast = r.eat('::') ? readCast(r) : undefined;
  return { kind: 'column', field, alias, cast, aggregate: readAggregate(r) };
}

/** `rel!hint!inner(…)` after its name: hints and join type, then the embedded select list. */
function readEmbed(r: Reader, depth: number, relation: string, alias: string | undefined, spread: true | undefined): SelectItem {
  let hint: string | undefined;
  let join: 'inner' | 'left' | undefined;
  while (r.eat('!')) {
    const word = readName(r, 'a foreign key, column, "inner" or "left" after "!"');
    if (word === 'inner' || word === 'left') join = word;
    else if (hint === undefined) hint = word;
    else r.fail('expecting "inner" or "left"');
  }
  r.expect('(');
  const select = readSelectList(r, depth + 1);
  r.skipSpaces();
  r.expect(')', '")" or ","');
  return { kind: 'embed', relation, alias, hint, join, spread, select };
}

/** `.sum()`, `.avg()`, `.min()`, `.max()` or `.count()` after a column (and its cast), with a cast of the result. */
function readAggregate(r: Reader): Aggregate | undefined {
  if (r.peek() !== '.') return undefined;
  const m = /^\.(sum|avg|min|max|count)\(\)/.exec(r.text.slice(r.pos));
  if (!m) r.fail('expecting an aggregate: .sum(), .avg(), .min(), .max() or .count()');
  r.pos += m[0].length;
  const cast = r.eat('::') ? readCast(r) : undefined;
  return { fn: m[1] as AggregateFunction, cast };
}

// ── order ─────────────────────────────────────────────────────────────────────────────────────

export function parseOrder(text: string): OrderTerm[] {
  const r = new Reader(text, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    const term = readOrderTarget(r);
    if (r.eat('.asc')) term.direction = 'asc';
    else if (r.eat('.desc')) term.direction = 'desc';
    if (r.eat('.nullsfirst')) term.nulls = 'first';
    else if (r.eat('.nullslast')) term.nulls = 'last';
    terms.push(term);
    if (terms.length > LIMITS.selectItems) r.fail('fewer order terms');
    if (r.done) return terms;
    r.expect(',', '",", ".asc", ".desc", ".nullsfirst", ".nullslast" or end of input');
  }
}

/** `col->path`, or `rel(col->path)`: a column of the embed `rel`. */
function readOrderTarget(r: Reader): OrderTerm {
  const name = readName(r, 'a column name');
  if (!r.eat('(')) return { field: { name, json: readJsonPath(r) } };
  const field = readField(r);
  r.expect(')');
  return { relation: name, field };
}

function parseColumnList(text: string, context: string): string[] {
  const r = new Reader(text, `${context} parameter`);
  const names: string[] = [];
  for (;;) {
    r.skipSpaces();
    names.push(readName(r, 'a column name'));
    r.skipSpaces();
    if (names.length > LIMITS.selectItems) r.fail('fewer columns');
    if (r.done) return names;
    r.expect(',', '"," or end of input');
  }
}

// ── filters ───────────────────────────────────────────────────────────────────────────────────

/** The value of `col=…`: `[not.]op[(modifier)].value`; the value runs to the end, verbatim. */
export function parseCondition(field: FieldRef, text: string): Condition {
  const r = new Reader(text, 'filter');
  const negate = r.eat('not.');
  const filter = readOperator(r, (op) => readTopLevelValue(r, op));
  return { kind: 'condition', field, negate, filter };
}

type ValueReader = (op: string) => string | string[];

function readOperator(r: Reader, readValue: ValueReader): Filter {
  const m = /^[a-z]+/.exec(r.text.slice(r.pos));
  const op = m?.[0] ?? '';
  const start = r.pos;
  r.pos += op.length;
  if (op === 'in') {
    r.expect('.');
    return { op: 'in', values: readValue('in') as string[] };
  }
  if (op === 'is') {
    r.expect('.');
    const raw = readValue('is') as string;
    const value = raw.toLowerCase();
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(value)) {
      r.pos -= raw.length;
      r.fail('expecting null, not_null, true, false or unknown');
    }
    return { op: 'is', value: value as IsValue };
  }
  if ((FTS_OPERATORS as readonly string[]).includes(op)) {
    let config: string | undefined;
    if (r.eat('(')) {
      const c = /^[A-Za-z_][A-Za-z0-9_]*/.exec(r.text.slice(r.pos));
      if (!c) r.fail('expecting a text search configuration name');
      config = c[0];
      r.pos += c[0].length;
      r.expect(')');
    }
    r.expect('.');
    return { op: op as FtsOperator, config, value: readValue(op) as string };
  }
  if (Object.hasOwn(SIMPLE_OPERATORS, op)) {
    let quantifier: 'any' | 'all' | undefined;
    if (QUANTIFIABLE.has(op) && r.peek() === '(') {
      if (r.eat('(any)')) quantifier = 'any';
      else if (r.eat('(all)')) quantifier = 'all';
      else r.fail('expecting "(any)" or "(all)"');
    }
    r.expect('.');
    const value = readValue(quantifier ? 'array' : op) as string;
    if (quantifier && !/^\{.*\}$/s.test(value)) r.fail('expecting a list {a,b} after (any)/(all)');
    return { op: op as SimpleOperator, value, quantifier };
  }
  r.pos = start;
  r.fail(`expecting "not" or an operator (${[...Object.keys(SIMPLE_OPERATORS), 'in', 'is', ...FTS_OPERATORS].join(', ')})`);
}

function readTopLevelValue(r: Reader, op: string): string | string[] {
  if (op === 'in') {
    const values = readInList(r);
    if (!r.done) r.fail('expecting end of input after the list');
    return values;
  }
  const value = r.text.slice(r.pos);
  r.pos = r.text.length;
  return value;
}

/** `(a,"b,c",d)`: quoted items keep commas and parentheses; `\` escapes inside quotes. */
function readInList(r: Reader): string[] {
  r.expect('(');
  const values: string[] = [];
  if (r.eat(')')) return values;
  for (;;) {
    if (r.peek() === '"') values.push(r.quoted());
    else {
      const start = r.pos;
      while (!r.done && r.peek() !== ',' && r.peek() !== ')') r.pos++;
      values.push(r.text.slice(start, r.pos));
    }
    if (values.length > LIMITS.inValues) r.fail(`at most ${LIMITS.inValues} values in a list`);
    if (r.eat(')')) return values;
    r.expect(',', '"," or ")"');
  }
}

/** `or=(…)` / `not.and=(…)`: a parenthesised list of conditions and nested and()/or(). */
export function parseLogicValue(op: 'and' | 'or', negate: boolean, text: string): LogicTree {
  const r = new Reader(text, 'logic tree');
  const tree = readLogicChildren(r, op, negate, 0);
  if (!r.done) r.fail('expecting end of input');
  return tree;
}

function readLogicChildren(r: Reader, op: 'and' | 'or', negate: boolean, depth: number): LogicTree {
  if (depth > LIMITS.depth) throw new ParseError(`"failed to parse logic tree (${r.text})"`, `logic is nested deeper than ${LIMITS.depth} levels`);
  r.expect('(');
  const children: FilterNode[] = [];
  for (;;) {
    children.push(readLogicItem(r, depth));
    if (children.length > LIMITS.logicChildren) r.fail(`at most ${LIMITS.logicChildren} conditions in one and()/or()`);
    if (r.eat(')')) return { kind: 'logic', op, negate, children };
    r.expect(',', '"," or ")"');
  }
}

function readLogicItem(r: Reader, depth: number): FilterNode {
  const nested = /^(not\.)?(and|or)\(/.exec(r.text.slice(r.pos));
  if (nested) {
    r.pos += nested[0].length - 1;
    return readLogicChildren(r, nested[2] as 'and' | 'or', Boolean(nested[1]), depth + 1);
  }
  const field = readField(r);
  r.expect('.', '"." after the column name');
  const negate = r.eat('not.');
  const filter = readOperator(r, (op) => readLogicValue(r, op));
  return { kind: 'condition', field, negate, filter };
}

/** A value inside and()/or(): quoted, a `{…}` array, an `in` list, or text up to `,` or `)`. */
function readLogicValue(r: Reader, op: string): string | string[] {
  if (op === 'in') return readInList(r);
  if (r.peek() === '"') return r.quoted();
  if (r.peek() === '{') {
    const end = r.text.indexOf('}', r.pos);
    if (end < 0) r.fail('expecting "}"');
    const value = r.text.slice(r.pos, end + 1);
    r.pos = end + 1;
    return value;
  }
  const start = r.pos;
  while (!r.done && r.peek() !== ',' && r.peek() !== ')') r.pos++;
  return r.text.slice(start, r.pos);
}

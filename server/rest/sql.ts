import { columnNotFound, notEmbedded, restError } from './errors.ts';
import { SIMPLE_OPERATORS, type Condition, type FieldRef, type FilterNode, type Scope } from './parse.ts';
import type { Relation, SchemaCache } from './schema-cache.ts';

/**
 * Request AST + schema cache → one SQL statement. Identifiers come from the schema cache and are
 * quoted; every value from the request is a bound parameter. JSON is built in SQL (json_agg), so
 * numbers, big ints and timestamps reach the client exactly as Postgres prints them.
 */

export const quoteIdent = (s: string): string => `"${s.replace(/"/g, '""')}"`;
export const qualified = (r: { schema: string; name: string }): string => `${quoteIdent(r.schema)}.${quoteIdent(r.name)}`;

export interface Statement {
  sql: string;
  params: unknown[];
  /** `Prefer: count=planned`: the planner's row estimate for the unpaged rows, as PostgREST's EXPLAIN. */
  plannedCount?: { sql: string; params: unknown[] };
}

const JSON_TYPES = new Set(['json', 'jsonb']);

const TEXT_FIRST_TYPES = new Set(['pg_catalog.bool', 'pg_catalog.bytea', 'pg_catalog._bool', 'pg_catalog._bytea', 'pg_catalog.bool[]', 'pg_catalog.bytea[]']);

export class QueryBuilder {
  readonly params: unknown[] = [];
  private aliases = 0;
  private readonly usedScopes = new Set<string>();

  constructor(
    readonly cache: SchemaCache,
    readonly scopes: Map<string, Scope>,
  ) {}

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  nextAlias(): string {
    this.aliases += 1;
    return `t${this.aliases}`;
  }

  scope(path: string[]): Scope {
    const key = path.join('.');
    this.usedScopes.add(key);
    return this.scopes.get(key) ?? { filters: [] };
  }

  /** Filters, order or limits aimed at an embed the select does not contain (PostgREST: PGRST108). */
  checkAllScopesUsed(): void {
    for (const [key, scope] of this.scopes) {
      if (key === '' || this.usedScopes.has(key)) continue;
      if (scope.filters.length || scope.order || scope.limit !== undefined || scope.offset !== undefined) {
        throw notEmbedded(key);
      }
    }
  }

  /**
   * A column (or a computed field: `schema.fn(alias)`, PostgreSQL's `alias.fn`) of `alias`, with
   * its JSON path; unknown names are PostgreSQL's 42703, as PostgREST answers them.
   */
  field(rel: Relation, alias: string, field: FieldRef): string {
    let sql: string;
    const column = rel.columns.get(field.name);
    const computed = column ? undefined : this.cache.computedField(rel, field.name);
    if (column) sql = `${quoteIdent(alias)}.${quoteIdent(field.name)}`;
    else if (computed) sql = `${qualified(computed.fn)}(${quoteIdent(alias)})`;
    else throw columnNotFound(rel.name, field.name);
    // PostgREST reads a JSON path of any other type through to_jsonb (a missing key is null, not an error).
    if (field.json.length && !JSON_TYPES.has((column ?? computed)?.typname ?? '')) sql = `to_jsonb(${sql})`;
    for (const step of field.json) {
      const keyType = /^-?\d+$/.test(step.key) ? 'int' : 'text';
      sql = `(${sql}${step.arrow}${this.param(keyType === 'int' ? Number(step.key) : step.key)}::${keyType})`;
    }
    return sql;
  }

  cast(name: string): string {
    const ref = this.cache.castType(name);
    if (!ref) throw restError(400, '42704', `type "${name}" does not exist`);
    return ref;
  }

  /**
   * A request value as a bound parameter cast to the type it is compared with, so Postgres converts
   * it once, at bind time, and a bad value is its own 22P02 (a 400). Booleans and bytea go through
   * text first: PGlite converts parameters of those types in JavaScript and throws its own errors.
   */
  value(value: string, type: string): string {
    return TEXT_FIRST_TYPES.has(type) ? `${this.param(value)}::text::${type}` : `${this.param(value)}::${type}`;
  }

  /** The SQL type of a column, computed field or JSON path expression: `->>` gives text, `->` keeps json/jsonb. */
  expressionType(rel: Relation, field: FieldRef): string {
    const last = field.json.at(-1);
    if (last?.arrow === '->>') return 'text';
    const base = rel.columns.get(field.name) ?? this.cache.computedField(rel, field.name);
    if (last && !JSON_TYPES.has(base?.typname ?? '')) return 'pg_catalog.jsonb';
    return base?.sqlType ?? 'text';
  }

  condition(rel: Relation, alias: string, cond: Condition, embeds: ReadonlyMap<string, string> = new Map()): string {
    const presence = embedPresence(rel, cond, embeds);
    if (presence) return presence;
    const col = this.field(rel, alias, cond.field);
    const type = this.expressionType(rel, cond.field);
    const f = cond.filter;
    let sql: string;
    if (f.op === 'in') {
      sql = f.values.length === 0 ? 'false' : `${col} in (${f.values.map((v) => this.value(v, type)).join(', ')})`;
    } else if (f.op === 'is') {
      sql = `${col} is ${f.value === 'not_null' ? 'not null' : f.value}`;
    } else if (f.op === 'fts' || f.op === 'plfts' || f.op === 'phfts' || f.op === 'wfts') {
      const fn = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }[f.op];
      const config = f.config === undefined ? '' : `${this.value(f.config, 'regconfig')}, `;
      const typname = (rel.columns.get(cond.field.name) ?? this.cache.computedField(rel, cond.field.name))?.typname;
      const vector = typname === 'tsvector' && cond.field.json.length === 0 ? col : `to_tsvector(${config}${col})`;
      sql = `${vector} @@ ${fn}(${config}${this.value(f.value, 'text')})`;
    } else {
      const textual = f.op === 'like' || f.op === 'ilike' || f.op === 'match' || f.op === 'imatch';
      const value = f.op === 'like' || f.op === 'ilike' ? f.value.replace(/\*/g, '%') : f.value;
      const operator = SIMPLE_OPERATORS[f.op];
      const valueType = textual ? 'text' : type;
      sql = 'quantifier' in f && f.quantifier ? `${col} ${operator} ${f.quantifier}(${this.value(value, `${valueType}[]`)})` : `${col} ${operator} ${this.value(value, valueType)}`;
    }
    return cond.negate ? `not (${sql})` : sql;
  }

  /** `embeds`: the embeds of this level by name, as `exists (…)`, for `rel=is.null` / `rel=not.is.null`. */
  filter(rel: Relation, alias: string, node: FilterNode, embeds: ReadonlyMap<string, string> = new Map()): string {
    if (node.kind === 'condition') return this.condition(rel, alias, node, embeds);
    const joined = node.children.map((c) => this.filter(rel, alias, c, embeds)).join(node.op === 'and' ? ' and ' : ' or ');
    return node.negate ? `not (${joined})` : `(${joined})`;
  }

  limitOffset(limit: number | undefined, offset: number | undefined): string {
    let sql = '';
    if (limit !== undefined) sql += ` limit ${this.param(limit)}`;
    if (offset !== undefined && offset > 0) sql += ` offset ${this.param(offset)}`;
    return sql;
  }
}

/** `variants=is.null` / `variants=not.is.null` on an embed (not a column): whether a related row exists. */
function embedPresence(rel: Relation, cond: Condition, embeds: ReadonlyMap<string, string>): string | undefined {
  const exists = embeds.get(cond.field.name);
  if (exists === undefined || rel.columns.has(cond.field.name) || cond.field.json.length) return undefined;
  const f = cond.filter;
  if (f.op !== 'is' || (f.value !== 'null' && f.value !== 'not_null')) {
    throw restError(
      400,
      'PGRST120',
      'An embedded resource can only be filtered using the is.null or not.is.null operators',
      `Only is null or not is null filters are allowed on embedded resources`,
    );
  }
  const present = (f.value === 'not_null') !== cond.negate;
  return present ? exists : `not ${exists}`;
}

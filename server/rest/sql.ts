import { columnNotFound, restError } from './errors.ts';
import { SIMPLE_OPERATORS, type Condition, type FieldRef, type FilterNode, type OrderTerm, type Scope, type SelectItem } from './parse.ts';
import type { FunctionInfo, Relation, Relationship, SchemaCache } from './schema-cache.ts';

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
        throw restError(400, 'PGRST108', `'${key}' is not an embedded resource in this request`, null, `Verify that '${key}' is included in the 'select' query parameter.`);
      }
    }
  }

  field(rel: Relation, alias: string, field: FieldRef): string {
    if (!rel.columns.has(field.name)) throw columnNotFound(rel.name, field.name);
    let sql = `${quoteIdent(alias)}.${quoteIdent(field.name)}`;
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

  /** The SQL type of a column or JSON path expression: `->>` gives text, `->` keeps json/jsonb. */
  expressionType(rel: Relation, field: FieldRef): string {
    const last = field.json.at(-1);
    if (last?.arrow === '->>') return 'text';
    return rel.columns.get(field.name)?.sqlType ?? 'text';
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
      const column = rel.columns.get(cond.field.name);
      const vector = column?.typname === 'tsvector' && cond.field.json.length === 0 ? col : `to_tsvector(${config}${col})`;
      sql = `${vector} @@ ${fn}(${config}${this.value(f.value, 'text')})`;
    } else {
      const textual = f.op === 'like' || f.op === 'ilike' || f.op === 'match' || f.op === 'imatch';
      const value = f.op === 'like' || f.op === 'ilike' ? f.value.replace(/\*/g, '%') : f.value;
      const operator = SIMPLE_OPERATORS[f.op];
      const valueType = textual ? 'text' : type;
      sql =
        'quantifier' in f && f.quantifier
          ? `${col} ${operator} ${f.quantifier}(${this.value(value, `${valueType}[]`)})`
          : `${col} ${operator} ${this.value(value, valueType)}`;
    }
    return cond.negate ? `not (${sql})` : sql;
  }

  /** `embeds`: the embeds of this level by name, as `exists (…)`, for `rel=is.null` / `rel=not.is.null`. */
  filter(rel: Relation, alias: string, node: FilterNode, embeds: ReadonlyMap<string, string> = new Map()): string {
    if (node.kind === 'condition') return this.condition(rel, alias, node, embeds);
    const joined = node.children.map((c) => this.filter(rel, alias, c, embeds)).join(node.op === 'and' ? ' and ' : ' or ');
    return node.negate ? `not (${joined})` : `(${joined})`;
  }

  orderBy(rel: Relation, alias: string, terms: OrderTerm[] | undefined): string {
    if (!terms?.length) return '';
    const parts = terms.map((t) => {
      let sql = this.field(rel, alias, t.field);
      if (t.direction) sql += ` ${t.direction}`;
      if (t.nulls) sql += ` nulls ${t.nulls}`;
      return sql;
    });
    return ` order by ${parts.join(', ')}`;
  }

  limitOffset(limit: number | undefined, offset: number | undefined): string {
    let sql = '';
    if (limit !== undefined) sql += ` limit ${this.param(limit)}`;
    if (offset !== undefined && offset > 0) sql += ` offset ${this.param(offset)}`;
    return sql;
  }

  /** The relationship an embed names, with PostgREST's errors when there is none or more than one. */
  relationship(source: Relation, item: Extract<SelectItem, { kind: 'embed' }>): { target: Relation; rel: Relationship } {
    const target = this.cache.relation(source.schema, item.relation);
    const notFound = () =>
      restError(
        400,
        'PGRST200',
        `Could not find a relationship between '${source.name}' and '${item.relation}' in the schema cache`,
        `Searched for a foreign key relationship between '${source.name}' and '${item.relation}'${item.hint ? ` using the hint '${item.hint}'` : ''} in the schema '${source.schema}', but no matches were found.`,
      );
    if (!target) throw notFound();
    let candidates = this.cache.relationships(source, target);
    if (item.hint !== undefined) {
      const hint = item.hint;
      candidates = candidates.filter((r) => r.constraint === hint || r.sourceColumns.includes(hint) || r.targetColumns.includes(hint));
    }
    if (candidates.length === 0) throw notFound();
    if (candidates.length > 1) {
      throw restError(
        300,
        'PGRST201',
        `Could not embed because more than one relationship was found for '${source.name}' and '${item.relation}'`,
        candidates.map((r) => ({
          cardinality: r.cardinality,
          embedding: `${source.name} with ${target.name}`,
          relationship: `${r.constraint} using ${source.name}(${r.sourceColumns.join(', ')}) and ${target.name}(${r.targetColumns.join(', ')})`,
        })),
        `Try changing '${item.relation}' to one of the following: ${candidates.map((r) => `'${item.relation}!${r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
      );
    }
    return { target, rel: candidates[0] };
  }

  /**
   * One level of the result: its select list, and the conditions it puts on its own rows (filters
   * of its scope and `exists` for every !inner embed below it).
   */
  level(rel: Relation, alias: string, path: string[], select: SelectItem[], withScopeFilters = true): { list: string[]; groupBy: string[]; where: string[]; hasAggregate: boolean } {
    const list: string[] = [];
    const groupBy: string[] = [];
    const where: string[] = [];
    let hasAggregate = false;
    const scope = this.scope(path);
    const embeds = new Map<string, string>();
    for (const item of select) {
      if (item.kind === 'star') {
        list.push(`${quoteIdent(alias)}.*`);
        groupBy.push(`${quoteIdent(alias)}.*`);
      } else if (item.kind === 'count' || isBareCount(rel, item)) {
        const cast = item.kind === 'count' ? item.cast : undefined;
        hasAggregate = true;
        list.push(`count(*)${cast ? `::${this.cast(cast)}` : ''} as ${quoteIdent(item.alias ?? 'count')}`);
      } else if (item.kind === 'column') {
        const expr = this.field(rel, alias, item.field);
        const name = item.alias ?? item.field.json.at(-1)?.key ?? item.field.name;
        list.push(`${item.cast ? `${expr}::${this.cast(item.cast)}` : expr} as ${quoteIdent(name)}`);
        groupBy.push(expr);
      } else {
        const embed = this.embed(rel, alias, path, item);
        if (embed.select) list.push(embed.select);
        if (item.join === 'inner') where.push(embed.exists);
        embeds.set(item.alias ?? item.relation, embed.exists);
      }
    }
    if (withScopeFilters) for (const node of scope.filters) where.push(this.filter(rel, alias, node, embeds));
    return { list, groupBy, where, hasAggregate };
  }

  private embed(source: Relation, sourceAlias: string, path: string[], item: Extract<SelectItem, { kind: 'embed' }>): { select?: string; exists: string } {
    const { target, rel } = this.relationship(source, item);
    const alias = this.nextAlias();
    const name = item.alias ?? item.relation;
    const childPath = [...path, name];
    const join = rel.sourceColumns.map((c, i) => `${quoteIdent(alias)}.${quoteIdent(rel.targetColumns[i])} = ${quoteIdent(sourceAlias)}.${quoteIdent(c)}`);
    const child = this.level(target, alias, childPath, item.select);
    const conditions = [...join, ...child.where].join(' and ');
    const from = `${qualified(target)} as ${quoteIdent(alias)}`;
    const exists = `exists (select 1 from ${from} where ${conditions})`;
    if (child.list.length === 0) return { exists };
    const scope = this.scope(childPath);
    const group = child.hasAggregate && child.groupBy.length ? ` group by ${child.groupBy.join(', ')}` : '';
    const order = this.orderBy(target, alias, scope.order);
    const wholeRows = child.list.length === 1 && child.list[0] === `${quoteIdent(alias)}.*` && scope.limit === undefined && scope.offset === undefined;
    if (wholeRows) {
      // `rel(*)` without a page: aggregate the rows themselves, sparing the planner a subquery per parent.
      const select =
        rel.cardinality === 'many-to-one'
          ? `(select row_to_json(${quoteIdent(alias)}) from ${from} where ${conditions}) as ${quoteIdent(name)}`
          : `coalesce((select json_agg(${quoteIdent(alias)}${order}) from ${from} where ${conditions}), '[]') as ${quoteIdent(name)}`;
      return { select, exists };
    }
    const rows = `select ${child.list.join(', ')} from ${from} where ${conditions}${group}${order}${this.limitOffset(scope.limit, scope.offset)}`;
    const select =
      rel.cardinality === 'many-to-one' && !child.hasAggregate
        ? `(select row_to_json(_e) from (${rows}) as _e) as ${quoteIdent(name)}`
        : `coalesce((select json_agg(_e) from (${rows}) as _e), '[]') as ${quoteIdent(name)}`;
    return { select, exists };
  }
}

/** `variants=is.null` / `variants=not.is.null` on an embed (not a column): whether a related row exists. */
function embedPresence(rel: Relation, cond: Condition, embeds: ReadonlyMap<string, string>): string | undefined {
  const exists = embeds.get(cond.field.name);
  if (exists === undefined || rel.columns.has(cond.field.name) || cond.field.json.length) return undefined;
  const f = cond.filter;
  if (f.op !== 'is' || (f.value !== 'null' && f.value !== 'not_null')) {
    throw restError(400, 'PGRST120', 'An embedded resource can only be filtered using the is.null or not.is.null operators', `Only is null or not is null filters are allowed on embedded resources`);
  }
  const present = (f.value === 'not_null') !== cond.negate;
  return present ? exists : `not ${exists}`;
}

/** `variants(count)`: a bare `count` that is not a column of the relation counts its rows, as in PostgREST. */
function isBareCount(rel: Relation, item: SelectItem): boolean {
  return item.kind === 'column' && item.field.name === 'count' && item.field.json.length === 0 && !item.cast && !rel.columns.has('count');
}

export type BodyShape = 'array' | 'object' | 'none';

function bodySql(shape: BodyShape, stripNulls: boolean): string {
  const element = stripNulls ? 'json_strip_nulls(row_to_json(_t))' : '_t';
  if (shape === 'none') return 'null::text';
  if (shape === 'object') return `(json_agg(${element}) -> 0)::text`;
  return `coalesce(json_agg(${element}), '[]')::text`;
}

export interface ReadOptions {
  relation: Relation;
  /** FROM clause naming the rows as "t0": a table, or an RPC call. */
  from: string;
  select: SelectItem[];
  count?: 'exact' | 'planned';
  shape: BodyShape;
  stripNulls: boolean;
  limit?: number;
  offset?: number;
}

/** GET/HEAD on a table, view or set-returning function: total (optional), page size and body in one statement. */
export function buildRead(b: QueryBuilder, o: ReadOptions): Statement {
  const root = b.level(o.relation, 't0', [], o.select);
  b.checkAllScopesUsed();
  const scope = b.scope([]);
  const where = root.where.length ? ` where ${root.where.join(' and ')}` : '';
  const group = root.hasAggregate && root.groupBy.length ? ` group by ${root.groupBy.join(', ')}` : '';
  const total = o.count === 'exact' ? `(select count(*) from ${o.from}${where})` : 'null::int8';
  const list = root.list.length ? root.list.join(', ') : 'null as "_"';
  const unpaged = `select ${list} from ${o.from}${where}${group}`;
  const unpagedParams = [...b.params];
  const page = `${unpaged}${b.orderBy(o.relation, 't0', scope.order)}${b.limitOffset(o.limit, o.offset)}`;
  return {
    sql: `select ${total} as total, count(*) as page, ${bodySql(o.shape, o.stripNulls)} as body from (${page}) as _t`,
    params: b.params,
    plannedCount: o.count === 'planned' ? { sql: `explain (format json) ${unpaged}`, params: unpagedParams } : undefined,
  };
}

/** Wraps a mutation that ends in `returning "t0".*` so its rows come back through the select list. */
export function buildRepresentation(b: QueryBuilder, relation: Relation, mutation: string, select: SelectItem[], shape: BodyShape, stripNulls: boolean): Statement {
  const root = b.level(relation, 't0', [], select, false);
  b.checkAllScopesUsed();
  const list = root.list.length ? root.list.join(', ') : 'null as "_"';
  const where = root.where.length ? ` where ${root.where.join(' and ')}` : '';
  return {
    sql: `with pgrst_mut as (${mutation} returning "t0".*) select null::int8 as total, count(*) as page, ${bodySql(shape, stripNulls)} as body from (select ${list} from pgrst_mut as "t0"${where}) as _t`,
    params: b.params,
  };
}

/** Root-scope filters of a mutation, plus `limit`/`order` through ctid as PostgREST does. */
export function mutationWhere(b: QueryBuilder, relation: Relation, verb: 'UPDATE' | 'DELETE'): string {
  const scope = b.scope([]);
  // Hosted Supabase runs the Data API with pg-safeupdate: no table-wide update or delete by accident.
  if (scope.filters.length === 0) throw restError(400, '21000', `${verb} requires a WHERE clause`, null, 'Add a filter; to change every row, filter on a column that every row matches.');
  const conditions = scope.filters.map((n) => b.filter(relation, 't0', n));
  if (scope.limit !== undefined || scope.offset !== undefined) {
    if (relation.kind !== 'table') throw restError(400, 'PGRST100', `limit and offset on updates and deletes need a table, but '${relation.name}' is a view`);
    const inner = conditions.length ? ` where ${conditions.join(' and ')}` : '';
    conditions.push(`"t0".ctid = any(array(select "t0".ctid from ${qualified(relation)} as "t0"${inner}${b.orderBy(relation, 't0', scope.order)}${b.limitOffset(scope.limit, scope.offset)}))`);
  }
  return conditions.length ? ` where ${conditions.join(' and ')}` : '';
}

export interface InsertOptions {
  relation: Relation;
  columns: string[];
  /** JSON array of row objects, as text. */
  rowsJson: string;
  missingDefault: boolean;
  upsert?: { conflict: string[]; action: 'merge' | 'ignore' };
}

export function insertSql(b: QueryBuilder, o: InsertOptions): string {
  const table = qualified(o.relation);
  const rowsParam = b.param(o.rowsJson);
  const values = o.columns.map((c) => {
    const value = `_r.${quoteIdent(c)}`;
    const fallback = o.relation.columns.get(c)?.defaultSql;
    return o.missingDefault && fallback ? `case when _j.v ? ${b.param(c)} then ${value} else ${fallback} end` : value;
  });
  const target = o.columns.length ? ` (${o.columns.map(quoteIdent).join(', ')})` : '';
  let sql = `insert into ${table} as "t0"${target} select ${values.join(', ')} from jsonb_array_elements(${rowsParam}::jsonb) with ordinality as _j(v, n) cross join lateral jsonb_populate_record(null::${table}, _j.v) as _r order by _j.n`;
  if (o.upsert) {
    const conflict = o.upsert.conflict.length ? ` (${o.upsert.conflict.map(quoteIdent).join(', ')})` : '';
    const updates = o.columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`);
    sql += o.upsert.action === 'ignore' || updates.length === 0 ? ` on conflict${conflict} do nothing` : ` on conflict${conflict} do update set ${updates.join(', ')}`;
  }
  return sql;
}

export function updateSql(b: QueryBuilder, relation: Relation, columns: string[], rowJson: string): string {
  const table = qualified(relation);
  const row = b.param(rowJson);
  const sets = columns.map((c) => `${quoteIdent(c)} = _r.${quoteIdent(c)}`).join(', ');
  return `update ${table} as "t0" set ${sets} from jsonb_populate_record(null::${table}, ${row}::jsonb) as _r${mutationWhere(b, relation, 'UPDATE')}`;
}

export function deleteSql(b: QueryBuilder, relation: Relation): string {
  return `delete from ${qualified(relation)} as "t0"${mutationWhere(b, relation, 'DELETE')}`;
}

/** Function call with named arguments taken from one JSON object (json_to_record types them). */
export function rpcCall(b: QueryBuilder, fn: FunctionInfo, argsJson: string, argNames: string[]): { call: string; argsFrom: string } {
  const call = `${qualified(fn)}(${argNames.map((n) => `${quoteIdent(n)} := "_args".${quoteIdent(n)}`).join(', ')})`;
  if (argNames.length === 0) return { call, argsFrom: '' };
  const types = argNames.map((n) => `${quoteIdent(n)} ${fn.params.find((p) => p.name === n)!.type}`);
  return { call, argsFrom: `json_to_record(${b.param(argsJson)}::json) as "_args"(${types.join(', ')})` };
}

export function scalarRpc(b: QueryBuilder, fn: FunctionInfo, call: string, argsFrom: string): Statement {
  const from = argsFrom ? ` from ${argsFrom}` : '';
  if (fn.returnKind === 'void') return { sql: `select null::int8 as total, 0 as page, null::text as body, (${call})::text as ignored${from}`, params: b.params };
  if (!fn.returnsSet) return { sql: `select null::int8 as total, 1 as page, to_json(${call})::text as body${from}`, params: b.params };
  const source = argsFrom ? `${argsFrom} cross join lateral ${call} as "t0"("v")` : `${call} as "t0"("v")`;
  return { sql: `select null::int8 as total, count(*) as page, coalesce(json_agg("t0"."v"), '[]')::text as body from ${source}`, params: b.params };
}

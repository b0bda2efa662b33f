import { csvBodySql } from './csv.ts';
import { notEmbedded, restError } from './errors.ts';
import type { FieldRef, OrderTerm, SelectItem } from './parse.ts';
import { embedJoin, isToOne, relationship, type EmbedItem } from './relationships.ts';
import type { Relation } from './schema-cache.ts';
import { quoteIdent, type QueryBuilder, type Statement } from './sql.ts';

/**
 * The select tree → SQL: each level's select list (columns, casts, aggregates grouped by the other
 * outputs, embeds as correlated json subqueries, spreads as LATERAL items of its FROM), its order
 * (related orders included), and the statements that read rows (GET, RPC rows) or return a
 * mutation's rows (return=representation).
 */

/**
 * The ORDER BY of one level. `rel(col)` terms (PostgREST's related order) reach a to-one embed of
 * this level, by its alias or name: the embed's output of that name (so an aggregated level orders
 * by the very expression it groups by), else the related column itself.
 */
export function orderBy(b: QueryBuilder, rel: Relation, alias: string, terms: OrderTerm[] | undefined, embeds: ReadonlyMap<string, EmbedRef> = new Map()): string {
  if (!terms?.length) return '';
  const parts = terms.map((t) => {
    let sql = t.relation === undefined ? b.field(rel, alias, t.field) : relatedOrder(b, rel, t.relation, t, embeds);
    if (t.direction) sql += ` ${t.direction}`;
    if (t.nulls) sql += ` nulls ${t.nulls}`;
    return sql;
  });
  return ` order by ${parts.join(', ')}`;
}

function relatedOrder(b: QueryBuilder, rel: Relation, name: string, t: OrderTerm, embeds: ReadonlyMap<string, EmbedRef>): string {
  const ref = embeds.get(name);
  if (!ref) throw notEmbedded(name);
  if (!ref.toOne)
    throw restError(400, 'PGRST118', `A related order on '${name}' is not possible`, `'${rel.name}' and '${name}' do not form a many-to-one or one-to-one relationship`);
  const output = t.field.json.length ? undefined : ref.outputs.find((o) => o.name === t.field.name && !o.aggregate && !o.star);
  if (output && ref.spread) return output.sql;
  return ref.related(output ? output.sql : b.field(ref.target, ref.alias, t.field));
}

/**
 * One column of a level's rows: its SQL expression and key. `aggregate` is applied where the rows
 * are grouped — this level, or the parent of a to-one spread (PostgREST hoists aggregates out of
 * spreads); `json` marks an embed's JSON, grouped on as jsonb; `star` is `alias.*`, expanded to
 * columns where names are needed (spreads, grouping).
 */
export interface Output {
  sql: string;
  name: string;
  aggregate?: { fn: string; cast?: string };
  json?: boolean;
  star?: boolean;
}

/** An embed of a level, for related orders: its outputs and one value of its row. */
export interface EmbedRef {
  toOne: boolean;
  target: Relation;
  alias: string;
  /** A spread's outputs are the parent's own (columns of its lateral item); an embed's are its child level's. */
  spread: boolean;
  outputs: Output[];
  /** `expr` (in the embed's row) as a scalar of the parent row. */
  related: (expr: string) => string;
}

export interface Level {
  outputs: Output[];
  /** Conditions on this level's own rows: its scope's filters and `exists` for each !inner embed. */
  where: string[];
  embeds: Map<string, EmbedRef>;
  /** LATERAL items the spreads of this level add to its FROM, each exactly one row per row of the level. */
  joins: string[];
  /** Whether this level groups its rows (it has aggregates that are not hoisted to a parent). */
  grouped: boolean;
}

/**
 * One level of the result. `spreadChild`: the level is a spread's, whose columns the parent takes
 * one by one (stars become columns); `hoist`: a to-one spread's, whose aggregates the parent applies;
 * `flatten`: the level's rows end up in a to-many spread's arrays, so its to-many embeds join row by
 * row (PostgREST 13 flattens them: one array entry per related row, the level's values repeated).
 */
export function level(
  b: QueryBuilder,
  rel: Relation,
  alias: string,
  path: string[],
  select: SelectItem[],
  opts: { scopeFilters?: boolean; spreadChild?: boolean; hoist?: boolean; flatten?: boolean } = {},
): Level {
  let outputs: Output[] = [];
  const where: string[] = [];
  const embeds = new Map<string, EmbedRef>();
  const presence = new Map<string, string>();
  const joins: string[] = [];
  for (const item of select) {
    if (item.kind === 'star') outputs.push({ sql: `${quoteIdent(alias)}.*`, name: '*', star: true });
    else if (item.kind === 'count' || isBareCount(rel, item)) {
      const cast = item.kind === 'count' && item.cast ? b.cast(item.cast) : undefined;
      outputs.push({ sql: '*', name: item.alias ?? 'count', aggregate: { fn: 'count', cast } });
    } else if (item.kind === 'column') {
      const expr = b.field(rel, alias, item.field);
      const sql = item.cast ? `${expr}::${b.cast(item.cast)}` : expr;
      const agg = item.aggregate;
      const name = item.alias ?? agg?.fn ?? jsonKeyName(item.field);
      outputs.push({ sql, name, aggregate: agg && { fn: agg.fn, cast: agg.cast ? b.cast(agg.cast) : undefined } });
    } else {
      const name = item.alias ?? item.relation;
      const embedded = embed(b, rel, alias, path, item, opts.flatten === true);
      outputs.push(...embedded.outputs);
      if (embedded.join) joins.push(embedded.join);
      if (item.join === 'inner') where.push(embedded.exists);
      presence.set(name, embedded.exists);
      embeds.set(name, embedded.ref);
    }
  }
  if (opts.scopeFilters !== false) for (const node of b.scope(path).filters) where.push(b.filter(rel, alias, node, presence));
  const grouped = !opts.hoist && outputs.some((o) => o.aggregate);
  if (grouped || opts.spreadChild) outputs = outputs.flatMap((o) => (o.star ? starOutputs(rel, alias) : [o]));
  return { outputs, where, embeds, joins, grouped };
}

/** A level's FROM item followed by the lateral items of its spreads. */
function withJoins(from: string, l: Level): string {
  return l.joins.reduce((sql, join) => `${sql}, ${join}`, from);
}

/**
 * The key of an unaliased column: its name, or for a JSON path its last key — the last key before
 * an array index (`data->1->mycol->>2` → `mycol`, `data->3` → `data`), as PostgREST names it.
 */
function jsonKeyName(field: FieldRef): string {
  return field.json.findLast((step) => !/^-?\d+$/.test(step.key))?.key ?? field.name;
}

/** `alias.*` as one output per column, in the relation's column order. */
function starOutputs(rel: Relation, alias: string): Output[] {
  return [...rel.columns.keys()].map((c) => ({ sql: `${quoteIdent(alias)}.${quoteIdent(c)}`, name: c }));
}

/** A level's select list and GROUP BY (by position: every output without an aggregate). */
export function selectList(l: Level): { list: string; groupBy: string } {
  const items = l.outputs.map((o) => {
    if (o.star) return o.sql;
    const value = o.aggregate ? `${o.aggregate.fn}(${o.sql})${o.aggregate.cast ? `::${o.aggregate.cast}` : ''}` : l.grouped && o.json ? `(${o.sql})::jsonb` : o.sql;
    return `${value} as ${quoteIdent(o.name)}`;
  });
  const keys = l.grouped ? l.outputs.flatMap((o, i) => (o.aggregate ? [] : [i + 1])) : [];
  return { list: items.length ? items.join(', ') : 'null as "_"', groupBy: keys.length ? ` group by ${keys.join(', ')}` : '' };
}

/**
 * An embed's outputs in its parent's row: one JSON value (an object or null for to-one, an array
 * for to-many). A spread adds one LATERAL item to the parent's FROM instead, whose columns are its
 * outputs: for a to-one spread the related row's columns (nulls without one), its aggregates left to
 * the parent; for a to-many spread each column as an array of the related rows' values (PostgREST
 * 13), which cannot carry aggregates (PGRST127, as PostgREST). Both items are exactly one row, so a
 * parent FROM that is a list (a junction beside its table) keeps every row. Under a to-many spread
 * (`flatten`), to-many embeds and spreads join row by row instead (at least one row: nulls without a
 * related row), so the spread's arrays hold one entry per related row, as PostgREST 13 flattens them.
 */
function embed(
  b: QueryBuilder,
  source: Relation,
  sourceAlias: string,
  path: string[],
  item: EmbedItem,
  flatten: boolean,
): { outputs: Output[]; exists: string; join?: string; ref: EmbedRef } {
  const { target, rel } = relationship(b, source, item);
  const alias = b.nextAlias();
  const name = item.alias ?? item.relation;
  const childPath = [...path, name];
  const toOne = isToOne(rel);
  const { from, conditions: join } = embedJoin(rel, target, sourceAlias, alias);
  const child = level(b, target, alias, childPath, item.select, { spreadChild: item.spread, hoist: item.spread && toOne, flatten: item.spread && (flatten || !toOne) });
  const childFrom = withJoins(from, child);
  const conditions = [...join, ...child.where].join(' and ');
  const exists = `exists (select 1 from ${from} where ${conditions})`;
  const related = (expr: string) => `(select ${expr} from ${childFrom} where ${conditions})`;
  const ref: EmbedRef = { toOne, target, alias, spread: false, outputs: child.outputs, related };
  if (child.outputs.length === 0) return { outputs: [], exists, ref };
  const scope = b.scope(childPath);
  // Order and page the related rows (not a to-one spread's single row); their parameters are bound only if used.
  const order = item.spread && toOne ? '' : orderBy(b, target, alias, scope.order, child.embeds);
  const page = item.spread && toOne ? '' : b.limitOffset(scope.limit, scope.offset);
  const lateralRows = (rows: string, lateral: string) => `lateral (select _r.* from (select 1) as _one left join lateral (${rows}) as _r on true) as ${lateral}`;
  if (flatten && !toOne && !item.spread) {
    // Inside a to-many spread: one object per related row (null without one), each its own row of the spread.
    const lateral = quoteIdent(b.nextAlias());
    const { list, groupBy } = selectList(child);
    const rows = `select row_to_json(_x) as "c1" from (select ${list} from ${childFrom} where ${conditions}${groupBy}${order}${page}) as _x`;
    return { outputs: [{ name, sql: `${lateral}."c1"`, json: true }], exists, join: lateralRows(rows, lateral), ref };
  }
  if (item.spread) {
    if (!toOne && child.outputs.some((o) => o.aggregate))
      throw restError(400, 'PGRST127', 'Feature not implemented', 'Aggregates are not implemented for one-to-many or many-to-many spreads.');
    const lateral = quoteIdent(b.nextAlias());
    const column = (i: number) => quoteIdent(`c${i + 1}`);
    const columns = child.outputs.map((o, i) => `${o.sql === '*' ? '1' : o.sql} as ${column(i)}`).join(', ');
    const rows = `select ${columns} from ${childFrom} where ${conditions}`;
    // A to-many spread inside another's rows joins row by row too; its values land in the outer arrays.
    const rowByRow = toOne || flatten;
    const joinSql = rowByRow
      ? lateralRows(`${rows}${order}${page}`, lateral)
      : `lateral (select ${child.outputs.map((_, i) => `json_agg(_e.${column(i)}) as ${column(i)}`).join(', ')} from (${rows}${order}${page}) as _e) as ${lateral}`;
    const outputs = child.outputs.map(
      (o, i): Output => (rowByRow ? { ...o, sql: `${lateral}.${column(i)}` } : { name: o.name, sql: `coalesce(${lateral}.${column(i)}, '[]')`, json: true }),
    );
    return { outputs, exists, join: joinSql, ref: { ...ref, spread: true, outputs } };
  }
  const only = child.outputs[0];
  if (child.outputs.length === 1 && only.star && scope.limit === undefined && scope.offset === undefined) {
    // `rel(*)` without a page: aggregate the rows themselves, sparing the planner a subquery per parent.
    const sql = toOne
      ? `(select row_to_json(${quoteIdent(alias)}) from ${from} where ${conditions})`
      : `coalesce((select json_agg(${quoteIdent(alias)}${order}) from ${from} where ${conditions}), '[]')`;
    return { outputs: [{ sql, name, json: true }], exists, ref };
  }
  const { list, groupBy } = selectList(child);
  const rows = `select ${list} from ${childFrom} where ${conditions}${groupBy}${order}${page}`;
  // A to-one embed is one object even when it aggregates (`rel(count())` → {"count": n}), as PostgREST's lateral row.
  const sql = toOne ? `(select row_to_json(_e) from (${rows}) as _e)` : `coalesce((select json_agg(_e) from (${rows}) as _e), '[]')`;
  return { outputs: [{ sql, name, json: true }], exists, ref };
}

/** `variants(count)`: a bare `count` that is not a column of the relation counts its rows, as in PostgREST. */
function isBareCount(rel: Relation, item: SelectItem): boolean {
  return item.kind === 'column' && item.field.name === 'count' && item.field.json.length === 0 && !item.cast && !item.aggregate && !rel.columns.has('count');
}

export type BodyShape = 'array' | 'object' | 'none' | 'csv';

function bodySql(shape: BodyShape, stripNulls: boolean): string {
  const element = stripNulls ? 'json_strip_nulls(row_to_json(_t))' : '_t';
  if (shape === 'none') return 'null::text';
  if (shape === 'csv') return csvBodySql('_t');
  if (shape === 'object') return `(json_agg(${element}) -> 0)::text`;
  return `coalesce(json_agg(${element}), '[]')::text`;
}

export interface ReadOptions {
  relation: Relation;
  /** FROM clause naming the rows as "t0": a table, or an RPC call. */
  from: string;
  select: SelectItem[];
  /** `estimated`: the exact count, and the planner's estimate for when it exceeds max-rows. */
  count?: 'exact' | 'planned' | 'estimated';
  shape: BodyShape;
  stripNulls: boolean;
  limit?: number;
  offset?: number;
}

/** GET/HEAD on a table, view or set-returning function: total (optional), page size and body in one statement. */
export function buildRead(b: QueryBuilder, o: ReadOptions): Statement {
  const root = level(b, o.relation, 't0', [], o.select);
  b.checkAllScopesUsed();
  const scope = b.scope([]);
  const where = root.where.length ? ` where ${root.where.join(' and ')}` : '';
  const total = o.count === 'exact' || o.count === 'estimated' ? `(select count(*) from ${o.from}${where})` : 'null::int8';
  const { list, groupBy } = selectList(root);
  const unpaged = `select ${list} from ${withJoins(o.from, root)}${where}${groupBy}`;
  const unpagedParams = [...b.params];
  const page = `${unpaged}${orderBy(b, o.relation, 't0', scope.order, root.embeds)}${b.limitOffset(o.limit, o.offset)}`;
  return {
    sql: `select ${total} as total, count(*) as page, ${bodySql(o.shape, o.stripNulls)} as body from (${page}) as _t`,
    params: b.params,
    plannedCount: o.count === 'planned' || o.count === 'estimated' ? { sql: `explain (format json) ${unpaged}`, params: unpagedParams } : undefined,
  };
}

/** Wraps a mutation that ends in `returning "t0".*` so its rows come back through the select list. */
export function buildRepresentation(b: QueryBuilder, relation: Relation, mutation: string, select: SelectItem[], shape: BodyShape, stripNulls: boolean): Statement {
  const root = level(b, relation, 't0', [], select, { scopeFilters: false });
  b.checkAllScopesUsed();
  const { list, groupBy } = selectList(root);
  const where = root.where.length ? ` where ${root.where.join(' and ')}` : '';
  return {
    sql: `with pgrst_mut as (${mutation} returning "t0".*) select null::int8 as total, count(*) as page, ${bodySql(shape, stripNulls)} as body from (select ${list} from ${withJoins('pgrst_mut as "t0"', root)}${where}${groupBy}) as _t`,
    params: b.params,
  };
}

import { csvBodySql } from './csv.ts';
import type { OrderTerm, SelectItem } from './parse.ts';
import { embedJoin, isToOne, relationship, type EmbedItem } from './relationships.ts';
import type { Relation } from './schema-cache.ts';
import { quoteIdent, type QueryBuilder, type Statement } from './sql.ts';

/**
 * The select tree → SQL: each level's select list (columns, casts, aggregates, embeds as
 * correlated json subqueries), its order, and the statements that read rows (GET, RPC rows) or
 * return a mutation's rows (return=representation).
 */

export function orderBy(b: QueryBuilder, rel: Relation, alias: string, terms: OrderTerm[] | undefined): string {
  if (!terms?.length) return '';
  const parts = terms.map((t) => {
    let sql = b.field(rel, alias, t.field);
    if (t.direction) sql += ` ${t.direction}`;
    if (t.nulls) sql += ` nulls ${t.nulls}`;
    return sql;
  });
  return ` order by ${parts.join(', ')}`;
}

/**
 * One level of the result: its select list, and the conditions it puts on its own rows (filters
 * of its scope and `exists` for every !inner embed below it).
 */
export function level(b: QueryBuilder, rel: Relation, alias: string, path: string[], select: SelectItem[], withScopeFilters = true): { list: string[]; groupBy: string[]; where: string[]; hasAggregate: boolean } {
  const list: string[] = [];
  const groupBy: string[] = [];
  const where: string[] = [];
  let hasAggregate = false;
  const scope = b.scope(path);
  const embeds = new Map<string, string>();
  for (const item of select) {
    if (item.kind === 'star') {
      list.push(`${quoteIdent(alias)}.*`);
      groupBy.push(`${quoteIdent(alias)}.*`);
    } else if (item.kind === 'count' || isBareCount(rel, item)) {
      const cast = item.kind === 'count' ? item.cast : undefined;
      hasAggregate = true;
      list.push(`count(*)${cast ? `::${b.cast(cast)}` : ''} as ${quoteIdent(item.alias ?? 'count')}`);
    } else if (item.kind === 'column') {
      const expr = b.field(rel, alias, item.field);
      const name = item.alias ?? item.field.json.at(-1)?.key ?? item.field.name;
      list.push(`${item.cast ? `${expr}::${b.cast(item.cast)}` : expr} as ${quoteIdent(name)}`);
      groupBy.push(expr);
    } else {
      const embedded = embed(b, rel, alias, path, item);
      if (embedded.select) list.push(embedded.select);
      if (item.join === 'inner') where.push(embedded.exists);
      embeds.set(item.alias ?? item.relation, embedded.exists);
    }
  }
  if (withScopeFilters) for (const node of scope.filters) where.push(b.filter(rel, alias, node, embeds));
  return { list, groupBy, where, hasAggregate };
}

function embed(b: QueryBuilder, source: Relation, sourceAlias: string, path: string[], item: EmbedItem): { select?: string; exists: string } {
  const { target, rel } = relationship(b, source, item);
  const alias = b.nextAlias();
  const name = item.alias ?? item.relation;
  const childPath = [...path, name];
  const { from, conditions: join } = embedJoin(rel, target, sourceAlias, alias);
  const child = level(b, target, alias, childPath, item.select);
  const conditions = [...join, ...child.where].join(' and ');
  const exists = `exists (select 1 from ${from} where ${conditions})`;
  if (child.list.length === 0) return { exists };
  const scope = b.scope(childPath);
  const group = child.hasAggregate && child.groupBy.length ? ` group by ${child.groupBy.join(', ')}` : '';
  const order = orderBy(b, target, alias, scope.order);
  const wholeRows = child.list.length === 1 && child.list[0] === `${quoteIdent(alias)}.*` && scope.limit === undefined && scope.offset === undefined;
  if (wholeRows) {
    // `rel(*)` without a page: aggregate the rows themselves, sparing the planner a subquery per parent.
    const select =
      isToOne(rel)
        ? `(select row_to_json(${quoteIdent(alias)}) from ${from} where ${conditions}) as ${quoteIdent(name)}`
        : `coalesce((select json_agg(${quoteIdent(alias)}${order}) from ${from} where ${conditions}), '[]') as ${quoteIdent(name)}`;
    return { select, exists };
  }
  const rows = `select ${child.list.join(', ')} from ${from} where ${conditions}${group}${order}${b.limitOffset(scope.limit, scope.offset)}`;
  const select =
    isToOne(rel) && !child.hasAggregate
      ? `(select row_to_json(_e) from (${rows}) as _e) as ${quoteIdent(name)}`
      : `coalesce((select json_agg(_e) from (${rows}) as _e), '[]') as ${quoteIdent(name)}`;
  return { select, exists };
}

/** `variants(count)`: a bare `count` that is not a column of the relation counts its rows, as in PostgREST. */
function isBareCount(rel: Relation, item: SelectItem): boolean {
  return item.kind === 'column' && item.field.name === 'count' && item.field.json.length === 0 && !item.cast && !rel.columns.has('count');
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
  count?: 'exact' | 'planned';
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
  const group = root.hasAggregate && root.groupBy.length ? ` group by ${root.groupBy.join(', ')}` : '';
  const total = o.count === 'exact' ? `(select count(*) from ${o.from}${where})` : 'null::int8';
  const list = root.list.length ? root.list.join(', ') : 'null as "_"';
  const unpaged = `select ${list} from ${o.from}${where}${group}`;
  const unpagedParams = [...b.params];
  const page = `${unpaged}${orderBy(b, o.relation, 't0', scope.order)}${b.limitOffset(o.limit, o.offset)}`;
  return {
    sql: `select ${total} as total, count(*) as page, ${bodySql(o.shape, o.stripNulls)} as body from (${page}) as _t`,
    params: b.params,
    plannedCount: o.count === 'planned' ? { sql: `explain (format json) ${unpaged}`, params: unpagedParams } : undefined,
  };
}

/** Wraps a mutation that ends in `returning "t0".*` so its rows come back through the select list. */
export function buildRepresentation(b: QueryBuilder, relation: Relation, mutation: string, select: SelectItem[], shape: BodyShape, stripNulls: boolean): Statement {
  const root = level(b, relation, 't0', [], select, false);
  b.checkAllScopesUsed();
  const list = root.list.length ? root.list.join(', ') : 'null as "_"';
  const where = root.where.length ? ` where ${root.where.join(' and ')}` : '';
  return {
    sql: `with pgrst_mut as (${mutation} returning "t0".*) select null::int8 as total, count(*) as page, ${bodySql(shape, stripNulls)} as body from (select ${list} from pgrst_mut as "t0"${where}) as _t`,
    params: b.params,
  };
}

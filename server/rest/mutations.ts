import { restError } from './errors.ts';
import type { Relation } from './schema-cache.ts';
import { orderBy } from './select.ts';
import { qualified, quoteIdent, type QueryBuilder } from './sql.ts';

/** INSERT (and upsert), UPDATE and DELETE statements for POST, PATCH and DELETE on a table or view. */

/** Root-scope filters of a mutation, plus `limit`/`order` through ctid as PostgREST does. */
export function mutationWhere(b: QueryBuilder, relation: Relation, verb: 'UPDATE' | 'DELETE'): string {
  const scope = b.scope([]);
  // Hosted Supabase runs the Data API with pg-safeupdate: no table-wide update or delete by accident.
  if (scope.filters.length === 0)
    throw restError(400, '21000', `${verb} requires a WHERE clause`, null, 'Add a filter; to change every row, filter on a column that every row matches.');
  const conditions = scope.filters.map((n) => b.filter(relation, 't0', n));
  if (scope.limit !== undefined || scope.offset !== undefined) {
    if (relation.kind !== 'table') throw restError(400, 'PGRST100', `limit and offset on updates and deletes need a table, but '${relation.name}' is a view`);
    const inner = conditions.length ? ` where ${conditions.join(' and ')}` : '';
    conditions.push(
      `"t0".ctid = any(array(select "t0".ctid from ${qualified(relation)} as "t0"${inner}${orderBy(b, relation, 't0', scope.order)}${b.limitOffset(scope.limit, scope.offset)}))`,
    );
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
  /** Conditions on the payload's rows (`_r`): only rows that meet them are written (PUT's key check). */
  where?: string[];
}

/**
 * With `Prefer: missing=default`, a column a row leaves out takes its default: the column's default
 * expression, else — for a number column — its identity sequence's next value
 * (pg_get_serial_sequence; null when it has none), else null, as Postgres would give.
 */
function missingDefault(b: QueryBuilder, relation: Relation, column: string): string {
  const c = relation.columns.get(column);
  if (c?.defaultSql) return ` else ${c.defaultSql}`;
  if (c?.typcategory === 'N') return ` else nextval(pg_get_serial_sequence(${b.param(qualified(relation))}, ${b.param(column)}))`;
  return '';
}

export function insertSql(b: QueryBuilder, o: InsertOptions): string {
  const table = qualified(o.relation);
  const rowsParam = b.param(o.rowsJson);
  const values = o.columns.map((c) => {
    const value = `_r.${quoteIdent(c)}`;
    return o.missingDefault ? `case when _j.v ? ${b.param(c)} then ${value}${missingDefault(b, o.relation, c)} end` : value;
  });
  const target = o.columns.length ? ` (${o.columns.map(quoteIdent).join(', ')})` : '';
  const where = o.where?.length ? ` where ${o.where.join(' and ')}` : '';
  let sql = `insert into ${table} as "t0"${target} select ${values.join(', ')} from jsonb_array_elements(${rowsParam}::jsonb) with ordinality as _j(v, n) cross join lateral jsonb_populate_record(null::${table}, _j.v) as _r${where} order by _j.n`;
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

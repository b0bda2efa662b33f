import type { ApiResponse } from '../http.ts';
import { payloadColumnNotFound, restError } from './errors.ts';
import { appliedPreferences } from './headers.ts';
import type { Condition, QueryAst } from './parse.ts';
import type { ReadResult } from './read.ts';
import { checkMaxAffected, contentRange, builtBody, runChanging, singleRowCheck, type RestRequest } from './request.ts';
import type { Queryable } from '../db/types.ts';
import type { Relation } from './schema-cache.ts';
import { deleteSql, insertSql, updateSql } from './mutations.ts';
import { buildRepresentation, type BodyShape } from './select.ts';
import { quoteIdent, type QueryBuilder } from './sql.ts';

/** A parsed request body: the value, and its text to hand to Postgres unchanged. */
export interface Payload {
  value: unknown;
  text: string;
}

export interface WritePlan {
  sql: string;
  params: unknown[];
  returns: 'minimal' | 'representation' | 'headers-only';
  /** Nothing to change (PATCH with no columns): answer without touching the database. */
  empty?: boolean;
  /** An upsert: the table whose inserted rows tell 201 (some inserted) from 200 (none). */
  upsertInto?: string;
  /** PUT: exactly one row must be written, else nothing is kept (PGRST115). */
  single?: boolean;
}

const isRowObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function payloadColumns(relation: Relation, ast: QueryAst, rows: Record<string, unknown>[]): string[] {
  const columns = ast.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (const c of columns) if (!relation.columns.has(c)) throw payloadColumnNotFound(relation.name, c);
  return columns;
}

function payloadRows(payload: Payload | undefined): Record<string, unknown>[] {
  const value = payload?.value;
  const rows = Array.isArray(value) ? value : [value];
  if (!rows.every(isRowObject)) throw restError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object or an array of objects.');
  return rows;
}

/** The base table an insert into this relation lands in (a view's: the table its columns show). */
function baseTableOid(relation: Relation): string | undefined {
  if (relation.kind === 'table') return relation.oid;
  return [...relation.origins.values()][0]?.split(':')[0];
}

/**
 * PUT's filters, as PostgREST demands them: every primary-key column with `eq`, and nothing else
 * (PGRST105); no limit or offset (PGRST114). Answers the key's values by column.
 */
function putKey(b: QueryBuilder, relation: Relation): Map<string, string> {
  const scope = b.scope([]);
  if (scope.limit !== undefined || scope.offset !== undefined) throw restError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
  const key = new Map<string, string>();
  const isKeyEq = (n: (typeof scope.filters)[number]): n is Condition =>
    n.kind === 'condition' &&
    !n.negate &&
    n.field.json.length === 0 &&
    n.filter.op === 'eq' &&
    !('quantifier' in n.filter && n.filter.quantifier) &&
    relation.primaryKey.includes(n.field.name);
  for (const node of scope.filters) {
    if (!isKeyEq(node) || node.filter.op !== 'eq' || key.has(node.field.name)) throw putFilters();
    key.set(node.field.name, node.filter.value);
  }
  if (relation.primaryKey.length === 0 || key.size !== relation.primaryKey.length) throw putFilters();
  return key;
}

const putFilters = () => restError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");

export function planWrite(r: RestRequest, b: QueryBuilder, relation: Relation, ast: QueryAst, payload: Payload | undefined): WritePlan {
  const method = r.req.method;
  const returns = r.prefs.return ?? 'minimal';
  let mutation: string;
  let upsertInto: string | undefined;
  if (method === 'POST') {
    const rows = payloadRows(payload);
    const columns = payloadColumns(relation, ast, rows);
    const resolution = r.prefs.resolution;
    const conflict = ast.onConflict ?? relation.primaryKey;
    for (const c of conflict) if (!relation.columns.has(c)) throw payloadColumnNotFound(relation.name, c);
    if (resolution) upsertInto = baseTableOid(relation);
    mutation = insertSql(b, {
      relation,
      columns,
      rowsJson: Array.isArray(payload!.value) ? payload!.text : `[${payload!.text}]`,
      missingDefault: r.prefs.missing === 'default',
      upsert: resolution ? { conflict, action: resolution === 'merge-duplicates' ? 'merge' : 'ignore' } : undefined,
    });
  } else if (method === 'PUT') {
    const key = putKey(b, relation);
    const rows = payloadRows(payload);
    const columns = payloadColumns(relation, ast, rows);
    // The payload's key must be the URL's: other rows are not written, and then nothing is (PGRST115).
    const where = [...key].map(([c, v]) => `_r.${quoteIdent(c)} = ${b.value(v, relation.columns.get(c)!.sqlType)}`);
    mutation = insertSql(b, {
      relation,
      columns,
      rowsJson: Array.isArray(payload!.value) ? payload!.text : `[${payload!.text}]`,
      missingDefault: r.prefs.missing === 'default',
      upsert: { conflict: relation.primaryKey, action: 'merge' },
      where,
    });
  } else if (method === 'PATCH') {
    const value = payload?.value;
    if (!isRowObject(value)) throw restError(400, 'PGRST102', 'Empty or invalid json', 'The body of an update must be a JSON object.');
    const columns = payloadColumns(relation, ast, [value]);
    if (columns.length === 0) return { sql: '', params: [], returns, empty: true };
    mutation = updateSql(b, relation, columns, payload!.text);
  } else {
    mutation = deleteSql(b, relation);
  }
  const single = method === 'PUT';

  if (returns === 'representation') {
    const shape: BodyShape = r.accept.media === 'json' ? 'array' : r.accept.media;
    return { ...buildRepresentation(b, relation, mutation, ast.select, shape, r.accept.stripNulls), returns, upsertInto, single };
  }
  b.checkAllScopesUsed();
  if (returns === 'headers-only' && relation.primaryKey.length) {
    const keys = relation.primaryKey.map((k) => `"t0".${quoteIdent(k)}`).join(', ');
    return {
      sql: `with pgrst_mut as (${mutation} returning ${keys}) select null::int8 as total, count(*) as page, coalesce(json_agg(pgrst_mut), '[]')::text as body from pgrst_mut`,
      params: b.params,
      returns,
      upsertInto,
      single,
    };
  }
  return { sql: mutation, params: b.params, returns: 'minimal', upsertInto, single };
}

/** Rows this transaction has inserted into a table so far (the statistics Postgres keeps per transaction). */
async function rowsInserted(tx: Queryable, table: string): Promise<number> {
  const { rows } = await tx.query<{ n: string | number }>('select pg_stat_get_xact_tuples_inserted($1::oid) as n', [table]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The status PostgREST answers a write with: POST 201, but an upsert that inserted no row 200;
 * PUT, PATCH and DELETE 200 with a body, 204 without.
 */
function writeStatus(method: string, withBody: boolean, inserted: number | undefined): number {
  if (method === 'POST') return inserted === 0 ? 200 : 201;
  return withBody ? 200 : 204;
}

export async function answerWrite(r: RestRequest, relation: Relation, plan: WritePlan): Promise<ApiResponse> {
  const result: { rows: number; body: string | null; inserted?: number } = plan.empty
    ? { rows: 0, body: '[]' }
    : await runChanging(r, async (tx) => {
        const before = plan.upsertInto ? await rowsInserted(tx, plan.upsertInto) : 0;
        const res = await tx.query<ReadResult>(plan.sql, plan.params);
        const rows = plan.returns === 'minimal' ? (res.affectedRows ?? 0) : Number(res.rows[0].page);
        const body = plan.returns === 'minimal' ? null : res.rows[0].body;
        if (plan.single && rows !== 1) throw restError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
        checkMaxAffected(r, rows);
        if (plan.returns === 'representation') singleRowCheck(r, rows);
        const inserted = plan.upsertInto ? (await rowsInserted(tx, plan.upsertInto)) - before : undefined;
        return { rows, body, inserted };
      });

  const headers: Record<string, string> = {
    'content-range': contentRange(0, plan.returns === 'representation' ? result.rows : 0, r.prefs.count ? result.rows : undefined),
  };
  const applied = appliedPreferences(r.prefs, ['return', 'count', 'resolution', 'missing', 'handling', 'tx', 'maxAffected']);
  if (applied) headers['preference-applied'] = applied;
  const status = writeStatus(r.req.method, plan.returns === 'representation', result.inserted);
  if (plan.returns === 'representation') return builtBody(status, result.body ?? '[]', headers, r.accept.media);
  if (plan.returns === 'headers-only' && result.body && r.req.method === 'POST') {
    const first = (JSON.parse(result.body) as Record<string, unknown>[])[0];
    if (first) {
      const query = Object.entries(first).map(([k, v]) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(v))}`);
      headers.location = `/${relation.name}?${query.join('&')}`;
    }
  }
  return { status, headers, body: '' };
}

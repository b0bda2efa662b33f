import type { ApiResponse } from '../http.ts';
import { payloadColumnNotFound, restError } from './errors.ts';
import { appliedPreferences } from './headers.ts';
import type { QueryAst } from './parse.ts';
import type { ReadResult } from './read.ts';
import { checkMaxAffected, contentRange, jsonBody, runChanging, singleRowCheck, type RestRequest } from './request.ts';
import type { Relation } from './schema-cache.ts';
import { deleteSql, insertSql, updateSql } from './mutations.ts';
import { buildRepresentation } from './select.ts';
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
}

const isRowObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function payloadColumns(relation: Relation, ast: QueryAst, rows: Record<string, unknown>[]): string[] {
  const columns = ast.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (const c of columns) if (!relation.columns.has(c)) throw payloadColumnNotFound(relation.name, c);
  return columns;
}

export function planWrite(r: RestRequest, b: QueryBuilder, relation: Relation, ast: QueryAst, payload: Payload | undefined): WritePlan {
  const method = r.req.method;
  const returns = r.prefs.return ?? 'minimal';
  let mutation: string;
  if (method === 'POST') {
    const value = payload?.value;
    const rows = Array.isArray(value) ? value : [value];
    if (!rows.every(isRowObject)) throw restError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object or an array of objects.');
    const columns = payloadColumns(relation, ast, rows);
    const resolution = r.prefs.resolution;
    const conflict = ast.onConflict ?? relation.primaryKey;
    for (const c of conflict) if (!relation.columns.has(c)) throw payloadColumnNotFound(relation.name, c);
    mutation = insertSql(b, {
      relation,
      columns,
      rowsJson: Array.isArray(value) ? payload!.text : `[${payload!.text}]`,
      missingDefault: r.prefs.missing === 'default',
      upsert: resolution ? { conflict, action: resolution === 'merge-duplicates' ? 'merge' : 'ignore' } : undefined,
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

  if (returns === 'representation') {
    const shape = r.accept.media === 'object' ? 'object' : 'array';
    return { ...buildRepresentation(b, relation, mutation, ast.select, shape, r.accept.stripNulls), returns };
  }
  b.checkAllScopesUsed();
  if (returns === 'headers-only' && relation.primaryKey.length) {
    const keys = relation.primaryKey.map((k) => `"t0".${quoteIdent(k)}`).join(', ');
    return {
      sql: `with pgrst_mut as (${mutation} returning ${keys}) select null::int8 as total, count(*) as page, coalesce(json_agg(pgrst_mut), '[]')::text as body from pgrst_mut`,
      params: b.params,
      returns,
    };
  }
  return { sql: mutation, params: b.params, returns: 'minimal' };
}

export async function answerWrite(r: RestRequest, relation: Relation, plan: WritePlan): Promise<ApiResponse> {
  const result: { rows: number; body: string | null } = plan.empty
    ? { rows: 0, body: '[]' }
    : await runChanging(r, async (tx) => {
        const res = await tx.query<ReadResult>(plan.sql, plan.params);
        const rows = plan.returns === 'minimal' ? (res.affectedRows ?? 0) : Number(res.rows[0].page);
        const body = plan.returns === 'minimal' ? null : res.rows[0].body;
        checkMaxAffected(r, rows);
        if (plan.returns === 'representation') singleRowCheck(r, rows);
        return { rows, body };
      });

  const created = r.req.method === 'POST';
  const headers: Record<string, string> = {
    'content-range': contentRange(0, plan.returns === 'representation' ? result.rows : 0, r.prefs.count ? result.rows : undefined),
  };
  const applied = appliedPreferences(r.prefs, ['return', 'count', 'resolution', 'missing', 'handling', 'tx', 'maxAffected']);
  if (applied) headers['preference-applied'] = applied;
  if (plan.returns === 'representation') {
    return jsonBody(created ? 201 : 200, result.body ?? '[]', headers, r.accept.media === 'object' ? 'object' : 'json');
  }
  if (plan.returns === 'headers-only' && result.body) {
    const first = (JSON.parse(result.body) as Record<string, unknown>[])[0];
    if (first) {
      const query = Object.entries(first).map(([k, v]) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(v))}`);
      headers.location = `/${relation.name}?${query.join('&')}`;
    }
  }
  return { status: created ? 201 : 204, headers, body: '' };
}

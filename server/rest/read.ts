import type { ApiResponse } from '../http.ts';
import { restError } from './errors.ts';
import { appliedPreferences, parseRange } from './headers.ts';
import type { QueryAst } from './parse.ts';
import { checkMaxAffected, contentRange, builtBody, maxAffectedOf, rowsChangedInTransaction, runAsCaller, runChanging, singleRowCheck, type RestRequest } from './request.ts';
import type { Relation } from './schema-cache.ts';
import { buildRead, type BodyShape } from './select.ts';
import type { QueryBuilder, Statement } from './sql.ts';

export interface ReadResult {
  total: string | null;
  page: string | number;
  body: string | null;
}

/**
 * The page window: `limit`/`offset` parameters narrowed by a `Range` header, as PostgREST combines
 * them, and never more rows than max-rows (config.maxRows: PostgREST's db-max-rows, the Supabase
 * CLI's `[api] max_rows`), so no read answers a whole big table at once.
 */
export function pageWindow(r: RestRequest, ast: QueryAst): { limit?: number; offset: number } {
  const root = ast.scopes.get('')!;
  const range = parseRange(r.req.headers.range, r.req.headers['range-unit']);
  const offset = root.offset ?? range?.offset ?? 0;
  const maxRows = r.context.config.maxRows || undefined;
  const limits = [root.limit, range?.limit, maxRows].filter((n): n is number => n !== undefined);
  return { limit: limits.length ? Math.min(...limits) : undefined, offset };
}

/** `Plan Rows` of the top node in EXPLAIN (FORMAT JSON) output, whether the driver parsed the JSON or not. */
function planRows(plan: unknown): number | undefined {
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = (parsed as { Plan?: { 'Plan Rows'?: unknown } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : undefined;
}

/**
 * Whether the planner's row estimate is the total: for `count=planned`, and for `count=estimated`
 * when the exact count exceeds max-rows (PostgREST: "exact up to db-max-rows, planned above").
 */
function needsPlannedCount(r: RestRequest, exact: string | null): boolean {
  if (r.prefs.count === 'planned') return true;
  const maxRows = r.context.config.maxRows;
  return r.prefs.count === 'estimated' && maxRows > 0 && exact !== null && Number(exact) > maxRows;
}

export function readShape(r: RestRequest): BodyShape {
  if (r.req.method === 'HEAD') return 'none';
  if (r.accept.media === 'csv') return 'csv';
  return r.accept.media === 'object' ? 'object' : 'array';
}

/** Plans the read of a table, view or set-returning function whose rows are named "t0" in `from`. */
export function planRead(r: RestRequest, builder: QueryBuilder, ast: QueryAst, relation: Relation, from: string, shape: BodyShape): Statement {
  const { limit, offset } = pageWindow(r, ast);
  return buildRead(builder, {
    relation,
    from,
    select: ast.select,
    count: r.prefs.count,
    shape,
    stripNulls: r.accept.stripNulls,
    limit,
    offset,
  });
}

/**
 * Runs a planned read and answers as PostgREST: Content-Range, 200/206/416, single object, CSV.
 * A function call (`call`) may change data: it honours `tx=rollback` and `max-affected` (the rows it
 * returned or changed, whichever is more), inside its transaction.
 */
export async function answerRead(r: RestRequest, ast: QueryAst, statement: Statement, call = false): Promise<ApiResponse> {
  const { offset } = pageWindow(r, ast);
  const run = call ? runChanging : runAsCaller;
  const { row, planned } = await run(r, async (tx) => {
    const limited = call && maxAffectedOf(r) !== undefined;
    const before = limited ? await rowsChangedInTransaction(tx) : 0;
    const result = (await tx.query<ReadResult>(statement.sql, statement.params)).rows[0];
    if (limited) checkMaxAffected(r, Math.max(Number(result.page), (await rowsChangedInTransaction(tx)) - before));
    if (!statement.plannedCount || !needsPlannedCount(r, result.total)) return { row: result, planned: undefined };
    const plan = await tx.query<{ 'QUERY PLAN': unknown }>(statement.plannedCount.sql, statement.plannedCount.params);
    return { row: result, planned: planRows(plan.rows[0]?.['QUERY PLAN']) };
  });
  const rows = Number(row.page);
  const total = planned ?? (row.total === null ? undefined : Number(row.total));
  const totalNotZero = total === 0 ? 1 : total;
  if (totalNotZero !== undefined && offset > totalNotZero) {
    throw restError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`);
  }
  singleRowCheck(r, rows);
  const status = total !== undefined && rows < total ? 206 : 200;
  const headers: Record<string, string> = { 'content-range': contentRange(offset, rows, total) };
  const applied = appliedPreferences(r.prefs, call ? ['count', 'handling', 'tx', 'maxAffected'] : ['count']);
  if (applied) headers['preference-applied'] = applied;
  return builtBody(status, row.body ?? '', headers, r.accept.media);
}

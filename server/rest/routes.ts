import { DEFAULT_BODY_LIMIT, type ApiRequest, type ApiResponse } from '../http.ts';
import { restError } from './errors.ts';
import { answerRead, planRead, readShape } from './read.ts';
import { appliedPreferences } from './headers.ts';
import { checkMaxAffected, contentRange, jsonBody, jsonPayload, maxAffectedOf, parseQueryOf, rowsChangedInTransaction, runChanging, singleRowCheck, withSchema, type RestRequest } from './request.ts';
import { argNamesOf, planRpc } from './rpc.ts';
import type { Relation, SchemaCache } from './schema-cache.ts';
import { QueryBuilder, qualified } from './sql.ts';
import { answerWrite, planWrite, type Payload } from './write.ts';

/** One /rest/v1 request → the table, view or function it names, by method. */

function pathSegments(req: ApiRequest): string[] {
  try {
    return req.path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    throw restError(400, 'PGRST125', 'Invalid path specified in request URL');
  }
}

export async function route(r: RestRequest): Promise<ApiResponse> {
  const segments = pathSegments(r.req);
  if (segments.length === 2 && segments[0] === 'rpc') return callFunction(r, segments[1]);
  if (segments.length !== 1) throw restError(404, 'PGRST125', 'Invalid path specified in request URL');
  const name = segments[0];
  switch (r.req.method) {
    case 'GET':
    case 'HEAD': {
      const ast = parseQueryOf(r.req);
      const statement = await withSchema(r, (cache) => {
        const relation = lookup(cache, r.schema, name);
        return planRead(r, new QueryBuilder(cache, ast.scopes), ast, relation, `${qualified(relation)} as "t0"`, readShape(r));
      });
      return answerRead(r, ast, statement);
    }
    case 'POST':
    case 'PATCH':
    case 'DELETE': {
      const ast = parseQueryOf(r.req);
      const payload = r.req.method === 'DELETE' ? undefined : await readPayload(r);
      let relation: Relation | undefined;
      const plan = await withSchema(r, (cache) => {
        relation = lookup(cache, r.schema, name);
        return planWrite(r, new QueryBuilder(cache, ast.scopes), relation, ast, payload);
      });
      return answerWrite(r, relation!, plan);
    }
    default:
      throw restError(405, 'PGRST117', `Unsupported HTTP method: ${r.req.method}`);
  }
}

function lookup(cache: SchemaCache, schema: string, name: string): Relation {
  const relation = cache.relation(schema, name);
  if (!relation) throw restError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);
  return relation;
}

async function readPayload(r: RestRequest): Promise<Payload> {
  const contentType = (r.req.headers['content-type'] ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (contentType !== 'application/json' && contentType !== '') {
    throw restError(415, 'PGRST107', `Content-Type not acceptable: ${contentType}`);
  }
  const raw = await r.req.body(DEFAULT_BODY_LIMIT);
  return { value: jsonPayload(raw), text: raw.toString('utf8') };
}

async function callFunction(r: RestRequest, name: string): Promise<ApiResponse> {
  const method = r.req.method;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw restError(405, 'PGRST101', 'For functions, only GET and POST verbs are allowed');
  }
  let args: Record<string, unknown> = {};
  let argsJson = '{}';
  let ast = method === 'POST' ? parseQueryOf(r.req) : undefined;
  if (method === 'POST') {
    const raw = await r.req.body(DEFAULT_BODY_LIMIT);
    if (raw.length > 0) {
      const value = jsonPayload(raw);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw restError(400, 'PGRST102', 'Empty or invalid json', 'The arguments of a function call must be a JSON object.');
      }
      args = value as Record<string, unknown>;
      argsJson = raw.toString('utf8');
    }
  }
  const plan = await withSchema(r, (cache) => {
    if (method !== 'POST') {
      // Without any function of that name, every parameter is taken for an argument, so the answer is PGRST202, as PostgREST's.
      const known = cache.functions(r.schema, name).length > 0;
      ast = parseQueryOf(r.req, known ? argNamesOf(cache, r.schema, name) : new Set(r.req.url.searchParams.keys()));
      args = Object.fromEntries(ast.args);
      argsJson = JSON.stringify(args);
    }
    return planRpc(r, cache, name, ast!, args, argsJson);
  });
  if (plan.rows) return answerRead(r, ast!, plan.statement, true);
  const limited = maxAffectedOf(r) !== undefined;
  const row = await runChanging(r, async (tx) => {
    const before = limited ? await rowsChangedInTransaction(tx) : 0;
    const result = (await tx.query<{ page: string | number; body: string | null }>(plan.statement.sql, plan.statement.params)).rows[0];
    if (limited) checkMaxAffected(r, Math.max(Number(result?.page ?? 0), (await rowsChangedInTransaction(tx)) - before));
    return result;
  });
  const applied = appliedPreferences(r.prefs, ['handling', 'tx', 'maxAffected']);
  const preference: Record<string, string> = applied ? { 'preference-applied': applied } : {};
  if (plan.fn.returnKind === 'void') return { status: 204, headers: preference, body: '' };
  const rows = Number(row?.page ?? 0);
  if (plan.fn.returnsSet) singleRowCheck(r, rows);
  return jsonBody(200, row?.body ?? 'null', { 'content-range': contentRange(0, rows, undefined), ...preference });
}

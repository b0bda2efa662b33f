import { DEFAULT_BODY_LIMIT, type ApiRequest, type ApiResponse } from '../http.ts';
import { restError } from './errors.ts';
import { answerRead, planRead, readShape } from './read.ts';
import { appliedPreferences } from './headers.ts';
import { checkMaxAffected, jsonPayload, maxAffectedOf, parseQueryOf, rowsChangedInTransaction, runChanging, withSchema, type RestRequest } from './request.ts';
import { argNamesOf, planRpc, variadicNamesOf, type CallArgs, type CallMedia } from './rpc.ts';
import type { Relation, SchemaCache } from './schema-cache.ts';
import type { QueryAst } from './parse.ts';
import { Memo } from './memo.ts';
import { QueryBuilder, qualified, type Statement } from './sql.ts';
import { answerWrite, planWrite, type Payload } from './write.ts';

/** One /rest/v1 request → the table, view or function it names, by method. */

function pathSegments(req: ApiRequest): string[] {
  try {
    const segments = req.path.split('/').filter(Boolean);
    // Without a `%` there is nothing to decode (and nothing malformed).
    return req.path.includes('%') ? segments.map(decodeURIComponent) : segments;
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
      const { ast, statement } = await planTableRead(r, name);
      return answerRead(r, ast, statement);
    }
    case 'POST':
    case 'PUT':
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

/**
 * Reads of tables and views, remembered: shops send the same few query strings over and over (a
 * shop page, a product page), and parsing and planning one is most of the REST layer's own work
 * on a small read. The parsed query string is kept by the string; the statement by everything it
 * is planned from (schema, name, method, Accept, Prefer: count, Range and the query string), per
 * schema cache, so a reloaded cache plans afresh and an old one's plans go with it. Only what
 * parsed and planned is kept: a request that fails does the work (and fails) every time.
 * Nothing here depends on the caller: the statement runs under the caller's role and claims.
 */
const PLANS_KEPT = 256;
/** Longer query strings and statements are planned every time (what is kept stays under ~10 MB). */
const PLANNED_QUERY_MAX = 4096;
const PLANNED_SQL_MAX = 32 * 1024;
const parsedReads = new Memo<string, QueryAst>(PLANS_KEPT);
const plannedReads = new WeakMap<SchemaCache, Memo<string, Statement>>();

async function planTableRead(r: RestRequest, name: string): Promise<{ ast: QueryAst; statement: Statement }> {
  const search = r.req.url.search;
  if (search.length > PLANNED_QUERY_MAX) {
    const ast = parseQueryOf(r.req);
    return { ast, statement: await withSchema(r, (cache) => planTable(r, cache, ast, name)) };
  }
  const ast = parsedReads.get(search, () => parseQueryOf(r.req));
  // Free text (the name, the Range headers) goes in with its length, so no two requests share a key.
  const { range, 'range-unit': unit } = r.req.headers;
  const key = `${r.req.method}\0${r.schema}\0${r.accept.media}\0${r.accept.stripNulls}\0${r.prefs.count}\0${range?.length}:${range}\0${unit?.length}:${unit}\0${name.length}:${name}\0${search}`;
  const statement = await withSchema(r, (cache) => {
    let plans = plannedReads.get(cache);
    if (!plans) {
      plans = new Memo(PLANS_KEPT);
      plannedReads.set(cache, plans);
    }
    return plans.get(
      key,
      () => planTable(r, cache, ast, name),
      (planned) => planned.sql.length <= PLANNED_SQL_MAX,
    );
  });
  return { ast, statement };
}

function planTable(r: RestRequest, cache: SchemaCache, ast: QueryAst, name: string): Statement {
  const relation = lookup(cache, r.schema, name);
  return planRead(r, new QueryBuilder(cache, ast.scopes), ast, relation, `${qualified(relation)} as "t0"`, readShape(r));
}

function lookup(cache: SchemaCache, schema: string, name: string): Relation {
  const relation = cache.relation(schema, name);
  if (!relation) throw restError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);
  return relation;
}

/** The request body's media type, without parameters (JSON when none is given). */
const mediaOf = (r: RestRequest) => (r.req.headers['content-type'] ?? 'application/json').split(';')[0].trim().toLowerCase();

async function readPayload(r: RestRequest): Promise<Payload> {
  const contentType = mediaOf(r);
  if (contentType !== 'application/json' && contentType !== '') {
    throw restError(415, 'PGRST107', `Content-Type not acceptable: ${contentType}`);
  }
  const raw = await r.req.body(DEFAULT_BODY_LIMIT);
  return { value: jsonPayload(raw), text: raw.toString('utf8') };
}

/** Content-Types a function call accepts (PostgREST): JSON, a form, or a raw body for a single unnamed parameter. */
const CALL_MEDIA: Record<string, CallMedia> = {
  '': 'json',
  'application/json': 'json',
  'application/x-www-form-urlencoded': 'form',
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'octet',
};

/**
 * Named arguments from query or form parameters (the last of a repeated one), except that a
 * variadic parameter takes every repetition as its array — or one array literal `{a,b}`, as
 * postgrest-js sends arrays.
 */
function paramArgs(params: URLSearchParams, names: Iterable<string>, variadic: ReadonlySet<string>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of names) {
    const values = params.getAll(name);
    const literal = values.length === 1 && values[0].startsWith('{');
    args[name] = variadic.has(name) && !literal ? values : values.at(-1);
  }
  return args;
}

/**
 * Functions that take a whole file's rows in one call (one transaction) get a larger body than the
 * default 1 MB: the catalogue import (ADR 0037) takes up to a 5 MB CSV as JSON rows.
 */
const FUNCTION_BODY_LIMITS: Record<string, number> = { import_products: 12 * 1024 * 1024 };

/** A POST's arguments by its Content-Type; a JSON body that is not an object can only go whole to a json parameter. */
async function postArgs(r: RestRequest, limit = DEFAULT_BODY_LIMIT): Promise<CallArgs & { form?: URLSearchParams }> {
  const type = mediaOf(r);
  const media = CALL_MEDIA[type];
  if (!media) throw restError(415, 'PGRST107', `Content-Type not acceptable: ${type}`);
  const raw = await r.req.body(limit);
  if (media === 'octet') return { post: true, media, named: {}, whole: raw.toString('hex') };
  const text = raw.toString('utf8');
  if (media === 'text' || media === 'xml') return { post: true, media, named: {}, whole: text };
  if (media === 'form') return { post: true, media, named: {}, whole: '', form: new URLSearchParams(text) };
  if (raw.length === 0) return { post: true, media, named: {}, whole: '{}' };
  const value = jsonPayload(raw);
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  return { post: true, media, named: isObject ? (value as Record<string, unknown>) : undefined, whole: text };
}

async function callFunction(r: RestRequest, name: string): Promise<ApiResponse> {
  const method = r.req.method;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw restError(405, 'PGRST101', 'For functions, only GET and POST verbs are allowed');
  }
  const posted = method === 'POST' ? await postArgs(r, FUNCTION_BODY_LIMITS[name]) : undefined;
  let ast = method === 'POST' ? parseQueryOf(r.req) : undefined;
  const plan = await withSchema(r, (cache) => {
    const variadic = variadicNamesOf(cache, r.schema, name);
    let call: CallArgs;
    if (posted) {
      call = posted.form ? { ...posted, named: paramArgs(posted.form, posted.form.keys(), variadic) } : posted;
    } else {
      // Without any function of that name, every parameter is taken for an argument, so the answer is PGRST202, as PostgREST's.
      const known = cache.functions(r.schema, name).length > 0;
      ast = parseQueryOf(r.req, known ? argNamesOf(cache, r.schema, name) : new Set(r.req.url.searchParams.keys()));
      call = { post: false, media: 'json', named: paramArgs(r.req.url.searchParams, ast.args.keys(), variadic), whole: '' };
    }
    return planRpc(r, cache, name, ast!, call);
  });
  if (plan.fn.returnKind !== 'void') return answerRead(r, ast!, plan.statement, true);
  const limited = maxAffectedOf(r) !== undefined;
  await runChanging(r, async (tx) => {
    const before = limited ? await rowsChangedInTransaction(tx) : 0;
    await tx.query(plan.statement.sql, plan.statement.params);
    if (limited) checkMaxAffected(r, (await rowsChangedInTransaction(tx)) - before);
  });
  const applied = appliedPreferences(r.prefs, ['handling', 'tx', 'maxAffected']);
  return { status: 204, headers: applied ? { 'preference-applied': applied } : {}, body: '' };
}

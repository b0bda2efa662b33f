import { csvBodySql } from './csv.ts';
import { restError, type RestError } from './errors.ts';
import { fuzzyMatches } from './fuzzy.ts';
import type { QueryAst } from './parse.ts';
import { pageWindow, planRead } from './read.ts';
import type { RestRequest } from './request.ts';
import type { FunctionInfo, FunctionParam, SchemaCache } from './schema-cache.ts';
import type { BodyShape } from './select.ts';
import { QueryBuilder, qualified, quoteIdent, type Statement } from './sql.ts';

/** What a POST body is to a function call, by its Content-Type (GET calls are 'json' with `post` false). */
export type CallMedia = 'json' | 'form' | 'text' | 'xml' | 'octet';

/** Bodies that are an argument in themselves, for a single unnamed parameter of this type (PostgREST). */
const RAW_MEDIA_TYPES: Partial<Record<CallMedia, string>> = { text: 'text', xml: 'xml', octet: 'bytea' };
const WHOLE_BODY_TYPES: Partial<Record<CallMedia, readonly string[]>> = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], octet: ['bytea'] };

/** The arguments of one call, as the request gives them. */
export interface CallArgs {
  post: boolean;
  media: CallMedia;
  /** Named arguments: the JSON object's, the form's or the query's; undefined for a JSON body that is no object. */
  named: Record<string, unknown> | undefined;
  /** The whole body, for a function with a single unnamed parameter (JSON text, text, or bytea as hex). */
  whole: string;
}

export interface RpcPlan {
  statement: Statement;
  fn: FunctionInfo;
}

const inputs = (fn: FunctionInfo) => fn.params.filter((p) => p.mode === 'i' || p.mode === 'b' || p.mode === 'v');

/** Every input parameter name of the functions called `name`: these query parameters are arguments, the others filters. */
export function argNamesOf(cache: SchemaCache, schema: string, name: string): Set<string> {
  return new Set(cache.functions(schema, name).flatMap((fn) => inputs(fn).map((p) => p.name)));
}

/** Variadic parameter names of the functions called `name`: a repeated query parameter fills their array. */
export function variadicNamesOf(cache: SchemaCache, schema: string, name: string): Set<string> {
  return new Set(
    cache.functions(schema, name).flatMap((fn) =>
      inputs(fn)
        .filter((p) => p.mode === 'v')
        .map((p) => p.name),
    ),
  );
}

/**
 * PostgREST's parameter match: without parameters, no argument (and no raw body) may be given;
 * otherwise every given name is a parameter and every parameter without a default is given.
 */
function matchesNames(fn: FunctionInfo, given: ReadonlySet<string>, call: CallArgs): boolean {
  const params = inputs(fn);
  if (params.length === 0) return given.size === 0 && !(call.post && RAW_MEDIA_TYPES[call.media]);
  const names = new Set(params.map((p) => p.name));
  return [...given].every((g) => names.has(g)) && params.every((p) => p.hasDefault || given.has(p.name));
}

/** A POST whose body goes whole to the function's single unnamed parameter of the body's type. */
function takesWholeBody(fn: FunctionInfo, call: CallArgs): boolean {
  const params = inputs(fn);
  return call.post && params.length === 1 && params[0].name === '' && (WHOLE_BODY_TYPES[call.media] ?? []).includes(params[0].type);
}

/**
 * PostgREST's overload choice: the functions whose parameters match the given names; failing
 * those, a single unnamed parameter that takes the body. Two candidates are PGRST203, none PGRST202.
 */
export function chooseFunction(cache: SchemaCache, schema: string, name: string, call: CallArgs): { fn: FunctionInfo; whole: boolean } {
  const candidates = cache.functions(schema, name);
  const given = new Set(RAW_MEDIA_TYPES[call.media] && call.post ? [] : Object.keys(call.named ?? {}));
  const matching = candidates.filter((fn) => matchesNames(fn, given, call));
  if (matching.length === 1) return { fn: matching[0], whole: false };
  if (matching.length > 1) throw ambiguousFunction(matching);
  const whole = candidates.filter((fn) => takesWholeBody(fn, call));
  if (whole.length === 1) return { fn: whole[0], whole: true };
  if (whole.length > 1) throw ambiguousFunction(whole);
  throw functionNotFound(schema, name, [...given].sort(), call, candidates, cache.functionNames(schema));
}

function ambiguousFunction(fns: FunctionInfo[]): RestError {
  const signature = (fn: FunctionInfo) =>
    `${fn.schema}.${fn.name}(${inputs(fn)
      .map((p) => `${p.name} => ${p.type}`)
      .join(', ')})`;
  const byAge = [...fns].sort((a, b) => Number(a.oid) - Number(b.oid));
  return restError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${byAge.map(signature).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** PGRST202 as PostgREST 12+ words it; a raw body is no parameter list, and gets no hint. */
function functionNotFound(schema: string, name: string, given: string[], call: CallArgs, overloads: FunctionInfo[], schemaFunctions: string[]): RestError {
  const fn = `${schema}.${name}`;
  const rawType = call.post ? RAW_MEDIA_TYPES[call.media] : undefined;
  const list = given.length ? given.join(', ') : '';
  const withParams = given.length ? ` with parameter${given.length > 1 ? 's' : ''} ${list}` : ' without parameters';
  const searched = rawType
    ? ` with a single unnamed ${rawType} parameter`
    : call.post && call.media === 'json'
      ? `${withParams} or with a single unnamed json/jsonb parameter`
      : withParams;
  return restError(
    404,
    'PGRST202',
    `Could not find the function ${fn}${rawType ? '' : given.length ? `(${list})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`,
    rawType ? null : functionHint(schema, name, given, overloads, schemaFunctions),
  );
}

/**
 * "Perhaps you meant …", as PostgREST's fuzzy match finds it: with overloads of that name, the one
 * whose sorted parameter names are closest to the given ones; without, the schema's function whose
 * name is closest (similarity at least 0.75, so that no unrelated name is suggested).
 */
function functionHint(schema: string, name: string, given: string[], overloads: FunctionInfo[], schemaFunctions: string[]): string | null {
  const prefix = `Perhaps you meant to call the function ${schema}.`;
  if (overloads.length === 0) {
    const best = fuzzyMatches(schemaFunctions, name, 0.75)[0];
    return best ? `${prefix}${best[1]}` : null;
  }
  const asText = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const best = fuzzyMatches(
    overloads.map((o) => asText(inputs(o).map((p) => p.name))),
    asText(given),
  )[0];
  return best ? `${prefix}${name}${best[1]}` : null;
}

export function planRpc(r: RestRequest, cache: SchemaCache, name: string, ast: QueryAst, call: CallArgs): RpcPlan {
  const { fn, whole } = chooseFunction(cache, r.schema, name, call);
  if (!whole && !call.named) throw restError(400, 'PGRST102', 'Empty or invalid json', 'The arguments of a function call must be a JSON object.');
  const reading = r.req.method === 'GET' || r.req.method === 'HEAD';
  if (reading && fn.volatility === 'v') {
    throw restError(405, '25006', `cannot execute ${fn.schema}.${fn.name} in a read-only transaction`, null, 'The function is volatile: call it with POST.');
  }
  const b = new QueryBuilder(cache, ast.scopes);
  const { call: callSql, argsFrom } = whole ? wholeBodyCall(b, fn, call.whole) : rpcCall(b, fn, JSON.stringify(call.named), Object.keys(call.named ?? {}));
  if (fn.returnKind !== 'rows' || !fn.returnRelation) {
    b.checkAllScopesUsed();
    return { statement: scalarRpc(r, b, ast, fn, callSql, argsFrom), fn };
  }
  const from = argsFrom ? `${argsFrom} cross join lateral ${callSql} as "t0"` : `${callSql} as "t0"`;
  return { statement: planRead(r, b, ast, fn.returnRelation, from, rpcShape(r, fn)), fn };
}

/** The body of a call's rows: none for HEAD, CSV, one object for a function that returns one row. */
function rpcShape(r: RestRequest, fn: FunctionInfo): BodyShape {
  if (r.req.method === 'HEAD') return 'none';
  if (r.accept.media === 'csv') return 'csv';
  return r.accept.media === 'object' || !fn.returnsSet ? 'object' : 'array';
}

/** The call with the body as its one positional argument, cast to the parameter's type (bytea arrives as hex). */
function wholeBodyCall(b: QueryBuilder, fn: FunctionInfo, body: string): { call: string; argsFrom: string } {
  const param = inputs(fn)[0];
  const value = param.type === 'bytea' ? `decode(${b.param(body)}, 'hex')` : `${b.param(body)}::text::${param.type}`;
  return { call: `${qualified(fn)}(${value})`, argsFrom: '' };
}

/**
 * Function call with named arguments taken from one JSON object (json_to_record types them); a
 * variadic parameter is passed as its array (`variadic name := array`).
 */
export function rpcCall(b: QueryBuilder, fn: FunctionInfo, argsJson: string, argNames: string[]): { call: string; argsFrom: string } {
  const param = (n: string) => fn.params.find((p) => p.name === n) as FunctionParam;
  const call = `${qualified(fn)}(${argNames.map((n) => `${param(n).mode === 'v' ? 'variadic ' : ''}${quoteIdent(n)} := "_args".${quoteIdent(n)}`).join(', ')})`;
  if (argNames.length === 0) return { call, argsFrom: '' };
  const types = argNames.map((n) => `${quoteIdent(n)} ${param(n).type}`);
  return { call, argsFrom: `json_to_record(${b.param(argsJson)}::json) as "_args"(${types.join(', ')})` };
}

/**
 * A function that returns no rows of columns: void, one value, or a set of values — the set paged
 * by limit/offset and Range and counted on `Prefer: count`, as PostgREST does. In CSV the values are
 * one column named after the function.
 */
export function scalarRpc(r: RestRequest, b: QueryBuilder, ast: QueryAst, fn: FunctionInfo, call: string, argsFrom: string): Statement {
  if (fn.returnKind === 'void')
    return { sql: `select null::int8 as total, 0 as page, null::text as body, (${call})::text as ignored${argsFrom ? ` from ${argsFrom}` : ''}`, params: b.params };
  const column = quoteIdent(fn.name);
  let page: string;
  let total = 'null::int8';
  let plannedCount: Statement['plannedCount'];
  if (fn.returnsSet) {
    const source = argsFrom ? `${argsFrom} cross join lateral ${call} as "t0"("v")` : `${call} as "t0"("v")`;
    const { limit, offset } = pageWindow(r, ast);
    // `estimated` is exact up to max-rows, planned above it (answerRead picks, as in planRead).
    if (r.prefs.count === 'planned' || r.prefs.count === 'estimated') plannedCount = { sql: `explain (format json) select "t0"."v" from ${source}`, params: [...b.params] };
    if (r.prefs.count === 'exact' || r.prefs.count === 'estimated') total = `(select count(*) from ${source})`;
    page = `select "t0"."v" as ${column} from ${source}${b.limitOffset(limit, offset)}`;
  } else {
    page = `select ${call} as ${column}${argsFrom ? ` from ${argsFrom}` : ''}`;
  }
  let body = `coalesce(json_agg("_t".${column}), '[]')::text`;
  if (r.req.method === 'HEAD') body = 'null::text';
  else if (r.accept.media === 'csv') body = csvBodySql('"_t"');
  else if (!fn.returnsSet) body = `(json_agg("_t".${column}) -> 0)::text`;
  return { sql: `select ${total} as total, count(*) as page, ${body} as body from (${page}) as "_t"`, params: b.params, plannedCount };
}

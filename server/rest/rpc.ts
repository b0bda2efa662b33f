import { restError } from './errors.ts';
import type { QueryAst } from './parse.ts';
import { planRead } from './read.ts';
import type { RestRequest } from './request.ts';
import type { FunctionInfo, SchemaCache } from './schema-cache.ts';
import type { BodyShape } from './select.ts';
import { QueryBuilder, qualified, quoteIdent, type Statement } from './sql.ts';

export interface RpcPlan {
  statement: Statement;
  fn: FunctionInfo;
  /** Rows go through the read path (filters, order, Content-Range); scalars answer their value. */
  rows: boolean;
}

const inputs = (fn: FunctionInfo) => fn.params.filter((p) => p.mode === 'i' || p.mode === 'b' || p.mode === 'v');

export function argNamesOf(cache: SchemaCache, schema: string, name: string): Set<string> {
  return new Set(cache.functions(schema, name).flatMap((fn) => inputs(fn).map((p) => p.name)));
}

/** PostgREST's overload choice: every given argument is a parameter and every parameter without default is given. */
export function chooseFunction(cache: SchemaCache, schema: string, name: string, given: string[]): FunctionInfo {
  const matches = cache.functions(schema, name).filter((fn) => {
    const params = inputs(fn);
    return given.every((g) => params.some((p) => p.name === g)) && params.every((p) => p.hasDefault || given.includes(p.name));
  });
  if (matches.length === 1) return matches[0];
  if (matches.length > 1) {
    throw restError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map((fn) => `${schema}.${name}(${inputs(fn).map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const sorted = [...given].sort();
  const withParams = sorted.length ? `with parameters ${sorted.join(', ')}` : 'without parameters';
  throw restError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${schema}.${name} ${withParams} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}

export function planRpc(r: RestRequest, cache: SchemaCache, name: string, ast: QueryAst, args: Record<string, unknown>, argsJson: string): RpcPlan {
  const given = Object.keys(args);
  const fn = chooseFunction(cache, r.schema, name, given);
  const reading = r.req.method === 'GET' || r.req.method === 'HEAD';
  if (reading && fn.volatility === 'v') {
    throw restError(405, '25006', `cannot execute ${fn.schema}.${fn.name} in a read-only transaction`, null, 'The function is volatile: call it with POST.');
  }
  const b = new QueryBuilder(cache, ast.scopes);
  const { call, argsFrom } = rpcCall(b, fn, argsJson, given);
  if (fn.returnKind !== 'rows' || !fn.returnRelation) {
    b.checkAllScopesUsed();
    return { statement: scalarRpc(b, fn, call, argsFrom), fn, rows: false };
  }
  const from = argsFrom ? `${argsFrom} cross join lateral ${call} as "t0"` : `${call} as "t0"`;
  const shape: BodyShape = r.req.method === 'HEAD' ? 'none' : r.accept.media === 'object' || !fn.returnsSet ? 'object' : 'array';
  return { statement: planRead(r, b, ast, fn.returnRelation, from, shape), fn, rows: true };
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

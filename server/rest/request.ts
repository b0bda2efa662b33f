import { API_ROLES, resolveCaller } from '../caller.ts';
import type { Config } from '../config.ts';
import { asRole, type ServerContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';
import type { Claims } from '../jwt.ts';
import { RestError, restError } from './errors.ts';
import { parseAccept, parsePrefer, type Accept, type MediaType, type Preferences } from './headers.ts';
import { Memo } from './memo.ts';
import { parseQuery, type QueryAst } from './parse.ts';
import type { SchemaCache, SchemaCacheHolder } from './schema-cache.ts';

/** Everything about one /rest/v1 request that does not depend on the object it names. */
export interface RestRequest {
  req: ApiRequest;
  context: ServerContext;
  claims: Claims;
  schema: string;
  accept: Accept;
  prefs: Preferences;
  holder: SchemaCacheHolder;
}

/** Below Node's 16 KB header limit, so an over-long query string still gets a JSON answer. */
export const MAX_QUERY_LENGTH = 12 * 1024;

/**
 * Accept and Prefer as parsed before, by header value: clients send the same few on every request.
 * Values longer than 256 characters are parsed every time.
 */
const HEADERS_KEPT = 64;
const accepts = new Memo<string | undefined, Accept | undefined>(HEADERS_KEPT);
const preferences = new Memo<string | undefined, Preferences>(HEADERS_KEPT);
const shortHeader = (header: string | undefined) => header === undefined || header.length <= 256;

export async function readRequest(req: ApiRequest, context: ServerContext, holder: SchemaCacheHolder): Promise<RestRequest> {
  if (req.url.search.length > MAX_QUERY_LENGTH) {
    throw restError(414, 'PGRST100', 'The query string is too long', `At most ${MAX_QUERY_LENGTH} characters are accepted; this one has ${req.url.search.length}.`);
  }
  const caller = await resolveCaller(req, context.config);
  if (!caller.ok) {
    const code = caller.reason === 'expired' ? 'PGRST303' : 'PGRST301';
    const description = caller.message.replace(/["\\]/g, '');
    throw new RestError(
      401,
      { code, message: caller.message, details: null, hint: null },
      {
        'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
      },
    );
  }
  const role = caller.claims.role;
  if (!API_ROLES.has(role)) {
    throw restError(401, 'PGRST301', `The JWT role "${role}" is not allowed`, null, 'Tokens may carry the role anon, authenticated or service_role.');
  }
  const reading = req.method === 'GET' || req.method === 'HEAD';
  const profile = reading ? req.headers['accept-profile'] : req.headers['content-profile'];
  const schemas = context.config.dbSchemas;
  const schema = profile ?? schemas[0];
  if (!schemas.includes(schema)) {
    throw restError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${schemas.join(', ')}`);
  }
  const { accept: acceptHeader, prefer: preferHeader } = req.headers;
  const accept = accepts.get(
    acceptHeader,
    () => parseAccept(acceptHeader),
    () => shortHeader(acceptHeader),
  );
  if (!accept) throw restError(406, 'PGRST107', `None of these media types are available: ${req.headers.accept}`);
  const prefs = preferences.get(
    preferHeader,
    () => parsePrefer(preferHeader),
    () => shortHeader(preferHeader),
  );
  if (prefs.handling === 'strict' && prefs.invalid.length) {
    throw restError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.invalid.join(', ')}`);
  }
  return { req, context, claims: caller.claims, schema, accept, prefs, holder };
}

export function parseQueryOf(req: ApiRequest, argNames?: ReadonlySet<string>): QueryAst {
  return parseQuery(req.url.searchParams, argNames);
}

/**
 * Runs SQL as the caller, in one transaction, exactly as PostgREST sets it up, with the role's
 * statement timeout (config.statementTimeouts, hosted Supabase's anon 3 s and authenticated 8 s).
 */
export function runAsCaller<T>(r: RestRequest, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const statementTimeoutMs = r.context.config.statementTimeouts?.[r.claims.role as keyof Config['statementTimeouts']];
  return asRole(r.context.db, r.claims, fn, { method: r.req.method, path: r.req.path, headers: r.req.headers, statementTimeoutMs });
}

class RolledBack {
  constructor(readonly result: unknown) {}
}

/**
 * Runs a request that may change data: as the caller, in one transaction, which `Prefer: tx=rollback`
 * rolls back once everything succeeded (the answer is still the one the statements gave).
 */
export async function runChanging<T>(r: RestRequest, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await runAsCaller(r, async (tx) => {
      const result = await fn(tx);
      if (r.prefs.tx === 'rollback') throw new RolledBack(result);
      return result;
    });
  } catch (e) {
    if (e instanceof RolledBack) return e.result as T;
    throw e;
  }
}

/** Whether `Prefer: handling=strict, max-affected=N` asks for a limit (lenient handling ignores it, as PostgREST). */
export const maxAffectedOf = (r: RestRequest): number | undefined => (r.prefs.handling === 'strict' ? r.prefs.maxAffected : undefined);

/** PGRST124 when more rows were affected than `max-affected` allows; thrown inside the transaction, so nothing is kept. */
export function checkMaxAffected(r: RestRequest, rows: number): void {
  const max = maxAffectedOf(r);
  if (max !== undefined && rows > max) {
    throw restError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`);
  }
}

/**
 * Rows inserted, updated or deleted so far in this transaction, in every table (triggers and
 * cascades included): how a function call's effect is measured for `max-affected`.
 */
export async function rowsChangedInTransaction(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ n: string | number }>('select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::int8 as n from pg_catalog.pg_stat_xact_all_tables');
  return Number(rows[0]?.n ?? 0);
}

const STALE_CACHE_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703']);

/**
 * Plans with the current schema cache; when the request names something the cache does not know,
 * reloads it (rate-limited) and plans once more, so new tables and columns appear without restart.
 */
export async function withSchema<T>(r: RestRequest, plan: (cache: SchemaCache) => T): Promise<T> {
  const cache = await r.holder.get();
  try {
    return plan(cache);
  } catch (e) {
    if (!(e instanceof RestError) || !STALE_CACHE_CODES.has(e.body.code)) throw e;
    const fresh = await r.holder.refresh();
    if (fresh === cache) throw e;
    return plan(fresh);
  }
}

/** `Content-Range` as PostgREST writes it: `0-11/57`, `*\/57` when empty, `…/*` without a count. */
export function contentRange(offset: number, rows: number, total: number | undefined): string {
  const range = rows > 0 ? `${offset}-${offset + rows - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

const CONTENT_TYPES: Record<MediaType, string> = {
  json: 'application/json; charset=utf-8',
  object: 'application/vnd.pgrst.object+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** An answer whose body Postgres built (JSON or CSV text), with the Content-Type of its media. */
export function builtBody(status: number, body: string | undefined, headers: Record<string, string>, media: MediaType = 'json'): ApiResponse {
  return { status, headers: { 'content-type': CONTENT_TYPES[media], ...headers }, body: body ?? '' };
}

/** A single-object Accept demands exactly one row (PGRST116 otherwise). */
export function singleRowCheck(r: RestRequest, rows: number): void {
  if (r.accept.media === 'object' && rows !== 1) {
    throw restError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
  }
}

export function jsonPayload(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw restError(400, 'PGRST102', 'Empty or invalid json', null);
  }
}

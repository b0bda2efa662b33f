import type { Module, ServerContext } from '../context.ts';
import { readOnlyView } from '../db/writes.ts';
import { json, strongEtag, type ApiRequest, type ApiResponse } from '../http.ts';
import { AnswerCache, dataFreshness, isRead, type Answer } from './answer-cache.ts';
import { toRestError } from './errors.ts';
import { readRequest } from './request.ts';
import { route } from './routes.ts';
import { SchemaCacheHolder } from './schema-cache.ts';

/** Postgres errors that mean the schema changed under the cache (a dropped or renamed object). */
const STALE_OBJECT_CODES = new Set(['42P01', '42703', '42883']);

/**
 * /rest/v1: the PostgREST protocol over the exposed schemas, as supabase-js speaks it. Reads (GET,
 * HEAD) run in read-only transactions, as PostgREST runs them; anon callers' answers to them are kept
 * in an AnswerCache until the data changes (on PGlite: this process writes; on PostgreSQL: any
 * transaction ends, as the database's snapshot shows).
 */
export function createRest(context: ServerContext): Module {
  const reads: ServerContext = { ...context, db: readOnlyView(context.db) };
  const holder = new SchemaCacheHolder(reads.db, context.config.dbSchemas);
  const { bytes, entries } = context.config.answerCache;
  // PGlite's data folder is this process' alone: its write clock says when data may have changed.
  // PostgreSQL may be written by anyone: the database's snapshot says it (snapshotVersions).
  const { versions, volatile } = dataFreshness(context.db);
  const cache = bytes > 0 && entries > 0 ? new AnswerCache(versions, { bytes, entries }, volatile) : undefined;

  const answer = async (req: ApiRequest): Promise<Answer> => {
    let role = 'anon';
    try {
      const r = await readRequest(req, isRead(req) ? reads : context, holder);
      role = r.claims.role;
      const response = withValidator(req, role, await route(r));
      const storable = role === 'anon' && (response.status === 200 || response.status === 206);
      return { response, storable, expiresAt: typeof r.claims.exp === 'number' ? r.claims.exp * 1000 : undefined };
    } catch (e) {
      const error = toRestError(e, role);
      if (error && STALE_OBJECT_CODES.has(error.body.code)) void holder.refresh().catch(() => {});
      if (error) return { response: json(error.status, error.body, error.headers), storable: false };
      console.error(`[rest] ${req.method} ${req.path}${req.url.search}:`, e);
      return { response: json(500, { code: 'XX000', message: 'Internal server error', details: null, hint: null }), storable: false };
    }
  };

  return {
    async handle(req) {
      if (cache && isRead(req)) return cache.serve(req, () => answer(req));
      return (await answer(req)).response;
    },
  };
}

/**
 * Reads (GET, and GET of rpc/) carry a strong ETag of the answer and `Cache-Control: no-cache`: the
 * browser keeps the body but asks every time, and the gateway (server/app.ts) answers a matching
 * If-None-Match with 304 and no body. Nothing can be stale: the tag is a hash of the answer this
 * caller gets now, so a write shows on the very next read. Signed-in callers' answers are treated the
 * same but marked `private`, so no shared cache stores them (requests with Authorization are not
 * stored by shared caches anyway, RFC 9111 §3.5, unless the answer says `public`). No
 * `Vary: Authorization`: a tag only matches the caller's own current answer, and a signed-in
 * shopper's catalogue page is usually the very same bytes as a visitor's. HEAD answers have no body
 * to hash (PostgREST plans them without one), so they get no ETag.
 */
function withValidator(req: ApiRequest, role: string, res: ApiResponse): ApiResponse {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || (res.status !== 200 && res.status !== 206)) return res;
  const headers: Record<string, string> = { ...res.headers, 'cache-control': role === 'anon' ? 'no-cache' : 'private, no-cache' };
  if (req.method === 'GET' && res.body !== undefined) headers.etag = strongEtag(res);
  return { ...res, headers };
}

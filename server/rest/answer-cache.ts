import type { Queryable, WriteClock } from '../db/types.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';

/** One computed answer to a read, and whether it may be kept for identical requests. */
export interface Answer {
  response: ApiResponse;
  /** Kept only when true (anon callers' 200/206 answers); others are handed out once. */
  storable: boolean;
  /** When the answer stops being valid (the caller's token expiry), ms since the epoch. */
  expiresAt?: number;
}

export interface AnswerCacheLimits {
  entries: number;
  bytes: number;
}

/**
 * Request headers that never reach a /rest/v1 answer: transport (host, connection, encodings, which
 * the gateway applies after the answer), conditional headers (the gateway compares the answer's
 * ETag), and what browsers and supabase-js add for their own bookkeeping. Every other header is part
 * of the key, so a header the REST layer starts reading tomorrow cannot be answered from another
 * request's entry. (Unless a function or policy reads `request.headers`: then nothing is cached.)
 */
export const IGNORED_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
  'user-agent',
  'origin',
  'referer',
  'cache-control',
  'pragma',
  'accept-language',
  'x-client-info',
  'x-retry-count',
  'x-forwarded-for',
  'x-real-ip',
  'dnt',
]);

/** The cache key: method, path and query as sent, and every header that may change the answer. */
export function cacheKey(req: ApiRequest): string {
  const headers = Object.entries(req.headers)
    .filter(([name, value]) => value !== undefined && !IGNORED_HEADERS.has(name) && !name.startsWith('sec-'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}:${value}`);
  return `${req.method} ${req.path}${req.url.search}\n${headers.join('\n')}`;
}

/** GET and HEAD are the reads; everything else goes straight to the REST layer. */
export const isRead = (req: ApiRequest): boolean => req.method === 'GET' || req.method === 'HEAD';

interface Entry {
  response: ApiResponse;
  bytes: number;
  expiresAt: number;
}

interface Pending {
  generation: number;
  /** The answer, and whether it may depend on more than the key (then it is not shared either). */
  promise: Promise<{ volatile: boolean; answer: Answer }>;
}

/**
 * Answers to reads of /rest/v1, kept until this process writes anything (see ADR 0019). Correct by
 * construction: an answer is stored only when no write was in flight when its computation started
 * and none started or ended until it finished (the write clock's generation did not move), and every
 * entry is dropped as soon as the generation moves. Identical reads arriving while one is computed,
 * with no write started since it began, share its answer (the data it read is the data they would). Bounded by entries and bytes, least recently used go.
 * `volatile` says, per generation, whether answers may depend on the clock or on request headers
 * beyond the key (views, policies or functions using now() or request.headers): then nothing is kept.
 */
export class AnswerCache {
  private entries = new Map<string, Entry>();
  private pending = new Map<string, Pending>();
  private bytes = 0;
  private generation: number;
  private volatility?: { generation: number; result: Promise<boolean> };
  readonly stats = { hits: 0, shared: 0, misses: 0, stored: 0 };

  constructor(
    private readonly clock: WriteClock,
    private readonly limits: AnswerCacheLimits,
    private readonly volatile: () => Promise<boolean>,
    private readonly now: () => number = Date.now,
  ) {
    this.generation = clock.generation;
  }

  /** The answer to req: from the cache, shared with an identical read in progress, or computed. */
  async serve(req: ApiRequest, compute: () => Promise<Answer>): Promise<ApiResponse> {
    const key = cacheKey(req);
    const generation = this.clock.generation;
    const quiet = this.clock.writing === 0;
    const hit = this.lookup(key, generation);
    if (hit) {
      this.stats.hits++;
      return hit;
    }
    const pending = this.pending.get(key);
    if (quiet && pending?.generation === generation) {
      const shared = await pending.promise;
      if (!shared.volatile) {
        this.stats.shared++;
        return copy(shared.answer.response);
      }
    }
    this.stats.misses++;
    if (!quiet) return (await compute()).response;
    const promise = (async () => ({ volatile: await this.isVolatile(generation), answer: await compute() }))();
    this.pending.set(key, { generation, promise });
    try {
      const { volatile, answer } = await promise;
      if (!volatile && answer.storable && this.clock.generation === generation && this.clock.writing === 0) this.store(key, answer, generation);
      return copy(answer.response);
    } finally {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
    }
  }

  /** Entries and bytes held now. */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private lookup(key: string, generation: number): ApiResponse | undefined {
    if (generation !== this.generation) this.clear(generation);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry);
    return copy(entry.response);
  }

  private store(key: string, answer: Answer, generation: number): void {
    if (generation !== this.generation) this.clear(generation);
    const body = typeof answer.response.body === 'string' ? Buffer.from(answer.response.body) : answer.response.body;
    const response: ApiResponse = { ...answer.response, body };
    const bytes = key.length + (body?.byteLength ?? 0) + JSON.stringify(response.headers ?? {}).length;
    if (bytes > this.limits.bytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    this.entries.set(key, { response, bytes, expiresAt: answer.expiresAt ?? Number.POSITIVE_INFINITY });
    this.bytes += bytes;
    this.stats.stored++;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  private clear(generation: number): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation = generation;
  }

  /** Asked once per generation (a write may have created a view or function that reads the clock). */
  private isVolatile(generation: number): Promise<boolean> {
    // A probe that fails (e.g. the database is shutting down) keeps nothing: never a guess.
    if (this.volatility?.generation !== generation) this.volatility = { generation, result: this.volatile().catch(() => true) };
    return this.volatility.result;
  }
}

/** A fresh response object around the shared body and headers (the gateway replaces body and headers on its copy). */
const copy = (res: ApiResponse): ApiResponse => ({ status: res.status, headers: { ...res.headers }, body: res.body });

/** Functions the answer of a read can change with although no data did. */
const CLOCK_OR_HEADERS =
  String.raw`\m(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|gen_random_uuid|uuid_generate_v4|current_timestamp|current_date|current_time|localtime|localtimestamp)\M|request\.headers`;

/**
 * Whether any view or row-level policy, any function a GET may call (not volatile), or any volatile
 * function a view or policy names, in a schema of this database's own (not pg_catalog or
 * information_schema), mentions the clock, randomness or `request.headers`. Trigger functions are
 * left out: they run on writes, which drop the cache anyway.
 */
export const VOLATILE_SQL = `
  with exprs as (
    select definition as src from pg_catalog.pg_views where schemaname not in ('pg_catalog', 'information_schema')
    union all
    select pg_catalog.pg_get_expr(polqual, polrelid) from pg_catalog.pg_policy where polqual is not null
  ), fns as (
    select p.proname, p.provolatile, p.prosrc from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      and p.prorettype <> 'pg_catalog.trigger'::pg_catalog.regtype
  )
  select exists (select 1 from exprs where src ~* $1)
      or exists (select 1 from fns where prosrc ~* $1
                  and (provolatile <> 'v' or exists (select 1 from exprs where src ~* ('\\m' || fns.proname || '\\M')))) as volatile`;

/**
 * Where views (pg_rewrite), policies and functions are stored, as the highest transaction id that
 * wrote a row of them and the number of rows: on PGlite transactions run one at a time, so creating,
 * replacing or dropping any of them changes this. About 1 ms, against 30–50 ms for VOLATILE_SQL.
 */
const CATALOG_FINGERPRINT_SQL = `select concat_ws(' ',
  (select max(xmin::text::int8) || '/' || count(*) from pg_catalog.pg_proc),
  (select max(xmin::text::int8) || '/' || count(*) from pg_catalog.pg_rewrite),
  (select max(xmin::text::int8) || '/' || count(*) from pg_catalog.pg_policy)) as fingerprint`;

/**
 * Whether answers may change without a write (VOLATILE_SQL), asked of db (a read-only view: the
 * probe must not move the write clock itself). The full scan runs again only when the catalogue's
 * fingerprint changed since the last one.
 */
export function volatilityProbe(db: Queryable): () => Promise<boolean> {
  let last: { fingerprint: string; volatile: boolean } | undefined;
  return async () => {
    const { rows } = await db.query<{ fingerprint: string }>(CATALOG_FINGERPRINT_SQL);
    const fingerprint = rows[0]?.fingerprint ?? '';
    if (last?.fingerprint === fingerprint) return last.volatile;
    const scan = await db.query<{ volatile: boolean }>(VOLATILE_SQL, [CLOCK_OR_HEADERS]);
    last = { fingerprint, volatile: scan.rows[0]?.volatile === true };
    return last.volatile;
  };
}

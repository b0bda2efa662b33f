import { type Database, isPgError, type Queryable, type WriteClock } from '../db/types.ts';
import { readOnlyView } from '../db/writes.ts';
import type { ApiRequest, ApiResponse } from '../http.ts';

/** One computed answer to a read, and whether it may be kept for identical requests. */
export interface Answer<R extends ApiResponse = ApiResponse> {
  response: R;
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

interface Entry<R> {
  response: R;
  bytes: number;
  expiresAt: number;
}

interface Pending<R extends ApiResponse> {
  version: string;
  /** The answer, and whether it may depend on more than the key (then it is not shared either). */
  promise: Promise<{ volatile: boolean; answer: Answer<R> }>;
}

/**
 * How an answer was come by: `hit` from an entry, `shared` with an identical computation in
 * progress, `miss` computed (and kept if it could be), `bypass` computed without looking at the
 * cache (no version could be observed: a write of this process in flight, or the probe failed).
 */
export type Outcome = 'hit' | 'shared' | 'miss' | 'bypass';

/**
 * The state of the data an answer was read at. Two equal `id`s mean the same data; of two versions
 * with different ids, the one with the greater `order` was observed later.
 */
export interface Version {
  id: string;
  order: number;
}

/** Where an AnswerCache learns whether data changed: this process' write clock, or the database's snapshot. */
export interface Versions {
  /**
   * The version of the data now, observed after this call began — or undefined when no answer may
   * be served from memory or kept now (a write of this process is in flight, or the source failed).
   */
  begin(): Version | undefined | Promise<Version | undefined>;
  /** Whether the data is still at v, observed after this call began. */
  still(v: Version): boolean | Promise<boolean>;
}

/**
 * Versions from this process' write clock (PGlite: no other process writes to its data folder). An
 * answer computed while no write was in flight and before the clock moved saw the data of that
 * generation.
 */
export function clockVersions(clock: WriteClock): Versions {
  return {
    begin: () => (clock.writing === 0 ? { id: String(clock.generation), order: clock.generation } : undefined),
    still: (v) => clock.writing === 0 && clock.generation === v.order,
  };
}

/** The snapshot PostgreSQL gives a statement now: xmin:xmax:in-progress transaction ids. */
export const SNAPSHOT_SQL = 'select pg_catalog.pg_current_snapshot()::text as snapshot';

/**
 * Versions from the database's own snapshot (PostgreSQL, which other processes may write to). What a
 * read can see is fixed by its snapshot — xmin, xmax and the transactions in progress — and every
 * transaction that ends changes it: xmax is the latest completed transaction id plus one, and an
 * ending transaction either leaves the in-progress list or moves xmax. A transaction id that starts
 * later is above xmax and can only enter the list by moving xmax. So two equal snapshots bracket a
 * stretch of time in which no transaction ended: every read in between saw the same data,
 * whichever process wrote and whether or not through this server.
 *
 * Probes are shared: a request waits for the next probe that has not been sent yet (so it is
 * observed after the request began), and at most one is in flight. Under load one probe answers a
 * whole batch of requests. A failing probe (e.g. PostgreSQL older than 13, a lost connection) keeps
 * and serves nothing for that request.
 */
export function snapshotVersions(db: Queryable): Versions {
  let order = 0;
  let inFlight: Promise<unknown> = Promise.resolve();
  let next: Promise<Version | undefined> | undefined;
  let unsupported = false;
  const probe = (): Promise<Version | undefined> => {
    if (unsupported) return Promise.resolve(undefined);
    next ??= inFlight.then(async () => {
      next = undefined; // sent from here on: later arrivals wait for the probe after this one
      const sent = db.query<{ snapshot: string }>(SNAPSHOT_SQL);
      inFlight = sent.catch(() => {});
      try {
        const id = (await sent).rows[0]?.snapshot;
        return id ? { id, order: ++order } : undefined;
      } catch (e) {
        // PostgreSQL before 13 has no pg_current_snapshot(): the cache stays off rather than probe in vain.
        if (isPgError(e) && e.code === '42883') unsupported = true;
        return undefined;
      }
    });
    return next;
  };
  return { begin: probe, still: async (v) => (await probe())?.id === v.id };
}

const isPromise = <T>(v: T | Promise<T>): v is Promise<T> => typeof (v as Promise<T> | undefined)?.then === 'function';

/**
 * Answers to reads of /rest/v1, kept while the data they read has not changed (see ADR 0019).
 * Correct by construction: an answer is stored only when the data's version (Versions) was the same
 * when it was observed before the computation began and again after it finished, and it is served
 * only to a request that observes that same version after it arrived; every entry is dropped as soon
 * as a later version differs. Identical reads arriving while one is computed, observing the version
 * it began at, share its answer (the data it read is the data they would). Bounded by entries and
 * bytes, least recently used go.
 * `volatile` says, per version, whether answers may depend on the clock or on request headers
 * beyond the key (views, policies or functions using now() or request.headers): then nothing is kept.
 */
export class AnswerCache<R extends ApiResponse = ApiResponse> {
  private entries = new Map<string, Entry<R>>();
  private pending = new Map<string, Pending<R>>();
  private bytes = 0;
  private version: Version = { id: '', order: Number.NEGATIVE_INFINITY };
  private volatility?: { version: string; result: Promise<boolean> };
  readonly stats = { hits: 0, shared: 0, misses: 0, stored: 0 };

  constructor(
    private readonly versions: Versions,
    private readonly limits: AnswerCacheLimits,
    private readonly volatile: () => Promise<boolean>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer to req: from the cache, shared with an identical read in progress, or computed. */
  async serve(req: ApiRequest, compute: () => Promise<Answer<R>>): Promise<R> {
    return (await this.answer(cacheKey(req), compute)).response;
  }

  /**
   * The answer for key (which must name everything the answer depends on besides the data): from
   * the cache, shared with an identical computation in progress, or computed; and how it was come by.
   */
  async answer(key: string, compute: () => Promise<Answer<R>>): Promise<{ response: R; outcome: Outcome }> {
    const begun = this.versions.begin();
    const version = isPromise(begun) ? await begun.catch(() => undefined) : begun;
    if (!version) {
      this.stats.misses++;
      return { response: (await compute()).response, outcome: 'bypass' };
    }
    const current = this.observe(version);
    const hit = current ? this.lookup(key) : undefined;
    if (hit) {
      this.stats.hits++;
      return { response: hit, outcome: 'hit' };
    }
    const pending = this.pending.get(key);
    if (pending?.version === version.id) {
      const shared = await pending.promise;
      if (!shared.volatile) {
        this.stats.shared++;
        return { response: copy(shared.answer.response), outcome: 'shared' };
      }
    }
    this.stats.misses++;
    const promise = (async () => ({ volatile: await this.isVolatile(version.id), answer: await compute() }))();
    this.pending.set(key, { version: version.id, promise });
    try {
      const { volatile, answer } = await promise;
      if (!volatile && answer.storable) {
        const still = this.versions.still(version);
        if ((isPromise(still) ? await still.catch(() => false) : still) && this.version.id === version.id) this.store(key, answer);
      }
      return { response: copy(answer.response), outcome: 'miss' };
    } finally {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
    }
  }

  /** Entries and bytes held now. */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * Takes note of a version a request observed: a later one with another id drops every entry.
   * Whether the entries held now are of that version (else the request neither reads nor keeps any).
   */
  private observe(v: Version): boolean {
    if (v.id === this.version.id) {
      if (v.order > this.version.order) this.version = v;
      return true;
    }
    if (v.order < this.version.order) return false;
    this.entries.clear();
    this.bytes = 0;
    this.version = v;
    return true;
  }

  private lookup(key: string): R | undefined {
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

  private store(key: string, answer: Answer<R>): void {
    const body = typeof answer.response.body === 'string' ? Buffer.from(answer.response.body) : answer.response.body;
    const response: R = { ...answer.response, body };
    // The body and any other bytes kept beside it (a page's gzipped body), the key and the headers.
    let bytes = key.length + JSON.stringify(response.headers ?? {}).length;
    for (const value of Object.values(response)) if (value instanceof Uint8Array) bytes += value.byteLength;
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

  /** Asked once per version (a write may have created a view or function that reads the clock). */
  private isVolatile(version: string): Promise<boolean> {
    // A probe that fails (e.g. the database is shutting down) keeps nothing: never a guess.
    if (this.volatility?.version !== version) this.volatility = { version, result: this.volatile().catch(() => true) };
    return this.volatility.result;
  }
}

/** A fresh response object around the shared body and headers (the gateway replaces body and headers on its copy). */
const copy = <R extends ApiResponse>(res: R): R => ({ ...res, headers: { ...res.headers } });

/**
 * Functions and relations the answer of a read can change with although no data did: the clock,
 * randomness, request headers, and — since no transaction needs to end for them to move — sequence
 * positions, statistics, locks and transaction-id or session functions.
 */
const CLOCK_OR_HEADERS = String.raw`\m(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|gen_random_uuid|uuid_generate_v4|current_timestamp|current_date|current_time|localtime|localtimestamp|currval|lastval|last_value|pg_sequence_last_value|pg_stat_\w+|pg_statio_\w+|pg_locks|pg_stat_activity|txid_\w+|pg_current_\w+|pg_backend_pid|inet_client_\w+|pg_postmaster_start_time)\M|request\.headers`;

/**
 * Whether any view or row-level policy, any function a GET of anon may call (not volatile, anon may
 * execute it), or any function a view or policy names, in a schema of this database's own (not pg_catalog or
 * information_schema), mentions the clock, randomness or `request.headers`. Trigger functions are
 * left out: they run on writes, which drop the cache anyway.
 */
export const VOLATILE_SQL = `
  with exprs as (
    select definition as src from pg_catalog.pg_views where schemaname not in ('pg_catalog', 'information_schema')
    union all
    select pg_catalog.pg_get_expr(polqual, polrelid) from pg_catalog.pg_policy where polqual is not null
  ), fns as (
    select p.proname, p.provolatile, p.prosrc,
      -- Only anon's answers are kept: a function anon may not call (export_my_data) cannot reach one
      -- by GET /rpc. Without an anon role (a foreign database) every function counts.
      coalesce(pg_catalog.has_function_privilege((select oid from pg_catalog.pg_roles where rolname = 'anon'), p.oid, 'EXECUTE'), true) as anon_may_call
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      and p.prorettype <> 'pg_catalog.trigger'::pg_catalog.regtype
  )
  select exists (select 1 from exprs where src ~* $1)
      or exists (select 1 from fns where prosrc ~* $1
                  and ((provolatile <> 'v' and anon_may_call) or exists (select 1 from exprs where src ~* ('\\m' || fns.proname || '\\M')))) as volatile`;

/**
 * Where views (pg_rewrite), policies and functions are stored, as the number of rows and the sum
 * and highest of the transaction ids that wrote them: creating, replacing or dropping any of them
 * writes or removes a row with its own transaction id, which changes this. About 1 ms, against
 * 30–50 ms for VOLATILE_SQL.
 */
const CATALOG_FINGERPRINT_SQL = `select concat_ws(' ',
  (select count(*) || '/' || sum(xmin::text::int8) || '/' || max(xmin::text::int8) from pg_catalog.pg_proc),
  (select count(*) || '/' || sum(xmin::text::int8) || '/' || max(xmin::text::int8) from pg_catalog.pg_rewrite),
  (select count(*) || '/' || sum(xmin::text::int8) || '/' || max(xmin::text::int8) from pg_catalog.pg_policy)) as fingerprint`;

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

/** Where caches of this database learn whether data changed, and whether answers may change without a write. */
export interface Freshness {
  versions: Versions;
  /** Whether a read's answer may change although no data did (volatilityProbe): then nothing is kept. */
  volatile: () => Promise<boolean>;
}

const freshnessOfDb = new WeakMap<Database, Freshness>();

/**
 * The one source of versions and volatility for every cache in front of db (the REST answer cache,
 * the page cache of server/web.ts), made once per database so their probes are shared: on PGlite the
 * write clock (the data folder is this process' alone), on PostgreSQL the database's snapshot (anyone
 * may write to it). Probes run in read-only transactions: they must not move the write clock.
 */
export function dataFreshness(db: Database): Freshness {
  let freshness = freshnessOfDb.get(db);
  if (!freshness) {
    const reads = readOnlyView(db);
    freshness = { versions: db.kind === 'pglite' ? clockVersions(db.writes) : snapshotVersions(reads), volatile: volatilityProbe(reads) };
    freshnessOfDb.set(db, freshness);
  }
  return freshness;
}

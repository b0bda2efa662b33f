import type { Database } from '../db/types.ts';
import { tooManyRequests } from './errors.ts';

/** GoTrue's 429 for a client over one of the limits below. */
export const overRequestRateLimit = () => tooManyRequests('over_request_rate_limit', 'Request rate limit reached');

/** A fixed budget of requests per client (key) per sliding window. */
export interface Limiter {
  /**
   * Records a request and returns its number in the window (1 … limit), or 0 when the client has
   * used up its budget (nothing recorded). With the limit 0 (disabled) every request is number 1.
   */
  take(key: string): Promise<number>;
  /** Gives back the newest request of the key (one that turned out not to count, e.g. a right password). */
  release(key: string): Promise<void>;
  /** Forgets every request of the key (a new nonce was mailed). */
  reset(key: string): Promise<void>;
}

/**
 * The limit counted in the database (private.auth_rate_limits, ADR 0033), so every instance on one
 * database shares one budget: N instances give what one gives. A take is one round trip, atomic by
 * its row's lock. Rows whose window has passed are swept at most once per window per process.
 */
export class DatabaseRateLimiter implements Limiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async take(key: string): Promise<number> {
    if (this.limit <= 0) return 1;
    await this.sweep();
    const { rows } = await this.db.query<{ n: number }>('select private.take_auth_rate_limit($1, $2, $3, $4) as n', [this.name, key, this.limit, Math.round(this.windowMs)]);
    return Number(rows[0]?.n ?? 0);
  }

  async release(key: string): Promise<void> {
    if (this.limit <= 0) return;
    await this.db.query('select private.release_auth_rate_limit($1, $2)', [this.name, key]);
  }

  async reset(key: string): Promise<void> {
    if (this.limit <= 0) return;
    await this.db.query('delete from private.auth_rate_limits where name = $1 and key = $2', [this.name, key]);
  }

  private async sweep(): Promise<void> {
    const at = Date.now();
    if (at - this.lastSweep < this.windowMs) return;
    this.lastSweep = at;
    await this.db.query('delete from private.auth_rate_limits where name = $1 and expires_at < now()', [this.name]);
  }
}

/**
 * The same limit kept in this process' memory: only for a renderer built without a database
 * (unit tests). Each key remembers only the request times still inside the window.
 */
export class RateLimiter implements Limiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async take(key: string): Promise<number> {
    if (this.limit <= 0) return 1;
    const at = this.clock();
    this.sweep(at);
    const recent = (this.hits.get(key) ?? []).filter((t) => t > at - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return 0;
    }
    recent.push(at);
    this.hits.set(key, recent);
    return recent.length;
  }

  async release(key: string): Promise<void> {
    const times = this.hits.get(key);
    if (!times || times.length === 0) return;
    times.pop();
    if (times.length === 0) this.hits.delete(key);
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  private sweep(at: number): void {
    if (at - this.lastSweep < this.windowMs) return;
    this.lastSweep = at;
    for (const [key, times] of this.hits) {
      if (times.every((t) => t <= at - this.windowMs)) this.hits.delete(key);
    }
  }
}

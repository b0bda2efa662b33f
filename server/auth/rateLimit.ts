import { tooManyRequests } from './errors.ts';

/** GoTrue's 429 for a client over one of the limits below. */
export const overRequestRateLimit = () => tooManyRequests('over_request_rate_limit', 'Request rate limit reached');

/**
 * A fixed budget of requests per client per window, kept in memory (one process serves one shop).
 * Each key remembers only the request times still inside the window.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Records a request; false when the client has used up its budget (0 disables the limit). */
  take(key: string, at = Date.now()): boolean {
    if (this.limit <= 0) return true;
    this.sweep(at);
    const recent = (this.hits.get(key) ?? []).filter((t) => t > at - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(at);
    this.hits.set(key, recent);
    return true;
  }

  /** Gives back the newest request of the key (one that turned out not to count, e.g. a right password). */
  release(key: string): void {
    const times = this.hits.get(key);
    if (!times || times.length === 0) return;
    times.pop();
    if (times.length === 0) this.hits.delete(key);
  }

  private sweep(at: number): void {
    if (at - this.lastSweep < this.windowMs) return;
    this.lastSweep = at;
    for (const [key, times] of this.hits) {
      if (times.every((t) => t <= at - this.windowMs)) this.hits.delete(key);
    }
  }
}

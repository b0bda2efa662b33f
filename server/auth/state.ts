import type { Config } from '../config.ts';
import type { Mailer } from '../context.ts';
import type { Database } from '../db/types.ts';
import { RateLimiter } from './rateLimit.ts';

/** What every auth handler works with: settings, the database, the outbox and the limiters. */
export interface AuthState {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** How long a rotated refresh token may still be presented (GoTrue's REFRESH_TOKEN_REUSE_INTERVAL). */
  reuseIntervalMs: number;
  limits: { signIn: RateLimiter; signUp: RateLimiter; email: RateLimiter; anonymous: RateLimiter };
}

export function createAuthState(config: Config, db: Database, mailer: Mailer, reuseIntervalMs: number): AuthState {
  const { signIn, signUp, recover, windowMs } = config.rateLimits;
  return {
    config,
    db,
    mailer,
    reuseIntervalMs,
    limits: {
      signIn: new RateLimiter(signIn, windowMs),
      signUp: new RateLimiter(signUp, windowMs),
      email: new RateLimiter(recover, windowMs),
      anonymous: new RateLimiter(config.anonymousRateLimit, 60 * 60_000),
    },
  };
}

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
  /** mfaChallenge and mfaVerify are keyed by factor id, so guessing a factor's codes is slow from any number of addresses. */
  limits: {
    signIn: RateLimiter;
    /** Failed password sign-ins per e-mail address, from any number of client addresses. */
    signInAccount: RateLimiter;
    signUp: RateLimiter;
    email: RateLimiter;
    anonymous: RateLimiter;
    mfaChallenge: RateLimiter;
    mfaVerify: RateLimiter;
  };
  /** Wrong reauthentication nonces presented per user since the last one was mailed. */
  nonceAttempts: Map<string, number>;
}

/** GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY default: 15 a minute (GoTrue counts per address, this server per factor). */
const MFA_REQUESTS_PER_MINUTE = 15;

export function createAuthState(config: Config, db: Database, mailer: Mailer, reuseIntervalMs: number): AuthState {
  const { signIn, signUp, recover, windowMs } = config.rateLimits;
  return {
    config,
    db,
    mailer,
    reuseIntervalMs,
    limits: {
      signIn: new RateLimiter(signIn, windowMs),
      signInAccount: new RateLimiter(config.signInPerAccountRateLimit, windowMs),
      signUp: new RateLimiter(signUp, windowMs),
      email: new RateLimiter(recover, windowMs),
      anonymous: new RateLimiter(config.anonymousRateLimit, 60 * 60_000),
      mfaChallenge: new RateLimiter(MFA_REQUESTS_PER_MINUTE, 60_000),
      mfaVerify: new RateLimiter(MFA_REQUESTS_PER_MINUTE, 60_000),
    },
    nonceAttempts: new Map(),
  };
}

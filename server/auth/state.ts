import type { Config } from '../config.ts';
import type { Mailer } from '../context.ts';
import type { Database } from '../db/types.ts';
import { attachKeyStore } from './keys.ts';
import { LINK_LIFETIME_MS } from './linkTokens.ts';
import { DatabaseRateLimiter, type Limiter } from './rateLimit.ts';
import { NONCE_ATTEMPTS } from './reauthenticate.ts';

/**
 * What every auth handler works with: settings, the database, the outbox and the limiters. The
 * limits are counted in the database (ADR 0033), so instances sharing it share one budget.
 */
export interface AuthState {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** How long a rotated refresh token may still be presented (GoTrue's REFRESH_TOKEN_REUSE_INTERVAL). */
  reuseIntervalMs: number;
  /** mfaChallenge and mfaVerify are keyed by factor id, so guessing a factor's codes is slow from any number of addresses. */
  limits: {
    signIn: Limiter;
    /** Failed password sign-ins per e-mail address, from any number of client addresses. */
    signInAccount: Limiter;
    signUp: Limiter;
    email: Limiter;
    anonymous: Limiter;
    mfaChallenge: Limiter;
    mfaVerify: Limiter;
  };
  /** Wrong reauthentication nonces presented per user since the last one was mailed. */
  nonceAttempts: Limiter;
}

/** GoTrue's MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY default: 15 a minute (GoTrue counts per address, this server per factor). */
const MFA_REQUESTS_PER_MINUTE = 15;

export function createAuthState(config: Config, db: Database, mailer: Mailer, reuseIntervalMs: number): AuthState {
  const { signIn, signUp, recover, windowMs } = config.rateLimits;
  // The keys are read from (or made in) this database unless JWT_SIGNING_KEYS is configured.
  attachKeyStore(config, db);
  const limiter = (name: string, limit: number, window: number) => new DatabaseRateLimiter(db, name, limit, window);
  return {
    config,
    db,
    mailer,
    reuseIntervalMs,
    limits: {
      signIn: limiter('sign_in', signIn, windowMs),
      signInAccount: limiter('sign_in_account', config.signInPerAccountRateLimit, windowMs),
      signUp: limiter('sign_up', signUp, windowMs),
      email: limiter('email', recover, windowMs),
      anonymous: limiter('anonymous', config.anonymousRateLimit, 60 * 60_000),
      mfaChallenge: limiter('mfa_challenge', MFA_REQUESTS_PER_MINUTE, 60_000),
      mfaVerify: limiter('mfa_verify', MFA_REQUESTS_PER_MINUTE, 60_000),
    },
    nonceAttempts: limiter('reauthentication_nonce', NONCE_ATTEMPTS, LINK_LIFETIME_MS),
  };
}

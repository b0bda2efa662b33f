import { randomInt } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { reauthenticationMail } from '../mail/templates.ts';
import { authenticate } from './bearer.ts';
import { now } from './clock.ts';
import { badRequest, tooManyRequests, unprocessable, versionHeaders } from './errors.ts';
import { checkRecipient } from './recipient.ts';
import type { AuthState } from './state.ts';
import { hashToken } from './randomTokens.ts';
import type { UserRow } from './users.ts';
import { LINK_LIFETIME_MS } from './linkTokens.ts';
import type { Limiter } from './rateLimit.ts';

/** One nonce mail a minute per user (GoTrue's SMTP_MAX_FREQUENCY default). */
const MAX_FREQUENCY_MS = 60_000;
/** A session signed in this recently changes its password without a nonce (GoTrue's 24 hours). */
const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000;
const NONCE_DIGITS = 6;
/** Wrong nonces a user may present before the mailed one is void. */
export const NONCE_ATTEMPTS = 5;

/** What the database keeps of a nonce: a hash bound to its user, so a leak opens nothing. */
const nonceHash = (userId: string, nonce: string) => hashToken(`${userId}:${nonce}`);

/**
 * GET /reauthenticate: mails the signed-in user a six-digit nonce that a password change presents
 * as `nonce` (GoTrue's Reauthenticate). Needs a confirmed email; at most one mail a minute. An
 * address the mailer refuses (MAILER_EMAIL_VALIDATION_EXTENDED) is refused after that limit, as in
 * GoTrue, and the nonce stored for it is rolled back.
 */
export async function reauthenticate(state: AuthState, req: ApiRequest): Promise<ApiResponse> {
  const { user } = await authenticate(req, state.config, state.db);
  if (!user.email) throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  const nonce = String(randomInt(10 ** NONCE_DIGITS)).padStart(NONCE_DIGITS, '0');
  const at = now();
  const email = user.email;
  await state.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ sent_at: Date | string | null; stored: boolean }>(
      `with stored as (
         update auth.users set reauthentication_token = $2, reauthentication_sent_at = $3
          where id = $1 and (reauthentication_sent_at is null or reauthentication_sent_at <= $4) returning id)
       select u.reauthentication_sent_at as sent_at, exists (select 1 from stored) as stored from auth.users u where u.id = $1`,
      [user.id, nonceHash(user.id, nonce), at, new Date(at.getTime() - MAX_FREQUENCY_MS)],
    );
    if (!rows[0]?.stored) throw tooFrequent(rows[0]?.sent_at ?? at, at);
    checkRecipient(state.config, email);
  });
  await state.nonceAttempts.reset(user.id);
  await state.mailer.send(reauthenticationMail(email, nonce));
  return json(200, {}, versionHeaders(req));
}

/** GoTrue's 429 for a second mail within the minute, saying how many seconds are left. */
function tooFrequent(sentAt: Date | string, at: Date) {
  const left = Math.max(1, Math.ceil((new Date(sentAt).getTime() + MAX_FREQUENCY_MS - at.getTime()) / 1000));
  return tooManyRequests('over_email_send_rate_limit', `For security purposes, you can only request this after ${left} seconds.`);
}

/**
 * Under SECURE_PASSWORD_CHANGE a password change in a session older than 24 hours (or without a
 * session) must present the mailed nonce, which is spent by it: GoTrue's reauthentication_needed
 * (400) without one, reauthentication_not_valid (422) for a wrong, used or expired one. A
 * six-digit nonce is guessable: after NONCE_ATTEMPTS wrong ones it is void (the count and the void
 * nonce both live in the database, so every instance counts together) and only a newly mailed one works.
 */
export async function confirmReauthentication(
  db: Queryable,
  config: Config,
  attempts: Limiter,
  user: UserRow,
  sessionId: string | undefined,
  nonce: string | undefined,
): Promise<void> {
  if (!config.securePasswordChange) return;
  const at = now();
  if (sessionId) {
    const { rows } = await db.query('select 1 from auth.sessions where id::text = $1 and created_at > $2', [sessionId, new Date(at.getTime() - RECENT_SIGN_IN_MS)]);
    if (rows.length > 0) return;
  }
  if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  // Counted before the database is asked, so parallel guesses cannot share one attempt.
  const attempt = await attempts.take(user.id);
  if (attempt === 0) throw nonceNotValid();
  const { rows } = await db.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null
      where id = $1 and reauthentication_token = $2 and reauthentication_sent_at > $3 returning id`,
    [user.id, nonceHash(user.id, nonce), new Date(at.getTime() - LINK_LIFETIME_MS)],
  );
  if (rows.length > 0) {
    await attempts.reset(user.id);
    return;
  }
  if (attempt === NONCE_ATTEMPTS) await db.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [user.id]);
  throw nonceNotValid();
}

const nonceNotValid = () => unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');

import type { Config } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import { now } from './clock.ts';
import { createFlowState, PKCE_PREFIX, type FlowMethod, type PkceChallenge } from './flowState.ts';
import type { AuthMethod } from './sessions.ts';
import { hashToken, randomToken } from './randomTokens.ts';
import { deleteUserSessions } from './sessions.ts';
import { findUserByEmail, findUserById, findUserByTokenHash, isConfirmed, makePermanent, type UserRow } from './users.ts';

/** The emailed link types GoTrue verifies (`email` is the generic OTP type: signup or magic link). */
export const LINK_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'] as const;
export type LinkType = (typeof LINK_TYPES)[number];
export const isLinkType = (value: string): value is LinkType => (LINK_TYPES as readonly string[]).includes(value);

/** Links work once, for 24 hours (GoTrue's MAILER_OTP_EXP default). */
export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

type TokenColumn = 'confirmation_token' | 'recovery_token' | 'email_change_token_new';

const STORAGE: Record<Exclude<LinkType, 'email'>, { token: TokenColumn; sentAt: keyof UserRow & string }> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
};

/** The flow a followed link of each type redeems (GoTrue's authentication method for it). */
export const FLOW_METHOD: Record<Exclude<LinkType, 'email'>, FlowMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

/** The link type whose PKCE flow has this method (undefined for flows no link starts). */
export function linkTypeOfFlow(method: string): Exclude<LinkType, 'email'> | undefined {
  return (Object.keys(FLOW_METHOD) as Exclude<LinkType, 'email'>[]).find((type) => FLOW_METHOD[type] === method);
}

/** How a session started by a followed link of each type was authenticated (its amr method), in either flow. */
export const SESSION_METHOD: Record<Exclude<LinkType, 'email'>, AuthMethod> = {
  signup: 'otp',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
};

/**
 * Creates a fresh single-use token of `type` for the user (replacing any earlier one) and returns it.
 * With a PKCE challenge the flow state is stored too and the token carries GoTrue's `pkce_` prefix.
 */
export async function issueLinkToken(db: Queryable, userId: string, type: Exclude<LinkType, 'email'>, newEmail?: string, pkce?: PkceChallenge): Promise<string> {
  if (pkce) await createFlowState(db, userId, pkce, FLOW_METHOD[type], LINK_LIFETIME_MS);
  const token = pkce ? `${PKCE_PREFIX}${randomToken()}` : randomToken();
  const { token: column, sentAt } = STORAGE[type];
  const at = now();
  if (type === 'email_change') {
    await db.query('update auth.users set email_change_token_new = $2, email_change = $3, email_change_sent_at = $4, updated_at = $4 where id = $1', [
      userId,
      hashToken(token),
      newEmail,
      at,
    ]);
  } else {
    await db.query(`update auth.users set ${column} = $2, ${sentAt} = $3, updated_at = $3 where id = $1`, [userId, hashToken(token), at]);
  }
  return token;
}

export function verifyLink(config: Config, token: string, type: Exclude<LinkType, 'email'>, redirectTo: string): string {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${config.apiUrl}/auth/v1/verify?${query}`;
}

export type VerifyFailure = 'invalid' | 'email_exists';

async function findByLink(db: Queryable, type: LinkType, token: string): Promise<{ user: UserRow; type: Exclude<LinkType, 'email'> } | undefined> {
  const candidates: Exclude<LinkType, 'email'>[] = type === 'email' ? ['signup', 'magiclink'] : [type];
  for (const candidate of candidates) {
    const user = await findUserByTokenHash(db, STORAGE[candidate].token, hashToken(token));
    if (user) return { user, type: candidate };
  }
  return undefined;
}

/**
 * The address is proven for the first time: whoever held the account before (an anonymous session,
 * anything issued while it was unconfirmed) is signed out, and a password set before now survives
 * only if this link is the one mailed with it. A sign-up keeps its pending password with its
 * confirmation token (a re-sign-up replaces both, a resend or magic link voids it), an invite's is
 * the admin's, an anonymous user's the one its own session chose with the e-mail; a recovery or
 * magic link never proves that password, so it is dropped (the link's session can set a new one).
 */
async function firstConfirmation(db: Queryable, userId: string, type: Exclude<LinkType, 'email'>): Promise<void> {
  await deleteUserSessions(db, userId);
  if (type === 'recovery' || type === 'magiclink') await db.query('update auth.users set encrypted_password = null where id = $1', [userId]);
}

/**
 * Spends a link token: finds its user, checks it is fresh (and for the given email, when one is
 * named), applies what the link confirms, and clears the token. Run inside a transaction.
 */
export async function consumeLinkToken(
  db: Queryable,
  type: LinkType,
  token: string,
  email?: string,
): Promise<{ ok: true; user: UserRow; type: Exclude<LinkType, 'email'> } | { ok: false; failure: VerifyFailure }> {
  if (token === '') return { ok: false, failure: 'invalid' };
  const found = await findByLink(db, type, token);
  if (!found) return { ok: false, failure: 'invalid' };
  const { user } = found;
  const sentAt = user[STORAGE[found.type].sentAt] as string | null;
  if (!sentAt || new Date(sentAt).getTime() + LINK_LIFETIME_MS < now().getTime()) return { ok: false, failure: 'invalid' };
  if (email !== undefined) {
    const named = email.toLowerCase();
    if (named !== user.email?.toLowerCase() && named !== user.email_change?.toLowerCase()) return { ok: false, failure: 'invalid' };
  }

  const at = now();
  if (!isConfirmed(user)) await firstConfirmation(db, user.id, found.type);
  if (found.type === 'email_change') {
    const newEmail = user.email_change;
    if (!newEmail) return { ok: false, failure: 'invalid' };
    const holder = await findUserByEmail(db, newEmail);
    if (holder && holder.id !== user.id) return { ok: false, failure: 'email_exists' };
    await db.query(
      `update auth.users set email = $2, email_change = '', email_change_token_new = '',
         email_confirmed_at = coalesce(email_confirmed_at, $3), updated_at = $3 where id = $1`,
      [user.id, newEmail, at],
    );
    await makePermanent(db, user.id);
  } else {
    const { token: column } = STORAGE[found.type];
    await db.query(`update auth.users set ${column} = '', email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2 where id = $1`, [user.id, at]);
  }
  await db.query(
    `update auth.identities
        set identity_data = identity_data || jsonb_build_object('email', u.email, 'email_verified', true), updated_at = $2
       from auth.users u where u.id = $1 and identities.user_id = u.id and identities.provider = 'email'`,
    [user.id, at],
  );
  const updated = await findUserById(db, user.id);
  if (!updated) return { ok: false, failure: 'invalid' };
  return { ok: true, user: updated, type: found.type };
}
